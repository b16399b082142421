// SPDX-License-Identifier: MIT
/// The hexadecimal code of a character typed so far after Ctrl+Shift+U (`CharacterCodeEntry`):
/// its value and how many digits were typed, leading zeros included. A number, not text, so that
/// the digits of a passphrase's character leave nothing to wipe behind them.
public struct CharacterCode: Equatable, Sendable {
    /// The digits typed, as one number.
    public private(set) var value: UInt32 = 0
    /// How many digits were typed.
    public private(set) var digits = 0

    /// The most digits a code takes: U+10FFFF has six.
    public static let longest = 6

    public init() {}

    /// The code with one more digit (0…15) at its end; nil when it has all it can take.
    func adding(_ digit: UInt32) -> CharacterCode? {
        guard digits < Self.longest, digit < 16 else { return nil }
        var code = self
        code.value = value << 4 | digit
        code.digits += 1
        return code
    }

    /// The code without its last digit.
    func droppingLast() -> CharacterCode {
        guard digits > 0 else { return self }
        var code = self
        code.value = value >> 4
        code.digits -= 1
        return code
    }

    /// The character the code names: nil with no digit, past U+10FFFF, or for a surrogate
    /// (half of a UTF-16 pair, no character on its own).
    public var character: Unicode.Scalar? {
        digits == 0 ? nil : Unicode.Scalar(value)
    }

    /// What an entry that holds no secret shows while the code is typed, as GTK shows it: `u`
    /// and the digits, in lower case.
    public var shown: String {
        var text = "u"
        for i in stride(from: digits - 1, through: 0, by: -1) {
            let digit = UInt8(truncatingIfNeeded: value >> UInt32(4 * i) & 15)
            text.unicodeScalars.append(Unicode.Scalar(digit < 10 ? 0x30 + digit : 0x57 + digit))
        }
        return text
    }
}
