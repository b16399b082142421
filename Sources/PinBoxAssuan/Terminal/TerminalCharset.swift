// SPDX-License-Identifier: MIT
/// How the terminal's bytes map to characters, from gpg-agent's `OPTION lc-ctype` (the user's
/// locale where gpg runs). The agent's texts are UTF-8 and so is the passphrase it expects; a
/// terminal in another character set gets the texts converted and its keys converted back.
public enum TerminalCharset: Equatable, Sendable {
    /// UTF-8 both ways; also what an unknown or `C` locale gets (pinentry-tty converts nothing).
    case utf8
    /// A one-byte character set (ISO 8859-x, KOI8-R, CP1251…): ASCII, and `high[b - 0x80]` for
    /// the bytes above (nil where the set has no character), as iconv reads them.
    case singleByte(name: String, high: [Unicode.Scalar?])
    /// A multi-byte set other than UTF-8 (EUC-JP, GB18030, Big5): texts go out with their
    /// non-ASCII characters as `?`, and only ASCII keys are taken — a passphrase typed in that
    /// set could not be given to the agent as the UTF-8 it expects, and PinBox does not guess.
    case asciiOnly(name: String)

    /// The bytes that show `text` on the terminal. Control characters from the caller (an
    /// escape sequence in a user ID) are shown as `?`, so no caller text can drive the
    /// terminal; line breaks become CR LF.
    public func encode(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x0A {
                out.append(0x0D)
                out.append(0x0A)
            } else if v < 0x20 || (v >= 0x7F && v < 0xA0) || Self.isBidiControl(v) {
                out.append(v == 0x09 ? 0x20 : 0x3F)
            } else if v < 0x80 {
                out.append(UInt8(v))
            } else {
                switch self {
                case .utf8: out.append(contentsOf: String(scalar).utf8)
                case .singleByte(_, let high):
                    if let i = high.firstIndex(of: scalar) { out.append(UInt8(0x80 + i)) } else { out += Self.plain(scalar) }
                case .asciiOnly: out += Self.plain(scalar)
                }
            }
        }
        return out
    }

    /// A character the terminal's set lacks, as ASCII where typography has a plain form (the
    /// agent's „quotes“ and dashes, the "…" and "•••" of a shortened command line), else `?`.
    /// pinentry-curses shows nothing of a text it cannot convert whole.
    static func plain(_ scalar: Unicode.Scalar) -> [UInt8] {
        switch scalar.value {
        case 0x2026: Array("...".utf8)
        case 0x2022, 0x2219, 0x25CF: Array("*".utf8)
        case 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x2039, 0x203A: Array("'".utf8)
        case 0x00AB, 0x00BB, 0x201C, 0x201D, 0x201E, 0x201F, 0x2033: Array("\"".utf8)
        case 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2212: Array("-".utf8)
        case 0x00A0, 0x2002, 0x2003, 0x2007, 0x2009, 0x202F: Array(" ".utf8)
        default: [0x3F]
        }
    }

    /// Overrides and isolates that would reorder what follows them on a terminal that does bidi.
    static func isBidiControl(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F
    }
}
