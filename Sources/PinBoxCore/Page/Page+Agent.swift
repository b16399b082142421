// SPDX-License-Identifier: MIT
// What gpg-agent adds to a passphrase dialog when it offers it: the "Save in password manager"
// checkbox, the Suggest button, and its passphrase constraints checked before the dialog may
// submit (pinentry-gtk-2's checkbox, pinentry-qt's generate button and checkConstraints).

/// The page's state for those: set up by `DialogSpec`, changed by the page's rules.
public struct AgentState: Equatable, Sendable {
    /// The checkbox is ticked: the caller saves the secret it is handed.
    public internal(set) var savePassword = false
    /// A suggestion fills the entries and is shown in clear under them, until the next key.
    public internal(set) var showsSuggestion = false
    /// Show a suggestion in groups of five, as gpg-agent's `formatted-passphrase` asks.
    public var groupsSuggestion = false
    /// OK asks the caller first (`PageEffect.check`) and waits for its verdict.
    public var checksBeforeSubmit = false

    public init() {}

    /// How many characters a group of a formatted suggestion holds (pinentry-qt's).
    public static let groupSize = 5
}

extension Page {
    /// Whether the page has a Suggest button: its suggestion line is kept free in the layout,
    /// so showing one moves nothing.
    public var offersSuggestion: Bool { content.buttons.contains { $0.role == .suggest } }

    /// The caller's suggestion (`PageEffect.suggest`): it fills every entry (the passphrase and
    /// its repeat) and shows under them, grouped when asked, until the next key; the focus goes
    /// to OK, so Return takes it; an error line about the old entries goes. `secret` is wiped;
    /// nil (the caller had none) changes nothing.
    public func suggested(_ secret: SecretBuffer?, now: Double) -> [PageEffect] {
        guard let secret, outcome == nil else { return [] }
        defer { secret.wipe() }
        var effects: [PageEffect] = []
        for i in fields.indices {
            let events = secret.withBytes { fields[i].field.setText($0) }
            apply(events, to: i, now: now, into: &effects)
            if case .rejected = events.first { return effects }  // too long for the entry: refused, said
        }
        agent.showsSuggestion = true
        // An error about what the entries held before (the caller's refusal) is about them no more.
        content.error = ""
        relayout()
        if let ok = content.buttons.firstIndex(where: { $0.role == .ok }) { setFocus(fields.count + ok, into: &effects) }
        return effects
    }

    /// The caller's verdict on what OK submitted (`PageEffect.check`): nil passes it on and the
    /// page ends; a refusal is shown as the error line and the dialog stays, the entries as
    /// they were, the first one focused.
    public func checked(refusal: String?, now: Double) -> [PageEffect] {
        guard outcome == nil else { return [] }
        var effects: [PageEffect] = []
        guard let refusal else {
            deliverPrompt(into: &effects)
            return effects
        }
        content.error = refusal
        shakeEntry(at: now)
        setFocus(0, into: &effects)
        relayout()
        return effects
    }

    /// The suggestion while it is shown: the first entry's characters, which the painter reads
    /// in place. Only while shown; it exists as the window's pixels and nowhere else.
    public var suggestion: ShownCharacters? {
        guard agent.showsSuggestion, let first = fields.first else { return nil }
        return ShownCharacters(first.field.secret)
    }
}

extension InputEvent {
    /// A key of the keyboard (not a click, a focus change or a signal): what ends the showing
    /// of a suggestion.
    var isKey: Bool {
        switch self {
        case .character, .characterOnDigitKey, .mnemonic, .otherKey, .keypadWithoutNumLock, .nonTypingKey,
             .deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .moveCaret, .extendSelection,
             .selectAll, .clearField, .escape, .submit, .focusNext, .focusPrevious, .pasteRequest, .copy, .cut,
             .composeStarted, .composeCancelled, .characterCode, .switchLayout, .contextMenu, .verticalMove,
             .composedText, .preedit:
            return true
        default:
            return false
        }
    }
}
