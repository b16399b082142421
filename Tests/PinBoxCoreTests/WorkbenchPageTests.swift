// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: (style.size * 1.3).rounded(.up))
}

/// The demo page with one strip of 6, its workbench on as the options ask.
private func bench(slow: Double? = nil, paused: Bool = false, guides: Bool = false,
                   theme: Theme = .strip) throws -> Page {
    let page = Page(workbench: [PageField(name: "strip", label: "", configuration: try FieldConfiguration(theme: theme))],
                    content: PageContent(title: "t"), rules: PageRules(), scale: 1, measure: measure)
    #expect(page.enableWorkbench(slowFactor: slow, paused: paused, guides: guides))
    return page
}

private func presence(_ page: Page, at wall: Double) -> Double {
    page.scene(at: wall).fields[0].cells[0].presence
}

private let frame = 1.0 / 60

@Suite("Workbench in the page: slow motion, pause, steps, overlays, themes, recording")
struct WorkbenchPageTests {
    @Test func promptsAndDialogsHaveNoWorkbench() throws {
        let prompt = Page(workbench: [PageField(name: "strip", label: "", configuration: try FieldConfiguration())],
                          content: PageContent(), rules: PageRules(purpose: .prompt), scale: 1, measure: measure)
        #expect(!prompt.enableWorkbench(slowFactor: 10))
        var spec = DialogSpec(kind: .entry(.fixedPIN(length: 6)))
        spec.title = "t"
        let dialog = try spec.makePage(measure: measure)
        #expect(!dialog.enableWorkbench(paused: true))
        for page in [prompt, dialog] {
            for action in WorkbenchAction.allCases {
                #expect(page.handle(.workbench(action), now: 0) == [], "\(action) on a prompt or dialog")
            }
            #expect(page.workbench == nil && page.workbenchOverlay == nil)
            #expect(page.animationTime(12.5) == 12.5, "its animations run on the wall clock")
        }
    }

    @Test func untouchedTheWorkbenchClockIsTheWallClock() throws {
        let page = try bench()
        _ = page.handle(.character("1"), now: 5)
        #expect(page.animationTime(5.1) == 5.1)
        #expect(page.nextDeadline(after: 5) == 5 + frame)
        // The fade ends 0.2 s after the frame before the key: nothing moves after that.
        #expect(page.nextDeadline(after: 5.2 - frame + 1e-6) == nil)
    }

    @Test func slowMotionStretchesTheFadeTenTimesAtTheSameFrameRate() throws {
        let page = try bench()
        #expect(page.handle(.workbench(.slowMotion), now: 0) == [.workbench(.redraw)])
        _ = page.handle(.character("1"), now: 0)
        // Frames still come at the display's rate…
        #expect(abs(page.nextDeadline(after: 0)! - frame) < 1e-12)
        // …and the fade, 0.2 s of animation from one frame before the key, takes 2 s of wall time.
        #expect(abs(page.nextDeadline(after: 1.97)! - (2 - frame)) < 1e-9)
        #expect(page.nextDeadline(after: 2 - frame + 1e-6) == nil)
        // Half-way in wall time is half-way in the fade: presence ½ at 0.1 − 1/60 × ½… i.e.
        // the slowed page at wall 10 t shows what a real-speed page shows at t.
        let real = try bench()
        _ = real.handle(.character("1"), now: 0)
        #expect(abs(presence(page, at: 0.9) - presence(real, at: 0.09 - frame + frame / 10)) < 1e-9)
        // F2 again: real speed from here on, with no jump.
        let before = presence(page, at: 1)
        _ = page.handle(.workbench(.slowMotion), now: 1)
        #expect(abs(presence(page, at: 1) - before) < 1e-12)
        #expect(page.nextDeadline(after: 1 + 0.1) == nil, "the rest of the fade at real speed")
    }

    @Test func slowOptionStartsSlowedByItsFactor() throws {
        let page = try bench(slow: 4)
        #expect(page.workbench?.timeline.factor == 4)
        _ = page.handle(.character("1"), now: 0)
        #expect(page.nextDeadline(after: 4 * (0.2 - frame / 4) - 0.01) != nil)
        #expect(page.nextDeadline(after: 4 * (0.2 - frame / 4) + 1e-6) == nil)
    }

    @Test func pausedNothingMovesAndTheLoopSleeps() throws {
        let page = try bench(paused: true)
        _ = page.handle(.character("1"), now: 3)
        #expect(page.nextDeadline(after: 3) == nil, "no frame is due: the host sleeps until a key")
        #expect(page.scene(at: 3) == page.scene(at: 300))
        // F3 resumes from the frame it shows.
        #expect(page.handle(.workbench(.pause), now: 10) == [.workbench(.redraw)])
        #expect(abs(page.nextDeadline(after: 10)! - (10 + frame)) < 1e-9)
    }

