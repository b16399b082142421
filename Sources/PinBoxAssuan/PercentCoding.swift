// SPDX-License-Identifier: MIT
import PinBoxCore

/// The three escapings of the pinentry protocol.
public enum PercentCoding {
    /// SET* arguments: `%XX` becomes the byte XX, everything else (a `+` too) stays as it is.
    /// A `%` not followed by two hex digits stays literal (pinentry turns it into an arbitrary
    /// byte). A decoded NUL ends the text, as it ends pinentry's C string.
    public static func decode<C: Collection>(_ bytes: C) -> [UInt8] where C.Element == UInt8 {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let byte = input[i]
            if byte == 0x25, i + 2 < input.count, let high = hexValue(input[i + 1]), let low = hexValue(input[i + 2]) {
                let decoded = high << 4 | low
                if decoded == 0 { break }
                out.append(decoded)
                i += 3
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    /// `decode` as text; bytes that are not UTF-8 show as U+FFFD.
    public static func decodeText<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        String(decoding: decode(bytes), as: UTF8.self)
    }

    /// Whether a data (`D`) line must write `byte` as `%XX`: `%`, CR and LF, as libassuan does.
    @inline(__always)
    public static func dataNeedsEscape(_ byte: UInt8) -> Bool {
        byte == 0x25 || byte == 0x0D || byte == 0x0A
    }

    /// How many bytes `bytes` take in a data line.
    public static func dataLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var n = 0
        for byte in bytes { n += dataNeedsEscape(byte) ? 3 : 1 }
        return n
    }

    /// Appends `byte` to `out` as `%XX` (upper-case hex).
    static func appendEscaped(_ byte: UInt8, to out: SecretBuffer) {
        out.append(0x25)
        out.append(hexDigit(byte >> 4))
        out.append(hexDigit(byte & 0x0F))
    }

    /// Appends `bytes` escaped for the INQUIRE QUALITY line: controls, `+` and `%` as `%XX`,
    /// space as `+`. (pinentry leaves `%` bare, which the agent then misreads as an escape;
    /// PinBox escapes it so the agent rates the passphrase actually typed.)
    static func appendQualityEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: SecretBuffer) {
        for byte in bytes {
            if byte < 0x20 || byte == 0x2B || byte == 0x25 {
                appendEscaped(byte, to: out)
            } else if byte == 0x20 {
                out.append(0x2B)
            } else {
                out.append(byte)
            }
        }
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }

    static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x41 + v - 10 }
}
