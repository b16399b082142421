// SPDX-License-Identifier: MIT
/// An error as it goes on the wire: `ERR <code> <text> <<source>>[ - <detail>]`, libgpg-error's
/// code (source << 24 | error number) and wording. Two sources appear, as with the real
/// pinentry: its own (`Pinentry`, 5) for what the commands answer, and libassuan's default
/// (`User defined source 1`, 32) for what the protocol layer answers. Every value below was
/// checked against pinentry 1.2.1 (Debian 12) talking over a pipe.
public struct AssuanError: Equatable, Sendable {
    public let code: UInt32
    public let text: String
    public let source: String
    /// libassuan's "- reason" suffix (syntax errors only).
    public let detail: String?

    private init(pinentry number: UInt32, _ text: String) {
        code = 5 << 24 | number
        self.text = text
        source = "Pinentry"
        detail = nil
    }

    private init(assuan number: UInt32, _ text: String, detail: String? = nil) {
        code = 32 << 24 | number
        self.text = text
        source = "User defined source 1"
        self.detail = detail
    }

    /// The dialog was cancelled (or closed): `ERR 83886179 Operation cancelled <Pinentry>`.
    public static let cancelled = Self(pinentry: 99, "Operation cancelled")
    /// SETTIMEOUT expired with nothing typed.
    public static let timeout = Self(pinentry: 62, "Timeout")
    /// CONFIRM answered with the "not OK" button.
    public static let notConfirmed = Self(pinentry: 114, "Not confirmed")
    /// An OPTION name the pinentry does not know.
    public static let unknownOption = Self(pinentry: 174, "Unknown option")
    /// CLEARPASSPHRASE for a key the password manager holds nothing for.
    public static let invalidValue = Self(pinentry: 261, "Invalid value passed to IPC")
    /// CLEARPASSPHRASE with no password manager to ask, or one that failed.
    public static let generalIPC = Self(pinentry: 257, "General IPC error")
    /// GETINFO with an unknown subject.
    public static let parameter = Self(pinentry: 280, "IPC parameter error")

    /// A system error (`errno`) as libgpg-error numbers it, with the C library's words: what
    /// pinentry answers when it can show no dialog at all (no display, and a terminal it cannot
    /// open), so that gpg says "No such file or directory", the hint to set GPG_TTY, rather
    /// than a cancel nobody made.
    public static func system(_ number: Int32, _ text: String) -> Self {
        Self(pinentry: systemCodes[number].map { 1 << 15 | $0 } ?? 16382, text)  // 16382: GPG_ERR_UNKNOWN_ERRNO
    }

    /// Linux's errno numbers to libgpg-error's system codes (its errnos.in order), for the
    /// errors opening a terminal can give.
    private static let systemCodes: [Int32: UInt32] = [
        1: 107,  // EPERM
        2: 81,   // ENOENT
        4: 47,   // EINTR
        5: 49,   // EIO
        6: 104,  // ENXIO
        11: 6,   // EAGAIN
        12: 86,  // ENOMEM
        13: 1,   // EACCES
        16: 19,  // EBUSY
        19: 80,  // ENODEV
        20: 97,  // ENOTDIR
        21: 51,  // EISDIR
        23: 75,  // ENFILE
        24: 65,  // EMFILE
        25: 102, // ENOTTY
        26: 134, // ETXTBSY
        30: 122, // EROFS
        36: 69,  // ENAMETOOLONG
        40: 63,  // ELOOP
    ]

    /// A command name nobody registered.
    public static let unknownCommand = Self(assuan: 275, "Unknown IPC command")
    /// More than 1000 bytes before a LF. (The real pinentry exits instead of answering.)
    public static let lineTooLong = Self(assuan: 263, "Line passed to IPC too long")
    /// CANCEL, AUTH, END and stray `D` lines outside an inquiry.
    public static let notImplemented = Self(assuan: 69, "Not implemented")
    /// HELP for a command that has no help text.
    public static let notFound = Self(assuan: 27, "Not found")
    /// HELP for a command that does not exist (libassuan uses the general code here).
    public static let helpUnknownCommand = Self(assuan: 175, "Unknown command")

    static func syntax(_ detail: String) -> Self { Self(assuan: 276, "IPC syntax error", detail: detail) }
    static let leadingWhiteSpace = syntax("leading white-space")
    static let optionArgumentRequired = syntax("argument required")
    static let optionNameMissing = syntax("no option name given")
    static let optionValueExpected = syntax("option argument expected")
    static let optionOneDash = syntax("option should not begin with one dash")

    /// The reply line, without its LF.
    public var line: String {
        var s = "ERR \(code) \(text) <\(source)>"
        if let detail { s += " - \(detail)" }
        return s
    }
}
