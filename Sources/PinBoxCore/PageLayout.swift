/// Where the demo page puts things, in device pixels: a title line, then each field under its
/// label, then a hint line; the whole block centred in the window (or pinned to the margin
/// when the window is smaller than the block).
public struct PageLayout: Equatable, Sendable {
    /// Sizes in points, scaled by the page's scale.
    public struct Metrics: Equatable, Sendable {
        public var margin = 28.0
        public var titleSize = 17.0
        public var labelSize = 12.5
        public var hintSize = 11.5
        public var titleGap = 22.0
        public var labelGap = 9.0
        public var fieldGap = 26.0
        public var hintGap = 24.0
        public var minimumWidth = 340.0
        /// The focus ring sits this far outside the focused field.
        public var ringOffset = 4.0
        public var ringWidth = 2.0

        public init() {}
    }

    public let metrics: Metrics
    public let scale: Double
    /// The block's natural size, margins included: the window's preferred size.
    public let content: Size
    /// The title's centre x and baseline y.
    public let title: Point
    /// Each label's centre x and baseline y, above its field.
    public let labels: [Point]
    /// Each field's bounds on the page.
    public let fields: [Rect]
    /// The hint line's centre x and baseline y.
    public let hint: Point

    /// `fieldSizes` are the fields' bounds sizes in device pixels; without `labelled`, no line
    /// is kept above each field for a label.
    public init(window: Size, fieldSizes: [Size], scale: Double, labelled: Bool = true, metrics: Metrics = Metrics()) {
        self.metrics = metrics
        self.scale = scale
        let m = metrics, s = scale
        let widest = fieldSizes.map { $0.width }.max() ?? 0
        let blockWidth = max(widest, m.minimumWidth * s)
        let titleLine = m.titleSize * 1.3 * s, hintLine = m.hintSize * 1.3 * s
        let labelLine = labelled ? m.labelSize * 1.3 * s : 0, labelGap = labelled ? m.labelGap * s : 0
        var height = titleLine + m.titleGap * s + m.hintGap * s + hintLine
        for (i, size) in fieldSizes.enumerated() {
            height += labelLine + labelGap + size.height + (i > 0 ? m.fieldGap * s : 0)
        }
        let margin = m.margin * s
        content = Size(width: (blockWidth + 2 * margin).rounded(.up), height: (height + 2 * margin).rounded(.up))
        let left = max(margin, ((window.width - blockWidth) / 2).rounded())
        var y = max(margin, ((window.height - height) / 2).rounded())
        let centre = left + blockWidth / 2
        // Baselines sit at about 80 % of a line's height: room for descenders below.
        title = Point(x: centre, y: (y + titleLine * 0.8).rounded())
        y += titleLine + m.titleGap * s
        var labels: [Point] = [], fields: [Rect] = []
        for (i, size) in fieldSizes.enumerated() {
            if i > 0 { y += m.fieldGap * s }
            let x = (centre - size.width / 2).rounded()
            labels.append(Point(x: centre, y: (y + labelLine * 0.8).rounded()))
            y += labelLine + labelGap
            fields.append(Rect(x: x, y: y.rounded(), width: size.width, height: size.height))
            y += size.height
        }
        self.labels = labels
        self.fields = fields
        hint = Point(x: centre, y: (y + m.hintGap * s + hintLine * 0.8).rounded())
    }

    /// The focus ring's outer bounds around field `index`.
    public func ring(around index: Int) -> Rect {
        let pad = ((metrics.ringOffset + metrics.ringWidth) * scale).rounded(.up)
        return fields[index].insetBy(dx: -pad, dy: -pad)
    }

    /// The band a text line of `size` points with baseline `y` covers, across the whole page:
    /// enough to tell whether a redraw touches it.
    public func textBand(baseline y: Double, size: Double, width: Double) -> Rect {
        let s = size * scale
        return Rect(x: 0, y: (y - s * 1.1).rounded(.down), width: width, height: (s * 1.5).rounded(.up))
    }
}
