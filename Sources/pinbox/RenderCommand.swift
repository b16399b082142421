import PinBoxCore
import PinBoxRender

/// `pinbox render`: draws one field into a PNG file, with no X server.
struct RenderCommand {
    var field = FieldOptions()
    var text = ""
    let output: String
    /// Seconds since the last digit arrived; nil shows everything at rest.
    var at: Double?

    static let help = """
        usage: pinbox render --out FILE.png [--text DIGITS] [--at SECONDS] [field options]

          --out FILE.png               where to write the picture
          --text DIGITS                the digits typed so far (shown as dots unless --plain)
          --at SECONDS                 freeze the animation this long after the last digit
                                       arrived (--at 0.1 shows it half grown; default: at rest)
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
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) for render (see pinbox render --help)")
            }
        }
        guard let output else { throw UsageError("render needs --out FILE.png") }
        self.output = output
    }

    func run() throws(UsageError) {
        let configuration = try field.configuration()
        do {
            let canvas = try Snapshot.render(configuration, digits: Array(text.utf8), at: at)
            try canvas.writePNG(to: output)
        } catch {
            throw UsageError(error.message)
        }
    }
}
