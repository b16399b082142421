// SPDX-License-Identifier: MIT
import CCairo
import PinBoxCore

/// Paths and text on a canvas, in device pixels.
extension Canvas {
    /// A rectangle with rounded corners (plain when `radius` is 0), as the current path.
    func roundedRectPath(_ r: Rect, radius: Double) {
        let radius = min(radius, r.width / 2, r.height / 2)
        guard radius > 0 else {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, .pi / 2)
        cairo_arc(cr, r.x + radius, r.maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, r.x + radius, r.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    public func fillRounded(_ r: Rect, radius: Double, with color: Color) {
        setSource(color)
        roundedRectPath(r, radius: radius)
        cairo_fill(cr)
    }

    /// Strokes a border of `width` whole pixels just inside `r`: the stroke's centre sits half
    /// a width in, so every covered pixel is covered fully and the line stays crisp.
    public func strokeInside(_ r: Rect, width: Double, radius: Double, color: Color) {
        guard width > 0, r.width > width, r.height > width else { return }
        setSource(color)
        cairo_set_line_width(cr, width)
        roundedRectPath(r.insetBy(dx: width / 2, dy: width / 2), radius: max(0, radius - width / 2))
        cairo_stroke(cr)
    }

    public func fillCircle(center: Point, radius: Double, color: Color) {
        guard radius > 0 else { return }
        setSource(color)
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        cairo_fill(cr)
    }

    /// Draws `text` with its ink box centred on `center`; with `baselineOnly`, centred
    /// horizontally and sitting on the baseline `center.y` (a line of prose, not a glyph).
    public func drawText(_ text: String, centeredAt center: Point, size: Double, bold: Bool = false,
                         color: Color, baselineOnly: Bool = false) {
        if !DejaVuCoverage.isPlain(text) {
            // Chinese labels of a translated page, an Arabic title: shaped by Pango, placed
            // the same way (centred, on the baseline).
            let style = TextStyle(size: size, bold: bold, color: color)
            let m = TextLayout.metrics(text, style: style, width: nil)
            let top = baselineOnly ? center.y - m.firstBaseline : center.y - m.size.height / 2
            TextLayout.draw(text, style: style, width: nil,
                            at: Point(x: (center.x - m.size.width / 2).rounded(), y: top.rounded()), on: self)
            return
        }
        let ink = textExtents(text, size: size, bold: bold)
        let y = baselineOnly ? center.y : center.y - ink.height / 2 - ink.y
        drawText(text, at: Point(x: (center.x - ink.width / 2 - ink.x).rounded(), y: y),
                 size: size, bold: bold, color: color)
    }

    /// Draws `text` with its baseline starting at `origin`.
    public func drawText(_ text: String, at origin: Point, size: Double, bold: Bool = false, color: Color) {
        if !DejaVuCoverage.isPlain(text) {
            // A translated link or message (忘记密码？): shaped by Pango, its first line on the baseline.
            let style = TextStyle(size: size, bold: bold, color: color)
            let m = TextLayout.metrics(text, style: style, width: nil)
            TextLayout.draw(text, style: style, width: nil, at: Point(x: origin.x, y: (origin.y - m.firstBaseline).rounded()),
                            on: self)
            return
        }
        selectFont(size: size, bold: bold)
        setSource(color)
        cairo_move_to(cr, origin.x, origin.y)
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }

    /// The ink box of `text` relative to its baseline origin; for text Pango sets, its line box.
    public func textExtents(_ text: String, size: Double, bold: Bool = false) -> Rect {
        if !DejaVuCoverage.isPlain(text) {
            let m = TextLayout.metrics(text, style: TextStyle(size: size, bold: bold), width: nil)
            return Rect(x: 0, y: -m.firstBaseline, width: m.size.width, height: m.size.height)
        }
        selectFont(size: size, bold: bold)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        return Rect(x: e.x_bearing, y: e.y_bearing, width: e.width, height: e.height)
    }

    private func selectFont(size: Double, bold: Bool) {
        cairo_set_font_face(cr, drawn(bold ? Fonts.bold : Fonts.regular))
        cairo_set_font_options(cr, fontOptions)
        cairo_set_font_size(cr, max(size, 0.1))
    }
}

/// Clipping and marks the field painter needs beyond plain fills.
extension Canvas {
    /// Runs `body` with drawing limited to `r` with rounded corners.
    func clippedRounded(to r: Rect, radius: Double, _ body: () -> Void) {
        guard radius > 0 else { return body() }
        cairo_save(cr)
        roundedRectPath(r, radius: radius)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    /// A success badge: a filled disc of `radius` with a check mark cut out of it in `mark`.
    func drawCheckBadge(center c: Point, radius: Double, color: Color, mark: Color) {
        fillCircle(center: c, radius: radius, color: color)
        guard radius > 2 else { return }
        setSource(mark)
        cairo_set_line_width(cr, max(1, radius * 0.22))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, c.x - radius * 0.45, c.y + radius * 0.02)
        cairo_line_to(cr, c.x - radius * 0.12, c.y + radius * 0.35)
        cairo_line_to(cr, c.x + radius * 0.48, c.y - radius * 0.32)
        cairo_stroke(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }
}
