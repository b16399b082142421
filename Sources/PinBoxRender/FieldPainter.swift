// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// Draws one field: its backdrop, each cell in its state's style, a strip's frame and dividers,
/// the dots (or plain characters) at their animated alpha and scale, and the error and success
/// looks. The window, the screenshots and `pinbox render` all draw through here, so they agree
/// pixel for pixel.
///
/// Lines follow `Layout.devicePixels` and `Layout.lineAlpha`: whole device pixels rounded
/// down, and a line thinner than one pixel drawn one pixel wide at the ink it would have had.
public enum FieldPainter {
    /// Draws `scene` with its top-left corner at `origin` (moved sideways by its shake). With
    /// `clip`, only pixels inside it change: the window redraws just the cells that moved.
    public static func draw(_ scene: FieldScene, at origin: Point, on canvas: Canvas, clip: Rect? = nil) {
        canvas.clipped(to: clip) {
            let field = FieldDrawing(scene: scene, origin: origin, canvas: canvas, clip: clip)
            canvas.fillRounded(field.bounds, radius: field.frameRadius, with: scene.theme.background)
            if let count = scene.count { return field.drawCount(count) }
            field.drawCells()
            if field.strip { field.drawStripLines() }
            if scene.theme.drawsTextRun { field.drawTextRun() } else { field.drawMarks() }
            field.drawComposing()
            if scene.success > 0 { field.drawSuccess() }
        }
        // Cairo worked on the shown characters below this frame: nothing of them stays there.
        if scene.shown != nil { pinbox_scrub_stack() }
    }
}

extension FieldPainter {
    /// The fills of the cells' backgrounds: side by side cells of one colour with square corners,
    /// meeting on a whole pixel, make one rectangle, filled once (an entry's slots are one fill,
    /// not one each). Each pixel is covered as before, so the picture is the same.
    static func backgroundRuns(_ cells: [(style: CellStyle, rect: Rect)], scale s: Double = 1)
        -> [(rect: Rect, radius: Double, color: Color)] {
        var runs: [(rect: Rect, radius: Double, color: Color)] = []
        for (style, r) in cells {
            guard let color = style.background else { continue }
            let radius = style.cornerRadius * s
            if radius == 0, let last = runs.last, last.radius == 0, last.color == color,
               last.rect.maxX == r.x, r.x == r.x.rounded(), last.rect.y == r.y, last.rect.height == r.height {
                runs[runs.count - 1].rect = last.rect.union(r)
            } else {
                runs.append((r, radius, color))
            }
        }
        return runs
    }
}

/// One field being drawn: where it lands on the canvas, and each layer of it in the order the
/// seeds draw them.
struct FieldDrawing {
    let scene: FieldScene
    let canvas: Canvas
    let clip: Rect?
    /// The field's top-left corner, moved sideways by its shake.
    let origin: Point
    let bounds: Rect
    let strip: Bool
    let frameRadius: Double
    var theme: Theme { scene.theme }
    var s: Double { scene.layout.scale }

    init(scene: FieldScene, origin: Point, canvas: Canvas, clip: Rect?) {
        self.scene = scene
        self.canvas = canvas
        self.clip = clip
        // Whole pixels, so a shaken field keeps its lines crisp.
        let dx = (scene.shake * scene.layout.scale).rounded()
        self.origin = Point(x: origin.x + dx, y: origin.y)
        bounds = scene.layout.bounds.offsetBy(dx: self.origin.x, dy: self.origin.y)
        strip = scene.theme.arrangement == .strip
        frameRadius = strip ? scene.theme.frameRadius * scene.layout.scale : 0
    }

    /// A cell's place on the canvas.
    func place(_ rect: Rect) -> Rect { rect.offsetBy(dx: origin.x, dy: origin.y) }

    /// Whether anything drawn in `r` can show: nothing outside the clip needs drawing.
    func shows(_ r: Rect) -> Bool { clip.map { $0.intersects(r) } ?? true }

    /// The borders' colour: the error look replaces it, the success look after a submit too.
    func accent(_ color: Color) -> Color {
        color.mixed(with: theme.successColor, by: scene.success).mixed(with: theme.errorColor, by: scene.cue)
    }

