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

    /// The three fields of the demo page, sharing the options that are not about shape.
    static func page(_ options: FieldOptions) throws(UsageError) -> [DemoField] {
        func make(_ style: String) throws(UsageError) -> FieldConfiguration {
            var o = options
            o.style = style
            return try o.configuration()
        }
        let grid = try make("grid")
        return [
            DemoField(name: "strip", label: localized("Alipay strip · seed 000 · 6 digits"), configuration: try make("strip")),
            DemoField(name: "boxes", label: localized("Separate boxes · seed 004 · 6 digits"), configuration: try make("boxes")),
            DemoField(name: "grid", label: localized("Plain grid · seed 004 · %s × %s", String(grid.rows), String(grid.columns)), configuration: grid),
        ]
    }
}
