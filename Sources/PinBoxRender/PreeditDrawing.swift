// SPDX-License-Identifier: MIT
import PinBoxCore

extension FieldDrawing {
    /// A name with what the input method is composing in it at the caret (`FieldScene.preedit`),
    /// underlined, as GTK's entries draw it, the clause being converted marked, the caret where
    /// the method's stands. The entry holds no secret: the whole is laid out by the text engine,
    /// with its fallback fonts for the Korean, Chinese or Japanese being composed.
    func drawPreedit(_ preedit: Preedit, pad: Double) {
        var before = "", after = ""
        scene.shown?.withAllBytes(caret: scene.caretIndex) { all, head in
            before = String(decoding: head, as: UTF8.self)
            after = String(decoding: UnsafeBufferPointer(rebasing: all[head.count...]), as: UTF8.self)
        }
        let composed = Array(preedit.text.unicodeScalars)
        let filled = theme.style(for: .filled)
        let style = TextStyle(size: filled.font.size * s, bold: filled.font.bold, color: filled.textColor)
        func advance(_ text: String) -> Double { text.isEmpty ? 0 : TextLayout.measure(text, style: style, width: nil).width }
        let text = before + preedit.text + after
        let metrics = TextLayout.metrics(text, style: style, width: nil)
        // Each a layout of its own: none measured twice where two are one (at the end, typically).
        let start = advance(before), end = after.isEmpty ? metrics.size.width : advance(before + preedit.text)
        func prefix(_ characters: Int) -> String {
            var part = String.UnicodeScalarView()
            part.append(contentsOf: composed.prefix(characters))
            return before + String(part)
        }
        let caret = preedit.caret == composed.count ? end : advance(prefix(preedit.caret))
        let place = FieldScene.placeRun(width: metrics.size.width, advance: caret, room: bounds.width - 2 * pad,
                                        rightToLeft: false, scrolled: scene.runScroll)
        let left = bounds.x + pad + place.left
        // The clause being converted on the selection's colour, as selected text is.
        for run in preedit.marked {
            let from = run.lowerBound == 0 ? start : advance(prefix(run.lowerBound))
            let to = run.upperBound == composed.count ? end : advance(prefix(run.upperBound))
            drawSelection(from: left + from, to: left + to)
        }
        let top = (bounds.mid.y - metrics.size.height / 2).rounded()
        canvas.clippedRounded(to: bounds.insetBy(dx: 2 * s, dy: 0), radius: frameRadius) {
            TextLayout.draw(text, style: style, width: nil, at: Point(x: left.rounded(), y: top), on: canvas)
            // The composed part's underline, a point thick, just under the line of text.
            let thickness = caretWidth
            canvas.fill(Rect(x: (left + start).rounded(), y: (bounds.mid.y + lineHeight / 2).rounded() - thickness,
                             width: (end - start).rounded(), height: thickness), with: filled.textColor)
        }
        if scene.caret { drawCaret(at: left + place.caret) }
    }
}
