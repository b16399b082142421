// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
import PinBoxRender

private let white: UInt32 = 0xffffff

/// The workbench keys in the real window: they reach the page as commands, not as refused
/// keys, and do what `--help` says, checked by the frame trace, the pixels and files decoded by
/// a tool that is not PinBox. Serialized: frame intervals and the spans of slowed fades are
/// timings, which tests running beside them would stretch.
@Suite("Workbench keys, end to end", .serialized, .endToEnd)
struct WorkbenchKeyTests {
    @Test func functionKeysAreCommandsNotRefusedKeys() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "Pause", "1")
        try s.pinbox.waitFor("change", count: 1)
        #expect(s.pinbox.events("rejected").isEmpty, "\(s.pinbox.events("rejected"))")
        #expect(s.length("strip") == 1)
        // A function key that is not a workbench key is refused like any other key.
        try s.pinbox.keys("F9")
        try s.pinbox.waitFor("rejected", count: 1)
    }

    /// The `frame` events after the last `change`, once the fade it started is over: the dot
    /// in `cell` is black on the server, which only the fade's last frame draws, and a frame's
    /// event is written before the frame is copied to the window.
    private func framesOfTheFade(_ s: Session, cell: Int) throws -> [[String: Any]] {
        let centre = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)[cell]
        try s.x.waitForPixel(s.window, x: Int(centre.x), y: Int(centre.y), is: 0x000000,
                             "the last frame of the fade in cell \(cell)", timeout: 20)
        let events = s.pinbox.events
        let start = (events.lastIndex { $0["event"] as? String == "change" } ?? events.count) + 1
        return events[min(start, events.count)...].filter { $0["event"] as? String == "frame" }
    }

    @Test func slowMotionStretchesAKeysAnimationByTheFactor() throws {
        let s = try Session(["--style", "strip", "--slow", "10", "--trace-frames"])
        let hz = Double(s.pinbox.events("ready")[0]["hz"] as! Int)
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        // 0.2 s of fade, from one frame before the key, ×10: the frames span 2 s less a frame.
        let slow = try framesOfTheFade(s, cell: 0)
        let span = (slow.last!["t"] as! Double) - (slow.first!["t"] as! Double)
        #expect(abs(span - (2 - 1 / hz)) < 0.25, "slowed ×10 the fade lasted \(span) s")
        // Still at the display's rate: most of its ~\(2 * hz) frames are there.
        #expect(Double(slow.count) > hz, "\(slow.count) frames")
        let intervals = slow.dropFirst().map { $0["interval"] as! Double }.sorted()
        #expect(intervals[intervals.count / 2] < 1.5 / hz, "median interval \(intervals[intervals.count / 2])")

        // F2: real speed again; the next fade spans 0.2 s less a frame.
        try s.pinbox.keys("F2", "2")
        try s.pinbox.waitFor("change", count: 2)
        let real = try framesOfTheFade(s, cell: 1)
        let realSpan = (real.last!["t"] as! Double) - (real.first!["t"] as! Double)
        #expect(abs(realSpan - (0.2 - 1 / hz)) < 0.08, "at real speed the fade lasted \(realSpan) s")
    }

    @Test func steppingShowsFrameKExactlyAsRenderAtDoes() throws {
        let s = try Session(["--style", "strip", "--paused", "--trace-frames"])
        let hz = Double(s.pinbox.events("ready")[0]["hz"] as! Int)
        let k = 4
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        let before = s.pinbox.events("frame").count
        for _ in 0..<(k + 2) { try s.pinbox.keys("F5") }
        try s.pinbox.keys("F4", "F4")
        try s.pinbox.waitFor("frame", count: before + k + 4)
        try s.pinbox.keys("Print")
        let shot = try Canvas(png: try s.pinbox.waitFor("screenshot")["path"] as! String)

        // Frame k shows the dot (k + 1) frame intervals after it started: frame 0, drawn with
        // the key, already shows the first step.
        let rendered = "\(s.directory)/frame.png"
        let at = String(format: "%.17g", Double(k + 1) / hz)
        let (status, _) = try run([PinBoxProcess.binary, "render", "--style", "strip", "--text", "1", "--focused",
                                   "--at", at, "--out", rendered])
        #expect(status == 0)
        let render = try Canvas(png: rendered)
        let configuration = try FieldConfiguration()
        let origin = PageLayout(window: s.windowSize, fieldSizes: [configuration.layout().bounds.size], scale: 1,
                                labelled: false).fields[0]
        var differing = 0
        for y in 0..<render.height {
            for x in 0..<render.width where render.pixel(x: x, y: y) != shot.pixel(x: Int(origin.x) + x, y: Int(origin.y) + y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ from render --at \(at)")
        // And it is mid-fade: grey, neither empty nor full.
        let c = configuration.layout().cells[0].mid
        let p = shot.pixel(x: Int(origin.x + c.x), y: Int(origin.y + c.y))
        #expect(p != 0 && p != white, "frame \(k) of the fade: \(String(p, radix: 16))")
    }

    /// The GIF's frame count, size, and the pixels at `points` in its first and last frames, by Pillow.
    private func gifPixels(_ gif: String, _ points: [Point]) throws -> (frames: Int, width: Int, height: Int,
                                                                          first: [UInt32], last: [UInt32]) {
        let output = try pillow("""
            im = Image.open(sys.argv[1])
            xs = [int(a) for a in sys.argv[2:]]
            def row():
                rgb = im.convert('RGB')
                return ' '.join(str(r << 16 | g << 8 | b) for (r, g, b) in
                                (rgb.getpixel((xs[i], xs[i + 1])) for i in range(0, len(xs), 2)))
            n = im.n_frames
            first = row()
            im.seek(n - 1)
            print(n, im.size[0], im.size[1])
            print(first)
            print(row())
            """, [gif] + points.flatMap { [String(Int($0.x)), String(Int($0.y))] })
        let lines = output.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        guard lines.count == 3 else { throw TestFailure("Pillow could not decode \(gif)") }
        return (Int(lines[0][0])!, Int(lines[0][1])!, Int(lines[0][2])!,
                lines[1].map { UInt32($0)! }, lines[2].map { UInt32($0)! })
    }

    @Test func f8TwiceRecordsTheWindowIntoAGIF() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("F8", "1", "2")
        try s.pinbox.waitFor("change", count: 2)
        // Until the second fade is over: a screenshot after it shows two black dots.
        let centres = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)
        try s.x.waitForPixel(s.window, x: Int(centres[1].x), y: Int(centres[1].y), is: 0x000000, "the second dot at rest")
        try s.pinbox.keys("F8")
        let recording = try s.pinbox.waitFor("recording")
        let path = recording["path"] as! String
        #expect(path.hasPrefix(s.directory) && path.hasSuffix(".gif"), "into the screenshot directory: \(path)")
        let gif = try gifPixels(path, Array(centres.prefix(3)))
        #expect(gif.frames == recording["frames"] as? Int)
        // Two fades of 0.2 s, the keys a moment apart, recorded at up to 50 frames a second
        // (every delay 2 cs or more, which browsers play as written), the still frames merged.
        #expect(gif.frames >= 8, "\(gif.frames) frames")
        #expect((gif.width, gif.height) == (Int(s.windowSize.width), Int(s.windowSize.height)))
        #expect(gif.first == [white, white, white], "it starts before the first key")
        #expect(gif.last == [0, 0, white], "it ends with two dots")
    }

    @Test func recordOptionRecordsFromTheFirstFrameUntilF8() throws {
        let file = NSTemporaryDirectory() + "pinbox-record-\(UUID().uuidString).gif"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let s = try Session(["--style", "strip", "--duration", "0", "--record", file])
        try s.pinbox.keys("3")
        try s.pinbox.waitFor("change")
        try s.pinbox.keys("F8")
        #expect(try s.pinbox.waitFor("recording")["path"] as? String == file)
        let centres = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)
        let gif = try gifPixels(file, [centres[0]])
        #expect(gif.first == [white] && gif.last == [0])
    }

    @Test func aRecordingKeepsTheFramesRealTimesInSlowMotion() throws {
        let file = NSTemporaryDirectory() + "pinbox-slow-\(UUID().uuidString).gif"
        defer { try? FileManager.default.removeItem(atPath: file) }
        let s = try Session(["--style", "strip", "--slow", "10", "--trace-frames", "--record", file])
        let hz = Double(s.pinbox.events("ready")[0]["hz"] as! Int)
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        let fade = try framesOfTheFade(s, cell: 0)
        try s.pinbox.keys("F8")
        #expect(try s.pinbox.waitFor("recording")["path"] as? String == file)
        let d = try gifFrames(file).delays  // milliseconds, whole centiseconds
        // Each GIF frame starts where the window drew it, on the recording's clock (the first
        // frame's): frame k at the sum of the delays before it. A frame that shows nothing new
        // is merged into the one before (the fade's first frames, too faint to see, and the
        // window's frame before the key), so not every window frame has its GIF frame; but every
        // GIF frame is a window frame, at its time to the centisecond (the recording's first
        // frame keeps 2 cs, which may move the next one by as much).
        let starts = d.dropLast().reduce(into: [0]) { $0.append($0.last! + $1) }
        let events = s.pinbox.events
        let drawn = events.prefix { $0["event"] as? String != "recording" }
            .filter { $0["event"] as? String == "frame" }.map { $0["t"] as! Double }
        let unmatched = starts.filter { start in !drawn.contains { abs($0 * 1000 - Double(start)) <= 25 } }
        #expect(unmatched.isEmpty, "GIF frames at \(unmatched) ms, drawn by no window frame: \(drawn)")
        // The fade alone lasts 2 s, not 0.2 s, in the window and in the GIF: its last frame
        // starts that long after the key's first.
        #expect(abs(seconds(fade) - 2) < 0.25, "the fade lasted \(seconds(fade)) s")
        let key = try #require(fade.first?["t"] as? Double)
        #expect(abs(Double(starts.last!) / 1000 - key - 2) < 0.25, "GIF frames at \(starts) ms, the key's first frame at \(key) s")
        #expect(Double(d.count) > hz, "\(d.count) frames in the GIF")
    }

    private func seconds(_ frames: [[String: Any]]) -> Double {
        (frames.last!["t"] as! Double) - (frames.first!["t"] as! Double)
    }

    @Test func guidesHelpAndThemesShowInTheWindow() throws {
        let s = try Session(["--style", "strip", "--guides"])
        try s.pinbox.keys("Print")
        let guides = try Canvas(png: try s.pinbox.waitFor("screenshot")["path"] as! String)
        // The frame's size above the field, in the guides' orange.
        func orange(_ c: Canvas) -> Int {
            var n = 0
            for y in 0..<c.height { for x in 0..<c.width {
                // The orange of the frame's size label (0xe8590c), antialiased on the page.
                let p = c.pixel(x: x, y: y), r = p >> 16, g = (p >> 8) & 0xff, b = p & 0xff
                if r > 0xc0 && g > 0x40 && g < 0xa0 && b < 0x60 { n += 1 }
            } }
            return n
        }
        #expect(orange(guides) > 20, "\(orange(guides)) orange pixels")
        try s.pinbox.keys("F6", "F1", "Print")
        let help = try Canvas(png: try s.pinbox.waitFor("screenshot", count: 2)["path"] as! String)
        #expect(orange(help) == 0, "F6 hid them")
        #expect(help.pixel(x: help.width / 2, y: help.height / 2) != guides.pixel(x: guides.width / 2, y: guides.height / 2),
                "the help card covers the middle")
        try s.pinbox.keys("F1", "4", "F7")
        let theme = try s.pinbox.waitFor("theme")
        #expect(theme["field"] as? String == "strip" && theme["theme"] as? String == "paypass")
        #expect(s.length("strip") == 1 && s.pinbox.events("rejected").isEmpty)
    }

    /// F7 gives the demo page's strip the grid's look, which is taller: the window grows by as
    /// much, so the page's last line (the hint) stays in it.
    @Test func aTallerLookGrowsTheWindow() throws {
        let s = try Session([])
        let (_, before) = try windowSize(of: s.pinbox.pid, display: s.xvfb.display)
        try s.pinbox.keys("F7", "F7", "F7")
        _ = try s.pinbox.waitFor("theme", count: 3)
        #expect(s.pinbox.events("theme").last?["theme"] as? String == "grid")
        var after = before
        try waitUntil("the window grows for the grid") {
            after = try windowSize(of: s.pinbox.pid, display: s.xvfb.display).1
            return after > before
        }
        #expect(after > before)
    }

    @Test func aRecordThatCannotBeWrittenIsRefusedBeforeTheWindow() throws {
        let p = try PinBoxProcess(["--record", "/nonexistent-dir/x.gif"], display: nil)
        #expect(try p.waitExit(timeout: 10) == 2)
        #expect(p.stderr.contains("--record '/nonexistent-dir/x.gif' cannot be written"), "\(p.stderr)")
    }

    @Test func askpassHasNoWorkbench() throws {
        let p = try PinBoxProcess(["--askpass", "--slow", "10"], display: nil)
        #expect(try p.waitExit(timeout: 10) == 2)
        #expect(p.stderr.contains("--askpass is a prompt, not the workbench"))
    }

    @Test func helpListsOnlyOptionsThatWork() throws {
        let help = try PinBoxProcess(["--help"], display: nil)
        #expect(try help.waitExit(timeout: 10) == 0)
        for option in ["--slow FACTOR", "--paused", "--guides", "--record FILE.gif", "--trace-frames"] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        // Every option the key table names is taken by the window: with no display it fails
        // for the display (3), not for the option (2). A recording that never started leaves no
        // empty file behind.
        let gif = NSTemporaryDirectory() + "pinbox-never-\(UUID().uuidString).gif"
        defer { try? FileManager.default.removeItem(atPath: gif) }
        let values = ["FACTOR": "10", "NAME": "boxes", "FILE.gif": gif]
        for key in Workbench.keys {
            guard let option = key.option else { continue }
            let words = option.split(separator: " ").map(String.init)
            let args = [words[0]] + words.dropFirst().map { values[$0]! } + ["--display", ":4321"]
            let p = try PinBoxProcess(args, display: nil)
            let status = try p.waitExit(timeout: 10)
            #expect(status == 3, "\(args): \(status) \(p.stderr)")
            #expect(!FileManager.default.fileExists(atPath: gif), "\(args) left \(gif)")
        }
    }
}
