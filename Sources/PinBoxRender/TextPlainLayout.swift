import CCairo
import PinBoxCore

/// Lays out and draws text that needs no shaping (see `TextScript`) through FreeType, no Pango:
/// DejaVu, and for Chinese, Japanese and Korean the fonts Pango would pick (`TextFontRuns`). It
/// places glyphs as Pango does with the same fonts, so a paragraph measures, wraps and draws
/// alike on either path: each glyph advances by its unhinted width rounded to a whole pixel, no
/// kerning; lines break where `TextLineBreaks` allows, trailing spaces count toward a line's
/// width, a word wider than the line breaks between characters, and a line is as tall as the
/// tallest font on it.
/// A class because it holds references to Cairo scaled fonts, released in `deinit`.
final class TextPlainLayout {
    /// One line: its glyphs, the font of each and where each starts, relative to the line's start.
    struct Line {
        var glyphs: [UInt]
        var fonts: [Int]
        var offsets: [Double]
        var width: Double
        /// From the line's top to its baseline, and from the baseline to its bottom: the union of
        /// its runs' boxes (`TextFont`).
        var ascent: Double
        var descent: Double
        /// How far each font's glyphs sit above the baseline (by font index; 0 when absent).
        var rise: [Int: Double]
    }

    private let style: TextStyle
    /// DejaVu first, then each fallback font as a character first needs it.
    private var fonts: [TextFont] = []
    /// The first line's ascent: from the top of the block to its first baseline.
    var ascent: Double { lines.first?.ascent ?? Double(fonts[0].ascent) / 1024 }
    private(set) var lines: [Line] = []
    /// Glyph and rounded advance of each character met so far, per font.
    private var cache: [Int: [UInt32: (glyph: UInt, advance: Double)]] = [:]

    /// A character's glyph, its advance, its font, and whether it is in a run of Chinese,
    /// Japanese or Korean script (where a line starting with it sets the baseline).
    private typealias Glyph = (glyph: UInt, advance: Double, font: Int, ideographic: Bool)

