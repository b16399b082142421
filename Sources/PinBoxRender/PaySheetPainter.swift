// SPDX-License-Identifier: MIT
import CCairo
import PinBoxCore

/// Draws the payment sheet (`PaySheetLayout`): the dimmed backdrop, the sheet at its foot with
/// the ×, the title, the hairline, the payee and amount, the field, the link, and the number
/// pad: keys on a band, as Alipay's and WeChat Pay's sheets have them. Every colour is the
/// page's palette's (`Palette.sheet` for the sheet's own), so the sheet is light or dark, normal
/// or high contrast as the prompts are.
enum PaySheetPainter {
    static func draw(_ page: PageScene, _ layout: PaySheetLayout, on canvas: Canvas, clip: Rect?) {
        let m = layout.metrics, s = layout.scale, colors = page.palette.sheet
        func touched(_ r: Rect) -> Bool { !r.isEmpty && (clip?.intersects(r) ?? true) }
        canvas.fill(Rect(x: 0, y: 0, width: Double(canvas.width), height: layout.sheet.y), with: colors.backdrop)
        // Only the top corners are round: the sheet runs on past the window's foot.
        canvas.fillRounded(Rect(x: layout.sheet.x, y: layout.sheet.y, width: layout.sheet.width,
                                height: max(layout.sheet.height, Double(canvas.height) - layout.sheet.y) + m.sheetRadius * s),
                           radius: layout.sheet.y > 0 ? (m.sheetRadius * s).rounded() : 0, with: colors.sheet)
        if touched(layout.close) { drawClose(in: layout.close, scale: s, color: page.palette.secondaryText, on: canvas) }
        canvas.drawText(layout.titleText, centeredAt: layout.title, size: layout.titleSize, bold: true,
                        color: page.palette.text, baselineOnly: true)
        canvas.fill(layout.hairline, with: colors.hairline)
        if let payee = layout.payee {
            canvas.drawText(layout.payeeText, centeredAt: payee, size: m.payeeSize * s, color: page.palette.secondaryText,
                            baselineOnly: true)
        }
        if let amount = layout.amount {
            // Fitted to the column by the layout: smaller, or cut with an ellipsis at its end.
            canvas.drawText(layout.amountText, centeredAt: amount, size: layout.amountSize, bold: true,
                            color: page.palette.text, baselineOnly: true)
        }
        if let field = page.fields.first, touched(field.reach.offsetBy(dx: layout.field.x, dy: layout.field.y)) {
            FieldPainter.draw(field, at: Point(x: layout.field.x, y: layout.field.y), on: canvas, clip: clip)
        }
        if !page.message.isEmpty {
            // A refused key's reason takes the line for a moment, the link's place included.
            let message = PaySheetLayout.ellipsized(page.message, size: m.linkSize * s, width: layout.field.width,
                                                    measure: TextLayout.measure)
            var at = layout.message
            if layout.mirrored {
                let ink = canvas.textExtents(message, size: m.linkSize * s)
                at.x = (at.x - ink.x - ink.width).rounded()
            }
            canvas.drawText(message, at: at, size: m.linkSize * s, color: page.palette.error)
        } else if let link = page.content.buttons.first(where: { $0.role == .forgot }) {
            // The ink, not the advance, ends flush with the field's right edge (starts flush
            // with its left one, mirrored).
            let ink = canvas.textExtents(link.text, size: m.linkSize * s)
            let x = layout.mirrored ? layout.field.x - ink.x : layout.field.maxX - ink.x - ink.width
            canvas.drawText(link.text, at: Point(x: x.rounded(), y: layout.linkBaseline),
                            size: m.linkSize * s, color: colors.link)
        }
        if let i = page.focusRing, i >= page.fields.count {
            let rect = page.geometry.ring(around: i)
            canvas.strokeInside(rect, width: Layout.devicePixels(m.ringWidth, scale: s), radius: 6 * s,
                                color: page.palette.focusRing)
        } else if page.focusRing == 0 {
            // The field's focus cue, over the seed's own lines (which stay as they are): the
            // ring a few points outside its frame.
            let pad = ((4 + m.ringWidth) * s).rounded(.up)
            canvas.strokeInside(layout.field.insetBy(dx: -pad, dy: -pad), width: Layout.devicePixels(m.ringWidth, scale: s),
                                radius: 6 * s, color: page.palette.focusRing)
        }
        if touched(layout.keypad) {
            drawKeypad(layout, pressed: page.pressedKey, colors: colors, text: page.palette.text, on: canvas)
        }
    }

