// SPDX-License-Identifier: MIT
/// A property of a cell style that a setting can change.
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

/// A change to the cells of one state, or of every state when `state` is nil: the setting
/// `border-color` (every state) or `highlight-border-color` (the cursor cell only).
public struct CellOverride: Equatable, Sendable {
    public var state: CellState?
    public var change: CellChange

    public init(state: CellState?, change: CellChange) {
        self.state = state
        self.change = change
    }

    /// The setting this change is made to: `[STATE-]PROPERTY`, as in `highlight-border-color`.
    public var setting: String { (state.map { $0.rawValue + "-" } ?? "") + change.property.rawValue }
}

/// Changes to a theme (the command line's, the X resources'). Every change must mean something
/// on the theme it is applied to: one that would change no pixel (a frame colour on separate
/// cells, a dot colour on a field that shows characters) is refused with an error naming the
/// setting and the theme, never silently dropped.
public struct ThemeOverrides: Equatable, Sendable {
    /// Plain (false: the characters shown) or secure (true: dots).
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
    /// themes at once), a change that means nothing on this theme is left out instead of refused;
    /// so is one of the `lenient` settings (an X resource such as `PinBox*dotColor`, which
    /// reaches every style, meant for the ones it means something on).
    public func applied(to base: Theme, strict: Bool = true, lenient: Set<String> = []) throws(ConfigurationError) -> Theme {
        var theme = base
        if let secure { theme.secure = secure }
        if let accepts { theme.accepts = accepts }
        // "the plain grid style": plain or secure is named only when asked for, the likely cause.
        let how = "the " + (secure == false ? "plain " : secure == true ? "secure " : "") + theme.name + " style"

        func check(_ setting: String, _ meaningful: Bool, _ why: String) throws(ConfigurationError) -> Bool {
            if meaningful { return true }
            if strict && !lenient.contains(setting) { throw ConfigurationError(setting, "means nothing on \(how): \(why)") }
            return false
        }
        let strip = theme.arrangement == .strip
        let apart = "its cells stand apart, with no frame or dividers (style their borders with a border colour)"
        if let gap, try check("gap", !strip, "its cells touch (the no-gap layout); try the boxes or grid style") {
            theme.gap = gap
        }
        if let frameColor, try check("frame-color", strip, apart) { theme.frameColor = frameColor }
        if let frameWidth, try check("frame-width", strip, apart) { theme.frameWidth = frameWidth }
        if let frameRadius, try check("frame-radius", strip, apart) { theme.frameRadius = frameRadius }
        if let dividerColor, try check("divider-color", strip, apart) { theme.dividerColor = dividerColor }
        if let dividerWidth, try check("divider-width", strip, apart) { theme.dividerWidth = dividerWidth }
        let characters = "it shows the characters, not dots (make the field secure)"
        if let dotColor, try check("dot-color", theme.secure, characters) { theme.dotColor = dotColor }
        if let dotRadius, try check("dot-radius", theme.secure, characters) { theme.dotRadius = dotRadius }

        // Meaning is judged on the finished theme, so a border width given before the border
        // colour works as well as after it.
        let ordered = cells.filter { $0.state == nil } + cells.filter { $0.state != nil }
        let finished = Self.apply(ordered, to: theme)
        var kept: [CellOverride] = []
        for change in ordered {
            let styles = (change.state.map { [$0] } ?? CellState.allCases).map { finished.style(for: $0) }
            let meaningful: Bool, why: String
            switch change.change {
            case .textColor, .font:
                meaningful = !finished.secure
                why = "it shows dots, not characters (make the field plain, or set a dot colour)"
            case .borderWidth:
                meaningful = styles.contains { $0.border != nil }
                why = "its cells have no border (set \(change.state.map { "the \($0.rawValue) " } ?? "a ")border colour too)"
            case .cornerRadius:
                meaningful = styles.contains { $0.border != nil || $0.background != nil || $0.backgroundImage != nil }
                why = "its cells have no background or border to round"
            default:
                meaningful = true
                why = ""
            }
            if try check(change.setting, meaningful, why) { kept.append(change) }
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
