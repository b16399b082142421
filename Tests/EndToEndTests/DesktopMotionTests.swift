// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A prompt moves as the desktop's GTK programs do: still when the desktop turned animations
/// off (XSETTINGS `Gtk/EnableAnimations` 0, from GNOME's "Reduce animation" or KDE's slowest
/// speed) or the user did (`--animations off`, the `animations` resource); its caret blinking
/// as the desktop's `Net/CursorBlink` says. Each still prompt has its moving control.
@Suite("Prompts move as the desktop says, end to end", .endToEnd)
struct DesktopMotionTests {
    /// Whether the window shows the same pixels for `span` seconds: sampled over and over, so
    /// a cue drawn at its calm rate, or a caret's blink, is seen if it moves.
    static func holdsStill(_ x: XClient, _ id: String, for span: Double) -> Bool {
        let first = x.pixels(id)
        let end = Date().addingTimeInterval(span)
        while Date() < end {
            if x.pixels(id) != first { return false }
            usleep(20_000)
        }
        return true
    }

    /// A desktop whose caret does not blink, and one whose caret blinks fast (the control).
    static let blinkingDesktops = [("Net/CursorBlink 0\n", false), ("Net/CursorBlink 1\nNet/CursorBlinkTime 400\n", true)]

    /// ssh's "touch your key" notice, its cue breathing, on `xvfb`.
    static func touchNotice(on xvfb: Xvfb, options: [String] = []) throws -> PinBoxProcess {
        let p = try PinBoxProcess(["askpass"] + options + ["Confirm user presence for key ED25519-SK SHA256:abc"],
                                  display: xvfb.display, environment: ["GTK_THEME": "", "SSH_ASKPASS_PROMPT": "none"])
        try p.findWindowByPID()
        return p
    }

    /// The cue drawn (a first frame), then whether it moves: the notice ended by its caller.
    static func cueMoves(_ p: PinBoxProcess, on xvfb: Xvfb) throws -> Bool {
        let x = try XClient(xvfb.display)
        let id = try #require(p.windowID)
        try waitUntil("the notice drawn", timeout: 10) { Set(x.pixels(id)).count > 16 }
        let moves = !holdsStill(x, id, for: 1)
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
        #expect(p.stderr.isEmpty, "\(p.stderr)")
        return moves
    }

    @Test func aDesktopWithoutAnimationsGetsAStillCue() throws {
        let xvfb = try Xvfb()
        do {
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Gtk/EnableAnimations 0\n")
            #expect(try !Self.cueMoves(try Self.touchNotice(on: xvfb), on: xvfb), "still: the desktop has no animations")
            #expect(daemon.isRunning)
        }
        // The control: the same desktop with animations on.
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Gtk/EnableAnimations 1\n")
        #expect(try Self.cueMoves(try Self.touchNotice(on: xvfb), on: xvfb))
        #expect(daemon.isRunning)
    }

    /// The user's word, on the command line or in a resource, with no desktop saying anything;
    /// and `on` over a desktop that says off.
    @Test func theUsersWordOnAnimationsWins() throws {
        let xvfb = try Xvfb()
        #expect(try !Self.cueMoves(try Self.touchNotice(on: xvfb, options: ["--animations", "off"]), on: xvfb))
        try loadResources("pinbox-askpass*animations: off\n", display: xvfb.display)
        #expect(try !Self.cueMoves(try Self.touchNotice(on: xvfb), on: xvfb), "the resource")
        #expect(try Self.cueMoves(try Self.touchNotice(on: xvfb, options: ["--animations", "on"]), on: xvfb),
                "the option over the resource")
        try loadResources("", display: xvfb.display)
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Gtk/EnableAnimations 0\n")
        #expect(try Self.cueMoves(try Self.touchNotice(on: xvfb, options: ["--animations", "on"]), on: xvfb),
                "the option over the desktop")
        #expect(daemon.isRunning)
    }

    /// A desktop whose caret does not blink: the focused entry's caret holds still; under a
    /// desktop whose caret blinks fast, it blinks (the control).
    @Test func theAskpassCaretBlinksAsTheDesktopSays() throws {
        let xvfb = try Xvfb()
        for (configuration, blinks) in Self.blinkingDesktops {
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: configuration)
            let p = try DesktopColorSchemeTests.askpass(on: xvfb)
            let x = try XClient(xvfb.display)
            let id = try #require(p.windowID)
            try waitUntil("the dialog drawn", timeout: 10) { Set(x.pixels(id)).count > 16 }
            // Its focus ring in place first: that change is not the caret's.
            _ = x.stillPixels(id)
            #expect(Self.holdsStill(x, id, for: 1.5) == !blinks, "\(configuration)")
            #expect(daemon.isRunning)
            try DesktopColorSchemeTests.answer(p)
        }
    }

    /// How often every thread of `pid` has gone to sleep so far (its voluntary context
    /// switches; the others are the machine's load, not the program's wakes).
    static func switches(of pid: pid_t) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { sum, task in
            sum + procFile("/proc/\(pid)/task/\(task)/status").split(separator: "\n").reduce(0) { count, line in
                line.hasPrefix("voluntary_ctxt_switches:") ? count + (Int(line.split(separator: "\t").last ?? "") ?? 0)
                    : count
            }
        }
    }

    /// A settings owner that asks for a 1-ms blink gets GTK's fastest, 100 ms: the caret
    /// changes 20 times a second, some 40 sleeps (a build without the bound slept 1 100 times a
    /// second here); the upper bound leaves room for a loaded machine, where each frame waits
    /// more. The lower bound shows the caret does blink (a still process sleeps for good).
    @Test func aHostileBlinkTimeIsHeldToGTKsBound() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/CursorBlinkTime 1\n")
        let p = try DesktopColorSchemeTests.askpass(on: xvfb)
        let x = try XClient(xvfb.display)
        try waitUntil("the dialog drawn", timeout: 10) { Set(x.pixels(try #require(p.windowID))).count > 16 }
        let before = Self.switches(of: p.pid), start = Date()
        usleep(1_000_000)
        let perSecond = Double(Self.switches(of: p.pid) - before) / Date().timeIntervalSince(start)
        #expect(perSecond > 5 && perSecond < 300, "\(perSecond) wake-ups a second")
        #expect(daemon.isRunning)
        try DesktopColorSchemeTests.answer(p)
    }

    /// The pinentry reads the same settings at each dialog: its caret still under a desktop
    /// that does not blink, blinking under one that does.
    @Test func thePinentryCaretBlinksAsTheDesktopSays() throws {
        let xvfb = try Xvfb()
        for (configuration, blinks) in Self.blinkingDesktops {
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: configuration)
            let dialog = try PinentryDialog(display: xvfb.display, options: ["--animations", "off"])
            let x = try XClient(xvfb.display)
            try waitUntil("the dialog drawn", timeout: 10) { Set(x.pixels(dialog.window)).count > 16 }
            _ = x.stillPixels(dialog.window)
            // `--animations off` stills what moves on its own; the caret is the desktop's.
            #expect(Self.holdsStill(x, dialog.window, for: 1.5) == !blinks, "\(configuration)")
            let said = try dialog.close()
            #expect(!said.contains("--animations"), "\(said)")
            #expect(daemon.isRunning)
        }
    }
}
