// SPDX-License-Identifier: MIT
import PinBoxCore

/// Draws a `PageScene`, all of it or only what lies in a clip rectangle: the window redraws a
/// changed cell without touching the rest. The demo's stacked fields and a dialog share the
/// fields, the focus ring and the colours; a dialog adds wrapped text, buttons and the wait cue.
public enum PagePainter {
    public static func draw(_ page: PageScene, on canvas: Canvas, clip: Rect? = nil) {
        let all = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        canvas.textRendering = page.textRendering
        canvas.clipped(to: clip) {
            canvas.fill(clip ?? all, with: page.palette.background)
            switch page.geometry {
            case .workbench(let layout): drawWorkbench(page, layout, on: canvas, clip: clip, width: all.width)
            case .dialog(let layout): drawDialog(page, layout, on: canvas, clip: clip)
            case .paySheet(let layout): PaySheetPainter.draw(page, layout, on: canvas, clip: clip)
            }
        }
    }

    private static func drawWorkbench(_ page: PageScene, _ layout: PageLayout, on canvas: Canvas, clip: Rect?,
                                      width: Double) {
        let m = layout.metrics, s = layout.scale
        func touched(_ r: Rect) -> Bool { clip?.intersects(r) ?? true }
        if touched(layout.textBand(baseline: layout.title.y, size: m.titleSize, width: width)) {
            canvas.drawText(page.content.title, centeredAt: layout.title, size: m.titleSize * s, bold: true,
                            color: page.palette.text, baselineOnly: true)
        }
        for (label, origin) in zip(page.labels, layout.labels)
        where touched(layout.textBand(baseline: origin.y, size: m.labelSize, width: width)) {
            canvas.drawText(label, centeredAt: origin, size: m.labelSize * s, color: page.palette.secondaryText,
                            baselineOnly: true)
        }
        for (field, rect) in zip(page.fields, layout.fields) where touched(field.reach.offsetBy(dx: rect.x, dy: rect.y)) {
            FieldPainter.draw(field, at: Point(x: rect.x, y: rect.y), on: canvas, clip: clip)
        }
        // After the fields: a field's bounds reach past its cells into where the ring is.
        if let i = page.focusRing, i < page.fields.count, touched(layout.ring(around: i)) {
            canvas.strokeInside(layout.ring(around: i), width: Layout.devicePixels(m.ringWidth, scale: s),
                                radius: (page.fields[i].theme.cornerRadius + m.ringOffset) * s,
                                color: page.palette.focusRing)
        }
        if touched(layout.textBand(baseline: layout.hint.y, size: m.hintSize, width: width)) {
            // A refused key's reason takes the hint's place for a moment.
            let feedback = !page.message.isEmpty
            let colours = page.palette
            let color = !feedback ? colours.secondaryText : page.messageIsSuccess ? colours.success : colours.error
            let line = feedback ? page.message : page.content.hint, size = m.hintSize * s
            let room = width - m.margin * s
            if canvas.textExtents(line, size: size).width <= room {
                canvas.drawText(line, centeredAt: layout.hint, size: size, color: color, baselineOnly: true)
            } else {
                // A long translation in a narrow window takes two lines or more, broken between its
                // parts (`Esc clear · Return submit`), the first where the one would be, the next in
                // the margin below.
                let lines = brokenAtDots(line, within: room) { canvas.textExtents($0, size: size).width }
                let style = TextStyle(size: size, color: color, alignment: .centre)
                let top = layout.hint.y - TextLayout.metrics(lines, style: style, width: room).firstBaseline
                TextLayout.draw(lines, style: style, width: room,
                                at: Point(x: (layout.hint.x - room / 2).rounded(), y: top.rounded()), on: canvas)
            }
        }
    }

