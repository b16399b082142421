// SPDX-License-Identifier: MIT
/// What a payment sheet's amount may be: the one thing on the sheet a user must read right, so
/// nothing in it may disguise a digit or reorder it. ASCII digits, the group and decimal
/// separators people write (`,` `.` `'`, a space, a no-break or narrow no-break space) and at
/// most one currency sign that is not written right to left; no controls, no line breaks, no
/// marks that reorder text, no look-alike digits of other scripts.
public enum PayAmount {
    /// The most characters an amount may have: a longer one is a mistake or a trick.
    public static let maximumLength = 40

    /// Why `amount` cannot be shown, or nil when it can (an empty amount shows none).
    public static func problem(_ amount: String) -> String? {
        guard !amount.isEmpty else { return nil }
        let scalars = amount.unicodeScalars
        guard scalars.count <= maximumLength else { return "is at most \(maximumLength) characters long" }
        var signs = 0, digits = 0
        for s in scalars {
            if s.value >= 0x30 && s.value <= 0x39 {
                digits += 1
            } else if separators.contains(s.value) {
                continue
            } else if isCurrencySign(s) {
                signs += 1
                guard signs == 1 else { return "has more than one currency sign" }
            } else {
                return "may hold only the digits 0–9, the separators , . ' and spaces, and one currency sign"
                    + " such as ¥ or $, not " + codePoint(s)
            }
        }
        return digits == 0 ? "has no digit" : nil
    }

    /// `,` `.` `'` space, no-break space, narrow no-break space.
    static let separators: Set<UInt32> = [0x2c, 0x2e, 0x27, 0x20, 0xa0, 0x202f]

    /// A currency sign written left to right or weakly (every one but those of the Arabic
    /// blocks, which would turn the line right to left around the digits).
    static func isCurrencySign(_ s: Unicode.Scalar) -> Bool {
        guard s.properties.generalCategory == .currencySymbol else { return false }
        return !(0x0600...0x06ff).contains(s.value) && !(0xfb50...0xfdff).contains(s.value)
            && !(0xfe70...0xfeff).contains(s.value)
    }

    /// `U+200F`: names a character without showing it (it may be invisible or reorder the line).
    static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The amount as drawn in `width` device pixels: at `size`, or smaller down to `smallest`
    /// (half of it unless said), or at that size cut with an ellipsis at its end (never a slice
    /// from the middle).
    public static func fitted(_ amount: String, size: Double, bold: Bool = true, width: Double,
                              smallest: Double? = nil, measure: TextMeasure) -> (text: String, size: Double) {
        func widthOf(_ text: String, _ size: Double) -> Double {
            measure(text, TextStyle(size: size, bold: bold), nil).width
        }
        let natural = widthOf(amount, size)
        guard natural > width, natural > 0 else { return (amount, size) }
        let smallest = smallest ?? size / 2
        // The size in proportion first; text does not scale exactly (whole-pixel advances), so
        // a few steps smaller, never below the smallest, and only then a cut.
        let proportional = (size * width / natural * 100).rounded(.down) / 100
        for step in 0..<4 {
            let tried = max(proportional - Double(step) * size / 50, smallest)
            if widthOf(amount, tried) <= width { return (amount, tried) }
            if tried == smallest { break }
        }
        var scalars = Array(amount.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            var text = String(String.UnicodeScalarView(scalars))
            text += "…"
            if widthOf(text, smallest) <= width { return (text, smallest) }
        }
        return ("…", smallest)
    }
}