    @Test func stepKShowsFrameKOfTheAnimationExactly() throws {
        let page = try bench(paused: true)
        let real = try bench()
        _ = page.handle(.character("1"), now: 7)
        _ = real.handle(.character("1"), now: 0)
        // Frame 0 (drawn with the key) already shows the first step, as at real speed.
        #expect(page.scene(at: 7) == real.scene(at: 0))
        for k in 1...14 {
            #expect(page.handle(.workbench(.stepForward), now: 7 + Double(k)) == [.workbench(.redraw)])
            #expect(page.scene(at: 8 + Double(k)) == real.scene(at: Double(k) * frame), "frame \(k)")
        }
        #expect(presence(page, at: 20) == 1, "past frame 11 the 0.2 s fade is over")
        for k in 0..<5 { _ = page.handle(.workbench(.stepBackward), now: 30 + Double(k)) }
        #expect(page.scene(at: 35) == real.scene(at: 9 * frame))
        #expect(presence(page, at: 40) < 1, "frame 9, back again, is not yet full")
    }

    @Test func stepsDoNothingWhileItRuns() throws {
        let page = try bench()
        _ = page.handle(.character("1"), now: 0)
        let scene = page.scene(at: 0.05)
        _ = page.handle(.workbench(.stepForward), now: 0.05)
        #expect(page.scene(at: 0.05) == scene)
    }

    @Test func guidesAndHelpAreOverlaysWithAFrameReadout() throws {
        let page = try bench()
        #expect(page.workbenchOverlay == nil)
        #expect(page.handle(.workbench(.guides), now: 0) == [.workbench(.redraw)])
        #expect(page.workbenchOverlay == WorkbenchOverlay(guides: true, help: false,
                                                           readout: "frames: idle · 0 dropped in all", status: nil))
        _ = page.handle(.workbench(.slowMotion), now: 0)
        _ = page.handle(.workbench(.pause), now: 0)
        #expect(page.workbenchOverlay?.status == "slow ×10 · paused")
        #expect(page.handle(.workbench(.help), now: 0) == [.workbench(.redraw)])
        #expect(page.workbenchOverlay?.help == true)
        _ = page.handle(.workbench(.guides), now: 0)
        #expect(page.workbenchOverlay == WorkbenchOverlay(guides: false, help: true, readout: nil,
                                                           status: "slow ×10 · paused"), "said without the guides too")
        _ = page.handle(.workbench(.help), now: 0)
        #expect(page.workbenchOverlay == WorkbenchOverlay(guides: false, help: false, readout: nil,
                                                           status: "slow ×10 · paused"), "--slow has its indicator alone")
        #expect(try bench(slow: 10).workbenchOverlay?.status == "slow ×10")
        #expect(try bench(guides: true).workbenchOverlay?.guides == true, "--guides")
    }

    @Test func theReadoutTimesThePresentedFrames() throws {
        let page = try bench(guides: true)
        _ = page.handle(.character("1"), now: 0)
        #expect(page.framePresented(at: 0) == FrameReport(time: 0, interval: nil, dropped: 0, animating: false))
        #expect(page.framePresented(at: frame) == FrameReport(time: frame, interval: frame, dropped: 0, animating: true))
        #expect(page.workbenchOverlay?.readout == "frame 16.7 ms · 0 dropped · 0 in all")
        // Two display frames went by without one.
        let late = page.framePresented(at: 4 * frame)
        #expect(late?.dropped == 2 && late?.animating == true)
        #expect(page.workbenchOverlay?.readout == "frame 50.0 ms · 2 dropped · 2 in all")
    }

    @Test func f7GivesTheFocusedFieldTheNextThemeKeepingWhatItHolds() throws {
        let page = try bench()
        _ = page.handle(.character("4"), now: 0)
        _ = page.handle(.character("2"), now: 0)
        #expect(page.handle(.workbench(.cycleTheme), now: 1) == [
            .report(.theme(field: "strip", name: "paypass")), .workbench(.redraw)])
        let field = page.fields[0]
        #expect(field.configuration.theme.name == "paypass" && field.field.length == 2)
        #expect(field.configuration.theme.secure, "still dots")
        #expect(field.layout == field.configuration.layout())
        #expect(page.scene(at: 1).fields[0].cells.prefix(3).map { $0.presence } == [1, 1, 0])
        // Round the list, back to the strip; a plain theme on a dotted field keeps the dots.
        var names: [String] = []
        for _ in 0..<4 {
            if case .report(.theme(_, let name)) = page.handle(.workbench(.cycleTheme), now: 2).first { names.append(name) }
        }
        #expect(names == ["boxes", "grid", "tfgrid", "strip"])
        #expect(page.fields[0].configuration.theme.secure && page.fields[0].field.length == 2)
    }

    @Test func f7RenamesTheFieldAfterItsNewLookAndThePageGrowsForIt() throws {
        let fields = [PageField(name: "strip", label: "Alipay style", configuration: try FieldConfiguration(theme: .strip)),
                      PageField(name: "grid", label: "Code grid, digits shown",
                                configuration: try FieldConfiguration(theme: .grid))]
        let page = Page(workbench: fields, content: PageContent(title: "t"), rules: PageRules(), scale: 1, measure: measure)
        _ = page.enableWorkbench(themeLabels: [Workbench.labelKey("paypass", secure: true): "WeChat Pay style",
                                               Workbench.labelKey("grid", secure: true): "Code grid"])
        let before = page.preferredSize
        _ = page.handle(.workbench(.cycleTheme), now: 1)
        #expect(page.fields[0].label == "WeChat Pay style")
        _ = page.handle(.workbench(.cycleTheme), now: 1)
        #expect(page.fields[0].label == "WeChat Pay style", "boxes has no label here: the field keeps its own")
        _ = page.handle(.workbench(.cycleTheme), now: 1)
        #expect(page.fields[0].label == "Code grid", "a dotted grid")
        #expect(page.preferredSize.height > before.height, "a grid is taller than the strip: the window follows")
    }

    @Test func aThemeWhoseGridTheCountDoesNotFillKeepsTheRowAsItWas() throws {
        let field = PageField(name: "s", label: "", configuration: try FieldConfiguration(theme: .strip, count: 5))
        let grid = field.rethemed(.grid)
        #expect(grid.configuration.capacity == 5 && grid.layout.cells.count == 5)
        #expect((grid.configuration.rows, grid.configuration.columns) == (1, 5))
        #expect(grid.configuration.theme.secure, "a plain theme on a dotted field keeps the dots")
        let eight = PageField(name: "s", label: "", configuration: try FieldConfiguration(theme: .strip, count: 8))
        #expect((eight.rethemed(.grid).configuration.rows, eight.rethemed(.grid).configuration.columns) == (2, 4),
                "the grid's own two rows when the count fills them")
    }

    @Test func f8StartsAndStopsARecording() throws {
        let page = try bench()
        #expect(page.handle(.workbench(.record), now: 0) == [.workbench(.startRecording)])
        #expect(page.workbenchOverlay == nil)
        #expect(page.handle(.workbench(.record), now: 1) == [.workbench(.stopRecording)])
        #expect(page.handle(.workbench(.record), now: 2) == [.workbench(.startRecording)])
        page.recordingEnded()
        #expect(page.handle(.workbench(.record), now: 3) == [.workbench(.startRecording)], "after a failure, F8 starts anew")
        let recording = Page(workbench: [PageField(name: "s", label: "", configuration: try FieldConfiguration())],
                             content: PageContent(), rules: PageRules(), scale: 1, measure: measure)
        recording.enableWorkbench(recording: true)
        #expect(recording.handle(.workbench(.record), now: 0) == [.workbench(.stopRecording)], "--record, then F8 stops")
    }

    @Test func workbenchKeysNeverTypeOrRefuse() throws {
        let page = try bench()
        for action in WorkbenchAction.allCases where action != .cycleTheme {
            for effect in page.handle(.workbench(action), now: 0) {
                if case .report = effect { Issue.record("\(action) reported \(effect)") }
            }
        }
        #expect(page.fields[0].field.length == 0 && page.feedback == nil)
    }
}