    /// `line`'s parts (between ` · `) on as few lines as fit `width`, the dots between parts on
    /// one line kept; a part wider than `width` alone is left to wrap.
    static func brokenAtDots(_ line: String, within width: Double, measure: (String) -> Double) -> String {
        let separator = " · "
        var lines: [String] = []
        let parts = line.split(separator: "·", omittingEmptySubsequences: false).map { part in
            String(part.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        }
        for part in parts {
            if let last = lines.last, measure(last + separator + part) <= width {
                lines[lines.count - 1] = last + separator + part
            } else {
                lines.append(part)
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func drawDialog(_ page: PageScene, _ layout: DialogLayout, on canvas: Canvas, clip: Rect?) {
        let m = layout.metrics, s = layout.scale
        func touched(_ r: Rect) -> Bool { !r.isEmpty && (clip?.intersects(r) ?? true) }
        func text(_ string: String, in rect: Rect, size: Double, bold: Bool = false, color: Color, limit: Double) {
            guard !string.isEmpty, touched(rect.insetBy(dx: 0, dy: -4)) else { return }
            let style = TextStyle(size: size * s, face: m.face, bold: bold, color: color, maxHeight: limit)
            // Mirrored, a text of one line ends at the right edge whatever its own direction (a
            // caller's English prompt or error too), as GTK places a label in a right-to-left
            // dialog; a longer text wraps, each paragraph from its own side.
            if layout.mirrored {
                let metrics = TextLayout.metrics(string, style: style, width: rect.width)
                if metrics.lineCount == 1 && !metrics.truncated {
                    return TextLayout.draw(string, style: style, width: nil,
                                           at: Point(x: (rect.maxX - metrics.size.width).rounded(), y: rect.y), on: canvas)
                }
            }
            TextLayout.draw(string, style: style, width: rect.width, at: Point(x: rect.x, y: rect.y), on: canvas)
        }
        // The title is the window's (its title bar says it): the dialog does not repeat it.
        text(page.content.description, in: layout.description, size: m.textSize, color: page.palette.text,
             limit: layout.descriptionLimit)
        if let detail = page.content.detail {
            text(detail.label, in: layout.detailLabel, size: m.labelSize, color: page.palette.secondaryText,
                 limit: layout.labelLimit)
            // One line, never wrapped: the layout made the dialog wide enough for it.
            if touched(layout.detail.insetBy(dx: 0, dy: -4)) {
                let style = TextStyle(size: m.textSize * s, face: m.face, color: page.palette.text)
                TextLayout.draw(detail.text, style: style, width: nil,
                                at: atStart(of: layout.detail, width: detail.text, style, layout), on: canvas)
            }
            if let picture = detail.picture, touched(layout.picture) {
                let style = layout.pictureStyle(color: page.palette.text)
                TextLayout.draw(picture, style: style, width: nil, at: atStart(of: layout.picture, width: picture, style, layout),
                                on: canvas)
            }
        }
        for (label, rect) in zip(page.labels, layout.labels) {
            text(label, in: rect, size: m.labelSize, color: page.palette.secondaryText, limit: layout.labelLimit)
        }
        for (field, rect) in zip(page.fields, layout.fields) where touched(field.reach.offsetBy(dx: rect.x, dy: rect.y)) {
            FieldPainter.draw(field, at: Point(x: rect.x, y: rect.y), on: canvas, clip: clip)
        }
        // After the fields: around PIN boxes the ring lies in the gap their field paints.
        let ringWidth = Layout.devicePixels(m.ringWidth, scale: s)
        if let i = page.focusRing, i < page.fields.count, touched(layout.ring(aroundField: i)) {
            canvas.strokeInside(layout.ring(aroundField: i), width: ringWidth,
                                radius: page.fields[i].theme.cornerRadius * page.fields[i].layout.scale + m.ringOffset * s,
                                color: page.palette.focusRing)
        }
        if let row = layout.keyboard, let note = page.content.keyboard, touched(row) {
            drawKeyboardNote(note, in: row, of: layout, style: TextStyle(size: m.labelSize * s, face: m.face), page: page,
                             on: canvas)
        }
        if let row = layout.quality, let label = page.content.qualityLabel, touched(row) {
            drawQuality(label: label, value: page.quality, in: row, scale: s,
                        style: TextStyle(size: m.labelSize * s, face: m.face, color: page.palette.secondaryText),
                        mirrored: layout.mirrored, page: page, on: canvas)
        }
        if let notes = layout.notes {
            text(page.content.notes, in: notes, size: m.labelSize, color: page.palette.secondaryText,
                 limit: layout.notesLimit)
        }
        if let row = layout.suggestion, let suggestion = page.suggestion {
            if touched(row) {
                canvas.clipped(to: row) {
                    canvas.drawSecretLine(suggestion, groupSize: page.suggestionGroupSize, at: Point(x: row.x, y: row.y),
                                          font: FontSpec(bold: true, size: m.textSize), pixelSize: m.textSize * s,
                                          color: page.palette.text)
                }
            }
            if let note = layout.suggestionNote {
                text(page.content.suggestionNote, in: note, size: m.labelSize, color: page.palette.secondaryText,
                     limit: layout.notesLimit)
            }
        }
        if let cue = layout.cue, let phase = page.cuePhase, touched(cue) {
            drawWaitCue(in: cue, phase: phase, color: page.palette.cue, on: canvas)
        }
        text(page.message, in: layout.error, size: m.labelSize,
             color: page.messageIsQuestion ? page.palette.text : page.palette.error, limit: layout.errorLimit)
        for (i, (button, rect)) in zip(page.content.buttons, layout.buttons).enumerated() where touched(rect) {
            let focused = page.focusRing == page.fields.count + i
            drawButton(button, in: rect, focused: focused, pressed: page.pressedButton == i, page: page,
                       layout: layout, on: canvas)
        }
        // Last: the strength bar's tooltip lies over what is under the bar.
        if let tip = page.qualityTip, let row = layout.quality {
            let placement = TooltipPainter.place(tip, about: row, column: layout.textWidth,
                                                 window: Size(width: Double(canvas.width), height: Double(canvas.height)),
                                                 scale: s, mirrored: layout.mirrored)
            if touched(placement.box) {
                TooltipPainter.draw(tip, placement, scale: s, palette: page.palette, on: canvas)
            }
        }
        if let menu = page.menu, touched(menu.box) {
            MenuPainter.draw(menu, scale: s, palette: page.palette, mirrored: layout.mirrored, on: canvas)
        }
    }

    /// A button: the default one (OK) filled with the accent colour (the error colour when it is
    /// destructive), the others outlined; the focused one ringed; the mnemonic letter
    /// underlined; one held down under the pointer darker. A checkbox is a box, ticked or not,
    /// and its label.
    private static func drawButton(_ button: PageButton, in rect: Rect, focused: Bool, pressed: Bool,
                                   page: PageScene, layout: DialogLayout, on canvas: Canvas) {
        let m = layout.metrics, s = layout.scale
        if button.role == .savePassword {
            return drawCheckbox(button, in: rect, checked: page.savePassword, focused: focused, page: page,
                                layout: layout, on: canvas)
        }
        let radius = 6 * s
        let isDefault = button.role == .ok
        let colours = page.palette
        if isDefault {
            // A destructive affirmative is red, so it reads as a warning before it is pressed.
            let fill = page.content.destructive ? colours.destructive : colours.accent
            canvas.fillRounded(rect, radius: radius, with: pressed ? colours.pressed(fill) : fill)
        } else {
            canvas.fillRounded(rect, radius: radius, with: pressed ? colours.buttonPressed : colours.button)
            canvas.strokeInside(rect, width: Layout.devicePixels(1, scale: s), radius: radius, color: colours.border)
        }
        if focused {
            canvas.strokeInside(layout.ring(around: rect), width: Layout.devicePixels(m.ringWidth, scale: s),
                                radius: radius + m.ringOffset * s, color: page.palette.focusRing)
        }
        let color = isDefault ? colours.onAccent : colours.text
        let label = MnemonicText(button.text, mnemonic: button.mnemonicIndex,
                                 style: TextStyle(size: m.textSize * s, face: m.face, color: color),
                                 most: m.buttonLabelMaximum * s)
        let origin = Point(x: (rect.x + (rect.width - label.size.width) / 2).rounded(),
                           y: (rect.y + (rect.height - label.size.height) / 2).rounded())
        label.draw(at: origin, scale: s, on: canvas)
    }

    /// A checkbox: the box at the start of its rectangle, the tick in the accent colour when
    /// checked, the label after it; the ring around both when focused.
    private static func drawCheckbox(_ button: PageButton, in rect: Rect, checked: Bool, focused: Bool,
                                     page: PageScene, layout: DialogLayout, on canvas: Canvas) {
        let m = layout.metrics, s = layout.scale
        let side = DialogLayout.checkboxSide(s)
        // The box at the start of the row: its right, right to left.
        let box = Rect(x: layout.mirrored ? rect.maxX - side : rect.x, y: (rect.y + (rect.height - side) / 2).rounded(),
                       width: side, height: side)
        let colours = page.palette
        if checked {
            canvas.fillRounded(box, radius: 3 * s, with: colours.accent)
            canvas.strokePath([Point(x: box.x + side * 0.22, y: box.y + side * 0.52),
                               Point(x: box.x + side * 0.42, y: box.y + side * 0.72),
                               Point(x: box.x + side * 0.78, y: box.y + side * 0.3)],
                              width: max(1.5, 2 * s), color: colours.onAccent)
        } else {
            canvas.fillRounded(box, radius: 3 * s, with: colours.entryBackground)
            canvas.strokeInside(box, width: Layout.devicePixels(1, scale: s), radius: 3 * s, color: colours.border)
        }
        if focused {
            canvas.strokeInside(layout.ring(around: rect), width: Layout.devicePixels(m.ringWidth, scale: s),
                                radius: 4 * s + m.ringOffset * s, color: page.palette.focusRing)
        }
        let label = MnemonicText(button.text, mnemonic: button.mnemonicIndex,
                                 style: TextStyle(size: m.textSize * s, face: m.face, color: page.palette.text),
                                 most: m.buttonLabelMaximum * s)
        let x = layout.mirrored ? (box.x - m.labelGap * s - label.size.width).rounded() : box.maxX + m.labelGap * s
        label.draw(at: Point(x: x, y: (rect.y + (rect.height - label.size.height) / 2).rounded()), scale: s, on: canvas)
    }

    /// The strength bar: the label, then a track filled to the rating in its colour, then the
    /// rating in words (`QualityRating`): "Too weak" with an empty track while the caller would
    /// refuse it. Mirrored, the label is at the right and the track fills leftwards.
    private static func drawQuality(label: String, value: Int?, in row: Rect, scale s: Double, style: TextStyle,
                                    mirrored: Bool, page: PageScene, on canvas: Canvas) {
        let text = label.isEmpty ? "Quality" : label
        let labelWidth = TextLayout.measure(text, style: style, width: nil).width
        TextLayout.draw(text, style: style, width: nil,
                        at: Point(x: mirrored ? (row.maxX - labelWidth).rounded() : row.x, y: row.y), on: canvas)
        let wordsWidth = ([QualityRating.tooWeak, .weak, .fair, .strong].map {
            TextLayout.measure($0.words, style: style, width: nil).width
        }.max() ?? 0).rounded(.up)
        let x = mirrored ? (row.x + wordsWidth + 8 * s).rounded() : (row.x + labelWidth + 8 * s).rounded()
        let end = mirrored ? (row.maxX - labelWidth - 8 * s).rounded() : row.maxX - wordsWidth - 8 * s
        let track = Rect(x: x, y: (row.y + row.height / 2 - 3 * s).rounded(), width: (end - x).rounded(),
                         height: (6 * s).rounded())
        canvas.fillRounded(track, radius: 3 * s, with: page.palette.track)
        guard let value else { return }
        let rating = QualityRating(value)
        let filled = (track.width * QualityRating.fraction(value)).rounded()
        let fill = Rect(x: mirrored ? track.maxX - filled : track.x, y: track.y, width: filled, height: track.height)
        let colour = rating.color(in: page.palette)
        if fill.width > 0 { canvas.fillRounded(fill, radius: 3 * s, with: colour) }
        var words = style
        words.color = colour
        let ratingWidth = TextLayout.measure(rating.words, style: words, width: nil).width
        let wordsX = mirrored ? (track.x - 8 * s - ratingWidth).rounded() : track.maxX + 8 * s
        TextLayout.draw(rating.words, style: words, width: nil, at: Point(x: wordsX, y: row.y), on: canvas)
    }

    /// The keyboard's line: the Caps Lock warning at the start, in words, and the active
    /// layout's name at the end, where a desktop's panel shows it (the start is the right in a
    /// mirrored dialog).
    private static func drawKeyboardNote(_ note: KeyboardNote, in row: Rect, of layout: DialogLayout, style line: TextStyle,
                                         page: PageScene, on canvas: Canvas) {
        let (warningWidth, mirrored) = (layout.keyboardWarningWidth, layout.mirrored)
        if let warning = note.warning {
            var style = line
            (style.bold, style.color) = (true, page.palette.warning)
            // Mirrored, a warning of one line ends at the right edge whatever its own script (the
            // agent's English one too), as the dialog's other lines do; a longer one wraps in its
            // room, each paragraph from its own side.
            let metrics = TextLayout.metrics(warning, style: style, width: warningWidth)
            if mirrored && metrics.lineCount == 1 && !metrics.truncated {
                TextLayout.draw(warning, style: style, width: nil,
                                at: Point(x: (row.maxX - metrics.size.width).rounded(), y: row.y), on: canvas)
            } else {
                TextLayout.draw(warning, style: style, width: warningWidth,
                                at: Point(x: mirrored ? row.maxX - warningWidth : row.x, y: row.y), on: canvas)
            }
        }
        if let name = note.layout, let place = layout.keyboardLayoutName {
            var style = line
            style.color = page.palette.secondaryText
            // Whole, or one line ending in an ellipsis within its room (`DialogLayout`).
            style.maxHeight = place.height
            TextLayout.draw(name, style: style, width: layout.keyboardLayoutNameRoom, at: Point(x: place.x.rounded(), y: row.y),
                            on: canvas)
        }
    }

    /// Where a line drawn whole (no wrapping) starts in `rect`: at its left, or at its right in
    /// a mirrored dialog.
    private static func atStart(of rect: Rect, width text: String, _ style: TextStyle, _ layout: DialogLayout) -> Point {
        guard layout.mirrored else { return Point(x: rect.x, y: rect.y) }
        return Point(x: (rect.maxX - TextLayout.measure(text, style: style, width: nil).width).rounded(), y: rect.y)
    }

    /// The wait cue: a key's outline with rings breathing out of it, as a touch pad invites a finger.
    private static func drawWaitCue(in rect: Rect, phase: Double, color: Color, on canvas: Canvas) {
        let centre = Point(x: rect.mid.x, y: rect.mid.y)
        let r = rect.width / 2
        for k in 0..<2 {
            let p = (phase + Double(k) / 2).truncatingRemainder(dividingBy: 1)
            let radius = r * (0.35 + 0.65 * p)
            canvas.strokeInside(Rect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius),
                                width: max(1, (r * 0.06).rounded()), radius: radius, color: color.withAlpha(1 - p))
        }
        canvas.fillCircle(center: centre, radius: r * 0.3, color: color)
    }
}
