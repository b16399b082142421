// SPDX-License-Identifier: MIT
// PinBox's own words for a prompt of each kind: the heading, the entry's label, the buttons.
// Words a caller sent (SETTITLE, SETPROMPT, SETOK…) replace them; these are what is shown when
// the caller said nothing, in the user's language.

extension PromptKind {
    /// The heading (and the window's title) when the caller gives none.
    public var heading: String {
        switch self {
        case .password: localized("Password required")
        case .passphrase: localized("Passphrase required")
        case .pin: localized("PIN required")
        case .username: localized("Username required")
        case .code: localized("Verification code")
        case .hostKey(let question):
            question.fingerprint == nil ? localized("Host key") : localized("Unknown host key")
        case .confirm: localized("Confirm")
        case .information: localized("Information")
        case .deviceWait: localized("Security device")
        }
    }

    /// The label over the entry when the caller gives none.
    public var entryLabel: String {
        switch self {
        case .password: localized("Password")
        case .passphrase: localized("Passphrase")
        case .pin(let kind):
            switch kind {
            case .user: localized("PIN")
            case .admin: localized("Admin PIN")
            case .puk: localized("PUK")
            case .resetCode: localized("Reset code")
            }
        case .username: localized("Username")
        case .code: localized("Code")
        case .hostKey: localized("Or type the fingerprint")
        case .confirm, .information, .deviceWait: ""
        }
    }

    /// The entry for this kind: PIN boxes for a PIN, one long box for the rest. A PIN of no
    /// known length starts as one box, where the first character goes: six empty boxes would
    /// say six are needed (FIDO PINs are 4–63 characters). A caller that knows the length asks
    /// for `fixedPIN` (`pinbox askpass --length`).
    public var entry: EntryKind {
        if case .pin = self { return .openPIN(shown: 1) }
        return .passphrase
    }
}

/// The words of the page a prompt becomes when another program holds the keyboard.
public enum KeyboardRefusal {
    public static var heading: String { localized("Keyboard in use") }
    public static var explanation: String {
        localized("Another program is holding the keyboard, so what you type could go to it instead of this window. Finish what it is doing, or close it: this window asks as soon as the keyboard is free.")
    }
    /// When the holder is known to be another PinBox window (`KeyboardClaim`): two prompts
    /// opened at once, the first one holding the keyboard.
    public static var pinBoxExplanation: String {
        localized("Another PinBox window is holding the keyboard: what you type goes to it. Answer it or close it first: this window asks as soon as the keyboard is free.")
    }
    /// No mnemonic: while this page shows, keys go to the program holding the keyboard, and
    /// an Alt+C meant for Close would press that program's button (another prompt's Cancel).
    public static var closeLabel: String {
        // TRANSLATORS: the button that closes the "Keyboard in use" notice; no mnemonic, since
        // keys go to the program that holds the keyboard.
        localized("Close")
    }
    /// How long the page stays before it ends by itself: the caller is waiting for an answer.
    public static let duration = 15.0
}

extension DialogSpec {
    /// The dialog for a prompt of `kind`, in PinBox's own words: the heading, the entry and its
    /// label, the buttons, Show for a hidden passphrase, Yes and No answered in words for ssh's
    /// host key. A role then puts its caller's words over these (the description, the agent's
    /// labels).
    public init(prompt kind: PromptKind) {
        switch kind {
        case .confirm:
            self.init(kind: .confirm(notOK: false))
            okLabel = localized("_Yes")
            cancelLabel = localized("_No")
        case .information:
            self.init(kind: .message)
            okLabel = localized("_OK")
        case .deviceWait:
            self.init(kind: .notice)
            waitCue = true
        case .hostKey(let question):
            self.init(kind: .hostKey(entry: question.acceptsFingerprint))
            okLabel = localized("_Yes")
            notOKLabel = localized("_No")
            showsTyping = true
            // A click or a key meant for what was there before must not trust a key.
            armingDelay = Self.askpassArmingDelay
            description = question.text
            if let fingerprint = question.fingerprint {
                let label = question.keyType.map { localized("%s key fingerprint", $0) } ?? localized("Key fingerprint")
                detail = PageDetail(label: label, text: fingerprint, picture: question.picture?.joined(separator: "\n"))
            }
        default:
            self.init(kind: .entry(kind.entry))
            okLabel = localized("_OK")
            cancelLabel = localized("_Cancel")
            showsTyping = kind.showsTyping
            if kind.canReveal { reveal = RevealButton() }
        }
        title = kind.heading
        prompt = kind.entryLabel
    }
}

extension DialogSpec {
    /// How long an askpass question must have been shown before a key or a click answers it.
    public static let askpassArmingDelay = 0.5

    /// The askpass's yes/no question (`SSH_ASKPASS_PROMPT=confirm`: `ssh-add -c`'s "Allow use
    /// of key …?"): Yes stays the default, as gnome-ssh-askpass and ksshaskpass have it, but a
    /// key or a click that would answer is ignored for `askpassArmingDelay` after the dialog
    /// shows (browsers do the same for install prompts): the Return a user typed for the
    /// terminal, a moment before the dialog took the keyboard, answers nothing.
    public mutating func armAskpassQuestion() {
        defaultButton = .ok
        armingDelay = Self.askpassArmingDelay
    }
}

/// The Show/Hide button of a passphrase entry: its two labels and, when the caller asks for
/// it (gpg-agent's `default-cf-visi`), the question put before the text is shown.
public struct RevealButton: Equatable, Sendable {
    public var showLabel: String
    public var hideLabel: String
    public var question: String?
    public var yesLabel: String
    public var noLabel: String

    public init(showLabel: String? = nil, hideLabel: String? = nil, question: String? = nil) {
        self.showLabel = showLabel ?? localized("_Show")
        self.hideLabel = hideLabel ?? localized("_Hide")
        self.question = question
        yesLabel = localized("_Yes")
        noLabel = localized("_No")
    }

    /// The button as it is while the entries are hidden (`showing`: it says Show) or shown, as
    /// wide as the wider of its two labels.
    func button(showing: Bool, avoiding others: [PageButton]) -> PageButton {
        var button = PageButton(.reveal, label: showing ? showLabel : hideLabel, avoiding: others)
        button.alternateText = PageButton(.reveal, label: showing ? hideLabel : showLabel).text
        return button
    }
}
