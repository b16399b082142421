/// A property of a cell style that an option can set.
public enum CellProperty: String, Sendable, CaseIterable {
    case background
    case backgroundImage = "background-image"
    case borderColor = "border-color"
    case borderWidth = "border-width"
    case cornerRadius = "corner-radius"
    case textColor = "text-color"
    case font
}

/// One change to a cell style.
public enum CellChange: Equatable, Sendable {
    case background(Color)
    case backgroundImage(String)
    case borderColor(Color)
    case borderWidth(Double)
    case cornerRadius(Double)
    case textColor(Color)
    case font(FontSpec)

    public var property: CellProperty {
        switch self {
        case .background: .background
        case .backgroundImage: .backgroundImage
        case .borderColor: .borderColor
        case .borderWidth: .borderWidth
        case .cornerRadius: .cornerRadius
        case .textColor: .textColor
        case .font: .font
        }
    }

    func apply(to style: inout CellStyle) {
        switch self {
        case .background(let c): style.background = c
        case .backgroundImage(let path): style.backgroundImage = path
        case .borderColor(let c): style.border = c
        case .borderWidth(let w): style.borderWidth = w
        case .cornerRadius(let r): style.cornerRadius = r
        case .textColor(let c): style.textColor = c
        case .font(let f): style.font = f
        }
    }
}

/// A change to the cells of one state, or of every state when `state` is nil:
/// `--border-color` (every state) or `--highlight-border-color` (the cursor cell only).
public struct CellOverride: Equatable, Sendable {
    public var state: CellState?
    public var change: CellChange

    public init(state: CellState?, change: CellChange) {
        self.state = state
        self.change = change
    }

    /// The command-line option that spells this change.
    public var option: String { "--" + (state.map { $0.rawValue + "-" } ?? "") + change.property.rawValue }
}

/// The command line's changes to a theme. Every change must mean something on the theme it is
/// applied to: one that would change no pixel (a frame colour on separate cells, a dot colour
/// on a field that shows characters) is refused with a message naming the option and the
/// theme, never silently dropped.
public struct ThemeOverrides: Equatable, Sendable {
    /// `--plain` (false) or `--secure` (true).
    public var secure: Bool?
    public var accepts: AcceptedCharacters?
    public var gap: Double?
    public var frameColor: Color?
    public var frameWidth: Double?
    public var frameRadius: Double?
    public var dividerColor: Color?
    public var dividerWidth: Double?
    public var dotColor: Color?
    public var dotRadius: Double?
    /// In the order given; changes to every state are applied before changes to one state.
    public var cells: [CellOverride] = []

    public init() {}

    /// `theme` with every change applied. With `strict` false (a demo page showing several
    /// themes at once), a change that means nothing on this theme is left out instead of refused.
    public func applied(to base: Theme, strict: Bool = true) throws(ConfigurationError) -> Theme {
        var theme = base
        if let secure { theme.secure = secure }
        if let accepts { theme.accepts = accepts }
        let how = theme.name + (secure == false ? " with --plain" : secure == true ? " with --secure" : "")

        func check(_ option: String, _ meaningful: Bool, _ why: String) throws(ConfigurationError) -> Bool {
            if meaningful { return true }
            if strict { throw ConfigurationError("\(option) means nothing on \(how): \(why)") }
            return false
        }
        let strip = theme.arrangement == .strip
        let apart = "its cells stand apart, with no frame or dividers (style their borders with --border-color)"
        if let gap, try check("--gap", !strip, "its cells touch (the no-gap layout); try --style boxes or grid") {
            theme.gap = gap
        }
        if let frameColor, try check("--frame-color", strip, apart) { theme.frameColor = frameColor }
        if let frameWidth, try check("--frame-width", strip, apart) { theme.frameWidth = frameWidth }
        if let frameRadius, try check("--frame-radius", strip, apart) { theme.frameRadius = frameRadius }
        if let dividerColor, try check("--divider-color", strip, apart) { theme.dividerColor = dividerColor }
        if let dividerWidth, try check("--divider-width", strip, apart) { theme.dividerWidth = dividerWidth }
        let characters = "it shows the characters, not dots (drop --plain)"
        if let dotColor, try check("--dot-color", theme.secure, characters) { theme.dotColor = dotColor }
        if let dotRadius, try check("--dot-radius", theme.secure, characters) { theme.dotRadius = dotRadius }

        // Meaning is judged on the finished theme, so `--border-width 2 --border-color red`
        // works in either order.
        let ordered = cells.filter { $0.state == nil } + cells.filter { $0.state != nil }
        let finished = Self.apply(ordered, to: theme)
        var kept: [CellOverride] = []
        for change in ordered {
            let styles = (change.state.map { [$0] } ?? CellState.allCases).map { finished.style(for: $0) }
            let meaningful: Bool, why: String
            switch change.change {
            case .textColor, .font:
                meaningful = !finished.secure
                why = "it shows dots, not characters (add --plain, or use --dot-color)"
            case .borderWidth:
                meaningful = styles.contains { $0.border != nil }
                why = "its cells have no border (give \(change.state.map { "--\($0.rawValue)-" } ?? "--")border-color too)"
            case .cornerRadius:
                meaningful = styles.contains { $0.border != nil || $0.background != nil || $0.backgroundImage != nil }
                why = "its cells have no background or border to round"
            default:
                meaningful = true
                why = ""
            }
            if try check(change.option, meaningful, why) { kept.append(change) }
        }
        theme = kept.count == ordered.count ? finished : Self.apply(kept, to: theme)
        return theme
    }

    private static func apply(_ changes: [CellOverride], to base: Theme) -> Theme {
        var theme = base
        for change in changes {
            if let state = change.state {
                var style = theme.style(for: state)
                change.change.apply(to: &style)
                switch state {
                case .empty: theme.empty = style
                case .filled: theme.filled = style
                case .highlight: theme.highlight = style
                }
            } else {
                change.change.apply(to: &theme.empty)
                if theme.filled != nil { change.change.apply(to: &theme.filled!) }
                if theme.highlight != nil { change.change.apply(to: &theme.highlight!) }
            }
        }
        return theme
    }
}