    /// More characters than boxes: one box the row's width, and how many in words.
    func drawCount(_ count: String) {
        let box = theme.style(for: .filled)
        let radius = box.cornerRadius * s
        let cells = scene.layout.cells
        let row = cells.first.map { first in
            first.union(cells.last ?? first).offsetBy(dx: bounds.x, dy: bounds.y)
        } ?? bounds
        canvas.fillRounded(row, radius: radius, with: box.background ?? .white)
        let border = accent(box.border ?? theme.dotColor)
        canvas.strokeInside(row, width: Layout.devicePixels(max(1, box.borderWidth), scale: s), radius: radius,
                            color: border)
        // Through the text subsystem: the words are translated (Russian, Chinese…).
        let style = TextStyle(size: 15 * s, color: theme.dotColor)
        let size = TextLayout.measure(count, style: style, width: nil)
        TextLayout.draw(count, style: style, width: nil,
                        at: Point(x: (row.mid.x - size.width / 2).rounded(), y: (row.mid.y - size.height / 2).rounded()),
                        on: canvas)
    }

    /// Each cell's background colour, then each one's image and border (all inside its own
    /// rectangle, so no cell's covers another's).
    func drawCells() {
        canvas.clippedRounded(to: bounds, radius: frameRadius) {
            let shown = zip(scene.cells, scene.layout.cells).map { cell, rect in
                (style: theme.style(for: cell.state), rect: place(rect))
            }.filter { shows($0.rect) }
            for run in FieldPainter.backgroundRuns(shown, scale: s) { canvas.fillRounded(run.rect, radius: run.radius, with: run.color) }
            for cell in shown { drawCellDecoration(cell.style, in: cell.rect) }
        }
    }

    func drawCellDecoration(_ style: CellStyle, in r: Rect) {
        let radius = style.cornerRadius * s
        if let image = style.backgroundImage { canvas.drawImage(image, in: r, radius: radius) }
        var border = style.border
        // A cell with no border of its own still shows the error look on separate cells: the
        // refused field is the one that turns red.
        if border == nil, !strip, scene.cue > 0 || scene.success > 0 {
            border = style.background ?? theme.background
        }
        if let border {
            let width = Layout.devicePixels(style.borderWidth, scale: s)
            let c = accent(border)
            canvas.strokeInside(r, width: width, radius: radius,
                                color: c.withAlpha(c.alpha * Layout.lineAlpha(style.borderWidth, scale: s)))
        }
    }

    /// A strip's frame, then its dividers over it, as the seeds draw them.
    func drawStripLines() {
        if let color = theme.frameColor {
            // The error and success looks must be seen: a hairline frame is drawn at least 1 pt
            // strong while they show (a half-strength pink line is not a cue).
            let points = scene.cue > 0 || scene.success > 0 ? max(theme.frameWidth, 1) : theme.frameWidth
            let width = Layout.devicePixels(points, scale: s)
            let alpha = Layout.lineAlpha(points, scale: s)
            let c = accent(color)
            canvas.strokeInside(bounds, width: width, radius: frameRadius, color: c.withAlpha(c.alpha * alpha))
        }
        if let color = theme.dividerColor {
            let alpha = Layout.lineAlpha(theme.dividerWidth, scale: s)
            for d in scene.layout.dividers where shows(place(d)) {
                canvas.fill(place(d), with: color.withAlpha(color.alpha * alpha))
            }
        }
    }

    /// A shown entry's characters read as a word, not one to a box, in the order they are read
    /// (Hebrew and Arabic right to left); once they are wider than the box, the end typed last
    /// stays in view, as in any text entry, or the caret where the user moved it. A right-to-left
    /// paragraph starts at the box's right and its caret stands at its left, where the next
    /// character goes, as in GTK's entry. A caret moved into the text stands as far along it as
    /// the text before it is wide (from the right in a right-to-left paragraph): exact in one
    /// direction, near the place in text that mixes both.
    func drawTextRun() {
        let pad = FieldScene.runInset(theme, scale: s)
        if let preedit = scene.preedit { return drawPreedit(preedit, pad: pad) }
        var caretX = bounds.x + pad
        scene.shown?.withAllBytes(caret: scene.caretIndex) { text, before in
            guard !text.isEmpty else { return }
            let font = theme.style(for: .filled).font
            let style = RunStyle(font: font, pixelSize: font.size * s, rendering: canvas.textRendering,
                                 plain: scene.plainText)
            let room = bounds.width - 2 * pad
            if scene.plainText, let x = drawPlainText(text, before: before, style: style, pad: pad) {
                caretX = x
                return
            }
            VisualSecret.with(text) { run, rightToLeft in
                let (width, inkLeft) = canvas.secretRunExtents(run, font: font, pixelSize: style.pixelSize)
                let atEnd = before.count == text.count
                func advance(_ bytes: Int) -> Double { runAdvance(text, prefix: bytes, width: width, style: style) }
                let place = FieldScene.placeRun(width: width, advance: advance(before.count), room: room,
                                                rightToLeft: rightToLeft, scrolled: scene.runScroll)
                let left = bounds.x + pad + place.left
                drawRunSelection(left: left, width: width, rightToLeft: rightToLeft) { advance($0.bytes(before: $1, in: text).count) }
                // At the end of a right-to-left run, a caret's width clear of its ink (which may
                // start before it).
                caretX = rightToLeft && atEnd ? (left.rounded() + min(0, inkLeft)).rounded(.down) - 2 * caretWidth
                    : left + place.caret
                canvas.clippedRounded(to: bounds.insetBy(dx: 2 * s, dy: 0), radius: frameRadius) {
                    canvas.drawSecretRun(run, left: left, middle: bounds.mid.y, font: font, pixelSize: style.pixelSize,
                                         color: theme.style(for: .filled).textColor)
                }
            }
        }
        if scene.caret { drawCaret(at: caretX) }
    }

