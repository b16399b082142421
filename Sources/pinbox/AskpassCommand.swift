import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// `pinbox askpass [PROMPT]`, and `pinbox-askpass [PROMPT]`: the program ssh, ssh-agent and
/// sudo run to ask for a secret when they have no terminal (SSH_ASKPASS, SUDO_ASKPASS). The
/// prompt is argv[1]; the secret and one newline go to stdout; cancel, close and timeout print
/// nothing and exit 1. `SSH_ASKPASS_PROMPT=confirm` asks yes or no (exit 0 or 1);
/// `=none` shows a notice that stays until the caller ends it (a security key waiting for a touch).
struct AskpassCommand {
    enum Question: String {
        /// Ask for a secret.
        case entry
        /// Ask yes or no (ssh-agent, for a key added with `ssh-add -c`).
        case confirm
        /// Say something and wait to be ended (ssh, while a FIDO key waits for a touch).
        case none
    }

    enum Kind: String, CaseIterable {
        case pin, passphrase
    }

    var prompt = ""
    var question = Question.entry
    var kind: Kind?
    var digitsOnly = false
    var length: Int?
    var title: String?
    var display: String?
    var geometry = WindowGeometry()
    var grab = false
    var timeout: Double?
    var scale = 1.0
    /// `--paste off`: a passphrase entry refuses pastes too (PIN boxes always do).
    var paste = true

    /// ssh and sudo read at most 1023 bytes and stop at the newline: the secret may take 1022.
    static let byteLimit = 1022

    static let help = """
        usage: pinbox askpass [options] [PROMPT]
               pinbox-askpass [options] [PROMPT]

        Asks for a secret in a dialog for programs with no terminal (SSH_ASKPASS, SUDO_ASKPASS):
        PROMPT (several lines allowed) is shown, the secret and a newline are printed on
        stdout. Cancel, closing the window and the timeout print nothing and exit 1.
        A prompt that asks for a PIN gets PIN boxes that grow as you type; anything else a
        passphrase box. Letters are accepted in a PIN: cards and tokens allow them.
        SSH_ASKPASS_PROMPT=confirm asks yes or no (exit 0 or 1); SSH_ASKPASS_PROMPT=none
        shows the prompt with a "touch your key" cue until the caller ends it.

        Options:
          --pin, --passphrase          force the kind of entry
          --digits                     a PIN of digits only
          --length N                   a PIN of exactly N characters, submitted when full
          --title TEXT                 the window's title
          --display, -display NAME     the X display (default $DISPLAY)
          --geometry, -geometry GEOM   size and place (default: centred under the pointer)
          --grab                       take the keyboard; exit 3 if another program holds it
          --timeout SECONDS            cancel (exit 1) after this long without a key
          --scale S                    device pixels per point, 0.5…8 (default 1)
          --paste on|off               whether a passphrase takes a paste (Ctrl+V, Shift+Insert,
                                       middle click; default on); PIN boxes never do

        Exit status: 0 with the secret (or yes), 1 cancelled, closed, timed out or no, 2 a bad
        option, 3 no X display or no keyboard grab, 4 the secret could not be written.
        """

    /// The command line as given: X resources go before it (Resources.swift).
    private(set) var commandLine: [String] = []
    /// The options these arguments gave (Resources.swift tells the resources' from the command line's).
    private(set) var given: Set<String> = []
    /// How a setting the dialog refuses is named: `--length` sets the PIN's count of characters.
    var names = SettingNames(options: ["count": "--length"])
    private(set) var promptMode: String?

