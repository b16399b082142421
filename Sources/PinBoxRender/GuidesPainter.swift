// SPDX-License-Identifier: MIT
import CCairo
import PinBoxCore

/// The guides a tester checks geometry with, drawn over a field: the frame's bounds and each
/// cell's, the cell and dot centres, the full-size dot's outline, the text baselines of a
/// plain field, sizes in points; and a plot of the dots' easing curve. The window draws them
/// over its fields (F6, `--guides`); `pinbox render --guides` over a rendered field.
public enum GuidesPainter {
    public static let frameColor = Color(rgb: 0xe8590c)
    public static let cellColor = Color(rgb: 0x1c7ed6, alpha: 0.85)
    public static let dotColor = Color(rgb: 0xd6336c)
    public static let baselineColor = Color(rgb: 0x2f9e44)
    public static let labelSize = 9.0
    /// Room a picture needs above the field for the frame's size, in points.
    public static let labelBand = 14.0

    /// Draws the guides of `scene`, whose top-left corner is at `origin` (as given to
    /// `FieldPainter.draw`: the guides follow the shake). The frame's size is written just
    /// above it when there is room, else inside it.
    /// With `labelInside` (over a page, whose own label and title sit above each field), the
    /// frame's size goes inside the frame, at its bottom right, on a light backing: never over
    /// the page's text.
    public static func draw(_ scene: FieldScene, at origin: Point, on canvas: Canvas, labelInside: Bool = false) {
        let layout = scene.layout, theme = scene.theme, s = layout.scale
        let dx = (scene.shake * s).rounded()
        let bounds = layout.bounds.offsetBy(dx: origin.x + dx, dy: origin.y)
        let px = max(1, s.rounded(.down))
        let text = labelSize * s

        canvas.strokeInside(bounds, width: px, radius: 0, color: frameColor)
        let frameLabel = "\(points(layout.frame.width)) × \(points(layout.frame.height)) pt"
        if labelInside {
            let pad = (2 * s).rounded()
            let width = (canvas.textExtents(frameLabel, size: text).width + 2 * pad).rounded(.up)
            let box = Rect(x: bounds.maxX - px - width, y: bounds.maxY - px - (text * 1.3 + pad).rounded(), width: width,
                           height: (text * 1.3 + pad).rounded())
            canvas.fill(box, with: Color(rgb: 0xffffff, alpha: 0.85))
            canvas.drawText(frameLabel, at: Point(x: box.x + pad, y: box.maxY - pad - 1 * s), size: text, color: frameColor)
        } else {
            let above = bounds.y >= (labelBand - 2) * s
            canvas.drawText(frameLabel, at: Point(x: bounds.x, y: above ? bounds.y - 3 * s : bounds.maxY - 3 * s),
                            size: text, color: frameColor)
        }

        for (i, (cell, rect)) in zip(scene.cells, layout.cells).enumerated() {
            let r = rect.offsetBy(dx: origin.x + dx, dy: origin.y)
            canvas.strokeInside(r, width: px, radius: 0, color: cellColor)
            let c = r.mid
            let arm = 4 * s
            canvas.strokeLine(from: Point(x: c.x - arm, y: c.y), to: Point(x: c.x + arm, y: c.y), width: px, color: cellColor)
            canvas.strokeLine(from: Point(x: c.x, y: c.y - arm), to: Point(x: c.x, y: c.y + arm), width: px, color: cellColor)
            if theme.secure {
                // Where the dot lands when full grown, and its centre.
                canvas.strokeCircle(center: c, radius: theme.dotRadius * s, width: px, color: dotColor)
                canvas.fillCircle(center: c, radius: 1.5 * s, color: dotColor)
            } else {
                let baseline = canvas.baseline(for: theme.style(for: cell.state).font, scale: s, centre: c.y)
                canvas.strokeLine(from: Point(x: r.x, y: baseline + 0.5 * px), to: Point(x: r.maxX, y: baseline + 0.5 * px),
                                  width: px, color: baselineColor, dash: 2 * s)
            }
            if i == 0 {
                canvas.drawText("\(points(rect.width / s)) × \(points(rect.height / s))",
                                at: Point(x: r.x + 2 * s, y: r.y + text + 1 * s), size: text, color: cellColor)
                let note = theme.secure ? "r \(points(theme.dotRadius))" : "baseline"
                canvas.drawText(note, at: Point(x: r.x + 2 * s, y: r.maxY - 3 * s), size: text,
                                color: theme.secure ? dotColor : baselineColor)
            }
        }
    }

