// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxRender

/// `pinbox render`'s captures through the real binary: film strips, state sheets, guides,
/// animated GIFs (decoded by Pillow, not PinBox), scaled and transparent pictures.
@Suite("Capture commands")
final class CaptureCommandTests {
    let dir = NSTemporaryDirectory() + "pinbox-captures-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    /// Each test's folder goes with it.
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func pinbox(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
        let p = try PinBoxProcess(args, display: nil)
        let status = try p.waitExit(timeout: 20)
        return (status, p.stdout, p.stderr)
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    @Test func aScreenshotScaleOfTwoIsAScaleTwoRender() throws {
        let a = "\(dir)/ss2.png", b = "\(dir)/s2.png"
        #expect(try pinbox(["render", "--style", "boxes", "--text", "12", "--focused", "--screenshot-scale", "2", "--out", a]).status == 0)
        #expect(try pinbox(["render", "--style", "boxes", "--text", "12", "--focused", "--scale", "2", "--out", b]).status == 0)
        #expect(try bytes(a) == bytes(b))
        let one = "\(dir)/s1.png"
        #expect(try pinbox(["render", "--style", "boxes", "--text", "12", "--focused", "--out", one]).status == 0)
        let c1 = try Canvas(png: one), c2 = try Canvas(png: a)
        #expect((c2.width, c2.height) == (2 * c1.width, 2 * c1.height))
    }

    @Test func capturesAreByteIdenticalAcrossRuns() throws {
        for (name, args) in [("frames", ["--text", "123", "--frames", "6"]), ("states", ["--states", "--style", "grid"]),
                             ("guides", ["--guides", "--text", "12", "--easing", "ink-ease-out"])] {
            let a = "\(dir)/\(name)-a.png", b = "\(dir)/\(name)-b.png"
            #expect(try pinbox(["render"] + args + ["--out", a]).status == 0, "\(name)")
            #expect(try pinbox(["render"] + args + ["--out", b]).status == 0, "\(name)")
            #expect(try bytes(a) == bytes(b), "\(name)")
        }
        let gifA = "\(dir)/a.gif", gifB = "\(dir)/b.gif"
        for gif in [gifA, gifB] {
            let r = try pinbox(["render", "--animate", gif, "--keys", "1@0 2@0.15 3@0.3"])
            #expect(r.status == 0 && r.err.isEmpty, "\(r.err)")
        }
        let data = try bytes(gifA)
        #expect(data == (try bytes(gifB)) && data.prefix(6) == Data("GIF89a".utf8))
    }

    @Test func anAnimatedCaptureHasAFramePerDisplayFrame() throws {
        let gif = "\(dir)/pin.gif"
        // Six keys 0.15 s apart; the last dot is still 0.2 s after it: 0.95 s at 50 fps.
        #expect(try pinbox(["render", "--animate", gif, "--fps", "50", "--style", "boxes",
                            "--keys", "1@0 2@0.15 3@0.3 4@0.45 5@0.6 6@0.75"]).status == 0)
        let (d, width, height) = try gifFrames(gif)
        let words = [d.count, Set(d.dropLast()).count, d[0], d[d.count - 1], width, height].map(String.init)
        // Frames at 0, 0.02 … 0.96 s: 49, each 2 cs (browsers honour that), the last held 1 s;
        // boxes is 334 × 64 (6 cells of 44, 7 gaps of 10), plus 8-pt margins.
        #expect(words == ["49", "1", "20", "1000", "350", "80"])
    }

    @Test func transparentPicturesCarryAlpha() throws {
        let path = "\(dir)/clear.png"
        #expect(try pinbox(["render", "--style", "boxes", "--transparent", "--text", "1", "--out", path]).status == 0)
        // The IHDR colour type: 6 is RGB with alpha; an ordinary render is 2 (RGB).
        #expect(try bytes(path)[25] == 6)
        let plain = "\(dir)/plain.png"
        #expect(try pinbox(["render", "--style", "boxes", "--text", "1", "--out", plain]).status == 0)
        #expect(try bytes(plain)[25] == 2)
    }

    @Test("capture options misused: one line, exit 2", arguments: [
        (["--animate", "x.gif"], "--animate needs --keys"),
        (["--keys", "1@0", "--out", "x.png"], "--keys goes with --animate"),
        (["--frames", "1", "--out", "x.png"], "--frames must be between 2 and 100"),
        (["--frames", "3", "--states", "--out", "x.png"], "give one of --frames, --states, --guides and --animate"),
        (["--animate", "x.gif", "--keys", "1@0", "--transparent"], "--transparent is for PNG pictures"),
        (["--animate", "x.gif", "--keys", "123"], "--keys expects KEY@SECONDS (0…3600), as in \"1@0 2@0.15\"; one entry is not"),
        (["--animate", "x.gif", "--keys", "Tab@0"], "--keys expects each key to be one printable character, BackSpace, Escape or Return"),
        (["--animate", "x.gif", "--keys", " "], "--keys needs at least one KEY@SECONDS"),
        (["--easing", "bouncy", "--out", "x.png"], "--easing must be one of linear, seed, ease-out, ink-linear, ink-ease-out"),
        (["--fps", "0", "--out", "x.png"], "--fps must be between 1 and 240"),
        (["--scale", "8", "--screenshot-scale", "2", "--out", "x.png"], "--scale × --screenshot-scale must be at most 8"),
    ])
    func misuse(_ args: [String], _ message: String) throws {
        let r = try pinbox(["render"] + args.map { $0.hasSuffix(".png") || $0.hasSuffix(".gif") ? "\(dir)/\($0)" : $0 })
        #expect(r.status == 2)
        #expect(r.err.contains(message), "\(r.err)")
        #expect(r.err.split(separator: "\n").count == 1)
    }

    @Test func helpListsTheWorkbenchKeysAndTheCaptures() throws {
        let window = try pinbox(["--help"])
        #expect(window.out.contains("Workbench keys (in the window):") && window.out.contains("F2         slow motion"))
        let render = try pinbox(["render", "--help"])
        for option in ["--frames N", "--states", "--guides", "--animate FILE.gif", "--keys SCRIPT", "--fps N",
                       "--screenshot-scale S", "--transparent", "--easing CURVE"] {
            #expect(render.out.contains(option), "\(option)")
        }
    }
}
