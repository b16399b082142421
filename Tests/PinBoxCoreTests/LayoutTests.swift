// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Layout")
struct LayoutTests {
    @Test func stripSplitsTheFrameIntoSixEqualCells() {
        let layout = Layout(Theme.strip.layoutRequest(rows: 1, columns: 6, frame: Size(width: 300, height: 50)))
        #expect(layout.bounds == Rect(x: 0, y: 0, width: 300, height: 50))
        #expect(layout.cells.count == 6)
        for (i, cell) in layout.cells.enumerated() {
            #expect(cell == Rect(x: Double(50 * i), y: 0, width: 50, height: 50))
            // Seed 000: dot centre at width/12 + width/6 × (i − 1), mid-height.
            #expect(cell.mid == Point(x: 300.0 / 12 + 300.0 / 6 * Double(i), y: 25))
        }
        #expect(layout.growth == nil)
    }

    @Test func stripDividersAreOnePixelAtWidthOverSixTimesI() {
        let layout = Layout(Theme.strip.layoutRequest(rows: 1, columns: 6, frame: Size(width: 300, height: 50)))
        #expect(layout.dividers.map(\.x) == [50, 100, 150, 200, 250])
        #expect(layout.dividers.allSatisfy { $0.width == 1 && $0.height == 50 })
    }

    @Test func stripWithUnevenWidthStillCoversEveryPixelOnce() {
        let layout = Layout(Theme.strip.layoutRequest(rows: 1, columns: 6, frame: Size(width: 301, height: 41)))
        var x = 0.0
        for cell in layout.cells {
            #expect(cell.x == x)
            #expect(cell.x == cell.x.rounded() && cell.width == cell.width.rounded())
            x = cell.maxX
        }
        #expect(x == 301)
    }

    @Test func stripGridHasHorizontalAndVerticalDividers() {
        let layout = Layout(Theme.strip.layoutRequest(rows: 2, columns: 3, frame: Size(width: 150, height: 100)))
        #expect(layout.cells.count == 6)
        #expect(layout.cells[4] == Rect(x: 50, y: 50, width: 50, height: 50))
        #expect(layout.dividers.count == 2 + 1)
        #expect(layout.dividers.contains(Rect(x: 0, y: 50, width: 150, height: 1)))
    }

    @Test func seed004GrowRule() {
        // 5 cells of 30 with gap 8 → 30·5 + 8·(5+1) = 198 wide.
        let request = LayoutRequest(rows: 1, columns: 5, arrangement: .separate, frame: Size(width: 100, height: 46),
                                    cellSize: Size(width: 30, height: 30), minimumGap: 8)
        #expect(request.fittingFrame == Size(width: 198, height: 46))
        let layout = Layout(request)
        #expect(layout.frame == Size(width: 198, height: 46))
        #expect(layout.growth == Layout.Growth(from: Size(width: 100, height: 46), to: Size(width: 198, height: 46)))
        #expect(layout.cells.map(\.x) == [8, 46, 84, 122, 160])
        #expect(layout.cells.allSatisfy { $0.width == 30 && $0.height == 30 && $0.y == 8 })
    }

    @Test func separateCellsShareExtraRoomEvenly() {
        let request = LayoutRequest(rows: 1, columns: 2, arrangement: .separate, frame: Size(width: 100, height: 40),
                                    cellSize: Size(width: 20, height: 20), minimumGap: 5)
        let layout = Layout(request)
        #expect(layout.growth == nil)
        #expect(layout.cells.map(\.x) == [20, 60])
        #expect(layout.cells.map(\.y) == [10, 10])
    }

    @Test func fittingFrameNeverGrows() {
        let layout = Layout(Theme.boxes.layoutRequest(rows: 1, columns: 6))
        #expect(layout.growth == nil)
        #expect(layout.frame == Size(width: 6 * 44 + 7 * 10, height: 44 + 2 * 10))
    }

    @Test func scaleTwoDoublesEveryPixelAndKeepsLinesWhole() {
        let one = Layout(Theme.strip.layoutRequest(rows: 1, columns: 6, frame: Size(width: 300, height: 50)))
        let two = Layout(Theme.strip.layoutRequest(rows: 1, columns: 6, frame: Size(width: 300, height: 50), scale: 2))
        #expect(two.bounds == Rect(x: 0, y: 0, width: 600, height: 100))
        #expect(two.cells.map(\.x) == one.cells.map { $0.x * 2 })
        #expect(two.dividers.map(\.width) == Array(repeating: 2, count: 5))
        #expect(two.dividers.map(\.x) == [99, 199, 299, 399, 499])
        #expect(two.frame == one.frame)
    }

    @Test func halfPointLinesAreOneDevicePixel() {
        #expect(Layout.devicePixels(0.5, scale: 1) == 1)
        #expect(Layout.devicePixels(0.5, scale: 2) == 1)
        #expect(Layout.devicePixels(1, scale: 3) == 3)
        // Rounded down: a 0.5-pt hairline at scale 3 is 1 px, not 2; thinner than a pixel it
        // is one pixel at the ink it would have had.
        #expect(Layout.devicePixels(0.5, scale: 3) == 1)
        #expect(Layout.lineAlpha(0.5, scale: 1) == 0.5 && Layout.lineAlpha(0.5, scale: 2) == 1)
        #expect(Layout.lineAlpha(0.5, scale: 3) == 1)
        #expect(Layout.devicePixels(0, scale: 2) == 0)
    }

    @Test("cells stay inside the bounds and never overlap",
          arguments: [Arrangement.strip, .separate], [(1, 6), (2, 4), (8, 8), (1, 1)])
    func cellsInsideAndApart(_ arrangement: Arrangement, _ grid: (Int, Int)) {
        for frame in [Size(width: 1, height: 1), Size(width: 333, height: 77), Size(width: 7680, height: 4320)] {
            let request = LayoutRequest(rows: grid.0, columns: grid.1, arrangement: arrangement, frame: frame,
                                        cellSize: Size(width: 30, height: 30), minimumGap: 8, scale: 1)
            let layout = Layout(request)
            for (i, a) in layout.cells.enumerated() {
                #expect(layout.bounds.contains(a))
                for b in layout.cells[(i + 1)...] { #expect(!a.intersects(b)) }
            }
        }
    }

    // Found by the fuzzer: rounding a small frame to device pixels left cells and dividers
    // poking one pixel out of the bounds.
    @Test func tinyFramesKeepEverythingInside() {
        let separate = Layout(LayoutRequest(rows: 8, columns: 8, arrangement: .separate, frame: Size(width: 60, height: 100),
                                            cellSize: Size(width: 15, height: 0), minimumGap: 1, scale: 0.5))
        #expect(separate.cells.allSatisfy { separate.bounds.contains($0) })
        let strip = Layout(LayoutRequest(rows: 8, columns: 8, arrangement: .strip, frame: Size(width: 8, height: 4),
                                         cellSize: .zero, minimumGap: 0, scale: 0.5, dividerWidth: 3))
        #expect(strip.dividers.allSatisfy { strip.bounds.contains($0) })
    }
}
