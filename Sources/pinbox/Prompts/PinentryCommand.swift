// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// `pinbox pinentry`, and `pinentry-pinbox`: gpg-agent's PIN entry. The Assuan conversation is
/// PinBoxAssuan's; this file only opens a dialog for each GETPIN, CONFIRM and MESSAGE, and
/// closes it when it is answered.
enum PinentryCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let parsed = PinentryArguments(parsing: arguments)
        // Said and passed over, as by pinentry-gtk-2: the agent still gets its greeting.
        for problem in parsed.ignored { Output.error(problem.message + "; ignored") }
        if parsed.pasteUnreadable { Output.error("pastes refused, as --paste could not be read") }
        switch parsed.action {
        case .help: return printHelp(PinentryCommand.help)
        case .version: return printHelp("pinentry-pinbox " + pinboxVersion)
        case .serve: break
        }
        // gpg-agent ends a pinentry it no longer needs with SIGINT: go at once, quietly.
        pinbox_signals_end_at_once()
        let server = PinentryServer(frontEnd: PinentryDialogs(window: XDialogs(paste: parsed.paste,
                                                                                  preferences: parsed.preferences)),
                                    input: FileDescriptorSource(descriptor: 0),
                                    output: FileDescriptorSink(descriptor: 1), arguments: parsed,
                                    identity: PinentryIdentity(version: pinboxVersion, deviceStatus: deviceStatus))
        server.passwordStore = Keyring.store
        _ = server.run()
        return 0
    }

    /// The terminal's mode (octal), owner and group, as pinentry's GETINFO ttyinfo shows them.
    static let deviceStatus: @Sendable (String) -> String? = { path in
        var mode: UInt32 = 0, uid: UInt32 = 0, gid: UInt32 = 0
        guard pinbox_file_status(path, &mode, &uid, &gid) == 0 else { return nil }
        return String(mode, radix: 8) + "/" + String(uid) + "/" + String(gid)
    }

    /// The paths are this installation's, where they are there: the role link beside the
    /// binary, its guide under the same prefix (a build tree has neither).
    static var help: String {
        let link = (Installation.binaryDirectory ?? "/usr/bin") + "/pinentry-pinbox"
        let installedGuide = (Installation.prefix ?? "/usr") + "/share/doc/pinbox/pinentry.md"
        let program = access(link, F_OK) == 0 ? link : link + "   (a link to this program; scripts/install makes it)"
        // Debian's package keeps it compressed, as its policy asks of a document that size.
        let compressedGuide = installedGuide + ".gz"
        let guide = access(installedGuide, F_OK) == 0 ? installedGuide
            : access(compressedGuide, F_OK) == 0 ? compressedGuide : "docs/pinentry.md in PinBox's source"
        return """
        usage: pinbox pinentry [options]      (or pinentry-pinbox [options])

        gpg-agent's PIN entry: speaks the Assuan protocol on stdin and stdout and opens a
        dialog for each GETPIN, CONFIRM and MESSAGE. Set it in ~/.gnupg/gpg-agent.conf:
            pinentry-program \(program)
        then `gpgconf --reload gpg-agent`. See \(guide).

        Options (those of every pinentry):
          -D, --display DISPLAY        the X display
          -T, --ttyname FILE           the terminal to ask on when there is no display
          -N, --ttytype TYPE           the terminal's type (`dumb`: no escape sequences)
          -C, --lc-ctype LOCALE        the locale of the agent's texts
          -M, --lc-messages LOCALE
          -o, --timeout SECONDS        give up after this long if nothing is typed (SETTIMEOUT
                                       overrides it)
          -g, --no-global-grab         do not grab the keyboard
          -W, --parent-wid WINDOW      the window to sit over
          -d, --debug                  (accepted)
          -a, --ttyalert MODE          on the terminal, beep or flash as a dialog opens
                                       (also OPTION ttyalert; none: nothing, the default)
          -c, --colors COLORS          (accepted; only pinentry-curses draws with them)
          --paste on|off               whether a passphrase takes a paste (default on; also
                                       the resource PinBox.pinentry.paste: off)
          --color-scheme light|dark    the dialogs' colours (default: the resource
                                       PinBox.pinentry.colorScheme, else the desktop's, from
                                       GTK_THEME or the XSETTINGS theme name, else light)
          --contrast normal|high       high: black and white, firm edges (default: the
                                       resource PinBox.pinentry.contrast, else high under
                                       the HighContrast themes, else normal)
          --animations on|off          off: nothing moves (default: the resource
                                       PinBox.pinentry.animations, else the desktop's
                                       Gtk/EnableAnimations, else on)
          --help, --version
        """
    }
}

