// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A frame cut for a server across a network: its one-colour tiles filled, the rest sent as
/// pixels, and the two together the frame again.
@Suite("A frame's flat tiles")
struct FlatTilesTests {
    typealias R = FlatTiles.PixelRect

    /// A frame of `width` × `height` pixels of `color`, with `marks` set to other colours.
    static func frame(_ width: Int, _ height: Int, _ color: UInt32 = 0xf6f5f4, marks: [(Int, Int, UInt32)] = []) -> [UInt32] {
        var pixels = [UInt32](repeating: color, count: width * height)
        for (x, y, c) in marks { pixels[y * width + x] = c }
        return pixels
    }

    /// Cut in tiles of 8, which the rectangles below are written for.
    static func plan(_ pixels: [UInt32], stride: Int, _ rect: R, side: Int = 8) -> FlatTiles? {
        pixels.withUnsafeBufferPointer { FlatTiles.plan($0, stride: stride, rect: rect, side: side) }
    }

    /// What a server that fills and puts as told ends up with, starting from `background`.
    static func painted(_ plan: FlatTiles, from pixels: [UInt32], stride: Int, background: UInt32) -> [UInt32] {
        var out = [UInt32](repeating: background, count: pixels.count)
        for fill in plan.fills {
            for r in fill.rects {
                for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { out[y * stride + x] = fill.color } }
            }
        }
        for r in plan.images {
            for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { out[y * stride + x] = pixels[y * stride + x] } }
        }
        return out
    }

    @Test func aFlatFrameIsOneFillARowOfTiles() {
        let plan = Self.plan(Self.frame(32, 16), stride: 32, R(x: 0, y: 0, width: 32, height: 16))
        #expect(plan == FlatTiles(fills: [.init(color: 0xf6f5f4, rects: [R(x: 0, y: 0, width: 32, height: 8),
                                                                           R(x: 0, y: 8, width: 32, height: 8)])],
                                  images: []))
    }

    /// A dot inside one tile sends that tile's pixels, and only it; the row's flat tiles on
    /// either side of it are two fills.
    @Test func aDotSendsItsTileAlone() {
        let pixels = Self.frame(32, 16, marks: [(10, 12, 0x000000)])
        let plan = Self.plan(pixels, stride: 32, R(x: 0, y: 0, width: 32, height: 16))
        #expect(plan?.images == [R(x: 8, y: 8, width: 8, height: 8)])
        #expect(plan?.fills.map(\.rects) == [[R(x: 0, y: 0, width: 32, height: 8), R(x: 0, y: 8, width: 8, height: 8),
                                              R(x: 16, y: 8, width: 16, height: 8)]])
    }

    /// Neighbouring tiles of pixels are one image; tiles of two colours are two fills.
    @Test func runsAreJoinedAlongARow() {
        let pixels = Self.frame(40, 8, marks: [(9, 0, 1), (17, 3, 2)])
            .enumerated().map { $0.offset % 40 >= 24 ? 0x1c71d8 : $0.element }
        let plan = Self.plan(pixels, stride: 40, R(x: 0, y: 0, width: 40, height: 8))
        #expect(plan?.images == [R(x: 8, y: 0, width: 16, height: 8)])
        #expect(plan?.fills == [.init(color: 0xf6f5f4, rects: [R(x: 0, y: 0, width: 8, height: 8)]),
                                .init(color: 0x1c71d8, rects: [R(x: 24, y: 0, width: 16, height: 8)])])
    }

    /// Cairo's top byte of an opaque frame is nobody's colour.
    @Test func theTopByteIsNotTheColour() {
        let pixels = Self.frame(16, 8, 0xfff6f5f4, marks: [(3, 3, 0x00f6f5f4)])
        #expect(Self.plan(pixels, stride: 16, R(x: 0, y: 0, width: 16, height: 8))?.images == [])
    }

    /// A rectangle inside the frame is cut from its own corner; its last tiles are cut short.
    @Test func tilesStartAtTheRectanglesCornerAndStopAtItsEdges() {
        let pixels = Self.frame(40, 30, marks: [(20, 20, 7)])
        let plan = Self.plan(pixels, stride: 40, R(x: 3, y: 5, width: 21, height: 19))
        #expect(plan?.images == [R(x: 19, y: 13, width: 5, height: 8)])
        #expect(plan?.fills.first?.rects.last == R(x: 3, y: 21, width: 21, height: 3))
    }

    /// Pixels that are all different save nothing: the rectangle goes whole.
    @Test func noiseIsSentWhole() {
        let pixels = (0..<(24 * 24)).map { UInt32($0) }
        #expect(Self.plan(pixels, stride: 24, R(x: 0, y: 0, width: 24, height: 24)) == nil)
    }

    /// Fills and images together paint the frame again, pixel for pixel, whatever its flat parts.
    @Test(arguments: 0..<20, [FlatTiles.side, 8])
    func fillsAndImagesMakeTheFrameAgain(_ seed: Int, side: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let (width, height) = (Int(random.next() % 90) + 1, Int(random.next() % 70) + 1)
        var pixels = [UInt32](repeating: 0xf6f5f4, count: width * height)
        for _ in 0..<Int(random.next() % 12) {  // a few boxes of colour, a few specks
            let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
            let w = Int(random.next() % 30) + 1, h = Int(random.next() % 20) + 1
            let color = UInt32(truncatingIfNeeded: random.next()) & 0xffffff
            for yy in y..<min(height, y + h) { for xx in x..<min(width, x + w) { pixels[yy * width + xx] = color } }
        }
        for _ in 0..<Int(random.next() % 6) {
            pixels[Int(random.next() % UInt64(pixels.count))] = UInt32(truncatingIfNeeded: random.next()) & 0xffffff
        }
        let x = Int(random.next() % UInt64(width)), y = Int(random.next() % UInt64(height))
        let rect = R(x: x, y: y, width: Int(random.next() % UInt64(width - x)) + 1, height: Int(random.next() % UInt64(height - y)) + 1)
        guard let plan = Self.plan(pixels, stride: width, rect, side: side) else { return }
        let expected = pixels.enumerated().map { i, pixel -> UInt32 in
            let (xx, yy) = (i % width, i / width)
            return xx >= rect.x && xx < rect.x + rect.width && yy >= rect.y && yy < rect.y + rect.height ? pixel : 0xdeadbe
        }
        #expect(Self.painted(plan, from: pixels, stride: width, background: 0xdeadbe) == expected)
    }
}
