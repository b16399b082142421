// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import PinBoxCore
import PinBoxRender

/// The PIN stays secret, faults end cleanly, floods and bad pastes change nothing they should not.
/// Serialized: exits within a second, a timeout, a paste that times out and frames counted
/// before a key are timings, which tests running beside them would stretch.
@Suite("Secrets and faults, end to end", .serialized, .endToEnd)
struct SecurityTests {
    @Test func aTypedPinAppearsNowhereTheProgramWrites() throws {
        let s = try Session(["--style", "strip"])
        let pin = "274839"
        try s.pinbox.keys("2", "7", "4", "8", "3", "9")
        try s.pinbox.waitFor("complete")
        // The screenshot shows the dots at rest: the last one has faded in on the server.
        let last = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)[5]
        try s.x.waitForPixel(s.window, x: Int(last.x), y: Int(last.y), is: 0x000000, "the sixth dot at rest")
        try s.pinbox.keys("Print")
        let shot = try s.pinbox.waitFor("screenshot")["path"] as! String
        // Not in the events, not on stderr, not even a run of four of its digits. (The screenshot's
        // path is the test's own temporary folder, whose random name may hold any digits.)
        for text in [s.pinbox.stdout, s.pinbox.stderr].map({ $0.replacingOccurrences(of: shot, with: "SHOT") }) {
            #expect(!text.contains("2748") && !text.contains("4839"), "leaked: \(text)")
        }
        // Not in any property of the window or of the root (cut buffers live there).
        let needle = Array(pin.utf8)
        for (name, bytes) in s.x.properties(of: s.window).merging(s.x.rootProperties, uniquingKeysWith: { a, _ in a }) {
            #expect(!contains(bytes, needle), "property \(name) holds the PIN")
        }
        // No selection offers anything of ours.
        let ours = XClient.window(s.window)
        for selection in ["PRIMARY", "SECONDARY", "CLIPBOARD"] { #expect(s.x.owner(of: selection) != ours) }
        // The screenshot shows dots: the first cell's centre is a black disc, not a glyph.
        let c = try Canvas(png: shot)
        let centre = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)[0]
        let (x, y) = (Int(centre.x), Int(centre.y))
        #expect([c.pixel(x: x, y: y), c.pixel(x: x - 3, y: y), c.pixel(x: x + 3, y: y), c.pixel(x: x, y: y - 3)]
            .allSatisfy { $0 == 0 })
        // And the file itself has no text chunk or other bytes spelling the PIN.
        #expect(!contains(Array(try Data(contentsOf: URL(fileURLWithPath: shot))), needle))
    }

    @Test func losingTheXServerExitsThreeWithinASecond() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("1", "2")
        try s.pinbox.waitFor("change", count: 2)
        let t0 = Date()
        s.killServer()
        #expect(try s.pinbox.waitExit(timeout: 3) == 3)
        #expect(Date().timeIntervalSince(t0) < 1)
        #expect(s.pinbox.stderr == "pinbox: lost the connection to the X server\n")
    }

    @Test func signalsCancelWithStatusOne() throws {
        for signal in [SIGTERM, SIGINT, SIGHUP] {
            let s = try Session(["--style", "strip"])
            try s.pinbox.keys("5")
            try s.pinbox.waitFor("change")
            kill(s.pinbox.pid, signal)
            #expect(try s.pinbox.waitExit() == 1)
            #expect(s.pinbox.events("cancel").first?["by"] as? String == "signal")
        }
    }

    @Test func grabKeepsOtherClientsFromTheKeyboard() throws {
        let s = try Session(["--style", "strip", "--grab"], focus: false)
        let other = s.x.makeWindow()
        // The prompt takes the keyboard once it shows, then the focus (KeyboardGrab): once the
        // focus is on its window, the grab is held. Then another client tries to take the keyboard.
        try waitUntil("the --grab prompt takes the keyboard and the focus") {
            s.x.inputFocus == XClient.window(s.window)
        }
        #expect(!s.x.grabKeyboard(other), "another client took the keyboard from a --grab prompt")
        // With the grab, keys reach the prompt even though nobody focused it.
        try s.pinbox.keys("4", "2")
        try s.pinbox.waitFor("change", count: 2)
        try s.pinbox.keys("Escape", "Escape")
        #expect(try s.pinbox.waitExit() == 1)
        // Released on the way out.
        #expect(s.x.grabKeyboard(other))
    }

    /// With the grab, keys go to the prompt from the moment it shows: its first frame is drawn
    /// focused (the demo page's focus ring), and the focus the grab brings draws nothing more.
    /// Counted as the frames (`--trace-frames`) before the first key's `change`; the control,
    /// without the grab, draws again when the focus arrives.
    @Test func aGrabbingPromptIsDrawnFocusedFromItsFirstFrame() throws {
        func framesBeforeFirstKey(_ arguments: [String], focus: Bool) throws -> Int {
            let s = try Session(["--trace-frames"] + arguments, focus: focus)
            try s.pinbox.keys("4")
            try s.pinbox.waitFor("change")
            let names = s.pinbox.events.compactMap { $0["event"] as? String }
            return names.prefix { $0 != "change" }.filter { $0 == "frame" }.count
        }
        #expect(try framesBeforeFirstKey(["--grab"], focus: false) == 1)
        #expect(try framesBeforeFirstKey([], focus: true) == 2)
    }

    /// The demo and the payment sheet do not wait for the keyboard as a prompt does: they end
    /// with 3, and say so (their line once said that nothing is asked "until it lets go").
    @Test(arguments: [["--style", "strip", "--grab"], ["pay", "--grab"]])
    func grabThatCannotBeHadExitsThree(_ arguments: [String]) throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        #expect(x.grabKeyboard(x.makeWindow()))
        let p = try PinBoxProcess(arguments, display: xvfb.display)
        let t0 = Date()
        #expect(try p.waitExit(timeout: 5) == 3)
        #expect((0.9...3).contains(Date().timeIntervalSince(t0)), "retries for about a second")
        #expect(p.stderr == "pinbox: cannot grab the keyboard: another program holds it; nothing was asked\n")
        x.ungrabKeyboard()
    }

    @Test func timeoutCancelsAfterSilenceAndKeysPostponeIt() throws {
        let s = try Session(["--style", "strip", "--timeout", "0.6"])
        let t0 = Date()
        // Half the timeout in silence (which must not end it), then a key.
        #expect(s.pinbox.staysRunning(for: 0.3), "ended before its 0.6 s timeout")
        try s.pinbox.keys("1")
        #expect(try s.pinbox.waitExit(timeout: 3) == 1)
        let waited = Date().timeIntervalSince(t0)
        #expect(waited > 0.85 && waited < 2, "a key at 0.3 s moved the deadline to about 0.9 s: \(waited)")
        #expect(s.pinbox.events("cancel").first?["by"] as? String == "timeout")
    }

    @Test func clearOnBlurWipesWhenFocusLeavesOrTheWindowHides() throws {
        let s = try Session(["--style", "strip", "--clear-on-blur"])
        try s.pinbox.keys("1", "2", "3")
        try s.pinbox.waitFor("change", count: 3)
        s.x.focus(s.x.makeWindow())
        try s.pinbox.waitFor("change", count: 4)
        #expect(s.length("strip") == 0)
        try s.pinbox.xdotool(["windowfocus", "--sync", s.window])
        try s.pinbox.keys("4", "5")
        try s.pinbox.waitFor("change", count: 6)
        try s.pinbox.xdotool(["windowunmap", s.window])
        try s.pinbox.waitFor("change", count: 7)
        #expect(s.length("strip") == 0)
    }

    /// Keys typed while a paste is on its way wait for it, and so does the focus leaving after
    /// them: the blur clears what was pasted and typed, not the field before they land. The
    /// selection's owner is held stopped until the keys and the blur are on their way.
    @Test func aBlurAfterKeysHeldBehindAPasteComesAfterThem() throws {
        let s = try Session(["--style", "strip", "--clear-on-blur", "--paste", "digits"])
        let owner = try Child(["xclip", "-quiet", "-selection", "clipboard", "-i"],
                              environment: ["DISPLAY": s.xvfb.display], input: Array("12".utf8), capture: true)
        defer { kill(owner.pid, SIGKILL); owner.wait() }
        try waitUntil("xclip owns the clipboard") { s.x.owner(of: "CLIPBOARD") != 0 }
        kill(owner.pid, SIGSTOP)
        try s.pinbox.keys("ctrl+v", "3")
        s.x.focus(s.x.makeWindow())
        kill(owner.pid, SIGCONT)
        try s.pinbox.waitFor("change", count: 3)
        #expect(s.pinbox.events("change").map { $0["length"] as! Int } == [2, 3, 0])
    }

    @Test func coreDumpsAreOff() throws {
        let s = try Session(["--style", "strip"])
        let limits = procFile("/proc/\(s.pinbox.pid)/limits")
        let core = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        #expect(core.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"], "\(core)")
    }

    /// Started as an ordinary user, the program's /proc files (mem, environ, …) belong to root:
    /// the kernel's mark of a process that is not dumpable, whose memory that user's other
    /// programs can neither read nor trace. The control, an ordinary program of the same user,
    /// keeps its own. Needs root to start programs as `nobody`, and a binary `nobody` can run.
    @Test(.enabled(if: SecurityTests.canRunAsNobody, "needs root, and a build directory nobody can enter"))
    func otherProgramsOfTheUserCannotReadItsMemory() throws {
        let s = try Session(["--style", "strip"], launcher: Self.asNobody)
        let control = try Child(Self.asNobody + ["sleep", "10"])
        defer { kill(control.pid, SIGKILL); _ = control.wait() }
        func owner(_ pid: pid_t) -> uid_t? {
            var info = stat()
            return stat("/proc/\(pid)/mem", &info) == 0 ? info.st_uid : nil
        }
        // Once setpriv has become nobody, the control's /proc files are nobody's.
        try waitUntil("an ordinary process of nobody owns its /proc files, not \(String(describing: owner(control.pid)))") {
            owner(control.pid) == 65534
        }
        #expect(owner(s.pinbox.pid) == 0, "pinbox's /proc files are handed to root: not dumpable")
    }

    static let asNobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    static var canRunAsNobody: Bool {
        guard getuid() == 0, let status = try? run(asNobody + ["test", "-x", PinBoxProcess.binary]).status else {
            return false
        }
        return status == 0
    }

    @Test func aDestroyedWindowIsClosedAndItsErrorsSurvived() throws {
        // Another client destroys our window mid-animation. With nothing left to answer in,
        // the window is closed (the demo's normal end, exit 0; a prompt's cancel, in
        // AskpassTests): not waited on forever. The requests still on their way meet
        // BadDrawable or BadWindow: each kind is said once by the program's own handler, never
        // by Xlib's default one, which would end the process with 1 naming the request.
        let s = try Session(["--style", "strip", "--duration", "2", "--trace-frames"])
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        s.x.destroyWindow(s.window)
        #expect(try s.pinbox.waitExit() == 0, "\(s.pinbox.stderr)")
        #expect(!s.pinbox.stderr.contains("X Error of failed request"), "\(s.pinbox.stderr)")
        let errors = s.pinbox.stderr.split(separator: "\n").filter { $0.hasPrefix("pinbox: X error:") }
        #expect(Set(errors).count == errors.count, "\(s.pinbox.stderr)")
    }

    @Test func aFloodOfKeysIsNeitherLostNorDuplicated() throws {
        let s = try Session(["--style", "strip"])
        let keys = (0..<300).flatMap { _ in ["1", "BackSpace"] } + ["7", "8"]
        try s.pinbox.xdotool(["key", "--delay", "0"] + keys)
        try s.pinbox.waitFor("change", count: keys.count, timeout: 20)
        let lengths = s.pinbox.events("change").map { $0["length"] as! Int }
        #expect(lengths.count == keys.count)
        #expect(Array(lengths.prefix(600)) == (0..<300).flatMap { _ in [1, 0] })
        #expect(lengths.suffix(2) == [1, 2])
    }

    @Test func aResizeStormAndExtremeSizesDoNotBreakIt() throws {
        let s = try Session(["--style", "boxes", "--duration", "0"])
        for (w, h) in [(1, 1), (7680, 4320), (1, 4320), (300, 1)] + (0..<30).map({ (200 + $0 * 37, 150 + $0 * 11) }) + [(640, 400)] {
            try s.pinbox.xdotool(["windowsize", s.window, String(w), String(h)])
        }
        try s.pinbox.waitFor("layout", where: { $0["width"] as? Int == 640 && $0["height"] as? Int == 400 })
        // Still alive and answering, drawing at the final size.
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        let layout = try FieldConfiguration(theme: .boxes).layout()
        let page = PageLayout(window: Size(width: 640, height: 400), fieldSizes: [layout.bounds.size], scale: 1,
                              labelled: false)
        let cell = layout.cells[0].offsetBy(dx: page.fields[0].x, dy: page.fields[0].y)
        try s.x.waitForPixel(s.window, x: Int(cell.mid.x), y: Int(cell.mid.y), is: 0x1f2329,
                             "the first box's dot, drawn at the final size")
    }

    @Test func rapidFocusChangesLeaveItResponsive() throws {
        let s = try Session(["--style", "boxes"])
        let other = s.x.makeWindow()
        for _ in 0..<50 {
            s.x.focus(other)
            s.x.focus(XClient.window(s.window))
        }
        try s.pinbox.keys("9")
        try s.pinbox.waitFor("change")
        #expect(s.length("boxes") == 1)
    }

    @Test("bad pastes are refused whole and the window stays responsive", arguments: [
        ("a megabyte", [UInt8](repeating: 0x31, count: 1 << 20), "paste-too-long"),
        ("binary data", (0...255).map { UInt8($0) }, "paste-not-digits"),
        ("numbers that are no digits", Array("¹²③".utf8), "paste-not-digits"),
        ("a digit's bytes cut short", Array("١٢".utf8.dropLast()), "paste-not-digits"),
    ] as [(String, [UInt8], String)])
    func badPastes(_ what: String, _ bytes: [UInt8], _ reason: String) throws {
        let s = try Session(["--style", "strip", "--paste", "digits"])
        try s.setSelection("clipboard", bytes: bytes)
        let t0 = Date()
        try s.pinbox.keys("ctrl+v")
        #expect(try s.pinbox.waitFor("rejected")["reason"] as? String == reason, "\(what)")
        #expect(Date().timeIntervalSince(t0) < 1.5)
        #expect(!contains(s.x.properties(of: s.window)["PINBOX_PASTE"] ?? [], Array(bytes.prefix(64))),
                "\(what): left on the window")
        try s.pinbox.keys("5")
        try s.pinbox.waitFor("change")
        #expect(s.pinbox.events("change").map { $0["length"] as! Int } == [1])
    }

    @Test func aSelectionOwnerThatNeverAnswersTimesOut() throws {
        let s = try Session(["--style", "strip", "--paste", "digits"])
        s.x.ownSilently("CLIPBOARD")
        let t0 = Date()
        try s.pinbox.keys("ctrl+v", "1")
        #expect(try s.pinbox.waitFor("rejected")["reason"] as? String == "paste-unavailable")
        #expect((0.9...2).contains(Date().timeIntervalSince(t0)))
        // The key typed while the paste was pending waited for it, then went in, once.
        try s.pinbox.waitFor("change")
        let order = s.pinbox.events.compactMap { $0["event"] as? String }.filter { $0 == "rejected" || $0 == "change" }
        #expect(order == ["rejected", "change"])
        #expect(s.length("strip") == 1)
    }
}

private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    return (0...(haystack.count - needle.count)).contains { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
}
