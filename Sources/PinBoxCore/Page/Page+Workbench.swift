// SPDX-License-Identifier: MIT
/// The workbench keys on the demo page: slow motion, pause and steps act on the animation's
/// own clock (`Timeline`), which every animator of the page is asked about; guides, the help
/// card and the frame readout are overlays the host draws; F7 gives the focused field the next
/// theme; F8 asks the host to record. A prompt or a dialog has no workbench: there the keys
/// do nothing at all, and its animations run on the wall clock.
extension Page {
    /// Turns the workbench on (`--slow`, `--paused`, `--guides`, `--record`); false, and
    /// nothing changes, on a prompt or a dialog.
    @discardableResult
    public func enableWorkbench(slowFactor: Double? = nil, paused: Bool = false, guides: Bool = false,
                                recording: Bool = false, themeLabels: [String: String] = [:]) -> Bool {
        guard rules.purpose == .workbench, !isDialog else { return false }
        workbench = WorkbenchState(frameInterval: frameInterval, slowFactor: slowFactor, paused: paused,
                                   guides: guides, recording: recording)
        workbench?.themeLabels = themeLabels
        return true
    }

    /// The animation time at wall time `now`: the wall clock itself without a workbench.
    public func animationTime(_ now: Double) -> Double {
        workbench?.timeline.time(at: now) ?? now
    }

    /// The animation time between two display frames: a slowed animation gets every frame.
    var animationFrameStep: Double {
        workbench?.timeline.frameStep ?? frameInterval
    }

    /// When the fields' next frames are due, in wall time; none while the animation is paused
    /// (the host sleeps until a key).
    func animationDeadlines(after now: Double) -> [Double] {
        guard let timeline = workbench?.timeline else {
            return fields.compactMap { $0.animator.nextDeadline(after: now, frameInterval: frameInterval) }
        }
        let t = timeline.time(at: now)
        return fields.compactMap { field in
            field.animator.nextDeadline(after: t, frameInterval: timeline.frameStep).flatMap { timeline.wallTime(for: $0) }
        }
    }

    /// A workbench key at wall time `now`.
    func handleWorkbench(_ action: WorkbenchAction, now: Double) -> [PageEffect] {
        guard var state = workbench else { return [] }
        let effect = state.handle(action, at: now)
        workbench = state
        switch effect {
        case .redraw, .startRecording, .stopRecording:
            return [.workbench(effect)]
        case .cycleTheme:
            guard focus < fields.count else { return [] }
            let next = Workbench.theme(after: fields[focus].configuration.theme.name)
            let key = Workbench.labelKey(next.name, secure: fields[focus].configuration.theme.secure)
            fields[focus] = fields[focus].rethemed(next, label: workbench?.themeLabels[key])
            relayout()
            return [.report(.theme(field: fields[focus].name, name: next.name)), .workbench(.redraw)]
        }
    }

    /// The host presents a frame drawn at `now`: its timing, for the readout and the trace.
    /// Nil without a workbench.
    @discardableResult
    public func framePresented(at now: Double) -> FrameReport? {
        guard workbench != nil else { return nil }
        let next = animationDeadlines(after: now).min()
        return workbench!.frames.presented(at: now, next: next)
    }

    /// The recording stopped on its own (it could not go on): F8 starts a new one.
    public func recordingEnded() {
        workbench?.recordingEnded()
    }

    /// What the host draws over the page, from the workbench's state.
    public var workbenchOverlay: WorkbenchOverlay? {
        guard let state = workbench else { return nil }
        // Slow motion, pause and recording say so without the guides too: a slowed page that
        // looked like a normal one was taken for a slow program.
        // (Not while recording without the guides: the label would be in the recording.)
        let words = state.showsGuides || !state.isRecording ? status(of: state) : ""
        guard state.showsGuides || state.showsHelp || !words.isEmpty else { return nil }
        return WorkbenchOverlay(guides: state.showsGuides, help: state.showsHelp,
                                readout: state.showsGuides ? state.frames.readout : nil,
                                status: words.isEmpty ? nil : words)
    }

    /// The clock's state in words, beside the readout: "slow ×10 · paused · frame +3".
    private func status(of state: WorkbenchState) -> String {
        var parts: [String] = []
        if state.timeline.isSlowed { parts.append("slow ×" + Workbench.decimal(state.timeline.factor, places: 0)) }
        if state.timeline.isPaused { parts.append("paused") }
        if state.isRecording { parts.append("recording") }
        return parts.joined(separator: " · ")
    }
}

/// The workbench's layers over the page, as the host draws them.
public struct WorkbenchOverlay: Equatable, Sendable {
    /// Bounds, centres, baselines and sizes over every field.
    public var guides: Bool
    /// The card of workbench keys.
    public var help: Bool
    /// The frame-timing line in a corner (with the guides).
    public var readout: String?
    /// Slow motion, pause, recording, in words (with or without the guides).
    public var status: String?
}
