import PinBoxCore
import PinBoxRender

/// The demo's page: the three fields side by side to try, or the one field the options shape.
enum WorkbenchPage {
    /// The fields the options ask for, checked before anything opens a window.
    static func fields(_ command: WindowCommand) throws(UsageError) -> [PageField] {
        command.singleField || command.askpass
            ? [PageField(name: command.field.style, label: "", configuration: try command.field.configuration())]
            : try page(command.field)
    }

    static func make(_ fields: [PageField], _ command: WindowCommand, refreshRate: Double) -> Page {
        // One field asks for what it holds: a password behind dots, a code in plain digits.
        let title = fields.count > 1 ? localized("PinBox · payment password boxes")
            : fields[0].configuration.theme.secure ? localized("Enter your payment password") : localized("Enter the code")
        let hint = (fields.count > 1 ? localized("Tab next field · ") : "") + localized("Esc clear · Return submit · Print screenshot")
        // `--askpass` is a prompt: closing it refuses, and the full field answers.
        let rules = PageRules(purpose: command.askpass ? .prompt : .workbench, endAfterSubmit: command.exitOnComplete, timeout: command.timeout,
                              clearOnBlur: command.clearOnBlur, reveal: command.reveal)
        let page = Page(workbench: fields, content: PageContent(title: title, hint: hint), rules: rules,
                        entry: command.askpass ? .fixedPIN(length: fields[0].field.capacity) : nil,
                        scale: command.field.scale, refreshRate: refreshRate, measure: TextLayout.measure)
        // The workbench keys are the demo's; a prompt (--askpass) ignores them.
        page.enableWorkbench(slowFactor: command.slowFactor, paused: command.paused, guides: command.guides,
                             recording: command.record != nil)
        return page
    }

    /// The three fields of the demo page, sharing the options that are not about shape. A look
    /// option goes to the fields where it means something (`--frame-color` to the strip,
    /// `--gap` to the boxes and the grid), so it is never refused for the page as a whole.
    static func page(_ options: FieldOptions) throws(UsageError) -> [PageField] {
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
            PageField(name: "strip", label: localized("Alipay strip · seed 000 · 6 digits"), configuration: try make("strip")),
            PageField(name: "boxes", label: localized("Separate boxes · seed 004 · 6 digits"), configuration: try make("boxes")),
            PageField(name: "grid", label: localized("Plain grid · seed 004 · %s × %s", String(grid.rows), String(grid.columns)), configuration: grid),
        ]
    }
}
