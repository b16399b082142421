// SPDX-License-Identifier: MIT
import Glibc
import Testing
import PinBoxCore
@testable import PinBoxRender

private let white: UInt32 = 0xffffff
private func digits(_ s: String) -> [UInt8] { Array(s.utf8) }
private func isDark(_ rgb: UInt32) -> Bool {
    ((rgb >> 16) & 0xff) + ((rgb >> 8) & 0xff) + (rgb & 0xff) < 3 * 128
}
private func channel(_ rgb: UInt32) -> Int { Int(rgb & 0xff) }

/// The dark pixels of the row through `y` in `xs`: their count (the dot's visible diameter)
/// and the midpoint of the run (the dot's centre), in device pixels.
private func darkSpan(_ c: Canvas, y: Int, _ xs: Range<Int>) -> (width: Int, centre: Double) {
    let dark = xs.filter { isDark(c.pixel(x: $0, y: y)) }
    guard let first = dark.first, let last = dark.last else { return (0, -1) }
    return (dark.count, Double(first + last + 1) / 2)
}

private func darkSpan(_ c: Canvas, x: Int, _ ys: Range<Int>) -> (width: Int, centre: Double) {
    let dark = ys.filter { isDark(c.pixel(x: x, y: $0)) }
    guard let first = dark.first, let last = dark.last else { return (0, -1) }
    return (dark.count, Double(first + last + 1) / 2)
}

private func render(_ args: ThemeOverrides = ThemeOverrides(), theme: Theme, scale: Double, text: String = "",
                    focused: Bool = false, state: Snapshot.State = .normal, at: Double? = nil) throws -> Canvas {
    let configuration = try FieldConfiguration(theme: try args.applied(to: theme), scale: scale)
    return try Snapshot.render(configuration, digits: digits(text), at: at, focused: focused, state: state)
}

/// The seeds at scale 2, the iPhone they were written for, read back pixel by pixel.
@Suite("Seeds, pixel for pixel")
struct SeedPixelTests {
    /// Seed 000: a 1-pt frame stroked on the bounds shows its inner 0.5 pt (1 px); dividers
    /// 1 pt (2 px) centred on width/6 × i, over the frame; dots radius 5 stroked and filled: 5.5 pt.
    @Test func seed000AtScaleTwo() throws {
        let c = try render(theme: .strip, scale: 2, text: "123456")
        #expect((c.width, c.height) == (600, 100))
        for (x, y) in [(0, 50), (599, 50), (25, 0), (25, 99)] {
            #expect(c.pixel(x: x, y: y) == 0xcccccc, "frame at (\(x), \(y))")
        }
        for (x, y) in [(1, 50), (598, 50), (25, 1), (25, 98)] {
            #expect(c.pixel(x: x, y: y) == white, "the frame is one pixel: (\(x), \(y))")
        }
        for i in 1...5 {
            let x = 100 * i
            for y in [0, 1, 50, 98, 99] {
                #expect(c.pixel(x: x - 1, y: y) == 0xeeeeee && c.pixel(x: x, y: y) == 0xeeeeee, "divider \(i), y \(y)")
            }
            #expect(c.pixel(x: x - 2, y: 50) == white && c.pixel(x: x + 1, y: 50) == white)
        }
        for i in 0..<6 {
            // Centre width/12 + width/6 × i, at mid-height (the seed's self.center.y is not copied).
            let across = darkSpan(c, y: 50, 100 * i + 2..<100 * i + 98)
            let down = darkSpan(c, x: 50 + 100 * i, 2..<98)
            #expect(abs(across.centre - Double(50 + 100 * i)) <= 0.5 && abs(down.centre - 50) <= 0.5)
            // Visible radius 5.5 pt = 11 px: 22 px across.
            #expect((21...23).contains(across.width) && (21...23).contains(down.width), "dot \(i): \(across.width)")
            #expect(c.pixel(x: 50 + 100 * i, y: 50) == 0)
        }
    }

