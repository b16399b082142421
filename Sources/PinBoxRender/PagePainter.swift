import PinBoxCore

/// The demo page as one picture: background, title, labelled fields, focus ring, hint line.
public struct PageScene {
    public var layout: PageLayout
    public var title: String
    public var labels: [String]
    public var hint: String
    public var fields: [FieldScene]
    /// The field with the keyboard focus, while the window has it.
    public var focusRing: Int?
    public var background = Color(rgb: 0xf5f6f8)
    public var textColor = Color(rgb: 0x1f2329)
    public var secondaryColor = Color(rgb: 0x6b7280)
    public var ringColor = Color(rgb: 0x1677ff, alpha: 0.55)

    public init(layout: PageLayout, title: String, labels: [String], hint: String, fields: [FieldScene], focusRing: Int?) {
        self.layout = layout
        self.title = title
        self.labels = labels
        self.hint = hint
        self.fields = fields
        self.focusRing = focusRing
    }
}

/// Draws a `PageScene`, all of it or only what lies in a clip rectangle: the window redraws a
/// changed cell without touching the rest.
public enum PagePainter {
    public static func draw(_ page: PageScene, on canvas: Canvas, clip: Rect? = nil) {
        let layout = page.layout, m = layout.metrics, s = layout.scale
        let all = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        let area = clip ?? all
        func touched(_ r: Rect) -> Bool { area.intersects(r) }

        canvas.clipped(to: clip) {
            canvas.fill(area, with: page.background)
            if touched(layout.textBand(baseline: layout.title.y, size: m.titleSize, width: all.width)) {
                canvas.drawText(page.title, centeredAt: layout.title, size: m.titleSize * s, bold: true,
                                color: page.textColor, baselineOnly: true)
            }
            for (label, origin) in zip(page.labels, layout.labels)
            where touched(layout.textBand(baseline: origin.y, size: m.labelSize, width: all.width)) {
                canvas.drawText(label, centeredAt: origin, size: m.labelSize * s, color: page.secondaryColor,
                                baselineOnly: true)
            }
            if let i = page.focusRing, touched(layout.ring(around: i)) {
                let width = Layout.devicePixels(m.ringWidth, scale: s)
                canvas.strokeInside(layout.ring(around: i), width: width,
                                    radius: (page.fields[i].theme.cornerRadius + m.ringOffset) * s, color: page.ringColor)
            }
            for (field, rect) in zip(page.fields, layout.fields) where touched(rect) {
                FieldPainter.draw(field, at: Point(x: rect.x, y: rect.y), on: canvas, clip: clip)
            }
            if touched(layout.textBand(baseline: layout.hint.y, size: m.hintSize, width: all.width)) {
                canvas.drawText(page.hint, centeredAt: layout.hint, size: m.hintSize * s,
                                color: page.secondaryColor, baselineOnly: true)
            }
        }
    }
}
