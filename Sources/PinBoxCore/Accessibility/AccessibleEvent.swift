// SPDX-License-Identifier: MIT
/// What a screen reader is told when the page changes: the signals ATK sends, decided here
/// from two trees so that the rules are tested without a bus. The plug-in emits each as it is.
public enum AccessibleEvent: Equatable, Sendable {
    /// Object `id` took the keyboard focus (AT-SPI's `focus:` and its focused state).
    case focus(Int32)
    /// One state of object `id` turned on or off.
    case state(Int32, AccessibleStates, Bool)
    case name(Int32)
    case description(Int32)
    /// Object `id`'s text lost `removed` characters at `at`, then gained `inserted` there. The
    /// characters themselves are read from its text, which for a hidden entry is bullets.
    case text(Int32, at: Int, removed: Int, inserted: Int)
    /// An entry's caret moved with its text unchanged (an arrow, Home, End).
    case caret(Int32)
    /// An entry's selected characters changed (Shift and an arrow, Ctrl+A, or typing over them).
    case selection(Int32)
    case value(Int32)
    /// Said at once, interrupting: the error line that appeared (`object:announcement`, which
    /// Orca 43 does not hear: the line's showing, a notification's, is what it speaks).
    case announce(String)
    /// The window became the active one (AtkWindow's activate) or stopped being it.
    case activate(Bool)
}

extension AccessibleTree {
    /// The events that take a screen reader from `old` (nil: nothing shown yet) to this tree.
    /// A new window announces its error line, if it has one (pinentry's second try opens with
    /// "Bad passphrase"), and shows it again, and its focus if the window is active. A window
    /// rebuilt (other buttons) says only the notices that are new.
    public func changes(from old: AccessibleTree?) -> [AccessibleEvent] {
        guard let old, old.nodes.map({ $0.id }) == nodes.map({ $0.id }) else {
            var events: [AccessibleEvent] = []
            if window.states.contains(.active) { events.append(.activate(true)) }
            // The lines already shown said with the dialog, before the focus lands; on a rebuild
            // only those the user has not heard yet, or Orca says them again, the whole dialog
            // with each, though nothing new was said.
            for id in Self.notices {
                guard let line = node(id), !line.name.isEmpty, old.map({ isNew(id, since: $0, rebuilt: true) }) ?? true
                else { continue }
                events += [.announce(line.name), .state(id, .showing, true)]
            }
            if let focused { events.append(.focus(focused)) }
            return events
        }
        var events: [AccessibleEvent] = []
        if old.window.states.contains(.active) != window.states.contains(.active) {
            events.append(.activate(window.states.contains(.active)))
        }
        for (before, after) in zip(old.nodes, nodes) {
            if before.name != after.name { events.append(.name(after.id)) }
            if before.description != after.description { events.append(.description(after.id)) }
            if before.textOffset != after.textOffset {
                events += Self.scroll(after.id, from: (before.textOffset, before.text?.unicodeScalars.count ?? 0),
                                      to: (after.textOffset, after.text?.unicodeScalars.count ?? 0))
            } else if let text = Self.textChange(before.text ?? "", after.text ?? "") {
                events.append(.text(after.id, at: text.at, removed: text.removed, inserted: text.inserted))
            } else if before.caret != after.caret {
                events.append(.caret(after.id))
            }
            if before.selection != after.selection { events.append(.selection(after.id)) }
            if before.value != after.value { events.append(.value(after.id)) }
            for state in AccessibleStates.each where state != .focused {
                let was = before.states.contains(state), now = after.states.contains(state)
                if was != now { events.append(.state(after.id, state, now)) }
            }
        }
        // A new error, or Caps Lock turned on while typing a secret: said at once. A line that
        // was showing other words, or the same error raised again, shows again, for a reader that
        // speaks it only as it shows.
        for id in Self.notices {
            guard let line = node(id), let before = old.node(id), isNew(id, since: old, rebuilt: false) else { continue }
            events.append(.announce(line.name))
            if before.states.contains(.showing) { events += [.state(id, .showing, false), .state(id, .showing, true)] }
        }
        // The focus last, once the object it lands on says what it holds.
        if old.focused != focused {
            if let lost = old.focused { events.append(.state(lost, .focused, false)) }
            if let focused { events.append(.focus(focused)) }
        }
        return events
    }

    /// Whether notice `id` says something `old` did not. Caps Lock's line: other words. The
    /// error line: an error raised (the page's count moved, the same words too), or, in a
    /// rebuilt window, other words (the question before a passphrase is shown). Words alone do
    /// not make it new in the same window: a refused key's reason that ends gives the line back
    /// to the caller's error, which was heard already.
    private func isNew(_ id: Int32, since old: AccessibleTree, rebuilt: Bool) -> Bool {
        guard let line = node(id), !line.name.isEmpty else { return false }
        let otherWords = old.node(id)?.name != line.name
        guard id == ID.error else { return otherWords }
        return old.raised != raised || (rebuilt && otherWords)
    }

    /// A hidden row that scrolled, its dots a window (`offset`, `count`) on the characters
    /// typed: the dots that left and came at its start, then at its end. A key typed past the
    /// row's end scrolls it without changing its count of dots, and was heard as nothing: now
    /// as a dot gone at the start and one come at the end, as the row shows it.
    private static func scroll(_ id: Int32, from old: (offset: Int, count: Int), to new: (offset: Int, count: Int))
        -> [AccessibleEvent] {
        let oldEnd = old.offset + old.count, newEnd = new.offset + new.count
        let leftStart = max(0, min(new.offset, oldEnd) - old.offset)
        let cameStart = max(0, min(old.offset, newEnd) - new.offset)
        let leftEnd = max(0, oldEnd - max(newEnd, old.offset + leftStart))
        let cameEnd = max(0, newEnd - max(oldEnd, new.offset + cameStart))
        var events: [AccessibleEvent] = []
        if leftStart > 0 || cameStart > 0 { events.append(.text(id, at: 0, removed: leftStart, inserted: cameStart)) }
        let length = old.count - leftStart + cameStart
        if leftEnd > 0 || cameEnd > 0 { events.append(.text(id, at: length - leftEnd, removed: leftEnd, inserted: cameEnd)) }
        return events
    }

    /// Whether two texts are the same to the bus, scalar for scalar, as it counts characters:
    /// Swift's `==` finds é and e with its accent equal.
    public static func sameText(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    /// The one run of characters that changed between two texts, counted in characters as
    /// AT-SPI counts them, Unicode scalars: a tone mark typed after its letter is one inserted,
    /// not the letter taken away and another put in.
    private static func textChange(_ a: String, _ b: String) -> (at: Int, removed: Int, inserted: Int)? {
        guard !sameText(a, b) else { return nil }
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        var head = 0
        while head < x.count, head < y.count, x[head] == y[head] { head += 1 }
        var tail = 0
        while tail < x.count - head, tail < y.count - head, x[x.count - 1 - tail] == y[y.count - 1 - tail] { tail += 1 }
        return (head, x.count - head - tail, y.count - head - tail)
    }
}
