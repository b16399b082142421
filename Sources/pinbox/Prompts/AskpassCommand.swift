// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// `pinbox-askpass PROMPT…`, and `pinbox askpass [options] [--] PROMPT…`: the program ssh,
/// ssh-agent, sudo and git run to ask for an answer when they have no terminal (SSH_ASKPASS,
/// SUDO_ASKPASS, GIT_ASKPASS). Callers are taken at their word: run as `pinbox-askpass`, every
/// argument is the prompt, whatever it starts with (`sudo -p '-> %p: '`, `sudo -p --help`),
/// several joined with spaces as x11-ssh-askpass joins them. What the prompt asks for is the
/// core's call (`PromptKind`); this file reads the command line and runs the dialog.
struct AskpassCommand {
    enum Kind: String, CaseIterable {
        case pin, passphrase
    }

    var prompt = ""
    var hint = AskpassHint.none
    var kind: Kind?
    var digitsOnly = false
    var length: Int?
    var title: String?
    var display: String?
    var geometry = WindowGeometry()
    /// The askpass takes the keyboard unless told not to: a prompt whose keys could go to
    /// another window must not ask.
    var grab = true
    var timeout: Double?
    var scale = 1.0
    var easing = Easing.promptDefault
    /// `--paste off`: a passphrase entry refuses pastes too (PIN boxes always do).
    var paste = true
    /// `--color-scheme`, `--contrast`, `--animations` (or their resources); nil: the
    /// desktop's, read once connected.
    var preferences = Preferences()

    /// ssh and sudo read at most 1023 bytes and stop at the newline: the answer may take 1022.
    static let byteLimit = 1022

    static let help = """
        usage: pinbox askpass [options] [--] PROMPT...
               pinbox-askpass PROMPT...

        Asks for an answer in a dialog for programs with no terminal (SSH_ASKPASS, SUDO_ASKPASS,
        GIT_ASKPASS): PROMPT (several lines allowed; several arguments are joined with spaces) is
        shown, the answer and a newline are printed on stdout. Cancel, closing the window and the
        timeout print nothing and exit 1.
        Run as pinbox-askpass, every argument is the prompt, even one that starts with '-':
        that is how ssh, sudo and git call it. Options are for `pinbox askpass`, before the
        prompt (or `--`); to give pinbox-askpass some, point the caller at a script that runs
        `exec pinbox askpass [options] -- "$@"`. X resources may set its scale, colour
        scheme, contrast and animations and turn paste off, under pinbox-askpass or PinBox.askpass: nothing a resource
        says loosens a prompt.

        The prompt decides the dialog: a password or passphrase gets dots and a Show button; a
        PIN (a card, a token, a security key) PIN boxes that grow as you type; a username or a
        one-time code an entry that shows what is typed; ssh's question about a new host key
        Yes and No (printed as yes or no) and an entry for the fingerprint.
        SSH_ASKPASS_PROMPT=confirm asks yes or no (exit 0 or 1); SSH_ASKPASS_PROMPT=none
        shows the prompt with a "touch your key" cue until the caller ends it.
        ssh-add's question for a key file's passphrase offers to save it in the password
        manager (the Secret Service, as GNOME Keyring's ssh agent saves it); a saved one
        answers the next such question with no dialog.
        The dialog takes the keyboard: if another program holds it, the dialog says so and asks
        nothing until the keyboard is free, then asks; closed, or after 15 s, it exits 3.
        With no X display, it asks on the caller's terminal as the caller would there: the
        terminal's own line editing, echoed only for a name, a code or ssh's host key question.

        Options:
          --pin, --passphrase          force the kind of entry
          --digits                     a PIN of digits only
          --length N                   a PIN of exactly N characters, submitted when full
          --title TEXT                 the window's title
          --display, -display NAME     the X display (default $DISPLAY)
          --geometry, -geometry GEOM   size and place (default: centred under the pointer)
          --no-grab                    do not take the keyboard (--grab, the default, takes it)
          --timeout SECONDS            cancel (exit 1) after this long without a key
          --scale S                    device pixels per point, 0.5…8 (default: from Xft.dpi,
                                       else the desktop's Xft/DPI, else GDK_SCALE, else 1;
                                       followed while open)
          --easing CURVE               the dots' curve: ink-ease-out (default), linear, seed,
                                       ease-out or ink-linear (see pinbox --help)
          --paste on|off               whether a passphrase takes a paste (Ctrl+V, Shift+Insert,
                                       middle click; default on); PIN boxes never do
          --color-scheme light|dark    the dialog's colours (default: the desktop's, from
                                       GTK_THEME or the XSETTINGS theme name, else light)
          --contrast normal|high       high: black and white, firm edges (default: high under
                                       the HighContrast themes, else normal)
          --animations on|off          off: nothing moves, every change shows at once
                                       (default: the desktop's Gtk/EnableAnimations, else on)

        Exit status: 0 with the answer (or yes), 1 cancelled, closed, timed out or no, 2 a bad
        option, 3 no X display and no terminal, or the keyboard held by another program, 4 the
        answer could not be written.
        """

