// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// The strength bar's tooltip (SETQUALITYBAR_TT) drawn inside the dialog: a dark box under the
/// bar's row, from its start, with the text in it, once the pointer has rested on the row.
@Suite("Painting the strength bar's tooltip")
struct QualityTipPaintingTests {
    private static let tooltip = "The quality of the text entered above.\nPlease ask your administrator for details about the criteria."

    /// A new passphrase's dialog with its repeat, the pointer resting on the bar from time 0,
    /// drawn at `at`.
    private func painted(at time: Double, tooltip: String = tooltip, direction: TextDirection = .leftToRight,
                         scale: Double = 1) throws -> (Canvas, Rect) {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.direction = direction
        spec.scale = scale
        spec.prompt = "New passphrase"
        spec.repeatPrompt = "Repeat"
        spec.qualityLabel = "Quality"
        spec.qualityTooltip = tooltip
        let page = try spec.makePage(measure: TextLayout.measure)
        page.setQuality(40)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .dialog(let layout) = page.geometry, let row = layout.quality else { throw TipPaintError.noBar }
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.mid.y))), now: 0)
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: time), on: canvas)
        return (canvas, row)
    }

    private enum TipPaintError: Error { case noBar }

    /// The points of `area` (whole pixels, within the canvas) whose colour passes `test`.
    private func points(_ canvas: Canvas, _ area: Rect, _ test: (UInt32) -> Bool) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in max(0, Int(area.y))..<min(canvas.height, Int(area.maxY)) {
            for x in max(0, Int(area.x))..<min(canvas.width, Int(area.maxX)) where test(canvas.pixel(x: x, y: y)) {
                found.append((x, y))
            }
        }
        return found
    }

    private func points(_ canvas: Canvas, _ area: Rect, _ rgb: UInt32) -> [(x: Int, y: Int)] {
        points(canvas, area) { $0 == rgb }
    }

    /// The text's ink: near white (its edges are blended with the box).
    private static func light(_ rgb: UInt32) -> Bool {
        rgb >> 16 & 0xff >= 0xc0 && rgb >> 8 & 0xff >= 0xc0 && rgb & 0xff >= 0xc0
    }

    private static let box: UInt32 = 0x2b2f36

    @Test func theTipIsDrawnUnderTheBarOnceThePointerHasRested() throws {
        let (before, row) = try painted(at: 0.4)
        let (after, _) = try painted(at: 0.5)
        let whole = Rect(x: 0, y: 0, width: Double(after.width), height: Double(after.height))
        #expect(points(before, whole, Self.box).isEmpty, "not yet: the pointer has rested 0.4 s")
        let dark = points(after, whole, Self.box)
        #expect(dark.count > 2000, "\(dark.count)")
        // Under the bar's row, from its start, and no higher than the row's foot.
        let top = dark.map(\.y).min() ?? 0, left = dark.map(\.x).min() ?? 0
        #expect(Double(top) > row.maxY && Double(top) < row.maxY + 12, "top \(top), row \(row)")
        #expect(abs(Double(left) - row.x) <= 2, "left \(left), row \(row)")
        // The text, in white, inside the box: two lines of it.
        let box = Rect(x: Double(left), y: Double(top), width: Double((dark.map(\.x).max() ?? 0) - left),
                       height: Double((dark.map(\.y).max() ?? 0) - top))
        let ink = points(after, box, Self.light)
        #expect(ink.count > 150, "\(ink.count) white pixels")
        #expect(ink.contains { Double($0.y) < box.mid.y } && ink.contains { Double($0.y) > box.mid.y + 4 },
                "two lines of text: \(box)")
    }

    @Test func inAMirroredDialogItStartsAtTheRight() throws {
        let (canvas, row) = try painted(at: 1, tooltip: "جودة عبارة المرور", direction: .rightToLeft)
        let dark = points(canvas, Rect(x: 0, y: row.maxY, width: Double(canvas.width), height: 60), Self.box)
        #expect(dark.count > 300, "\(dark.count)")
        let left = dark.map(\.x).min() ?? 0, right = dark.map(\.x).max() ?? 0
        #expect(abs(Double(right + 1) - row.maxX) <= 2, "right \(right), row \(row)")
        #expect(Double(left) > row.mid.x, "a short tip: only as wide as its words, \(left)")
        let ink = points(canvas, Rect(x: Double(left), y: row.maxY, width: Double(right - left), height: 60), Self.light)
        #expect(ink.count > 40, "the Arabic words drawn: \(ink.count)")
    }

    @Test func itStaysInsideTheWindowAtTwiceTheScale() throws {
        let (canvas, row) = try painted(at: 1, scale: 2)
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        let dark = points(canvas, whole, Self.box)
        #expect(dark.count > 8000, "\(dark.count)")
        #expect(Double(dark.map(\.y).min() ?? 0) > row.maxY)
    }

    /// A caller's tooltip far longer than the window is tall: the box stays inside the window,
    /// its text cut, and the bar's row stays clear of it.
    @Test func aTooLongTooltipIsCutToTheWindow() throws {
        let long = Array(repeating: "The quality of the text entered above.", count: 60).joined(separator: "\n")
        let (canvas, row) = try painted(at: 1, tooltip: long)
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        let dark = points(canvas, whole, Self.box)
        #expect(dark.count > 2000, "\(dark.count)")
        let rows = Set(dark.map(\.y))
        #expect(!rows.contains(Int(row.mid.y)), "the bar itself is not covered")
    }
}
