// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxX11

func fail(_ message: String, status: ExitStatus) -> Never {
    Output.error(message)
    exit(status.rawValue)
}

let usage = """
    usage: pinbox [window options] [field options]   open the demo window
           pinbox askpass [options] [--] PROMPT      ask for an answer for ssh, sudo or git (SSH_ASKPASS)
           pinbox pinentry [pinentry options]        gpg-agent's PIN entry over Assuan (pinentry-program)
           pinbox pay [--amount TEXT] [--payee TEXT] the payment sheet of seed 001, with a number pad
           pinbox render --out FILE.png [...]        draw a field into a PNG, no X server needed
           pinbox --help | render --help | --version
    """

/// Opens the window for `page` and runs it; returns the exit status. Every way out wipes the
/// secrets: a normal end, a signal (see SignalPipe), a lost server (the I/O error handler).
/// With `continuing`, the program goes on after this window (a pinentry answers its client):
/// the secret outlives the window, for the caller to write (the D line) and wipe, and closing
/// the window is not watched as the end of the process.
/// `hangUpWatch`: a descriptor whose hang-up ends the window as a request to stop (a pinentry's
/// stdin: the agent died). `area`: the work area the window must fit (WindowFit), when known.
func runWindow(_ page: Page, display: XDisplay, title: String, geometry: WindowGeometry, type: WindowType,
               grab: Bool, controller: PageController, continuing: Bool = false,
               transientFor parent: UInt? = nil, hangUpWatch: Int32? = nil, area: Rect? = nil) throws(X11Error) -> Int32 {
    if !page.secretsLocked {
        Output.error("warning: cannot lock the secret in memory (mlock failed); it could reach swap")
    }
    XDisplay.onConnectionLost = { page.wipe() }
    defer { if !continuing { page.wipe() } }
    // Never larger than the work area, whatever the content (the page fitted its scale first).
    let bounds = area?.size ?? .zero
    let window = try XWindow(display: display, title: title, size: WindowFit.clamp(page.preferredSize, to: bounds),
                             minimum: WindowFit.clamp(page.minimumSize, to: bounds), geometry: geometry, type: type,
                             transientFor: parent)
    window.maximum = bounds
    let loop = try EventLoop(display: display, window: window, grabKeyboard: grab)
    loop.endsProcess = !continuing
    loop.hangUpWatch = hangUpWatch
    // Named on the accessibility bus as it was started: pinbox-askpass, pinentry-pinbox, pinbox.
    loop.accessibleName = ResourceArguments.programName
    let status = try loop.run(controller)
    // The program goes on (a pinentry answers its agent): the window leaves the screen, and
    // what was typed into it after the answer goes nowhere, before the answer is written.
    if continuing { window.withdraw() }
    return status
}

/// Runs `page` as a dialog: titled by the page, placed where `geometry` says or else centred on
/// the monitor under the pointer.
func runDialog(_ page: Page, display: XDisplay, area: Rect, geometry: WindowGeometry = WindowGeometry(), grab: Bool,
               controller: PageController, continuing: Bool = false,
               transientFor parent: UInt? = nil, hangUpWatch: Int32? = nil) throws(X11Error) -> Int32 {
    // A Caps Lock warning or the layout's name is laid out from the first frame, not added after.
    _ = controller.handle(.keyboard(display.keyboardState()), now: Clock.now())
    var geometry = geometry
    if geometry.x == nil {
        let size = WindowFit.clamp(Size(width: Double(geometry.width ?? Int(page.preferredSize.width)),
                                        height: Double(geometry.height ?? Int(page.preferredSize.height))), to: area.size)
        let corner = WindowFit.centred(size, in: area)
        (geometry.x, geometry.y) = (Int(corner.x), Int(corner.y))
    }
    return try runWindow(page, display: display, title: page.content.title, geometry: geometry, type: .dialog,
                         grab: grab, controller: controller, continuing: continuing, transientFor: parent,
                         hangUpWatch: hangUpWatch, area: area)
}

/// A page built at the largest scale up to `scale` at which it fits `area` (WindowFit): a
/// huge `Xft.dpi` or `--scale` never makes a window larger than the screen.
func fittedPage<E: Error>(scale: Double, area: Rect, _ make: (Double) throws(E) -> Page) throws(E) -> Page {
    try WindowFit.fit(scale: scale, area: area.size) { (s: Double) throws(E) -> (Page, Size) in
        let page = try make(s)
        return (page, page.preferredSize)
    }.0
}