/// The dialogs behind the protocol: one X window per request, on a connection opened at the
/// first one and kept for the next (the agent asks again after a bad passphrase).
struct XDialogs: PinentryFrontEnd {
    private var display: XDisplay?
    private var displayName: String?
    /// Why the last dialog could not be shown: its display would not open. The terminal is
    /// asked instead (`PinentryDialogs`).
    private(set) var unreachable: String?
    /// `--paste off`; a `paste: off` resource turns it off too, never on.
    let paste: Bool
    /// `--color-scheme`, `--contrast` and `--animations`, over their resources, over the
    /// desktop's.
    let preferences: Preferences

    init(paste: Bool, preferences: Preferences = Preferences()) {
        self.paste = paste
        self.preferences = preferences
    }

    mutating func getPin(_ request: PinRequest, agent: AgentInquiries) -> PinOutcome {
        Translations.follow(request.options.lcMessages ?? request.options.lcCtype)
        // The core's dialog for the request's kind, with every word the agent sent over ours.
        var spec = DialogSpec(prompt: request.kind)
        spec.title = request.title ?? spec.title
        spec.description = request.description ?? ""
        // pinentry's prompts are mnemonic labels, as its buttons are (`_Passphrase:`): shown
        // without the marks. (An askpass's prompt is plain text: a path's `_` stays.)
        spec.prompt = PageButton(.ok, label: request.prompt).text
        spec.error = request.error ?? ""
        (spec.okLabel, spec.cancelLabel) = Self.labels(request.okLabel, request.cancelLabel)
        spec.accepts = .text
        spec.byteLimit = request.limit.maxBytes
        if spec.reveal != nil {
            let options = request.options
            spec.reveal = RevealButton(showLabel: options.defaultTooltipVisible, hideLabel: options.defaultTooltipHide,
                                       question: options.defaultConfirmVisible)
        }
        // The agent's own words, translated for its user, when it sent them.
        spec.capsLockWarning = request.options.defaultCapsHint ?? localized("Caps Lock is on")
        if let again = request.repeatPrompt {
            spec.repeatPrompt = PageButton(.ok, label: again.prompt).text
            spec.repeatError = PinentryWords.shown(again.mismatchError)
        }
        spec.timeout = request.timeout > 0 ? Double(request.timeout) : nil
        spec.timeoutEndsWithTyping = true
        if agent.ratesQuality, let bar = request.qualityBar {
            spec.qualityLabel = bar.label
            // Shown when the pointer rests on the bar, and read as its description.
            spec.qualityTooltip = bar.tooltip
        }
        spec.offer(request)
        // A new passphrase is rated by the agent as it is typed (INQUIRE QUALITY), straight
        // from the secret buffer. An empty entry is not rated: the bar is as the dialog opened
        // (pinentry-gtk-2 asks nothing for it either).
        let rate: ((Page, Int) -> Void)? = spec.qualityLabel == nil ? nil : { page, index in
            guard index == 0 else { return }
            let secret = page.fields[0].field.secret
            page.setQuality(secret.isEmpty ? nil : secret.withBytes { agent.rate($0) })
        }
        guard let (page, outcome) = show(spec, grab: request.grab, options: request.options, onChange: rate,
                                         agent: (agent, request)) else {
            return .cancelled
        }
        // Only the answer outlives the window, until the server has written and wiped it.
        if outcome == .submitted { page.wipe(keeping: 0) } else { page.wipe() }
        switch outcome {
        case .submitted:
            return .pin(page.fields[0].field.secret, repeated: request.repeatPrompt != nil, save: page.agent.savePassword)
        case .closed: return .closed
        case .timedOut: return .timedOut
        default: return .cancelled
        }
    }

