// SPDX-License-Identifier: MIT
import CCairo
import PinBoxCore

/// What captures need beyond drawing a field: copying one canvas onto another, reading all
/// the pixels at once, and thin guide lines.
extension Canvas {
    /// Paints `other` with its top-left corner at `origin` (whole pixels: no resampling).
    public func draw(_ other: Canvas, at origin: Point) {
        other.flush()
        cairo_save(cr)
        cairo_set_source_surface(cr, other.surface, origin.x.rounded(), origin.y.rounded())
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Every pixel, row by row, as 0xAARRGGBB (alpha 0xff on an opaque canvas).
    public func pixels() -> [UInt32] {
        flush()
        let (data, stride) = pixelStorage
        let opaque: UInt32 = transparent ? 0 : 0xff00_0000
        var out = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width { out[y * width + x] = row.load(fromByteOffset: x * 4, as: UInt32.self) | opaque }
        }
        return out
    }

    /// A line `width` pixels wide from `a` to `b`; with `dash`, dashed that many pixels on and off.
    public func strokeLine(from a: Point, to b: Point, width: Double, color: Color, dash: Double? = nil) {
        setSource(color)
        cairo_set_line_width(cr, width)
        if let dash {
            var pattern = [dash, dash]
            cairo_set_dash(cr, &pattern, 2, 0)
        }
        cairo_move_to(cr, a.x, a.y)
        cairo_line_to(cr, b.x, b.y)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    /// A polyline through `points`.
    public func strokePath(_ points: [Point], width: Double, color: Color) {
        guard let first = points.first else { return }
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_stroke(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }

    /// A circle's outline, `width` pixels wide.
    public func strokeCircle(center: Point, radius: Double, width: Double, color: Color) {
        guard radius > 0 else { return }
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, radius, 0, 2 * .pi)
        cairo_stroke(cr)
    }
}
