// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import PinBoxCore

/// What an attacker or a broken desktop does to a prompt: closed and full descriptors, every
/// signal, a server that grabs, odd screens and arguments. Each refusal has its positive control.
/// Serialized: an exit within a bound while the server is grabbed is a timing, which tests
/// running beside it would stretch.
@Suite("Hostile environment, end to end", .serialized, .endToEnd)
struct HostileTests {
    /// Starts `pinbox --askpass` on its own Xvfb, types six digits into it, waits for the end.
    private func askpass(descriptors: [Int32: Child.Descriptor] = [:], before: (PinBoxProcess) -> Void = { _ in })
        throws -> (status: Int32, out: String, err: String) {
        let xvfb = try Xvfb()
        let p = try PinBoxProcess(["--askpass"], display: xvfb.display, descriptors: descriptors)
        try p.findWindowByPID()
        before(p)
        try p.keys("7", "1", "9", "3", "5", "2")
        let status = try p.waitExit(timeout: 5)
        return (status, p.stdout, p.stderr)
    }

    @Test func aPinForAClosedStdoutNeverReachesTheXServer() throws {
        // Control: an open stdout gets the digits.
        let good = try askpass()
        #expect(good.status == 0 && good.out == "719352\n")
        // Closed: the X connection must not become fd 1. The hand-off fails, loudly.
        let closed = try askpass(descriptors: [1: .closed])
        #expect(closed.status == 4)
        #expect(closed.err == "pinbox: cannot hand the PIN over on standard output (Bad file descriptor)\n")
    }

    @Test func aPinThatCannotBeWrittenIsNotASuccess() throws {
        let full = try askpass(descriptors: [1: .writing("/dev/full")])
        #expect(full.status == 4)
        #expect(full.err == "pinbox: cannot hand the PIN over on standard output (No space left on device)\n")
        // A reader that went away: a broken pipe, not a death by SIGPIPE and not a success.
        let gone = try askpass(before: { $0.child.closeStdoutReader() })
        #expect(gone.status == 4)
        #expect(gone.err == "pinbox: cannot hand the PIN over on standard output (Broken pipe)\n")
    }

