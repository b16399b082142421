// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
import PinBoxTestSupport
@testable import PinBoxRender

/// Every look shows whether it has the focus: a field alone on the demo, the payment sheet.
@Suite("Focus cues on every look")
struct FocusCueTests {
    private func draw(_ page: Page, focused: Bool) throws -> Canvas {
        _ = page.handle(.resize(page.preferredSize), now: 0)
        _ = page.handle(.windowFocus(focused), now: 0)
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 10), on: canvas)
        return canvas
    }

    private func ringPixels(_ canvas: Canvas, ring: Rect, page background: UInt32) -> (count: Int, contrast: Double) {
        var count = 0, best = 1.0
        let y = Int(ring.mid.y)
        for x in [Int(ring.x), Int(ring.x) + 1, Int(ring.maxX) - 1, Int(ring.maxX) - 2] {
            let p = canvas.pixel(x: x, y: y)
            if p == 0x1565c0 { count += 1 }
            best = max(best, contrast(p, background))
        }
        return (count, best)
    }

    @Test(arguments: ["strip", "paypass", "boxes", "grid", "tfgrid"])
    func aFieldAloneIsRingedWhileFocused(_ name: String) throws {
        func page() throws -> Page {
            let theme = try #require(Theme.named(name))
            let field = PageField(name: "pin", label: "", configuration: try FieldConfiguration(theme: theme))
            return Page(workbench: [field], content: PageContent(title: "t", hint: "h"), rules: PageRules(), scale: 1,
                        measure: TextLayout.measure)
        }
        let focused = try page()
        let on = try draw(focused, focused: true)
        let off = try draw(try page(), focused: false)
        #expect(focused.scene(at: 10).focusRing == 0)
        let ring = focused.geometry.ring(around: 0)
        let (count, contrast) = ringPixels(on, ring: ring, page: 0xf5f6f8)
        #expect(count == 4 && contrast >= 3, "\(name): ring pixels \(count), \(contrast):1")
        #expect(ringPixels(off, ring: ring, page: 0xf5f6f8).count == 0, "no ring without the focus")
    }

    @Test func thePaySheetsFieldIsRingedWhileFocused() throws {
        func page() throws -> Page {
            var spec = PaySheetSpec()
            spec.amount = "¥25.00"
            return try spec.makePage(measure: TextLayout.measure)
        }
        let p = try page()
        let on = try draw(p, focused: true)
        let off = try draw(try page(), focused: false)
        guard case .paySheet(let layout) = p.geometry else { Issue.record("not a sheet"); return }
        let ring = layout.field.insetBy(dx: -6, dy: -6)
        let (count, contrast) = ringPixels(on, ring: ring, page: 0xffffff)
        #expect(count == 4 && contrast >= 3, "ring pixels \(count), \(contrast):1")
        #expect(ringPixels(off, ring: ring, page: 0xffffff).count == 0)
    }
}
