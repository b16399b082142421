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
           pinbox ask-password-agent [--watch]       answer the system's password questions (systemd's)
           pinbox polkit-agent [--process PID]       polkit's authentication agent (pkexec, disks, services)
           pinbox render --out FILE.png [...]        draw a field into a PNG, no X server needed
           pinbox --help | render --help | --version
    """

Translations.start()

// No core file and no debugger attaching: the PIN lives in this process's memory.
if pinbox_harden_process() != 0 {
    Output.error("warning: cannot disable core dumps for this process")
}
// From here on no signal ends the process without wiping the secret first.
SignalPipe.install()

/// The command line after the program's name (none at all when started with an empty argv).
/// A byte that is not UTF-8 becomes U+FFFD, which is fine in a prompt's text but would name
/// another file in a path: `pathsAreExact` says whether every argument came through as it was.
func commandLine() -> (arguments: [String], pathsAreExact: Bool) {
    guard let argv = pinbox_argv() else { return ([], true) }
    var exact = true
    let arguments = (1..<max(1, Int(pinbox_argc()))).map { i in
        guard let valid = String(validatingCString: argv[i]!) else {
            exact = false
            return String(cString: argv[i]!)
        }
        return valid
    }
    return (arguments, exact)
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

func printVersion() -> Int32 { printHelp("pinbox \(pinboxVersion)") }

/// ssh's hint for the askpass it starts: a question, a notice, or (unset) a secret.
func askpassHint() -> AskpassHint {
    AskpassHint(environment: getenv("SSH_ASKPASS_PROMPT").map { String(cString: $0) })
}

/// Which argument is not UTF-8, named by the option it follows when there is one (its bytes
/// came out as U+FFFD).
func notUTF8(_ arguments: [String]) -> String {
    let rule = "every argument must be UTF-8, file names included"
    guard let i = arguments.firstIndex(where: { $0.unicodeScalars.contains("\u{FFFD}") }) else {
        return "an argument is not valid UTF-8; " + rule
    }
    if i > 0, arguments[i - 1].hasPrefix("-") {
        let option = arguments[i - 1]
        let named = option.utf8.count <= 40 && option.utf8.allSatisfy { $0 > 32 && $0 < 127 } ? option : Excerpt.quoted(option)
        return "the value of \(named) is not valid UTF-8; " + rule
    }
    return "argument \(i + 1) is not valid UTF-8; " + rule
}

/// Runs the command the arguments name; returns the exit status.
func run(_ line: (arguments: [String], pathsAreExact: Bool)) -> Int32 {
    // A link or an alternative named for a role runs it, and its arguments are the caller's.
    let role = InvokedRole(name: ResourceArguments.programName)
    if role == .askpass {
        // ssh, sudo and git pass the prompt and nothing else: it is never read as options.
        return AskpassCommand(callerArguments: line.arguments, hint: askpassHint()).run()
    }
    // Every other command may name a file (`--out`, `--ttyname`): only as it was written.
    guard line.pathsAreExact else { fail(notUTF8(line.arguments), status: .usage) }
    if role == .pinentry { return PinentryCommand.run(line.arguments) }
    var arguments = line.arguments[...]
    // `--help` and `--version`, wherever an option stands, answer for the command they were given to.
    var help = { usage + "\n\n" + WindowCommand.help + "\n\n" + Workbench.help }
    do {
        if arguments.first == "pinentry" {
            arguments.removeFirst()
            return PinentryCommand.run(Array(arguments))
        }
        if arguments.first == "askpass" {
            arguments.removeFirst()
            help = { AskpassCommand.help }
            return try AskpassCommand(arguments: arguments, hint: askpassHint()).run()
        }
        if arguments.first == "ask-password-agent" {
            arguments.removeFirst()
            help = { SystemAgentCommand.help }
            return try SystemAgentCommand(arguments: arguments).run()
        }
        if arguments.first == "polkit-agent" {
            arguments.removeFirst()
            help = { PolkitAgentCommand.help }
            return try PolkitAgentCommand(arguments: arguments).run()
        }
        if arguments.first == "pay" {
            arguments.removeFirst()
            help = { PayCommand.help }
            return try PayCommand(arguments: arguments, headless: false).run()
        }
        if arguments.first == "render" {
            arguments.removeFirst()
            help = {
                RenderCommand.help + "\n\n" + DialogRenderCommand.help + "\n\n" + PayCommand.help + "\n\n" + DemoRenderCommand.help
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
        return runWorkbench(try WindowCommand(arguments: arguments), arguments: arguments)
    } catch {
        switch error.request {
        case .help?: return printHelp(help())
        case .version?: return printVersion()
        case nil: fail(error.message, status: .usage)
        }
    }
}

exit(run(commandLine()))
