// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
@testable import PinBoxRender

private func digits(_ s: String) -> [UInt8] { Array(s.utf8) }

/// Debian's Python with Pillow (scripts/install-deps: python3-pil): a GIF decoder that is not PinBox.
private let python = "/usr/bin/python3"

@Suite("Captures: stepping, curves, GIFs, scales")
final class CaptureTests {
    let strip = try! FieldConfiguration()
    let dir = NSTemporaryDirectory() + "pinbox-capture-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// The page's way: digits typed, the window paused, the 4th key, then k frame steps.
    private func stepped(_ k: Int, pausedAt wall: Double, configuration: FieldConfiguration) throws -> Canvas {
        var timeline = Timeline(frameInterval: 1.0 / 60)
        var (field, animator) = configuration.makeField()
        _ = field.setText(digits("123"))
        animator.settle(length: 3)
        timeline.pause(at: wall)
        _ = field.type(UInt8(ascii: "4"))
        animator.setLength(field.length, at: timeline.time(at: wall))
        timeline.step(by: k)
        let scene = FieldScene(field: field, animator: animator, layout: configuration.layout(),
                               theme: configuration.theme, focused: false, at: timeline.time(at: wall + 5))
        let canvas = try Canvas(width: Int(scene.layout.bounds.width), height: Int(scene.layout.bounds.height))
        FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: canvas)
        return canvas
    }

    @Test("stepping shows frame k exactly as render --at k/60", arguments: [0, 1, 2, 5, 6, 11, 12, 13])
    func steppingMatchesRenderAt(_ k: Int) throws {
        for wall in [0.0, 3.7] {
            let step = try stepped(k, pausedAt: wall, configuration: strip)
            let at = try Snapshot.render(strip, digits: digits("1234"), at: Double(k) / 60)
            #expect(step.pixels() == at.pixels(), "frame \(k), paused at \(wall)")
        }
        // A frame apart is a different picture while the dot grows.
        if (1...11).contains(k) {
            let next = try Snapshot.render(strip, digits: digits("1234"), at: Double(k + 1) / 60)
            #expect(try stepped(k, pausedAt: 0, configuration: strip).pixels() != next.pixels())
        }
    }

    @Test func theSeedCurveIsFullAfterThreeFramesAt60Hz() throws {
        var seed = strip
        seed.easing = .seed
        let rest = try Snapshot.render(seed, digits: digits("1234")).pixels()
        #expect(try Snapshot.render(seed, digits: digits("1234"), at: 3.0 / 60).pixels() == rest)
        #expect(try Snapshot.render(seed, digits: digits("1234"), at: 2.0 / 60).pixels() != rest)
        // Linear is far from it then: a quarter grown.
        #expect(try Snapshot.render(strip, digits: digits("1234"), at: 3.0 / 60).pixels() != rest)
        #expect(Snapshot.motionLength(seed, state: .normal) == 0.05)
        #expect(Snapshot.motionLength(strip, state: .normal) == 0.2)
    }

    @Test func centisecondsFollowTheClockWithoutDrift() {
        let starts = (0...6).map { Recorder.centiseconds(Double($0) / 60) }
        #expect(starts == [0, 2, 3, 5, 7, 8, 10])
        #expect(Recorder.centiseconds(1.0 / 30) == 3 && Recorder.centiseconds(0.005) == 1)
    }

    /// Decodes a GIF with Pillow: frame count, delays in ms, and the first and last frames
    /// (composited, as a browser shows them) written as PNG.
    private func decode(_ gif: String) throws -> (frames: Int, delays: [Int]) {
        let script = """
            import sys
            from PIL import Image
            im = Image.open(sys.argv[1])
            delays = []
            for i in range(im.n_frames):
                im.seek(i)
                delays.append(im.info.get('duration', 0))
                if i == 0: im.convert('RGB').save(sys.argv[2])
            im.convert('RGB').save(sys.argv[3])
            print(im.n_frames, ' '.join(str(d) for d in delays))
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: python)
        p.arguments = ["-c", script, gif, "\(dir)/first.png", "\(dir)/last.png"]
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        p.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 0, "python3 with PIL failed")
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        return (words.first ?? 0, Array(words.dropFirst()))
    }

    @Test func anAnimatedCaptureDecodesElsewhereFrameForFrame() throws {
        let script = try TypingScript(parsing: "1@0 2@0.15 3@0.3")
        var first: [UInt32]?, last: [UInt32] = []
        let drawn = try AnimationCapture.frames(strip, script: script, fps: 60) { canvas, _ in
            if first == nil { first = canvas.pixels() }
            last = canvas.pixels()
        }
        // From the first key to 0.2 s after the last: 0.5 s at 60 Hz, both ends included.
        #expect(drawn == 31)
        let gif = "\(dir)/typing.gif"
        let summary = try AnimationCapture.record(strip, script: script, fps: 60, to: gif)
        #expect(summary == AnimationCapture.Summary(drawn: 31, written: 31))
        let decoded = try decode(gif)
        #expect(decoded.frames == 31)
        // 50 cs of motion in delays of 2, 1, 2…, then the last frame held 1 s.
        #expect(decoded.delays.prefix(6) == [20, 10, 20, 20, 10, 20])
        #expect(decoded.delays.dropLast().reduce(0, +) == 500 && decoded.delays.last == 1000)
        #expect(try Canvas(png: "\(dir)/first.png").pixels() == first)
        #expect(try Canvas(png: "\(dir)/last.png").pixels() == last)
        // The last frame is the field at rest, as render shows it, inside the capture's margin.
        let rest = try Snapshot.render(strip, digits: digits("123"))
        let m = Int(AnimationCapture.margin)
        let lastCanvas = try Canvas(png: "\(dir)/last.png")
        for (x, y) in [(25, 25), (75, 25), (125, 25), (175, 25), (0, 0), (50, 10), (299, 49)] {
            #expect(lastCanvas.pixel(x: x + m, y: y + m) == rest.pixel(x: x, y: y), "(\(x), \(y))")
        }
        // The same inputs give the same bytes.
        let again = "\(dir)/again.gif"
        try AnimationCapture.record(strip, script: script, fps: 60, to: again)
        #expect(try Data(contentsOf: URL(fileURLWithPath: gif)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    /// The window's recordings came at the display's rate, 60 frames a second, as delays of 2,
    /// 1, 2 cs, which browsers play as 10 cs: several times too slow. With a shortest delay of
    /// 2 cs, a frame too soon after the last takes its place: every delay is 2 cs or more, the
    /// whole lasts what it lasted, and the last frame is the last one shown.
    @Test func aRecordingForTheWebKeepsEveryDelayAtTwoCentiseconds() throws {
        let path = "\(dir)/web.gif"
        let recorder = try Recorder(path: path, width: 20, height: 10, shortestDelay: 2)
        let canvas = try Canvas(width: 20, height: 10)
        for frame in 0..<30 {
            canvas.fill(Rect(x: Double(frame % 20), y: 0, width: 1, height: 10), with: frame % 2 == 0 ? .black : .white)
            try recorder.add(canvas, at: 10 + Double(frame) / 60)
        }
        let frames = try recorder.finish(at: 10.5)
        let decoded = try decode(path)
        #expect(decoded.frames == frames && frames > 5, "\(frames)")
        #expect(decoded.delays.allSatisfy { $0 >= 20 }, "\(decoded.delays)")
        #expect(decoded.delays.reduce(0, +) == 500)
        // A change a moment after the recording starts does not take the first frame's place:
        // the GIF starts with what showed before it (`--record`, then the first key).
        let early = "\(dir)/early.gif"
        let first = try Recorder(path: early, width: 20, height: 10, shortestDelay: 2)
        let blank = try Canvas(width: 20, height: 10)
        try first.add(blank, at: 5)
        blank.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: .black)
        try first.add(blank, at: 5.005)
        #expect(try first.finish(at: 5.5) == 2)
        #expect(try decode(early).delays == [20, 480])
    }

    @Test func theRecorderMergesStillFramesAndKeepsRealTimes() throws {
        let path = "\(dir)/recorded.gif"
        let recorder = try Recorder(path: path, width: 20, height: 10)
        let canvas = try Canvas(width: 20, height: 10)
        // The window's clock: frames come when something changes, at uneven times.
        try recorder.add(canvas, at: 100.0)
        try recorder.add(canvas, at: 100.1)  // nothing changed: the first frame lasts longer
        canvas.fill(Rect(x: 2, y: 2, width: 3, height: 3), with: .black)
        try recorder.add(canvas, at: 100.25)
        canvas.fill(Rect(x: 10, y: 2, width: 3, height: 3), with: .black)
        try recorder.add(canvas, at: 100.253)  // under a centisecond after: replaces the last one
        #expect(try recorder.finish(at: 100.75) == 2)
        let decoded = try decode(path)
        #expect(decoded.frames == 2 && decoded.delays == [250, 500])
        let shown = try Canvas(png: "\(dir)/last.png")
        #expect(shown.pixel(x: 3, y: 3) == 0 && shown.pixel(x: 11, y: 3) == 0 && shown.pixel(x: 0, y: 0) == 0xffffff)
    }

    @Test func aTwiceAsLargeRenderIsTheSameFieldInTwiceTheDetail() throws {
        var twice = strip
        twice.scale = 2
        let one = try Snapshot.render(strip, digits: digits("123"))
        let two = try Snapshot.render(twice, digits: digits("123"))
        #expect((two.width, two.height) == (600, 100))
        // Seed 000's 5.5-pt dot: 11 px across at 1×, 22 at 2×; its centre black in both.
        // (Ink across the row through the centre: anti-aliased edges count for what they cover.)
        func ink(_ c: Canvas, y: Int, _ xs: Range<Int>) -> Double {
            xs.reduce(0) { $0 + Double(255 - c.pixel(x: $1, y: y) & 0xff) / 255 }
        }
        let across1 = ink(one, y: 25, 0..<50), across2 = ink(two, y: 50, 0..<100)
        #expect(abs(across1 - 11) < 0.5 && abs(across2 - 22) < 0.5, "\(across1), \(across2)")
        // Lines stay one crisp device pixel: the 0.5-pt frame is 1 px at full strength at 2×.
        #expect(two.pixel(x: 0, y: 50) == 0xcccccc && two.pixel(x: 1, y: 50) == 0xffffff)
        // Dividers at width/6 × i: 1 pt → 2 px.
        #expect(two.pixel(x: 99, y: 50) == 0xeeeeee && two.pixel(x: 100, y: 50) == 0xeeeeee && two.pixel(x: 101, y: 50) == 0xffffff)
        // Every 1× cell edge and dot centre lands at twice the coordinates.
        for x in [25, 75, 125, 175] { #expect(one.pixel(x: x, y: 25) == two.pixel(x: 2 * x, y: 50)) }
    }

    @Test func aTransparentCaptureIsClearAroundTheField() throws {
        var boxes = try FieldConfiguration(theme: .boxes)
        boxes.theme.background = boxes.theme.background.withAlpha(0)
        let scene = try Snapshot.scene(boxes, digits: digits("12"))
        let canvas = try Canvas(width: Int(scene.layout.bounds.width), height: Int(scene.layout.bounds.height), transparent: true)
        FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: canvas)
        #expect(canvas.argb(x: 2, y: 2) >> 24 == 0, "the gap around the cells is clear")
        let cell = scene.layout.cells[2]
        #expect(canvas.argb(x: Int(cell.mid.x), y: Int(cell.mid.y)) == 0xffff_ffff, "an empty cell is opaque white")
        let sheet = try StateSheet.render(boxes, transparent: true)
        #expect(sheet.argb(x: 0, y: 0) >> 24 == 0)
    }

    @Test func sheetsAndStripsHaveARowPerStateOrFrame() throws {
        let strip5 = try FilmStrip.render(strip, digits: digits("123"), frames: 5)
        let states = try StateSheet.render(strip)
        // Rows of 50 px with 12-px margins.
        #expect(strip5.height == 12 + 5 * (50 + 12))
        #expect(states.height == 12 + StateSheet.states.count * (50 + 12))
        #expect(Sheet.time(0.05) == "0.050 s" && Sheet.time(1.2) == "1.200 s" && Sheet.time(0) == "0.000 s")
        // Frame 0 of the strip: the third dot not yet there; the last: there.
        let x0 = strip5.width - 12 - 300
        #expect(strip5.pixel(x: x0 + 125, y: 12 + 25) == 0xffffff)
        #expect(strip5.pixel(x: x0 + 125, y: 12 + 4 * 62 + 25) == 0)
    }

    @Test func guidesMarkTheCellsAndTheDots() throws {
        let scene = try Snapshot.scene(strip, digits: digits("12"))
        let canvas = try GuidesPainter.render(scene, configuration: strip)
        let top = Int((GuidesPainter.labelBand + Sheet.margin / 2).rounded()), left = Int(Sheet.margin)
        // The frame's outline on its first pixel row, the cell centres crossed.
        #expect(canvas.pixel(x: left + 150, y: top) != 0xffffff)
        #expect(canvas.pixel(x: left + 125 + 3, y: top + 25) != 0xffffff, "the empty 3rd cell's centre cross")
        #expect(GuidesPainter.points(55.8333) == "55.8" && GuidesPainter.points(50) == "50")
    }

    @Test func theHelpOverlayIsACardInTheMiddle() throws {
        let canvas = try Canvas(width: 500, height: 300)
        HelpOverlay.draw(on: canvas, scale: 1)
        #expect(canvas.pixel(x: 0, y: 0) == 0xffffff && canvas.pixel(x: 499, y: 299) == 0xffffff)
        // The card, centred: dark, 0x1f2329 at 0.9 over white, with light lines of text on it.
        #expect(canvas.pixel(x: 250, y: 150 - 85) == 0x35383e && canvas.pixel(x: 250, y: 150 + 85) == 0x35383e)
        #expect(canvas.pixel(x: 250, y: 150 - 92) == 0xffffff)
        let lines = (60..<240).filter { y in (80..<420).contains { canvas.pixel(x: $0, y: y) & 0xff > 0xc0 } }
        #expect(lines.count > 40, "rows with light text: \(lines.count)")
        let twice = try Canvas(width: 1000, height: 600)
        HelpOverlay.draw(on: twice, scale: 2)
        #expect(twice.pixels() != (try Canvas(width: 1000, height: 600)).pixels())
    }
}
