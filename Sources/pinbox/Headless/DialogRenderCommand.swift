// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// `pinbox render --dialog KIND …`: a dialog drawn into a PNG with no X server, from the same
/// page and painter as the window, so every dialog has a headless screenshot.
struct DialogRenderCommand {
    var spec = DialogSpec(kind: .entry(.passphrase))
    var text = ""
    var output: String?
    var focused = false
    var at: Double?
    var quality: Int?
    /// The strength bar's tooltip, shown as when the pointer rests on the bar.
    var qualityTooltip: String?

    static let help = """
        usage: pinbox render --dialog KIND --out FILE.png [dialog options]
               pinbox render --askpass PROMPT --out FILE.png [dialog options]

          --dialog KIND                passphrase, pin (grows as typed), pin:N (N boxes),
                                       confirm, confirm3 (with a "not OK" button), message,
                                       notice (no button, with the wait cue)
          --askpass PROMPT             the dialog `pinbox askpass PROMPT` opens, read from the
                                       prompt's words as the askpass reads them (ssh's host-key
                                       question, a PIN, a passphrase…), with SSH_ASKPASS_PROMPT
          --title, --description, --prompt, --error TEXT
          --ok, --cancel, --not-ok LABEL   button labels, `_` before the mnemonic
          --repeat LABEL               a second entry that must match the first
          --asked-by COMMAND           the "Asked by" line: the program that asked, as the
                                       pinentry names gpg-agent's client and the askpass sudo
          --room PIXELS                the screen's height a long description may grow into,
                                       as on a screen (default: the dialog's usual height)
          --wait-cue                   the animated "touch your key" cue
          --quality N                  a strength bar showing N, -100…100
          --quality-tooltip TEXT       the bar's tooltip, shown as when the pointer rests on it
          --text CHARACTERS            what has been typed (shown as dots)
          --focused                    the window has the focus (ring and cursor shown)
          --at SECONDS                 the moment after the last key to draw (default: at rest)
          --scale S                    device pixels per point, 0.5…8 (default 1)
          --color-scheme light|dark    the dialog's colours (default light: no desktop to ask)
          --contrast normal|high       high: black and white, firm edges (default normal)
        """

