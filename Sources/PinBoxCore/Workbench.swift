// SPDX-License-Identifier: MIT
/// A tester's or writer's command in the window: the workbench keys. None of them types
/// into a field, so a PIN field keeps every digit and letter.
public enum WorkbenchAction: String, CaseIterable, Sendable {
    /// Show or hide the overlay that lists these keys.
    case help
    /// Slow every animation down by the slow-motion factor (×10 unless `--slow` says), or back.
    case slowMotion = "slow-motion"
    /// Freeze the animations, or let them run on.
    case pause
    /// While paused: one display frame back, or forwards.
    case stepBackward = "step-back"
    case stepForward = "step-forward"
    /// Show or hide the guides: cell bounds, centres, baselines, sizes in points, the curve.
    case guides
    /// Give the focused field the next theme, keeping what it holds.
    case cycleTheme = "cycle-theme"
    /// Start or stop recording the window into an animated GIF.
    case record
}

/// The workbench keys in one table, so `--help` and the window's help overlay print the same
/// list and cannot drift apart.
public enum Workbench {
    /// One key of the table.
    public struct Key: Sendable {
        /// The keys as a person reads them, e.g. "F3, Pause".
        public let keys: String
        public let action: WorkbenchAction
        /// What it does, one short line.
        public let effect: String
        /// The command-line option that does the same from the start, if any.
        public let option: String?
    }

    /// Function keys: a PIN field needs none of them, and they mean the same on every layout.
    public static let keys: [Key] = [
        Key(keys: "F1", action: .help, effect: localizedLater("show or hide this list of keys"), option: nil),
        Key(keys: "F2", action: .slowMotion, effect: localizedLater("slow motion on or off (×10)"), option: "--slow FACTOR"),
        Key(keys: "F3, Pause", action: .pause, effect: localizedLater("pause or resume the animation"), option: "--paused"),
        Key(keys: "F4", action: .stepBackward, effect: localizedLater("while paused: one frame back"), option: nil),
        Key(keys: "F5", action: .stepForward, effect: localizedLater("while paused: one frame forwards"), option: nil),
        Key(keys: "F6", action: .guides, effect: localizedLater("guides: cell bounds, centres, baselines, sizes"), option: "--guides"),
        Key(keys: "F7", action: .cycleTheme, effect: localizedLater("next theme for the focused field"), option: "--style NAME"),
        Key(keys: "F8", action: .record, effect: localizedLater("start or stop recording an animated GIF"), option: "--record FILE.gif"),
    ]

    /// The table as text lines: keys, effect and option in columns.
    public static var lines: [String] {
        let keyWidth = keys.map { $0.keys.count }.max() ?? 0
        let effectWidth = keys.map { $0.effect.count }.max() ?? 0
        return keys.map { key in
            var line = key.keys + String(repeating: " ", count: keyWidth - key.keys.count + 2) + key.effect
            if let option = key.option {
                line += String(repeating: " ", count: effectWidth - key.effect.count + 2) + option
            }
            return line
        }
    }

    /// The section `pinbox --help` prints.
    public static var help: String {
        "Workbench keys (in the window):\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }

    /// How `themeLabels` names a theme: a grid that shows its digits is another label.
    public static func labelKey(_ theme: String, secure: Bool) -> String { secure ? theme : theme + " plain" }

    /// The key for `action`.
    public static func key(for action: WorkbenchAction) -> Key? {
        keys.first { $0.action == action }
    }
}

/// What a workbench key asks of the page beyond its own state.
public enum WorkbenchEffect: Equatable, Sendable {
    /// Only the picture changes (guides, help, a step, a pause): draw again.
    case redraw
    /// Give the focused field `Workbench.theme(after:)`, keeping its characters.
    case cycleTheme
    /// Start feeding the presented frames to a `Recorder`, or finish it.
    case startRecording
    case stopRecording
}

/// The workbench's state in a window: the animation clock and what is shown. The page feeds
/// its animators `timeline.time(at: now)` and asks them for frames every `timeline.frameStep`;
/// the event loop sleeps until `timeline.wallTime(for:)` of their deadline (nil: paused).
public struct WorkbenchState: Equatable, Sendable {
    public var timeline: Timeline
    public var showsGuides: Bool
    public var showsHelp = false
    public private(set) var isRecording = false
    /// The presented frames' timing: the readout shown with the guides, and `--trace-frames`.
    public var frames: FrameTiming
    /// The label a field takes with each theme F7 gives it (`Workbench.labelKey`): "Separate
    /// boxes" once the strip is boxes. A theme with none keeps the field's label.
    public var themeLabels: [String: String] = [:]

    /// `--slow FACTOR` (slowed from the start), `--paused`, `--guides`, `--record FILE` (recording
    /// from the first frame).
    public init(frameInterval: Double, slowFactor: Double? = nil, paused: Bool = false, guides: Bool = false,
                recording: Bool = false) {
        timeline = Timeline(frameInterval: frameInterval, slowFactor: slowFactor ?? Timeline.defaultSlowFactor,
                            slowed: slowFactor != nil, paused: paused)
        showsGuides = guides
        isRecording = recording
        frames = FrameTiming(frameInterval: frameInterval)
    }

    /// The recording ended without F8 (the file could not be written, the window changed size):
    /// the next F8 starts a new one.
    public mutating func recordingEnded() {
        isRecording = false
    }

    /// Applies a workbench key pressed at wall time `wall`.
    public mutating func handle(_ action: WorkbenchAction, at wall: Double) -> WorkbenchEffect {
        switch action {
        case .help: showsHelp.toggle()
        case .slowMotion: timeline.toggleSlow(at: wall)
        case .pause: timeline.togglePause(at: wall)
        case .stepBackward: timeline.step(by: -1)
        case .stepForward: timeline.step(by: 1)
        case .guides: showsGuides.toggle()
        case .cycleTheme: return .cycleTheme
        case .record:
            isRecording.toggle()
            return isRecording ? .startRecording : .stopRecording
        }
        return .redraw
    }
}

extension Workbench {
    /// The built-in theme after `name`, round the list: what F7 gives the focused field.
    public static func theme(after name: String) -> Theme {
        let all = Theme.builtIn
        let i = all.firstIndex { $0.name == name } ?? -1
        return all[(i + 1) % all.count]
    }
}
