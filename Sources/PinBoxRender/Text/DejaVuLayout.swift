// SPDX-License-Identifier: MIT
import CCairo
import PinBoxCore

/// Lays out and draws text DejaVu draws alone (`DejaVuCoverage`: Latin, Greek, Cyrillic) straight
/// through FreeType and Cairo, without Pango: the fast path, for the text most dialogs hold. Each
/// glyph advances by its unhinted width rounded to a whole pixel, no kerning, as Pango places the
/// same glyphs (`PangoText`), so a line of it looks alike on either path.
///
/// Lines break at spaces; a word wider than the line breaks between characters, as many as fit (at
/// least one), and says so (`splitAWord`): `TextLayout` then gives the text to Pango, which breaks
/// a path after its slashes as Unicode's rules allow. Spaces at the end of a wrapped line hang past
/// it and do not count toward its width. With a `maxHeight` (and a width) the lines that do not fit
/// are left out and the last line shown ends with "…", as Pango ellipsizes. Time and memory grow
/// linearly with the text, and a bounded layout stops once its lines are full.
///
/// A class because it holds references to Cairo scaled fonts, released in `deinit`.
final class DejaVuLayout {
    /// One line: a stretch of the text's scalars, and its width.
    struct Line {
        var range: Range<Int>
        var width: Double
        /// The line ends with "…": text after it was left out.
        var ellipsis = false
    }

    private let scalars: [Unicode.Scalar]
    /// The face and its size, for drawing.
    private let face: OpaquePointer
    private let em: Double
    /// Advances unhinted, as Pango reads them.
    private let unhinted: OpaquePointer
    /// Every line is as tall as the font: its ascent and descent, each rounded up to a whole
    /// pixel as Pango rounds a line's.
    let ascent: Double
    let lineHeight: Double
    private(set) var lines: [Line] = []
    /// A word alone was wider than the line, and was broken between two of its characters.
    private(set) var splitAWord = false
    /// Glyph and rounded advance of each character met so far.
    private var cache: [UInt32: (glyph: UInt, advance: Double)] = [:]

    init(_ text: String, style: TextStyle, width: Double?) {
        scalars = Array(text.unicodeScalars)
        face = style.monospace ? Fonts.monospace : style.bold ? Fonts.bold : Fonts.regular
        em = style.size
        unhinted = DejaVuLayout.scaledFont(face, size: em, options: Fonts.options(.standard), hintMetrics: false)
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(unhinted, &extents)
        ascent = extents.ascent.rounded(.up)
        lineHeight = ascent + extents.descent.rounded(.up)
        let width = width.map { max($0, 0) }
        let mostLines = width.flatMap { _ in style.maxHeight }.map { max(1, Int(($0 / lineHeight).rounded(.down))) }
        layOut(width: width, mostLines: mostLines ?? Int.max)
    }

    deinit {
        cairo_scaled_font_destroy(unhinted)
    }

    var metrics: TextMetrics {
        TextMetrics(size: size, firstBaseline: ascent, lineCount: lines.count, truncated: truncated)
    }

    /// The widest line's width and the lines' total height.
    var size: Size {
        Size(width: lines.reduce(0) { max($0, $1.width) }.rounded(.up), height: Double(lines.count) * lineHeight)
    }

    /// Whether text was left out to keep within the height.
    var truncated: Bool { lines.last?.ellipsis ?? false }

