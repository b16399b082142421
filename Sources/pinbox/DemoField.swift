import PinBoxCore

/// One field on the demo page: its name (used in events), label, configuration, the field
/// itself and its animation, and what was last drawn of it (for damage-limited redraws).
struct DemoField {
    let name: String
    let label: String
    let configuration: FieldConfiguration
    let field: PinField
    var animator: Animator
    var layout: Layout
    var drawn: FieldScene?

    init(name: String, label: String, configuration: FieldConfiguration) {
        self.name = name
        self.label = label
        self.configuration = configuration
        (field, animator) = configuration.makeField()
        layout = configuration.layout()
    }

    func scene(focused: Bool, at now: Double) -> FieldScene {
        FieldScene(field: field, animator: animator, layout: layout, theme: configuration.theme,
                   focused: focused, at: now)
    }

    /// The three fields of the demo page, sharing the options that are not about shape. A look
    /// option goes to the fields where it means something (`--frame-color` to the strip,
    /// `--gap` to the boxes and the grid), so it is never refused for the page as a whole.
    static func page(_ options: FieldOptions) throws(UsageError) -> [DemoField] {
        func make(_ style: String, plain: Bool = false) throws(UsageError) -> FieldConfiguration {
            var o = options
            o.style = style
            // `--secure` asked for dots everywhere: the code grid follows it.
            if plain && o.overrides.secure == nil { o.overrides.secure = false }
            return try o.configuration(strict: false)
        }
        // The code grid shows its digits: the one field on the page a user may copy from.
        let grid = try make("grid", plain: true)
        return [
            DemoField(name: "strip", label: "Alipay strip · seed 000 · 6 digits", configuration: try make("strip")),
            DemoField(name: "boxes", label: "Separate boxes · seed 004 · 6 digits", configuration: try make("boxes")),
            DemoField(name: "grid", label: "Plain grid · seed 004 · \(grid.rows) × \(grid.columns)", configuration: grid),
        ]
    }
}
