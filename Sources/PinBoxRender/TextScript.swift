/// Which text PinBox draws itself, straight from FreeType, and which goes to Pango. Plain text
/// (Latin, Greek, Cyrillic: one glyph per character, no shaping) is DejaVu's alone. Chinese,
/// Japanese and Korean need other fonts but no shaping either: PinBox draws them too, with the
/// fonts Pango would pick (`FallbackFonts`). Anything else (Arabic, Hebrew, combining marks,
/// invisible format characters) goes to Pango.
enum TextScript {
    enum Route: Equatable {
        /// DejaVu alone.
        case dejaVu
        /// DejaVu and the fonts fontconfig gives for what DejaVu lacks, no shaping.
        case withFallbackFonts
        /// Pango: shaping, bidi, or characters PinBox has not checked it draws as Pango does.
        case pango
    }

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

    /// Chinese, Japanese and Korean characters that need no shaping: one glyph each, left to
    /// right, whose line-breaking classes `TextLineBreaks` knows. Small kana, iteration marks,
    /// the ideographic space, compatibility ideographs and the rarer punctuation go to Pango.
    private static let unshaped: [ClosedRange<UInt32>] = [
        0x3001...0x3002, 0x3008...0x3011,   // 、。〈〉《》「」『』【】
        0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FC, // hiragana, katakana, ー
        0x3400...0x4DBF, 0x4E00...0x9FFF,   // CJK ideographs (Extension A, the Unified block)
        0xAC00...0xD7A3,                    // Hangul syllables
        0xFF01...0xFF01, 0xFF08...0xFF09, 0xFF0C...0xFF0C, 0xFF0E...0xFF0E, 0xFF1A...0xFF1B,
        0xFF1F...0xFF1F,                    // ！（），．：；？
    ]

    /// How `text` (after TextSafety, so `\n` is the only control) is drawn.
    static func route(_ text: String) -> Route {
        var route = Route.dejaVu
        for scalar in text.unicodeScalars where !isPlain(scalar) {
            guard unshaped.contains(where: { $0.contains(scalar.value) }) else { return .pango }
            route = .withFallbackFonts
        }
        return route
    }

    /// Whether every character of `text` is one DejaVu draws alone.
    static func isPlain(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(isPlain)
    }

    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x0A || plain.contains { $0.contains(scalar.value) }
    }

    /// The Unicode script of a character of plain or unshaped text, as far as Pango's itemizing
    /// needs it: a run of text ends where a letter of another script starts.
    enum Script: Equatable {
        case common, latin, greek, coptic, cyrillic, han, hiragana, katakana, hangul
    }

    static func script(_ scalar: Unicode.Scalar) -> Script {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2B8, 0x2E0...0x2E4,
             0x1E00...0x1EFF, 0x212A, 0x212B, 0x2132, 0x214E:
            return .latin
        case 0x3E2...0x3EF: return .coptic
        case 0x374, 0x37E, 0x385, 0x387: return .common
        case 0x370...0x3FF, 0x2126: return .greek
        case 0x400...0x52F: return .cyrillic
        case 0x3041...0x3096: return .hiragana
        case 0x30A1...0x30FA: return .katakana
        case 0x3400...0x4DBF, 0x4E00...0x9FFF: return .han
        case 0xAC00...0xD7A3: return .hangul
        default: return .common
        }
    }
}
