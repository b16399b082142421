// SPDX-License-Identifier: MIT
import PinBoxCore

/// Which OpenPGP card secret the agent asks for. Its prompt is all that says so: scdaemon's
/// `INQUIRE NEEDPIN` flags become SETPROMPT `PIN`, `Admin PIN`, `PUK` or `Reset Code`, with
/// SETKEYINFO `--clear`. Nothing gives the length: cards take 6–127 characters of any kind.
public enum CardSecret: Equatable, Sendable {
    case pin, adminPIN, puk, resetCode

    /// How many boxes to show before the field grows: the usual lengths (user PIN 6, the
    /// others 8, the OpenPGP card's minimums and factory lengths).
    public var boxes: Int { self == .pin ? 6 : 8 }
}

/// The entry a GETPIN needs.
public enum EntryKind: Equatable, Sendable {
    /// Boxes of unknown length, growing past `CardSecret.boxes`; letters accepted.
    case card(CardSecret)
    /// A free passphrase entry.
    case passphrase

    /// Decides from the prompt and the key info, through the core's one classifier
    /// (`PromptKind(agent:)`): the card prompts the agent sends as written (`PIN`, and `Admin
    /// PIN`, `PUK`, `Reset Code` in English), with no key named, are card secrets; everything
    /// else — key passphrases, GET_PASSPHRASE, translated prompts — is a passphrase.
    public static func classify(prompt: String, keyInfo: KeyInfo?) -> EntryKind {
        let kind = PromptKind(agent: AgentRequest(command: .getPin, prompt: prompt, namesKey: keyInfo != nil))
        guard case .pin(let pin) = kind else { return .passphrase }
        switch pin {
        case .user: return .card(.pin)
        case .admin: return .card(.adminPIN)
        case .puk: return .card(.puk)
        case .resetCode: return .card(.resetCode)
        }
    }
}

/// The most a reply may hold. gpg-agent keeps a key passphrase in 256 bytes (255 and a NUL),
/// a card PIN in what scdaemon allows (88 for the OpenPGP card), a plain GET_PASSPHRASE in
/// 495 — but GET_PASSPHRASE `--newsymkey` (gpg --symmetric) uses the 255 of a key, and the
/// pinentry cannot tell the two apart (both send `SETKEYINFO u/…` or `--clear`). So PinBox caps
/// every passphrase at 255: never more than the agent takes, and even 255 bytes that all need
/// escaping (765) fit in the one `D` line the agent insists on.
public struct InputLimit: Equatable, Sendable {
    public var maxBytes: Int

    public static let cardPIN = InputLimit(maxBytes: 88)
    public static let passphrase = InputLimit(maxBytes: 255)

    public init(maxBytes: Int) { self.maxBytes = maxBytes }

    /// The limit for an entry kind.
    public static func of(_ entry: EntryKind) -> InputLimit {
        if case .card = entry { return .cardPIN }
        return .passphrase
    }

    /// Whether `count` bytes may be sent.
    public func allows(count: Int) -> Bool { count <= maxBytes }
}
