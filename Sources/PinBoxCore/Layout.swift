// SPDX-License-Identifier: MIT
/// How the cells of a field sit together.
public enum Arrangement: String, Sendable, CaseIterable {
    /// One contiguous block split by dividers: the Alipay and WeChat Pay look (seeds 000, 001).
    case strip
    /// Cells apart from each other, with gaps between them and around them (seed 004).
    case separate
}

/// What a field asks of the layout: its grid, its arrangement and the frame it was given.
public struct LayoutRequest: Equatable, Sendable {
    public var rows: Int
    public var columns: Int
    public var arrangement: Arrangement
    /// The frame the owner offers, in points. A strip divides it; separate cells keep their
    /// size and the frame grows when they do not fit.
    public var frame: Size
    /// The size of one cell in points (separate cells only; a strip derives it from the frame).
    public var cellSize: Size
    /// The smallest gap between separate cells and around them, in points.
    public var minimumGap: Double
    /// Device pixels per point: 1 on an ordinary screen, 2 on a HiDPI one.
    public var scale: Double
    /// Line widths in points, so the layout can place dividers on whole device pixels.
    public var frameWidth: Double
    public var dividerWidth: Double
    public var dividerPlacement: DividerPlacement
    /// A strip that keeps its cells at least `cellSize` (seed 004's no-gap layout): a frame too
    /// small grows to fit, as separate cells do. Seeds 000 and 001 divide whatever frame they get.
    public var growsToFit: Bool

    public init(rows: Int, columns: Int, arrangement: Arrangement, frame: Size,
                cellSize: Size, minimumGap: Double, scale: Double = 1,
                frameWidth: Double = 1, dividerWidth: Double = 1, dividerPlacement: DividerPlacement = .centred,
                growsToFit: Bool = false) {
        self.rows = rows
        self.columns = columns
        self.arrangement = arrangement
        self.frame = frame
        self.cellSize = cellSize
        self.minimumGap = minimumGap
        self.scale = scale
        self.frameWidth = frameWidth
        self.dividerWidth = dividerWidth
        self.dividerPlacement = dividerPlacement
        self.growsToFit = growsToFit
    }

    /// The smallest frame, in points, that holds every cell: what a field asks for when its
    /// owner has no opinion. For separate cells this is seed 004's rule,
    /// `cells × size + (cells + 1) × gap` (5 cells of 30 with gap 8 → 198).
    public var fittingFrame: Size {
        let gaps = arrangement == .separate ? minimumGap : 0
        return Size(width: Double(columns) * cellSize.width + Double(columns + 1) * gaps,
                    height: Double(rows) * cellSize.height + Double(rows + 1) * gaps)
    }
}

/// Geometry out: every rectangle the renderer fills, in device pixels, rounded to whole
/// pixels so that a 1-pixel line covers exactly one pixel column at any scale.
public struct Layout: Equatable, Sendable {
    /// The field's bounds in device pixels, after any growth.
    public let bounds: Rect
    /// The frame in points the layout settled on; differs from the request when it grew.
    public let frame: Size
    /// One rectangle per cell, row by row.
    public let cells: [Rect]
    /// The filled rectangles of a strip's dividers (none for separate cells).
    public let dividers: [Rect]
    /// Set when separate cells did not fit the frame offered and the frame grew (the
    /// `TFGridInputViewLayoutNotification` of seed 004): the owner should adapt.
    public let growth: Growth?
    /// Device pixels per point, carried for line widths and radii.
    public let scale: Double

    /// A change of frame the layout made on its own.
    public struct Growth: Equatable, Sendable {
        public let from: Size
        public let to: Size
    }

