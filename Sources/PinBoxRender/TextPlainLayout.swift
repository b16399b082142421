import CCairo
import PinBoxCore

/// Lays out and draws plain text (see `TextScript`) with DejaVu through FreeType, no Pango:
/// the fast path. Lines break as Pango's word-then-character wrapping would: after the spaces
/// that follow a word, inside a word only when the word alone is wider than the line.
/// Advances are whole pixels (hinted metrics) and there is no kerning, so a line's width is
/// the sum of its characters' advances, the same in measuring and in drawing.
/// A class because it holds a reference to a Cairo scaled font, released in `deinit`.
final class TextPlainLayout {
    /// One line: its text (trailing spaces included) and the width of its ink-bearing part.
    struct Line {
        var text: Substring
        var width: Double
    }

    let font: OpaquePointer
    let ascent: Double
    let lineHeight: Double
    private(set) var lines: [Line] = []

    init(_ text: String, style: TextStyle, width: Double?) {
        font = TextPlainLayout.scaledFont(style)
        var extents = cairo_font_extents_t()
        cairo_scaled_font_extents(font, &extents)
        ascent = extents.ascent
        lineHeight = extents.ascent + extents.descent
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let width {
                wrap(paragraph, width: max(width, 0))
            } else {
                lines.append(Line(text: paragraph, width: advance(of: paragraph)))
            }
        }
    }

    deinit {
        cairo_scaled_font_destroy(font)
    }

    /// The widest line's width and the lines' total height.
    var size: Size {
        Size(width: lines.reduce(0) { max($0, $1.width) }.rounded(.up), height: lineHeight * Double(lines.count))
    }

    func draw(style: TextStyle, width: Double?, at origin: Point, on cr: OpaquePointer) {
        let box = width ?? size.width
        cairo_save(cr)
        cairo_set_scaled_font(cr, font)
        cairo_set_source_rgba(cr, style.color.red, style.color.green, style.color.blue, style.color.alpha)
        for (index, line) in lines.enumerated() {
            let indent = style.alignment == .centre ? ((box - line.width) / 2).rounded() : 0
            cairo_move_to(cr, origin.x + indent, origin.y + ascent + lineHeight * Double(index))
            String(line.text).withCString { cairo_show_text(cr, $0) }
        }
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    /// Splits one paragraph into lines no wider than `width`.
    private func wrap(_ paragraph: Substring, width: Double) {
        var start = paragraph.startIndex   // where the current line starts
        var end = start                    // the end of what it holds so far
        var inked = 0.0                    // its width without trailing spaces
        var total = 0.0                    // with them
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            // The next word and the spaces after it.
            var wordEnd = index
            while wordEnd < paragraph.endIndex, paragraph[wordEnd] != " " { wordEnd = paragraph.index(after: wordEnd) }
            var spacesEnd = wordEnd
            while spacesEnd < paragraph.endIndex, paragraph[spacesEnd] == " " { spacesEnd = paragraph.index(after: spacesEnd) }
            let word = advance(of: paragraph[index..<wordEnd])
            let spaces = advance(of: paragraph[wordEnd..<spacesEnd])
            if total + word <= width || (start == end && word <= width) {
                inked = total + word
                total += word + spaces
            } else if start < end {
                // The word starts the next line.
                lines.append(Line(text: paragraph[start..<end], width: inked))
                start = index
                inked = 0
                total = 0
                continue
            } else {
                // A word wider than the line on a line of its own: break it between characters.
                var cut = index
                var used = 0.0
                while cut < wordEnd {
                    let next = paragraph.index(after: cut)
                    let step = advance(of: paragraph[cut..<next])
                    if used + step > width, cut > index { break }
                    used += step
                    cut = next
                }
                if cut < wordEnd {
                    lines.append(Line(text: paragraph[index..<cut], width: used))
                    start = cut
                    end = cut
                    index = cut
                    inked = 0
                    total = 0
                    continue
                }
                inked = used
                total = used + spaces
            }
            end = spacesEnd
            index = spacesEnd
        }
        lines.append(Line(text: paragraph[start..<end], width: inked))
    }

    private func advance(of text: Substring) -> Double {
        guard !text.isEmpty else { return 0 }
        var extents = cairo_text_extents_t()
        String(text).withCString { cairo_scaled_font_text_extents(font, $0, &extents) }
        return extents.x_advance
    }

    /// DejaVu at `style.size`, hinted as `Canvas.drawText` draws it and with whole-pixel
    /// advances (what an image surface asks for anyway), so measuring needs no surface.
    private static func scaledFont(_ style: TextStyle) -> OpaquePointer {
        var size = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&size, max(style.size, 0.1), max(style.size, 0.1))
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_copy(Fonts.options)!
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON)
        defer { cairo_font_options_destroy(options) }
        return cairo_scaled_font_create(style.bold ? Fonts.bold : Fonts.regular, &size, &identity, options)!
    }
}
