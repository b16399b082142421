// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// What the painter draws at a row's start goes to its right in a mirrored dialog: the
/// checkbox's box, the strength bar's label, and the bar fills from the right.
@Suite("Painting a mirrored dialog")
struct MirroredPaintingTests {
    private func painted(_ direction: TextDirection) throws -> (Canvas, DialogLayout, Page) {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.direction = direction
        spec.prompt = "Passphrase"
        spec.qualityLabel = "Quality"
        spec.savePasswordLabel = "_Save in password manager"
        spec.savePasswordTicked = true
        let page = try spec.makePage(measure: TextLayout.measure)
        page.setQuality(50)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 10), on: canvas)
        guard case .dialog(let layout) = page.geometry else { throw PaintTestError.notADialog }
        return (canvas, layout, page)
    }

    private enum PaintTestError: Error { case notADialog }

    /// The xs of the quality row's middle line in the rating's colour.
    private func filled(_ canvas: Canvas, _ row: Rect) -> [Int] {
        let colour = QualityRating(50).color(in: .light)
        let rgb = UInt32((colour.red * 255).rounded()) << 16 | UInt32((colour.green * 255).rounded()) << 8
            | UInt32((colour.blue * 255).rounded())
        return (Int(row.x)..<Int(row.maxX)).filter { canvas.pixel(x: $0, y: Int(row.mid.y)) == rgb }
    }

    @Test func theStrengthBarFillsFromTheRight() throws {
        let (ltr, l, _) = try painted(.leftToRight), (rtl, r, _) = try painted(.rightToLeft)
        let row = try #require(l.quality), mirroredRow = try #require(r.quality)
        let left = filled(ltr, row), right = filled(rtl, mirroredRow)
        #expect(left.count > 20 && right.count > 20, "\(left.count) \(right.count)")
        // Half a track: from the label's side, the left one or the right one.
        #expect(Double(left.max() ?? 0) < row.mid.x && Double(right.min() ?? 0) > row.mid.x,
                "\(left.min() ?? 0)…\(left.max() ?? 0), \(right.min() ?? 0)…\(right.max() ?? 0) in \(row)")
    }

    @Test func theCheckboxsBoxIsAtTheRightOfItsLabel() throws {
        for direction in [TextDirection.leftToRight, .rightToLeft] {
            let (canvas, layout, page) = try painted(direction)
            let i = try #require(page.content.buttons.firstIndex { $0.role == .savePassword })
            let rect = layout.buttons[i], side = DialogLayout.checkboxSide(1)
            let y = Int((rect.y + (rect.height - side) / 2).rounded() + 4)
            // Inside the ticked box, clear of the tick: the accent colour.
            let atLeft = canvas.pixel(x: Int(rect.x) + 5, y: y), atRight = canvas.pixel(x: Int(rect.maxX - side) + 5, y: y)
            let boxAtRight = direction == .rightToLeft
            #expect((atRight == 0x1565c0) == boxAtRight && (atLeft == 0x1565c0) == !boxAtRight,
                    "\(direction): \(String(atLeft, radix: 16)) \(String(atRight, radix: 16))")
        }
    }
}
