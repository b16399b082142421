// SPDX-License-Identifier: MIT
/// Every colour a prompt's page is drawn in: the page, its text, the entries, the buttons, the
/// strength bar and its tooltip. One palette per `Appearance`, chosen once when the prompt is
/// made (`DialogSpec.appearance`, `PaySheetSpec.appearance`) and told again when the desktop
/// changes it; the painters take every colour from it. The demo page is drawn in `light`, which
/// is the look it always had.
///
/// Each colour says what it must reach against what it is drawn on, as WCAG 2.1 asks: text
/// 4.5:1 (1.4.3), a boundary a user must see and the focus indicator 3:1 (1.4.11); in the two
/// high-contrast palettes, 7:1 for text (1.4.6) and 4.5:1 for the rest. `PaletteTests`
/// computes every one of these pairs, for all four palettes.
public struct Palette: Equatable, Sendable {
    // MARK: The page

    /// The window's ground, behind everything.
    public var background: Color
    /// The description, a button's label, a shown suggestion: 4.5:1 on `background`, on
    /// `button` and on `buttonPressed`.
    public var text: Color
    /// Labels, hints, notes, the strength bar's label: 4.5:1 on `background`.
    public var secondaryText: Color
    /// The error line and a weak rating's words: 4.5:1 on `background`; as the strength bar's
    /// fill, 3:1 on `track`.
    public var error: Color
    /// The Caps Lock warning and a fair rating: as `error`.
    public var warning: Color
    /// A line saying something went well, a strong rating, the disc after a submit: as
    /// `error`.
    public var success: Color
    /// The check mark on that disc: 3:1 on `success`.
    public var onSuccess: Color
    /// The focus ring, around entries and buttons on the page: 3:1 on `background`.
    public var focusRing: Color
    /// The "touch your key" cue's rings: 3:1 on `background`.
    public var cue: Color

    // MARK: Entries (the passphrase's box, PIN boxes) and check boxes

    public var entryBackground: Color
    /// Dots, the caret, shown characters and a count in words: 4.5:1 on `entryBackground` and
    /// on `cursorBackground`.
    public var entryText: Color
    /// The edge of an entry, of a PIN box, of an outlined button and of a check box: 3:1 on
    /// `background`, on `entryBackground` and on `button`.
    public var border: Color
    /// A filled PIN box's edge, firmer than an empty one's: 3:1 on `entryBackground` and
    /// `background`.
    public var filledBorder: Color
    /// The PIN box where the next character goes.
    public var cursorBackground: Color
    /// Its edge: 3:1 on `cursorBackground` and on `background`.
    public var cursorBorder: Color
    /// The edges of an entry that refused a key: 3:1 on `entryBackground` and on `background`.
    public var entryError: Color

    // MARK: Buttons

    /// The default button's fill and a ticked check box's: 3:1 on `background`.
    public var accent: Color
    /// The default button's label and a check box's tick: 4.5:1 on `accent` and on
    /// `destructive`, pressed or not (`pressed(_:)`).
    public var onAccent: Color
    /// A destructive default button's fill ("Delete key"): 3:1 on `background`.
    public var destructive: Color
    /// An outlined button's fill.
    public var button: Color
    /// An outlined button held down under the pointer.
    public var buttonPressed: Color

    // MARK: The strength bar and its tooltip

    /// The bar's empty track; a rating's fill is `error`, `warning` or `success`.
    public var track: Color
    public var tooltipBackground: Color
    /// 4.5:1 on `tooltipBackground`.
    public var tooltipText: Color

    // MARK: The payment sheet

    /// The sheet, its band of keys and its link; the rest of it is drawn in the colours above.
    public var sheet: SheetColors

    /// The default button's fill while it is held down: moved away from its label, so the
    /// label reads as well as before: darker under a light label, lighter under a dark one.
    public func pressed(_ fill: Color) -> Color {
        let labelIsLight = onAccent.red + onAccent.green + onAccent.blue > 1.5
        return fill.mixed(with: labelIsLight ? .black : .white, by: 0.3)
    }

    init(background: Color, text: Color, secondaryText: Color, error: Color, warning: Color, success: Color,
         onSuccess: Color, focusRing: Color, cue: Color, entryBackground: Color, entryText: Color, border: Color,
         filledBorder: Color, cursorBackground: Color, cursorBorder: Color, entryError: Color, accent: Color,
         onAccent: Color, destructive: Color, button: Color, buttonPressed: Color, track: Color,
         tooltipBackground: Color, tooltipText: Color, sheet: SheetColors) {
        self.background = background
        self.text = text
        self.secondaryText = secondaryText
        self.error = error
        self.warning = warning
        self.success = success
        self.onSuccess = onSuccess
        self.focusRing = focusRing
        self.cue = cue
        self.entryBackground = entryBackground
        self.entryText = entryText
        self.border = border
        self.filledBorder = filledBorder
        self.cursorBackground = cursorBackground
        self.cursorBorder = cursorBorder
        self.entryError = entryError
        self.accent = accent
        self.onAccent = onAccent
        self.destructive = destructive
        self.button = button
        self.buttonPressed = buttonPressed
        self.track = track
        self.tooltipBackground = tooltipBackground
        self.tooltipText = tooltipText
        self.sheet = sheet
    }

