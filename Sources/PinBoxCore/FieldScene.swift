// SPDX-License-Identifier: MIT
/// One frame of one field, frozen: everything the renderer needs and nothing it could leak.
/// A secure scene carries no characters at all; a plain one points at the field's locked buffer
/// (`shown`), which the painter reads in place.
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
    /// A plain field's characters: one a cell from `first`, or, for a shown entry drawn as one
    /// run of text (`Theme.drawsTextRun`), all of them, the painter keeping the end in view.
    /// Nil when secure, always.
    public var shown: ShownCharacters?
    /// The shown characters hold no secret (a name, a code, ssh's fingerprint): text DejaVu
    /// cannot draw alone (Chinese, Arabic, …) may go through the text engine, with its font
    /// fallback and direction, which keeps copies of what it draws. A shown passphrase never does:
    /// it is drawn from the locked buffer only.
    public var plainText = false
    /// A text entry's caret is drawn (`Theme.padding`): the entry has the focus and the blink
    /// is in its shown half. It carries no character, only where the next one goes.
    public var caret = false
    /// How many characters stand before the caret, and the first the cells show (a long row
    /// scrolls): the caret stands before cell `caretIndex - first`.
    public var caretIndex = 0
    public var first = 0
    /// How far a run of text (`Theme.drawsTextRun`) stood scrolled to the left, in device
    /// pixels, once its caret last moved or its text changed (`PageField.runScroll`): the
    /// painter scrolls it from there only as far as the caret needs.
    public var runScroll = 0.0
    /// The characters selected in a text entry (Shift and an arrow, Ctrl+A), by index: drawn on
    /// the selection's colour. Nil when none are.
    public var selection: Range<Int>?
    /// What the desktop's input method is composing in the entry (which holds no secret), drawn
    /// at the caret, underlined; the caret stands at the method's caret in it.
    public var preedit: Preedit?
    /// PIN boxes with more characters than the row has boxes for: the count in words ("14
    /// characters"), drawn in one box in place of the boxes, which could no longer say it.
    public var count: String?

    /// One cell as it is drawn.
    public struct Cell: Equatable, Sendable {
        public var state: CellState
        /// The dot's (or character's) alpha and scale, 0…1.
        public var presence: Double
        /// Plain mode only: the cell shows a character (the scene's `shown`, at this cell's
        /// place), not the fading dot of one deleted.
        public var holdsCharacter: Bool
        /// The cell a half-typed dead-key or Compose sequence will put its character in.
        public var composing: Bool

        public init(state: CellState, presence: Double, holdsCharacter: Bool = false, composing: Bool = false) {
            self.state = state
            self.presence = presence
            self.holdsCharacter = holdsCharacter
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
    /// `composing`, the cell at the caret shows that a sequence is half-typed.
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
            // left to fade, so only a present character is shown.
            cells.append(Cell(state: state, presence: presence, holdsCharacter: !theme.secure && i < length,
                              composing: composing && i == field.caret && i < field.capacity))
        }
        self.init(layout: layout, theme: theme, cells: cells, cue: animator.cueStrength(at: now),
                  shake: animator.shakeOffset(at: now), success: animator.successStrength(at: now))
        (caretIndex, self.first) = (field.caret, first)
        if theme.padding > 0 { selection = field.selection }
        if !theme.secure && length > 0 { shown = ShownCharacters(field.secret, first: theme.drawsTextRun ? 0 : first) }
    }

    /// Whether the field must be redrawn whole rather than cell by cell: its layout, theme,
    /// error, shake or success look changed.
    public func differsAsAWhole(from old: FieldScene) -> Bool {
        old.layout != layout || old.theme != theme || old.cue != cue || old.shake != shake || old.success != success
            // Shown characters are redrawn as a whole when one changes: the scene does not
            // say which (a run of them moves as a whole anyway).
            || old.shown != shown || old.caret != caret || old.count != count || old.selection != selection
            // A caret moved along a run of text: where it stands depends on the glyphs.
            || (theme.drawsTextRun && !theme.secure && (old.caretIndex != caretIndex || old.runScroll != runScroll))
            // An entry with padding that shows characters draws them off the cells' grid, each
            // as wide as its glyph: redrawn whole. (Its dots stay in their slots: `changedAreas`.)
            || (theme.padding > 0 && !theme.secure && old.cells != cells)
    }

    /// Where, relative to the field's origin, this frame differs from `old`: the field's reach
    /// when it is redrawn whole, else the cells that changed; in an entry with padding, one
    /// rectangle over the slots whose dots changed, the cells behind them and the caret's old
    /// and new places, the field's height. Empty when nothing changed.
    public func changedAreas(since old: FieldScene) -> [Rect] {
        if differsAsAWhole(from: old) { return [reach] }
        let changed = cells.indices.filter { old.cells[$0] != cells[$0] }
        guard theme.padding > 0 else { return changed.map { layout.cells[$0] } }
        guard !changed.isEmpty || (caret && old.caretSlot != caretSlot) else { return [] }
        let s = layout.scale, bounds = layout.bounds
        // A dot's or a half-typed sequence's ring, about its slot's or cell's middle, and a pixel
        // of its anti-aliasing.
        let half = max(theme.dotRadius, 3) * s + 1
        func band(_ left: Double, _ right: Double) -> Rect {
            Rect(x: left.rounded(.down), y: bounds.y, width: right.rounded(.up) - left.rounded(.down), height: bounds.height)
        }
        var area = Rect.zero
        for j in changed {
            let slot = markSlot(j), cell = layout.cells[j]
            area = area.union(band(min(slot.x, slot.mid.x - half), max(slot.maxX, slot.mid.x + half)))
                .union(band(min(cell.x, cell.mid.x - half), max(cell.maxX, cell.mid.x + half)))
        }
        // The caret stands at the left of the next slot, a pixel or two wide, kept inside the
        // padding.
        if caret, let was = old.caretSlot, let now = caretSlot, was != now {
            for x in [was, now].map(caretX) { area = area.union(band(x - 1, x + max(1, s.rounded(.down)) + 1)) }
        }
        // Near a rounded end, the whole field: drawn through a clip that cuts its frame, Cairo
        // rounds the corners' edge pixels a few levels apart from the frame drawn whole.
        let corner = theme.frameRadius * s + 1
        if area.x < bounds.x + corner || area.maxX > bounds.maxX - corner { return [reach] }
        return [area]
    }

    /// In an entry with padding, where cell `j`'s dot goes, relative to the field's origin: the
    /// `j`-th of equal slots inside the padding, whole pixels wide (the dots keep one pitch, as
    /// a font's advance does). Elsewhere, the cell.
    public func markSlot(_ j: Int) -> Rect { Self.markSlot(j, layout: layout, padding: theme.padding) }

    /// The same for a field laid out as `layout`, whose theme has `padding` (points).
    public static func markSlot(_ j: Int, layout: Layout, padding: Double) -> Rect {
        let cell = layout.cells[j]
        guard padding > 0 else { return cell }
        let inner = layout.bounds.insetBy(dx: padding * layout.scale, dy: 0)
        let w = (inner.width / Double(layout.cells.count)).rounded(.down)
        return Rect(x: inner.x + Double(j) * w, y: cell.y, width: w, height: cell.height)
    }

    /// The slot the caret stands before.
    public var caretSlot: Int? {
        cells.isEmpty ? nil : min(max(caretIndex - first, 0), cells.count)
    }

    /// Where the caret's left edge is when it stands before `slot`, before the field is placed
    /// (the painter rounds it to a pixel).
    public func caretX(_ slot: Int) -> Double {
        min(markSlot(0).x + Double(slot) * markSlot(0).width, layout.bounds.maxX - theme.padding * layout.scale)
    }

    /// How far a run of text `width` wide is scrolled to the left in a box `room` wide, its caret
    /// `caret` along it from its left, once scrolled `previous`, as GTK's entry scrolls: back no
    /// further than leaves the box's far side empty, then only as far as brings the caret into
    /// view. Typed at the end, the end stays in view; a caret moved, or text typed, within the
    /// box leaves the text where it stands.
    public static func runScroll(width: Double, caret: Double, room: Double, from previous: Double) -> Double {
        var scroll = min(max(previous, 0), max(0, width - room))
        if caret < scroll { scroll = caret }
        if caret > scroll + room { scroll = caret - room }
        return scroll
    }

    /// Where a run of text `width` wide is drawn in a box `room` wide, from the box's inner left,
    /// where its caret stands from the run's left, the text before the caret `advance` wide, and
    /// how far it is scrolled, once scrolled `previous` (`runScroll`): a right-to-left run starts
    /// at the box's right and its text before the caret lies to the caret's right.
    public static func placeRun(width: Double, advance: Double, room: Double, rightToLeft: Bool,
                                scrolled previous: Double) -> (left: Double, caret: Double, scroll: Double) {
        let caret = rightToLeft ? width - advance : advance
        let scroll = runScroll(width: width, caret: caret, room: room, from: previous)
        return ((rightToLeft ? max(0, room - width) : 0) - scroll, caret, scroll)
    }

    /// How far inside the box a run of text starts: the theme's padding, or a little room where
    /// it has none.
    public static func runInset(_ theme: Theme, scale: Double) -> Double {
        (theme.padding > 0 ? theme.padding : 6) * scale
    }

    /// The area, in device pixels relative to the field's origin, that drawing this field can
    /// touch: its bounds, widened on both sides by the widest shake.
    public var reach: Rect {
        let swing = (Animator.shakeAmplitude * layout.scale).rounded(.up)
        return layout.bounds.insetBy(dx: -swing, dy: 0)
    }
}
