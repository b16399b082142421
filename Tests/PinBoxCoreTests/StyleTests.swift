// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Cell styles, themes and what each option means")
struct StyleTests {
    @Test func statesFallBackToTheEmptyStyle() throws {
        var o = ThemeOverrides()
        o.cells = [CellOverride(state: .empty, change: .background(Color(rgb: 0x123456)))]
        let t = try o.applied(to: .strip)
        // strip has no fill or highlight style of its own: both follow the empty one.
        #expect(t.style(for: .filled).background == Color(rgb: 0x123456))
        #expect(t.style(for: .highlight).background == Color(rgb: 0x123456))
        // A state given its own style keeps it, whatever empty says.
        o.cells.append(CellOverride(state: .filled, change: .background(.black)))
        let u = try o.applied(to: .strip)
        #expect(u.style(for: .filled).background == .black && u.style(for: .highlight).background == Color(rgb: 0x123456))
    }

    @Test func anOptionWithoutAStateChangesEveryState() throws {
        var o = ThemeOverrides()
        o.cells = [CellOverride(state: .highlight, change: .borderColor(.black)),
                   CellOverride(state: nil, change: .borderColor(.white))]
        let t = try o.applied(to: .boxes)
        // Every state first, then the one state, whatever the order on the command line.
        #expect(t.style(for: .empty).border == .white && t.style(for: .filled).border == .white)
        #expect(t.style(for: .highlight).border == .black)
    }

    @Test("settings that mean nothing are refused, naming the setting, the style and the way out", arguments: [
        ("boxes", nil, "frame-color",
         "means nothing on the boxes style: its cells stand apart, with no frame or dividers (style their borders with a border colour)"),
        ("grid", nil, "divider-color",
         "means nothing on the grid style: its cells stand apart, with no frame or dividers (style their borders with a border colour)"),
        ("strip", nil, "gap", "means nothing on the strip style: its cells touch (the no-gap layout); try the boxes or grid style"),
        ("tfgrid", nil, "dot-color", "means nothing on the tfgrid style: it shows the characters, not dots (make the field secure)"),
        ("grid", false, "dot-color", "means nothing on the plain grid style: it shows the characters, not dots (make the field secure)"),
        ("strip", nil, "text-color",
         "means nothing on the strip style: it shows dots, not characters (make the field plain, or set a dot colour)"),
        ("tfgrid", true, "text-color",
         "means nothing on the secure tfgrid style: it shows dots, not characters (make the field plain, or set a dot colour)"),
        ("strip", nil, "border-width", "means nothing on the strip style: its cells have no border (set a border colour too)"),
        ("strip", nil, "highlight-border-width",
         "means nothing on the strip style: its cells have no border (set the highlight border colour too)"),
        ("boxes", nil, "font",
         "means nothing on the boxes style: it shows dots, not characters (make the field plain, or set a dot colour)"),
    ] as [(String, Bool?, String, String)])
    func meaningless(_ theme: String, _ secure: Bool?, _ setting: String, _ problem: String) {
        var o = ThemeOverrides()
        o.secure = secure
        switch setting {
        case "frame-color": o.frameColor = .black
        case "divider-color": o.dividerColor = .black
        case "gap": o.gap = 4
        case "dot-color": o.dotColor = .black
        case "text-color": o.cells = [CellOverride(state: nil, change: .textColor(.black))]
        case "border-width": o.cells = [CellOverride(state: nil, change: .borderWidth(2))]
        case "highlight-border-width": o.cells = [CellOverride(state: .highlight, change: .borderWidth(2))]
        default: o.cells = [CellOverride(state: nil, change: .font(FontSpec(size: 12)))]
        }
        #expect(throws: ConfigurationError(setting, problem)) { try o.applied(to: Theme.named(theme)!) }
        // On a page of several themes the setting is left to the fields it fits.
        #expect((try? o.applied(to: Theme.named(theme)!, strict: false)) != nil)
    }

    @Test func aCellChangeNamesItsSettingByStateAndProperty() {
        #expect(CellOverride(state: nil, change: .borderColor(.black)).setting == "border-color")
        #expect(CellOverride(state: .highlight, change: .borderColor(.black)).setting == "highlight-border-color")
        #expect(CellOverride(state: .filled, change: .background(.black)).setting == "fill-background")
    }

    @Test func borderWidthWithItsColourIsFineInEitherOrder() throws {
        var o = ThemeOverrides()
        o.cells = [CellOverride(state: nil, change: .borderWidth(2)), CellOverride(state: nil, change: .borderColor(.black))]
        #expect(try o.applied(to: .strip).style(for: .empty).borderWidth == 2)
    }

    @Test func secureModeOnEveryTheme() throws {
        for theme in Theme.builtIn {
            var plain = ThemeOverrides(), secure = ThemeOverrides()
            plain.secure = false
            secure.secure = true
            #expect(try !plain.applied(to: theme).secure && secure.applied(to: theme).secure, "\(theme.name)")
        }
        #expect(Theme.grid.secure && !Theme.tfgrid.secure)
    }

