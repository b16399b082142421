import PinBoxCore
import PinBoxRender

/// `pinbox render`: draws one field into a PNG file, with no X server.
struct RenderCommand {
    var field = FieldOptions()
    var text = ""
    let output: String
    /// Seconds since the last character arrived (or the refusal, or the submit); nil shows
    /// everything at rest.
    var at: Double?
    var focused = false
    var state = Snapshot.State.normal

    static let help = """
        usage: pinbox render --out FILE.png [--text TEXT] [--at SECONDS] [--focused]
                             [--state normal|error|success] [field options]

          --out FILE.png               where to write the picture
          --text TEXT                  what was typed so far (dots unless the field is plain)
          --at SECONDS                 freeze the animation this long after the last character
                                       arrived (--at 0.1 shows it half grown; default: at rest),
                                       or after the refusal or submit of --state
          --focused                    the field has the focus: the next cell is highlighted
          --state normal|error|success the look after a refused key or an early Return (error:
                                       the borders turn red, the field shakes for 0.3 s) or
                                       after a submit (success: a check mark as the dots fade);
                                       drawn at 0.3 s unless --at says otherwise
        """ + "\n\n" + FieldOptions.help

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        var output: String?
        while let option = try reader.nextOption() {
            if try field.consume(option, from: &reader) { continue }
            switch option {
            case "--text": text = try reader.value(for: option)
            case "--out", "-o": output = try reader.value(for: option)
            case "--at": at = try reader.number(for: option, in: 0...3600)
            case "--focused": try reader.flag(option); focused = true
            case "--state": state = try reader.choice(for: option, of: Snapshot.State.self)
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) for render (see pinbox render --help)")
            }
        }
        guard let output else { throw UsageError("render needs --out FILE.png") }
        self.output = output
    }

    func run() throws(UsageError) {
        let configuration = try field.configuration()
        do {
            let canvas = try Snapshot.render(configuration, digits: Array(text.utf8), at: at, focused: focused,
                                             state: state)
            try canvas.writePNG(to: output)
        } catch {
            throw UsageError(error.message)
        }
    }
}
