// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// What the input method is composing is drawn in the entry at the caret, underlined, as GTK's
/// entries draw it, the clause being converted on the selection's colour; typed, the same text
/// is drawn without the line.
@Suite("The input method's text being composed")
struct PreeditDrawingTests {
    /// The username entry's pixels, rows of the box, with `typed` typed and `preedit` composed.
    private func entry(typed: String, preedit: String?, marked: [Range<Int>] = []) throws -> (pixels: [[UInt32]], width: Int) {
        try withTextLanguage("ko_KR.UTF-8") {
            let page = try DialogSpec(prompt: .username).makePage(measure: TextLayout.measure)
            _ = page.handle(.resize(page.preferredSize), now: 0)
            _ = page.handle(.windowFocus(true), now: 0)
            for c in typed.unicodeScalars { _ = page.handle(.character(c), now: 0) }
            if let preedit { _ = page.handle(.preedit(Preedit(text: preedit, caret: preedit.unicodeScalars.count, marked: marked)), now: 0) }
            var scene = page.scene(at: 30)
            scene.fields[0].caret = false
            let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
            PagePainter.draw(scene, on: canvas)
            guard case .dialog(let layout) = page.geometry else { return ([], 0) }
            let box = layout.fields[0].insetBy(dx: 3, dy: 3)
            let rows = (Int(box.y)..<Int(box.maxY)).map { y in (Int(box.x)..<Int(box.maxX)).map { canvas.pixel(x: $0, y: y) } }
            return (rows, Int(box.width))
        }
    }

    private func dark(_ p: UInt32) -> Bool { ((p >> 16) & 0xff) + ((p >> 8) & 0xff) + (p & 0xff) < 3 * 0x90 }

    @Test func itIsUnderlinedWhereTypedTextIsNot() throws {
        let typed = try entry(typed: "한", preedit: nil), composing = try entry(typed: "", preedit: "한")
        let inkColumns = (0..<typed.width).filter { x in typed.pixels.contains { dark($0[x]) } }
        let glyph = try #require(inkColumns.first)...(try #require(inkColumns.last))
        // A row the typed syllable leaves blank, dark across the syllable in the composed one.
        let underline = composing.pixels.indices.filter { y in
            !typed.pixels[y].contains(where: dark) && glyph.allSatisfy { dark(composing.pixels[y][$0]) }
        }
        #expect(!underline.isEmpty, "an underline under the syllable being composed")
        // Above it, the same syllable where typed text stands.
        let above = underline.first ?? 0
        #expect(Array(composing.pixels[..<above]) == Array(typed.pixels[..<above]), "the syllable drawn as typed text is")
        let empty = try entry(typed: "", preedit: nil)
        #expect(!empty.pixels.joined().contains(where: dark), "nothing composed, nothing drawn")
    }

    /// The columns on the selection's colour (a light blue), in the box.
    private func marked(_ entry: (pixels: [[UInt32]], width: Int)) -> ClosedRange<Int>? {
        let columns = (0..<entry.width).filter { x in
            entry.pixels.contains { row in
                let p = row[x], (r, g, b) = (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
                return b > r + 30 && b > g + 10 && r > 150
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// 山田 marked while 太郎 is not, then 太郎 and not 山田: each on its own half of the name.
    @Test func theClauseBeingConvertedIsOnTheSelectionsColour() throws {
        let plain = try entry(typed: "", preedit: "山田太郎")
        #expect(marked(plain) == nil, "nothing marked, nothing on the selection's colour")
        let ink = (0..<plain.width).filter { x in plain.pixels.contains { dark($0[x]) } }
        let name = try #require(ink.first)...(try #require(ink.last))
        let middle = (name.lowerBound + name.upperBound) / 2
        let first = try #require(marked(try entry(typed: "", preedit: "山田太郎", marked: [0..<2])))
        #expect(abs(first.lowerBound - name.lowerBound) <= 2 && abs(first.upperBound - middle) <= 3, "山田: \(first) of \(name)")
        let second = try #require(marked(try entry(typed: "", preedit: "山田太郎", marked: [2..<4])))
        #expect(abs(second.lowerBound - middle) <= 3 && abs(second.upperBound - name.upperBound) <= 2, "太郎: \(second) of \(name)")
    }
}