    /// The keys on their band; a key held down takes `keyPressed`, as a phone's key darkens under
    /// the finger.
    private static func drawKeypad(_ layout: PaySheetLayout, pressed: Int?, colors: SheetColors, text: Color,
                                   on canvas: Canvas) {
        let m = layout.metrics, s = layout.scale
        canvas.fill(layout.keypad, with: colors.keypad)
        for (i, (key, rect)) in zip(PaySheetLayout.keys, layout.keyRects).enumerated() {
            switch key {
            case .blank: break
            case .digit(let d):
                canvas.fillRounded(rect, radius: m.keyRadius * s, with: i == pressed ? colors.keyPressed : colors.key)
                if let edge = colors.keyBorder {
                    canvas.strokeInside(rect, width: Layout.devicePixels(1, scale: s), radius: m.keyRadius * s, color: edge)
                }
                canvas.drawText(String(d), centeredAt: rect.mid, size: m.keySize * s, color: text)
            case .delete:
                // Delete sits on the band, as on a phone's number pad: a key of another kind.
                if i == pressed { canvas.fillRounded(rect, radius: m.keyRadius * s, with: colors.keyPressed) }
                drawDelete(centre: rect.mid, scale: s, color: text, on: canvas)
            }
        }
    }

    /// The × of the close button: two strokes crossing.
    private static func drawClose(in target: Rect, scale s: Double, color: Color, on canvas: Canvas) {
        let c = target.mid, r = 7 * s
        canvas.strokeLines([[Point(x: c.x - r, y: c.y - r), Point(x: c.x + r, y: c.y + r)],
                            [Point(x: c.x + r, y: c.y - r), Point(x: c.x - r, y: c.y + r)]],
                           width: max(1, (1.75 * s).rounded()), color: color)
    }

    /// ⌫: a key cap pointing left with an × in it (drawn, since not every font has the glyph).
    /// Not mirrored on a right-to-left sheet: the boxes fill left to right there too, and the key
    /// takes back the digit at their right end, leftwards, as the cap points.
    private static func drawDelete(centre c: Point, scale s: Double, color: Color, on canvas: Canvas) {
        let w = 26 * s, h = 18 * s, tip = 8 * s
        let left = c.x - w / 2, right = c.x + w / 2, top = c.y - h / 2, bottom = c.y + h / 2
        let width = max(1, (1.5 * s).rounded())
        canvas.strokeLines([[Point(x: left, y: c.y), Point(x: left + tip, y: top), Point(x: right, y: top),
                             Point(x: right, y: bottom), Point(x: left + tip, y: bottom), Point(x: left, y: c.y)]],
                           width: width, color: color)
        let xc = Point(x: c.x + tip / 2, y: c.y), r = 4 * s
        canvas.strokeLines([[Point(x: xc.x - r, y: xc.y - r), Point(x: xc.x + r, y: xc.y + r)],
                            [Point(x: xc.x + r, y: xc.y - r), Point(x: xc.x - r, y: xc.y + r)]],
                           width: width, color: color)
    }
}

extension Canvas {
    /// Strokes each polyline of `lines` with round caps and joins.
    func strokeLines(_ lines: [[Point]], width: Double, color: Color) {
        setSource(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for line in lines {
            guard let first = line.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for p in line.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_stroke(cr)
        }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    }
}
