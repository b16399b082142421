// SPDX-License-Identifier: MIT
/// Who asked: gpg-agent's `OPTION owner=PID[/UID] HOST` (2.2 sends `PID HOST`, 2.4 `PID/UID HOST`).
public struct Owner: Equatable, Sendable {
    public var pid: Int
    public var uid: Int?
    public var host: String?
    public init(pid: Int, uid: Int? = nil, host: String? = nil) {
        self.pid = pid
        self.uid = uid
        self.host = host
    }
}

/// Everything OPTION sets, typed. Options outlive RESET (only the SET* texts are cleared).
/// The command-line flags give the starting values (`PinentryArguments.options`).
public struct PinentryOptions: Equatable, Sendable {
    /// `grab` / `no-grab` (and `-g`): grab the keyboard for the whole screen.
    public var grab = true
    public var display: String?
    public var ttyName: String?
    public var ttyType: String?
    public var ttyAlert: String?
    public var lcCtype: String?
    public var lcMessages: String?
    public var owner: Owner?
    /// The window to place the dialog over (`parent-wid`, `-W`).
    public var parentWindow: UInt?
    public var touchFile: String?
    /// gpg-agent's translated labels, used when the matching SET* was not sent.
    public var defaultOK: String?
    public var defaultCancel: String?
    public var defaultPrompt: String?
    public var defaultPasswordManager: String?
    public var defaultConfirmVisible: String?
    public var defaultTooltipVisible: String?
    public var defaultTooltipHide: String?
    public var defaultCapsHint: String?
    /// Recorded only: PinBox keeps no password cache of its own.
    public var allowExternalPasswordCache = false
    public var allowEmacsPrompt = false
    public var invisibleChar: String?
    public var formattedPassphrase = false
    public var formattedPassphraseHint: String?
    public var constraintsEnforce = false
    public var constraintsHintShort: String?
    public var constraintsHintLong: String?
    public var constraintsErrorTitle: String?
    /// `-d`: the binary may say more on stderr (never a secret).
    public var debug = false

    public init() {}

    /// Applies `OPTION name[=value]` after libassuan's parsing (name without `--`, value
    /// trimmed). Names are matched exactly, as pinentry matches them; the flag options take no
    /// value. Returns false for a name pinentry would answer "Unknown option".
    public mutating func apply(name: String, value: [UInt8]) -> Bool {
        let text = String(decoding: value, as: UTF8.self)
        switch name {
        case "grab" where value.isEmpty: grab = true
        case "no-grab" where value.isEmpty: grab = false
        case "debug-wait": break  // pinentry sleeps for a debugger here; PinBox does not.
        case "display": display = text
        case "ttyname": ttyName = text
        case "ttytype": ttyType = text
        case "ttyalert": ttyAlert = text
        // A value without a locale name's shape is ignored (`LocaleName`), yet answered OK.
        case "lc-ctype": lcCtype = LocaleName.accepted(text) ?? lcCtype
        case "lc-messages": lcMessages = LocaleName.accepted(text) ?? lcMessages
        case "owner": owner = Self.parseOwner(value)
        case "parent-wid":
            let id = Self.leadingInteger(value) ?? 0
            parentWindow = id > 0 ? UInt(id) : nil
        case "touch-file": touchFile = text
        case "default-ok": defaultOK = PercentCoding.decodeText(value)
        case "default-cancel": defaultCancel = PercentCoding.decodeText(value)
        case "default-prompt": defaultPrompt = PercentCoding.decodeText(value)
        case "default-pwmngr": defaultPasswordManager = PercentCoding.decodeText(value)
        case "default-cf-visi": defaultConfirmVisible = PercentCoding.decodeText(value)
        case "default-tt-visi": defaultTooltipVisible = PercentCoding.decodeText(value)
        case "default-tt-hide": defaultTooltipHide = PercentCoding.decodeText(value)
        case "default-capshint": defaultCapsHint = PercentCoding.decodeText(value)
        case "allow-external-password-cache" where value.isEmpty: allowExternalPasswordCache = true
        case "allow-emacs-prompt" where value.isEmpty: allowEmacsPrompt = true
        case "invisible-char": invisibleChar = text
        case "formatted-passphrase" where value.isEmpty: formattedPassphrase = true
        case "formatted-passphrase-hint": formattedPassphraseHint = PercentCoding.decodeText(value)
        case "constraints-enforce" where value.isEmpty: constraintsEnforce = true
        case "constraints-hint-short": constraintsHintShort = PercentCoding.decodeText(value)
        case "constraints-hint-long": constraintsHintLong = PercentCoding.decodeText(value)
        case "constraints-error-title": constraintsErrorTitle = PercentCoding.decodeText(value)
        default: return false
        }
        return true
    }

    /// `PID[/UID][ HOST]`; a PID of 0 or none clears the owner, as in pinentry.
    static func parseOwner(_ value: [UInt8]) -> Owner? {
        var rest = value[...]
        guard let pid = takeInteger(&rest), pid > 0 else { return nil }
        var owner = Owner(pid: pid)
        if rest.first == 0x2F {
            rest = rest.dropFirst()
            if let uid = takeInteger(&rest), uid >= 0 { owner.uid = uid }
        }
        while rest.first == 0x20 { rest = rest.dropFirst() }
        let host = rest.prefix { $0 != 0x20 }
        if !host.isEmpty { owner.host = String(decoding: host, as: UTF8.self) }
        return owner
    }

    /// C's atoi on the front of `value`: optional spaces and sign, then digits; nil if none.
    static func leadingInteger<C: Collection>(_ value: C) -> Int? where C.Element == UInt8 {
        var rest = Array(value)[...]
        while let c = rest.first, c == 0x20 || (c >= 0x09 && c <= 0x0D) { rest = rest.dropFirst() }
        return takeInteger(&rest)
    }

    /// Reads `[+-]digits` off the front of `rest`, saturating instead of overflowing.
    static func takeInteger(_ rest: inout ArraySlice<UInt8>) -> Int? {
        var negative = false
        var probe = rest
        if let sign = probe.first, sign == 0x2D || sign == 0x2B {
            negative = sign == 0x2D
            probe = probe.dropFirst()
        }
        var value = 0
        var digits = 0
        while let c = probe.first, c >= 0x30 && c <= 0x39 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(c - 0x30))
            value = (o1 || o2) ? Int.max : sum
            probe = probe.dropFirst()
            digits += 1
        }
        guard digits > 0 else { return nil }
        rest = probe
        return negative ? -value : value
    }
}
