// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// A shown passphrase in Hebrew or Arabic reads as it is written, right to left, Arabic's letters
/// joined, as pinentry-gtk-2 shows it; still drawn by DejaVu from locked memory, not by Pango.
@Suite("A shown secret in a right-to-left script")
struct ShownRightToLeftTests {
    /// A shown passphrase entry holding `text`, drawn; with `drawn`, its own characters are
    /// drawn transparent and `drawn` (UTF-8, left to right, no reordering) in their place, where
    /// the entry starts its text: at its left, or ending at its right (`fromTheRight`).
    private func entry(_ text: String, caret: Bool = false, drawn: String? = nil,
                       fromTheRight: Bool = false) throws -> Canvas {
        var theme = Theme.passphrase
        theme.secure = false
        let style = theme.empty
        if drawn != nil { theme.empty.textColor = style.textColor.withAlpha(0) }
        let configuration = try FieldConfiguration(theme: theme, count: 60, frame: Size(width: 320, height: 36))
        let (field, animator) = configuration.makeField()
        for c in text.unicodeScalars { _ = field.type(c) }
        var a = animator
        a.settle(length: field.length)
        var scene = FieldScene(field: field, animator: a, layout: configuration.layout(), theme: theme, focused: true,
                               at: 0)
        scene.caret = caret
        let canvas = try Canvas(width: 340, height: 40)
        FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: canvas)
        if let drawn {
            let bounds = scene.layout.bounds
            Array(drawn.utf8).withUnsafeBufferPointer {
                let room = bounds.width - 2 * theme.padding
                let width = canvas.secretRunWidth($0, font: style.font, pixelSize: style.font.size)
                canvas.drawSecretRun($0, left: bounds.x + theme.padding + (fromTheRight ? room - width : 0),
                                     middle: bounds.mid.y, font: style.font, pixelSize: style.font.size,
                                     color: style.textColor)
            }
        }
        return canvas
    }

    private func pixels(_ c: Canvas) -> [UInt32] {
        (0..<c.height).flatMap { y in (0..<c.width).map { c.pixel(x: $0, y: y) } }
    }

    @Test func hebrewIsDrawnRightToLeft() throws {
        let shown = pixels(try entry("אבג"))
        #expect(shown == pixels(try entry("אבג", drawn: "גבא", fromTheRight: true)), "alef rightmost, gimel leftmost")
        #expect(shown != pixels(try entry("אבג", drawn: "אבג", fromTheRight: true)), "not in the order typed")
    }

    @Test func arabicIsJoinedAndRightToLeft() throws {
        // Seen initial, lam-alef final as one ligature, meem isolated: U+FEB3 U+FEFC U+FEE1 from the right.
        #expect(pixels(try entry("سلام")) == pixels(try entry("سلام", drawn: "\u{FEE1}\u{FEFC}\u{FEB3}", fromTheRight: true)))
    }

    @Test func latinInAHebrewLineKeepsItsOwnDirection() throws {
        // A number after Hebrew belongs to its run (rule N1), as Pango has it too.
        #expect(pixels(try entry("abc אבג 12")) == pixels(try entry("abc אבג 12", drawn: "abc 12 גבא")))
        #expect(pixels(try entry("אבג abc")) == pixels(try entry("אבג abc", drawn: "abc גבא", fromTheRight: true)))
    }

    @Test func leftToRightTextIsDrawnAsTyped() throws {
        #expect(pixels(try entry("pässwörd 42")) == pixels(try entry("pässwörd 42", drawn: "pässwörd 42")))
    }

    /// Wider than the entry: the end typed last, at the left, stays in view, where the caret is.
    @Test func aLongRightToLeftRunKeepsItsLeftEndInView() throws {
        let text = String(repeating: "אבגדהוזחטיכלמנסעפצקרשת", count: 2)
        let reversed = String(String.UnicodeScalarView(text.unicodeScalars.reversed()))
        let shown = try entry(text), drawn = try entry(text, drawn: reversed)
        // The entry clips its run inside the frame; the run drawn for comparison is not clipped.
        let inside = { (c: Canvas) in (0..<c.height).flatMap { y in (0..<310).map { c.pixel(x: $0, y: y) } } }
        #expect(inside(shown) == inside(drawn))
        #expect((8..<28).contains { y in (300..<316).contains { shown.pixel(x: $0, y: y) != 0xffffff } },
                "the run goes on past the entry's right")
    }

    /// The caret stands at the logical end, where the next character goes: after Latin, before
    /// (to the left of) Hebrew, which starts at the entry's right, as in GTK's entry.
    @Test func theCaretStandsWhereTheNextCharacterGoes() throws {
        let hebrew = try entry("אבג", caret: true)
        #expect(pixels(hebrew) == pixels(try entry("אבג", caret: true, drawn: "גבא", fromTheRight: true)))
        let ink = (0..<hebrew.width).filter { x in (0..<hebrew.height).contains { hebrew.pixel(x: x, y: $0) == 0x1f2329 } }
        let latin = try entry("abc", caret: true)
        let latinInk = (0..<latin.width).filter { x in (0..<latin.height).contains { latin.pixel(x: x, y: $0) == 0x1f2329 } }
        // The caret, a line high in the theme's dot colour, is the first such column, then a gap.
        #expect(ink.count > 2 && ink[1] - ink[0] > 1 && ink[0] > 200, "Hebrew's caret at its left, near the right: \(ink)")
        #expect(latinInk.count > 2 && latinInk.last! - latinInk[latinInk.count - 2] > 1 && latinInk[0] < 20,
                "Latin's caret at its right, near the left: \(latinInk)")
    }
}