    /// With `--reveal` the event that carries the PIN is its hand-over: the demo with
    /// `--exit-on-complete` and the payment sheet exited 0 when stdout took nothing, the PIN
    /// lost. Now 4, said as the askpass says it (the control: the same run with a working
    /// stdout exits 0, the PIN in its submit event).
    @Test(arguments: [["--style", "strip", "--reveal", "--exit-on-complete"], ["pay", "--reveal"]])
    func aRevealedPinThatCannotBeWrittenIsNotASuccess(_ arguments: [String]) throws {
        func typed(descriptors: [Int32: Child.Descriptor] = [:]) throws -> (status: Int32, out: String, err: String) {
            let xvfb = try Xvfb()
            let p = try PinBoxProcess(arguments, display: xvfb.display, descriptors: descriptors)
            try p.findWindowByPID()
            try p.keys("7", "1", "9", "3", "5", "2")
            let status = try p.waitExit(timeout: 5)
            return (status, p.stdout, p.stderr)
        }
        let good = try typed()
        #expect(good.status == 0 && good.out.contains("{\"event\":\"submit\",\"field\":") && good.out.contains(",\"pin\":\"719352\"}\n"),
                "\(good)")
        for (descriptor, reason) in [(Child.Descriptor.writing("/dev/full"), "No space left on device"),
                                     (.closed, "Bad file descriptor")] {
            let failed = try typed(descriptors: [1: descriptor])
            #expect(failed.status == 4, "\(reason): \(failed.err)")
            // The first event's failure ends the events; the PIN's is said as well.
            #expect(failed.err == "pinbox: cannot write events to standard output (\(reason)); no more events\n"
                    + "pinbox: cannot hand the PIN over on standard output (\(reason))\n")
        }
    }

    @Test func closedStandardDescriptorsAreFilledBeforeTheConnectionOpens() throws {
        let xvfb = try Xvfb()
        let p = try PinBoxProcess(["--style", "strip"], display: xvfb.display,
                                  descriptors: [0: .closed, 1: .closed, 2: .closed])
        try p.findWindowByPID()
        for fd in 0...2 {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(p.pid)/fd/\(fd)")
            #expect(target == "/dev/null", "fd \(fd) is \(target)")
        }
        // The X connection is a socket above 2.
        let sockets = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(p.pid)/fd").filter {
            ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(p.pid)/fd/\($0)")) ?? "")
                .hasPrefix("socket:")
        }
        #expect(!sockets.isEmpty && sockets.allSatisfy { Int($0)! > 2 })
        // Still a working prompt, and it ends when asked.
        try p.keys("1", "Escape", "Escape")
        #expect(try p.waitExit() == 1)
    }

    @Test func closingTheAskpassWindowIsACancel() throws {
        let s = try Session(["--askpass"], ready: false)
        try s.pinbox.findWindowByPID()
        try s.pinbox.keys("1", "2")
        // The askpass prints no events: its second dot on the server says both keys were taken.
        let second = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.x.size(of: s.window))[1]
        try s.x.waitForPixel(s.window, x: Int(second.x), y: Int(second.y), is: 0x000000, "the second dot")
        s.x.sendDeleteWindow(s.window)
        #expect(try s.pinbox.waitExit() == 1)
        #expect(s.pinbox.stdout.isEmpty)
        // Control: closing the demo is its normal end.
        let demo = try Session(["--style", "strip"])
        demo.x.sendDeleteWindow(demo.window)
        #expect(try demo.pinbox.waitExit() == 0)
    }

    /// Every signal that would end a process ends this one as a cancel: the loop wakes, reports
    /// it and exits 1 (the secret was wiped in the handler already). SIGABRT, which abort() also
    /// raises, wipes and dies of it.
    static let terminating: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT,
                                       SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSYS, SIGSEGV, SIGBUS,
                                       SIGILL, SIGFPE, SIGTRAP, __libc_current_sigrtmin(), __libc_current_sigrtmin() + 5,
                                       __libc_current_sigrtmax()]

    @Test func everySignalThatWouldEndItCancelsInstead() throws {
        let xvfb = try Xvfb()
        for signal in Self.terminating + [SIGABRT] {
            let p = try PinBoxProcess(["--style", "strip"], display: xvfb.display)
            try p.waitReady()
            try p.keys("4")
            try p.waitFor("change")
            kill(p.pid, signal)
            let status = try p.waitExit(timeout: 3)
            if signal == SIGABRT {
                #expect(status == 128 + SIGABRT)
            } else {
                #expect(status == 1, "signal \(signal)")
                #expect(p.events("cancel").first?["by"] as? String == "signal", "signal \(signal)")
            }
        }
    }

    /// A stop signal that comes with a Return queued behind it: the signal goes first and
    /// nothing is written. (The handler wipes the secret at once: an answer written after it
    /// was NUL bytes, with exit 0, and SIGUSR2 did not even stop the prompt's loop.)
    @Test(arguments: [SIGUSR2, SIGTERM])
    func aReturnTypedAsTheSignalCameAnswersNothing(_ signal: Int32) throws {
        let xvfb = try Xvfb()
        let prompt = try PinBoxProcess(["askpass", "Password: "], display: xvfb.display)
        try prompt.findWindowByPID()
        try prompt.keys("a", "b", "c")
        kill(prompt.pid, SIGSTOP)
        try prompt.keys("Return")
        kill(prompt.pid, signal)
        kill(prompt.pid, SIGCONT)
        #expect(try prompt.waitExit() == 1)
        #expect(prompt.stdout.isEmpty, "\(Array(prompt.stdout.utf8))")
    }

    /// SIGUSR2 ends a prompt like any request to stop; on the demo's workbench it starts and
    /// stops a recording instead, as F8 does.
    @Test func usr2CancelsAPromptAndRecordsOnTheWorkbench() throws {
        let xvfb = try Xvfb()
        let prompt = try PinBoxProcess(["askpass", "Password: "], display: xvfb.display)
        try prompt.findWindowByPID()
        kill(prompt.pid, SIGUSR2)
        #expect(try prompt.waitExit() == 1)
        #expect(prompt.stdout.isEmpty)
        let demo = try PinBoxProcess(["--style", "strip", "--screenshot-dir", NSTemporaryDirectory()], display: xvfb.display)
        try demo.waitReady()
        kill(demo.pid, SIGUSR2)
        try demo.keys("1")
        try demo.waitFor("change")
        kill(demo.pid, SIGUSR2)
        let recording = try demo.waitFor("recording")
        let path = try #require(recording["path"] as? String)
        #expect(path.hasSuffix(".gif") && FileManager.default.fileExists(atPath: path))
        try? FileManager.default.removeItem(atPath: path)
        #expect(demo.child.isRunning)
        kill(demo.pid, SIGTERM)
        #expect(try demo.waitExit() == 1)
    }

    @Test func harmlessSignalsLeaveItRunning() throws {
        let xvfb = try Xvfb()
        let p = try PinBoxProcess(["--style", "strip", "--screenshot-dir", NSTemporaryDirectory()], display: xvfb.display)
        try p.waitReady()
        for signal in [SIGCHLD, SIGWINCH, SIGURG, SIGCONT] { kill(p.pid, signal) }
        kill(p.pid, SIGUSR1)
        let shot = try p.waitFor("screenshot")  // control: the loop ran after the others
        if let path = shot["path"] as? String { try? FileManager.default.removeItem(atPath: path) }
        try p.keys("2")
        try p.waitFor("change")
        #expect(p.child.isRunning)
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
    }

    @Test func aServerGrabCannotHoldItPastATerminationRequest() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("3")
        try s.pinbox.waitFor("change")
        s.x.grabServer()
        defer { s.x.ungrabServer() }
        let t0 = Date()
        kill(s.pinbox.pid, SIGTERM)
        #expect(try s.pinbox.waitExit(timeout: 4) == 1)
        let took = Date().timeIntervalSince(t0)
        #expect(took < 1.6, "ended \(took) s after SIGTERM while the server was grabbed")
    }

    @Test(arguments: ["16", "30"])
    func screensOfDepth16And30AreDrawnOn(_ depth: String) throws {
        let xvfb = try Xvfb(size: "800x600x" + depth)
        let p = try PinBoxProcess(["--style", "strip"], display: xvfb.display)
        let id = try p.waitReady()
        try p.keys("8")
        try p.waitFor("change")
        let x = try XClient(xvfb.display)
        let size = Size(width: 396, height: 190)
        let layout = try FieldConfiguration().layout()
        let page = PageLayout(window: size, fieldSizes: [layout.bounds.size], scale: 1, labelled: false)
        let cell = layout.cells[0].offsetBy(dx: page.fields[0].x, dy: page.fields[0].y)
        try x.waitForPixel(id, x: Int(cell.mid.x), y: Int(cell.mid.y), is: 0x000000, "a black dot at depth \(depth)")
        #expect(x.pixel(id, x: Int(cell.mid.x) + 12, y: Int(cell.mid.y)) == 0xffffff, "a white cell")
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
    }

    /// Frames after the first go to the server through shared memory where it offers MIT-SHM,
    /// through the socket where it does not (a remote display): the window shows the same pixels
    /// either way. The segment is set up 33 ms after the window shows, well within the key's
    /// 0.2 s animation.
    @Test func aServerWithoutSharedMemoryGetsTheSamePixelsThroughTheSocket() throws {
        func window(_ options: [String]) throws -> (pixels: [UInt32], shared: Bool) {
            let xvfb = try Xvfb(size: "800x600x24", options: options)
            let p = try PinBoxProcess(["--style", "strip"], display: xvfb.display)
            let id = try p.waitReady()
            try p.keys("8", "1")
            try p.waitFor("change", count: 2)
            let pixels = try XClient(xvfb.display).stillPixels(id, width: 396, height: 190)
            let maps = mappings(of: p.pid)
            kill(p.pid, SIGTERM)
            #expect(try p.waitExit() == 1)
            return (pixels, maps.contains("/SYSV"))
        }
        let shared = try window([]), socket = try window(["-extension", "MIT-SHM"])
        #expect(shared.shared, "the frames went through a shared segment")
        #expect(!socket.shared, "no segment without the extension")
        #expect(shared.pixels.count == 396 * 190 && shared.pixels == socket.pixels)
        #expect(Set(shared.pixels).count > 2, "something is drawn")
    }

    @Test func theWindowSaysWhatItIsToTheWindowManager() throws {
        let s = try Session(["--style", "strip"])
        let props = s.x.properties(of: s.window)
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let name = host.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        #expect(props["WM_CLIENT_MACHINE"].map { String(decoding: $0, as: UTF8.self) } == name)
        // WM_HINTS: flags with InputHint (1), input True.
        let hints = try #require(props["WM_HINTS"])
        let words = hints.withUnsafeBytes { Array($0.bindMemory(to: Int.self)) }
        #expect(words[0] & 1 == 1 && words[1] == 1)
        let type = try #require(props["_NET_WM_WINDOW_TYPE"])
        #expect(type.withUnsafeBytes { $0.load(as: Int.self) } == Int(s.x.atom("_NET_WM_WINDOW_TYPE_NORMAL")))
    }

    @Test func aScreenshotDirectoryIsCheckedBeforeTheWindowOpens() throws {
        func start(_ dir: String, launcher: [String] = []) throws -> (Int32, String) {
            let p = try PinBoxProcess(["--screenshot-dir", dir], display: ":4095", launcher: launcher)
            return (try p.waitExit(), p.stderr)
        }
        #expect(try start("") == (2, "pinbox: --screenshot-dir needs a directory, not an empty name\n"))
        #expect(try start("/nonexistent/shots") ==
            (2, "pinbox: --screenshot-dir '/nonexistent/shots' cannot be used: No such file or directory\n"))
        // A name that is not UTF-8 cannot be carried faithfully: refused, not mangled.
        let base = NSTemporaryDirectory() + "pinbox-shots-\(UUID().uuidString)"
        let raw = Array(base.utf8) + [0xff, 0x2e]
        #expect(raw.withUnsafeBufferPointer { p in
            var c = Array(p) + [0]
            return c.withUnsafeMutableBufferPointer { mkdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), 0o755) }
        } == 0)
        defer { var c = raw + [0]; _ = c.withUnsafeMutableBufferPointer { rmdir(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) } }
        let nonUTF8 = String(decoding: raw, as: UTF8.self)
        let (status, err) = try start(nonUTF8)
        #expect(status == 2 && err.hasSuffix("the name is not valid UTF-8\n"), "\(err)")
        // Control: a good directory gets as far as the display (exit 3: :4095 does not exist).
        #expect(try start(NSTemporaryDirectory()).0 == 3)
        // Unwritable for the user who runs it.
        if SecurityTests.canRunAsNobody {
            let (status, err) = try start("/root", launcher: SecurityTests.asNobody)
            #expect(status == 2 && err.hasSuffix("cannot be used: Permission denied\n"), "\(err)")
        }
    }

    @Test func usageErrorsShowAShortSafeExcerpt() throws {
        func usage(_ args: [String]) throws -> String {
            let p = try PinBoxProcess(args, display: nil)
            #expect(try p.waitExit() == 2)
            return p.stderr
        }
        let huge = try usage(["--style", String(repeating: "x", count: 100_000)])
        #expect(huge.utf8.count < 160 && huge.hasSuffix("…'\n"), "\(huge)")
        let escape = try usage(["--\u{1b}[H\u{1b}[J"])
        #expect(!escape.contains("\u{1b}") && escape.contains("\\u{1b}[H"), "\(escape)")
        let stray = try usage(["\u{1b}[H\u{1b}[J"])
        #expect(!stray.contains("\u{1b}"))
        let pin = try usage(["--count", "739146"])
        #expect(!pin.contains("739146") && pin.contains("****"), "\(pin)")
        let bidi = try usage(["--style", "a\u{202e}b"])
        #expect(!bidi.contains("\u{202e}"))
    }

    /// A server without RandR (`Xvfb -extension RANDR`, as some remote or nested servers are):
    /// the askpass opens on the whole screen and answers, and Xlib's own "extension missing"
    /// line never reaches stderr. The control: the default server has RandR.
    @Test func aServerWithoutRandRGetsAPromptAndNoXlibComplaint() throws {
        let usual = try Xvfb()
        #expect(try XClient(usual.display).hasExtension("RANDR"))
        let xvfb = try Xvfb(options: ["-extension", "RANDR"])
        #expect(try !XClient(xvfb.display).hasExtension("RANDR"))
        let p = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display)
        try p.findWindowByPID()
        try p.keys("o", "k", "Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
        #expect(p.stderr == "", "\(p.stderr)")
    }

    /// Any client can resize any window, and with no window manager nothing stops it: made
    /// 32767 × 32767 pixels, the askpass drew a back buffer of that size and grew past 2 GB. It
    /// now puts its window back within the screen and keeps its memory; it still answers.
    @Test func aWindowResizedPastTheScreenComesBackWithinIt() throws {
        let xvfb = try Xvfb(size: "1280x1024x24")
        let p = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display)
        try p.findWindowByPID()
        let before = try windowGeometry(p.windowID!, display: xvfb.display)
        // Control: a resize within the screen is taken as it is.
        try p.xdotool(["windowsize", p.windowID!, "700", "300"])
        try waitUntil("the window is 700 × 300") {
            let g = try windowGeometry(p.windowID!, display: xvfb.display)
            return g.width == 700 && g.height == 300
        }
        try p.xdotool(["windowsize", p.windowID!, "32767", "32767"])
        try waitUntil("the window is back within the screen") {
            let g = try windowGeometry(p.windowID!, display: xvfb.display)
            return g.width <= 1280 && g.height <= 1024
        }
        let resident = procFile("/proc/\(p.pid)/status")
            .split(separator: "\n").first { $0.hasPrefix("VmRSS:") }?.split(separator: " ").dropFirst().first
        #expect(Int(resident ?? "") ?? .max < 64 * 1024, "resident: \(resident ?? "?") kB (window was \(before))")
        try p.keys("o", "k", "Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
    }

    /// A pinentry started for one display (`--display`, as gpg-agent starts it) whose agent then
    /// names another (`OPTION display`) opens its window there, and none on the first. The
    /// control: without the option, the window opens on the display it was started for.
    @Test func aPinentryOpensItsWindowOnTheDisplayTheAgentNames() throws {
        let first = try Xvfb(), second = try Xvfb()
        for (told, shown, other) in [(nil, first, second), (second, second, first)] as [(Xvfb?, Xvfb, Xvfb)] {
            let pinentry = try PinentryDriver(display: shown.display, arguments: ["--display", first.display])
            if let told { pinentry.send("OPTION display=\(told.display)\n") }
            pinentry.send("SETDESC Which screen?\nGETPIN\n")
            try pinentry.window()
            try pinentry.type("ok")
            try pinentry.key("Return")
            #expect(try pinentry.waitOutput("D ok\nOK").hasSuffix("D ok\nOK\n"))
            let elsewhere = try run(["xdotool", "search", "--pid", String(pinentry.pid)], display: other.display).output
            #expect(elsewhere.isEmpty, "no window on \(other.display): \(elsewhere)")
            pinentry.send("BYE\n")
            #expect(try pinentry.waitExit() == 0)
        }
    }

    /// Short of descriptors, the X connection cannot even be made: the error says so rather than
    /// blaming the display. Each limit from the smallest up, until one lets the askpass take an
    /// answer (the control).
    @Test func aPromptOutOfDescriptorsSaysSoRatherThanBlameTheDisplay() throws {
        let xvfb = try Xvfb()
        var refusals: [String] = []
        var answered = false
        for limit in 4...16 where !answered {
            let p = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display,
                                      launcher: ["/bin/sh", "-c", "ulimit -n \(limit) && exec \"$@\"", "sh"])
            try waitUntil("the askpass under ulimit -n \(limit) ends or shows its window", timeout: 10) {
                guard p.child.isRunning else { return true }
                return !(try run(["xdotool", "search", "--onlyvisible", "--pid", String(p.pid)], display: xvfb.display)
                    .output.isEmpty)
            }
            // A window can still fail when the keyboard is read, once it shows: an answer tells.
            if p.child.isRunning { try p.keys("o", "k", "Return") }
            answered = try p.waitExit() == 0 && p.stdout == "ok\n"
            refusals += p.stderr.split(separator: "\n").map(String.init).filter { $0.contains("cannot open the X display") }
        }
        #expect(answered, "no limit up to 16 descriptors let the askpass answer")
        #expect(!refusals.isEmpty, "no limit left the connection without a descriptor")
        for refusal in refusals {
            #expect(refusal == "pinbox: cannot open the X display '\(xvfb.display)': Too many open files", "\(refusal)")
        }
    }
}

extension HostileTests {
    /// A window manager that withholds the focus: keys meant elsewhere never land in the prompt,
    /// and it takes keys again once it has the focus (the control).
    @Test func keysTypedWhileAnotherWindowHasTheFocusNeverLandInThePrompt() throws {
        let s = try Session(["--style", "strip"])
        s.x.focus(s.x.makeWindow())
        try s.pinbox.keys("1", "2", "3")
        try s.pinbox.xdotool(["windowfocus", "--sync", s.window])
        try s.pinbox.keys("4")
        // Had 1, 2 and 3 reached the prompt, they would have come before 4, whose change is the
        // first and only one.
        try s.pinbox.waitFor("change")
        #expect(s.pinbox.events("change").map { $0["length"] as! Int } == [1])
        #expect(s.length("strip") == 1)
    }
}
