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
        TextLayout.setLanguage("zh_CN.UTF-8")
        defer { TextLayout.setLanguage(nil) }
        let blank = try Canvas(width: 80, height: 40).pixel(x: 0, y: 0)
        let forget = try pixels("忘"), remember = try pixels("记")
        #expect(forget.contains { $0 != blank } && remember.contains { $0 != blank })
        #expect(forget != remember, "not DejaVu's missing-glyph box twice")
        // The control: two Latin letters, DejaVu's own, differ too and sit on the same baseline.
        #expect(try pixels("a") != (try pixels("b")))
    }

    @Test func anIdeographsBoxSitsOnTheBaselineAndHasAWidth() throws {
        let canvas = try Canvas(width: 10, height: 10)
        let box = canvas.textExtents("忘记密码？", size: 20)
        #expect(box.width > 60 && box.y < -10 && box.maxY > 0, "\(box)")
    }
}