    mutating func confirm(_ request: ConfirmRequest) -> ConfirmOutcome {
        guard let (_, outcome) = show(dialog(for: request), grab: request.grab, options: request.options) else {
            return .cancelled
        }
        switch outcome {
        case .confirmed: return .ok
        case .notConfirmed: return .notOK
        case .closed: return .closed
        case .timedOut: return .timedOut
        default: return .cancelled
        }
    }

    mutating func message(_ request: ConfirmRequest) -> MessageOutcome {
        // The agent's pinpad notice is a notice it ends itself (SIGINT) once the reader is
        // done: the core made it one with the wait cue, from the request's shape.
        guard let (_, outcome) = show(dialog(for: request), grab: request.grab, options: request.options) else {
            return .dismissed
        }
        switch outcome {
        case .closed: return .closed
        case .timedOut: return .timedOut
        default: return .dismissed
        }
    }

    /// The core's dialog for a CONFIRM or MESSAGE, with the agent's words over ours.
    private func dialog(for request: ConfirmRequest) -> DialogSpec {
        Translations.follow(request.options.lcMessages ?? request.options.lcCtype)
        var spec = DialogSpec(prompt: request.kind)
        if case .confirm = request.kind, request.notOKLabel != nil { spec.kind = .confirm(notOK: true) }
        spec.title = request.title ?? spec.title
        spec.description = request.description ?? ""
        spec.error = request.error ?? ""
        (spec.okLabel, spec.cancelLabel) = Self.labels(request.okLabel, request.cancelLabel)
        if let notOK = request.notOKLabel { spec.notOKLabel = notOK }
        spec.destructive = request.destructive
        spec.timeout = request.timeout > 0 ? Double(request.timeout) : nil
        return spec
    }

    /// The agent's button labels as sent; pinentry's English defaults, which stand in when it
    /// sent none (no SETOK, no `default-ok`), in the user's language.
    private static func labels(_ ok: String, _ cancel: String) -> (String, String) {
        (PinentryWords.shown(ok), PinentryWords.shown(cancel))
    }