    /// The options as given on the command line (X resources go before them, Resources.swift).
    private(set) var options: [String] = []
    /// The prompt's words as given.
    private(set) var words: [String] = []
    /// The options these arguments gave (Resources.swift tells the resources' from the command line's).
    private(set) var given: Set<String> = []
    /// How a setting the dialog refuses is named: `--length` sets the PIN's count of characters.
    var names = SettingNames(options: ["count": "--length"])
    /// Started as `pinbox askpass`, which reads options; `pinbox-askpass` takes none.
    var takesOptions = true

    /// `pinbox-askpass`, as its callers run it: every argument is the prompt.
    init(callerArguments: [String], hint: AskpassHint) {
        takesOptions = false
        words = callerArguments
        prompt = callerArguments.joined(separator: " ")
        self.hint = hint
    }

    /// `pinbox askpass [options] [--] PROMPT…`: options up to `--` or the first word that is
    /// not one; the rest is the prompt.
    init(arguments: some Collection<String>, hint: AskpassHint) throws(UsageError) {
        self.hint = hint
        let all = Array(arguments)
        var reader = ArgumentReader(all, positionals: true, positionalsEndOptions: true)
        while let option = try reader.nextOption() {
            switch option {
            case "--pin": try reader.flag(option); kind = .pin
            case "--passphrase": try reader.flag(option); kind = .passphrase
            case "--digits": try reader.flag(option); digitsOnly = true
            case "--length": length = try reader.integer(for: option, in: 1...PinField.capacityRange.upperBound)
            case "--title": title = try reader.value(for: option)
            case "--display", "-display": display = try reader.value(for: option)
            case "--geometry", "-geometry": geometry = try reader.geometry(for: option)
            case "--grab": try reader.flag(option); grab = true
            case "--no-grab": try reader.flag(option); grab = false
            case "--timeout": timeout = try reader.number(for: option, in: 0.1...86400)
            case "--scale": scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
            case "--easing": easing = try reader.choice(for: option, of: Easing.self)
            case "--paste": paste = try reader.choice(for: option, of: OnOff.self) == .on
            default:
                guard try !reader.preference(option, into: &preferences) else { break }
                throw UsageError("unknown option \(Excerpt.quoted(option)) for askpass; a prompt that starts "
                                 + "with '-' goes after -- (see pinbox askpass --help)")
            }
        }
        given = reader.given
        words = reader.positionals ?? []
        prompt = words.joined(separator: " ")
        var end = all.count - words.count
        if end > 0 && all[end - 1] == "--" { end -= 1 }
        options = Array(all[..<end])
    }

    /// What the prompt asks for: the hint and the words, unless an option forces an entry.
    var promptKind: PromptKind {
        let read = PromptKind(askpass: prompt, hint: hint)
        guard read.hasEntry else { return read }
        if length != nil || digitsOnly || kind == .pin {
            if case .pin = read { return read }
            return .pin(.user)
        }
        if kind == .passphrase { return .passphrase }
        return read
    }

    /// The dialog: the core's for the prompt's kind, the prompt as its description.
    var dialog: DialogSpec {
        let kind = promptKind
        var spec = DialogSpec(prompt: kind)
        if case .hostKey = kind {
            // The core took ssh's question apart; its text is the description already, said
            // here in the user's language.
            spec.description = CallerQuestion.hostKey(spec.description)
        } else {
            // Prompts end in ": " (sudo's Chinese in "："), to sit before a terminal's cursor;
            // a dialog needs neither, as the pinentry's labels do not (DialogSpec.label).
            spec.description = DialogSpec.label(prompt)
            // ssh-add's question after a wrong passphrase: its first question, the refusal in red.
            if case .passphrase = kind, let first = CallerQuestion.askedBefore(prompt) {
                spec.description = first
                spec.error = CallerQuestion.askedAgain(prompt)
            }
            // A fingerprint a line of a question or a notice ends in is the detail, shown whole.
            if kind == .confirm || kind == .deviceWait { spec.takeFingerprintOut() }
            // ssh's, ssh-agent's and git's own questions, read whole, in the user's language.
            spec.description = CallerQuestion.described(spec.description) ?? spec.description
        }
        if case .confirm = kind { spec.armAskpassQuestion() }
        if case .deviceWait = kind { spec.description += "\n\n" + localized("Touch your security key to go on.") }
        if case .entry = spec.kind {
            if let length { spec.kind = .entry(.fixedPIN(length: length)) }
            spec.accepts = digitsOnly ? .digits : .text
            spec.capsLockWarning = localized("Caps Lock is on")
        }
        spec.byteLimit = Self.byteLimit
        if let title { spec.title = title }
        spec.timeout = timeout
        spec.scale = scale
        spec.easing = easing
        spec.paste = paste
        return spec
    }

