// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Timeline: slow motion, pause and step")
struct TimelineTests {
    @Test func untouchedItIsTheWallClock() {
        let t = Timeline()
        for wall in [0.0, 0.1, 12.345, 86400.7] { #expect(t.time(at: wall) == wall) }
        #expect(t.wallTime(for: 3.25) == 3.25)
        #expect(t.frameStep == 1.0 / 60)
    }

    @Test func slowMotionRunsTenTimesSlowerFromTheMomentItIsOn() {
        var t = Timeline()
        t.toggleSlow(at: 1)
        #expect(t.isSlowed && t.factor == 10)
        #expect(abs(t.time(at: 2) - 1.1) < 1e-12)
        #expect(abs(t.wallTime(for: 1.1)! - 2) < 1e-12)
        #expect(abs(t.frameStep - 1.0 / 600) < 1e-15)
        // Back to real speed: no jump, time goes on from 1.1.
        t.toggleSlow(at: 2)
        #expect(abs(t.time(at: 2.5) - 1.6) < 1e-12)
        #expect(Timeline(slowFactor: 4, slowed: true).time(at: 2) == 0.5)
    }

    @Test func pausedItStandsStillAndStepsOneFrameAtATime() {
        var t = Timeline(frameInterval: 1.0 / 60)
        let stepped = t.step(by: 1)
        #expect(!stepped, "no stepping while it runs")
        t.pause(at: 1.5)
        #expect(t.time(at: 99) == 1.5)
        #expect(t.wallTime(for: 2) == nil, "a paused animation never reaches a later time")
        t.step(by: 3)
        #expect(t.time(at: 99) == 1.5 + 3.0 / 60)
        t.step(by: -1)
        #expect(t.time(at: 99) == 1.5 + 2.0 / 60)
        t.resume(at: 200)
        #expect(t.time(at: 200) == 1.5 + 2.0 / 60)
        #expect(abs(t.time(at: 200.25) - (1.5 + 2.0 / 60 + 0.25)) < 1e-12)
    }

    @Test func frameKAfterAPauseIsExactlyKFrames() {
        var t = Timeline(paused: true)
        for k in 0...12 {
            #expect(t.time(at: 5) == Double(k) / 60, "frame \(k)")
            t.step(by: 1)
        }
    }

    /// Runs a key's fade the way the event loop does: the animator's deadlines are animation
    /// time, mapped to wall time by the timeline; one frame per display interval.
    private func trace(_ timeline: Timeline) -> (frames: Int, end: Double) {
        var a = Animator(count: 6)
        a.setLength(1, at: timeline.time(at: 0))
        var wall = 0.0, frames = 0
        while let deadline = a.nextDeadline(after: timeline.time(at: wall), frameInterval: timeline.frameStep) {
            wall = timeline.wallTime(for: deadline)!
            frames += 1
        }
        return (frames, wall)
    }

    @Test func slowMotionStretchesAKeysAnimationByTheFactor() {
        let real = trace(Timeline())
        #expect(real.frames == 12 && abs(real.end - 0.2) < 1e-9)
        let slow = trace(Timeline(slowed: true))
        #expect(slow.frames == 120, "every display frame is drawn: \(slow.frames)")
        #expect(abs(slow.end - 2.0) < 1e-9, "the 0.2-s fade lasts 2 s: \(slow.end)")
        let x3 = trace(Timeline(slowFactor: 3, slowed: true))
        #expect(x3.frames == 36 && abs(x3.end - 0.6) < 1e-9)
    }

    @Test func theKeyTableNamesEveryActionOnce() {
        #expect(Workbench.keys.count == WorkbenchAction.allCases.count)
        for action in WorkbenchAction.allCases { #expect(Workbench.key(for: action) != nil, "\(action)") }
        #expect(Workbench.key(for: .help)?.keys == "F1")
        #expect(Workbench.help.contains("\n  F2         slow motion on or off (×10)     "))
        #expect(Workbench.help.hasSuffix("F8         start or stop recording an animated GIF         --record FILE.gif"))
        #expect(Workbench.lines.count == 8)
    }
}

@Suite("Workbench state")
struct WorkbenchStateTests {
    @Test func keysDriveTheClockAndTheOverlays() {
        var w = WorkbenchState(frameInterval: 1.0 / 60)
        #expect(w.timeline.time(at: 2) == 2 && !w.showsGuides && !w.showsHelp)
        #expect(w.handle(.slowMotion, at: 1) == .redraw)
        #expect(abs(w.timeline.time(at: 2) - 1.1) < 1e-12)
        #expect(w.handle(.pause, at: 2) == .redraw)
        _ = w.handle(.stepForward, at: 3)
        _ = w.handle(.stepForward, at: 3)
        _ = w.handle(.stepBackward, at: 3)
        #expect(abs(w.timeline.time(at: 9) - (1.1 + 1.0 / 60)) < 1e-12)
        _ = w.handle(.guides, at: 3)
        _ = w.handle(.help, at: 3)
        #expect(w.showsGuides && w.showsHelp)
        #expect(w.handle(.cycleTheme, at: 3) == .cycleTheme)
        #expect(w.handle(.record, at: 3) == .startRecording && w.isRecording)
        #expect(w.handle(.record, at: 4) == .stopRecording && !w.isRecording)
    }

    @Test func optionsSetTheStart() {
        let w = WorkbenchState(frameInterval: 1.0 / 60, slowFactor: 4, paused: true, guides: true)
        #expect(w.timeline.isPaused && w.timeline.factor == 4 && w.showsGuides)
        #expect(w.timeline.time(at: 100) == 0)
    }

    @Test func themesCycleRoundTheBuiltInList() {
        #expect(Workbench.theme(after: "strip").name == "paypass")
        #expect(Workbench.theme(after: "tfgrid").name == "strip")
        #expect(Theme.builtIn.map { Workbench.theme(after: $0.name).name } == ["paypass", "boxes", "grid", "tfgrid", "strip"])
    }
}
