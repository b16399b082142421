// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing
import PinBoxCore
import PinBoxRender

/// Issue 22, the third round of hostile testing: X resources that change what a prompt does,
/// a pinentry window that takes keys after its answer, secrets left in memory, locked memory
/// that unlocked itself, windows larger than the screen, an agent's death unnoticed, a NUL
/// line unanswered, disguised payment amounts; and issue 20's paste into passphrases. Each test
/// fails against the code before the fix, and each refusal has its positive control.
/// Serialized: dialogs with a 2-second timeout are typed into and scanned before it ends, a
/// timing which tests running beside them would stretch.
@Suite("Hostile round three, end to end", .serialized, .endToEnd)
struct HostileRoundThreeTests {
    /// Starts the askpass on `display` and finds (and focuses) its window.
    private func askpass(_ arguments: [String], display: String, environment: [String: String] = [:]) throws
        -> PinBoxProcess {
        let p = try PinBoxProcess(["askpass"] + arguments, display: display, environment: environment)
        try p.findWindowByPID()
        return p
    }

    // MARK: 1. X resources

    /// `*length: 1` printed the first character and exited; `*timeout: 0.1` cancelled at once;
    /// `*geometry` put the window off screen; `*title` replaced the heading; `*scale: junk`
    /// exited 2; `*digits` refused letters. Now none of them is read but the scale, whose bad
    /// value is said and passed over.
    @Test func theAskpassTakesOnlyItsLooksFromResources() throws {
        let xvfb = try Xvfb(size: "1280x800x24")
        try loadResources("""
            *length: 1
            *timeout: 0.1
            *geometry: 300x200+5000+5000
            *title: Enter your root password
            *digits: true
            *scale: junk
            *grab: false

            """, display: xvfb.display)
        let p = try askpass(["Passphrase:"], display: xvfb.display)
        let g = try windowGeometry(p.windowID!, display: xvfb.display)
        #expect(g.x >= 0 && g.x + g.width <= 1280 && g.y >= 0 && g.y + g.height <= 800 && g.width > 100, "\(g)")
        #expect(p.staysRunning(for: 0.4), "a 0.1 s timeout from a resource cancelled it")
        try p.xdotool(["type", "--delay", "20", "abc"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "abc\n")
        #expect(p.stderr.contains("resource PinBox.scale: ") && p.stderr.contains("ignored"), "\(p.stderr)")
        #expect(p.stderr.contains("resource PinBox.grab: 'false' ignored"), "\(p.stderr)")

        // Control: the scale, a look, is read.
        let scaled = try Xvfb(size: "1280x800x24")
        try loadResources("PinBox.askpass.scale: 2\n", display: scaled.display)
        let big = try askpass(["Passphrase:"], display: scaled.display)
        #expect(try windowGeometry(big.windowID!, display: scaled.display).width >= 2 * g.width - 4)
        kill(big.pid, SIGTERM)
        _ = try big.waitExit()

        // A bad value on the role's own line is said under that line's name (it was called
        // `PinBox.scale`, a line the user's file did not have).
        try loadResources("PinBox.askpass.scale: 100\n", display: scaled.display)
        let refused = try askpass(["Passphrase:"], display: scaled.display)
        kill(refused.pid, SIGTERM)
        _ = try refused.waitExit()
        #expect(refused.stderr.contains("resource PinBox.askpass.scale: must be between"), "\(refused.stderr)")
    }

    /// `pinbox --askpass` with `PinBox*plain: true` showed the digits and Ctrl+C copied them;
    /// `*screenshotDir` made Print write a world-readable PNG of them; `*count: 2` answered
    /// after two digits. Now: six digits, nothing copied, nothing saved. The demo's controls:
    /// it copies a plain field, and its screenshots are this user's only (0600).
    @Test func theAskpassModeShowsCopiesAndSavesNothing() throws {
        let xvfb = try Xvfb()
        let shots = NSTemporaryDirectory() + "pinbox-shots-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: shots, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: shots) }
        try loadResources("""
            PinBox*plain: true
            PinBox*count: 2
            PinBox*screenshotDir: \(shots)
            PinBox*reveal: true
            PinBox*exitOnComplete: false

            """, display: xvfb.display)
        let p = try PinBoxProcess(["--askpass"], display: xvfb.display)
        try p.findWindowByPID()
        let x = try XClient(xvfb.display)
        // The askpass prints no events: its dots on the server say which keys it has taken.
        let centres = Session.cellCentres(configuration: try FieldConfiguration(), windowSize: x.size(of: p.windowID!))
        func dot(_ i: Int) -> Bool { x.pixel(p.windowID!, x: Int(centres[i].x), y: Int(centres[i].y)) == 0 }
        try p.keys("1", "2")
        try waitUntil("the second dot, or the end") { !p.child.isRunning || dot(1) }
        #expect(p.child.isRunning, "count: 2 from a resource ended it")
        // The third dot says Ctrl+C and Print, typed before it, were handled.
        try p.keys("ctrl+c", "Print", "3")
        try x.waitForPixel(p.windowID!, x: Int(centres[2].x), y: Int(centres[2].y), is: 0x000000, "the third dot")
        #expect(x.owner(of: "CLIPBOARD") == 0, "the digits were offered on the clipboard")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shots).isEmpty, "a screenshot was saved")
        try p.keys("4", "5", "6")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "123456\n")

        let demo = try Session(["--style", "strip", "--plain"])
        try demo.pinbox.keys("7", "ctrl+c", "Print")
        let path = try demo.pinbox.waitFor("screenshot")["path"] as! String
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
        #expect(mode == 0o600, "screenshot mode \(String(mode, radix: 8))")
        #expect(demo.x.owner(of: "CLIPBOARD") == XClient.window(demo.window), "the demo's plain field copies")
    }