    @Test func tfgridIsSeed004sExample() throws {
        let t = Theme.tfgrid
        let c = try FieldConfiguration(theme: t)
        #expect((c.rows, c.columns) == (3, 6) && t.arrangement == .strip)
        #expect(t.frameColor == Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3) && t.frameWidth == 0.5)
        #expect(t.frameRadius == 5)
        #expect(t.empty.background == Color(red: 0.9, green: 0.9, blue: 0.9))
        #expect(t.empty.textColor == Color(red: 0.1, green: 0.1, blue: 0.1))
        #expect(t.filled == nil && t.highlight == nil)
    }

    @Test("fonts parse", arguments: [
        ("DejaVu Sans Bold 14", FontSpec(family: "DejaVu Sans", bold: true, size: 14)),
        ("DejaVu Sans Mono 12.5", FontSpec(family: "DejaVu Sans Mono", bold: false, size: 12.5)),
        ("Serif Regular 9", FontSpec(family: "Serif", bold: false, size: 9)),
    ])
    func fonts(_ text: String, _ font: FontSpec) {
        #expect(FontSpec(parsing: text) == font)
    }

    @Test("malformed fonts are refused", arguments: ["", "14", "DejaVu Sans", "Bold 14", "Sans 0", "Sans 900"])
    func badFonts(_ text: String) {
        #expect(FontSpec(parsing: text) == nil)
    }

    @Test func reasonsHaveShortMessages() {
        #expect(FeedbackMessage.text(for: .notADigit, capacity: 6) == "Digits only")
        #expect(FeedbackMessage.text(for: .incomplete, capacity: 6) == "Enter all 6 digits")
        #expect(FeedbackMessage.text(for: .incomplete, capacity: 8, accepts: .printable) == "Enter all 8 characters")
        // A passphrase is capped in bytes, which no count of characters says (1023 characters
        // of ASCII do not fit the 1022 bytes ssh reads).
        #expect(FeedbackMessage.text(for: .pasteTooLong, capacity: 1023, accepts: .text) == "Too long to paste")
        #expect(FeedbackMessage.text(for: .pasteTooLong, capacity: 6) == "Too long to paste: 6 digits at most")
        for reason in RejectReason.allCases {
            let text = FeedbackMessage.text(for: reason, capacity: 6)
            #expect(!text.isEmpty && text.count <= 40, "\(reason): \(text)")
        }
    }
}

@Suite("Field scene looks")
struct SceneLookTests {
    @Test func aShakenSceneIsRedrawnWholeAndReachesPastItsBounds() throws {
        let c = try FieldConfiguration(theme: .boxes, scale: 2)
        var (field, animator) = c.makeField()
        let still = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme, focused: true, at: 0)
        animator.cue(at: 1)
        let shaken = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme, focused: true, at: 1.025)
        #expect(shaken.differsAsAWhole(from: still) && shaken.shake > 5 && shaken.cue == 1)
        // 6 pt at scale 2 on each side: wider than the field by 24 px, no taller.
        #expect(shaken.reach.width == c.layout().bounds.width + 24 && shaken.reach.x == -12)
        #expect(shaken.reach.height == c.layout().bounds.height)
        let after = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme, focused: true, at: 9)
        #expect(!after.differsAsAWhole(from: still))
    }

    @Test func aSubmittedSceneShowsSuccessWithNoCharactersLeft() throws {
        let c = try FieldConfiguration(theme: .tfgrid)
        var (field, animator) = c.makeField()
        _ = field.setText(Array("123456".utf8))
        animator.settle(length: 6)
        field.handOff { _ in }
        animator.succeed(at: 0)
        animator.setLength(0, at: 0)
        let scene = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme, focused: false, at: 0.3)
        #expect(scene.success == 1 && scene.shown == nil && scene.cells.allSatisfy { $0.presence == 0 })
    }
}

@Suite("tfgrid layout")
struct TfgridLayoutTests {
    @Test func theSeedsFrameGrowsToHoldItsCells() {
        // The example's frame, 100 × 200, for 3 × 6 cells of 40: the width grows, the height holds.
        let layout = Layout(Theme.tfgrid.layoutRequest(rows: 3, columns: 6, frame: Size(width: 100, height: 200)))
        #expect(layout.growth == Layout.Growth(from: Size(width: 100, height: 200), to: Size(width: 240, height: 200)))
        #expect(layout.cells[0].width == 40 && layout.dividers.count == 5 + 2)
        // Seeds 000 and 001 divide whatever they are given.
        #expect(Layout(Theme.strip.layoutRequest(rows: 1, columns: 6, frame: Size(width: 60, height: 20))).growth == nil)
    }
}