    public init(_ request: LayoutRequest) {
        let rows = max(1, request.rows), columns = max(1, request.columns)
        let scale = max(request.scale, 0.01)
        self.scale = scale
        switch request.arrangement {
        case .strip:
            var frame = Size(width: max(0, request.frame.width), height: max(0, request.frame.height))
            if request.growsToFit {
                let fit = request.fittingFrame
                frame = Size(width: max(frame.width, fit.width), height: max(frame.height, fit.height))
            }
            self.frame = frame
            growth = frame == request.frame ? nil : Growth(from: request.frame, to: frame)
            bounds = Rect(x: 0, y: 0, width: (frame.width * scale).rounded(), height: (frame.height * scale).rounded())
            let xs = Self.edges(count: columns, from: 0, step: bounds.width / Double(columns))
            let ys = Self.edges(count: rows, from: 0, step: bounds.height / Double(rows))
            var cells: [Rect] = []
            for r in 0..<rows {
                for c in 0..<columns {
                    cells.append(Rect(x: xs[c], y: ys[r], width: xs[c + 1] - xs[c], height: ys[r + 1] - ys[r]))
                }
            }
            self.cells = cells
            let line = Self.devicePixels(request.dividerWidth, scale: scale)
            let size = bounds
            // A divider straddles the boundary between two cells (seed 000: x = width/6 × i) or
            // starts on it (seed 001). Edges are taken unrounded, so a divider lands where the
            // seed's own line has most of its ink.
            let lead = request.dividerPlacement == .centred ? line / 2 : 0
            let exactX = (1..<columns).map { Double($0) * size.width / Double(columns) }
            let exactY = (1..<rows).map { Double($0) * size.height / Double(rows) }
            let vertical = exactX.map {
                Rect(x: ($0 - lead).rounded(), y: 0, width: line, height: size.height)
            }
            let horizontal = exactY.map {
                Rect(x: 0, y: ($0 - lead).rounded(), width: size.width, height: line)
            }
            // In a frame too small for its lines, a divider is cut to the bounds (or dropped).
            dividers = (vertical + horizontal).map { $0.intersection(size) }.filter { !$0.isEmpty }
        case .separate:
            let fit = request.fittingFrame
            let frame = Size(width: max(request.frame.width, fit.width), height: max(request.frame.height, fit.height))
            self.frame = frame
            growth = frame == request.frame ? nil : Growth(from: request.frame, to: frame)
            bounds = Rect(x: 0, y: 0, width: (frame.width * scale).rounded(), height: (frame.height * scale).rounded())
            // Cells keep their size; the room left is shared evenly between the gaps.
            let cw = request.cellSize.width * scale, ch = request.cellSize.height * scale
            // Rounding the frame to device pixels can leave it a hair short of the cells: gaps
            // never go negative, and both edges of a cell are rounded the same way and kept
            // inside the bounds, so cells never overlap or spill out.
            let gx = max(0, (bounds.width - Double(columns) * cw) / Double(columns + 1))
            let gy = max(0, (bounds.height - Double(rows) * ch) / Double(rows + 1))
            let size = bounds
            func span(_ i: Int, gap: Double, length: Double, limit: Double) -> (Double, Double) {
                let start = gap + Double(i) * (length + gap)
                let lo = min(limit, start.rounded()), hi = min(limit, (start + length).rounded())
                return (lo, hi - lo)
            }
            var cells: [Rect] = []
            for r in 0..<rows {
                for c in 0..<columns {
                    let (x, w) = span(c, gap: gx, length: cw, limit: size.width)
                    let (y, h) = span(r, gap: gy, length: ch, limit: size.height)
                    cells.append(Rect(x: x, y: y, width: w, height: h))
                }
            }
            self.cells = cells
            dividers = []
        }
    }

    /// A line width in whole device pixels: `points × scale` rounded down, never thinner
    /// than one. Rounding down keeps a 0.5-pt hairline at one pixel on a scale-3 screen (1.5
    /// would round up to a 2-px line twice as heavy as the seed's); `lineAlpha` gives a line
    /// thinner than a pixel the ink it would have had.
    public static func devicePixels(_ points: Double, scale: Double) -> Double {
        points <= 0 ? 0 : max(1, (points * scale + 1e-9).rounded(.down))
    }

    /// The opacity a line of `points` is drawn with: 1, or `points × scale` when that is less
    /// than one pixel — at scale 1 a 0.5-pt line is one pixel at half strength, the grey a
    /// phone's anti-aliasing shows for it, not a full-strength 1-pt line.
    public static func lineAlpha(_ points: Double, scale: Double) -> Double {
        points <= 0 ? 0 : min(1, points * scale)
    }

    /// `count + 1` rounded boundaries of `count` equal spans.
    private static func edges(count: Int, from origin: Double, step: Double) -> [Double] {
        (0...count).map { (origin + Double($0) * step).rounded() }
    }
}
