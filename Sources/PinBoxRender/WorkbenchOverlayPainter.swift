// SPDX-License-Identifier: MIT
import PinBoxCore

/// Draws the workbench's layers over a drawn page: the guides over every field, the frame
/// readout and the clock's state along the top edge, and the help card on top.
public enum WorkbenchOverlayPainter {
    public static let readoutSize = 10.0
    public static let readoutColor = Color(rgb: 0x1f2329)
    public static let readoutBackground = Color(rgb: 0xffffff, alpha: 0.85)

    public static func draw(_ overlay: WorkbenchOverlay, over scene: PageScene, scale s: Double, on canvas: Canvas) {
        if overlay.guides {
            for (field, rect) in zip(scene.fields, scene.geometry.fields) {
                GuidesPainter.draw(field, at: Point(x: rect.x, y: rect.y), on: canvas, labelInside: true)
            }
        }
        // One line each along the top edge, above the title: the readout on the left, the
        // clock's state on the right.
        if let readout = overlay.readout, !readout.isEmpty { label(readout, right: false, scale: s, on: canvas) }
        if let status = overlay.status, !status.isEmpty { label(status, right: true, scale: s, on: canvas) }
        if overlay.help { HelpOverlay.draw(on: canvas, scale: s) }
    }

    private static func label(_ text: String, right: Bool, scale s: Double, on canvas: Canvas) {
        let size = readoutSize * s, pad = (3 * s).rounded()
        let width = (canvas.textExtents(text, size: size).width + 2 * pad).rounded(.up)
        let box = Rect(x: right ? Double(canvas.width) - width : 0, y: 0, width: width, height: (size * 1.3 + 2 * pad).rounded())
        canvas.fill(box, with: readoutBackground)
        canvas.drawText(text, at: Point(x: box.x + pad, y: (pad + size).rounded()), size: size, color: readoutColor)
    }
}
