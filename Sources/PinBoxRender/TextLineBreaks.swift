/// Where a line of plain text (see `TextScript`) may break: the part of Unicode's line
/// breaking rules (UAX #14) that Latin, Greek and Cyrillic text meets, matched against what
/// Pango 1.50 does with the same text, so a paragraph wraps alike on either path. After spaces;
/// after a slash, a dash, a hyphen (not before a digit), `|`, `!`, `?`, `}` and `…`; before an
/// em dash. Never before closing punctuation, a slash or `!`/`?`, even after a space ("key
/// /home" keeps the slash with its path); never next to a quote or a no-break space.
enum TextLineBreaks {
    /// `allowed[i]`: a line may start at scalar `i` (index 0 is always false).
    static func opportunities(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var allowed = [Bool](repeating: false, count: scalars.count)
        guard scalars.count > 1 else { return allowed }
        for i in 1..<scalars.count {
            let before = scalars[i - 1].value, after = scalars[i].value
            if after == 0x20 {
                allowed[i] = false
            } else if before == 0x20 {
                allowed[i] = !closing.contains(after)
            } else if neverBefore.contains(after) || neverAfter.contains(before) {
                allowed[i] = false
            } else if before == 0x2D { // hyphen-minus: not in "-1" or "3-4"
                allowed[i] = !(0x30...0x39).contains(after)
            } else {
                allowed[i] = breaksAfter.contains(before) || after == 0x2014
            }
        }
        return allowed
    }

    /// Closing punctuation, `!`, `?` and `/`: never at the start of a line (UAX #14 LB13,
    /// which holds after spaces too).
    private static let closing: [UInt32] = [
        0x7D, 0x29, 0x5D, 0x21, 0x3F, 0x2C, 0x2E, 0x3A, 0x3B, 0x2F, // } ) ] ! ? , . : ; /
        0x203C, 0x2049, 0x2048, 0x2047,                             // ‼ ⁉ ⁈ ⁇
    ]

    /// Never at the start of a line unless a space comes before: the above, quotes, no-break
    /// spaces, hyphens and dashes that break after, the ellipsis.
    private static let neverBefore: [UInt32] = closing + [
        0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201A, 0x201B, 0x201C, 0x201D, 0x201E, 0x201F, 0x2039, 0x203A,
        0xA0, 0x202F, 0x2007, 0x2011,
        0x2D, 0x2010, 0x2013, 0x7C, 0x2026,
    ]

    /// Never at the end of a line: opening brackets, quotes, no-break spaces.
    private static let neverAfter: [UInt32] = [
        0x28, 0x5B, 0x7B,
        0x22, 0x27, 0xAB, 0xBB, 0x2018, 0x2019, 0x201A, 0x201B, 0x201C, 0x201D, 0x201E, 0x201F, 0x2039, 0x203A,
        0xA0, 0x202F, 0x2007, 0x2011,
    ]

    /// A line may end after these (before anything not excluded above).
    private static let breaksAfter: [UInt32] = [
        0x2F, 0x2010, 0x2013, 0x2014, 0x7C, 0x21, 0x3F, 0x7D, 0x2026, // / ‐ – — | ! ? } …
    ]
}
