// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Themes, colours and configuration")
struct ConfigurationTests {
    @Test func statesWithoutAStyleFallBackToEmpty() {
        #expect(Theme.strip.style(for: .filled) == Theme.strip.empty)
        #expect(Theme.strip.style(for: .highlight) == Theme.strip.empty)
        #expect(Theme.boxes.style(for: .highlight) != Theme.boxes.empty)
        #expect(Theme.grid.style(for: .filled) == Theme.grid.empty)
    }

    @Test func stripThemeIsSeed000() {
        let t = Theme.strip
        // The seed's 1-pt frame stroked on the bounds shows its inner half.
        #expect(t.frameColor == Color(rgb: 0xcccccc) && t.frameWidth == 0.5)
        #expect(t.dividerColor == Color(rgb: 0xeeeeee) && t.dividerWidth == 1 && t.dividerPlacement == .centred)
        // A radius-5 path stroked 1 pt and filled: ink to 5.5 pt.
        #expect(t.dotColor == .black && t.dotRadius == 5.5 && t.secure)
    }

    @Test func paypassThemeIsSeed001() throws {
        let t = Theme.paypass
        #expect(t.frameColor == Color(red: 205 / 255, green: 205 / 255, blue: 205 / 255))
        #expect(t.frameWidth == 0.5 && t.cellSize.height == 40 && t.dotRadius == 5)
        // ScreenWidth − 40 on a 375-pt phone.
        #expect(try FieldConfiguration(theme: t).layout().frame.width.rounded() == 335)
    }

    @Test("colours parse", arguments: [
        ("#cccccc", Color(rgb: 0xcccccc)), ("eeeeee", Color(rgb: 0xeeeeee)), ("#fff", .white),
        ("#00000080", Color(rgb: 0, alpha: 128.0 / 255)),
    ])
    func colours(_ text: String, _ color: Color) {
        #expect(Color(hex: text) == color)
    }

