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

    /// Decides from the prompt and the key info: the English card prompts gpg-agent sends
    /// (case-insensitive, a trailing colon allowed), with no key named, are card secrets;
    /// everything else — key passphrases, GET_PASSPHRASE, translated prompts — is a passphrase.
    public static func classify(prompt: String, keyInfo: KeyInfo?) -> EntryKind {
        guard keyInfo == nil else { return .passphrase }
        var words = Array(prompt.utf8)
        while let last = words.last, last == 0x20 || last == 0x3A { words.removeLast() }
        while let first = words.first, first == 0x20 { words.removeFirst() }
        let key = String(decoding: words.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        switch key {
        case "PIN": return .card(.pin)
        case "ADMIN PIN": return .card(.adminPIN)
        case "PUK": return .card(.puk)
        case "RESET CODE": return .card(.resetCode)
        default: return .passphrase
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
