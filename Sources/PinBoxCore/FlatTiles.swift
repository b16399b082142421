// SPDX-License-Identifier: MIT

/// A frame's rectangle cut for a server across a network: a dialog is mostly flat colour (its
/// page, an entry's inside, a button's face), and a tile of one colour goes as a rectangle to
/// fill, 8 bytes, where its pixels would be 64. The other tiles go as pixels, each run of
/// them along a row of tiles as one image. Colours are compared on their low 24 bits, the
/// pixel's red, green and blue (Cairo leaves an opaque frame's top byte as it likes).
public struct FlatTiles: Equatable {
    /// Rectangles to fill, a colour at a time, in the order the colours are first met.
    public var fills: [Fill]
    /// Rectangles to send as pixels.
    public var images: [PixelRect]

    /// Rectangles of one colour (its low 24 bits).
    public struct Fill: Equatable {
        public var color: UInt32
        public var rects: [PixelRect]
    }

    /// A rectangle of whole device pixels.
    public struct PixelRect: Equatable {
        public var x, y, width, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    /// The side of a tile, in device pixels: a dialog's first frame sent in fewer bytes than with
    /// tiles of 8 or 16 (docs/performance-notes.md), its text's edges cut closer.
    public static let side = 4

    /// `rect` of the frame whose rows of `stride` pixels start at `pixels`, cut into tiles of
    /// `side`; nil when cutting it saves too little to be worth more requests (less than a
    /// quarter of its bytes).
    public static func plan(_ pixels: UnsafeBufferPointer<UInt32>, stride: Int, rect: PixelRect,
                            side: Int = side) -> FlatTiles? {
        var plan = FlatTiles(fills: [], images: [])
        var index: [UInt32: Int] = [:]
        for top in Swift.stride(from: rect.y, to: rect.y + rect.height, by: side) {
            let height = min(side, rect.y + rect.height - top)
            var run: (start: Int, color: UInt32?)?  // the run being gathered: pixels (nil) or one colour
            func close(at end: Int) {
                guard let r = run else { return }
                let piece = PixelRect(x: r.start, y: top, width: end - r.start, height: height)
                if let color = r.color {
                    if let i = index[color] { plan.fills[i].rects.append(piece) } else {
                        index[color] = plan.fills.count
                        plan.fills.append(Fill(color: color, rects: [piece]))
                    }
                } else {
                    plan.images.append(piece)
                }
                run = nil
            }
            for left in Swift.stride(from: rect.x, to: rect.x + rect.width, by: side) {
                let width = min(side, rect.x + rect.width - left)
                let color = flatColor(pixels, stride: stride, x: left, y: top, width: width, height: height)
                if let r = run, r.color != color { close(at: left) }
                if run == nil { run = (left, color) }
            }
            close(at: rect.x + rect.width)
        }
        let sent = plan.images.reduce(0) { $0 + $1.width * $1.height * 4 + 24 }
            + plan.fills.reduce(0) { $0 + $1.rects.count * 8 + 24 }
        return sent * 4 <= rect.width * rect.height * 4 * 3 ? plan : nil
    }

    /// The tile's one colour (low 24 bits); nil when it has more than one.
    private static func flatColor(_ pixels: UnsafeBufferPointer<UInt32>, stride: Int, x: Int, y: Int,
                                  width: Int, height: Int) -> UInt32? {
        let first = pixels[y * stride + x] & 0xffffff
        for row in y..<(y + height) {
            let start = row * stride + x
            for i in start..<(start + width) where pixels[i] & 0xffffff != first { return nil }
        }
        return first
    }
}
