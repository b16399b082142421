import PinBoxCore
import PinBoxX11

/// `pinbox` with no subcommand: the options of the demo window.
struct WindowCommand {
    var field = FieldOptions()
    /// Whether any option shaped a single field (`--style`, `--count`, …): then the window
    /// shows that one field instead of the demo page.
    var singleField = false
    var display: String?
    var geometry = WindowGeometry()
    var reveal = false
    var exitOnComplete = false
    var screenshotDirectory: String?
    var quiet = false
    /// Prompt mode for scripts: no events; the digits alone on stdout once the field is full.
    var askpass = false
    var grab = false
    /// Seconds without a key before the prompt cancels itself.
    var timeout: Double?
    var clearOnBlur = false
    /// The X resource instance name (`-name`) and resource lines (`-xrm`); see Resources.swift.
    var resourceName: String?
    var resourceLines: [String] = []

    static let help = """
        Opens the demo window: the strip, boxes and grid fields on one page (Tab moves between
        them), or one field when a field option such as --style is given. Digits fill the
        focused field; BackSpace deletes, Ctrl+U clears, Escape clears then cancels, Return
        submits a full field, Print (or SIGUSR1) saves a screenshot. Events are JSON lines on
        stdout.

        Window options:
          --display, -display NAME     the X display (default $DISPLAY)
          --geometry, -geometry GEOM   size and place, e.g. 480x320+100+100
          --name, -name NAME           the instance name X resources are looked up under
                                       (default: the program's name, e.g. pinbox)
          --xrm, -xrm 'NAME: VALUE'    a resource over the server's, e.g. 'PinBox*dotColor: #333';
                                       every option --some-option has the resource someOption
          --exit-on-complete           submit and exit 0 as soon as the field is full
          --reveal                     include the digits in complete and submit events
          --screenshot-dir DIR         where screenshots go (default: the working directory)
          --quiet                      no events on stdout
          --askpass                    prompt for scripts, like ssh-askpass: no events; when the
                                       field is full, print the digits on stdout and exit 0
                                       (exit 1 on cancel, with nothing printed)
          --grab                       take the keyboard so no other program sees the keys;
                                       exit 3 if another program holds it
          --timeout SECONDS            cancel (exit 1) after this long without a key
          --clear-on-blur              clear every field when the window loses focus or is hidden
        """ + "\n\n" + FieldOptions.help + """


        Exit status: 0 after closing the window or a submit with --exit-on-complete, 1 after
        cancel, 2 for a bad option, 3 when the X display cannot be opened or goes away, or
        the keyboard cannot be grabbed.
        """

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let option = try reader.nextOption() {
            if try field.consume(option, from: &reader) {
                if ["--style", "--count", "--rows", "--columns", "--plain", "--size"].contains(option) {
                    singleField = true
                }
                continue
            }
            switch option {
            case "--display", "-display": display = try reader.value(for: option)
            case "--geometry", "-geometry":
                let text = try reader.value(for: option)
                guard let parsed = WindowGeometry(parsing: text) else {
                    throw UsageError("\(option) expects WIDTHxHEIGHT[+X+Y] with sizes 1…16384, not \(Excerpt.quoted(text))")
                }
                geometry = parsed
            case "--name", "-name": resourceName = try reader.value(for: option)
            case "--xrm", "-xrm": resourceLines.append(try reader.value(for: option))
            case "--reveal": try reader.flag(option); reveal = true
            case "--exit-on-complete": try reader.flag(option); exitOnComplete = true
            case "--screenshot-dir": screenshotDirectory = try reader.value(for: option)
            case "--quiet": try reader.flag(option); quiet = true
            case "--askpass":
                try reader.flag(option)
                (askpass, quiet, exitOnComplete) = (true, true, true)
            case "--grab": try reader.flag(option); grab = true
            case "--timeout": timeout = try reader.number(for: option, in: 0.1...86400)
            case "--clear-on-blur": try reader.flag(option); clearOnBlur = true
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) (see pinbox --help)")
            }
        }
    }
}
