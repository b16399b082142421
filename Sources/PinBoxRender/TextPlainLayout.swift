import CCairo
import PinBoxCore

/// Lays out and draws plain text (see `TextScript`) with DejaVu through FreeType, no Pango:
/// the fast path. It places glyphs as Pango does with the same font, so a paragraph measures
/// and wraps alike on either path: each glyph advances by its unhinted width rounded to a
/// whole pixel, no kerning; lines break where `TextLineBreaks` allows, trailing spaces count
/// toward a line's width, and a word wider than the line breaks between characters.
/// A class because it holds references to Cairo scaled fonts, released in `deinit`.
final class TextPlainLayout {
    /// One line: its glyphs and where each starts, relative to the line's start.
    struct Line {
        /// The scalars it holds, as offsets in its paragraph.
        var scalars: Range<Int>
        var glyphs: [UInt]
        var offsets: [Double]
        var width: Double
    }

    /// Advances unhinted, as Pango reads them.
    private let font: OpaquePointer
    /// Hinted metrics: the line height, and the glyphs as drawn (as Pango's font draws them).
    private let hinted: OpaquePointer
    let ascent: Double
    let lineHeight: Double
    private(set) var lines: [Line] = []
    /// Glyph and rounded advance of each character met so far.
    private var cache: [UInt32: (glyph: UInt, advance: Double)] = [:]

    init(_ text: String, style: TextStyle, width: Double?) {
        font = TextPlainLayout.scaledFont(style, hintMetrics: false)
        // Line height and ascent rounded by hinted metrics, as Pango reports them.
        hinted = TextPlainLayout.scaledFont(style, hintMetrics: true)
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(hinted, &extents)
        ascent = extents.ascent
        lineHeight = extents.ascent + extents.descent
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let scalars = Array(paragraph.unicodeScalars)
            let glyphs = scalars.map(glyph)
            if let width {
                wrap(scalars, glyphs, width: max(width, 0))
            } else {
                lines.append(line(glyphs[...], scalars))
            }
        }
    }

    deinit {
        cairo_scaled_font_destroy(font)
        cairo_scaled_font_destroy(hinted)
    }

    /// The widest line's width and the lines' total height.
    var size: Size {
        Size(width: lines.reduce(0) { max($0, $1.width) }.rounded(.up), height: lineHeight * Double(lines.count))
    }

    func draw(style: TextStyle, width: Double?, at origin: Point, on cr: OpaquePointer) {
        let box = width ?? size.width
        cairo_save(cr)
        cairo_set_scaled_font(cr, hinted)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, style.color.alpha)
        for (index, line) in lines.enumerated() where !line.glyphs.isEmpty {
            let x = origin.x + (style.alignment == .centre ? ((box - line.width) / 2).rounded() : 0)
            let y = origin.y + ascent + lineHeight * Double(index)
            let glyphs = zip(line.glyphs, line.offsets).map { cairo_glyph_t(index: $0, x: x + $1, y: y) }
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
        }
        cairo_restore(cr)
    }

    /// Splits one paragraph into lines no wider than `width`.
    private func wrap(_ scalars: [Unicode.Scalar], _ glyphs: [(glyph: UInt, advance: Double)], width: Double) {
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
    /// Pango's does; the last line of a paragraph counts all of its spaces.
    private func line(_ glyphs: ArraySlice<(glyph: UInt, advance: Double)>, _ scalars: [Unicode.Scalar],
                      wrapped: Bool = false) -> Line {
        var offsets: [Double] = []
        var width = 0.0
        for glyph in glyphs {
            offsets.append(width)
            width += glyph.advance
        }
        if wrapped, let last = glyphs.indices.last, isWhite(scalars[last]) { width -= glyphs[last].advance }
        return Line(scalars: glyphs.startIndex..<glyphs.endIndex, glyphs: glyphs.map { $0.glyph }, offsets: offsets,
                    width: width)
    }

    /// Spaces, no-break ones included: they hang at a line's end, though only " " breaks.
    private func isWhite(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\u{A0}" || scalar == "\u{2007}" || scalar == "\u{202F}"
    }

    private func glyph(_ scalar: Unicode.Scalar) -> (glyph: UInt, advance: Double) {
        if let known = cache[scalar.value] { return known }
        var found: (glyph: UInt, advance: Double) = (0, 0)
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
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
        cache[scalar.value] = found
        return found
    }

    /// DejaVu at `style.size`, hinted as `Canvas.drawText` draws it.
    private static func scaledFont(_ style: TextStyle, hintMetrics: Bool) -> OpaquePointer {
        var size = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&size, max(style.size, 0.1), max(style.size, 0.1))
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_copy(Fonts.options)!
        cairo_font_options_set_hint_metrics(options, hintMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        defer { cairo_font_options_destroy(options) }
        return cairo_scaled_font_create(style.bold ? Fonts.bold : Fonts.regular, &size, &identity, options)!
    }
}