    /// Draws the lines in the canvas's rendering, each glyph where the unhinted advances put it
    /// (as Pango places them): hinting changes a letter's outline, never the line.
    func draw(style: TextStyle, width: Double?, at origin: Point, on canvas: Canvas) {
        let box = width ?? size.width
        let cr = canvas.cr
        let drawn = DejaVuLayout.scaledFont(canvas.drawn(face), size: em, options: canvas.fontOptions, hintMetrics: true)
        defer { cairo_scaled_font_destroy(drawn) }
        cairo_save(cr)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, style.color.alpha)
        cairo_set_scaled_font(cr, drawn)
        for (index, line) in lines.enumerated() {
            var x = origin.x + (style.alignment == .centre ? ((box - line.width) / 2).rounded() : 0)
            let y = origin.y + Double(index) * lineHeight + ascent
            var glyphs: [cairo_glyph_t] = []
            glyphs.reserveCapacity(line.range.count + 1)
            for i in line.range {
                let (glyph, advance) = self.glyph(scalars[i])
                glyphs.append(cairo_glyph_t(index: glyph, x: x, y: y))
                x += advance
            }
            if line.ellipsis { glyphs.append(cairo_glyph_t(index: glyph("…").glyph, x: x, y: y)) }
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
        }
        cairo_restore(cr)
    }

    /// Splits the text into paragraphs at `\n`, and each into lines no wider than `width`.
    private func layOut(width: Double?, mostLines: Int) {
        var start = 0
        while start <= scalars.count {
            var end = start
            while end < scalars.count && scalars[end] != "\n" { end += 1 }
            if let width {
                wrap(start..<end, width: width, mostLines: mostLines)
            } else {
                lines.append(Line(range: start..<end, width: advance(of: start..<end)))
            }
            if lines.count > mostLines {
                lines.removeLast(lines.count - mostLines)
                // Only empty lines left out: nothing the reader misses, no sign.
                if scalars[lines[mostLines - 1].range.upperBound...].contains(where: { $0 != "\n" }) {
                    endWithEllipsis(width: width ?? .infinity)
                }
                return
            }
            start = end + 1
        }
    }

    /// Breaks one paragraph into lines; stops after one line more than `mostLines` in all.
    private func wrap(_ paragraph: Range<Int>, width: Double, mostLines: Int) {
        var line = Line(range: paragraph.lowerBound..<paragraph.lowerBound, width: 0)
        var hanging = 0.0  // the spaces that end the line so far, not counted in its width
        var i = paragraph.lowerBound
        while i < paragraph.upperBound {
            guard lines.count <= mostLines else { return }
            // The next word and the spaces after it.
            var wordEnd = i, wordWidth = 0.0
            while wordEnd < paragraph.upperBound && scalars[wordEnd] != " " {
                wordWidth += glyph(scalars[wordEnd]).advance
                wordEnd += 1
            }
            var spacesEnd = wordEnd, spacesWidth = 0.0
            while spacesEnd < paragraph.upperBound && scalars[spacesEnd] == " " {
                spacesWidth += glyph(scalars[spacesEnd]).advance
                spacesEnd += 1
            }
            if wordEnd == i && line.range.isEmpty {
                // Spaces that start a paragraph indent it.
                line = Line(range: line.range.lowerBound..<spacesEnd, width: line.width + spacesWidth)
                i = spacesEnd
                continue
            }
            if !line.range.isEmpty && line.width + hanging + wordWidth > width {
                lines.append(line)
                line = Line(range: i..<i, width: 0)
                hanging = 0
            }
            if line.range.isEmpty && wordWidth > width {
                // Alone wider than a line: as many characters as fit on each, at least one.
                splitAWord = true
                var from = i
                while from < wordEnd {
                    guard lines.count <= mostLines else { return }
                    var fitted = glyph(scalars[from]).advance, to = from + 1
                    while to < wordEnd, fitted + glyph(scalars[to]).advance <= width {
                        fitted += glyph(scalars[to]).advance
                        to += 1
                    }
                    line = Line(range: from..<to, width: fitted)
                    if to < wordEnd { lines.append(line) }
                    from = to
                }
            } else {
                line.width += hanging + wordWidth
            }
            line.range = line.range.lowerBound..<spacesEnd
            hanging = spacesWidth
            i = spacesEnd
        }
        lines.append(line)
    }

    /// Ends the last line with "…", leaving out as many characters (and the spaces before them)
    /// as it takes to fit the ellipsis within `width`.
    private func endWithEllipsis(width: Double) {
        guard var line = lines.popLast() else { return }
        let ellipsis = glyph("…").advance
        var end = line.range.upperBound
        var used = advance(of: line.range.lowerBound..<end)
        while end > line.range.lowerBound, used + ellipsis > width || scalars[end - 1] == " " {
            end -= 1
            used -= glyph(scalars[end]).advance
        }
        line.range = line.range.lowerBound..<end
        line.width = used + ellipsis
        line.ellipsis = true
        lines.append(line)
    }

    private func advance(of range: Range<Int>) -> Double {
        range.reduce(0) { $0 + glyph(scalars[$1]).advance }
    }

    private func glyph(_ scalar: Unicode.Scalar) -> (glyph: UInt, advance: Double) {
        if let known = cache[scalar.value] { return known }
        var found: (glyph: UInt, advance: Double) = (0, 0)
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let status = String(Character(scalar)).withCString {
            cairo_scaled_font_text_to_glyphs(unhinted, 0, 0, $0, -1, &glyphs, &count, nil, nil, nil)
        }
        if status == CAIRO_STATUS_SUCCESS, let glyphs, count > 0 {
            var extents = cairo_text_extents_t()
            cairo_scaled_font_glyph_extents(unhinted, glyphs, 1, &extents)
            // Rounded as Pango rounds HarfBuzz's advance: to 1/1024 pixel, then half up to a pixel.
            found = (glyphs[0].index, (((extents.x_advance * 1024).rounded() + 512) / 1024).rounded(.down))
        }
        cairo_glyph_free(glyphs)
        cache[scalar.value] = found
        return found
    }

    /// `face` at `size` with `options`, their metrics hinted or not.
    private static func scaledFont(_ face: OpaquePointer, size: Double, options given: OpaquePointer,
                                   hintMetrics: Bool) -> OpaquePointer {
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, max(size, 0.1), max(size, 0.1))
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_copy(given)!
        cairo_font_options_set_hint_metrics(options, hintMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        defer { cairo_font_options_destroy(options) }
        return cairo_scaled_font_create(face, &matrix, &identity, options)!
    }
}