    // MARK: 2. One dialog, one window

    /// `(echo GETPIN; sleep 5; printf 'SETERROR Bad\nGETPIN\n'; sleep 5) | pinentry-pinbox`,
    /// `abc` Return, `XYZ`, then `1` Return: the agent got `D XYZ1`. pinentry-gtk-2 answers
    /// `D 1`: what is typed after an answer goes nowhere.
    @Test func keysTypedAfterAnAnswerNeverReachTheNextDialog() throws {
        let xvfb = try Xvfb()
        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("GETPIN\n")
        try pinentry.window()
        try pinentry.type("abc")
        try pinentry.key("Return")
        try pinentry.waitOutput("D abc\nOK\n")
        #expect(try pinentry.visibleWindows().isEmpty, "the answered dialog is off the screen")
        // xdotool returns once the server has taken the keys (it syncs before it exits), so they
        // have gone wherever they go before the next dialog exists; "D 1" proves none reached it.
        try pinentry.type("XYZ")
        pinentry.send("SETERROR Bad\nGETPIN\n")
        try pinentry.window()
        try pinentry.type("1")
        try pinentry.key("Return")
        let replies = try pinentry.waitOutput("OK\n", count: 3)
        #expect(replies.hasSuffix("D 1\nOK\n"), "\(replies)")
        pinentry.send("BYE\n")
        #expect(try pinentry.waitExit() == 0)
    }

    // MARK: 3. Secrets wiped on every outcome

    /// The marker typed into the askpass is in its memory while held (the control), and nowhere
    /// once the askpass ends: by OK, Escape or its timeout; typed with a letter left out, then
    /// put in with the caret moved back (the bytes after it moved up in the locked buffer), and
    /// one more typed and taken back there; or its end typed wrong, selected and typed over.
    @Test(arguments: ["Return", "Escape", "timeout", "Show, then Return", "mended in the middle, then Return",
                      "typed over a selection, then Return"])
    func theAskpassLeavesNoCopyBehind(_ outcome: String) throws {
        let xvfb = try Xvfb()
        let marker = "Zq8Wv3Kp"
        let p = try askpass((outcome == "timeout" ? ["--timeout", "2"] : []) + ["Passphrase:"], display: xvfb.display)
        let scan = try MemoryScan(pid: p.pid, marker: marker)
        if outcome.hasPrefix("mended") {
            try p.xdotool(["type", "--delay", "20", "Zq8v3Kp"])
            try p.keys("Home", "Right", "Right", "Right", "W", "y", "BackSpace", "End")
        } else if outcome.hasPrefix("typed over") {
            try p.xdotool(["type", "--delay", "20", "Zq8Wv3Xx"])
            try p.keys("shift+Left", "shift+Left", "K", "p")
        } else {
            try p.xdotool(["type", "--delay", "20", marker])
        }
        try waitUntil("the control: the typed marker is found in memory while held") { try scan.now() >= 1 }
        if outcome == "Show, then Return" {
            // Shown: its characters drawn from the locked buffer.
            let x = try XClient(xvfb.display)
            let window = try #require(p.windowID)
            let before = x.stillPixels(window)
            try p.keys("alt+s")
            try x.waitForChange(window, from: before, "the passphrase shown")
            try p.keys("Return")
        } else if outcome != "timeout" {
            try p.keys(outcome.hasSuffix("Return") ? "Return" : outcome)
        }
        let answers = outcome.hasSuffix("Return")
        #expect(try scan.atExit() == 0, "copies of the secret at the exit after \(outcome)")
        #expect(try p.waitExit() == (answers ? 0 : 1))
        #expect(p.stdout == (answers ? marker + "\n" : ""))
    }

    /// `pinbox pay --reveal` hands the PIN over in its events, as the user asked. Those lines
    /// were made as Swift strings, which left the PIN in the freed heap at the exit; they are
    /// now written from locked memory (the control: the PIN in memory while typed, and in the
    /// event as typed).
    @Test func aRevealedPINLeavesNoCopyBehind() throws {
        let marker = "739184"
        let s = try Session(["pay", "--reveal"])
        // Its first five digits: what is held before the sixth ends the sheet, and in any copy.
        let scan = try MemoryScan(pid: s.pinbox.pid, marker: String(marker.prefix(5)))
        try s.pinbox.keys("7", "3", "9", "1", "8")
        try s.pinbox.waitFor("change", count: 5)
        try waitUntil("the control: the digits are found in memory while held") { try scan.now() >= 1 }
        try s.pinbox.keys("4")
        #expect(try scan.atExit() == 0, "copies of the PIN at the exit")
        #expect(try s.pinbox.waitExit() == 0)
        #expect(s.pinbox.events("submit").first?["pin"] as? String == marker)
    }

