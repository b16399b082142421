// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// The demo's page: the four looks side by side to try, or the one field the options shape.
enum WorkbenchPage {
    /// The fields the options ask for, checked before anything opens a window.
    static func fields(_ command: WindowCommand) throws(UsageError) -> [PageField] {
        command.singleField || command.askpass
            ? [PageField(name: command.field.style, label: "", configuration: try command.field.configuration())]
            : try page(command.field)
    }

    static func make(_ fields: [PageField], _ command: WindowCommand, refreshRate: Double) -> Page {
        // One field asks for what it holds: a password behind dots, a code in plain digits.
        let title = fields.count > 1 ? localized("Payment password boxes")
            : fields[0].configuration.theme.secure ? localized("Enter your payment password") : localized("Enter the code")
        // Print (a screenshot) and the other workbench keys are listed by F1; a prompt
        // (`--askpass`) has none.
        let hint = command.askpass ? localized("Esc cancel · Return submit")
            : (fields.count > 1 ? localized("Tab next field · ") : "") + localized("Esc clear · Return submit")
                + " · " + localized("F1 workbench keys")
        // `--askpass` is a prompt: closing it refuses, and the full field answers.
        let rules = PageRules(purpose: command.askpass ? .prompt : .workbench, endAfterSubmit: command.exitOnComplete, timeout: command.timeout,
                              clearOnBlur: command.clearOnBlur, reveal: command.reveal)
        let page = Page(workbench: fields, content: PageContent(title: title, hint: hint), rules: rules,
                        entry: command.askpass ? .fixedPIN(length: fields[0].field.capacity) : nil,
                        scale: command.field.scale, refreshRate: refreshRate, measure: TextLayout.measure)
        // The workbench keys are the demo's; a prompt (--askpass) ignores them.
        page.enableWorkbench(slowFactor: command.slowFactor, paused: command.paused, guides: command.guides,
                             recording: command.record != nil, themeLabels: fields.count > 1 ? themeLabels : [:])
        return page
    }

    /// What a field of the demo page is called in `style`: its label, and the one F7's new look
    /// gives it. Empty for a look the page does not show (tfgrid): the field keeps its label.
    static func label(_ style: String, secure: Bool) -> String {
        switch style {
        case "strip": localized("Alipay style")
        case "paypass": localized("WeChat Pay style")
        case "boxes": localized("Separate boxes")
        case "grid": secure ? localized("Code grid") : localized("Code grid, digits shown")
        default: ""
        }
    }

    /// `label` for every look, dotted or not, as the workbench looks them up (`Workbench.labelKey`).
    static var themeLabels: [String: String] {
        var labels: [String: String] = [:]
        for theme in Theme.builtIn.map({ $0.name }) {
            for secure in [true, false] where !label(theme, secure: secure).isEmpty {
                labels[Workbench.labelKey(theme, secure: secure)] = label(theme, secure: secure)
            }
        }
        return labels
    }

    /// The page's line colour for the strips' frame and dividers (one whole device pixel wide
    /// at least): the seeds' light greys
    /// (`#cccccc`, `#cdcdcd`) show a field's edge at 1.5:1 on the page, where WCAG 2.1 asks 3:1
    /// of a boundary a user must see; this grey is the boxes' own empty border (3.2:1).
    static let boundary = Color(rgb: 0x848b96)

    /// The four fields of the demo page, sharing the options that are not about shape. A look
    /// option goes to the fields where it means something (`--frame-color` to the strips,
    /// `--gap` to the boxes and the grid), so it is never refused for the page as a whole.
    static func page(_ options: FieldOptions) throws(UsageError) -> [PageField] {
        func make(_ style: String, plain: Bool = false, strip: Bool = false) throws(UsageError) -> FieldConfiguration {
            var o = options
            o.style = style
            // `--secure` asked for dots everywhere: the code grid follows it.
            if plain && o.overrides.secure == nil { o.overrides.secure = false }
            if strip {
                if o.overrides.frameColor == nil { o.overrides.frameColor = boundary }
                if o.overrides.dividerColor == nil { o.overrides.dividerColor = boundary }
                // The seeds' 0.5-pt lines are one device pixel at scale 2; at scale 1 they would
                // be drawn at half strength (1.6:1). A hairline of one whole pixel keeps 3:1.
                let hairline = max(0.5, 1 / o.scale)
                if o.overrides.frameWidth == nil { o.overrides.frameWidth = hairline }
                if o.overrides.dividerWidth == nil && o.style == "paypass" { o.overrides.dividerWidth = hairline }
            }
            return try o.configuration(strict: false)
        }
        // The code grid shows its digits: the one field on the page a user may copy from.
        let grid = try make("grid", plain: true)
        return [
            PageField(name: "strip", label: label("strip", secure: true), configuration: try make("strip", strip: true)),
            PageField(name: "paypass", label: label("paypass", secure: true), configuration: try make("paypass", strip: true)),
            PageField(name: "boxes", label: label("boxes", secure: true), configuration: try make("boxes")),
            PageField(name: "grid", label: label("grid", secure: grid.theme.secure), configuration: grid),
        ]
    }
}
