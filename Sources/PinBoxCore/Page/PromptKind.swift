// SPDX-License-Identifier: MIT
/// What a prompt asks for. It decides the dialog's heading, its entry (dots, PIN boxes, or text
/// shown as typed) and what its buttons answer. One classifier for both roles: the askpass
/// reads the words its caller wrote (`init(askpass:hint:)`), the pinentry reads the structure
/// of gpg-agent's request (`init(agent:)`), never the words the agent translated.
public enum PromptKind: Equatable, Sendable {
    /// A login password (sudo, `user@host's password:`, git's `Password for '…':`): dots.
    case password
    /// A key's passphrase (ssh-add, ssh, gpg): dots.
    case passphrase
    /// A card's, token's or security key's PIN: PIN boxes that grow.
    case pin(PINKind)
    /// A user name (git's `Username for '…':`): what is typed is shown.
    case username
    /// A one-time or verification code: what is typed is shown (it is good for one login).
    case code
    /// ssh's question about a host key it does not know: Yes, No, or the fingerprint typed.
    case hostKey(HostKeyQuestion)
    /// A yes-or-no question (`SSH_ASKPASS_PROMPT=confirm`, the agent's CONFIRM).
    case confirm
    /// Something to read, with one button (the agent's MESSAGE or `CONFIRM --one-button`).
    case information
    /// Something to read while the caller waits for a device (a touch of a security key, a PIN
    /// typed on a reader's pinpad): no button; the caller ends it.
    case deviceWait

    /// Whether the prompt asks for text in an entry.
    public var hasEntry: Bool {
        switch self {
        case .password, .passphrase, .pin, .username, .code, .hostKey: true
        case .confirm, .information, .deviceWait: false
        }
    }

    /// Whether what is typed is shown as typed from the start: names and one-time codes, and
    /// the fingerprint a user types to answer ssh. Secrets show dots (a user may reveal them).
    public var showsTyping: Bool {
        switch self {
        case .username, .code, .hostKey: true
        default: false
        }
    }

    /// Whether the user may reveal what is typed with a Show button: the hidden text entries.
    public var canReveal: Bool {
        switch self {
        case .password, .passphrase: true
        default: false
        }
    }
}

/// Which PIN a prompt asks for; it says how many boxes to show before they grow.
public enum PINKind: Equatable, Sendable {
    /// A card's user PIN, a token's (PKCS#11) or a security key's (FIDO).
    case user
    /// An OpenPGP card's Admin PIN.
    case admin
    /// The unblocking key of a card.
    case puk
    /// An OpenPGP card's reset code.
    case resetCode

    /// The usual lengths: a user PIN 6 (the OpenPGP card's minimum), the others 8.
    public var boxes: Int { self == .user ? 6 : 8 }
}

/// ssh's question before it trusts a new host key, taken apart so the dialog can show the key's
/// fingerprint whole: `The authenticity of host '…' can't be established.` / `ED25519 key
/// fingerprint is SHA256:….` / `Are you sure you want to continue connecting
/// (yes/no/[fingerprint])? `.
public struct HostKeyQuestion: Equatable, Sendable {
    /// ssh's words without the fingerprint's line and without the `(yes/no/…)` choices, which
    /// the buttons replace.
    public var text: String
    /// `ED25519`, `ECDSA`, `RSA`… when ssh named it.
    public var keyType: String?
    /// `SHA256:…` (or `MD5:…`), never to be broken across lines.
    public var fingerprint: String?
    /// The key's picture (`VisualHostKey`): ssh's box of ASCII art, one string per line, to be
    /// set in a fixed-width font; nil when ssh sent none.
    public var picture: [String]?
    /// ssh takes the fingerprint typed as an answer (`yes/no/[fingerprint]`, `Please type 'yes',
    /// 'no' or the fingerprint`); otherwise only yes or no.
    public var acceptsFingerprint: Bool

    public init(text: String, keyType: String? = nil, fingerprint: String? = nil, picture: [String]? = nil,
                acceptsFingerprint: Bool) {
        self.text = text
        self.keyType = keyType
        self.fingerprint = fingerprint
        self.picture = picture
        self.acceptsFingerprint = acceptsFingerprint
    }
}

/// What `SSH_ASKPASS_PROMPT` told the askpass: ssh sets it only for a yes/no question and for a
/// notice it ends itself; every other prompt comes without it.
public enum AskpassHint: Equatable, Sendable {
    /// No hint (or one ssh does not define): the words decide.
    case none
    /// `confirm`: exit 0 means yes.
    case confirm
    /// `none`: information only, ended by the caller (SIGTERM).
    case notice

    /// The hint from the variable's value.
    public init(environment value: String?) {
        switch value {
        case "confirm": self = .confirm
        case "none": self = .notice
        default: self = .none
        }
    }
}

/// The shape of a pinentry request: what gpg-agent sent before GETPIN, CONFIRM or MESSAGE,
/// stripped of every word it may have translated.
public struct AgentRequest: Equatable, Sendable {
    /// The command that opens the dialog.
    public enum Command: Equatable, Sendable {
        case getPin
        /// CONFIRM with two buttons (or three with SETNOTOK).
        case confirm
        /// `CONFIRM --one-button`: the agent's way to show a message.
        case oneButton
        /// MESSAGE.
        case message
    }

    public var command: Command
    /// SETPROMPT as sent (only the card prompts the agent never translates are read).
    public var prompt: String?
    /// SETKEYINFO named a key or cache entry (`n/`, `u/`, `s/`); `--clear` or nothing is false.
    public var namesKey: Bool
    /// SETREPEAT: a new passphrase, typed twice.
    public var repeats: Bool
    /// SETOK was sent.
    public var okLabelSent: Bool
    /// SETCANCEL was sent.
    public var cancelLabelSent: Bool
    /// SETNOTOK was sent: a third answer.
    public var notOKLabelSent: Bool

    public init(command: Command, prompt: String? = nil, namesKey: Bool = false, repeats: Bool = false,
                okLabelSent: Bool = false, cancelLabelSent: Bool = false, notOKLabelSent: Bool = false) {
        self.command = command
        self.prompt = prompt
        self.namesKey = namesKey
        self.repeats = repeats
        self.okLabelSent = okLabelSent
        self.cancelLabelSent = cancelLabelSent
        self.notOKLabelSent = notOKLabelSent
    }

    /// Whether the affirmative of a CONFIRM is destructive, from the request's shape: a
    /// two-button question whose both answers the agent named (SETOK and SETCANCEL, no
    /// SETNOTOK). That is gpg-agent's `agent_get_confirmation(…, ok, notok, 0)` with its own
    /// words on both buttons: "Delete key" / "No" (findkey.c, twice: the key, and the key
    /// also listed for ssh), "Yes, protection is not needed" / "Enter new passphrase" and
    /// "Take this one anyway" / "Enter new passphrase" (genkey.c). Its harmless questions
    /// come with three answers (trustlist.c's "Yes" / "No" / Cancel) or with none named
    /// (GET_CONFIRMATION's OK / Cancel). No word is read: the agent translates them all.
    public var affirmativeIsDestructive: Bool {
        command == .confirm && okLabelSent && cancelLabelSent && !notOKLabelSent
    }
}
