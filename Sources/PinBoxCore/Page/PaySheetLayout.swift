// SPDX-License-Identifier: MIT
/// Where seed 001's payment sheet puts things, in device pixels: a white sheet with a close ×,
/// the title, a hairline, the payee and the amount (when given), the six boxes, a "Forgot
/// password?" link and an on-screen number pad of 3 × 4 keys (1–9, a blank, 0, delete) as Alipay
/// and WeChat Pay show it.
///
/// The sheet is as wide as the window; its content sits in a column as wide as the seed's
/// phone (375 pt), centred. The payee is the content's `prompt` and the amount its
/// `description`: both optional.
///
/// In a language written right to left (the content's `direction`) the sheet is mirrored as a
/// phone's is: the × at the right, the link and a refused key's reason at the field's left.
/// The boxes and the number pad are not: digits run left to right in Arabic and Hebrew too,
/// and a phone's number pad keeps 1 at its top left.
public struct PaySheetLayout: Equatable, Sendable {
    /// Sizes in points, scaled by the page's scale.
    public struct Metrics: Equatable, Sendable {
        /// The seed's phone: the field is `width − 40` wide.
        public var width = 375.0
        /// Grey above the sheet: on the phone, the app the sheet was raised over. A desktop
        /// window is the sheet alone (a grey band over it was a 72-pt strip of nothing); the
        /// grey shows only where a window is taller than the sheet.
        public var backdrop = 0.0
        public var sheetRadius = 12.0
        public var headerHeight = 56.0
        /// The × is a 44 pt target (Apple's minimum), its glyph 14 pt.
        public var closeTarget = 44.0
        public var closeGlyph = 14.0
        public var titleSize = 17.0
        public var payeeSize = 14.0
        public var amountSize = 32.0
        public var linkSize = 14.0
        public var keySize = 24.0
        public var blockGap = 24.0
        public var linkGap = 14.0
        public var keyHeight = 54.0
        /// The shortest a key gets in a window shorter than the sheet (a small screen: a window
        /// is never larger than it, and the scale goes no lower than `WindowFit.minimumScale`):
        /// the keys give up height before the last row is cut. Still a finger's target.
        public var shortestKeyHeight = 40.0
        public var keyGap = 6.0
        /// The keypad's own margin around its keys.
        public var keypadPadding = 6.0
        public var keyRadius = 6.0
        public var ringWidth = 2.0
        public init() {}
    }

    /// What each key of the pad is, row by row.
    public enum Key: Equatable, Sendable {
        case digit(Unicode.Scalar)
        /// The bottom-left corner: no key, as on a phone's number pad.
        case blank
        case delete

        /// The input the key stands for: the same as typing it.
        public var input: InputEvent? {
            switch self {
            case .digit(let d): .character(d)
            case .blank: nil
            case .delete: .deleteBackward
            }
        }
    }

    public static let keys: [Key] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"].map { .digit($0) }
        + [.blank, .digit("0"), .delete]

    public let metrics: Metrics
    public let scale: Double
    /// The natural size: the window's preferred size.
    public let content: Size
    /// The white sheet (its top corners rounded), down to the window's foot.
    public let sheet: Rect
    /// The close button's target; the × is drawn in its middle.
    public let close: Rect
    /// The title's centre x and baseline.
    public let title: Point
    /// The hairline under the header.
    public let hairline: Rect
    /// Baselines (centre x) of the payee and amount lines, when the content has them.
    public let payee: Point?
    public let amount: Point?
    /// The amount as drawn (`PayAmount.fitted`): shrunk, or cut with an ellipsis, to fit the
    /// column; always laid out left to right on its own.
    public let amountText: String
    public let amountSize: Double
    /// The payee as drawn: whole when it fits the column, else cut at its end with "…" (a
    /// long name was cut at both edges of the window).
    public let payeeText: String
    /// The title as drawn, and its size in device pixels: a little smaller than the seed's
    /// where that fits it, else cut with "…" where it would reach the ×.
    public let titleText: String
    public let titleSize: Double
    public let field: Rect
    /// The link's target (its text sits at the left of it, baseline `linkBaseline`).
    public let forgot: Rect
    public let linkBaseline: Double
    /// Where a refused key's reason is written: under the field, in the link's place while it
    /// shows (as wide as the field); it starts at the field's left, or ends at its right when
    /// `mirrored`.
    public let message: Point
    /// The sheet runs right to left: the link's text starts at the field's left edge, and the
    /// reason ends at its right one.
    public let mirrored: Bool
    /// The keypad's grey band and each key's rectangle, in `keys` order.
    public let keypad: Rect
    public let keyRects: [Rect]

