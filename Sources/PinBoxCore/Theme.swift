// SPDX-License-Identifier: MIT
/// Where a strip's divider sits against the boundary between two cells.
public enum DividerPlacement: String, Sendable {
    /// Centred on the boundary: seed 000 strokes a path at `width/6 × i`.
    case centred
    /// Starting at the boundary: seed 001 places a 0.5-pt view whose left edge is the boundary.
    case trailing
}

/// Everything about how a field looks, apart from its geometry request. The built-in themes
/// reproduce the seeds; each property can be changed from the command line (`ThemeOverrides`).
public struct Theme: Equatable, Sendable {
    public var name: String
    public var arrangement: Arrangement
    /// One cell in points: a strip's default frame is this times the grid; separate cells keep it.
    public var cellSize: Size
    /// Separate cells only: the smallest gap between cells and around them, in points.
    public var gap: Double
    /// What the field sits on: the gaps between separate cells, a strip's rounded-off corners.
    public var background: Color
    /// Strip only: the outer frame, drawn just inside the bounds, and its corner radius.
    public var frameColor: Color?
    public var frameWidth: Double
    public var frameRadius: Double
    /// Strip only: the lines between cells.
    public var dividerColor: Color?
    public var dividerWidth: Double
    public var dividerPlacement: DividerPlacement
    /// A strip whose cells keep at least `cellSize`, growing a frame too small (seed 004's
    /// rule, in its no-gap layout); seeds 000 and 001 divide whatever frame they are given.
    public var growsToFit = false
    /// Room between the entry's edge and its first dot or character, in points; a theme with
    /// padding is a text entry, and shows a caret where the next character goes. The seeds'
    /// looks have none (their cells are their own padding).
    public var padding = 0.0
    public var dotColor: Color
    /// In points, at full size: the radius of the ink a user sees.
    public var dotRadius: Double
    /// Dots (true) or the characters themselves (false): seed 004's secure mode.
    public var secure: Bool
    public var accepts: AcceptedCharacters
    public var empty: CellStyle
    public var filled: CellStyle?
    public var highlight: CellStyle?
    /// The colour that replaces the borders while the field shows a refused input.
    public var errorColor: Color
    /// The colour of the borders and the disc while the field shows a submit.
    public var successColor: Color
    /// The check mark on that disc.
    public var successMark = Color.white
    /// Behind an entry's selected characters: a wash of the accent, the dots and letters drawn
    /// over it in their own colour.
    public var selectionColor = Color(rgb: 0x1565c0).withAlpha(0.3)

    /// Whether shown characters are drawn as one run of text rather than one to a cell: an
    /// entry of any text in one long box (a name, a code, a passphrase the user chose to see).
    public var drawsTextRun: Bool { !secure && accepts == .text && arrangement == .strip }

    /// The style a cell in `state` is drawn with, falling back to `empty` (seed 004).
    public func style(for state: CellState) -> CellStyle {
        switch state {
        case .empty: empty
        case .filled: filled ?? empty
        case .highlight: highlight ?? empty
        }
    }

    /// The corner radius of the field's outline: the frame's for a strip, the cells' for
    /// separate cells. A focus ring follows it.
    public var cornerRadius: Double {
        arrangement == .strip ? frameRadius : empty.cornerRadius
    }

    /// The field's preferred frame for a grid, in points.
    public func layoutRequest(rows: Int, columns: Int, frame: Size? = nil, scale: Double = 1) -> LayoutRequest {
        var request = LayoutRequest(rows: rows, columns: columns, arrangement: arrangement, frame: .zero,
                                    cellSize: cellSize, minimumGap: gap, scale: scale,
                                    frameWidth: frameWidth, dividerWidth: dividerWidth,
                                    dividerPlacement: dividerPlacement, growsToFit: growsToFit)
        request.frame = frame ?? request.fittingFrame
        return request
    }