    /// A pinentry lives on between dialogs: after OK, Cancel, a repeated passphrase (matched and
    /// not) and BYE, no copy of what was typed is left; nor after the end of its input or SIGINT
    /// in the middle of a dialog. (The agent's timeout spares a dialog the user typed into.)
    @Test func thePinentryLeavesNoCopyBehind() throws {
        let xvfb = try Xvfb()
        let pinentry = try PinentryDriver(display: xvfb.display)
        let scan = try MemoryScan(pid: pinentry.pid, marker: "Hq4Rt7Ly")
        func typed(_ times: Int = 1) throws {
            try pinentry.type("Hq4Rt7Ly")
            try waitUntil("the control: the marker is held \(times)×") { try scan.now() >= times }
        }
        /// The dialog has answered and the pinentry has taken the next command: it is done with it.
        func answered(_ what: String) throws {
            try pinentry.roundTrip()
            #expect(try scan.now() == 0, "copies after \(what)")
        }
        pinentry.send("GETPIN\n")
        try pinentry.window()
        try typed()
        try pinentry.key("Return")
        try pinentry.waitOutput("D Hq4Rt7Ly\n")
        try answered("OK")

        pinentry.send("GETPIN\n")
        try pinentry.window()
        try typed()
        try pinentry.key("Escape")
        try answered("Cancel")

        pinentry.send("SETREPEAT Repeat:\nGETPIN\n")
        try pinentry.window()
        try typed()
        try pinentry.key("Return")
        try typed(2)
        try pinentry.key("Return")
        try pinentry.waitOutput("D Hq4Rt7Ly\n", count: 2)
        try answered("SETREPEAT and OK")

        pinentry.send("SETREPEAT Repeat:\nGETPIN\n")
        let dialog = try hexWindowID(try pinentry.window())
        try typed()
        try pinentry.key("Return")
        try pinentry.type("other")
        // The mismatch shows (the error line, the entries emptied): then it has been handled.
        let x = try XClient(xvfb.display)
        let typedBoth = x.stillPixels(dialog)
        try pinentry.key("Return")
        try x.waitForChange(dialog, from: typedBoth, "the mismatch shown")
        #expect(try scan.now() == 0, "copies after a mismatch, the dialog still open")
        try pinentry.key("Escape")
        try answered("a mismatch then Cancel")

        pinentry.send("BYE\n")
        #expect(try scan.atExit() == 0, "copies at the exit after BYE")
        #expect(try pinentry.waitExit() == 0)

        // The agent's death, and SIGINT, in the middle of a dialog.
        for ending in ["the agent's death", "SIGINT"] {
            let pinentry = try PinentryDriver(display: xvfb.display)
            let scan = try MemoryScan(pid: pinentry.pid, marker: "Hq4Rt7Ly")
            pinentry.send("GETPIN\n")
            try pinentry.window()
            try pinentry.type("Hq4Rt7Ly")
            try waitUntil("the control: the marker is held") { try scan.now() >= 1 }
            if ending == "SIGINT" {
                kill(pinentry.pid, SIGINT)
            } else {
                pinentry.child.closeInput()
                pinentry.child.closeStdoutReader()
            }
            #expect(try scan.atExit() == 0, "copies at the exit after \(ending)")
            _ = try pinentry.waitExit()
        }
    }

