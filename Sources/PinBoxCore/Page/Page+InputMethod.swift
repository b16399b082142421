// SPDX-License-Identifier: MIT
// The desktop's input method, for the entries that hold no secret (`PageField.holdsNoSecret`):
// what it composed is typed there, what it is composing drawn there. A passphrase's or a PIN's
// keys never reach it (the window gives it the keys only for `inputMethodEntry`), and text it
// sends while one has the focus is not typed.

extension Page {
    /// The entry the input method may type into: the focused one, when it holds no secret and
    /// has a caret, and no menu is open (whose keys are the menu's). Nil: the method gets no key.
    public var inputMethodEntry: Int? {
        guard menu == nil, let i = focusedField, fields[i].holdsNoSecret, fields[i].hasCaret else { return nil }
        return i
    }

    /// Where the method shows its candidates (a Chinese word's characters to choose from): under
    /// the caret of `inputMethodEntry`, in the window's pixels, as GTK tells it the caret's place;
    /// under the clause it converts, where it marks one (a Japanese name's second word's
    /// candidates under that word).
    public var inputMethodSpot: Point? {
        guard let i = inputMethodEntry, i < geometry.fields.count else { return nil }
        let box = geometry.fields[i]
        return Point(x: (box.x + (caretOffset(in: i) ?? 0) + markedClauseOffset(in: i)).rounded(), y: box.maxY.rounded())
    }

    /// The method's text, typed as if each character were typed, into `inputMethodEntry` only.
    func typeComposed(_ text: String, now: Double, into effects: inout [PageEffect]) {
        guard let i = inputMethodEntry else { return }
        preedit = nil
        type(text, into: i, now: now, into: &effects)
    }

    /// What the method is composing now, in `inputMethodEntry`; none elsewhere.
    func follow(preedit composed: Preedit) {
        guard let i = inputMethodEntry, !composed.text.isEmpty else {
            preedit = nil
            return
        }
        preedit = (i, composed)
    }

    /// When the entry being composed in loses the keys (a click on another, the window's focus
    /// gone), what it showed is typed there, as an input method commits its text on focus out:
    /// the window destroys the method's context then, and the method's own copy goes with it.
    func keepPreedit(now: Double, into effects: inout [PageEffect]) {
        guard let (i, composed) = preedit, inputMethodEntry != i || !windowFocused else { return }
        preedit = nil
        type(composed.text, into: i, now: now, into: &effects)
    }
}
