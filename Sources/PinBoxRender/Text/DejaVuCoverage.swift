// SPDX-License-Identifier: MIT
/// Which text DejaVu draws alone, straight through FreeType and Cairo (`DejaVuLayout`): Latin,
/// Greek and Cyrillic, one glyph per character, left to right, no shaping. Everything else
/// (Chinese, Japanese, Korean, Arabic, Hebrew, combining marks, invisible format characters)
/// goes to Pango.
enum DejaVuCoverage {
    /// Ranges checked against the cmaps of DejaVuSans.ttf and DejaVuSans-Bold.ttf (2.37): both
    /// hold every character listed. Combining marks (U+0300–036F, U+0483–0489), the soft hyphen
    /// and the zero-width and direction marks (U+200B–200F) are left out on purpose: they need
    /// positioning or are invisible.
    private static let plain: [ClosedRange<UInt32>] = [
        0x0020...0x007E,                    // ASCII
        0x00A0...0x00AC, 0x00AE...0x02E9,   // Latin-1, Latin Extended-A and -B, IPA, modifiers
        0x0370...0x0377, 0x037A...0x037F, 0x0384...0x038A, 0x038C...0x038C,
        0x038E...0x03A1, 0x03A3...0x0482,   // Greek and Coptic, Cyrillic
        0x048A...0x0525,                    // Cyrillic, Cyrillic Supplement
        0x1E00...0x1EFB,                    // Latin Extended Additional (Vietnamese)
        0x2010...0x2027, 0x2030...0x205E,   // punctuation: dashes, quotes, ellipsis, per mille
        0x20A0...0x20B5, 0x20B8...0x20BA, 0x20BD...0x20BD, // currency signs
        0x2100...0x2109, 0x210B...0x2149,   // letterlike: ℃ № ™ Ω
        0x2190...0x21FF,                    // arrows
        0xFFFD...0xFFFD,                    // what TextSafety shows for a control character
    ]

    /// Whether every character of `text` (after `TextSafety`, so `\n` is the only control) is
    /// one DejaVu draws alone.
    static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isPlain)
    }

    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        // Most text is ASCII: answered before the table is searched.
        (scalar.value >= 0x20 && scalar.value < 0x7F) || scalar.value == 0x0A
            || plain.contains { $0.contains(scalar.value) }
    }
}
