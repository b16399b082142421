import PinBoxCore

/// Draws one field: background, cells per state, a strip's frame and dividers, the dots (or
/// plain digits) at their animated alpha and scale, and the error tint. The window, the
/// screenshots and `pinbox render` all draw through here, so they agree pixel for pixel.
public enum FieldPainter {
    /// Draws `scene` with its top-left corner at `origin`. With `clip`, only pixels inside it
    /// change: the window redraws just the cells that moved.
    public static func draw(_ scene: FieldScene, at origin: Point, on canvas: Canvas, clip: Rect? = nil) {
        canvas.clipped(to: clip) {
            let theme = scene.theme, layout = scene.layout
            let bounds = layout.bounds.offsetBy(dx: origin.x, dy: origin.y)
            let scale = layout.scale
            let radius = theme.cornerRadius * scale
            canvas.fill(bounds, with: theme.background)

            for (cell, rect) in zip(scene.cells, layout.cells) {
                let r = rect.offsetBy(dx: origin.x, dy: origin.y)
                if let clip, !clip.intersects(r) { continue }
                drawCell(cell, in: r, theme: theme, scale: scale, separate: theme.arrangement == .separate)
            }

            if theme.arrangement == .strip {
                if let color = theme.dividerColor {
                    for d in layout.dividers {
                        canvas.fill(d.offsetBy(dx: origin.x, dy: origin.y), with: color)
                    }
                }
                if let color = theme.frameColor {
                    canvas.strokeInside(bounds, width: Layout.devicePixels(theme.frameWidth, scale: scale),
                                        radius: radius, color: color)
                }
            }

            if scene.cue > 0 {
                let tint = theme.errorColor.withAlpha(scene.cue)
                let width = Layout.devicePixels(2, scale: scale)
                if theme.arrangement == .strip {
                    canvas.strokeInside(bounds, width: width, radius: radius, color: tint)
                } else {
                    for rect in layout.cells {
                        canvas.strokeInside(rect.offsetBy(dx: origin.x, dy: origin.y), width: width,
                                            radius: radius, color: tint)
                    }
                }
            }
        }

        func drawCell(_ cell: FieldScene.Cell, in r: Rect, theme: Theme, scale: Double, separate: Bool) {
            let style = theme.style(for: cell.state)
            let radius = separate ? theme.cornerRadius * scale : 0
            if let bg = style.background {
                canvas.fillRounded(r, radius: radius, with: bg)
            }
            if separate, let border = style.border {
                canvas.strokeInside(r, width: Layout.devicePixels(style.borderWidth, scale: scale),
                                    radius: radius, color: border)
            }
            guard cell.presence > 0 else { return }
            if theme.secure {
                // Seed 003: the dot is drawn at alpha p and radius dotRadius × p.
                canvas.fillCircle(center: r.mid, radius: theme.dotRadius * scale * cell.presence,
                                  color: theme.dotColor.withAlpha(theme.dotColor.alpha * cell.presence))
            } else if let glyph = cell.glyph {
                // Plain digits fade in at their final size: a glyph grown frame by frame would be
                // rasterised anew at every size, for a change the eye barely sees.
                canvas.drawText(String(UnicodeScalar(glyph)), centeredAt: r.mid, size: theme.fontSize * scale,
                                color: theme.textColor.withAlpha(theme.textColor.alpha * cell.presence))
            }
        }
    }
}