    /// A secret the user shows (Show, then Hide; shown through OK) is drawn from where it lies,
    /// the locked buffer: once the dialog has answered, no copy of it is left,
    /// as UTF-8 or as code points. The control: it is found while the dialog holds it.
    @Test func aShownSecretLeavesNoCopyBehind() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        let pinentry = try PinentryDriver(display: xvfb.display)
        let scan = try MemoryScan(pid: pinentry.pid, marker: "Hq4Rt7Ly")
        pinentry.send("OPTION default-tt-visi=_Show\nOPTION default-tt-hide=_Hide\n")
        // A key's passphrase (SETKEYINFO) has the Show button; card PIN boxes have none.
        let rounds = [("a passphrase shown, then hidden", ["alt+s", "alt+h"]),
                      ("a passphrase shown through OK", ["alt+s"])]
        for (answered, (what, keys)) in rounds.enumerated() {
            pinentry.send("SETKEYINFO n/ABCD\nGETPIN\n")
            let dialog = try hexWindowID(try pinentry.window())
            try pinentry.type("Hq4Rt7Ly")
            try waitUntil("the control: the marker is held (\(what))") { try scan.now() >= 1 }
            for key in keys {
                let before = x.stillPixels(dialog)
                try pinentry.key(key)
                try x.waitForChange(dialog, from: before, "\(key) drawn (\(what))")
            }
            try pinentry.key("Return")
            try pinentry.waitOutput("D Hq4Rt7Ly\n", count: answered + 1)
            try pinentry.roundTrip()
            #expect(try scan.now() == 0, "copies after \(what)")
        }
        pinentry.send("BYE\n")
        #expect(try scan.atExit() == 0, "copies at the exit")
        #expect(try pinentry.waitExit() == 0)
    }

    // MARK: 4. The locked arena

    /// Each INQUIRE QUALITY line used to be a buffer locked and unlocked on its own, unlocking
    /// the passphrase's page with it: locked memory fell as the user typed. It stays put now.
    @Test func lockedMemoryStaysPutThroughQualityInquiries() throws {
        let xvfb = try Xvfb()
        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("SETQUALITYBAR\nGETPIN\n")
        try pinentry.waitOutput("OK\n", count: 1)
        try pinentry.window()
        func locked() throws -> Int {
            let status = procFile("/proc/\(pinentry.pid)/status")
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmLck:") } ?? ""
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? -1
        }
        let before = try locked()
        #expect(before >= 32, "VmLck \(before) kB: the arena is locked")
        var seen: [Int] = []
        for (i, key) in ["a", "b", "c", "d", "e"].enumerated() {
            try pinentry.type(key)
            try pinentry.waitOutput("INQUIRE QUALITY", count: i + 1)
            // An inquiry waits for its answer: asking again, the pinentry has taken the last one.
            if i > 0 { seen.append(try locked()) }
            pinentry.send("D \(10 * (i + 1))\nEND\n")
        }
        try pinentry.key("Escape")
        try pinentry.waitOutput("ERR 83886179")
        seen.append(try locked())
        #expect(seen.allSatisfy { $0 == before }, "VmLck \(before) kB, then \(seen)")
        pinentry.send("BYE\n")
        _ = try pinentry.waitExit()
    }

    // MARK: 5. Windows within the work area

    /// `Xft.dpi: 100000` or `*scale: 8` gave a 3584 × 1894 window on a 1280 × 800 screen, its
    /// buttons off screen. The scale now shrinks to fit the monitor, or the work area a window
    /// manager sets (`_NET_WORKAREA`, set here by the test as one would).
    @Test(arguments: ["Xft.dpi: 100000\n", "PinBox*scale: 8\n"])
    func aHugeScaleStillFitsTheScreen(_ resources: String) throws {
        let xvfb = try Xvfb(size: "1280x800x24")
        try loadResources(resources, display: xvfb.display)
        try expectAskpassFillsAndAnswers(xvfb)

        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("GETPIN\n")
        let id = try pinentry.window()
        let pg = try windowGeometry(id, display: xvfb.display)
        #expect(pg.x >= 0 && pg.y >= 0 && pg.x + pg.width <= 1280 && pg.y + pg.height <= 800, "\(pg)")
        try pinentry.key("Escape")
        pinentry.send("BYE\n")
        _ = try pinentry.waitExit()

        // A window manager's panels: the work area it sets.
        let x = try XClient(xvfb.display)
        x.setWorkArea(x: 0, y: 100, width: 1280, height: 600)
        let inArea = try askpass(["Passphrase:"], display: xvfb.display)
        let ag = try windowGeometry(inArea.windowID!, display: xvfb.display)
        #expect(ag.y >= 100 && ag.y + ag.height <= 700 && ag.x >= 0 && ag.x + ag.width <= 1280, "\(ag)")
        kill(inArea.pid, SIGTERM)
        _ = try inArea.waitExit()
    }

    /// A window manager's work area outlives it on the root window: after one with a tall panel
    /// died, or gave way to one that keeps no work area, the dialog opened centred in, and
    /// shrunk to, a strip of the screen that no longer meant anything. The area now counts only
    /// while the manager's check window is there (the control: the same area with it alive).
    @Test func aWorkAreaLeftByAWindowManagerThatIsGoneIsPassedOver() throws {
        let xvfb = try Xvfb(size: "1600x900x24")
        do {
            let manager = try XClient(xvfb.display)
            manager.setWorkArea(x: 0, y: 0, width: 1600, height: 500)
            let squeezed = try askpass(["Passphrase:"], display: xvfb.display)
            let g = try windowGeometry(squeezed.windowID!, display: xvfb.display)
            #expect(g.y + g.height <= 500 && abs(g.y + g.height / 2 - 250) <= 2, "inside the live manager's area: \(g)")
            kill(squeezed.pid, SIGTERM)
            _ = try squeezed.waitExit()
        }
        // The manager's connection is closed: its check window is gone, its properties stay.
        let x = try XClient(xvfb.display)
        let root = "0x" + String(XDefaultRootWindow(x.display), radix: 16)
        #expect(x.properties(of: root)["_NET_WORKAREA"] != nil, "the stale area is still on the root")
        let p = try askpass(["Passphrase:"], display: xvfb.display)
        let g = try windowGeometry(p.windowID!, display: xvfb.display)
        #expect(g.y > 300 && abs(g.y + g.height / 2 - 450) <= 2,
                "centred on the whole screen, at its own size: \(g)")
        kill(p.pid, SIGTERM)
        _ = try p.waitExit()
    }

    /// The desktop's settings say the scale where no `Xft.dpi` does, and any client can own
    /// them: the largest `Xft/DPI` a setting holds still gives a window within the screen,
    /// as large as fits, that answers.
    @Test func aHugeDesktopResolutionStillFitsTheScreen() throws {
        let xvfb = try Xvfb(size: "1280x800x24")
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Xft/DPI 2147483647\n")
        try expectAskpassFillsAndAnswers(xvfb)
        #expect(daemon.isRunning)
    }

    /// An askpass on a 1280 × 800 `xvfb` asked for a huge scale: within the screen, still
    /// larger than at 2×, and its buttons on screen (Return answers).
    private func expectAskpassFillsAndAnswers(_ xvfb: Xvfb) throws {
        let p = try askpass(["Passphrase:"], display: xvfb.display)
        let g = try windowGeometry(p.windowID!, display: xvfb.display)
        #expect(g.x >= 0 && g.y >= 0 && g.x + g.width <= 1280 && g.y + g.height <= 800, "\(g)")
        #expect(g.width > 448 * 2, "still as large as fits: \(g)")
        try p.xdotool(["type", "--delay", "20", "ok"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0 && p.stdout == "ok\n")
    }

    /// Any client can set the root's properties, a check window naming itself included: a work
    /// area of one pixel shrank the prompt to a dot. Panels take an edge of the screen; an area
    /// that leaves less than half of it is passed over (`WindowFit.workArea`; the control, a
    /// real panel's area, is taken: `aHugeScaleStillFitsTheScreen`).
    @Test func aWorkAreaNoPanelsLeaveIsPassedOver() throws {
        let xvfb = try Xvfb(size: "1600x900x24")
        let plain = try askpass(["Passphrase:"], display: xvfb.display)
        let own = try windowGeometry(plain.windowID!, display: xvfb.display)
        kill(plain.pid, SIGTERM)
        _ = try plain.waitExit()
        let forger = try XClient(xvfb.display)
        forger.setWorkArea(x: 10, y: 10, width: 1, height: 1)
        let p = try askpass(["Passphrase:"], display: xvfb.display)
        let g = try windowGeometry(p.windowID!, display: xvfb.display)
        #expect(g == own, "centred on the whole screen, at its own size: \(g) against \(own)")
        try p.xdotool(["type", "--delay", "20", "ok"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0 && p.stdout == "ok\n")
    }

    /// `paste: off` makes a prompt stricter, so it applies wherever it is written for the name
    /// run or its role link, whatever looser entry X's order puts first: a loose `*paste: on`
    /// hid the man page's tight `pinbox-askpass.paste: off`, and under `ssh-askpass` a link's
    /// refused `on` cancelled the name's own `off`. (The control, where the paste is taken: only
    /// looser entries.)
    @Test(arguments: [
        ("pinbox-askpass", "*paste: on\npinbox-askpass.paste: off\n", false),
        ("ssh-askpass", "*paste: off\nssh-askpass*paste: off\npinbox-askpass*paste: on\n", false),
        ("ssh-askpass", "PinBox.askpass.paste: on\npinbox-askpass.paste: off\n", false),
        ("ssh-askpass", "*paste: on\npinbox-askpass*paste: on\n", true),
    ])
    func aStricterPasteSettingAppliesWhereverItIsWritten(_ name: String, _ resources: String, _ taken: Bool) throws {
        let xvfb = try Xvfb()
        let directory = NSTemporaryDirectory() + "pinbox-strict-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: PinBoxProcess.binary)
        try loadResources(resources, display: xvfb.display)
        try offer("PASTED", on: "clipboard", display: xvfb.display)
        let p = try PinBoxProcess(["Passphrase:"], display: xvfb.display, program: directory + "/" + name)
        try p.findWindowByPID()
        try p.keys("ctrl+v", "y", "Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == (taken ? "PASTEDy\n" : "y\n"), "\(resources)")
    }

    /// ssh and gpg-agent run the alternatives' generic names (`/usr/bin/ssh-askpass`,
    /// `pinentry`), not the role links, and those names were the only instance name: the
    /// resources the man page writes for the link did not apply, so `pinbox-askpass*paste: off`
    /// let a paste through. Any name that runs the role now reads the link's resources too, a
    /// link of the user's own naming as much as the alternative's, under its own (which keep
    /// working, and WM_CLASS: the scale written for `ssh-askpass` reaches only that name).
    @Test(arguments: ["ssh-askpass", "my-askpass"])
    func anyNameThatRunsTheRoleReadsTheRoleLinksResources(_ name: String) throws {
        let xvfb = try Xvfb()
        let directory = NSTemporaryDirectory() + "pinbox-alternative-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let link = directory + "/" + name
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PinBoxProcess.binary)
        // A loose entry (`PinBox*paste: on`) matches under both names; the link's own entry wins
        // over it, as X's precedence has it.
        try loadResources("PinBox*paste: on\npinbox-askpass*paste: off\nssh-askpass*scale: 2\n", display: xvfb.display)
        try offer("PASTED", on: "clipboard", display: xvfb.display)
        let p = try PinBoxProcess(["Passphrase:"], display: xvfb.display, program: link)
        try p.findWindowByPID()
        let x = try XClient(xvfb.display)
        #expect(x.properties(of: p.windowID!)["WM_CLASS"].map { String(decoding: $0, as: UTF8.self) }
                == "\(name)\0PinBox\0")
        let width = Int(x.size(of: p.windowID!).width)
        #expect(name == "ssh-askpass" ? width > 800 : width < 500, "the name run's own scale: \(width)")
        try p.keys("ctrl+v", "y", "Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "y\n")
    }

    /// The README's wrapper for options, `exec pinbox askpass [options] -- "$@"`, runs the role
    /// as a command, under the program's instance name alone: the `pinbox-askpass*paste: off`
    /// the same paragraph tells users to set was skipped, and a paste taken. The role reads its
    /// link's resources however it is started, as it reads `PinBox.askpass.*` (the control: the
    /// same steps before the resource is loaded, where the paste is taken).
    @Test func theAskpassStartedAsACommandReadsItsLinksResources() throws {
        let xvfb = try Xvfb()
        try offer("PASTED", on: "clipboard", display: xvfb.display)
        let before = try askpass(["--timeout", "20", "--", "Passphrase:"], display: xvfb.display)
        try before.keys("ctrl+v", "y", "Return")
        #expect(try before.waitExit() == 0)
        #expect(before.stdout == "PASTEDy\n")

        try loadResources("pinbox-askpass*paste: off\n", display: xvfb.display)
        let p = try askpass(["--timeout", "20", "--", "Passphrase:"], display: xvfb.display)
        try p.keys("ctrl+v", "y", "Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "y\n")
    }

    // MARK: 6. The agent's death

    /// With the agent gone while a dialog was open, the window stayed and kept collecting the
    /// passphrase. Now nobody reading stdout closes it, and the pinentry ends.
    @Test func theAgentsDeathEndsTheDialog() throws {
        let xvfb = try Xvfb()
        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("GETPIN\n")
        try pinentry.window()
        try pinentry.type("abc")
        pinentry.child.closeInput()
        pinentry.child.closeStdoutReader()
        #expect(try pinentry.waitExit(timeout: 3) == 0)
    }

    /// The same for the askpass: ssh killed while its askpass was open (a closed terminal, a
    /// timeout) left the dialog up for ever, orphaned, holding the keyboard for nobody. Now
    /// nobody reading stdout closes it as a cancel, and the keyboard is free again.
    @Test func theCallersDeathEndsTheAskpass() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        _ = try desk.nextDialog()
        let prober = try desk.client()
        let probe = prober.makeWindow()
        try waitUntil("the askpass holds the keyboard") { prober.keyboardIsHeldElsewhere(probe: probe) }
        try desk.type("abc")
        #expect(p.child.isRunning, "the control: while its caller reads, the dialog stays")
        p.child.closeStdoutReader()
        #expect(try p.waitExit(timeout: 3) == 1)
        #expect(!prober.keyboardIsHeldElsewhere(probe: probe))
    }

    /// The control, and how scripts use a pinentry: the end of stdin alone (commands piped in)
    /// leaves the dialog up, and its answer is written, as pinentry-gtk-2 and pinentry-curses do.
    @Test func aScriptPipedInGetsItsAnswer() throws {
        let xvfb = try Xvfb()
        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("SETPROMPT Passphrase:\nGETPIN\n")
        pinentry.child.closeInput()
        try pinentry.window()
        try pinentry.type("abc")
        try pinentry.key("Return")
        #expect(try pinentry.waitExit(timeout: 5) == 0)
        #expect(pinentry.replies.hasSuffix("meet you\nOK\nD abc\nOK\n"), "\(pinentry.replies)")
    }

    // MARK: 7. Assuan

    /// A line that starts with NUL got no reply, so a client waited forever; libassuan answers
    /// it as a command with an empty name: a syntax error.
    @Test func aLineStartingWithNulIsAnswered() throws {
        let child = try Child([PinBoxProcess.binary, "pinentry"], input: Array("\u{0}GETPIN\nNOP\nBYE\n".utf8),
                              capture: true)
        #expect(child.wait() == 0)
        let lines = String(decoding: child.read().out, as: UTF8.self).split(separator: "\n").dropFirst()
        #expect(Array(lines) == ["ERR 536871188 IPC syntax error <User defined source 1> - leading white-space",
                                 "OK", "OK closing connection"])
    }

    // MARK: 8. Payment amounts

    @Test(arguments: [("\u{200f}1 250", "U+200F"), ("¥\u{0661}\u{0662}\u{0663}", "U+0661"), ("¥12\r\n34", "U+000D"),
                      ("¥12\n34", "U+000A")])
    func aDisguisedAmountIsRefused(_ amount: String, _ named: String) throws {
        let p = try PinBoxProcess(["pay", "--amount", amount], display: nil)
        #expect(try p.waitExit() == 2)
        #expect(p.stderr.hasPrefix("pinbox: --amount may hold only the digits 0–9") && p.stderr.hasSuffix("not \(named)\n"),
                "\(p.stderr)")
    }

    /// A payee or a title is one line: a line break or an escape would be drawn as a box.
    @Test(arguments: [("--payee", "Coffee\nShop"), ("--payee", "Shop\u{1b}[31m"), ("--title", "Pay\rnow")])
    func aPayeeOrTitleWithAControlCharacterIsRefused(_ option: String, _ text: String) throws {
        let p = try PinBoxProcess(["pay", "--amount", "1", option, text], display: nil)
        #expect(try p.waitExit() == 2)
        #expect(p.stderr == "pinbox: \(option) is one line: it cannot hold a line break or another control character\n")
        // The control: the same words on one line open the sheet (no display here: exit 3).
        let fine = try PinBoxProcess(["pay", "--amount", "1", option, "Coffee Shop"], display: nil)
        #expect(try fine.waitExit() == 3)
    }

    /// `¥1,000,000,000,000,000,000,025.00` showed a middle slice, its ends cut by the window's
    /// edges. It is drawn whole and smaller now, or cut at its end with an ellipsis: its ink
    /// stays inside the sheet with a margin.
    @Test func aLongAmountFitsTheSheet() throws {
        let out = NSTemporaryDirectory() + "pinbox-pay-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let amount = "¥1,000,000,000,000,000,000,025.00"
        let p = try PinBoxProcess(["render", "--pay", "--amount", amount, "--out", out], display: nil)
        #expect(try p.waitExit() == 0, "\(p.stderr)")
        let canvas = try Canvas(png: out)
        let field = try FieldConfiguration(theme: .paypass, count: 6).layout().bounds.size
        let layout = PaySheetLayout(window: Size(width: Double(canvas.width), height: Double(canvas.height)),
                                    content: PageContent(description: amount), fieldSize: field,
                                    linkText: "Forgot password?", scale: 1, measure: TextLayout.measure)
        let baseline = Int(try #require(layout.amount).y)
        var inked: [Int] = []
        for y in (baseline - 20)...baseline {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) & 0xffffff != 0xffffff { inked.append(x) }
        }
        #expect(!inked.isEmpty, "the amount is drawn")
        #expect((inked.min() ?? 0) >= 10 && (inked.max() ?? canvas.width) <= canvas.width - 10,
                "ink from \(inked.min() ?? -1) to \(inked.max() ?? -1) in \(canvas.width)")
    }

    /// SETPROMPT is a mnemonic label in pinentry (`_Passphrase:`): drawn without its mark, as
    /// pinentry-gtk-2 draws it. The same prompt without a mark is the control; a doubled mark
    /// is an underscore.
    @Test func aPromptsMnemonicMarkIsNotDrawn() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.title = "Passphrase entry"
        spec.prompt = "Passphrase"
        let entry = try spec.makePage(measure: TextLayout.measure).geometry.fields[0]
        func label(_ prompt: String) throws -> [UInt32] {
            let pinentry = try PinentryDriver(display: xvfb.display)
            pinentry.send("SETPROMPT \(prompt)\nGETPIN\n")
            let id = try hexWindowID(try pinentry.window())
            // Above the entry (whose caret blinks): the label.
            let pixels = x.stillPixels(id, width: Int(x.size(of: id).width), height: Int(entry.y) - 2)
            try pinentry.key("Escape")
            try pinentry.waitOutput("ERR 83886179")
            pinentry.send("BYE\n")
            _ = try pinentry.waitExit()
            return pixels
        }
        let plain = try label("Passphrase:")
        #expect(try label("_Passphrase:") == plain)
        #expect(try label("Pass__phrase:") != plain)
    }

    // MARK: 9. Paste into passphrases

    /// A password manager's passphrase pasted with Ctrl+V into the askpass and with a middle
    /// click into a pinentry's GETPIN reaches the caller whole; `--paste off` and the resource
    /// `paste: off` refuse it (the controls: the same steps with paste on).
    @Test func aPastedPassphraseReachesTheCallerUnlessPasteIsOff() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        // A paste is fetched from its owner, while the keys typed after it wait their turn: a
        // password manager's Ctrl+V then Return answers the whole paste. The owner is held
        // stopped until the keys are on their way, so its answer comes after them.
        let owner = try Child(["xclip", "-quiet", "-selection", "clipboard", "-i"], environment: ["DISPLAY": xvfb.display],
                              input: Array("correct horse battery\n".utf8), capture: true)
        defer { kill(owner.pid, SIGKILL); owner.wait() }
        try waitUntil("xclip owns the clipboard") { x.owner(of: "CLIPBOARD") != 0 }
        let pasted = try askpass(["Passphrase:"], display: xvfb.display)
        kill(owner.pid, SIGSTOP)
        try pasted.xdotool(["key", "--delay", "0", "ctrl+v", "exclam", "Return"])
        kill(owner.pid, SIGCONT)
        #expect(try pasted.waitExit() == 0)
        #expect(pasted.stdout == "correct horse battery!\n")

        let off = try askpass(["--paste", "off", "Passphrase:"], display: xvfb.display)
        // The refusal shows (and a paste taken by mistake would show as dots): then x and Return.
        var before = x.stillPixels(off.windowID!)
        try off.keys("ctrl+v", "shift+Insert")
        try x.waitForChange(off.windowID!, from: before, "the refused paste shown")
        try off.keys("x", "Return")
        #expect(try off.waitExit() == 0)
        #expect(off.stdout == "x\n")

        // Where the passphrase entry is in the pinentry's dialog (a "PIN:" prompt would ask for
        // card PIN boxes, which never take a paste).
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.title = "Passphrase entry"
        spec.prompt = "Passphrase"
        let entry = try spec.makePage(measure: TextLayout.measure).geometry.fields[0]
        let click = [String(Int(entry.mid.x)), String(Int(entry.mid.y))]
        let pinentry = try PinentryDriver(display: xvfb.display)
        try offer("Tr0ub4dor &3", on: "primary", display: xvfb.display)
        pinentry.send("SETPROMPT Passphrase:\nGETPIN\n")
        let id = try pinentry.window()
        before = x.stillPixels(try hexWindowID(id))
        try pinentry.xdotool(["mousemove", "--window", id] + click + ["click", "2"])
        try x.waitForChange(try hexWindowID(id), from: before, "the pasted passphrase shown")

        try pinentry.key("Return")
        try pinentry.waitOutput("OK\nD Tr0ub4dor &3\nOK\n")
        pinentry.send("BYE\n")
        _ = try pinentry.waitExit()

        try loadResources("PinBox.pinentry.paste: off\nPinBox.askpass.paste: off\n", display: xvfb.display)
        let refusing = try PinentryDriver(display: xvfb.display)
        refusing.send("SETPROMPT Passphrase:\nGETPIN\n")
        let rid = try refusing.window()
        before = x.stillPixels(try hexWindowID(rid))
        try refusing.xdotool(["mousemove", "--window", rid] + click + ["click", "2"])
        try refusing.key("ctrl+v")
        try x.waitForChange(try hexWindowID(rid), from: before, "the refused paste shown")
        try refusing.key("Return")
        // SETPROMPT's OK, then GETPIN's: an empty answer, no D line.
        let replies = try refusing.waitOutput("OK\n", count: 2)
        #expect(!replies.contains("D "), "\(replies)")
        refusing.send("BYE\n")
        _ = try refusing.waitExit()
        let resourceOff = try askpass(["Passphrase:"], display: xvfb.display)
        try resourceOff.keys("ctrl+v", "y", "Return")
        #expect(try resourceOff.waitExit() == 0)
        #expect(resourceOff.stdout == "y\n")
    }

    /// Any client can set the root's `_NET_CURRENT_DESKTOP`: 0xFFFFFFFF read as -1 indexed the
    /// work area before its start, and every prompt on the display died before it showed. A
    /// desktop number no manager uses is passed over, with the work area it would pick (the
    /// control: desktop 0 picks the area).
    @Test func aCurrentDesktopOfMinusOneIsPassedOver() throws {
        let xvfb = try Xvfb(size: "1600x900x24")
        let manager = try XClient(xvfb.display)
        manager.setWorkArea(x: 0, y: 0, width: 1600, height: 500)
        for (desktop, inArea) in [(0, true), (0xFFFF_FFFF, false)] {
            manager.setCardinal("_NET_CURRENT_DESKTOP", to: desktop)
            let p = try askpass(["Passphrase:"], display: xvfb.display)
            let g = try windowGeometry(p.windowID!, display: xvfb.display)
            #expect((g.y + g.height <= 500) == inArea, "desktop \(desktop): \(g)")
            try p.xdotool(["type", "--delay", "20", "ok"])
            try p.keys("Return")
            #expect(try p.waitExit() == 0 && p.stdout == "ok\n", "desktop \(desktop): \(p.stderr)")
        }
    }

    /// Any client can set another window's `_NET_FRAME_EXTENTS`: on the first prompt, a frame
    /// of 0x7FFFFFFF pixels a side made the second one's own frame as large, and it opened in
    /// the screen's corner rather than beside the first. A frame larger than the screen counts
    /// as none (the control: no frame set, the place it opens in).
    @Test func aFirstPromptsFrameLargerThanTheScreenIsPassedOver() throws {
        let xvfb = try Xvfb(size: "1280x1024x24")
        let x = try XClient(xvfb.display)
        var places: [Int: (x: Int, y: Int)] = [:]
        for extent in [0, 0x7FFF_FFFF, 0xFFFF_FFFF] {
            let first = try askpass(["First:"], display: xvfb.display)
            if extent > 0 {
                x.setCardinals("_NET_FRAME_EXTENTS", of: Window(UInt(first.windowID!.dropFirst(2), radix: 16)!),
                               to: [extent, extent, extent, extent])
            }
            let second = try askpass(["Second:"], display: xvfb.display)
            let a = try windowGeometry(first.windowID!, display: xvfb.display)
            let b = try windowGeometry(second.windowID!, display: xvfb.display)
            places[extent] = (b.x, b.y)
            #expect(b.y >= a.y + a.height || b.y + b.height <= a.y, "extent \(extent): beside, at \(b), not over \(a)")
            for p in [first, second] {
                kill(p.pid, SIGTERM)
                _ = try p.waitExit()
            }
        }
        #expect(places[0x7FFF_FFFF]! == places[0]! && places[0xFFFF_FFFF]! == places[0]!, "\(places)")
    }
}

