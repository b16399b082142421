// SPDX-License-Identifier: MIT
import Glibc
import Testing
import PinBoxCore
@testable import PinBoxRender

private func digits(_ s: String) -> [UInt8] { Array(s.utf8) }
private let white: UInt32 = 0xffffff

/// Whether a pixel is dark enough to be part of a black dot.
private func isDark(_ rgb: UInt32) -> Bool {
    let r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff
    return r + g + b < 3 * 96
}

/// How many pixels of the row through `y` between x0..<x1 are dark: a dot's diameter.
private func darkRun(_ c: Canvas, y: Int, _ xs: Range<Int>) -> Int {
    xs.filter { isDark(c.pixel(x: $0, y: y)) }.count
}

@Suite("Rendered pixels")
struct RenderTests {
    let strip = try! FieldConfiguration()

    @Test func aCopiedCanvasHoldsEveryPixelOfTheFrame() throws {
        // The window's frame moves into shared memory once it shows (BackBuffer.sharedCopy):
        // nothing of it may change on the way, over a canvas that was white.
        let frame = try Snapshot.render(strip, digits: digits("12"), at: 0.1)
        let pixels = UnsafeMutableRawPointer.allocate(byteCount: frame.width * frame.height * 4, alignment: 16)
        defer { pixels.deallocate() }
        let copy = try Canvas(pixels: pixels, width: frame.width, height: frame.height)
        #expect(copy.pixel(x: 150, y: 25) == white)
        copy.copy(from: frame)
        var differing = 0
        for y in 0..<frame.height {
            for x in 0..<frame.width where copy.pixel(x: x, y: y) != frame.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
        #expect(darkRun(copy, y: 25, 0..<50) > 0, "the half-grown dot came along")
    }

    @Test func seed000AtScaleOne() throws {
        let c = try Snapshot.render(strip, digits: [])
        #expect((c.width, c.height) == (300, 50))
        // The frame's visible half (0.5 pt) is one pixel at half strength: #cccccc over white.
        for (x, y) in [(0, 25), (299, 25), (125, 0), (125, 49), (0, 0), (299, 49)] {
            #expect((0xe5...0xe6).contains(c.pixel(x: x, y: y) & 0xff), "frame at (\(x), \(y))")
            #expect(c.pixel(x: x, y: y) >> 16 == c.pixel(x: x, y: y) & 0xff, "grey")
        }
        #expect(c.pixel(x: 1, y: 25) == white, "the frame is one pixel wide")
        // Five dividers #eeeeee, 1 px, at width/6 × i, over the frame.
        for i in 1...5 {
            let x = 50 * i
            for y in [0, 1, 25, 48, 49] { #expect(c.pixel(x: x, y: y) == 0xeeeeee, "divider \(i) at y \(y)") }
            #expect(c.pixel(x: x - 1, y: 25) == white && c.pixel(x: x + 1, y: 25) == white, "divider \(i) is crisp")
        }
    }

    @Test func dotsAtTheCentresOfTypedCellsOnly() throws {
        let c = try Snapshot.render(strip, digits: digits("123"))
        for i in 0..<6 {
            // Seed 000: centre at width/12 + width/6 × i, mid-height.
            let x = 25 + 50 * i
            #expect(isDark(c.pixel(x: x, y: 25)) == (i < 3), "cell \(i)")
            #expect(c.pixel(x: x, y: 25) == (i < 3 ? 0x000000 : white))
        }
        // Radius 5.5 (seed 000's radius-5 path stroked and filled): 11 dark pixels across.
        #expect((10...12).contains(darkRun(c, y: 25, 0..<50)))
        #expect(c.pixel(x: 25 + 7, y: 25) == white)
    }

    @Test func halfGrownDotAtATenthOfASecond() throws {
        let rest = try Snapshot.render(strip, digits: digits("1234"))
        let half = try Snapshot.render(strip, digits: digits("1234"), at: 0.1)
        let full = darkRun(rest, y: 25, 150..<200)
        let grown = (150..<200).filter { half.pixel(x: $0, y: 25) != white }.count
        #expect((10...12).contains(full))
        // Radius 2.5 at alpha 0.5: about five pixels across, grey rather than black.
        let fullInk = (150..<200).filter { rest.pixel(x: $0, y: 25) != white }.count
        #expect(abs(2 * grown - fullInk) <= 3, "half-size dot: \(grown) px of ink across, the full one \(fullInk)")
        let centre = half.pixel(x: 175, y: 25)
        #expect(centre != 0 && centre != white, "half alpha: \(String(centre, radix: 16))")
        // Earlier digits have settled.
        #expect(half.pixel(x: 125, y: 25) == 0x000000)
        #expect(half.pixel(x: 225, y: 25) == white)
    }

    @Test func atZeroTheNewDotIsInvisible() throws {
        let c = try Snapshot.render(strip, digits: digits("12"), at: 0)
        #expect(c.pixel(x: 25, y: 25) == 0)
        #expect(c.pixel(x: 75, y: 25) == white)
    }

    @Test func scaleTwoKeepsLinesCrisp() throws {
        let c = try Snapshot.render(try FieldConfiguration(scale: 2), digits: digits("1"))
        #expect((c.width, c.height) == (600, 100))
        #expect(c.pixel(x: 0, y: 50) == 0xcccccc && c.pixel(x: 1, y: 50) == white)
        #expect(c.pixel(x: 98, y: 50) == white)
        #expect(c.pixel(x: 99, y: 50) == 0xeeeeee && c.pixel(x: 100, y: 50) == 0xeeeeee)
        #expect(c.pixel(x: 101, y: 50) == white)
        #expect((21...23).contains(darkRun(c, y: 50, 0..<100)))
    }

    @Test func paypassIsSeed001() throws {
        let c = try Snapshot.render(try FieldConfiguration(theme: .paypass), digits: digits("9"))
        #expect((c.width, c.height) == (335, 40))
        // 0.5-pt lines at scale 1: one pixel at half strength, rgb(205,205,205) over white.
        let half: ClosedRange<UInt32> = 0xe5...0xe7
        #expect(half.contains(c.pixel(x: 0, y: 20) & 0xff) && half.contains(c.pixel(x: 56, y: 20) & 0xff))
        #expect(c.pixel(x: 28, y: 20) == 0)
        #expect((9...11).contains(darkRun(c, y: 20, 0..<55)))
    }

    @Test func boxesShowSeparateRoundedCellsAndTheCursor() throws {
        let boxes = try FieldConfiguration(theme: .boxes)
        let c = try Snapshot.render(boxes, digits: digits("12"), focused: true)
        let layout = boxes.layout()
        let gap = layout.cells[0]
        // Between two cells: the page background, not a cell.
        #expect(c.pixel(x: Int(gap.maxX) + 4, y: Int(gap.mid.y)) == 0xf5f6f8)
        // A rounded corner leaves the extreme corner pixel to the background.
        #expect(c.pixel(x: Int(gap.x), y: Int(gap.y)) == 0xf5f6f8)
        // The cursor cell (the third) has the blue highlight border, two pixels wide.
        let cursor = layout.cells[2]
        #expect(c.pixel(x: Int(cursor.x), y: Int(cursor.mid.y)) == 0x1677ff)
        #expect(c.pixel(x: Int(cursor.x) + 1, y: Int(cursor.mid.y)) == 0x1677ff)
        #expect(c.pixel(x: Int(layout.cells[3].x), y: Int(cursor.mid.y)) == 0x848b96)
        #expect(isDark(c.pixel(x: Int(layout.cells[1].mid.x), y: Int(layout.cells[1].mid.y))))
    }

    @Test func gridInPlainModeShowsDigitsNotDots() throws {
        var plain = ThemeOverrides()
        plain.secure = false
        let grid = try FieldConfiguration(theme: try plain.applied(to: .grid))
        let c = try Snapshot.render(grid, digits: digits("17"))
        let layout = grid.layout()
        // A "1" is a vertical stroke: ink above and below the middle, a dot would not reach that far.
        let one = layout.cells[0]
        let ink = (Int(one.y)..<Int(one.maxY)).filter { y in
            (Int(one.x) + 2..<Int(one.maxX) - 2).contains { isDark(c.pixel(x: $0, y: y)) }
        }
        #expect(ink.count >= 12, "the digit is \(ink.count) px tall")
        let empty = layout.cells[2]
        #expect(!(Int(empty.x) + 2..<Int(empty.maxX) - 2).contains { isDark(c.pixel(x: $0, y: Int(empty.mid.y))) })
    }

    @Test func clippedDrawingLeavesTheRestAlone() throws {
        let c = try Canvas(width: 300, height: 50)
        let (field, animator) = strip.makeField()
        _ = field.setText(digits("111111"))
        var a = animator
        a.settle(length: 6)
        let scene = FieldScene(field: field, animator: a, layout: strip.layout(), theme: strip.theme,
                               focused: false, at: 0)
        FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: c, clip: Rect(x: 50, y: 0, width: 50, height: 50))
        #expect(c.pixel(x: 75, y: 25) == 0)
        #expect(c.pixel(x: 25, y: 25) == white, "outside the clip nothing was drawn")
        #expect(c.pixel(x: 0, y: 25) == white)
    }

    @Test func textThatDoesNotFitIsRefusedNamingTheSetting() {
        #expect(throws: RenderError(setting: "text", "has 7 digits but the field holds 6")) {
            try Snapshot.render(strip, digits: digits("1234567"))
        }
        #expect(throws: RenderError(setting: "text", "must be digits only")) {
            try Snapshot.render(strip, digits: digits("12x"))
        }
        var printable = strip
        printable.theme.accepts = .printable
        #expect(throws: RenderError(setting: "text", "must be printable ASCII only")) {
            try Snapshot.render(printable, digits: Array("é".utf8))
        }
        // The setting comes first in the renderer's own words; no option is spelt.
        #expect(RenderError(setting: "text", "must be digits only").message == "text must be digits only")
    }

    @Test func pngRoundTripsExactly() throws {
        let c = try Snapshot.render(strip, digits: digits("12"), at: 0.05)
        let path = "/tmp/pinbox-roundtrip-\(getpid()).png"
        defer { unlink(path) }
        try c.writePNG(to: path)
        let back = try Canvas(png: path)
        for (x, y) in [(0, 0), (25, 25), (75, 25), (76, 24), (50, 10)] {
            #expect(back.pixel(x: x, y: y) == c.pixel(x: x, y: y))
        }
    }
}
