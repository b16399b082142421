import CSystem
import PinBoxCore
import PinBoxX11

/// Exit statuses, as documented in the README.
enum ExitStatus: Int32 {
    case ok = 0
    case cancelled = 1
    case usage = 2
    case display = 3
}

func fail(_ message: String, status: ExitStatus) -> Never {
    Output.error(message)
    exit(status.rawValue)
}

let usage = """
    usage: pinbox [window options] [field options]   open the demo window
           pinbox render --out FILE.png [...]        draw a field into a PNG, no X server needed
           pinbox --help | render --help | --version
    """

/// Opens the display, reads the X resources there and runs the window with them; returns the
/// exit status. The command line alone was parsed first, so its mistakes need no display.
func runWindow(commandLine: WindowCommand, arguments: ArraySlice<String>) throws(X11Error) -> Int32 {
    let display = try XDisplay(name: commandLine.display)
    let resources = XResources(display: display, lines: commandLine.resourceLines)
    let command: WindowCommand
    do {
        command = try WindowCommand(arguments: ResourceArguments.arguments(
            from: resources, instance: commandLine.resourceName ?? ResourceArguments.programName,
            options: ResourceArguments.windowOptions,
            validate: { (these: [String]) throws(UsageError) in _ = try WindowCommand(arguments: these) }
        ) + arguments)
    } catch {
        fail(error.message, status: .usage)
    }
    return try runWindow(command, display: display)
}

/// Runs the window on an open display; returns the exit status.
func runWindow(_ command: WindowCommand, display: XDisplay) throws(X11Error) -> Int32 {
    let fields: [DemoField]
    do {
        fields = command.singleField || command.askpass
            ? [DemoField(name: command.field.style, label: "", configuration: try command.field.configuration())]
            : try DemoField.page(command.field)
    } catch {
        fail(error.message, status: .usage)
    }
    let page = DemoPage(fields: fields, options: command, refreshRate: display.refreshRate ?? 60)
    if !page.secretsLocked {
        Output.error("warning: cannot lock the PIN in memory (mlock failed); it could reach swap")
    }
    // Every way out wipes the digits: a normal end below, a lost server in the I/O handler.
    XDisplay.onConnectionLost = { page.wipe() }
    defer { page.wipe() }
    let window = XWindow(display: display, title: "PinBox", size: page.preferredSize,
                         minimum: page.minimumSize, geometry: command.geometry)
    let loop = try EventLoop(display: display, window: window, grabKeyboard: command.grab)
    return try loop.run(page)
}

Translations.start()

// No core file and no debugger attaching: the PIN lives in this process's memory.
if pinbox_harden_process() != 0 {
    Output.error("warning: cannot disable core dumps for this process")
}

/// The command line after the program's name (none at all when started with an empty argv).
func commandLine() -> [String] {
    let argv = pinbox_argv()
    return argv == nil ? [] : (1..<max(1, Int(pinbox_argc()))).map { String(cString: argv![$0]!) }
}

/// Runs the command the arguments name; returns the exit status.
func run(_ arguments: [String]) -> Int32 {
    var arguments = arguments[...]
    if arguments.first == "--version" {
        print("pinbox \(pinboxVersion)")
        return 0
    }
    do {
        if arguments.first == "render" {
            arguments.removeFirst()
            if arguments.contains("--help") || arguments.contains("-h") {
                print(RenderCommand.help)
                return 0
            }
            try RenderCommand(arguments: arguments).run()
            return 0
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage + "\n\n" + WindowCommand.help)
            return 0
        }
        let command = try WindowCommand(arguments: arguments)
        _ = try command.field.configuration()
        do {
            return try runWindow(commandLine: command, arguments: arguments)
        } catch {
            fail(error.message, status: .display)
        }
    } catch {
        fail(error.message, status: .usage)
    }
}

exit(run(commandLine()))
