// SPDX-License-Identifier: MIT
/// Where the demo page puts things, in device pixels: a title line, then each field under its
/// label, then a hint line; the whole block centred in the window (or pinned to the margin
/// when the window is smaller than the block).
///
/// Distances are measured from what a user sees, not from the fields' bounds: a field of
/// separate boxes keeps room around its cells (for the shake), and the label, the next group
/// and the focus ring are placed from the cells themselves. So the label sits `labelGap`
/// above every field's cells, groups are `fieldGap` apart, and the ring is `ringOffset` from
/// the cells of whichever field it surrounds, with room left between it and the label.
public struct PageLayout: Equatable, Sendable {
    /// Sizes in points, scaled by the page's scale.
    public struct Metrics: Equatable, Sendable {
        public var margin = 28.0
        public var titleSize = 17.0
        public var labelSize = 12.5
        public var hintSize = 11.5
        /// From the title's line to the first label's line.
        public var titleGap = 22.0
        /// From a label's line to its field's visible cells: the ring (offset + width) fits
        /// in it with `ringClearance` to spare.
        public var labelGap = 12.0
        /// From a field's visible cells to the next label's line.
        public var fieldGap = 26.0
        /// From the last field's visible cells to the hint's line.
        public var hintGap = 24.0
        public var minimumWidth = 340.0
        /// The focus ring sits this far outside the focused field's visible cells.
        public var ringOffset = 4.0
        public var ringWidth = 2.0

        public init() {}

        /// What is left between a label's line and the ring around its field.
        public var ringClearance: Double { labelGap - ringOffset - ringWidth }
    }

    public let metrics: Metrics
    public let scale: Double
    /// The block's natural size, margins included: the window's preferred size.
    public let content: Size
    /// The title's centre x and baseline y.
    public let title: Point
    /// Each label's centre x and baseline y, above its field.
    public let labels: [Point]
    /// Each field's bounds on the page (where it is drawn and clicked).
    public let fields: [Rect]
    /// What shows of each field (its cells, frame included) on the page.
    public let visible: [Rect]
    /// The hint line's centre x and baseline y.
    public let hint: Point

    /// `fieldSizes` are the fields' bounds sizes in device pixels and `cells` what shows of
    /// each within its bounds (nil: all of it); without `labelled`, no line is kept above
    /// each field for a label.
    public init(window: Size, fieldSizes: [Size], cells: [Rect]? = nil, scale: Double, labelled: Bool = true,
                metrics: Metrics = Metrics()) {
        self.metrics = metrics
        self.scale = scale
        let m = metrics, s = scale
        let shown = cells ?? fieldSizes.map { Rect(x: 0, y: 0, width: $0.width, height: $0.height) }
        let widest = fieldSizes.map { $0.width }.max() ?? 0
        let blockWidth = max(widest, m.minimumWidth * s)
        let titleLine = m.titleSize * 1.3 * s, hintLine = m.hintSize * 1.3 * s
        let labelLine = labelled ? m.labelSize * 1.3 * s : 0, labelGap = labelled ? m.labelGap * s : 0
        // The block runs from the title's line to the hint's; each field adds its label, the
        // gap, and its visible height; the room its bounds keep above and below the cells
        // overlaps the gaps around it.
        var height = titleLine + m.titleGap * s + m.hintGap * s + hintLine
        for (i, cell) in shown.enumerated() {
            height += labelLine + labelGap + cell.height + (i > 0 ? m.fieldGap * s : 0)
        }
        let margin = m.margin * s
        // The first field's bounds may reach above its cells into the label gap, and the last
        // one's below into the hint gap: they stay in the window either way.
        content = Size(width: (blockWidth + 2 * margin).rounded(.up), height: (height + 2 * margin).rounded(.up))
        let left = max(margin, ((window.width - blockWidth) / 2).rounded())
        var y = max(margin, ((window.height - height) / 2).rounded())
        let centre = left + blockWidth / 2
        // Baselines sit at about 80 % of a line's height: room for descenders below.
        title = Point(x: centre, y: (y + titleLine * 0.8).rounded())
        y += titleLine + m.titleGap * s
        var labels: [Point] = [], fields: [Rect] = [], visible: [Rect] = []
        for (i, size) in fieldSizes.enumerated() {
            if i > 0 { y += m.fieldGap * s }
            let x = (centre - size.width / 2).rounded()
            labels.append(Point(x: centre, y: (y + labelLine * 0.8).rounded()))
            y += labelLine + labelGap
            let top = (y - shown[i].y).rounded()
            fields.append(Rect(x: x, y: top, width: size.width, height: size.height))
            visible.append(shown[i].offsetBy(dx: x, dy: top))
            y += shown[i].height
        }
        self.labels = labels
        self.fields = fields
        self.visible = visible
        hint = Point(x: centre, y: (y + m.hintGap * s + hintLine * 0.8).rounded())
    }

    /// The page for fields laid out as `layouts`: their bounds, and (when `labelled`) their
    /// cells as what shows. A field alone has no label or ring to space: its bounds are centred.
    public init(window: Size, layouts: [Layout], scale: Double, labelled: Bool = true, metrics: Metrics = Metrics()) {
        self.init(window: window, fieldSizes: layouts.map { $0.bounds.size },
                  cells: labelled ? layouts.map { $0.visibleCells } : nil,
                  scale: scale, labelled: labelled, metrics: metrics)
    }

    /// The focus ring's outer bounds around field `index`: always `ringOffset` outside its cells,
    /// grown to whole pixels so that it keeps that distance on every side whatever fractions the
    /// scale left (at 1.5 a field's cells may start half-way into a pixel).
    public func ring(around index: Int) -> Rect {
        let pad = ((metrics.ringOffset + metrics.ringWidth) * scale).rounded(.up)
        return visible[index].insetBy(dx: -pad, dy: -pad).integral
    }

    /// The band a text line of `size` points with baseline `y` covers, across the whole page:
    /// enough to tell whether a redraw touches it.
    public func textBand(baseline y: Double, size: Double, width: Double) -> Rect {
        let s = size * scale
        return Rect(x: 0, y: (y - s * 1.1).rounded(.down), width: width, height: (s * 1.5).rounded(.up))
    }
}

extension Layout {
    /// What shows of the field within its bounds: its cells, all of them.
    public var visibleCells: Rect {
        guard let first = cells.first else { return bounds }
        return cells.dropFirst().reduce(first) { $0.union($1) }
    }
}