    /// The smallest the title is set, against the seed's size, before it is cut.
    static let titleShrink = 0.85

    public init(window: Size, content: PageContent, fieldSize: Size, linkText: String, scale: Double,
                measure: TextMeasure, metrics: Metrics = Metrics()) {
        self.metrics = metrics
        self.scale = scale
        let m = metrics, s = scale
        func px(_ points: Double) -> Double { (points * s).rounded() }
        // The title is centred between the × and its mirror: a translated one a little longer
        // than the seed's ("Zahlungspasswort eingeben") widens the column as far as it needs at a
        // size a little smaller than the seed's, up to half as much again and within a window
        // the caller sized; a longer one is cut there. (It was cut in the seed's column, so a
        // title one letter longer made the sheet narrower and showed less of itself.)
        let seedColumn = max(px(m.width), fieldSize.width + px(40))
        let titleClearance = 2 * (px(8) + px(m.closeTarget) + px(4))
        let titleWidth = measure(content.title, TextStyle(size: m.titleSize * s * Self.titleShrink, bold: true), nil).width
        let titleColumn = (titleWidth + titleClearance).rounded(.up)
        var widest = px(m.width * 1.5)
        if window.width > 0 { widest = min(widest, window.width) }
        let columnWidth = max(seedColumn, min(titleColumn, widest))
        // Everything below the backdrop, from the top of the sheet.
        var y = px(m.headerHeight)
        let hairlineY = y
        let hairlineHeight = Layout.devicePixels(0.5, scale: s)
        y += hairlineHeight
        var payeeY: Double?, amountY: Double?
        let hasPayee = !content.prompt.isEmpty, hasAmount = !content.description.isEmpty
        y += px(m.blockGap)
        if hasPayee {
            payeeY = (y + m.payeeSize * s).rounded()
            y += px(m.payeeSize * 1.4)
        }
        if hasAmount {
            if hasPayee { y += px(4) }
            amountY = (y + m.amountSize * 0.95 * s).rounded()
            y += px(m.amountSize * 1.25)
        }
        if hasPayee || hasAmount { y += px(m.blockGap) - px(8) }
        let fieldY = y
        y += fieldSize.height + px(m.linkGap)
        let linkLine = px(m.linkSize * 1.4)
        let linkY = y
        y += linkLine + px(m.blockGap)
        let keypadY = y
        let padding = px(m.keypadPadding), gap = px(m.keyGap)
        // The four rows of keys, gaps left out: in too short a window they give up what is missing.
        let rows = 4 * px(m.keyHeight)
        self.content = Size(width: columnWidth, height: px(m.backdrop) + keypadY + 2 * padding + rows + 3 * gap)
        let missing = window.height > 0 ? max(0, self.content.height - window.height) : 0
        let rowsHeight = max(4 * px(m.shortestKeyHeight), rows - missing)
        let keypadHeight = 2 * padding + rowsHeight + 3 * gap
        let sheetHeight = keypadY + keypadHeight

        // A bigger window keeps the sheet at its foot and the column in its middle.
        let width = max(window.width, columnWidth)
        let top = max(px(m.backdrop), window.height - sheetHeight)
        let left = ((width - columnWidth) / 2).rounded()
        let centre = left + columnWidth / 2
        sheet = Rect(x: 0, y: top, width: width, height: sheetHeight)
        let target = px(m.closeTarget)
        mirrored = content.direction == .rightToLeft
        close = Rect(x: mirrored ? left + columnWidth - px(8) - target : left + px(8),
                     y: top + ((px(m.headerHeight) - target) / 2).rounded(), width: target, height: target)
        title = Point(x: centre, y: top + (px(m.headerHeight) / 2 + m.titleSize * 0.35 * s).rounded())
        hairline = Rect(x: 0, y: top + hairlineY, width: width, height: hairlineHeight)
        payee = payeeY.map { Point(x: centre, y: top + $0) }
        amount = amountY.map { Point(x: centre, y: top + $0) }
        payeeText = Self.ellipsized(content.prompt, size: m.payeeSize * s, width: columnWidth - px(40), measure: measure)
        // Centred, and clear of the × on either side: at the seed's size, else a little smaller,
        // else cut.
        (titleText, titleSize) = PayAmount.fitted(content.title, size: m.titleSize * s,
                                                  width: columnWidth - 2 * (px(8) + target + px(4)),
                                                  smallest: m.titleSize * s * Self.titleShrink, measure: measure)
        // The amount the user approves is never cut where it can be shown whole: it shrinks as
        // far as the longest amount taken needs (`PayAmount.maximumLength`), a third of its size.
        (amountText, amountSize) = PayAmount.fitted(content.description, size: m.amountSize * s,
                                                    width: columnWidth - px(40), smallest: m.amountSize * s / 3,
                                                    measure: measure)
        field = Rect(x: (centre - fieldSize.width / 2).rounded(), y: top + fieldY, width: fieldSize.width,
                     height: fieldSize.height)
        let linkWidth = measure(linkText, TextStyle(size: m.linkSize * s), nil).width.rounded(.up)
        // The target is the text with room around it; the text ends flush with the field (starts
        // flush with it, mirrored).
        let pad = px(6)
        forgot = Rect(x: mirrored ? field.x - pad : field.maxX - linkWidth - pad, y: top + linkY - pad,
                      width: linkWidth + 2 * pad, height: linkLine + 2 * pad)
        linkBaseline = top + linkY + (m.linkSize * 1.05 * s).rounded()
        message = Point(x: mirrored ? field.maxX : field.x, y: linkBaseline)
        keypad = Rect(x: 0, y: top + keypadY, width: width, height: keypadHeight)
        let inner = columnWidth - 2 * padding
        var rects: [Rect] = []
        for row in 0..<4 {
            // Whole pixels: the rows, like the columns, share the rounding.
            let y0 = (keypad.y + padding + Double(row) * (rowsHeight + 4 * gap) / 4).rounded()
            let y1 = (keypad.y + padding + Double(row + 1) * (rowsHeight + 4 * gap) / 4 - gap).rounded()
            for column in 0..<3 {
                let x0 = (left + padding + Double(column) * (inner + gap) / 3).rounded()
                let x1 = (left + padding + Double(column + 1) * (inner + gap) / 3 - gap).rounded()
                rects.append(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
            }
        }
        keyRects = rects
    }

    /// The index (in `keys`) of the key at `point`; nil off the keys and on the blank corner.
    public func keyIndex(at point: Point) -> Int? {
        guard let i = keyRects.firstIndex(where: { $0.contains(point) }), Self.keys[i] != .blank else { return nil }
        return i
    }

    /// The focus ring's outer bounds around a button: its target, which already has room
    /// around the glyph or text. (The field has no ring: its cursor cell is its one focus cue.)
    public func ring(around rect: Rect) -> Rect { rect }

    /// `text` as it fits `width` at `size`: whole, or cut at its end with "…".
    public static func ellipsized(_ text: String, size: Double, bold: Bool = false, width: Double,
                                  measure: TextMeasure) -> String {
        let style = TextStyle(size: size, bold: bold)
        guard measure(text, style, nil).width > width else { return text }
        let scalars = Array(text.unicodeScalars)
        /// The first `kept` characters, less the spaces they end in, and "…".
        func cut(_ kept: Int) -> String {
            var end = kept
            while end > 0 && scalars[end - 1] == " " { end -= 1 }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[..<end])
            return text + "…"
        }
        // A cut is no narrower for keeping more, so the longest that fits is found by halving:
        // a payee of any length is measured a few dozen times, not once a character.
        var fits = 0, tooWide = scalars.count
        while tooWide - fits > 1 {
            let middle = (fits + tooWide) / 2
            if measure(cut(middle), style, nil).width <= width { fits = middle } else { tooWide = middle }
        }
        return cut(fits)
    }
}