    @Test("malformed colours are refused", arguments: ["", "#", "red", "#12345", "#ggg", "#1234567890", "#+12"])
    func badColours(_ text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func defaultsAreASixDigitStrip() throws {
        let c = try FieldConfiguration()
        #expect((c.rows, c.columns, c.capacity) == (1, 6, 6))
        #expect(c.layout().bounds.width == 300)
    }

    @Test func gridDefaultsAndCounts() throws {
        let g = try FieldConfiguration(theme: .grid)
        #expect((g.rows, g.columns, g.capacity) == (2, 4, 8))
        let counted = try FieldConfiguration(theme: .grid, count: 6)
        #expect((counted.rows, counted.columns) == (2, 3))
        let byRows = try FieldConfiguration(rows: 3, columns: 3)
        #expect(byRows.capacity == 9)
        let single = try FieldConfiguration(count: 4)
        #expect((single.rows, single.columns) == (1, 4))
    }

    @Test func badConfigurationsNameTheSettingAndTheProblem() {
        #expect(throws: ConfigurationError("count", "must be between 1 and 100, not 0")) {
            try FieldConfiguration(count: 0)
        }
        #expect(throws: ConfigurationError("rows", "must be between 1 and 100, not 101")) {
            try FieldConfiguration(rows: 101)
        }
        #expect(throws: ConfigurationError("columns", "must be between 1 and 100, not -1")) {
            try FieldConfiguration(columns: -1)
        }
        // No one setting is at fault: rows and columns together.
        #expect(throws: ConfigurationError(nil, "a grid of 121 cells is too big: at most 100")) {
            try FieldConfiguration(rows: 11, columns: 11)
        }
        #expect(throws: ConfigurationError("count", "7 does not fill a grid of 2 rows × ? columns; make rows × columns equal the count")) {
            try FieldConfiguration(count: 7, rows: 2)
        }
        #expect(throws: ConfigurationError("count", "6 does not fill a grid of 2 rows × 2 columns; make rows × columns equal the count")) {
            try FieldConfiguration(count: 6, rows: 2, columns: 2)
        }
        #expect(throws: ConfigurationError("size", "must be between 1x1 and 16384x16384, not 0x50")) {
            try FieldConfiguration(frame: Size(width: 0, height: 50))
        }
        #expect(throws: ConfigurationError("size", "must be between 1x1 and 16384x16384, not 50x99999")) {
            try FieldConfiguration(frame: Size(width: 50, height: 99999))
        }
        // Whatever a user typed is said back as typed, never a trap: too large for an Int, a
        // fraction, no number.
        #expect(throws: ConfigurationError("size", "must be between 1x1 and 16384x16384, not 9.223372036854776e+18x1")) {
            try FieldConfiguration(frame: Size(width: 9.223372036854776e18, height: 1))
        }
        #expect(throws: ConfigurationError("size", "must be between 1x1 and 16384x16384, not 0.5xnan")) {
            try FieldConfiguration(frame: Size(width: 0.5, height: .nan))
        }
        #expect(throws: ConfigurationError("scale", "must be between 0.5 and 8, not 0.0")) {
            try FieldConfiguration(scale: 0)
        }
        #expect(throws: ConfigurationError("duration", "must be between 0 and 10 seconds, not -1.0")) {
            try FieldConfiguration(duration: -1)
        }
        // The core's own one-line form: the setting, then the problem.
        #expect(ConfigurationError("count", "must be between 1 and 100, not 0").message == "count must be between 1 and 100, not 0")
        #expect(ConfigurationError(nil, "a grid of 121 cells is too big").message == "a grid of 121 cells is too big")
    }

    /// The core does not know the command line: whatever it refuses, from a grid to a look or a
    /// typing script, it says in its own words, never with an option's `--` spelling.
    @Test func noErrorOfTheCoreSpellsAnOption() {
        var errors: [ConfigurationError] = []
        func collect<T>(_ make: () throws -> T) {
            do {
                _ = try make()
            } catch let error as ConfigurationError {
                errors.append(error)
            } catch {
                Issue.record("not a ConfigurationError: \(error)")
            }
        }
        collect { try FieldConfiguration(count: 0) }
        collect { try FieldConfiguration(rows: 0) }
        collect { try FieldConfiguration(columns: 101) }
        collect { try FieldConfiguration(rows: 11, columns: 11) }
        collect { try FieldConfiguration(count: 7, rows: 2) }
        collect { try FieldConfiguration(count: 7, columns: 2) }
        collect { try FieldConfiguration(frame: Size(width: 0, height: 0)) }
        collect { try FieldConfiguration(scale: 9) }
        collect { try FieldConfiguration(duration: 11) }
        collect { try PinField(capacity: 0) }
        for script in ["", "1", "1@x", "Tab@0", "1@-1"] {
            collect { try TypingScript(parsing: script) }
        }
        // Every look setting alone, on themes where some mean nothing.
        let looks: [(inout ThemeOverrides) -> Void] = [
            { $0.gap = 4 }, { $0.frameColor = .black }, { $0.frameWidth = 1 }, { $0.frameRadius = 1 },
            { $0.dividerColor = .black }, { $0.dividerWidth = 1 }, { $0.dotColor = .black }, { $0.dotRadius = 1 },
        ] + ([nil] + CellState.allCases.map(Optional.some)).flatMap { state in
            [CellChange.textColor(.black), .font(FontSpec(size: 12)), .borderWidth(2), .cornerRadius(3)].map { change in
                { (o: inout ThemeOverrides) in o.cells = [CellOverride(state: state, change: change)] }
            }
        }
        for (theme, secure) in [("strip", nil), ("boxes", nil), ("grid", false), ("tfgrid", nil), ("strip", true)] as [(String, Bool?)] {
            for look in looks {
                var one = ThemeOverrides()
                one.secure = secure
                look(&one)
                collect { try one.applied(to: Theme.named(theme)!) }
            }
        }
        #expect(errors.count > 40, "a spread of refusals: \(errors.count)")
        for error in errors {
            #expect(!error.message.contains("--"), "\(error.message)")
            #expect(error.setting.map { !$0.hasPrefix("-") } ?? true)
        }
    }

    @Test func sceneOfASecureFieldCarriesNoDigits() throws {
        let c = try FieldConfiguration()
        var (field, animator) = c.makeField()
        _ = field.setText(Array("4711".utf8))
        animator.settle(length: 4)
        let scene = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme,
                               focused: true, at: 0)
        #expect(scene.shown == nil && scene.cells.allSatisfy { !$0.holdsCharacter })
        #expect(scene.cells.map(\.state) == [.filled, .filled, .filled, .filled, .highlight, .empty])
        #expect(scene.cells.map(\.presence) == [1, 1, 1, 1, 0, 0])
        field = try PinField()
    }

    @Test func plainSceneCarriesTheGlyphsAndUnfocusedHidesTheCursor() throws {
        let c = try FieldConfiguration(theme: .tfgrid)
        let (field, animator) = c.makeField()
        _ = field.setText(Array("42".utf8))
        let scene = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme,
                               focused: false, at: 0)
        #expect(scene.cells.prefix(3).map(\.holdsCharacter) == [true, true, false])
        #expect(scene.shown?.characters == ["4", "2"])
        #expect(!scene.cells.contains { $0.state == .highlight })
    }
}
