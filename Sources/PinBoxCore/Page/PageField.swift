// SPDX-License-Identifier: MIT
/// One entry on a page: its name (used in events), label, configuration, the field itself and
/// its animation, the cells it shows now, and what was last drawn of it.
public struct PageField {
    public let name: String
    public let label: String
    public private(set) var configuration: FieldConfiguration
    public let field: PinField
    public var animator: Animator
    public private(set) var layout: Layout
    /// What the host drew last, for damage-limited redraws.
    public var drawn: FieldScene?
    /// An entry of unknown length shows `shown` cells at first and grows, one cell past what is
    /// typed, up to `most`; past that the cells scroll to keep the end in view.
    public let growth: (shown: Int, most: Int)?
    /// PIN boxes past their row become one box saying how many characters it holds; an entry
    /// that draws one long row (a passphrase, a name) scrolls instead, whether it shows dots or
    /// the characters.
    public let countsPastRow: Bool
    /// The characters are drawn rather than dots: an entry for a name or a code, or a
    /// passphrase the user chose to show. They exist only as the window's pixels: no event,
    /// title or property carries them.
    public var revealed = false {
        didSet { field.showsCharacters = revealed }
    }
    /// The entry holds no secret (a name, a one-time code, ssh's fingerprint): what the window
    /// shows, a screen reader reads, as it would from any visible entry. A passphrase shown by
    /// Show is still a secret, and reaches a screen reader as bullets.
    public var holdsNoSecret = false
    /// Whether it is a PIN's boxes (a card's, a token's), rather than one long entry.
    public var isPINBoxes: Bool { configuration.theme.arrangement == .separate }
    /// The character the row's first cell showed when the caret last moved or the text changed:
    /// a row longer than its cells scrolls only as far as the caret needs (`firstShown`).
    private var shownFrom = 0
    /// How far its run of text (a name, a shown passphrase) stood scrolled, in device pixels,
    /// once its caret last moved or its text changed (`Page.followCaret`): the run scrolls from
    /// there only as far as the caret needs, as the cells do from `shownFrom`.
    public private(set) var runScroll = 0.0

    /// A field of the configuration's own size.
    public init(name: String, label: String, configuration: FieldConfiguration) {
        self.name = name
        self.label = label
        self.configuration = configuration
        (field, animator) = configuration.makeField()
        layout = configuration.layout()
        growth = nil
        countsPastRow = false
    }

    /// An entry that holds up to `capacity` characters (`byteLimit` bytes) in a row of
    /// `shown`…`most` cells of the configuration's theme.
    public init(name: String, label: String, configuration: FieldConfiguration, capacity: Int, byteLimit: Int,
                shown: Int, most: Int, countsPastRow: Bool = false) throws(ConfigurationError) {
        self.name = name
        self.label = label
        self.configuration = configuration
        field = try PinField(capacity: capacity, pastePolicy: configuration.pastePolicy,
                             accepts: configuration.theme.accepts, byteLimit: byteLimit)
        animator = Animator(count: capacity, duration: configuration.duration, easing: configuration.easing,
                            tickInterval: configuration.tickInterval)
        let shown = max(1, min(shown, most))
        growth = (shown, max(shown, most))
        self.countsPastRow = countsPastRow
        layout = Self.row(of: shown, configuration)
    }

    /// A row of `cells`: in the configuration's frame when it is one for that many (a
    /// passphrase's box spans the dialog's column), else as wide as the cells need.
    private static func row(of cells: Int, _ configuration: FieldConfiguration) -> Layout {
        let frame = cells == configuration.columns ? configuration.frame : nil
        return Layout(configuration.theme.layoutRequest(rows: 1, columns: cells, frame: frame, scale: configuration.scale))
    }

    /// The same entry in `theme` (F7 on the workbench): the characters, the animation, the
    /// number of cells and the options stay; it keeps showing dots or characters as before and
    /// accepting what it accepted, so a new look never reveals a PIN.
    public func rethemed(_ theme: Theme, label newLabel: String? = nil) -> PageField {
        var theme = theme
        theme.secure = configuration.theme.secure
        theme.accepts = configuration.theme.accepts
        var configuration = configuration
        // The theme's own grid when the count fills it, else the rows and columns as they were.
        if let fitted = try? FieldConfiguration(theme: theme, count: configuration.capacity) {
            (configuration.rows, configuration.columns) = (fitted.rows, fitted.columns)
        }
        configuration.theme = theme
        configuration.frame = nil
        var copy = PageField(name: name, label: newLabel ?? label, configuration: configuration, field: field, animator: animator,
                             layout: growth == nil ? configuration.layout()
                                 : Layout(theme.layoutRequest(rows: 1, columns: layout.cells.count,
                                                              scale: configuration.scale)),
                             growth: growth, countsPastRow: countsPastRow)
        (copy.revealed, copy.shownFrom, copy.runScroll) = (revealed, shownFrom, runScroll)
        return copy
    }