    init(arguments: some Collection<String>, promptMode: String?) throws(UsageError) {
        commandLine = Array(arguments)
        self.promptMode = promptMode
        var reader = ArgumentReader(arguments, positionals: true)
        while let option = try reader.nextOption() {
            switch option {
            case "--pin": try reader.flag(option); kind = .pin
            case "--passphrase": try reader.flag(option); kind = .passphrase
            case "--digits": try reader.flag(option); digitsOnly = true
            case "--length": length = try reader.integer(for: option, in: 1...PinField.capacityRange.upperBound)
            case "--title": title = try reader.value(for: option)
            case "--display", "-display": display = try reader.value(for: option)
            case "--geometry", "-geometry":
                geometry = try reader.geometry(for: option)
            case "--grab": try reader.flag(option); grab = true
            case "--timeout": timeout = try reader.number(for: option, in: 0.1...86400)
            case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
            case "--paste": paste = try reader.choice(for: option, of: PasteSwitch.self) == .on
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) for askpass (see pinbox askpass --help)")
            }
        }
        given = reader.given
        let words = reader.positionals ?? []
        guard words.count <= 1 else {
            throw UsageError("askpass takes one prompt (quote it), not \(words.count) arguments")
        }
        prompt = words.first ?? ""
        switch promptMode {
        case nil, "": break
        case "confirm": question = .confirm
        case "none": question = .none
        default: question = .entry  // ssh's other values ask for a secret, as does no value
        }
    }

    /// What the prompt asks for: forced by an option, else a PIN when the prompt says "PIN"
    /// (ssh: "Enter PIN for authenticator", "Enter PIN for 'token'"), a passphrase otherwise.
    var entry: EntryKind {
        if let length { return .fixedPIN(length: length) }
        let pin = kind.map { $0 == .pin } ?? Self.asksForPIN(prompt)
        guard pin else { return .passphrase }
        // An Admin PIN and a PUK are at least 8 characters on OpenPGP cards.
        return .openPIN(shown: prompt.mentions("Admin PIN") || prompt.mentions("PUK") ? 8 : 6)
    }

    static func asksForPIN(_ prompt: String) -> Bool {
        // "PIN" as a word, in capitals: "PINs" or "spinning" are not asking for one.
        let scalars = Array(prompt.unicodeScalars)
        for i in scalars.indices where i + 3 <= scalars.count {
            guard scalars[i] == "P", scalars[i + 1] == "I", scalars[i + 2] == "N" else { continue }
            let before = i == 0 ? " " : scalars[i - 1], after = i + 3 == scalars.count ? " " : scalars[i + 3]
            if !before.properties.isAlphabetic && !after.properties.isAlphabetic { return true }
        }
        return false
    }

    /// The dialog: the prompt as its description, the entry under it, Cancel and OK.
    var dialog: DialogSpec {
        // ssh's prompts end in ": " to sit before a terminal's cursor; a dialog needs neither.
        var description = prompt
        while let last = description.unicodeScalars.last, last == " " || last == ":" {
            description.unicodeScalars.removeLast()
        }
        var spec: DialogSpec
        switch question {
        case .confirm:
            spec = DialogSpec(kind: .confirm(notOK: false))
            spec.title = localized("Confirm")
            spec.okLabel = localized("_Yes")
            spec.cancelLabel = localized("_No")
        case .none:
            spec = DialogSpec(kind: .notice)
            spec.title = localized("Security key")
            description += "\n\n" + localized("Touch your security key to go on.")
            spec.waitCue = true
        case .entry:
            let entry = self.entry
            spec = DialogSpec(kind: .entry(entry))
            spec.okLabel = localized("_OK")
            spec.cancelLabel = localized("_Cancel")
            let isPIN: Bool
            if case .passphrase = entry { isPIN = false } else { isPIN = true }
            spec.title = isPIN ? localized("PIN required") : localized("Passphrase required")
            spec.prompt = isPIN ? localized("PIN") : localized("Passphrase")
            spec.accepts = digitsOnly ? .digits : .text
            spec.byteLimit = Self.byteLimit
            spec.capsLockWarning = localized("Caps Lock is on")
        }
        if let title { spec.title = title }
        spec.description = description
        spec.timeout = timeout
        spec.scale = scale
        spec.paste = paste
        return spec
    }

    /// Runs the dialog, with the display's X resources under the command line; returns the
    /// exit status.
    func run() -> Int32 {
        // The dialog's text costs about 1 ms the first time it is drawn (font files, glyphs), some
        // 8 ms when it needs Pango (Chinese, Arabic, …): start that now, on threads, so it
        // overlaps connecting to X.
        TextLayout.prepare { measure in _ = try? dialog.makePage(measure: measure) }
        do throws(X11Error) {
            let display = try XDisplay(name: self.display)
            return withResources(of: display).run(on: display)
        } catch {
            fail(error.message, status: .display)
        }
    }

    private func run(on display: XDisplay) -> Int32 {
        do throws(X11Error) {
            let page: Page
            let area = display.workArea()
            do throws(ConfigurationError) {
                page = try fittedPage(scale: scale, area: area) { (s: Double) throws(ConfigurationError) -> Page in
                    var spec = dialog
                    spec.scale = s
                    return try spec.makePage(measure: TextLayout.measure)
                }
            } catch {
                fail(names.usageError(error).message, status: .usage)
            }
            let controller = PageController(page: page, delivery: question == .entry ? .standardOutput : .none,
                                            events: false, screenshots: nil)
            return try runDialog(page, display: display, area: area, geometry: geometry, grab: grab,
                                 controller: controller)
        } catch {
            fail(error.message, status: .display)
        }
    }
}
