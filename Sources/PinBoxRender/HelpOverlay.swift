// SPDX-License-Identifier: MIT
import PinBoxCore

/// The window's key list (F1): the keys `pinbox --help` prints, in the user's language, on a
/// dark translucent card centred over the page.
public enum HelpOverlay {
    public static let textSize = 11.0
    public static let card = Color(rgb: 0x1f2329, alpha: 0.9)
    public static let text = Color(rgb: 0xffffff)

    /// Draws the card on `canvas` at `scale` (device pixels per point).
    public static func draw(on canvas: Canvas, scale s: Double) {
        let title = localized("Workbench keys")
        let lines = Workbench.keys.map { ($0.keys, localized($0.effect)) }
        let pad = (12 * s).rounded()
        func widths(_ size: Double) -> (keys: Double, effects: Double) {
            (lines.map { canvas.textExtents($0.0, size: size, bold: true).width }.max() ?? 0,
             lines.map { canvas.textExtents($0.1, size: size).width }.max() ?? 0)
        }
        // A long translation in a narrow window: smaller text, down to three quarters.
        var size = textSize * s, (keyWidth, effectWidth) = widths(size)
        let natural = pad * 2 + keyWidth + 12 * s + effectWidth, room = Double(canvas.width) - 8 * s
        if natural > room {
            size *= max(0.75, room / natural)
            (keyWidth, effectWidth) = widths(size)
        }
        let lineHeight = (size * 1.5).rounded()
        let width = min(Double(canvas.width), (pad * 2 + keyWidth + 12 * s + effectWidth).rounded(.up))
        let height = min(Double(canvas.height), pad * 2 + lineHeight * Double(lines.count + 1))
        let card = Rect(x: ((Double(canvas.width) - width) / 2).rounded(), y: ((Double(canvas.height) - height) / 2).rounded(),
                        width: width, height: height)
        canvas.fillRounded(card, radius: 8 * s, with: Self.card)
        var y = card.y + pad + size
        canvas.drawText(title, at: Point(x: card.x + pad, y: y), size: size, bold: true, color: text)
        for (keys, effect) in lines {
            y += lineHeight
            canvas.drawText(keys, at: Point(x: card.x + pad, y: y), size: size, bold: true, color: text)
            canvas.drawText(effect, at: Point(x: card.x + pad + keyWidth + 12 * s, y: y), size: size,
                            color: text.withAlpha(0.85))
        }
    }
}