    /// A shown entry that holds no secret, in a script DejaVu cannot draw alone: laid out by the
    /// text engine (Pango's fallback fonts, shaping and direction), the end or the caret kept in
    /// view; `before` is the text before the caret. Returns where the caret stands, or nil for
    /// text the entry's own path draws (DejaVu's).
    private func drawPlainText(_ bytes: UnsafeBufferPointer<UInt8>, before: UnsafeBufferPointer<UInt8>,
                               style: RunStyle, pad: Double) -> Double? {
        let text = String(decoding: bytes, as: UTF8.self)
        guard TextLayout.needsPango(text) else { return nil }
        let textStyle = TextStyle(size: style.pixelSize, bold: style.font.bold, color: theme.style(for: .filled).textColor)
        let metrics = TextLayout.metrics(text, style: textStyle, width: nil)
        let width = metrics.size.width, atEnd = before.count == bytes.count
        func advance(_ prefix: Int) -> Double { runAdvance(bytes, prefix: prefix, width: width, style: style) }
        // A right-to-left name (Hebrew, Arabic) starts at the box's right, as the run above does.
        let rightToLeft = scene.shown?.runRightToLeft ?? false
        let place = FieldScene.placeRun(width: width, advance: advance(before.count), room: bounds.width - 2 * pad,
                                        rightToLeft: rightToLeft, scrolled: scene.runScroll)
        let left = bounds.x + pad + place.left
        drawRunSelection(left: left, width: width, rightToLeft: rightToLeft) { advance($0.bytes(before: $1, in: bytes).count) }
        let top = (bounds.mid.y - metrics.size.height / 2).rounded()
        canvas.clippedRounded(to: bounds.insetBy(dx: 2 * s, dy: 0), radius: frameRadius) {
            TextLayout.draw(text, style: textStyle, width: nil, at: Point(x: left.rounded(), y: top), on: canvas)
        }
        // At the end of a right-to-left name, a caret's width clear of its first letter.
        return rightToLeft && atEnd ? left.rounded() - 2 * caretWidth : left + place.caret
    }

    /// How wide the first `prefix` bytes of a run of `text`, `width` wide whole, are drawn: the
    /// whole run's width, already measured, where they are all of it.
    private func runAdvance(_ text: UnsafeBufferPointer<UInt8>, prefix: Int, width: Double, style: RunStyle) -> Double {
        prefix == text.count ? width : canvas.entryRunAdvance(text, prefix: prefix, style: style)
    }

    /// The dots (or plain characters) at their presence, and the caret after the last one.
    func drawMarks() {
        if let selection = scene.selection {
            let slots = max(selection.lowerBound - scene.first, 0)..<min(selection.upperBound - scene.first, scene.cells.count)
            if !slots.isEmpty { drawSelection(from: markRect(slots.lowerBound).x, to: markRect(slots.upperBound - 1).maxX) }
        }
        if theme.secure {
            for (j, cell) in scene.cells.enumerated() where cell.presence > 0 {
                let r = markRect(j)
                // A dot wider than its slot is drawn wherever it reaches into the area drawn.
                let reach = max(r.width / 2, theme.dotRadius * s + 1)
                if shows(Rect(x: r.mid.x - reach, y: r.y, width: 2 * reach, height: r.height)) { drawDot(cell, in: r) }
            }
        } else {
            // Each character from its place in the locked buffer, into its cell.
            scene.shown?.forEachCharacter { j, character in
                guard j < scene.cells.count else { return false }
                let cell = scene.cells[j]
                let r = markRect(j)
                if cell.holdsCharacter && cell.presence > 0 && shows(r) {
                    drawCharacter(character, cell, style: theme.style(for: cell.state), in: r)
                }
                return true
            }
        }
        // Where the next dot goes: after the last one shown.
        if scene.caret, let next = scene.caretSlot { drawCaret(at: origin.x + scene.caretX(next)) }
    }