extension XClient {
    /// Sets CARDINALs of `window`, as a window manager does (`_NET_FRAME_EXTENTS`).
    func setCardinals(_ name: String, of window: Window, to values: [Int]) {
        var values = values
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(display, window, atom(name), Atom(XA_CARDINAL), 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32($0.count / 8))
        }
        XSync(display, 0)
    }

    /// Sets `_NET_WORKAREA` on the root window, as a window manager with panels does, and
    /// names a check window of this connection as the running manager's (`_NET_SUPPORTING_WM_CHECK`
    /// on the root and on itself), which lives as long as this client does.
    func setWorkArea(x: Int, y: Int, width: Int, height: Int) {
        let root = XDefaultRootWindow(display)
        let check = XCreateSimpleWindow(display, root, -1, -1, 1, 1, 0, 0, 0)
        for window in [root, check] { setWindowProperty("_NET_SUPPORTING_WM_CHECK", of: window, to: check) }
        var values = [x, y, width, height]
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(display, root, atom("_NET_WORKAREA"), Atom(XA_CARDINAL), 32,
                                PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 4)
        }
        XSync(display, 0)
    }

    /// Sets a CARDINAL of the root window, as a window manager does (`_NET_CURRENT_DESKTOP`).
    func setCardinal(_ name: String, to value: Int) {
        var values = [value]
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(display, XDefaultRootWindow(display), atom(name), Atom(XA_CARDINAL), 32,
                                PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        XSync(display, 0)
    }

    func setWindowProperty(_ name: String, of window: Window, to value: Window) {
        var values = [Int(value)]
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(display, window, atom(name), Atom(XA_WINDOW), 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
    }
}
