// SPDX-License-Identifier: MIT
import PinBoxCore

/// A tooltip drawn inside the window, over what lies under it: a box with the text in the
/// palette's tooltip colours (dark on a light page, as GNOME's tooltips; lighter than a dark
/// page), under the thing it explains and from its start (its right edge
/// in a mirrored dialog), as wide as its text up to the text column, wrapped past that. Where
/// the window has no room under the thing, it goes above. The text is set as every other
/// text (any script, caller's words made harmless).
enum TooltipPainter {
    /// Where a tip sits: its box, and where its text starts and the width it wraps to.
    struct Placement: Equatable {
        var box: Rect
        var text: Point
        var wrap: Double
        /// The tallest the text may be.
        var most: Double
    }

    /// The text's style; `most` is the tallest it may be (a caller's long text ends with "…").
    static func style(scale s: Double, most: Double? = nil, color: Color = Palette.light.tooltipText) -> TextStyle {
        TextStyle(size: 12.5 * s, color: color, maxHeight: most)
    }

    /// The tip for `text` about `anchor`, at most `column` wide, in a window of `window`.
    static func place(_ text: String, about anchor: Rect, column: Double, window: Size, scale s: Double,
                      mirrored: Bool) -> Placement {
        let padX = (8 * s).rounded(), padY = (5 * s).rounded(), gap = (4 * s).rounded()
        let wrap = max(1, column - 2 * padX)
        // Never taller than the room under the thing or over it, whichever is larger: a
        // caller's long text is cut, and the thing it explains stays in view.
        let room = max(window.height - anchor.maxY, anchor.y) - gap
        let most = max(12.5 * s * 1.5, room - 2 * padY)
        let size = TextLayout.measure(text, style: style(scale: s, most: most), width: wrap)
        let width = min(column, size.width.rounded(.up) + 2 * padX), height = size.height.rounded(.up) + 2 * padY
        var x = mirrored ? anchor.maxX - width : anchor.x
        x = max(0, min(x, window.width - width))
        var y = anchor.maxY + gap
        if y + height > window.height { y = max(0, anchor.y - gap - height) }
        let box = Rect(x: x.rounded(), y: y.rounded(), width: width, height: height)
        return Placement(box: box, text: Point(x: box.x + padX, y: box.y + padY), wrap: width - 2 * padX, most: most)
    }

    static func draw(_ text: String, _ placement: Placement, scale s: Double, palette: Palette, on canvas: Canvas) {
        canvas.fillRounded(placement.box, radius: 4 * s, with: palette.tooltipBackground)
        TextLayout.draw(text, style: style(scale: s, most: placement.most, color: palette.tooltipText),
                        width: placement.wrap, at: placement.text, on: canvas)
    }
}
