// SPDX-License-Identifier: MIT
/// What the SET* commands have said since the start or the last RESET: the texts and settings
/// of the next dialog. SETERROR, SETREPEAT and SETQUALITYBAR apply to one dialog only and are
/// cleared once GETPIN (or CONFIRM) has run, as in pinentry.
public struct DialogTexts: Equatable, Sendable {
    public var description: String?
    public var prompt: String?
    public var title: String?
    public var ok: String?
    public var cancel: String?
    public var notOK: String?
    public var error: String?
    public var repeatPrompt: String?
    public var repeatError: String?
    public var repeatOK: String?
    /// The quality bar's label; set (to "Quality:" when empty) by SETQUALITYBAR.
    public var qualityBar: String?
    public var qualityBarTooltip: String?
    public var generatePinLabel: String?
    public var generatePinTooltip: String?
    /// SETTIMEOUT, in seconds; 0 or less means none. Like pinentry, RESET keeps it.
    public var timeout = 0
    /// SETKEYINFO, undecoded; nil after `--clear` or an empty argument.
    public var keyInfo: KeyInfo?

    public init() {}
}

/// SETKEYINFO: which cache entry gpg-agent is asking for. Card PINs come with `--clear`.
public enum KeyInfo: Equatable, Sendable {
    /// `n/<keygrip>`: a key's passphrase.
    case key(String)
    /// `u/<cacheid>`: GET_PASSPHRASE with a cache ID.
    case user(String)
    /// `s/<keygrip>`: an SSH key's passphrase.
    case ssh(String)
    /// Anything else, kept as sent.
    case other(String)

    /// The string as the agent sent it (`n/<keygrip>`): what the password manager's items are
    /// named by, as pinentry names them.
    public var raw: String {
        switch self {
        case .key(let grip): "n/" + grip
        case .user(let id): "u/" + id
        case .ssh(let grip): "s/" + grip
        case .other(let text): text
        }
    }

    init(_ raw: [UInt8]) {
        let text = String(decoding: raw, as: UTF8.self)
        guard raw.count >= 2, raw[1] == 0x2F else { self = .other(text); return }
        let rest = String(decoding: raw[2...], as: UTF8.self)
        switch raw[0] {
        case 0x6E: self = .key(rest)
        case 0x75: self = .user(rest)
        case 0x73: self = .ssh(rest)
        default: self = .other(text)
        }
    }
}
