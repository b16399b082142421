// SPDX-License-Identifier: MIT
import PinBoxCore

/// Encodes bytes as Assuan data lines (`D …`), exactly as libassuan's data writer does: `%`,
/// CR and LF as `%25`, `%0D`, `%0A`, and a new line begun once one reaches 998 bytes, so no
/// line exceeds 1000 bytes before its LF. The result lives in a `SecretBuffer`: the same
/// encoder carries the PIN, and the buffer is wiped when released. 255 bytes (the most PinBox
/// lets anyone type) always fit in one line.
enum DataLines {
    /// Where libassuan ends a data line (LINELENGTH - 2 - 2).
    static let wrapAt = 998

    static func encode(_ bytes: UnsafeBufferPointer<UInt8>) -> SecretBuffer {
        let escaped = PercentCoding.dataLength(bytes)
        let out = SecretBuffer(capacity: escaped + 3 * (escaped / (wrapAt - 3) + 2))
        var lineLength = 0
        for byte in bytes {
            if lineLength == 0 {
                out.append(0x44)  // D
                out.append(0x20)
                lineLength = 2
            }
            if PercentCoding.dataNeedsEscape(byte) {
                PercentCoding.appendEscaped(byte, to: out)
                lineLength += 3
            } else {
                out.append(byte)
                lineLength += 1
            }
            if lineLength >= wrapAt {
                out.append(0x0A)
                lineLength = 0
            }
        }
        if lineLength > 0 { out.append(0x0A) }
        return out
    }

    static func encode(_ bytes: [UInt8]) -> SecretBuffer {
        bytes.withUnsafeBufferPointer { encode($0) }
    }
}
