// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing

/// An open prompt follows the desktop as a GTK program beside it does: the user who cannot
/// read the prompt in front of them turns high contrast on, or dark, or animations off, and
/// the prompt changes then and there, keeping what was typed. Driven by a real xsettingsd
/// reloading its configuration (SIGHUP), and by a new daemon taking the settings over.
@Suite("An open prompt follows the desktop, end to end", .endToEnd)
struct DesktopFollowingTests {
    typealias Ground = DesktopColorSchemeTests.Ground

    /// Waits until the prompt's window shows `expected` at its corner.
    static func waitForGround(_ expected: Ground, of window: String, on display: String, _ what: String) throws {
        let x = try XClient(display)
        var seen = Ground.neither(0)
        try waitUntil("\(what): \(expected), last seen \(seen)", timeout: 10) {
            seen = DesktopColorSchemeTests.ground(of: x.pixel(window, x: 2, y: 2))
            return seen == expected
        }
    }

    @Test func anOpenPromptTurnsAsTheDesktopDoesAndKeepsWhatWasTyped() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb)
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        let id = try #require(prompt.windowID)
        try prompt.xdotool(["type", "--delay", "20", "se"])
        try daemon.reload("Net/ThemeName \"HighContrast\"\n")
        try Self.waitForGround(.highContrast, of: id, on: xvfb.display, "GNOME's high-contrast switch")
        try prompt.xdotool(["type", "--delay", "20", "sa"])
        try daemon.reload("Net/ThemeName \"Adwaita-dark\"\n")
        try Self.waitForGround(.dark, of: id, on: xvfb.display, "a dark desktop")
        try prompt.xdotool(["type", "--delay", "20", "me"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "sesame\n", "nothing typed was lost or doubled")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
        #expect(daemon.isRunning)
    }

    /// The user's `--contrast normal` holds while the desktop turns to HighContrastInverse;
    /// the scheme, left to the desktop, follows it to dark.
    @Test func whatTheUserNamedHoldsWhileTheRestFollows() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, options: ["--contrast", "normal"])
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        try daemon.reload("Net/ThemeName \"HighContrastInverse\"\n")
        try Self.waitForGround(.dark, of: try #require(prompt.windowID), on: xvfb.display, "dark, at normal contrast")
        try DesktopColorSchemeTests.answer(prompt)
        #expect(daemon.isRunning)
    }

    /// No settings daemon when the prompt opened; one starts (its MANAGER message on the
    /// root), and the prompt follows it.
    @Test func aSettingsDaemonStartedLaterIsFollowed() throws {
        let xvfb = try Xvfb()
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb)
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita-dark\"\n")
        try Self.waitForGround(.dark, of: try #require(prompt.windowID), on: xvfb.display, "the new daemon's dark theme")
        try DesktopColorSchemeTests.answer(prompt)
        #expect(daemon.isRunning)
    }

    /// The touch notice's cue breathes; the desktop turns animations off and it holds still,
    /// with no frame asked for; turned on again, it breathes again.
    @Test func animationsTurnedOffStillTheOpenPrompt() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Gtk/EnableAnimations 1\n")
        let notice = try DesktopMotionTests.touchNotice(on: xvfb)
        let x = try XClient(xvfb.display)
        let id = try #require(notice.windowID)
        try waitUntil("the notice drawn", timeout: 10) { Set(x.pixels(id)).count > 16 }
        #expect(!DesktopMotionTests.holdsStill(x, id, for: 1), "the control: the cue breathes")
        try daemon.reload("Gtk/EnableAnimations 0\n")
        try waitUntil("the cue still", timeout: 10) { DesktopMotionTests.holdsStill(x, id, for: 1) }
        try daemon.reload("Gtk/EnableAnimations 1\n")
        try waitUntil("the cue breathing again", timeout: 10) { !DesktopMotionTests.holdsStill(x, id, for: 0.5) }
        kill(notice.pid, SIGTERM)
        #expect(try notice.waitExit() == 1)
        #expect(notice.stderr.isEmpty, "\(notice.stderr)")
        #expect(daemon.isRunning)
    }

    /// The pinentry follows too: its dialog, asked for a PIN as an agent asks, turns to high
    /// contrast while it asks.
    @Test func thePinentrysOpenDialogFollows() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let dialog = try PinentryDialog(display: xvfb.display)
        try Self.waitForGround(.light, of: dialog.window, on: xvfb.display, "the dialog drawn light")
        try daemon.reload("Net/ThemeName \"HighContrast\"\n")
        try Self.waitForGround(.highContrast, of: dialog.window, on: xvfb.display, "high contrast")
        #expect(try dialog.close().isEmpty)
        #expect(daemon.isRunning)
    }

    /// Any client can own the settings and rewrite them as fast as it can, light, dark, light:
    /// the prompt flickers at worst, and what is typed arrives whole. The owner's writes are
    /// counted, so the storm is known to have blown while the keys went in.
    @Test func aSettingsStormLosesNoKey() throws {
        let xvfb = try Xvfb()
        let storm = DesktopStorm.settings(display: xvfb.display)
        defer { storm.stop() }
        try storm.typingLosesNoKey(on: xvfb)
    }
}

