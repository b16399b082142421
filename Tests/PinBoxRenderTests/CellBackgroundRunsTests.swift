// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// Cells side by side with one square background are filled as one rectangle: a passphrase
/// entry's slots were a fill each, every frame. Only where the picture stays the same (the
/// goldens, rendered again, are the same files to the byte).
@Suite("Cell backgrounds filled in runs")
struct CellBackgroundRunsTests {
    let plain = CellStyle(background: .white)

    /// `count` cells `width` pixels wide from x = 16, each `gap` pixels after the one before.
    func row(_ count: Int, width: Double, gap: Double = 0, style: (Int) -> CellStyle) -> [(style: CellStyle, rect: Rect)] {
        (0..<count).map { i in (style(i), Rect(x: 16 + Double(i) * (width + gap), y: 64, width: width, height: 36)) }
    }

    @Test func anEntrysSlotsAreOneFill() {
        let runs = FieldPainter.backgroundRuns(row(28, width: 14) { _ in plain })
        #expect(runs.count == 1)
        #expect(runs.first?.rect == Rect(x: 16, y: 64, width: 28 * 14, height: 36))
        #expect(runs.first?.color == .white)
    }

    @Test func aCellOfAnotherColourBreaksTheRun() {
        let cursor = CellStyle(background: Color(rgb: 0xe3f2fd))
        let runs = FieldPainter.backgroundRuns(row(6, width: 50) { $0 == 2 ? cursor : plain })
        #expect(runs.map(\.rect.x) == [16, 116, 166])
        #expect(runs.map(\.rect.width) == [100, 50, 150])
        #expect(runs.map(\.color) == [.white, cursor.background!, .white])
    }

    @Test func roundedCellsAreFilledOneByOne() {
        let rounded = CellStyle(background: .white, cornerRadius: 6)
        let runs = FieldPainter.backgroundRuns(row(6, width: 50) { _ in rounded }, scale: 2)
        #expect(runs.count == 6)
        #expect(runs.allSatisfy { $0.radius == 12 })
    }

    @Test func separateOrFractionalCellsAreNotJoined() {
        #expect(FieldPainter.backgroundRuns(row(6, width: 50, gap: 8) { _ in plain }).count == 6)
        // Meeting inside a pixel, each cell covered half of it: one fill would cover it whole.
        #expect(FieldPainter.backgroundRuns(row(4, width: 14.5) { _ in plain }).count == 3)
    }

    @Test func aCellWithoutBackgroundIsNoFillAndEndsNoRun() {
        let bare = CellStyle()
        let runs = FieldPainter.backgroundRuns(row(3, width: 50) { $0 == 1 ? bare : plain })
        #expect(runs.map(\.rect.x) == [16, 116])
    }
}