    /// Where cell `j`'s dot goes: in its cell, or, in an entry with padding, in the `j`-th of
    /// equal slots inside the padding (`FieldScene.markSlot`, which says what a frame redraws).
    func markRect(_ j: Int) -> Rect {
        place(scene.markSlot(j))
    }

    /// The dot at its presence: seed 003 draws it at alpha p and radius dotRadius × p.
    func drawDot(_ cell: FieldScene.Cell, in r: Rect) {
        canvas.fillCircle(center: r.mid, radius: theme.dotRadius * s * cell.presence,
                          color: theme.dotColor.withAlpha(theme.dotColor.alpha * cell.presence))
    }

    /// A plain character (its UTF-8 bytes, in the locked buffer) at its presence. It fades in at
    /// its final size: a glyph grown frame by frame would be rasterised anew at every size, for a
    /// change the eye barely sees.
    func drawCharacter(_ character: UnsafeBufferPointer<UInt8>, _ cell: FieldScene.Cell, style: CellStyle, in r: Rect) {
        canvas.drawSecretCharacter(character, centeredAt: r.mid, font: style.font, pixelSize: style.font.size * s,
                                   color: style.textColor.withAlpha(style.textColor.alpha * cell.presence))
    }

    /// The caret: a bar one point wide, a line of the entry's text high, its left edge at `x`
    /// (whole pixels, kept inside the padding).
    func drawCaret(at x: Double) {
        let height = lineHeight
        let width = caretWidth
        let left = min(x.rounded(), bounds.maxX - theme.padding * s)
        canvas.fill(Rect(x: left, y: (bounds.mid.y - height / 2).rounded(), width: width, height: height),
                    with: theme.dotColor)
    }

    /// One point, in whole pixels.
    var caretWidth: Double { max(1, s.rounded(.down)) }

    /// A line of the entry's text, in whole pixels: the caret's height and the selection's.
    var lineHeight: Double { (theme.empty.font.size * 1.2 * s).rounded() }

    /// The selection behind a run of text `width` wide drawn from `left` (right to left or not),
    /// `advance` saying how wide the text before a character of `shown` is.
    func drawRunSelection(left: Double, width: Double, rightToLeft: Bool,
                          advance: (ShownCharacters, Int) -> Double) {
        guard let selection = scene.selection, let shown = scene.shown else { return }
        let ends = [selection.lowerBound, selection.upperBound].map {
            let wide = advance(shown, $0)
            return rightToLeft ? width - wide : wide
        }
        drawSelection(from: left + ends.min()!, to: left + ends.max()!)
    }

    /// The selection's colour behind what lies between `left` and `right`, as high as the caret,
    /// kept inside the box.
    func drawSelection(from left: Double, to right: Double) {
        let height = lineHeight
        let inner = bounds.insetBy(dx: 2 * s, dy: 0)
        let x = max(left.rounded(), inner.x), maxX = min(right.rounded(), inner.maxX)
        guard maxX > x else { return }
        canvas.fill(Rect(x: x, y: (bounds.mid.y - height / 2).rounded(), width: maxX - x, height: height),
                    with: theme.selectionColor)
    }

    /// A half-typed dead-key or Compose sequence: a hollow dot where its character will go, the
    /// same for every sequence, so it tells nothing of the keys.
    func drawComposing() {
        for (cell, rect) in zip(scene.cells, scene.layout.cells) where cell.composing {
            let r = place(rect)
            guard shows(r) else { continue }
            let radius = max(theme.dotRadius * s, 3 * s)
            let ring = Rect(x: r.mid.x - radius, y: r.mid.y - radius, width: 2 * radius, height: 2 * radius)
            canvas.strokeInside(ring, width: max(1, (1.5 * s).rounded()), radius: radius, color: theme.dotColor)
        }
    }

    /// After a submit: a disc with a check mark, growing in like a dot, over the fading dots.
    func drawSuccess() {
        let radius = min(bounds.height * 0.32, 14 * s) * scene.success
        // A rim of the backdrop keeps it clear of the cell borders it crosses.
        canvas.fillCircle(center: bounds.mid, radius: radius + 3 * s * scene.success,
                          color: theme.background.withAlpha(scene.success))
        canvas.drawCheckBadge(center: bounds.mid, radius: radius,
                              color: theme.successColor.withAlpha(scene.success), mark: theme.successMark)
    }
}
