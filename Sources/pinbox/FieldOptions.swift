import PinBoxCore

/// The options that describe one field, shared by `pinbox render` and the window.
struct FieldOptions {
    var style = "strip"
    var count: Int?
    var rows: Int?
    var columns: Int?
    var size: Size?
    var scale = 1.0
    var plain = false
    var duration = Animator.defaultDuration
    var paste = PastePolicy.deny
    var dotColor: Color?
    var dotRadius: Double?
    var frameColor: Color?
    var dividerColor: Color?
    var background: Color?

    static let help = """
        Field options:
          --style NAME                 strip (default, seed 000), paypass (seed 001),
                                       boxes or grid (seed 004)
          --count N                    number of digits, 1…100 (default 6; grid: rows × columns)
          --rows R --columns C         lay the cells out as a grid
          --size WxH                   the field's frame in points (separate cells grow it to fit)
          --scale S                    device pixels per point, 0.5…8 (default 1; a window
                                       takes it from Xft.dpi: 96 = 1, 192 = 2)
          --plain                      show the digits instead of dots
          --duration SECONDS           dot animation length, 0…10 (default 0.2; 0 = none)
          --paste deny|digits          refuse every paste (default) or accept all-digit ones
          --dot-radius POINTS          the dot's radius at full size
          --dot-color COLOUR           likewise --frame-color, --divider-color, --background;
                                       a colour is #rgb, #rrggbb or #rrggbbaa
        """

    /// Takes `option` if it is a field option; false leaves it to the command.
    mutating func consume(_ option: String, from reader: inout ArgumentReader) throws(UsageError) -> Bool {
        switch option {
        case "--style":
            style = try reader.value(for: option)
            guard Theme.named(style) != nil else {
                let names = Theme.builtIn.map { $0.name }.joined(separator: ", ")
                throw UsageError("--style must be one of \(names), not '\(style)'")
            }
        case "--count": count = try reader.integer(for: option, in: FieldConfiguration.gridRange)
        case "--rows": rows = try reader.integer(for: option, in: FieldConfiguration.gridRange)
        case "--columns": columns = try reader.integer(for: option, in: FieldConfiguration.gridRange)
        case "--size": size = try reader.size(for: option)
        case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
        case "--plain":
            try reader.flag(option)
            plain = true
        case "--duration": duration = try reader.number(for: option, in: FieldConfiguration.durationRange)
        case "--paste": paste = try reader.choice(for: option, of: PastePolicy.self)
        case "--dot-color": dotColor = try reader.color(for: option)
        case "--dot-radius": dotRadius = try reader.number(for: option, in: 0...1000)
        case "--frame-color": frameColor = try reader.color(for: option)
        case "--divider-color": dividerColor = try reader.color(for: option)
        case "--background": background = try reader.color(for: option)
        default: return false
        }
        return true
    }

    /// The theme with every override applied.
    var theme: Theme {
        var theme = Theme.named(style) ?? .strip
        if plain { theme.secure = false }
        if let dotColor { theme.dotColor = dotColor }
        if let dotRadius { theme.dotRadius = dotRadius }
        if let frameColor { theme.frameColor = frameColor }
        if let dividerColor { theme.dividerColor = dividerColor }
        if let background { theme.background = background }
        return theme
    }

    func configuration() throws(UsageError) -> FieldConfiguration {
        do {
            return try FieldConfiguration(theme: theme, count: count, rows: rows, columns: columns, frame: size,
                                          scale: scale, duration: duration, pastePolicy: paste)
        } catch {
            throw UsageError(error.message)
        }
    }
}