    /// Shows one dialog until it is answered. Nil when no window could be shown (no display, no
    /// keyboard grab): said on stderr; the front end then tries the terminal (PinentryDialogs).
    private mutating func show(_ spec: DialogSpec, grab: Bool, options: PinentryOptions,
                               onChange: ((Page, Int) -> Void)? = nil,
                               agent: (AgentInquiries, PinRequest)? = nil) -> (Page, PageOutcome)? {
        // The program the agent asks for, named under the description as every pinentry names
        // it (in its title): the description says what is asked, not who asks.
        var spec = spec
        spec.detail = PinentryOwner.detail(options.owner)
        // The agent's texts are in its locale's language (`lc-ctype`), which picks the glyph
        // forms of Chinese and Japanese text; without one, this process's locale.
        TextLayout.setLanguage(options.lcCtype)
        // And the Compose table of that locale, the user's, not the agent's process's.
        ComposeLocale.callers = options.lcCtype
        // The dialog's first drawing of its text (fonts, glyphs; Pango for other scripts) starts
        // now, on threads, while X connects.
        TextLayout.prepare { measure in _ = try? spec.makePage(measure: measure) }
        // And GNOME's light or dark preference, asked of its settings portal.
        DesktopPortal.prepare(preferences)
        unreachable = nil
        do throws(X11Error) {
            // A connection kept from an earlier dialog holds the resources as they were then.
            var resources: XResources?
            if let display, displayName == options.display {
                resources = XResources(current: display)
            } else {
                display = nil
                do throws(X11Error) {
                    display = try XDisplay(name: options.display)
                } catch {
                    unreachable = error.message
                    return nil
                }
                displayName = options.display
            }
            let display = display!
            var spec = spec
            let looks = Self.resourceSettings(resources ?? XResources(display: display))
            spec.scale = looks.scale
            spec.paste = paste && looks.paste
            spec.prepareText(inTheFontOf: display)
            // Read at each dialog, as the resources are, for the two round trips its settings
            // take at most; then followed while the dialog is open (SettingsWatch).
            let named = preferences.over(looks.preferences)
            (spec.appearance, spec.motion, spec.font, spec.textRendering) = display.desktopChoices(named)
            let page: Page
            let area = display.workArea()
            do throws(ConfigurationError) {
                let asked = spec
                page = try fittedPage(scale: spec.scale, area: area) { (s: Double) throws(ConfigurationError) -> Page in
                    var scaled = asked
                    scaled.scale = s
                    scaled.room = area.height
                    return try scaled.makePage(measure: TextLayout.measure)
                }
            } catch {
                // What the agent asked for, not an option: said in the core's own words.
                Output.error(error.message)
                return nil
            }
            if !spec.error.isEmpty { page.shakeEntry(at: Clock.now()) }
            let controller = PageController(page: page, delivery: .keep, events: false, screenshots: nil)
            controller.onChange = onChange
            if let (inquiries, request) = agent { controller.ask(inquiries, for: request) }
            // The agent's death ends the dialog: nobody reads our stdout any more. The end of
            // stdin alone does not: a script piped in (`printf 'GETPIN\n' | pinentry`) still
            // reads the answer, as it does from every pinentry.
            _ = try runDialog(page, display: display, area: area, grab: grab, controller: controller, continuing: true,
                              transientFor: options.parentWindow, hangUpWatch: 1, followsDesktop: named)
            guard let outcome = page.outcome else { return nil }
            return (page, outcome)
        } catch {
            // A screen it cannot draw on (an 8-bit visual), a server gone: the terminal asks
            // instead, as it does without a display; the next request connects again.
            self.display = nil
            unreachable = error.message
            return nil
        }
    }

    /// What the display's X resources say of the dialogs.
    private struct Looks {
        var scale = 1.0
        var paste = true
        var preferences = Preferences()
    }

    /// The dialogs' scale from the display's X resources, as the askpass reads it: the role's
    /// `scale` (`PinBox.pinentry.scale`, or under the link's name `pinentry-pinbox.scale` however
    /// the pinentry was started), else the screen's (`Xft.dpi`, else the desktop's XSETTINGS);
    /// its `colorScheme`, `contrast` and `animations`; and whether `paste: off` turns pasting
    /// off. Nothing else a resource says is read (ResourcePolicy). A bad value is said and
    /// passed over: the agent waits for an answer, and a usage error would only reach it as a
    /// cancel.
    private static func resourceSettings(_ resources: XResources) -> Looks {
        var looks = Looks()
        do throws(UsageError) {
            let arguments = try ResourceArguments.arguments(
                from: resources, instances: ResourceArguments.instanceNames(of: .pinentry),
                role: "pinentry",
                options: ResourceArguments.options(for: .pinentry), policy: .pinentry,
                validate: { (these: [String]) throws(UsageError) in _ = try settings(these) })
            looks = try settings(arguments)
        } catch {
            Output.error(error.message + "; ignored")
        }
        // The screen's, where no resource names one: followed while the dialog is open.
        if looks.preferences.scale == nil { looks.scale = ResourceArguments.screenScale(resources) ?? 1 }
        return looks
    }

    /// The last `--scale S`, `--color-scheme`, `--contrast`, `--animations` and `--paste off` in
    /// `arguments`, checked as the askpass checks them.
    private static func settings(_ arguments: [String]) throws(UsageError) -> Looks {
        var reader = ArgumentReader(arguments[...])
        var looks = Looks()
        while let option = try reader.nextOption() {
            switch option {
            case "--paste": looks.paste = try reader.choice(for: option, of: OnOff.self) == .on
            default:
                // The role's allowlist leaves only the scale besides the looks.
                guard try !reader.preference(option, into: &looks.preferences) else { break }
                looks.scale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
                looks.preferences.scale = looks.scale
            }
        }
        return looks
    }
}
