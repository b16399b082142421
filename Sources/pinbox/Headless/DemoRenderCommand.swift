// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// `pinbox render --demo --out FILE.png`: the demo page drawn headless, from the same page and
/// painter as the window (its screenshot in the README, and the page the contrast test reads).
struct DemoRenderCommand {
    var output: String?
    var focus: String?
    var text = ""
    var scale = 1.0

    static let help = """
        usage: pinbox render --demo --out FILE.png [--focus FIELD] [--text DIGITS] [--scale S]

          --focus FIELD                the window has the focus, on strip, paypass, boxes or grid
          --text DIGITS                typed into the focused field (the first one by default)
        """

    static func wanted(_ arguments: some Collection<String>) -> Bool { arguments.contains("--demo") }

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let option = try reader.nextOption() {
            switch option {
            case "--demo": try reader.flag(option)
            case "--out", "-o": output = try reader.value(for: option)
            case "--focus": focus = try reader.value(for: option)
            case "--text": text = try reader.value(for: option)
            case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) for render --demo")
            }
        }
        guard output != nil else { throw UsageError("render --demo needs --out FILE.png") }
    }

    func run() throws(UsageError) {
        // The window's own defaults, so the picture is the page the demo opens.
        var command = try WindowCommand(arguments: [String]())
        command.field.scale = scale
        let fields = try WorkbenchPage.fields(command)
        let page = WorkbenchPage.make(fields, command, refreshRate: 60)
        let size = page.preferredSize
        _ = page.handle(.resize(size), now: 0)
        if let focus {
            guard let index = fields.firstIndex(where: { $0.name == focus }) else {
                throw UsageError("--focus must name a field of the page (strip, paypass, boxes, grid), not \(Excerpt.quoted(focus))")
            }
            _ = page.handle(.windowFocus(true), now: 0)
            for _ in 0..<index { _ = page.handle(.focusNext, now: 0) }
        }
        for scalar in text.unicodeScalars { _ = page.handle(.character(scalar), now: 0) }
        try PagePicture.write(page, at: 3600, to: output!)
    }
}