    /// Seed 001: 335 × 40 pt, border and dividers rgb(205,205,205) 0.5 pt (1 px), dividers on
    /// the cell boundaries (fixed: the seed drifts 0.5 pt a cell), 10 × 10 dots at the centres
    /// (fixed: the seed puts them 2 pt right).
    @Test func seed001AtScaleTwo() throws {
        let c = try render(theme: .paypass, scale: 2, text: "123456")
        #expect((c.width, c.height) == (670, 80))
        for (x, y) in [(0, 40), (669, 40), (30, 0), (30, 79)] {
            #expect(c.pixel(x: x, y: y) == 0xcdcdcd, "border at (\(x), \(y))")
        }
        #expect(c.pixel(x: 1, y: 40) == white && c.pixel(x: 30, y: 1) == white)
        let cell = 670.0 / 6
        for i in 1...5 {
            // The boundary (i × 111.67 px) rounded: where the seed's 1-px line has most of its ink.
            let x = Int((cell * Double(i)).rounded())
            #expect(c.pixel(x: x, y: 40) == 0xcdcdcd, "divider \(i) at \(x)")
            #expect(c.pixel(x: x - 1, y: 40) == white && c.pixel(x: x + 1, y: 40) == white, "divider \(i) is 1 px")
        }
        for i in 0..<6 {
            let centre = cell * (Double(i) + 0.5)
            let across = darkSpan(c, y: 40, Int(cell * Double(i)) + 2..<Int(cell * Double(i + 1)) - 2)
            #expect(abs(across.centre - centre) <= 1, "dot \(i) centred at \(across.centre), cell centre \(centre)")
            #expect((19...21).contains(across.width), "dot \(i) is 10 pt across: \(across.width) px")
            #expect(abs(darkSpan(c, x: Int(centre), 2..<78).centre - 40) <= 0.5)
        }
    }

    /// Seed 004's example: 3 × 6 cells touching, lightGray 0.5-pt border and lines, corner
    /// radius 5, cells white 0.9, text white 0.1.
    @Test func tfgridAtScaleTwo() throws {
        let c = try render(theme: .tfgrid, scale: 2, text: "8")
        #expect((c.width, c.height) == (480, 240))
        // lightGray is white 2/3: #aaaaaa.
        for (x, y) in [(0, 120), (479, 120), (240, 0), (240, 239)] {
            #expect(c.pixel(x: x, y: y) == 0xaaaaaa, "border at (\(x), \(y))")
        }
        #expect((0xe5...0xe6).contains(channel(c.pixel(x: 1, y: 120))), "the border is one pixel")
        for x in [80, 160, 320, 400] { #expect(c.pixel(x: x, y: 120) == 0xaaaaaa, "divider at x \(x)") }
        for y in [80, 160] { #expect(c.pixel(x: 120, y: y) == 0xaaaaaa, "divider at y \(y)") }
        // Corner radius 5 pt = 10 px: the corner pixel is the backdrop, not border or cell.
        #expect(c.pixel(x: 0, y: 0) == white && c.pixel(x: 479, y: 239) == white)
        // Cells white 0.9 (229.5 of 255).
        let cellColour = c.pixel(x: 120, y: 40)
        #expect((0xe5...0xe6).contains(channel(cellColour)) && cellColour >> 16 == cellColour & 0xff)
        // Text white 0.1 (25.5 of 255): the darkest pixel of the glyph in the first cell.
        var darkest = 255
        for y in 4..<76 { for x in 4..<76 { darkest = min(darkest, channel(c.pixel(x: x, y: y))) } }
        #expect((0x19...0x1a).contains(darkest), "text \(darkest)")
    }

    /// A 0.5-pt line: at scale 1 one pixel at half strength, at 3 one pixel (1.5 rounded down).
    @Test func hairlinesAtScalesOneAndThree() throws {
        let one = try render(theme: .paypass, scale: 1)
        #expect((0xe5...0xe7).contains(channel(one.pixel(x: 0, y: 20))), "half-strength #cdcdcd")
        let three = try render(theme: .paypass, scale: 3)
        #expect(three.pixel(x: 0, y: 60) == 0xcdcdcd && three.pixel(x: 1, y: 60) == white)
        let x = Int((1005.0 / 6).rounded())
        #expect(three.pixel(x: x, y: 60) == 0xcdcdcd && three.pixel(x: x + 1, y: 60) == white
            && three.pixel(x: x - 1, y: 60) == white)
    }
}

@Suite("Cell styles and looks, rendered")
struct StyleRenderTests {
    @Test func perStateBackgroundsWithFallbackToEmpty() throws {
        var o = ThemeOverrides()
        o.cells = [CellOverride(state: .filled, change: .background(Color(rgb: 0xff0000)))]
        let boxes = try render(o, theme: .boxes, scale: 1, text: "12", focused: true)
        let layout = try FieldConfiguration(theme: .boxes).layout()
        func inside(_ i: Int) -> UInt32 {
            let r = layout.cells[i]
            return boxes.pixel(x: Int(r.x) + 6, y: Int(r.y) + 6)
        }
        #expect(inside(0) == 0xff0000 && inside(1) == 0xff0000)
        #expect(inside(2) == 0xf0f6ff, "the cursor keeps its own highlight style")
        #expect(inside(3) == white)
        // strip has no fill style: an empty style reaches the filled cells too.
        var e = ThemeOverrides()
        e.cells = [CellOverride(state: .empty, change: .background(Color(rgb: 0x00ff00)))]
        let strip = try render(e, theme: .strip, scale: 1, text: "1")
        #expect(strip.pixel(x: 10, y: 10) == 0x00ff00 && strip.pixel(x: 260, y: 10) == 0x00ff00)
    }