    private init(name: String, label: String, configuration: FieldConfiguration, field: PinField, animator: Animator,
                 layout: Layout, growth: (shown: Int, most: Int)?, countsPastRow: Bool) {
        self.name = name
        self.label = label
        self.configuration = configuration
        self.field = field
        self.animator = animator
        self.layout = layout
        self.growth = growth
        self.countsPastRow = countsPastRow
    }

    /// This entry, made at another scale, holding what `old` holds: its characters, their
    /// animation, whether they show, and its colours (`old`'s theme: a restyle painted it). Its
    /// scale, cells and frame are this one's, grown as far as the characters need.
    func grafted(from old: PageField) -> PageField {
        var configuration = configuration
        configuration.theme = old.configuration.theme
        var copy = PageField(name: old.name, label: old.label, configuration: configuration, field: old.field,
                             animator: old.animator, layout: layout, growth: growth, countsPastRow: countsPastRow)
        (copy.revealed, copy.holdsNoSecret, copy.shownFrom) = (old.revealed, old.holdsNoSecret, old.shownFrom)
        copy.runScroll = old.runScroll * layout.scale / old.layout.scale
        // Laid out in the theme it keeps (the payment sheet's frame differs with the palette).
        copy.layout = growth == nil ? configuration.layout() : Self.row(of: copy.cellsShown, configuration)
        return copy
    }

    /// The same entry in `palette`'s colours: a prompt's entry as `Theme.painted` paints it, the
    /// payment sheet's boxes as `PaySheetSpec.boxes`. Nothing typed, shown or laid out changes.
    mutating func paint(_ palette: Palette, onSheet: Bool) {
        configuration.theme = onSheet ? PaySheetSpec.boxes(in: palette) : configuration.theme.painted(palette)
    }

    /// How many cells the entry shows for its current length.
    public var cellsShown: Int {
        guard let growth else { return layout.cells.count }
        return min(max(growth.shown, field.length + 1), growth.most)
    }

    /// The character the first cell shows. Past the last cell the row scrolls, as GTK's entry
    /// does: only as far as keeps the caret in view (typed at the end, the end stays in view),
    /// and back as far as leaves no cell empty after the caret at the end.
    public var firstShown: Int {
        guard growth != nil else { return 0 }
        let cells = layout.cells.count
        let first = min(shownFrom, max(0, field.length + 1 - cells), field.caret)
        return max(first, field.caret + 1 - cells, 0)
    }

    /// How many characters the row shows from `firstShown` on.
    public var countShown: Int { max(0, min(field.length - firstShown, layout.cells.count)) }

    /// Keeps where the row now starts, for the next change to scroll from (`firstShown`).
    mutating func followCaret() { shownFrom = firstShown }

    /// Keeps how far its run of text now scrolls, the run `width` wide and the text before the
    /// caret `advance` wide (device pixels), for the next change to scroll from.
    mutating func scrollRun(width: Double, advance: Double) {
        runScroll = placeRun(width: width, advance: advance).scroll
    }

    /// Where its run of text `width` wide is drawn, from the field's origin, and where its caret
    /// stands along it, the text before the caret `advance` wide (`FieldScene.placeRun`).
    func placeRun(width: Double, advance: Double) -> (left: Double, caret: Double, scroll: Double) {
        let inset = FieldScene.runInset(configuration.theme, scale: layout.scale)
        let place = FieldScene.placeRun(width: width, advance: advance, room: layout.bounds.width - 2 * inset,
                                        rightToLeft: field.secret.runsRightToLeft, scrolled: runScroll)
        return (layout.bounds.x + inset + place.left, place.caret, place.scroll)
    }

    /// A text entry (a padded box, not PIN boxes): its caret is drawn, and can be moved.
    public var hasCaret: Bool { configuration.theme.padding > 0 }

    /// Lays the row out again when the number of cells it should show changed; returns whether it did.
    public mutating func fitToLength() -> Bool {
        let cells = cellsShown
        guard growth != nil, cells != layout.cells.count else { return false }
        layout = Self.row(of: cells, configuration)
        return true
    }

    /// The theme it is drawn in: its own, showing the characters once revealed.
    public var drawnTheme: Theme {
        var theme = configuration.theme
        if revealed { theme.secure = false }
        return theme
    }

