// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// The canvas's one-line text (the payment sheet's link and message, the workbench's labels)
/// draws any script: DejaVu alone would draw every ideograph as the same empty box.
@Suite("One line of text on the canvas")
struct CanvasTextTests {
    private func pixels(_ text: String) throws -> [UInt32] {
        let canvas = try Canvas(width: 80, height: 40)
        canvas.drawText(text, at: Point(x: 4, y: 28), size: 20, color: .black)
        return (0..<40).flatMap { y in (0..<80).map { canvas.pixel(x: $0, y: y) } }
    }

    @Test func twoIdeographsAreTwoDrawings() throws {
        try withTextLanguage("zh_CN.UTF-8") {
            let blank = try Canvas(width: 80, height: 40).pixel(x: 0, y: 0)
            let forget = try pixels("忘"), remember = try pixels("记")
            #expect(forget.contains { $0 != blank } && remember.contains { $0 != blank })
            #expect(forget != remember, "not DejaVu's missing-glyph box twice")
            // The control: two Latin letters, DejaVu's own, differ too and sit on the same baseline.
            #expect(try pixels("a") != (try pixels("b")))
        }
    }

    @Test func anIdeographsBoxSitsOnTheBaselineAndHasAWidth() throws {
        let canvas = try Canvas(width: 10, height: 10)
        let box = canvas.textExtents("忘记密码？", size: 20)
        #expect(box.width > 60 && box.y < -10 && box.maxY > 0, "\(box)")
    }
}

/// The demo's hint line in a long translation stays inside its window.
@Suite("The demo's hint line")
struct HintLineTests {
    /// The leftmost and rightmost inked columns on the hint's baseline band.
    private func hintInk(_ hint: String) throws -> (left: Int, right: Int, width: Int) {
        let field = PageField(name: "pin", label: "", configuration: try FieldConfiguration())
        let page = Page(workbench: [field], content: PageContent(title: "t", hint: hint), rules: PageRules(), scale: 1,
                        measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 10), on: canvas)
        guard case .workbench(let layout) = page.geometry else { throw RenderError("not the workbench") }
        let background = canvas.pixel(x: 0, y: Int(layout.hint.y))
        let rows = Int(layout.hint.y) - 12...Int(layout.hint.y) + 3
        let inked = (0..<canvas.width).filter { x in rows.contains { canvas.pixel(x: x, y: $0) != background } }
        return (inked.first ?? -1, inked.last ?? -1, canvas.width)
    }

    @Test func aLongTranslationIsDrawnSmallerToStayInTheWindow() throws {
        let russian = "Tab — следующее поле · Esc — очистить · Enter — отправить · F1 — клавиши верстака"
        let (left, right, width) = try hintInk(russian)
        #expect(left > 0 && right < width - 1, "\(left)…\(right) of \(width)")
        // The control: a short hint keeps its size, and is centred.
        let short = try hintInk("Esc clear")
        #expect(short.left > 100 && abs((short.left + short.right) - short.width) < 6, "\(short)")
    }
}

@Suite("A hint broken between its parts")
struct HintBreakTests {
    @Test func partsFillLinesAndDotsStayBetweenThem() {
        let width = { (s: String) in Double(s.count) }
        #expect(PagePainter.brokenAtDots("aaaa · bbbb · cc · dddddd", within: 11, measure: width)
            == "aaaa · bbbb\ncc · dddddd")
        #expect(PagePainter.brokenAtDots("Esc clear · Return submit", within: 100, measure: width)
            == "Esc clear · Return submit")
        #expect(PagePainter.brokenAtDots("toolongpart · x", within: 5, measure: width) == "toolongpart\nx")
    }
}