    @Test func gridShowsDotsUnlessPlain() throws {
        let secure = try render(theme: .grid, scale: 1, text: "17")
        var o = ThemeOverrides()
        o.secure = false
        let plain = try render(o, theme: .grid, scale: 1, text: "17")
        let r = try FieldConfiguration(theme: .grid).layout().cells[0]
        // A dot is round: dark at the centre, nothing 8 px above it. A "1" reaches up there.
        #expect(isDark(secure.pixel(x: Int(r.mid.x), y: Int(r.mid.y))))
        #expect(!(Int(r.x) + 4..<Int(r.maxX) - 4).contains { isDark(secure.pixel(x: $0, y: Int(r.mid.y) - 8)) })
        #expect((Int(r.x) + 4..<Int(r.maxX) - 4).contains { isDark(plain.pixel(x: $0, y: Int(r.mid.y) - 8)) })
    }

    @Test func aBackgroundImageFillsTheCell() throws {
        let path = "/tmp/pinbox-cell-\(getpid()).png"
        defer { unlink(path) }
        let image = try Canvas(width: 4, height: 4)
        image.fill(Rect(x: 0, y: 0, width: 4, height: 4), with: Color(rgb: 0x3366cc))
        try image.writePNG(to: path)
        var o = ThemeOverrides()
        o.cells = [CellOverride(state: nil, change: .backgroundImage(path))]
        let c = try render(o, theme: .boxes, scale: 1)
        let r = try FieldConfiguration(theme: .boxes).layout().cells[4]
        #expect(c.pixel(x: Int(r.mid.x), y: Int(r.mid.y)) == 0x3366cc)
        #expect(throws: RenderError.self) { try CellImages.load("/nonexistent.png") }
    }

    @Test func aRefusalReplacesTheBorderColourAndShakes() throws {
        let boxes = try render(theme: .boxes, scale: 1, text: "12", state: .error)
        let r = try FieldConfiguration(theme: .boxes).layout().cells[4]
        // The error red itself, not a blend of red over grey.
        #expect(boxes.pixel(x: Int(r.x), y: Int(r.mid.y)) == 0xd32f2f)
        let strip = try render(theme: .strip, scale: 2, text: "12", state: .error)
        // The seed's hairline frame is drawn 1 pt (2 px) strong while the error shows.
        #expect(strip.pixel(x: 0, y: 50) == 0xd32f2f && strip.pixel(x: 1, y: 50) == 0xd32f2f)
        #expect(strip.pixel(x: 2, y: 50) == white)
        let one = try render(theme: .paypass, scale: 1, text: "12", state: .error)
        #expect(one.pixel(x: 0, y: 20) == 0xd32f2f, "full strength at scale 1 too")
        // Early in the shake (its first peak, 0.025 s in) the field has moved right: 5.5 pt → 6 px.
        let shaken = try render(theme: .strip, scale: 1, text: "1", state: .error, at: 0.025)
        #expect(!isDark(shaken.pixel(x: 25, y: 25)) || isDark(shaken.pixel(x: 31, y: 25)))
        #expect(isDark(shaken.pixel(x: 31, y: 25)) && !isDark(shaken.pixel(x: 19, y: 25)))
    }

    @Test func aSubmitShowsTheCheckMark() throws {
        let c = try render(theme: .strip, scale: 2, text: "123456", state: .success)
        // The green disc at the centre with a white check through it; the dots are gone.
        let disc = c.pixel(x: 300 - 18, y: 50)
        #expect(disc == 0x2e7d32, "\(String(disc, radix: 16))")
        #expect((270..<330).contains { c.pixel(x: $0, y: 55) == white })
        #expect(c.pixel(x: 50, y: 50) == white)
        #expect(c.pixel(x: 0, y: 50) == 0x2e7d32, "the frame turns green")
    }

    /// On a dark prompt the disc is dark's light green, and its mark the page's grey: a white
    /// mark there could hardly be seen.
    @Test func aDarkSubmitsCheckMarkIsDarkOnTheLightGreen() throws {
        let theme = Theme.passphrase.painted(.dark)
        let c = try render(theme: theme, scale: 2, text: "123456", state: .success)
        let (mx, my) = (c.width / 2, c.height / 2)
        let around = (mx - 20...mx + 20).flatMap { x in (my - 20...my + 20).map { c.pixel(x: x, y: $0) } }
        #expect(around.contains(0x8ff0a4), "the disc")
        #expect(around.contains(0x242424), "the mark")
        #expect(!around.contains(white), "no white left from the light look")
    }
}
