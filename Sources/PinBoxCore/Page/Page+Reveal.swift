// SPDX-License-Identifier: MIT
// Show/Hide for a hidden entry.

extension Page {
    /// Whether the page is asking "Do you really want to make your passphrase visible?".
    public var isAskingReveal: Bool { buttonsBeforeQuestion != nil }

    /// The Show/Hide button, and the answers to its question. Showing asks first when the
    /// caller gave a question (gpg-agent's `default-cf-visi`); the focus then starts on No, so
    /// a Return typed in passing shows nothing. Hiding never asks.
    func pressReveal(_ role: PageButton.Role, now: Double, into effects: inout [PageEffect]) {
        guard let reveal else { return }
        switch role {
        case .reveal where revealed:
            setRevealed(false)
        case .reveal:
            guard reveal.question != nil else { return setRevealed(true) }
            buttonsBeforeQuestion = content.buttons
            content.buttons = [PageButton(.revealNo, label: reveal.noLabel),
                               PageButton(.revealYes, label: reveal.yesLabel)]
            // The message line asks the question: it takes its room now.
            relayout()
            focus = fields.count
            effects.append(.report(.focus(focusName)))
        case .revealYes, .revealNo:
            guard let before = buttonsBeforeQuestion else { return }
            content.buttons = before
            buttonsBeforeQuestion = nil
            setRevealed(role == .revealYes)
            setFocus(0, into: &effects)
        default:
            break
        }
    }

    /// Shows or hides the characters of every hidden entry, and names the button for what it
    /// will do next.
    func setRevealed(_ shown: Bool) {
        guard let reveal else { return }
        revealed = shown
        for i in fields.indices { fields[i].revealed = shown }
        if let b = content.buttons.firstIndex(where: { $0.role == .reveal }) {
            let others = content.buttons.enumerated().filter { $0.offset != b }.map { $0.element }
            content.buttons[b] = reveal.button(showing: !shown, avoiding: others)
        }
        relayout()
    }

    /// A key that types while the question is asked answers it with No, then types.
    func leaveRevealQuestion(now: Double, into effects: inout [PageEffect]) {
        if isAskingReveal { pressReveal(.revealNo, now: now, into: &effects) }
    }

    /// The question the message line asks now, if any.
    var revealQuestion: String? { isAskingReveal ? reveal?.question : nil }
}