extension DesktopFollowingTests {
    /// Any client can name any window as the settings' owner and announce it: the prompt's own
    /// window, or the root. Watching such an "owner" would ask for its property changes alone,
    /// replacing what the prompt asked of that window: on its own window, its keys (without a
    /// grab) and clicks; on the root, the next daemon's MANAGER message. Then a real owner with a
    /// dark theme is announced: the prompt turns dark (it still hears the root), and the keys
    /// typed into it, ungrabbed, arrive.
    @Test(arguments: ["the prompt's window", "the root"])
    func anOwnerNamedAsThePromptOrTheRootDeafensNothing(_ named: String) throws {
        let xvfb = try Xvfb()
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, options: ["--no-grab"])
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        let id = try #require(prompt.windowID)
        _ = try run(["xdotool", "windowfocus", "--sync", id], display: xvfb.display)
        let attacker = try XClient(xvfb.display)
        let victim = named == "the root" ? XDefaultRootWindow(attacker.display) : XClient.window(id)
        attacker.announceSettingsOwner(victim)
        // The control that the prompt heard both: a real owner, announced the same way.
        attacker.ownSettings(HostileSettings.wellFormed(padding: 0, theme: "Adwaita-dark"))
        attacker.announceSettingsOwner(attacker.owner(of: "_XSETTINGS_S0"))
        try Self.waitForGround(.dark, of: id, on: xvfb.display, "the real owner after \(named)")
        try prompt.xdotool(["type", "--delay", "20", "pw"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit(timeout: 20) == 0)
        #expect(prompt.stdout == "pw\n")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
    }
}

extension DesktopFollowingTests {
    /// Listening on the root for MANAGER messages hears whatever any client broadcasts there
    /// with StructureNotify: a WM_DELETE_WINDOW sent to the root is nobody's word to the prompt.
    /// Each step is known heard by the owner announced after it (dark, then light); the control,
    /// the same message sent to the window, closes it.
    @Test func aCloseBroadcastToTheRootClosesNothing() throws {
        let xvfb = try Xvfb()
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb)
        let id = try #require(prompt.windowID)
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        let x = try XClient(xvfb.display)
        x.ownSettings(HostileSettings.wellFormed(padding: 0, theme: "Adwaita-dark"))
        x.announceSettingsOwner(x.owner(of: "_XSETTINGS_S0"))
        try Self.waitForGround(.dark, of: id, on: xvfb.display, "the root listened to")
        x.broadcastDeleteWindow()
        x.ownSettings(HostileSettings.wellFormed(padding: 0, theme: "Adwaita"))
        x.announceSettingsOwner(x.owner(of: "_XSETTINGS_S0"))
        try Self.waitForGround(.light, of: id, on: xvfb.display, "the broadcast heard, and passed over")
        #expect(kill(prompt.pid, 0) == 0, "still open")
        x.sendDeleteWindow(id)
        #expect(try prompt.waitExit(timeout: 10) == 1, "the control: sent to the window, it closes")
        #expect(prompt.stdout.isEmpty)
    }
}

extension XClient {
    /// Names `owner` as `_XSETTINGS_S0`'s owner and says so to the root as a new manager does
    /// (ICCCM 2.8: a MANAGER client message, to StructureNotify listeners).
    func announceSettingsOwner(_ owner: Window) {
        XSetSelectionOwner(display, atom("_XSETTINGS_S0"), owner, UInt(CurrentTime))
        sendMessage("MANAGER", [Int(CurrentTime), Int(atom("_XSETTINGS_S0")), Int(owner)],
                    to: XDefaultRootWindow(display), mask: StructureNotifyMask)
    }

    /// A window manager's close, sent to the root for anyone listening to it.
    func broadcastDeleteWindow() {
        sendMessage("WM_PROTOCOLS", [Int(atom("WM_DELETE_WINDOW")), Int(CurrentTime)],
                    to: XDefaultRootWindow(display), mask: StructureNotifyMask)
    }
}

/// A client on its own thread that rewrites what the desktop says, one round trip after
/// another, until stopped: `setUp` once, then `write` with the count of writes so far. Sendable
/// by hand: its count is behind `lock`, and its connection is its thread's alone.
final class DesktopStorm: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    init(display: String, setUp: @escaping @Sendable (XClient) -> Void = { _ in },
         write: @escaping @Sendable (XClient, Int) -> Void) {
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            guard let x = try? XClient(display) else { return }
            setUp(x)
            var i = 0
            while !lock.withLock({ stopped }) {
                write(x, i)
                i += 1
                lock.withLock { count = i }
            }
        }
    }

    /// The owner of `_XSETTINGS_S0`, rewriting its property light, dark, light.
    static func settings(display: String) -> DesktopStorm {
        @Sendable func theme(_ name: String) -> [UInt8] { HostileSettings.wellFormed(padding: 0, theme: name) }
        return DesktopStorm(display: display, setUp: { $0.ownSettings(theme("Adwaita")) },
                            write: { x, i in x.rewriteSettings(theme(i % 2 == 0 ? "Adwaita-dark" : "Adwaita")) })
    }

    var writes: Int { lock.withLock { count } }

    func stop() {
        lock.withLock { stopped = true }
        done.wait()
    }

    /// Types a passphrase into an askpass on `xvfb` while the storm blows: it arrives whole,
    /// and the storm is known to have blown meanwhile (its writes counted).
    func typingLosesNoKey(on xvfb: Xvfb) throws {
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb)
        let before = writes
        try prompt.xdotool(["type", "--delay", "15", "correct horse battery staple"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit(timeout: 30) == 0)
        #expect(prompt.stdout == "correct horse battery staple\n")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
        #expect(writes > before + 100, "\(writes - before) writes while typing")
    }
}
