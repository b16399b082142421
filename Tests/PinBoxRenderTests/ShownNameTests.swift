// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// An entry that holds no secret (git's username) shows text DejaVu cannot draw alone through
/// the text engine, as the dialog's own text is drawn: Chinese glyphs, not DejaVu's boxes.
@Suite("A shown name in any script")
struct ShownNameTests {
    /// The username dialog with `name` typed, drawn; `plain` overrides the scene's choice.
    private func entry(_ name: String, plain: Bool? = nil) throws -> [UInt32] {
        try withTextLanguage("zh_CN.UTF-8") {
            let page = try DialogSpec(prompt: .username).makePage(measure: TextLayout.measure)
            _ = page.handle(.resize(page.preferredSize), now: 0)
            for c in name.unicodeScalars { _ = page.handle(.character(c), now: 0) }
            var scene = page.scene(at: 30)
            #expect(scene.fields[0].plainText, "a name holds no secret")
            if let plain { scene.fields[0].plainText = plain }
            let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
            PagePainter.draw(scene, on: canvas)
            guard case .dialog(let layout) = page.geometry else { return [] }
            let box = layout.fields[0]
            return (Int(box.y)..<Int(box.maxY)).flatMap { y in (Int(box.x)..<Int(box.maxX)).map { canvas.pixel(x: $0, y: y) } }
        }
    }

    @Test func aChineseNameIsDrawnByTheTextEngine() throws {
        let engine = try entry("张伟"), dejaVu = try entry("张伟", plain: false)
        #expect(engine != dejaVu, "DejaVu has no 张: its boxes are not the name")
        // Latin text is DejaVu's either way: the same pixels as before.
        #expect(try entry("alice") == (try entry("alice", plain: false)))
    }
}