    public func scene(focused: Bool, composing: Bool = false, at now: Double) -> FieldScene {
        var scene = FieldScene(field: field, animator: animator, layout: layout, theme: drawnTheme,
                               focused: focused, composing: composing, at: now, first: firstShown)
        if showsCount { scene.count = Self.count(field.length) }
        scene.plainText = holdsNoSecret && revealed
        scene.runScroll = runScroll
        return scene
    }

    /// Whether the row shows the count in words rather than the characters' cells.
    public var showsCount: Bool {
        guard countsPastRow, let growth else { return false }
        return growth.most < field.capacity && field.length >= growth.most
    }

    /// "14 characters": what PIN boxes show once the row is full (`FieldScene.count`).
    public static func count(_ n: Int) -> String {
        localizedPlural("%s character", "%s characters", n, String(n))
    }
}

/// What a prompt's entry asks for, which decides its look and its rules.
public enum EntryKind: Equatable, Sendable {
    /// A PIN of known length: that many boxes, submitted when the last one fills (the seed's
    /// behaviour).
    case fixedPIN(length: Int)
    /// A PIN of unknown length (a card or token PIN, 4 to 127 characters of any kind): `shown`
    /// boxes that grow as the user types past them; Return submits.
    case openPIN(shown: Int)
    /// A passphrase: dots in one long box that scrolls; Return submits.
    case passphrase

    /// Whether the last cell filling submits (only a PIN of known length).
    public var submitsWhenFull: Bool {
        if case .fixedPIN = self { return true }
        return false
    }

    /// The field for this kind of entry. `byteLimit` is what the caller can read; `accepts` is
    /// what the keys may type (digits only is the payment look; prompts take any text);
    /// `palette` colours it (`Theme.painted`).
    public func makeField(name: String, label: String, accepts: AcceptedCharacters, byteLimit: Int, scale: Double,
                          width: Double, easing: Easing = .promptDefault,
                          palette: Palette = .light) throws(ConfigurationError) -> PageField {
        var field = try entryField(name: name, label: label, accepts: accepts, byteLimit: byteLimit, scale: scale,
                                   width: width, palette: palette)
        field.animator = Animator(count: field.field.capacity, duration: field.configuration.duration, easing: easing,
                                  tickInterval: field.configuration.tickInterval)
        return field
    }

    private func entryField(name: String, label: String, accepts: AcceptedCharacters, byteLimit: Int, scale: Double,
                            width: Double, palette: Palette) throws(ConfigurationError) -> PageField {
        switch self {
        case .fixedPIN(let length):
            var theme = Theme.boxes.painted(palette)
            theme.accepts = accepts
            let configuration = try FieldConfiguration(theme: theme, count: length, scale: scale)
            // Its length is known: it needs no more room, though its bytes may be several per character.
            return try PageField(name: name, label: label, configuration: configuration, capacity: length,
                                 byteLimit: byteLimit, shown: length, most: length)
        case .openPIN(let shown):
            var theme = Theme.entryBoxes.painted(palette)
            theme.accepts = accepts
            let configuration = try FieldConfiguration(theme: theme, count: shown, scale: scale)
            // `width` is in device pixels, the theme's sizes in points.
            let cell = (theme.cellSize.width + theme.gap) * scale
            let most = max(shown, Int((width - theme.gap * scale) / cell))
            // Digits only are a field of cells, which holds fewer: still more than any PIN.
            let capacity = accepts == .text ? Self.openPINCapacity
                : min(Self.openPINCapacity, PinField.capacityRange.upperBound)
            return try PageField(name: name, label: label, configuration: configuration,
                                 capacity: capacity, byteLimit: byteLimit, shown: shown, most: most,
                                 countsPastRow: true)
        case .passphrase:
            var theme = Theme.passphrase.painted(palette)
            theme.accepts = .text
            let slots = min(max(4, Int(width / (theme.cellSize.width * scale))), PinField.capacityRange.upperBound)
            // The box spans the whole column, as the buttons' row does, its slots a little wider
            // than a cell where the column is not a whole number of them.
            let frame = Size(width: max(width / scale, Double(slots) * theme.cellSize.width), height: theme.cellSize.height)
            let configuration = try FieldConfiguration(theme: theme, count: slots, frame: frame, scale: scale)
            return try PageField(name: name, label: label, configuration: configuration,
                                 capacity: PinField.entryRange.upperBound, byteLimit: byteLimit,
                                 shown: configuration.capacity, most: configuration.capacity)
        }
    }

    /// OpenPGP cards take PINs of up to 127 characters.
    public static let openPINCapacity = 127
}
