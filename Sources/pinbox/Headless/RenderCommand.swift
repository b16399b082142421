// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// `pinbox render`: draws one field into a PNG file, with no X server; or a film strip of its
/// motion, a sheet of its states, its guides, or an animated GIF of a typing script.
struct RenderCommand {
    /// What picture to make.
    enum Picture: Equatable {
        case still
        /// N frames of the motion, labelled with their times.
        case frames(Int)
        /// Every state of the theme.
        case states
        /// The field with its guides and its curve.
        case guides
        /// An animated GIF of `--keys`, written to this path.
        case animate(String)
    }

    var field = FieldOptions()
    var text = ""
    let output: String
    /// Seconds since the last character arrived (or the refusal, or the submit); nil shows
    /// everything at rest.
    var at: Double?
    var focused = false
    var state = Snapshot.State.normal
    var picture = Picture.still
    var keys: TypingScript?
    /// The display rate: the GIF's frames, and the tick of the `seed` curve.
    var fps = 60.0
    /// Device pixels per point of the picture, times the field's `--scale`.
    var screenshotScale = 1.0
    var transparent = false

    static let help = """
        usage: pinbox render --out FILE.png [--text TEXT] [--at SECONDS] [--focused]
                             [--state normal|error|success] [field options]
               pinbox render --frames N --out FILE.png [...]   the motion as N labelled frames
               pinbox render --states --out FILE.png [...]     every state of the theme
               pinbox render --guides --out FILE.png [...]     bounds, centres, sizes, the curve
               pinbox render --animate FILE.gif --keys "1@0 2@0.15 3@0.3" [--fps N] [...]

          --out, -o FILE.png           where to write the picture
          --text TEXT                  what was typed so far (dots unless the field is plain)
          --at SECONDS                 freeze the animation this long after the last character
                                       arrived (--at 0.1 shows it half grown; default: at rest),
                                       or after the refusal or submit of --state
          --focused                    the field has the focus: the next cell is highlighted
                                       (boxes, grid; a strip's focus is the window's ring)
          --state normal|error|success the look after a refused key or an early Return (error:
                                       the borders turn red, the field shakes for 0.3 s) or
                                       after a submit (success: a check mark as the dots fade);
                                       drawn at 0.3 s unless --at says otherwise

        Captures (the same drawing as the window; the same inputs give the same bytes):
          --frames N                   N frames (2…100) evenly from the start of the motion of
                                       the last character of --text (or of the look of --state)
                                       to its end, stacked and labelled with their times
          --states                     one sheet: empty, partly filled, full, focused, refused
                                       (shaking), error, success
          --guides                     cell and frame bounds, cell and dot centres, baselines,
                                       sizes in points, and a plot of the --easing curve
          --animate FILE.gif           an animated GIF of --keys typed into the field (focused),
                                       one frame per display frame until all is still, then
                                       held 1 s; identical frames are merged
          --keys SCRIPT                \(TypingScript.help.split(separator: "\n").joined(separator: "\n" + String(repeating: " ", count: 39)))
          --fps N                      the display rate, 1…240 (default 60): the GIF's frame
                                       rate and the seed curve's tick. GIF delays are whole
                                       centiseconds: frame k starts at round(100 × k / N) cs,
                                       so 60 fps gives 2, 1, 2, 2, 1, 2… and never drifts;
                                       browsers show delays under 2 cs as 10 cs, so use
                                       --fps 50 or less for a web page
          --screenshot-scale S         draw S times larger (0.5…8; a 2× image of a 1× field)
          --transparent                a clear background instead of the page's (PNG only)
        """ + "\n\n" + FieldOptions.help

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        var output: String?
        var picture = Picture.still
        func choose(_ p: Picture, _ option: String) throws(UsageError) {
            guard picture == .still else { throw UsageError("\(option): give one of --frames, --states, --guides and --animate") }
            picture = p
        }
        while let option = try reader.nextOption() {
            if try field.consume(option, from: &reader) { continue }
            switch option {
            case "--text": text = try reader.value(for: option)
            case "--out", "-o": output = try reader.value(for: option)
            case "--at": at = try reader.number(for: option, in: 0...3600)
            case "--focused": try reader.flag(option); focused = true
            case "--state": state = try reader.choice(for: option, of: Snapshot.State.self)
            case "--frames": try choose(.frames(try reader.integer(for: option, in: 2...100)), option)
            case "--states": try reader.flag(option); try choose(.states, option)
            case "--guides": try reader.flag(option); try choose(.guides, option)
            case "--animate": try choose(.animate(try reader.value(for: option)), option)
            case "--keys":
                let script = try reader.value(for: option)
                do {
                    keys = try TypingScript(parsing: script)
                } catch {
                    throw field.names.usageError(error)
                }
            case "--fps": fps = try reader.number(for: option, in: 1...240)
            case "--screenshot-scale": screenshotScale = try reader.number(for: option, in: FieldConfiguration.scaleRange)
            case "--transparent": try reader.flag(option); transparent = true
            default: throw UsageError("unknown option \(Excerpt.quoted(option)) for render (see pinbox render --help)")
            }
        }
        self.picture = picture
        if case .animate(let path) = picture {
            guard keys != nil else { throw UsageError("--animate needs --keys, e.g. --keys \"1@0 2@0.15 3@0.3\"") }
            guard output == nil else { throw UsageError("--animate names its own output: leave out --out") }
            guard !transparent else { throw UsageError("--transparent is for PNG pictures, not --animate") }
            self.output = path
        } else {
            guard keys == nil else { throw UsageError("--keys goes with --animate") }
            guard let output else { throw UsageError("render needs --out FILE.png") }
            self.output = output
        }
    }

    func run() throws(UsageError) {
        var configuration = try field.configuration()
        configuration.tickInterval = 1 / fps
        configuration.scale *= screenshotScale
        guard configuration.scale <= FieldConfiguration.scaleRange.upperBound else {
            throw UsageError("--scale × --screenshot-scale must be at most 8, not \(configuration.scale)")
        }
        if transparent {
            // The page behind the field goes; a strip's cells keep their own backgrounds.
            configuration.theme.background = configuration.theme.background.withAlpha(0)
        }
        let digits = Array(text.utf8)
        do {
            let canvas: Canvas
            switch picture {
            case .still:
                let scene = try Snapshot.scene(configuration, digits: digits, at: at, focused: focused, state: state)
                canvas = try Canvas(width: Int(scene.layout.bounds.width), height: Int(scene.layout.bounds.height),
                                    transparent: transparent)
                FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: canvas)
            case .frames(let n):
                canvas = try FilmStrip.render(configuration, digits: digits, frames: n, focused: focused, state: state,
                                              transparent: transparent)
            case .states:
                canvas = try StateSheet.render(configuration, transparent: transparent)
            case .guides:
                let scene = try Snapshot.scene(configuration, digits: digits, at: at, focused: focused, state: state)
                canvas = try GuidesPainter.render(scene, configuration: configuration, transparent: transparent)
            case .animate(let path):
                try AnimationCapture.record(configuration, script: keys!, fps: fps, to: path)
                return
            }
            try canvas.writePNG(to: output)
        } catch {
            // `--text` that the field refuses, or a drawing or file error.
            throw field.names.usageError(error)
        }
    }
}
