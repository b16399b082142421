/// The state of one cell, which picks its style.
public enum CellState: String, Sendable, CaseIterable {
    /// No digit yet.
    case empty
    /// Holds a digit.
    case filled
    /// The next cell to type into, shown while the field has the focus (a cursor).
    case highlight
}

/// How one cell looks in one state. A state without its own style uses the empty one (seed 004).
public struct CellStyle: Equatable, Sendable {
    public var background: Color?
    public var border: Color?
    /// In points.
    public var borderWidth: Double

    public init(background: Color? = nil, border: Color? = nil, borderWidth: Double = 1) {
        self.background = background
        self.border = border
        self.borderWidth = borderWidth
    }
}

/// Everything about how a field looks, apart from its geometry request. The built-in themes
/// reproduce the seeds; each property can be changed from the command line.
public struct Theme: Equatable, Sendable {
    public var name: String
    public var arrangement: Arrangement
    /// One cell in points: a strip's default frame is this times the grid; separate cells keep it.
    public var cellSize: Size
    /// Separate cells only: the smallest gap between cells and around them, in points.
    public var gap: Double
    /// What the field sits on.
    public var background: Color
    /// A strip's outer frame; for separate cells each cell's border comes from its style.
    public var frameColor: Color?
    public var frameWidth: Double
    public var cornerRadius: Double
    public var dividerColor: Color?
    public var dividerWidth: Double
    public var dotColor: Color
    /// In points, at full size.
    public var dotRadius: Double
    /// Plain mode: the digit's colour and size in points.
    public var textColor: Color
    public var fontSize: Double
    /// Dots (true) or the digits themselves (false).
    public var secure: Bool
    public var empty: CellStyle
    public var filled: CellStyle?
    public var highlight: CellStyle?
    /// The colour a refused key flashes on the field's border.
    public var errorColor: Color

    /// The style a cell in `state` is drawn with, falling back to `empty`.
    public func style(for state: CellState) -> CellStyle {
        switch state {
        case .empty: empty
        case .filled: filled ?? empty
        case .highlight: highlight ?? empty
        }
    }

    /// The field's preferred frame for a grid, in points.
    public func layoutRequest(rows: Int, columns: Int, frame: Size? = nil, scale: Double = 1) -> LayoutRequest {
        var request = LayoutRequest(rows: rows, columns: columns, arrangement: arrangement, frame: .zero,
                                    cellSize: cellSize, minimumGap: gap, scale: scale,
                                    frameWidth: frameWidth, dividerWidth: dividerWidth)
        request.frame = frame ?? request.fittingFrame
        return request
    }

    /// Seed 000 exactly: frame #cccccc 1 px around the whole bounds, dividers #eeeeee 1 px at
    /// width/6 × i, black dots of radius 5 at the cell centres. The default.
    public static let strip = Theme(
        name: "strip", arrangement: .strip, cellSize: Size(width: 50, height: 50), gap: 0,
        background: .white, frameColor: Color(rgb: 0xcccccc), frameWidth: 1, cornerRadius: 0,
        dividerColor: Color(rgb: 0xeeeeee), dividerWidth: 1, dotColor: .black, dotRadius: 5,
        textColor: .black, fontSize: 24, secure: true,
        empty: CellStyle(), filled: nil, highlight: nil, errorColor: Color(rgb: 0xe53935))

    /// Seed 001: border and dividers rgb(205,205,205) 0.5 pt, height 40, 10 × 10 black dots.
    public static let paypass = Theme(
        name: "paypass", arrangement: .strip, cellSize: Size(width: 40, height: 40), gap: 0,
        background: .white, frameColor: Color(rgb: 0xcdcdcd), frameWidth: 0.5, cornerRadius: 0,
        dividerColor: Color(rgb: 0xcdcdcd), dividerWidth: 0.5, dotColor: .black, dotRadius: 5,
        textColor: .black, fontSize: 20, secure: true,
        empty: CellStyle(), filled: nil, highlight: nil, errorColor: Color(rgb: 0xe53935))

    /// Seed 004's separate layout: rounded cells apart, a coloured cursor cell, firmer borders
    /// on filled cells.
    public static let boxes = Theme(
        name: "boxes", arrangement: .separate, cellSize: Size(width: 44, height: 44), gap: 10,
        background: Color(rgb: 0xf5f6f8), frameColor: nil, frameWidth: 1, cornerRadius: 6,
        dividerColor: nil, dividerWidth: 1, dotColor: Color(rgb: 0x1f2329), dotRadius: 6,
        textColor: Color(rgb: 0x1f2329), fontSize: 22, secure: true,
        empty: CellStyle(background: .white, border: Color(rgb: 0xd0d3d9), borderWidth: 1),
        filled: CellStyle(background: .white, border: Color(rgb: 0x8a919c), borderWidth: 1),
        highlight: CellStyle(background: Color(rgb: 0xf0f6ff), border: Color(rgb: 0x1677ff), borderWidth: 2),
        errorColor: Color(rgb: 0xe53935))

    /// Seed 004's rows × columns grid in plain mode: the digits themselves, in separate cells.
    public static let grid = Theme(
        name: "grid", arrangement: .separate, cellSize: Size(width: 40, height: 40), gap: 6,
        background: Color(rgb: 0xf5f6f8), frameColor: nil, frameWidth: 1, cornerRadius: 4,
        dividerColor: nil, dividerWidth: 1, dotColor: Color(rgb: 0x1f2329), dotRadius: 5,
        textColor: Color(rgb: 0x1f2329), fontSize: 22, secure: false,
        empty: CellStyle(background: .white, border: Color(rgb: 0xc4c8cf), borderWidth: 1),
        filled: nil,
        highlight: CellStyle(background: .white, border: Color(rgb: 0x1677ff), borderWidth: 2),
        errorColor: Color(rgb: 0xe53935))

    public static let builtIn: [Theme] = [.strip, .paypass, .boxes, .grid]

    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }
    }

    /// The grid a theme shows when none is asked for: a row of six, or 2 × 4 for `grid`.
    public var defaultGrid: (rows: Int, columns: Int) {
        name == "grid" ? (2, 4) : (1, 6)
    }
}
