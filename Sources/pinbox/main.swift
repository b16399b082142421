#if canImport(Glibc)
import Glibc
#endif

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
           pinbox --help | render --help

    """

var arguments = CommandLine.arguments.dropFirst()
do {
    if arguments.first == "render" {
        arguments.removeFirst()
        if arguments.contains("--help") || arguments.contains("-h") {
            print(RenderCommand.help)
            exit(0)
        }
        try RenderCommand(arguments: arguments).run()
    } else if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
    } else {
        fail("the window is not built yet; try pinbox render --help", status: .usage)
    }
} catch {
    fail(error.message, status: .usage)
}
