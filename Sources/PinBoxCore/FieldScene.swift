/// One frame of one field, frozen: everything the renderer needs and nothing it could leak.
/// A secure scene carries no digits at all; a plain one carries the glyphs it shows.
public struct FieldScene: Equatable, Sendable {
    public var layout: Layout
    public var theme: Theme
    public var cells: [Cell]
    /// 0…1: how strongly the field shows a refused input.
    public var cue: Double

    /// One cell as it is drawn.
    public struct Cell: Equatable, Sendable {
        public var state: CellState
        /// The dot's (or digit's) alpha and scale, 0…1.
        public var presence: Double
        /// Plain mode only: the ASCII digit shown; nil in secure mode, always.
        public var glyph: UInt8?

        public init(state: CellState, presence: Double, glyph: UInt8? = nil) {
            self.state = state
            self.presence = presence
            self.glyph = glyph
        }
    }

    public init(layout: Layout, theme: Theme, cells: [Cell], cue: Double = 0) {
        self.layout = layout
        self.theme = theme
        self.cells = cells
        self.cue = cue
    }

    /// The scene of `field` at `now`. `focused` decides whether the cursor cell shows.
    /// Cells past the field's capacity (a grid with spare slots) stay empty.
    public init(field: PinField, animator: Animator, layout: Layout, theme: Theme,
                focused: Bool, at now: Double) {
        let length = field.length
        var cells: [Cell] = []
        cells.reserveCapacity(layout.cells.count)
        for i in layout.cells.indices {
            let presence = i < animator.count ? animator.presence(of: i, at: now) : 0
            var state: CellState = i < length ? .filled : .empty
            if focused && i == length && i < field.capacity { state = .highlight }
            // A deleted digit's dot fades out after the digit is gone: plain mode has no glyph
            // left to fade, so only a present digit is shown.
            let glyph = !theme.secure && i < length ? field.secret[i] : nil
            cells.append(Cell(state: state, presence: presence, glyph: glyph))
        }
        self.init(layout: layout, theme: theme, cells: cells, cue: animator.cueStrength(at: now))
    }
}
