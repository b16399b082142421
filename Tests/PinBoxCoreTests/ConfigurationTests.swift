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

    @Test func badConfigurationsNameTheOption() {
        refused("--count must be between 1 and 100, not 0") { try FieldConfiguration(count: 0) }
        refused("a grid of 121 cells is too big: at most 100") { try FieldConfiguration(rows: 11, columns: 11) }
        refused("--count 7 does not fill") { try FieldConfiguration(count: 7, rows: 2) }
        refused("--count 6 does not fill") { try FieldConfiguration(count: 6, rows: 2, columns: 2) }
        refused("--size must be") { try FieldConfiguration(frame: Size(width: 0, height: 50)) }
        refused("--size must be") { try FieldConfiguration(frame: Size(width: 50, height: 99999)) }
        refused("--scale must be") { try FieldConfiguration(scale: 0) }
        refused("--duration must be") { try FieldConfiguration(duration: -1) }
    }

    private func refused(_ message: String, sourceLocation: SourceLocation = #_sourceLocation,
                         _ make: () throws -> FieldConfiguration) {
        do {
            _ = try make()
            Issue.record("accepted a bad configuration", sourceLocation: sourceLocation)
        } catch {
            #expect((error as? ConfigurationError)?.message.hasPrefix(message) == true, "\(error)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func sceneOfASecureFieldCarriesNoDigits() throws {
        let c = try FieldConfiguration()
        var (field, animator) = c.makeField()
        _ = field.setText(Array("4711".utf8))
        animator.settle(length: 4)
        let scene = FieldScene(field: field, animator: animator, layout: c.layout(), theme: c.theme,
                               focused: true, at: 0)
        #expect(scene.cells.allSatisfy { $0.glyph == nil })
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
        #expect(scene.cells.prefix(3).map(\.glyph) == [0x34, 0x32, nil])
        #expect(!scene.cells.contains { $0.state == .highlight })
    }
}