    /// Whether `arguments` ask for a dialog rather than a field.
    static func wanted(_ arguments: some Collection<String>) -> Bool {
        arguments.contains { $0 == "--dialog" || $0.hasPrefix("--dialog=") || $0 == "--askpass" || $0.hasPrefix("--askpass=") }
    }

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        // The kind first, wherever it is given: the dialog starts as the window's for that kind
        // (its heading, its buttons, Show for a passphrase), and the options go over it.
        var kind: DialogSpec.Kind?
        var askpass: AskpassCommand?
        var title, description, prompt, error, ok, cancel, notOK, repeatPrompt, askedBy: String?
        var waitCue = false
        var scale = 1.0
        var appearance = Appearance()
        while let option = try reader.nextOption() {
            switch option {
            case "--dialog":
                let value = try reader.value(for: option)
                guard let k = Self.kind(value) else {
                    throw UsageError("--dialog must be one of passphrase, pin, pin:N, confirm, confirm3, message, notice, not \(Excerpt.quoted(value))")
                }
                kind = k
            case "--askpass":
                // The prompt whole, as one word: what follows `--` on the askpass's command line.
                // ssh's hint, SSH_ASKPASS_PROMPT, as the askpass takes it: a question, a notice.
                askpass = try AskpassCommand(arguments: ["--", try reader.value(for: option)], hint: askpassHint())
            case "--title": title = try reader.value(for: option)
            case "--description": description = try reader.value(for: option)
            case "--prompt": prompt = try reader.value(for: option)
            case "--error": error = try reader.value(for: option)
            case "--ok": ok = try reader.value(for: option)
            case "--cancel": cancel = try reader.value(for: option)
            case "--not-ok": notOK = try reader.value(for: option)
            case "--repeat": repeatPrompt = try reader.value(for: option)
            case "--asked-by": askedBy = try reader.value(for: option)
            case "--room": spec.room = try reader.number(for: option, in: 100...100_000)
            case "--wait-cue": try reader.flag(option); waitCue = true
            case "--quality": quality = try reader.integer(for: option, in: -100...100)
            case "--quality-tooltip": qualityTooltip = try reader.value(for: option)
            case "--text": text = try reader.value(for: option)
            case "--focused": try reader.flag(option); focused = true
            case "--at": at = try reader.number(for: option, in: 0...3600)
            case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
            case "--color-scheme": appearance.scheme = try reader.choice(for: option, of: ColorScheme.self)
            case "--contrast": appearance.contrast = try reader.choice(for: option, of: Contrast.self)
            case "--out", "-o": output = try reader.value(for: option)
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) for a dialog (see pinbox render --help)")
            }
        }
        guard output != nil else { throw UsageError("render needs --out FILE.png") }
        if kind != nil && askpass != nil { throw UsageError("--dialog and --askpass each name the dialog: give one") }
        let room = spec.room
        spec = askpass?.dialog ?? Self.base(kind ?? .entry(.passphrase))
        spec.room = room
        if let title { spec.title = title }
        if let description { spec.description = description }
        if let prompt { spec.prompt = prompt }
        if let error { spec.error = error }
        if let ok { spec.okLabel = ok }
        if let cancel { spec.cancelLabel = cancel }
        if let notOK { spec.notOKLabel = notOK }
        if let repeatPrompt { spec.repeatPrompt = repeatPrompt }
        if let askedBy { spec.detail = .askedBy(askedBy) }
        if waitCue { spec.waitCue = true }
        if quality != nil && spec.qualityLabel == nil { spec.qualityLabel = "Quality" }
        if let qualityTooltip {
            guard quality != nil else { throw UsageError("--quality-tooltip is the strength bar's: give --quality N too") }
            spec.qualityTooltip = qualityTooltip
        }
        spec.scale = scale
        spec.appearance = appearance
    }

    /// The window's dialog for `kind`, in PinBox's own words (the core's `DialogSpec(prompt:)`).
    static func base(_ kind: DialogSpec.Kind) -> DialogSpec {
        var spec: DialogSpec
        switch kind {
        case .entry(.passphrase): spec = DialogSpec(prompt: .passphrase)
        case .entry: spec = DialogSpec(prompt: .pin(.user))
        case .confirm(let notOK):
            spec = DialogSpec(prompt: .confirm)
            // Three answers are gpg's trust question's: Yes, No, and Cancel beside them.
            if notOK {
                spec.notOKLabel = localized("_No")
                spec.cancelLabel = localized("_Cancel")
            }
        case .message: spec = DialogSpec(prompt: .information)
        case .notice: spec = DialogSpec(prompt: .deviceWait)
        case .hostKey: spec = DialogSpec(kind: kind)
        }
        spec.kind = kind
        return spec
    }

    static func kind(_ name: String) -> DialogSpec.Kind? {
        switch name {
        case "passphrase": return .entry(.passphrase)
        case "pin": return .entry(.openPIN(shown: 1))
        case "confirm": return .confirm(notOK: false)
        case "confirm3": return .confirm(notOK: true)
        case "message": return .message
        case "notice": return .notice
        default:
            guard name.hasPrefix("pin:"), let n = Int(name.dropFirst(4)), PinField.capacityRange.contains(n) else {
                return nil
            }
            return .entry(.fixedPIN(length: n))
        }
    }

    func run() throws(UsageError) {
        let page: Page
        do throws(ConfigurationError) {
            page = try spec.makePage(measure: TextLayout.measure)
        } catch {
            // `--dialog pin:N` gives the count of boxes.
            throw SettingNames(options: ["count": "--dialog pin:N"]).usageError(error)
        }
        try PagePicture.stage(page, focused: focused, typing: text)
        page.setQuality(quality)
        let now = at ?? 3600
        // The pointer came to rest on the bar's row as long ago as a tip waits, after the keys.
        if qualityTooltip != nil, case .dialog(let layout) = page.geometry, let bar = layout.quality {
            _ = page.handle(.hover(.moved(bar.mid)), now: now - HoverTip.delay)
        }
        // A caller's error shakes the entry as the dialog opens, as the window does.
        if !spec.error.isEmpty { page.shakeEntry(at: 0) }
        // A key typed at 0 and a picture taken `at` later: the fade of the last one shows.
        try PagePicture.write(page, at: now, to: output!)
    }
}
