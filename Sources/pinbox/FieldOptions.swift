// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// The options that describe one field, shared by `pinbox render` and the window.
struct FieldOptions {
    var style = "strip"
    var count: Int?
    var rows: Int?
    var columns: Int?
    var size: Size?
    var scale = 1.0
    var duration = Animator.defaultDuration
    var paste = PastePolicy.deny
    var easing = Easing.linear
    /// Every change to the theme's look, judged against the theme when it is applied.
    var overrides = ThemeOverrides()
    /// How a refused setting is named on stderr: its option, or the X resource that gave it.
    var names = SettingNames()

    static let help = """
        Field options:
          --style NAME                 strip (default, seed 000), paypass (seed 001),
                                       boxes, grid or tfgrid (seed 004; tfgrid is its example)
          --count N                    number of cells, 1…100 (default 6; grids: rows × columns)
          --rows R --columns C         lay the cells out as a grid
          --size WxH                   the field's frame in points (separate cells grow it to fit)
          --scale S                    device pixels per point, 0.5…8 (default 1; a window
                                       takes it from Xft.dpi, else the desktop's
                                       Xft/DPI, else GDK_SCALE: 96 = 1, 192 = 2)
          --plain, --secure            show the characters, or dots (every theme does both;
                                       tfgrid shows characters, the others dots)
          --accept digits|printable    what the cells take: digits (default) or any printable
                                       ASCII character
          --duration SECONDS           dot animation length, 0…10 (default 0.2; 0 = none)
          --paste deny|digits|text     refuse every paste (default), accept one made only of
                                       characters the cells take, or take pasted text as typed
          --easing CURVE               the dots' curve: linear (default: seed 003's 0.2 s,
                                       straight), seed (seed 003's steps of 1/(15 × duration)
                                       a display tick: full after 3 ticks at 60 Hz), ease-out
                                       (cubic), ink-linear (the dot's ink grows evenly) or
                                       ink-ease-out (half the ink by a fifth of the duration)

        Look (an option that would change nothing on the theme is refused, exit 2):
          --dot-color COLOUR, --dot-radius POINTS          dotted fields
          --frame-color COLOUR, --frame-width POINTS, --frame-radius POINTS,
          --divider-color COLOUR, --divider-width POINTS   strips (strip, paypass, tfgrid)
          --gap POINTS                                     separate cells (boxes, grid)
          Cells, per state: --[STATE-]PROPERTY, where STATE is empty, fill or highlight
          (no STATE: every state; a state without its own style uses the empty one) and
          PROPERTY is one of
            background COLOUR, background-image FILE.png, border-color COLOUR,
            border-width POINTS, corner-radius POINTS, text-color COLOUR (plain fields),
            font "FAMILY [Bold] SIZE" (plain fields), e.g. --highlight-border-color '#1677ff'
          A colour is #rgb, #rrggbb or #rrggbbaa.
        """

    /// Takes `option` if it is a field option; false leaves it to the command.
    mutating func consume(_ option: String, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--style":
            style = try reader.value(for: option)
            guard Theme.named(style) != nil else {
                let names = Theme.builtIn.map { $0.name }.joined(separator: ", ")
                throw UsageError("--style must be one of \(names), not \(Excerpt.quoted(style))")
            }
        case "--count": count = try reader.integer(for: option, in: FieldConfiguration.gridRange)
        case "--rows": rows = try reader.integer(for: option, in: FieldConfiguration.gridRange)
        case "--columns": columns = try reader.integer(for: option, in: FieldConfiguration.gridRange)
        case "--size": size = try reader.size(for: option)
        case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
        case "--plain", "--secure":
            try reader.flag(option)
            let secure = option == "--secure"
            if overrides.secure == !secure { throw UsageError("--plain and --secure contradict each other: give one") }
            overrides.secure = secure
        case "--accept": overrides.accepts = try reader.choice(for: option, of: CellAccept.self).characters
        case "--duration": duration = try reader.number(for: option, in: FieldConfiguration.durationRange)
        case "--paste": paste = try reader.choice(for: option, of: PastePolicy.self)
        case "--easing": easing = try reader.choice(for: option, of: Easing.self)
        case "--dot-color": overrides.dotColor = try reader.color(for: option)
        case "--dot-radius": overrides.dotRadius = try reader.number(for: option, in: 0...1000)
        case "--frame-color": overrides.frameColor = try reader.color(for: option)
        case "--frame-width": overrides.frameWidth = try reader.number(for: option, in: 0...100)
        case "--frame-radius": overrides.frameRadius = try reader.number(for: option, in: 0...1000)
        case "--divider-color": overrides.dividerColor = try reader.color(for: option)
        case "--divider-width": overrides.dividerWidth = try reader.number(for: option, in: 0...100)
        case "--gap": overrides.gap = try reader.number(for: option, in: 0...1000)
        default:
            guard let (state, property) = Self.cellOption(option) else { return false }
            overrides.cells.append(CellOverride(state: state, change: try Self.change(property, for: option, from: &reader)))
        }
        return true
    }

    /// `--[STATE-]PROPERTY` split into its state (nil: every state) and property.
    private static func cellOption(_ option: String) -> (CellState?, CellProperty)? {
        guard option.hasPrefix("--") else { return nil }
        let name = String(option.dropFirst(2))
        if let property = CellProperty(rawValue: name) { return (nil, property) }
        for state in CellState.allCases where name.hasPrefix(state.rawValue + "-") {
            if let property = CellProperty(rawValue: String(name.dropFirst(state.rawValue.count + 1))) {
                return (state, property)
            }
        }
        return nil
    }

    private static func change(_ property: CellProperty, for option: String,
                               from reader: inout ArgumentReader) throws(UsageError) -> CellChange {
        switch property {
        case .background: return .background(try reader.color(for: option))
        case .borderColor: return .borderColor(try reader.color(for: option))
        case .textColor: return .textColor(try reader.color(for: option))
        case .borderWidth: return .borderWidth(try reader.number(for: option, in: 0...100))
        case .cornerRadius: return .cornerRadius(try reader.number(for: option, in: 0...1000))
        case .font:
            let text = try reader.value(for: option)
            guard let font = FontSpec(parsing: text) else {
                throw UsageError("\(option) expects \"FAMILY [Bold] SIZE\" such as \"DejaVu Sans Bold 14\" (size 1…500), not \(Excerpt.quoted(text))")
            }
            return .font(font)
        case .backgroundImage:
            let path = try reader.value(for: option)
            do {
                _ = try CellImages.load(path)
            } catch {
                throw UsageError("\(option): \(error.message)")
            }
            return .backgroundImage(path)
        }
    }

    /// The theme with every override applied; with `strict` false (the demo page), overrides
    /// that mean nothing on this theme are left to the fields where they do.
    func theme(strict: Bool = true) throws(UsageError) -> Theme {
        do {
            // What only a resource set is left out where it means nothing, never refused.
            let lenient = Set(names.fromResources.map { String($0.drop { $0 == "-" }) })
            return try overrides.applied(to: Theme.named(style) ?? .strip, strict: strict, lenient: lenient)
        } catch {
            throw names.usageError(error)
        }
    }

    func configuration(strict: Bool = true) throws(UsageError) -> FieldConfiguration {
        let theme = try theme(strict: strict)
        do {
            var configuration = try FieldConfiguration(theme: theme, count: count, rows: rows, columns: columns,
                                                       frame: size, scale: scale, duration: duration, pastePolicy: paste)
            configuration.easing = easing
            return configuration
        } catch {
            throw names.usageError(error)
        }
    }
}