    /// Nil when `fallbackFonts` is on and some character has no font (Pango draws it, as a box),
    /// or its font has baselines of its own. Without `fallbackFonts` every character is drawn
    /// with DejaVu (missing ones as its box).
    init?(_ text: String, style: TextStyle, width: Double?, fallbackFonts: Bool = true) {
        self.style = style
        fonts.append(TextFont(style.bold ? Fonts.bold : Fonts.regular, size: style.size))
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(paragraph.unicodeScalars)
            var faces = [Int](repeating: 0, count: scalars.count)
            var ideographic = [Bool](repeating: false, count: scalars.count)
            if fallbackFonts && !scalars.allSatisfy(TextScript.isPlain) {
                guard let runs = TextFontRuns.fonts(for: scalars, bold: style.bold, size: max(style.size, 0.1))
                else { return nil }
                faces = runs.map { index(of: $0.choice.face) }
                ideographic = runs.map { $0.ideographic }
                if faces.contains(where: { fonts[$0].hasBaselines }) { return nil }
            }
            let glyphs = scalars.indices.map { glyph(scalars[$0], font: faces[$0], ideographic: ideographic[$0]) }
            if let width {
                wrap(scalars, glyphs, width: max(width, 0))
            } else {
                lines.append(line(glyphs[...], scalars))
            }
        }
    }

    /// Every character drawn with DejaVu, missing ones as its box: what is left when Pango is
    /// not installed.
    static func dejaVuOnly(_ text: String, style: TextStyle, width: Double?) -> TextPlainLayout {
        TextPlainLayout(text, style: style, width: width, fallbackFonts: false)!  // never fails without fallback fonts
    }

    var metrics: TextMetrics {
        TextMetrics(size: size, firstBaseline: ascent, lineCount: lines.count)
    }

    deinit {
        for font in fonts { font.release() }
    }

    /// The widest line's width and the lines' total height.
    var size: Size {
        Size(width: lines.reduce(0) { max($0, $1.width) }.rounded(.up),
             height: lines.reduce(0) { $0 + $1.ascent + $1.descent }.rounded(.up))
    }

    func draw(style: TextStyle, width: Double?, at origin: Point, on cr: OpaquePointer) {
        let box = width ?? size.width
        cairo_save(cr)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, style.color.alpha)
        var top = origin.y
        for line in lines {
            defer { top += line.ascent + line.descent }
            let x = origin.x + (style.alignment == .centre ? ((box - line.width) / 2).rounded() : 0)
            // One cairo_show_glyphs per stretch of one font.
            var start = 0
            while start < line.glyphs.count {
                var end = start + 1
                while end < line.glyphs.count && line.fonts[end] == line.fonts[start] { end += 1 }
                let y = top + line.ascent - line.rise[line.fonts[start], default: 0]
                let glyphs = (start..<end).map { cairo_glyph_t(index: line.glyphs[$0], x: x + line.offsets[$0], y: y) }
                cairo_set_scaled_font(cr, fonts[line.fonts[start]].hinted)
                cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
                start = end
            }
        }
        cairo_restore(cr)
    }

    /// Splits one paragraph into lines no wider than `width`.
    private func wrap(_ scalars: [Unicode.Scalar], _ glyphs: [Glyph], width: Double) {
        let firstLine = lines.count
        let breaks = TextLineBreaks.opportunities(scalars)
        // The pieces between break opportunities, each with its trailing spaces.
        var pieces: [Range<Int>] = []
        var start = 0
        for i in 1..<max(scalars.count, 1) where breaks[i] {
            pieces.append(start..<i)
            start = i
        }
        pieces.append(start..<scalars.count)

        var lineStart = 0, lineEnd = 0, used = 0.0
        var next = 0
        var retry: Range<Int>?  // a piece, or what is left of one, that goes on the next line
        while true {
            let piece: Range<Int>
            if let pending = retry {
                piece = pending
                retry = nil
            } else if next < pieces.count {
                piece = pieces[next]
                next += 1
            } else {
                break
            }
            if piece.isEmpty { continue } // an empty paragraph
            let total = glyphs[piece].reduce(0) { $0 + $1.advance }
            // A line broken after this piece would not count its last space (Pango zeroes it).
            let hanging = isWhite(scalars[piece.upperBound - 1]) ? glyphs[piece.upperBound - 1].advance : 0
            if used + total - hanging <= width || scalars[piece].allSatisfy({ $0 == " " }) {
                lineEnd = piece.upperBound
                used += total
            } else if lineEnd > lineStart {
                // The piece starts the next line.
                lines.append(line(glyphs[lineStart..<lineEnd], scalars, wrapped: true))
                lineStart = piece.lowerBound
                lineEnd = lineStart
                used = 0
                retry = piece
            } else {
                // Wider than a line of its own: as many characters as fit, at least one. Spaces
                // count too, the last one zeroed, so a word that fits alone but not with its
                // spaces keeps those that fit and the next line starts with the others.
                var cut = piece.lowerBound + 1
                var fitted = glyphs[piece.lowerBound].advance
                while cut < piece.upperBound,
                      fitted + (isWhite(scalars[cut]) ? 0 : glyphs[cut].advance) <= width {
                    fitted += glyphs[cut].advance
                    cut += 1
                }
                lines.append(line(glyphs[piece.lowerBound..<cut], scalars, wrapped: true))
                lineStart = cut
                lineEnd = cut
                used = 0
                if cut < piece.upperBound { retry = cut..<piece.upperBound }
            }
        }
        if lineEnd > lineStart || lines.count == firstLine {
            lines.append(line(glyphs[lineStart..<lineEnd], scalars))
        }
    }

    /// A line of `glyphs`. When a wrap ends it, its width leaves out its last space, as
    /// Pango's does; the last line of a paragraph counts all of its spaces. An empty line is
    /// as tall as DejaVu.
    private func line(_ glyphs: ArraySlice<Glyph>, _ scalars: [Unicode.Scalar], wrapped: Bool = false) -> Line {
        var offsets: [Double] = []
        var width = 0.0
        for glyph in glyphs {
            offsets.append(width)
            width += glyph.advance
        }
        if wrapped, let last = glyphs.indices.last, isWhite(scalars[last]) { width -= glyphs[last].advance }
        // In Pango units. A line that starts in Chinese, Japanese or Korean lines the other
        // fonts up on its first font's ideographic baseline; any other keeps them on the roman one.
        let first = glyphs.first.flatMap { $0.ideographic ? $0.font : nil }
        var top = 0, bottom = 0
        var rise: [Int: Double] = [:]
        for font in Set(glyphs.isEmpty ? [0] : glyphs.map { $0.font }) {
            let shift = first.map { fonts[$0].ideographicBaseline - fonts[font].ideographicBaseline } ?? 0
            if shift != 0 { rise[font] = Double(shift) / 1024 }
            top = min(top, -fonts[font].ascent - shift)
            bottom = max(bottom, fonts[font].descent - shift)
        }
        return Line(glyphs: glyphs.map { $0.glyph }, fonts: glyphs.map { $0.font }, offsets: offsets, width: width,
                    ascent: Double(-top) / 1024, descent: Double(bottom) / 1024, rise: rise)
    }

    /// Spaces, no-break ones included: they hang at a line's end, though only " " breaks.
    private func isWhite(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{A0}" || scalar == "\u{2007}" || scalar == "\u{202F}"
    }

    private func glyph(_ scalar: Unicode.Scalar, font index: Int, ideographic: Bool) -> Glyph {
        if let known = cache[index]?[scalar.value] { return (known.glyph, known.advance, index, ideographic) }
        var found: (glyph: UInt, advance: Double) = (0, 0)
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let font = fonts[index].unhinted
        let status = String(Character(scalar)).withCString {
            cairo_scaled_font_text_to_glyphs(font, 0, 0, $0, -1, &glyphs, &count, nil, nil, nil)
        }
        if status == CAIRO_STATUS_SUCCESS, let glyphs, count > 0 {
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(font, glyphs, 1, &extents)
            // Rounded as Pango rounds HarfBuzz's advance: to 1/1024 pixel, then half up to a pixel.
            found = (glyphs[0].index, (((extents.x_advance * 1024).rounded() + 512) / 1024).rounded(.down))
        }
        cairo_glyph_free(glyphs)
        cache[index, default: [:]][scalar.value] = found
        return (found.glyph, found.advance, index, ideographic)
    }

    /// The index in `fonts` of `face`, added at the layout's size when new.
    private func index(of face: OpaquePointer) -> Int {
        if let known = fonts.firstIndex(where: { $0.face == face }) { return known }
        fonts.append(TextFont(face, size: style.size))
        return fonts.count - 1
    }
}