/// The demo window (and the old `--askpass` flag): the workbench page, with the display's X
/// resources under the command line's options (`arguments`).
func runWorkbench(_ commandLine: WindowCommand, arguments: ArraySlice<String>) -> Int32 {
    func fields(_ command: WindowCommand) -> [PageField] {
        do throws(UsageError) {
            return try WorkbenchPage.fields(command)
        } catch {
            fail(error.message, status: .usage)
        }
    }
    func screenshots(_ command: WindowCommand) -> ScreenshotDirectory {
        do throws(UsageError) {
            return try ScreenshotDirectory(command.screenshotDirectory)
        } catch {
            fail(error.message, status: .usage)
        }
    }
    // The command line's own mistakes need no display.
    _ = fields(commandLine)
    _ = screenshots(commandLine)
    // Opened now, so a file that cannot be written is refused before the window opens.
    var record: (fd: Int32, path: String)?
    if let path = commandLine.record {
        // This user's only, as screenshots are: it shows what is typed.
        let fd = pinbox_open_output(path, 0o600)
        guard fd >= 0 else {
            fail("--record \(Excerpt.quoted(path)) cannot be written: \(String(cString: strerror(pinbox_errno())))",
                 status: .usage)
        }
        record = (fd, path)
    }
    do throws(X11Error) {
        let display = try XDisplay(name: commandLine.display)
        let command = commandLine.withResources(of: display, arguments: arguments)
        let screenshots = screenshots(command)
        let area = display.workArea()
        let page = fittedPage(scale: command.field.scale, area: area) { scale in
            var scaled = command
            scaled.field.scale = scale
            return WorkbenchPage.make(fields(scaled), scaled, refreshRate: display.refreshRate ?? 60)
        }
        let controller = PageController(page: page, delivery: command.askpass ? .standardOutput : .none,
                                        events: !command.quiet, screenshots: screenshots,
                                        traceFrames: command.traceFrames, record: record)
        controller.screenshotLook = PageController.ScreenshotLook(
            scale: command.screenshotScale, fieldOnly: command.screenshotField,
            transparent: command.screenshotTransparent)
        // A recording still running when the window ends is finished, not lost.
        defer { controller.stopRecording(at: Clock.now()) }
        // `kill -USR2` starts and stops a recording here, as F8 does (a prompt has no workbench).
        if !command.askpass { pinbox_signals_usr2_records() }
        return try runWindow(page, display: display, title: "PinBox", geometry: command.geometry, type: .normal,
                             grab: command.grab, controller: controller, area: area)
    } catch {
        fail(error.message, status: .display)
    }
}

Translations.start()

// No core file and no debugger attaching: the PIN lives in this process's memory.
if pinbox_harden_process() != 0 {
    Output.error("warning: cannot disable core dumps for this process")
}
// From here on no signal ends the process without wiping the secret first.
SignalPipe.install()

/// The command line after the program's name (none at all when started with an empty argv).
func commandLine() -> [String] {
    let argv = pinbox_argv()
    return argv == nil ? [] : (1..<max(1, Int(pinbox_argc()))).map { String(cString: argv![$0]!) }
}

/// Prints help on stdout; a closed or full stdout is an error, as in any command-line tool.
func printHelp(_ text: String) -> Int32 {
    do throws(Output.Failure) {
        try Output.line(text, to: 1)
        return 0
    } catch {
        Output.error("cannot write to standard output (\(error.reason))")
        return 1
    }
}

/// The name the program was started as: a link named for a role runs that role.
func invokedName() -> String {
    guard let argv = pinbox_argv(), pinbox_argc() > 0, let zero = argv[0] else { return "pinbox" }
    let path = String(cString: zero)
    return String(path.split(separator: "/").last ?? "pinbox")
}

/// Runs the command the arguments name; returns the exit status.
func run(_ arguments: [String]) -> Int32 {
    var arguments = arguments[...]
    if arguments.first == "--version" {
        print("pinbox \(pinboxVersion)")
        return 0
    }
    do {
        if invokedName() == "pinentry-pinbox" || arguments.first == "pinentry" {
            if arguments.first == "pinentry" && invokedName() != "pinentry-pinbox" { arguments.removeFirst() }
            return PinentryCommand.run(Array(arguments))
        }
        let hint = AskpassHint(environment: getenv("SSH_ASKPASS_PROMPT").map { String(cString: $0) })
        if invokedName() == "pinbox-askpass" {
            // ssh, sudo and git pass the prompt and nothing else: it is never read as options.
            return AskpassCommand(callerArguments: Array(arguments), hint: hint).run()
        }
        if arguments.first == "askpass" {
            arguments.removeFirst()
            let command = try AskpassCommand(arguments: arguments, hint: hint)
            if command.wantsHelp { return printHelp(AskpassCommand.help) }
            return command.run()
        }
        if arguments.first == "pay" {
            arguments.removeFirst()
            if arguments.contains("--help") || arguments.contains("-h") { return printHelp(PayCommand.help) }
            return try PayCommand(arguments: arguments, headless: false).run()
        }
        if arguments.first == "render" {
            arguments.removeFirst()
            if arguments.contains("--help") || arguments.contains("-h") {
                return printHelp(RenderCommand.help + "\n\n" + DialogRenderCommand.help + "\n\n" + PayCommand.help
                                 + "\n\n" + DemoRenderCommand.help)
            }
            if DemoRenderCommand.wanted(arguments) {
                try DemoRenderCommand(arguments: arguments).run()
                return 0
            }
            if PayCommand.wanted(arguments) {
                try PayCommand(arguments: arguments, headless: true).render()
                return 0
            }
            if DialogRenderCommand.wanted(arguments) {
                try DialogRenderCommand(arguments: arguments).run()
                return 0
            }
            try RenderCommand(arguments: arguments).run()
            return 0
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            return printHelp(usage + "\n\n" + WindowCommand.help + "\n\n" + Workbench.help)
        }
        return runWorkbench(try WindowCommand(arguments: arguments), arguments: arguments)
    } catch {
        fail(error.message, status: .usage)
    }
}

exit(run(commandLine()))
