// SPDX-License-Identifier: MIT
// The page a prompt becomes when the keyboard is not ours (another program holds it).

extension Page {
    /// Another program holds the keyboard. A prompt says so in words, wipes and drops its
    /// entries (keys typed now would go to that program) and ends after a while or when closed,
    /// with `keyboardUnavailable` (exit 3). A page that is not a dialog ends at once.
    func refuseKeyboard(now: Double, into effects: inout [PageEffect]) {
        guard outcome == nil, keyboardRefusedAt == nil else { return }
        guard isDialog else { return finish(.keyboardUnavailable, into: &effects) }
        wipe()
        fields = []
        buttonsBeforeQuestion = nil
        var notice = PageContent(title: KeyboardRefusal.heading, description: KeyboardRefusal.explanation,
                                 buttons: [PageButton(.ok, label: KeyboardRefusal.closeLabel)])
        notice.defaultButton = .ok
        content = notice
        keyboardRefusedAt = now
        focus = 0
        relayout()
        effects.append(.report(.focus(focusName)))
    }
}