    /// Seed 000 read exactly (at scale 2, the iPhone it was written for): the frame is a 1-pt
    /// stroke `#cccccc` on the bounds, so only its inner half shows (0.5 pt); five 1-pt
    /// dividers `#eeeeee` centred on width/6 × i, drawn over the frame; each dot is a radius-5
    /// path both stroked (1 pt) and filled, so its ink reaches 5.5 pt. 300 × 50 by default.
    public static let strip = Theme(
        name: "strip", arrangement: .strip, cellSize: Size(width: 50, height: 50), gap: 0,
        background: .white, frameColor: Color(rgb: 0xcccccc), frameWidth: 0.5, frameRadius: 0,
        dividerColor: Color(rgb: 0xeeeeee), dividerWidth: 1, dividerPlacement: .centred,
        dotColor: .black, dotRadius: 5.5, secure: true, accepts: .digits,
        empty: CellStyle(background: .white, font: FontSpec(size: 24)), filled: nil, highlight: nil,
        errorColor: errorRed, successColor: successGreen)

    /// Seed 001: `ScreenWidth − 40` = 335 × 40 pt on a 375-pt phone, border and dividers
    /// rgb(205,205,205) 0.5 pt, 10 × 10 black dots. Its two slips are fixed: dots sit at the
    /// cell centres (the seed puts them 2 pt right), dividers start on the cell boundaries
    /// (the seed lets them drift 0.5 pt a cell).
    public static let paypass = Theme(
        name: "paypass", arrangement: .strip, cellSize: Size(width: 335.0 / 6, height: 40), gap: 0,
        background: .white, frameColor: Color(rgb: 0xcdcdcd), frameWidth: 0.5, frameRadius: 0,
        dividerColor: Color(rgb: 0xcdcdcd), dividerWidth: 0.5, dividerPlacement: .trailing,
        dotColor: .black, dotRadius: 5, secure: true, accepts: .digits,
        empty: CellStyle(background: .white, font: FontSpec(size: 20)), filled: nil, highlight: nil,
        errorColor: errorRed, successColor: successGreen)

    /// Seed 004's separate layout: rounded cells apart, a coloured cursor cell, firmer borders
    /// on filled cells. Empty borders reach 3.2:1 against the page (WCAG 2.1's 3:1 for a
    /// boundary a user must see), filled ones 5.3:1.
    public static let boxes = Theme(
        name: "boxes", arrangement: .separate, cellSize: Size(width: 44, height: 44), gap: 10,
        background: Color(rgb: 0xf5f6f8), frameColor: nil, frameWidth: 0, frameRadius: 0,
        dividerColor: nil, dividerWidth: 0, dividerPlacement: .centred,
        dotColor: Color(rgb: 0x1f2329), dotRadius: 6, secure: true, accepts: .digits,
        empty: CellStyle(background: .white, border: Color(rgb: 0x848b96), borderWidth: 1, cornerRadius: 6,
                         textColor: Color(rgb: 0x1f2329)),
        filled: CellStyle(background: .white, border: Color(rgb: 0x5f6673), borderWidth: 1, cornerRadius: 6,
                          textColor: Color(rgb: 0x1f2329)),
        highlight: CellStyle(background: Color(rgb: 0xf0f6ff), border: Color(rgb: 0x1677ff), borderWidth: 2,
                             cornerRadius: 6, textColor: Color(rgb: 0x1f2329)),
        errorColor: errorRed, successColor: successGreen)

    /// Seed 004's rows × columns grid with separate cells: dots, or the characters with `--plain`.
    public static let grid = Theme(
        name: "grid", arrangement: .separate, cellSize: Size(width: 40, height: 40), gap: 6,
        background: Color(rgb: 0xf5f6f8), frameColor: nil, frameWidth: 0, frameRadius: 0,
        dividerColor: nil, dividerWidth: 0, dividerPlacement: .centred,
        dotColor: Color(rgb: 0x1f2329), dotRadius: 5, secure: true, accepts: .digits,
        empty: CellStyle(background: .white, border: Color(rgb: 0x848b96), borderWidth: 1, cornerRadius: 4,
                         textColor: Color(rgb: 0x1f2329)),
        filled: nil,
        highlight: CellStyle(background: .white, border: Color(rgb: 0x1677ff), borderWidth: 2, cornerRadius: 4,
                             textColor: Color(rgb: 0x1f2329)),
        errorColor: errorRed, successColor: successGreen)

