// SPDX-License-Identifier: MIT
import PinBoxCore

/// The second entry of a dialog that asks for a new passphrase twice (SETREPEAT).
public struct RepeatPrompt: Equatable, Sendable {
    /// The label of the second entry.
    public var prompt: String
    /// Shown when the two differ; the dialog then asks again (SETREPEATERROR).
    public var mismatchError: String
    /// Shown when they agree, if given (SETREPEATOK).
    public var matchText: String?

    public init(prompt: String, mismatchError: String, matchText: String? = nil) {
        self.prompt = prompt
        self.mismatchError = mismatchError
        self.matchText = matchText
    }
}

/// The strength bar over a new passphrase (SETQUALITYBAR / SETQUALITYBAR_TT).
public struct QualityBar: Equatable, Sendable {
    public var label: String
    public var tooltip: String?

    public init(label: String, tooltip: String? = nil) {
        self.label = label
        self.tooltip = tooltip
    }
}

/// A GETPIN: everything the dialog shows, already decoded. Labels keep their `_` mnemonics
/// as gpg-agent sent them (`_OK`); a doubled `__` is a literal underscore.
public struct PinRequest: Equatable, Sendable {
    /// SETTITLE; nil when none was given (the dialog picks its own).
    public var title: String?
    public var description: String?
    /// SETPROMPT, else gpg-agent's `default-prompt`, else `PIN:`.
    public var prompt: String
    /// SETERROR: the previous attempt failed ("Bad Passphrase (try 2 of 3)").
    public var error: String?
    public var okLabel: String
    public var cancelLabel: String
    public var repeatPrompt: RepeatPrompt?
    /// Present when the agent wants live ratings; ask them through the `QualityCheck`.
    public var qualityBar: QualityBar?
    /// SETGENPIN label and tooltip: a button that fills the entries with a passphrase the agent
    /// makes up (`AgentInquiries.suggest`); nil for none.
    public var generatePinLabel: String?
    public var generatePinTooltip: String?
    /// The "Save in password manager" checkbox, with gpg-agent's label (`default-pwmngr`, its
    /// `_` mnemonic kept): set when the agent allows an external cache, names the key, and the
    /// Secret Service is there and unlocked. A ticked box comes back as `PinOutcome.pin(save:)`.
    public var savePasswordLabel: String?
    /// The checkbox starts ticked: the user ticked it earlier in this session, and it stays
    /// the user's choice until unticked, as pinentry keeps it (`may_cache_password`), but in
    /// sight. A retry after a wrong passphrase then saves the right one over the wrong one.
    public var savePasswordTicked = false
    /// Seconds before the dialog gives up if nothing has been typed; 0 = never.
    public var timeout: Int
    public var keyInfo: KeyInfo?
    /// Card PIN boxes or a passphrase entry (see `EntryKind.classify`).
    public var entry: EntryKind
    /// What the request asks for, from its shape (the core's classifier): the dialog's kind.
    public var kind: PromptKind {
        if case .card(let secret) = entry {
            switch secret {
            case .pin: return .pin(.user)
            case .adminPIN: return .pin(.admin)
            case .puk: return .pin(.puk)
            case .resetCode: return .pin(.resetCode)
            }
        }
        return .passphrase
    }
    /// Where input must stop: gpg-agent overflows past it.
    public var limit: InputLimit
    /// Grab the keyboard for the whole screen (OPTION grab / no-grab, `-g`).
    public var grab: Bool
    /// Everything else OPTION and the command line said: the owner (for a title naming the
    /// requesting program), the parent window, the display, caps-lock and constraint hints.
    public var options: PinentryOptions

    /// A request with pinentry's defaults, for front-end tests and previews.
    public init(title: String? = nil, description: String? = nil, prompt: String = "PIN:", error: String? = nil,
                okLabel: String = "_OK", cancelLabel: String = "_Cancel", repeatPrompt: RepeatPrompt? = nil,
                qualityBar: QualityBar? = nil, generatePinLabel: String? = nil, generatePinTooltip: String? = nil,
                timeout: Int = 0, keyInfo: KeyInfo? = nil, entry: EntryKind = .passphrase, limit: InputLimit? = nil,
                grab: Bool = true, savePasswordLabel: String? = nil, options: PinentryOptions = PinentryOptions()) {
        self.options = options
        self.savePasswordLabel = savePasswordLabel
        self.title = title
        self.description = description
        self.prompt = prompt
        self.error = error
        self.okLabel = okLabel
        self.cancelLabel = cancelLabel
        self.repeatPrompt = repeatPrompt
        self.qualityBar = qualityBar
        self.generatePinLabel = generatePinLabel
        self.generatePinTooltip = generatePinTooltip
        self.timeout = timeout
        self.keyInfo = keyInfo
        self.entry = entry
        self.limit = limit ?? .of(entry)
        self.grab = grab
    }
}

/// A CONFIRM, a `CONFIRM --one-button` or a MESSAGE.
public struct ConfirmRequest: Equatable, Sendable {
    public var title: String?
    public var description: String?
    public var error: String?
    /// SETOK, else `default-ok`, else `_OK`.
    public var okLabel: String
    /// SETCANCEL, else `default-cancel`, else `_Cancel`. Unused by a message.
    public var cancelLabel: String
    /// SETNOTOK: a third button meaning "No"; nil = no such button.
    public var notOKLabel: String?
    /// One button only: MESSAGE, or the pinpad notice "Use the reader's pinpad for input."
    public var isMessage: Bool
    /// What the request is, from its shape (the core's classifier): a yes/no question, a
    /// message, or the agent's notice while a card reader's pinpad or a token waits.
    public var kind: PromptKind
    /// The affirmative gives something away (`AgentRequest.affirmativeIsDestructive`).
    public var destructive = false
    public var timeout: Int
    public var grab: Bool
    /// Everything OPTION and the command line said (see `PinRequest.options`).
    public var options: PinentryOptions

    /// A request with pinentry's defaults, for front-end tests and previews.
    public init(title: String? = nil, description: String? = nil, error: String? = nil, okLabel: String = "_OK",
                cancelLabel: String = "_Cancel", notOKLabel: String? = nil, isMessage: Bool = false, timeout: Int = 0,
                grab: Bool = true, options: PinentryOptions = PinentryOptions(), kind: PromptKind? = nil) {
        self.kind = kind ?? (isMessage ? .information : .confirm)
        self.options = options
        self.title = title
        self.description = description
        self.error = error
        self.okLabel = okLabel
        self.cancelLabel = cancelLabel
        self.notOKLabel = notOKLabel
        self.isMessage = isMessage
        self.timeout = timeout
        self.grab = grab
    }
}

/// How a GETPIN dialog ended.
public enum PinOutcome {
    /// What was typed; `repeated` when a SETREPEAT second entry matched it, `save` when the
    /// password manager's box was ticked. The server writes it out (and stores it) and wipes it.
    case pin(SecretBuffer, repeated: Bool, save: Bool = false)
    /// The Cancel button or Escape.
    case cancelled
    /// The window was closed (window manager or Alt+F4): the agent then stops retrying.
    case closed
    /// The timeout passed with nothing typed.
    case timedOut
}

/// How a two- or three-button CONFIRM ended.
public enum ConfirmOutcome: Equatable, Sendable {
    case ok
    /// The SETNOTOK button.
    case notOK
    case cancelled
    case closed
    case timedOut
}

/// How a MESSAGE (or `CONFIRM --one-button`) ended.
public enum MessageOutcome: Equatable, Sendable {
    /// OK, Return or Escape: all mean "seen".
    case dismissed
    case closed
    case timedOut
}
