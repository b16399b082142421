// SPDX-License-Identifier: MIT
/// Keys at given times, for captures of a motion without a person at the keyboard:
/// `"1@0 2@0.15 3@0.3 BackSpace@0.6 Return@1.2"`.
public struct TypingScript: Equatable, Sendable {
    /// One key of the script.
    public enum Key: Equatable, Sendable {
        /// A printable ASCII character; the field takes it or refuses it as a person's key.
        case character(UInt8)
        case deleteBackward
        /// Escape: clears the field.
        case clear
        /// Return: submits a full field (the success look), refuses an incomplete one.
        case submit
    }

    /// A key and when it is pressed, in seconds from the start of the capture.
    public struct Stroke: Equatable, Sendable {
        public var key: Key
        public var time: Double
    }

    /// In the order they are pressed.
    public let strokes: [Stroke]

    public static let help = """
        KEY@SECONDS separated by spaces: a character, or BackSpace, Escape, Return; e.g.
        "1@0 2@0.15 3@0.3 BackSpace@0.6 Return@1.2"
        """

    public init(_ strokes: [Stroke]) {
        self.strokes = strokes.sorted { $0.time < $1.time }
    }

    public init(parsing text: String) throws(ConfigurationError) {
        var strokes: [Stroke] = []
        for word in text.split(separator: " ") {
            guard let at = word.lastIndex(of: "@"), at != word.startIndex,
                  let time = Double(word[word.index(after: at)...]), time.isFinite, (0...3600).contains(time)
            else { throw ConfigurationError("keys", "expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not") }
            let name = word[..<at]
            let key: Key
            switch name {
            case "BackSpace", "Delete": key = .deleteBackward
            case "Escape": key = .clear
            case "Return", "Enter": key = .submit
            default:
                // A single printable character; never echoed back, it may be part of a PIN.
                guard name.utf8.count == 1, let byte = name.utf8.first, (0x21...0x7e).contains(byte) else {
                    throw ConfigurationError("keys", "expects each key to be one printable character, BackSpace, Escape or Return")
                }
                key = .character(byte)
            }
            strokes.append(Stroke(key: key, time: time))
        }
        guard !strokes.isEmpty else { throw ConfigurationError("keys", "needs at least one KEY@SECONDS") }
        self.init(strokes)
    }

    /// When the last key is pressed.
    public var end: Double { strokes.last?.time ?? 0 }
}

/// A field played by a `TypingScript`: each key reaches the field at its time and starts its
/// motion then, the way `pinbox render --at` counts time (a key at t shows its first change
/// one frame later). Refused keys show the error look, a submit the success look.
public struct ScriptedField {
    public let field: PinField
    public private(set) var animator: Animator
    public let script: TypingScript
    /// How many strokes have been played.
    private var played = 0

    public init(_ configuration: FieldConfiguration, script: TypingScript) {
        (field, animator) = configuration.makeField()
        self.script = script
    }

    /// Plays every key pressed at or before `now`. Times must not go backwards.
    public mutating func advance(to now: Double) {
        while played < script.strokes.count, script.strokes[played].time <= now + 1e-9 {
            let stroke = script.strokes[played]
            played += 1
            let t = stroke.time
            switch stroke.key {
            case .character(let byte): apply(field.type(byte), at: t)
            case .deleteBackward: apply(field.deleteBackward(), at: t)
            case .clear: apply(field.clear(), at: t)
            case .submit:
                if field.isFull {
                    field.handOff { _ in }
                    animator.succeed(at: t)
                    animator.setLength(0, at: t)
                } else {
                    animator.cue(at: t)
                }
            }
        }
    }

    private mutating func apply(_ events: [FieldEvent], at t: Double) {
        for event in events {
            switch event {
            case .changed(let length): animator.setLength(length, at: t)
            case .rejected: animator.cue(at: t)
            case .completed: break
            }
        }
    }

    /// When everything `script` starts on a field of `configuration` has come to rest: the
    /// end of a capture. (Played on a field of its own: the field is a shared object.)
    public static func restTime(of script: TypingScript, on configuration: FieldConfiguration) -> Double {
        var probe = ScriptedField(configuration, script: script)
        probe.advance(to: script.end)
        defer { probe.field.secret.wipe() }
        return probe.animator.restTime(after: script.end) ?? script.end
    }
}