    /// Seed 004's own example: 3 rows × 6 columns, the no-gap layout, border `lightGrayColor`
    /// (white 2/3) 0.5 pt, corner radius 5, cells white 0.9, text white 0.1, characters shown.
    /// The seed gives no cell size: 40 × 40 pt here, kept as a minimum — the seed's own frame
    /// (100 × 200) grows to 240 × 200 and says so (`Layout.growth`).
    public static let tfgrid = Theme(
        name: "tfgrid", arrangement: .strip, cellSize: Size(width: 40, height: 40), gap: 0,
        background: .white, frameColor: lightGray, frameWidth: 0.5, frameRadius: 5,
        dividerColor: lightGray, dividerWidth: 0.5, dividerPlacement: .centred, growsToFit: true,
        dotColor: Color(red: 0.1, green: 0.1, blue: 0.1), dotRadius: 5, secure: false, accepts: .digits,
        empty: CellStyle(background: Color(red: 0.9, green: 0.9, blue: 0.9),
                         textColor: Color(red: 0.1, green: 0.1, blue: 0.1), font: FontSpec(size: 20)),
        filled: nil, highlight: nil, errorColor: errorRed, successColor: successGreen)

    /// A prompt's PIN of unknown length: the boxes look, a little smaller so a long PIN fits
    /// the dialog, taking any character a keyboard gives.
    public static let entryBoxes: Theme = {
        var t = Theme.boxes
        t.name = "entry-boxes"
        t.cellSize = Size(width: 34, height: 40)
        t.gap = 6
        t.dotRadius = 5
        t.accepts = .text
        return t
    }()

    /// A passphrase: one long box, a dot per character, nothing between them. A prompt's
    /// colours (`Palette.light` here; `painted` gives another palette's).
    public static let passphrase: Theme = {
        let colours = Palette.light
        var theme = Theme(
        name: "passphrase", arrangement: .strip, cellSize: Size(width: 14, height: 36), gap: 0,
        background: colours.entryBackground, frameColor: colours.border, frameWidth: 1, frameRadius: 6,
        dividerColor: nil, dividerWidth: 0, dividerPlacement: .centred,
        dotColor: colours.entryText, dotRadius: 4, secure: true, accepts: .text,
        // Shown characters (a name, a code, a passphrase the user chose to see): one a cell,
        // in the dialog's text size.
        empty: CellStyle(background: colours.entryBackground, textColor: colours.entryText, font: FontSpec(size: 15)),
        filled: nil, highlight: nil, errorColor: colours.entryError, successColor: colours.success)
        // A text entry's padding: the first dot 8 pt from the edge, as GTK's and Qt's entries have it.
        theme.padding = 8
        return theme
    }()

    /// UIKit's `lightGrayColor`: white 2/3.
    static let lightGray = Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3)
    /// 4.6:1 on white: a refused input must be seen by everyone.
    static let errorRed = Color(rgb: 0xd32f2f)
    /// 4.5:1 on white.
    static let successGreen = Color(rgb: 0x2e7d32)

    public static let builtIn: [Theme] = [.strip, .paypass, .boxes, .grid, .tfgrid]

    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }
    }

    /// The grid a theme shows when none is asked for: a row of six, 2 × 4 for `grid`, 3 × 6
    /// for `tfgrid` (the seed's example).
    public var defaultGrid: (rows: Int, columns: Int) {
        switch name {
        case "grid": (2, 4)
        case "tfgrid": (3, 6)
        default: (1, 6)
        }
    }
}