    /// Plots the dot's curve in `rect`: presence (alpha and scale) in blue, ink (alpha ×
    /// scale²) in magenta, over the configured duration; grey marks at a quarter of the time
    /// and half the ink.
    public static func plotCurve(_ easing: Easing, duration: Double, tickInterval: Double, in rect: Rect,
                                 scale s: Double, on canvas: Canvas) {
        canvas.fill(rect, with: .white)
        let px = max(1, s.rounded(.down))
        canvas.strokeInside(rect, width: px, radius: 0, color: Color(rgb: 0xadb5bd))
        let text = labelSize * s
        let plot = rect.insetBy(dx: 8 * s, dy: 8 * s)
        let area = Rect(x: plot.x, y: plot.y + text + 4 * s, width: plot.width, height: plot.height - text - 4 * s)
        func point(_ u: Double, _ v: Double) -> Point {
            Point(x: area.x + u * area.width, y: area.maxY - v * area.height)
        }
        let grey = Color(rgb: 0xced4da)
        canvas.strokeLine(from: point(0.25, 0), to: point(0.25, 1), width: px, color: grey, dash: 2 * s)
        canvas.strokeLine(from: point(0, 0.5), to: point(1, 0.5), width: px, color: grey, dash: 2 * s)
        canvas.strokeLine(from: point(0, 0), to: point(1, 0), width: px, color: Color(rgb: 0x868e96))
        var animator = Animator(count: 1, duration: duration, easing: easing, tickInterval: tickInterval)
        animator.setLength(1, at: 0)
        let span = max(duration, animator.restTime(after: 0) ?? 0, 1e-6)
        let samples = Int(area.width.rounded(.up))
        var presence: [Point] = [], ink: [Point] = []
        for i in 0...max(1, samples) {
            let u = Double(i) / Double(max(1, samples))
            let p = animator.presence(of: 0, at: u * span)
            presence.append(point(u, p))
            ink.append(point(u, Easing.ink(p)))
        }
        canvas.strokePath(presence, width: 1.5 * s, color: cellColor)
        canvas.strokePath(ink, width: 1.5 * s, color: dotColor)
        canvas.drawText("\(easing.rawValue) · \(points(span * 1000)) ms", at: Point(x: plot.x, y: plot.y + text),
                        size: text, bold: true, color: Color(rgb: 0x1f2329))
        let legend = "presence", inkLabel = "ink"
        let w1 = canvas.textExtents(legend, size: text).width, w2 = canvas.textExtents(inkLabel, size: text).width
        canvas.drawText(inkLabel, at: Point(x: plot.maxX - w2, y: plot.y + text), size: text, color: dotColor)
        canvas.drawText(legend, at: Point(x: plot.maxX - w2 - 8 * s - w1, y: plot.y + text), size: text, color: cellColor)
    }

    /// `pinbox render --guides`: the field with its guides and, below, its curve.
    public static func render(_ scene: FieldScene, configuration: FieldConfiguration,
                              transparent: Bool = false) throws(RenderError) -> Canvas {
        let s = configuration.scale, m = (Sheet.margin * s).rounded()
        let top = (labelBand * s).rounded() + m / 2
        let plotHeight = (110 * s).rounded()
        let bounds = scene.layout.bounds
        let width = max(bounds.width + 2 * m, (240 * s).rounded())
        let height = top + bounds.height + m + plotHeight + m
        let canvas = try Canvas(width: Int(width), height: Int(height), transparent: transparent)
        if !transparent { canvas.fill(Rect(x: 0, y: 0, width: width, height: height), with: Sheet.background) }
        let origin = Point(x: m, y: top)
        FieldPainter.draw(scene, at: origin, on: canvas)
        draw(scene, at: origin, on: canvas)
        plotCurve(configuration.easing, duration: configuration.duration, tickInterval: configuration.tickInterval,
                  in: Rect(x: m, y: top + bounds.height + m, width: width - 2 * m, height: plotHeight),
                  scale: s, on: canvas)
        return canvas
    }

    /// A length in points as a person writes it: whole, or to a tenth.
    static func points(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}

extension Canvas {
    /// The baseline plain characters in `font` sit on in a cell centred at `centre` (as
    /// `drawSecretCharacter(_:centeredAt:font:…)` places them: a digit's ink centred).
    func baseline(for font: FontSpec, scale: Double, centre: Double) -> Double {
        cairo_set_font_face(cr, FontFaces.face(for: font))
        cairo_set_font_options(cr, fontOptions)
        cairo_set_font_size(cr, max(font.size * scale, 0.1))
        var digit = cairo_text_extents_t()
        cairo_text_extents(cr, "0", &digit)
        return (centre - digit.height / 2 - digit.y_bearing).rounded()
    }
}
