// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
import PinBoxRender
import PinBoxTestSupport

/// The demo page as `pinbox render --demo` draws it (the window's page and painter), read back
/// pixel by pixel: the contrast a designer would measure, and the spacing they would check.
@Suite("The demo page, measured", .endToEnd)
struct DemoPageTests {
    static let names = ["strip", "paypass", "boxes", "grid"]

    /// The page drawn with the window focused on `focus`, and its layout.
    private func render(scale: Double, focus: String = "boxes") throws -> (Canvas, PageLayout) {
        let path = NSTemporaryDirectory() + "pinbox-demo-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (status, output) = try run([PinBoxProcess.binary, "render", "--demo", "--scale", String(scale), "--focus", focus,
                                        "--text", "12", "--out", path])
        guard status == 0 else { throw TestFailure("render --demo failed: \(output)") }
        let canvas = try Canvas(png: path)
        let layouts = try Self.names.map { try FieldConfiguration(theme: Theme.named($0)!, scale: scale).layout() }
        let page = PageLayout(window: Size(width: Double(canvas.width), height: Double(canvas.height)),
                              layouts: layouts, scale: scale)
        return (canvas, page)
    }

    /// The strongest contrast against `background` in `rect`: a line of text's ink.
    private func strongest(in rect: Rect, of canvas: Canvas, against background: UInt32) -> Double {
        var best = 1.0
        for y in Int(rect.y)..<Int(rect.maxY) where y >= 0 && y < canvas.height {
            for x in Int(rect.x)..<Int(rect.maxX) where x >= 0 && x < canvas.width {
                best = max(best, contrast(canvas.pixel(x: x, y: y), background))
            }
        }
        return best
    }

    @Test("text, focus ring and field edges meet WCAG 2.1", arguments: [1.0, 2.0])
    func contrastMeetsWCAG(scale: Double) throws {
        let (canvas, page) = try render(scale: scale)
        let background = canvas.pixel(x: 1, y: 1)
        let m = page.metrics, width = Double(canvas.width)
        // Text: 4.5:1 for the title, every label and the hint.
        var lines = [(page.title, m.titleSize), (page.hint, m.hintSize)]
        lines += page.labels.map { ($0, m.labelSize) }
        for (baseline, size) in lines {
            let band = page.textBand(baseline: baseline.y, size: size, width: width)
            let ratio = strongest(in: band, of: canvas, against: background)
            #expect(ratio >= 4.5, "text at y \(baseline.y): \(ratio):1")
        }
        // The focus ring (around the boxes): 3:1 against the page it sits on.
        let ring = page.ring(around: 2)
        let ringPixel = canvas.pixel(x: Int(ring.mid.x), y: Int(ring.y))
        #expect(contrast(ringPixel, background) >= 3, "ring \(String(ringPixel, radix: 16)): \(contrast(ringPixel, background)):1")
        // Every field's edge, where a user sees where it is: 3:1 against the page. The left
        // edge at mid-height is a border on every look (a strip's frame, a box's side).
        let firstCells = try Self.names.map { try FieldConfiguration(theme: Theme.named($0)!, scale: scale).layout().cells[0] }
        for (name, (cells, first)) in zip(Self.names, zip(page.visible, firstCells)) {
            let edge = strongest(in: Rect(x: cells.x, y: cells.y + first.mid.y - first.y, width: Layout.devicePixels(1, scale: scale), height: 1),
                                 of: canvas, against: background)
            #expect(edge >= 3, "\(name)'s edge: \(edge):1")
        }
        // A strip's cells are told apart by its dividers: 3:1 against the white cells.
        for (i, cells) in page.visible.prefix(2).enumerated() {
            let boundary = cells.x + cells.width / 6
            let divider = strongest(in: Rect(x: boundary - 2, y: cells.mid.y, width: 4, height: 1), of: canvas,
                                    against: 0xffffff)
            #expect(divider >= 3, "\(Self.names[i])'s dividers: \(divider):1")
        }
    }

    @Test("one focus cue: the ring, and no cursor cell inside it")
    func oneFocusCue() throws {
        let (canvas, page) = try render(scale: 1, focus: "boxes")
        // The boxes hold 12: the third box would be the cursor cell; it looks like the empty ones after it.
        let layout = try FieldConfiguration(theme: .boxes).layout()
        let field = page.fields[2]
        let third = layout.cells[2].offsetBy(dx: field.x, dy: field.y), fourth = layout.cells[3].offsetBy(dx: field.x, dy: field.y)
        for (dx, dy) in [(0.0, 0.5), (0.5, 0.0), (0.5, 0.5)] {
            let a = canvas.pixel(x: Int(third.x + third.width * dx), y: Int(third.y + third.height * dy))
            let b = canvas.pixel(x: Int(fourth.x + fourth.width * dx), y: Int(fourth.y + fourth.height * dy))
            #expect(a == b, "cursor cell \(String(a, radix: 16)) vs empty cell \(String(b, radix: 16))")
        }
    }

    @Test("spacing from the visible cells", arguments: [1.0, 2.0])
    func spacingFromTheCells(scale: Double) throws {
        let (canvas, page) = try render(scale: scale)
        let background = canvas.pixel(x: 1, y: 1)
        // Every field's cells start the same distance under its label's baseline.
        let gaps = zip(page.labels, page.visible).map { $1.y - $0.y }
        #expect(Set(gaps).count == 1 || (gaps.max()! - gaps.min()!) <= 1, "label to cells: \(gaps)")
        // The same distance between one group's cells and the next label, for all groups.
        let between = (1..<page.visible.count).map { page.labels[$0].y - page.visible[$0 - 1].maxY }
        #expect((between.max()! - between.min()!) <= 1, "cells to next label: \(between)")
        // The ring keeps the same distance from whichever field it surrounds...
        for i in page.fields.indices {
            let ring = page.ring(around: i), cells = page.visible[i]
            #expect(cells.x - ring.x == cells.y - ring.y && ring.maxX - cells.maxX == ring.maxY - cells.maxY)
        }
        // ...and never touches a label: between the label's ink and the ring's top, a clear row.
        for i in page.fields.indices {
            let ring = page.ring(around: i)
            let label = page.textBand(baseline: page.labels[i].y, size: page.metrics.labelSize, width: Double(canvas.width))
            var inkBottom = label.y
            for y in Int(label.y)..<Int(ring.y) {
                for x in Int(ring.x)..<Int(ring.maxX) where canvas.pixel(x: x, y: y) != background { inkBottom = Double(y) }
            }
            #expect(ring.y - inkBottom >= 3 * scale, "label \(i)'s ink ends at \(inkBottom), its ring starts at \(ring.y)")
        }
    }
}