    /// Runs the dialog, with the display's X resources under the command line; returns the
    /// exit status.
    func run() -> Int32 {
        // ssh-add asking for a key file's passphrase: one saved in the password manager answers
        // with no window at all, and the dialog offers to save what is typed.
        var keyring = AskpassKeyring(prompt: prompt, kind: promptKind)
        if let status = keyring?.answer() { return status }
        // The dialog's text is dearest the first time it is drawn (font files, glyphs), far more
        // so when it needs Pango (Chinese, Arabic, …): start that now, on threads, so it
        // overlaps connecting to X. With no display named, the terminal asks: nothing to draw.
        if namesDisplay { TextLayout.prepare { measure in _ = try? dialog.makePage(measure: measure) } }
        do throws(X11Error) {
            if namesDisplay { DesktopPortal.prepare(preferences) }
            let display = try XDisplay(name: self.display, optionHint: takesOptions)
            return withResources(of: display).run(on: display, keyring: keyring)
        } catch {
            return onTheTerminal(noWindow: error)
        }
    }

    /// The command line of a caller whose question does not name what it is for (sudo's,
    /// ssh-keygen's: `AskpassCaller`), from the caller's records; nil for any other.
    private func caller(_ parent: (stat: String?, commandLine: [UInt8]?)) -> PageDetail? {
        let home = getenv("HOME").map { String(cString: $0) }
        return parent.stat.flatMap(AskpassCall.callerName(inStat:)).flatMap {
            AskpassCaller.detail(name: $0, commandLine: parent.commandLine, home: home, prompt: prompt)
        }
    }

    /// Whether a display is named, by `--display` or `DISPLAY`.
    private var namesDisplay: Bool {
        !(display ?? getenv("DISPLAY").map { String(cString: $0) } ?? "").isEmpty
    }

    /// No display to show the dialog on (a text console, an ssh session, `sudo -A` there): the
    /// question goes to the caller's terminal, asked as the caller would ask it there itself
    /// (`TerminalPrompt`). Why there is no window is said first when a display was named, so
    /// that an answer on the terminal does not hide it; with none named, the terminal is simply
    /// the way, and the display's reason is said only when there is no terminal either.
    private func onTheTerminal(noWindow: X11Error) -> Int32 {
        let named = namesDisplay
        if named { Output.error(noWindow.message) }
        var question = TerminalPrompt(kind: promptKind, prompt: prompt, limit: Self.byteLimit,
                                      accepts: digitsOnly ? .digits : .text, length: length)
        if promptKind.hasEntry { question.askedBy = caller(KernelRecords.parent) }
        var terminal = TerminalAskpass(prompt: question, timeout: timeout)
        if let status = terminal.ask() { return status.rawValue }
        if !named { Output.error(noWindow.message) }
        if let failure = terminal.failure { Output.error(failure) }
        return ExitStatus.display.rawValue
    }

    private func run(on display: XDisplay, keyring: AskpassKeyring?) -> Int32 {
        do throws(X11Error) {
            let page: Page
            dialog.prepareText(inTheFontOf: display)
            let area = display.workArea(for: geometry)
            // Light or dark, normal or high contrast, still or animated: as named, else as the
            // desktop says before the page is made, and then as it says while it is open.
            let choices = display.desktopChoices(preferences)
            // The caller, read once, for a question with an entry: sudo, ssh or ssh-keygen asking
            // again what the user answered (the answer was refused, which they say only on their
            // terminal or output), and sudo's or ssh-keygen's command, which its question does
            // not name.
            let parent = promptKind.hasEntry ? KernelRecords.parent : (stat: nil, commandLine: nil)
            let recall = AskpassRecall(prompt: prompt, callerStat: parent.stat)
            let askedAgain = recall?.isAskedAgain == true
            let askedBy = caller(parent)
            do throws(ConfigurationError) {
                page = try fittedPage(scale: scale, area: area) { (s: Double) throws(ConfigurationError) -> Page in
                    var spec = dialog
                    if askedAgain { spec.error = CallerQuestion.askedAgain(prompt) }
                    if let askedBy { spec.detail = askedBy }
                    keyring?.offer(in: &spec)
                    spec.scale = s
                    (spec.appearance, spec.motion, spec.font, spec.textRendering) = choices
                    spec.room = area.height
                    return try spec.makePage(measure: TextLayout.measure)
                }
            } catch {
                fail(names.usageError(error).message, status: .usage)
            }
            let answers = promptKind.hasEntry
            let controller = PageController(page: page, delivery: answers ? .standardOutput : .none,
                                            events: false, screenshots: nil)
            if keyring != nil || recall != nil {
                controller.onDelivered = { page, index in
                    keyring?.keep(page, field: index)
                    recall?.answered()
                }
            }
            // ssh's touch notice reads no key, so it takes none: keys typed elsewhere meanwhile,
            // and a prompt that opens then, have the keyboard. A caller that died (killed, its
            // terminal closed) leaves stdout with no reader: the dialog closes as a cancel
            // rather than hold the keyboard for nobody.
            return try runDialog(page, display: display, area: area, geometry: geometry,
                                 grab: grab && promptKind != .deviceWait, controller: controller, hangUpWatch: 1,
                                 followsDesktop: preferences)
        } catch {
            fail(error.message, status: .display)
        }
    }
}