    /// The prompts' look since the first dialog: a pale grey page, white entries and buttons,
    /// the `boxes` look's greys, a dark tooltip. The goldens are drawn in it.
    public static let light = Palette(
        background: Color(rgb: 0xf5f6f8), text: Color(rgb: 0x1f2329), secondaryText: Color(rgb: 0x5f6673),
        error: Color(rgb: 0xc62828), warning: Color(rgb: 0x8a4b00), success: Color(rgb: 0x2e7d32), onSuccess: .white,
        focusRing: Color(rgb: 0x1565c0), cue: Color(rgb: 0x1565c0),
        entryBackground: .white, entryText: Color(rgb: 0x1f2329), border: Color(rgb: 0x848b96),
        filledBorder: Color(rgb: 0x5f6673), cursorBackground: Color(rgb: 0xf0f6ff), cursorBorder: Color(rgb: 0x1677ff),
        entryError: Color(rgb: 0xd32f2f),
        accent: Color(rgb: 0x1565c0), onAccent: .white, destructive: Color(rgb: 0xc62828),
        button: .white, buttonPressed: Color(rgb: 0xb4bac3),
        track: Color(rgb: 0xdde1e6), tooltipBackground: Color(rgb: 0x2b2f36), tooltipText: .white,
        sheet: .light)

    /// As GNOME's Adwaita dark draws a dialog: a #242424 window, entries and buttons a little
    /// lighter, text near white, Adwaita's dark-theme red, yellow and green for what must stand
    /// out. Two blues where the light palette has one: Adwaita's accent blue is too light under
    /// white text, so the filled button takes a deeper one (its blue 4), and the ring and the
    /// cue a lighter one that reads on the dark page; the check mark after a submit is the page's
    /// grey, as Adwaita's green is too light under white. Borders are lighter than Adwaita's, so an
    /// entry's and a button's edges can be seen; a tooltip is a lighter grey than the page, so
    /// it stands off what it covers.
    public static let dark = Palette(
        background: Color(rgb: 0x242424), text: Color(rgb: 0xeeeeec), secondaryText: Color(rgb: 0x9a9ea6),
        error: Color(rgb: 0xff7b63), warning: Color(rgb: 0xf8e45c), success: Color(rgb: 0x8ff0a4),
        onSuccess: Color(rgb: 0x242424), focusRing: Color(rgb: 0x62a0ea), cue: Color(rgb: 0x62a0ea),
        entryBackground: Color(rgb: 0x303030), entryText: Color(rgb: 0xeeeeec), border: Color(rgb: 0x80868f),
        filledBorder: Color(rgb: 0xb0b5bd), cursorBackground: Color(rgb: 0x2b3648), cursorBorder: Color(rgb: 0x62a0ea),
        entryError: Color(rgb: 0xff7b63),
        accent: Color(rgb: 0x1c71d8), onAccent: .white, destructive: Color(rgb: 0xe01b24),
        button: Color(rgb: 0x383838), buttonPressed: Color(rgb: 0x50555e),
        track: Color(rgb: 0x3d3d3d), tooltipBackground: Color(rgb: 0x454950), tooltipText: .white,
        sheet: .dark)
}

extension Theme {
    /// This prompt entry's look in `palette`: its ground, edges, dots, caret and characters,
    /// and the colours a refused key and a submit turn its edges. A strip (the passphrase's
    /// box) is one entry on the page; separate cells (PIN boxes) stand on the page, each an
    /// entry. Sizes, radii, fonts and what it takes stay.
    public func painted(_ palette: Palette) -> Theme {
        var theme = self
        let strip = arrangement == .strip
        theme.background = strip ? palette.entryBackground : palette.background
        if frameColor != nil { theme.frameColor = palette.border }
        if dividerColor != nil { theme.dividerColor = palette.border }
        theme.dotColor = palette.entryText
        theme.empty = empty.painted(background: palette.entryBackground, border: palette.border, palette)
        theme.filled = filled?.painted(background: palette.entryBackground, border: palette.filledBorder, palette)
        theme.highlight = highlight?.painted(background: palette.cursorBackground, border: palette.cursorBorder, palette)
        theme.errorColor = palette.entryError
        theme.successColor = palette.success
        theme.successMark = palette.onSuccess
        theme.selectionColor = palette.accent.withAlpha(0.3)
        return theme
    }
}

extension CellStyle {
    /// This style with `background` and `border` (where it has one), and the entry's text colour.
    fileprivate func painted(background: Color, border: Color, _ palette: Palette) -> CellStyle {
        var style = self
        if self.background != nil { style.background = background }
        if self.border != nil { style.border = border }
        style.textColor = palette.entryText
        return style
    }
}
