import PinBoxCore

/// Draws the workbench's layers over a drawn page: the guides over every field, the frame
/// readout and the clock's state in the bottom-left corner, and the help card on top.
public enum WorkbenchOverlayPainter {
    public static let readoutSize = 10.0
    public static let readoutColor = Color(rgb: 0x1f2329)
    public static let readoutBackground = Color(rgb: 0xffffff, alpha: 0.85)

    public static func draw(_ overlay: WorkbenchOverlay, over scene: PageScene, scale s: Double, on canvas: Canvas) {
        if overlay.guides {
            for (field, rect) in zip(scene.fields, scene.geometry.fields) {
                GuidesPainter.draw(field, at: Point(x: rect.x, y: rect.y), on: canvas)
            }
        }
        let lines = [overlay.readout, overlay.status].compactMap { $0 }.filter { !$0.isEmpty }
        if !lines.isEmpty {
            let size = readoutSize * s, lineHeight = (size * 1.4).rounded(), pad = (4 * s).rounded()
            let width = lines.map { canvas.textExtents($0, size: size).width }.max() ?? 0
            let height = lineHeight * Double(lines.count) + pad
            let box = Rect(x: 0, y: Double(canvas.height) - height - pad, width: (width + 2 * pad).rounded(.up),
                           height: height + pad)
            canvas.fill(box, with: readoutBackground)
            for (i, line) in lines.enumerated() {
                canvas.drawText(line, at: Point(x: pad, y: box.y + pad + lineHeight * Double(i + 1) - (lineHeight - size)),
                                size: size, color: readoutColor)
            }
        }
        if overlay.help { HelpOverlay.draw(on: canvas, scale: s) }
    }
}
