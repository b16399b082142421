// SPDX-License-Identifier: MIT
// The page a prompt becomes when the keyboard is not ours (another program holds it).

extension Page {
    /// Another program holds the keyboard. A prompt says so in words, wipes and drops its
    /// entries (keys typed now would go to that program) and ends after a while or when closed,
    /// with `keyboardUnavailable` (exit 3), unless the keyboard comes back first
    /// (`takeKeyboardBack`). A page that is not a dialog ends at once.
    /// `heldByPinBox`: the holder is known to be another PinBox window, and the notice says so.
    func refuseKeyboard(now: Double, heldByPinBox: Bool = false, into effects: inout [PageEffect]) {
        guard outcome == nil, keyboardRefusedAt == nil else { return }
        guard isDialog else { return finish(.keyboardUnavailable, into: &effects) }
        // A notice that reads no key (ssh's "touch your security key") has nothing a key could
        // give away: it stays, and says what it waits for.
        guard !fields.isEmpty || !content.buttons.isEmpty else { return }
        wipe()
        for f in fields { _ = f.field.clear() }
        numberRowEntry = nil
        // The prompt as it opened, to come back to: no question about showing, nothing shown.
        if let before = buttonsBeforeQuestion { content.buttons = before }
        buttonsBeforeQuestion = nil
        if revealed { setRevealed(false) }
        promptBeforeRefusal = (content, fields)
        fields = []
        var notice = PageContent(title: KeyboardRefusal.heading,
                                 description: heldByPinBox ? KeyboardRefusal.pinBoxExplanation : KeyboardRefusal.explanation,
                                 buttons: [PageButton(.ok, label: KeyboardRefusal.closeLabel)])
        notice.defaultButton = .ok
        content = notice
        keyboardRefusedAt = now
        focus = 0
        relayout()
        effects.append(.report(.focus(focusName)))
    }

    /// The other program let the keyboard go while the notice was up (a menu closed, a
    /// window switcher let go): the prompt comes back, its entries empty, as if just opened:
    /// the focus where it starts (a question's default button), its timeout and its arming
    /// delay counting from now, so a key the user meant for that program answers nothing.
    func takeKeyboardBack(now: Double, into effects: inout [PageEffect]) {
        guard outcome == nil, keyboardRefusedAt != nil, let prompt = promptBeforeRefusal else { return }
        content = prompt.content
        fields = prompt.fields
        promptBeforeRefusal = nil
        // The keyboard's line as the keyboard is now (Caps Lock may have changed meanwhile).
        showKeyboard(keyboard)
        keyboardRefusedAt = nil
        lastActivity = now
        if shownAt != nil { shownAt = now }
        focus = openingFocus
        relayout()
        effects.append(.report(.focus(focusName)))
    }
}
