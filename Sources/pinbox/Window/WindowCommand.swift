// SPDX-License-Identifier: MIT
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
    /// Screenshots drawn this many times larger than the window (a crisp 2× picture of a 1× window).
    var screenshotScale = 1.0
    /// Screenshots of the focused field alone, not the whole window.
    var screenshotField = false
    /// Screenshots with a clear background where the page shows its own.
    var screenshotTransparent = false
    var quiet = false
    /// Prompt mode for scripts: no events; the digits alone on stdout once the field is full.
    var askpass = false
    var grab = false
    /// Seconds without a key before the prompt cancels itself.
    var timeout: Double?
    var clearOnBlur = false
    /// The workbench from the start: slowed by this factor, paused, with guides, recording.
    var slowFactor: Double?
    var paused = false
    var guides = false
    var record: String?
    var traceFrames = false
    /// The X resource instance name (`-name`) and resource lines (`-xrm`); see Resources.swift.
    var resourceName: String?
    var resourceLines: [String] = []
    /// The options these arguments gave (Resources.swift tells the resources' from the command line's).
    private(set) var given: Set<String> = []

    static let help = """
        Opens the demo window: the strip, paypass, boxes and grid fields on one page (Tab moves
        between them), or one field when a field option such as --style is given. Digits fill
        the focused field; BackSpace deletes, Ctrl+U clears, Escape clears then cancels, Return
        submits a full field, Print (or SIGUSR1) saves a screenshot. Events are JSON lines on
        stdout.

        Window options:
          --display, -display NAME     the X display (default $DISPLAY)
          --geometry, -geometry GEOM   size and place, e.g. 480x320+100+100
          --name, -name NAME           the instance name X resources are looked up under
                                       (default: the program's name, e.g. pinbox)
          --xrm, -xrm 'NAME: VALUE'    a resource over the server's, e.g. 'PinBox*dotColor: #333';
                                       an option --some-option has the resource someOption,
                                       except --reveal, --askpass, --display, --name, --xrm,
                                       --screenshot-scale, --screenshot-field,
                                       --screenshot-transparent and the workbench options below
                                       (--slow, --paused, --guides, --record, --trace-frames)
          --exit-on-complete           submit and exit 0 as soon as the field is full
          --reveal                     include the digits in complete and submit events
          --screenshot-dir DIR         where screenshots go (default: the working directory)
          --screenshot-scale S         screenshots drawn S times larger than the window (0.5…8)
          --screenshot-field           screenshots of the focused field alone
          --screenshot-transparent     screenshots with a clear background
          --quiet                      no events on stdout
          --askpass                    prompt for scripts, like ssh-askpass: no events; when the
                                       field is full, print the digits on stdout and exit 0
                                       (exit 1 on cancel, with nothing printed)
          --grab                       take the keyboard so no other program sees the keys;
                                       exit 3 if another program holds it
          --timeout SECONDS            cancel (exit 1) after this long without a key
          --clear-on-blur              clear every field when the window loses focus or is hidden

        Workbench options (the demo window; the keys below do the same while it runs):
          --slow FACTOR                start in slow motion, FACTOR times slower (1…1000; F2
                                       toggles between FACTOR and real speed)
          --paused                     start with the animations paused (F3); F4 and F5 step
          --guides                     start with the guides and the frame-timing readout (F6)
          --record FILE.gif            record the window from its first frame into FILE.gif,
                                       at the frames' real times, until F8 or the window's end
                                       (F8 alone records into the screenshot directory)
          --trace-frames               report every frame presented as an event:
                                       {"event":"frame","t":SECONDS,"interval":SECONDS,"dropped":N}
        """ + "\n\n" + FieldOptions.help + """


        Exit status: 0 after closing the window or a submit with --exit-on-complete, 1 after
        cancel, 2 for a bad option, 3 when the X display cannot be opened or goes away, or
        the keyboard cannot be grabbed, 4 when the digits could not be written to stdout
        (--askpass, or an event carrying them with --reveal).
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
                geometry = try reader.geometry(for: option)
            case "--name", "-name": resourceName = try reader.value(for: option)
            case "--xrm", "-xrm": resourceLines.append(try reader.value(for: option))
            case "--reveal": try reader.flag(option); reveal = true
            case "--exit-on-complete": try reader.flag(option); exitOnComplete = true
            case "--screenshot-dir": screenshotDirectory = try reader.value(for: option)
            case "--screenshot-scale": screenshotScale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
            case "--screenshot-field": try reader.flag(option); screenshotField = true
            case "--screenshot-transparent": try reader.flag(option); screenshotTransparent = true
            case "--quiet": try reader.flag(option); quiet = true
            case "--askpass":
                try reader.flag(option)
                (askpass, quiet, exitOnComplete) = (true, true, true)
            case "--grab": try reader.flag(option); grab = true
            case "--timeout": timeout = try reader.number(for: option, in: 0.1...86400)
            case "--clear-on-blur": try reader.flag(option); clearOnBlur = true
            case "--slow": slowFactor = try reader.number(for: option, in: Timeline.slowRange)
            case "--paused": try reader.flag(option); paused = true
            case "--guides": try reader.flag(option); guides = true
            case "--record":
                let path = try reader.value(for: option)
                guard !path.isEmpty else { throw UsageError("--record needs a file name, e.g. --record typing.gif") }
                record = path
            case "--trace-frames": try reader.flag(option); traceFrames = true
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) (see pinbox --help)")
            }
        }
        given = reader.given
        if askpass && (slowFactor != nil || paused || guides || record != nil || traceFrames) {
            throw UsageError("--askpass is a prompt, not the workbench: leave out --slow, --paused, --guides, --record and --trace-frames")
        }
    }
}