@Suite("Frame timing")
struct FrameTimingTests {
    @Test func intervalsAndDroppedFrames() {
        var t = FrameTiming(frameInterval: frame)
        #expect(t.readout == "frames: idle · 0 dropped in all")
        #expect(t.presented(at: 10, next: 10 + frame).dropped == 0)
        // A frame a little late (the poll's millisecond) drops nothing.
        #expect(t.presented(at: 10 + 0.017, next: 10 + 0.017 + frame).dropped == 0)
        let r = t.presented(at: 10 + 0.017 + 3 * frame, next: nil)
        #expect(r.dropped == 2 && r.animating && abs(r.interval! - 3 * frame) < 1e-12 && abs(r.time - (0.017 + 3 * frame)) < 1e-12)
        // Nothing asked for the next frame: however long it takes, nothing was dropped.
        #expect(t.presented(at: 20, next: nil) == FrameReport(time: 10, interval: 20 - (10.017 + 3 * frame),
                                                               dropped: 0, animating: false))
        #expect(t.totalDropped == 2 && t.readout == "frames: idle · 2 dropped in all")
        // A timeout a second away is not a frame due.
        #expect(t.presented(at: 21, next: 22).animating == false)
        #expect(t.presented(at: 30, next: nil).dropped == 0)
    }

    @Test func decimalsWithoutFoundation() {
        #expect(Workbench.decimal(16.6667, places: 1) == "16.7")
        #expect(Workbench.decimal(0.05, places: 6) == "0.050000")
        #expect(Workbench.decimal(-1.25, places: 2) == "-1.25")
        #expect(Workbench.decimal(-0.0001, places: 2) == "0.00")
        #expect(Workbench.decimal(10, places: 0) == "10")
        #expect(Workbench.decimal(.nan, places: 3) == "0")
    }
}
