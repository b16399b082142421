/// One frame of one field, frozen: everything the renderer needs and nothing it could leak.
/// A secure scene carries no characters at all; a plain one carries the glyphs it shows.
public struct FieldScene: Equatable, Sendable {
    public var layout: Layout
    public var theme: Theme
    public var cells: [Cell]
    /// 0…1: how far the borders have turned to the error colour (a refused input).
    public var cue: Double
    /// The shake of a refused input: a horizontal offset in points.
    public var shake: Double
    /// 0…1: the success look of a submit (the check mark, the success colour).
    public var success: Double

    /// One cell as it is drawn.
    public struct Cell: Equatable, Sendable {
        public var state: CellState
        /// The dot's (or character's) alpha and scale, 0…1.
        public var presence: Double
        /// Plain mode only: the ASCII character shown; nil in secure mode, always.
        public var glyph: UInt8?
        /// The cell a half-typed dead-key or Compose sequence will put its character in.
        public var composing: Bool

        public init(state: CellState, presence: Double, glyph: UInt8? = nil, composing: Bool = false) {
            self.state = state
            self.presence = presence
            self.glyph = glyph
            self.composing = composing
        }
    }

    public init(layout: Layout, theme: Theme, cells: [Cell], cue: Double = 0, shake: Double = 0, success: Double = 0) {
        self.layout = layout
        self.theme = theme
        self.cells = cells
        self.cue = cue
        self.shake = shake
        self.success = success
    }

    /// The scene of `field` at `now`. `focused` decides whether the cursor cell shows.
    /// Cells past the field's capacity (a grid with spare slots) stay empty. The first cell
    /// shows character `first`: a long entry scrolls to keep its end in view. With
    /// `composing`, the next cell shows that a sequence is half-typed.
    public init(field: PinField, animator: Animator, layout: Layout, theme: Theme,
                focused: Bool, composing: Bool = false, at now: Double, first: Int = 0) {
        let length = field.length
        var cells: [Cell] = []
        cells.reserveCapacity(layout.cells.count)
        for cell in layout.cells.indices {
            let i = first + cell
            let presence = i < animator.count ? animator.presence(of: i, at: now) : 0
            var state: CellState = i < length ? .filled : .empty
            if focused && i == length && i < field.capacity { state = .highlight }
            // A deleted character's dot fades out after it is gone: plain mode has no glyph
            // left to fade, so only a present character is shown. Plain mode is ASCII only.
            let glyph = !theme.secure && i < length && field.accepts != .text ? field.secret[i] : nil
            cells.append(Cell(state: state, presence: presence, glyph: glyph,
                              composing: composing && i == length && i < field.capacity))
        }
        self.init(layout: layout, theme: theme, cells: cells, cue: animator.cueStrength(at: now),
                  shake: animator.shakeOffset(at: now), success: animator.successStrength(at: now))
    }

    /// Whether the field must be redrawn whole rather than cell by cell: its layout, theme,
    /// error, shake or success look changed.
    public func differsAsAWhole(from old: FieldScene) -> Bool {
        old.layout != layout || old.theme != theme || old.cue != cue || old.shake != shake || old.success != success
    }

    /// The area, in device pixels relative to the field's origin, that drawing this field can
    /// touch: its bounds, widened on both sides by the widest shake.
    public var reach: Rect {
        let swing = (Animator.shakeAmplitude * layout.scale).rounded(.up)
        return layout.bounds.insetBy(dx: -swing, dy: 0)
    }
}
