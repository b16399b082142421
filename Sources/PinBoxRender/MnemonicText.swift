// SPDX-License-Identifier: MIT
import PinBoxCore

/// A button's or a menu item's text as drawn: one line, at most `most` wide (a longer one shows
/// its first line, ending with "…"), its mnemonic letter underlined.
struct MnemonicText {
    let text: String
    let mnemonic: Int?
    let style: TextStyle
    /// The wrapping width of a label past the maximum; nil for one drawn whole.
    let width: Double?
    let size: Size

    init(_ text: String, mnemonic: Int?, style: TextStyle, most: Double) {
        (self.text, self.mnemonic) = (text, mnemonic)
        let whole = TextLayout.measure(text, style: style, width: nil)
        guard whole.width > most else {
            (self.style, width, size) = (style, nil, whole)
            return
        }
        var cut = style
        cut.maxHeight = whole.height * 1.5  // one line
        (self.style, width) = (cut, most)
        size = TextLayout.measure(text, style: cut, width: most)
    }

    func draw(at origin: Point, scale s: Double, on canvas: Canvas) {
        TextLayout.draw(text, style: style, width: width, at: origin, on: canvas)
        guard let mnemonic else { return }
        // Underline the mnemonic where the label's layout put it (at the right of a Hebrew
        // word), unless the label's end, with it, was left out.
        let span = TextLayout.span(ofCharacter: mnemonic, in: text, style: style)
        guard span.x + span.width <= size.width else { return }
        let baseline = TextLayout.metrics(text, style: style, width: width).firstBaseline
        canvas.fill(Rect(x: (origin.x + span.x).rounded(), y: (origin.y + baseline + 2 * s).rounded(),
                         width: max(1, span.width.rounded()), height: Layout.devicePixels(1, scale: s)), with: style.color)
    }
}
