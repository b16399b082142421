// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// GNOME 42 and later keep the user's light or dark choice in the settings portal
/// (`org.freedesktop.appearance` `color-scheme`), while gsd-xsettings goes on publishing
/// "Adwaita" as the theme: a prompt on GNOME asks the portal, and follows its changes while
/// open. Driven by the real xdg-desktop-portal with its GTK back end, reading GNOME's
/// `color-scheme` key from dconf (set with `gsettings`, as GNOME's Settings does), on a private
/// session bus, beside a real xsettingsd publishing "Adwaita".
@Suite("GNOME's dark preference through the settings portal, end to end", .endToEnd)
struct PortalColorSchemeTests {
    typealias Ground = DesktopColorSchemeTests.Ground

    /// The askpass's ground on a GNOME desktop whose `color-scheme` is `scheme`, with
    /// `environment` over the session's.
    static func ground(scheme: String, environment: [String: String] = [:], options: [String] = []) throws -> Ground {
        let desk = try GnomeDesk(colorScheme: scheme)
        let prompt = try desk.askpass(options: options, environment: environment)
        let ground = try DesktopColorSchemeTests.ground(prompt)
        try DesktopColorSchemeTests.answer(prompt)
        #expect(desk.daemon?.isRunning == true)
        return ground
    }

    @Test func gnomesDarkPreferenceDrawsADarkPrompt() throws {
        #expect(try Self.ground(scheme: "prefer-dark") == .dark)
    }

    /// The pinentry asks at each dialog, as it reads the desktop's settings, and follows the
    /// portal while its dialog is open.
    @Test func thePinentryFollowsGnomesDarkPreference() throws {
        let desk = try GnomeDesk(colorScheme: "prefer-dark")
        let dialog = try PinentryDialog(display: desk.xvfb.display, environment: desk.session.environment)
        #expect(try DesktopColorSchemeTests.ground(of: dialog.window, display: desk.xvfb.display) == .dark)
        try desk.session.set(colorScheme: "default")
        let x = try XClient(desk.xvfb.display)
        var seen = Ground.dark
        try waitUntil("the open pinentry turned light, seen \(seen)", timeout: 10) {
            seen = DesktopColorSchemeTests.ground(of: x.pixel(dialog.window, x: 2, y: 2))
            return seen == .light
        }
        #expect(try dialog.close().isEmpty)
        #expect(desk.daemon?.isRunning == true)
    }

    /// The payment sheet asks the portal as the prompts do, and turns with it while open,
    /// keeping the digits typed.
    @Test func thePaymentSheetFollowsGnomesDarkStyle() throws {
        let desk = try GnomeDesk(colorScheme: "prefer-dark")
        let p = try PayDesktopTests.sheet(on: desk.xvfb, environment: desk.session.environment)
        try PayDesktopTests.waitForBand(.dark, of: p, "GNOME's dark style")
        try p.xdotool(["type", "--delay", "20", "123"])
        try desk.session.set(colorScheme: "default")
        try PayDesktopTests.waitForBand(.light, of: p, "turned off under the open sheet")
        try PayDesktopTests.finish(p, typing: "456")
        #expect(desk.daemon?.isRunning == true)
    }

    /// GNOME's dark style switched on and off under an open prompt: it follows, as libadwaita's
    /// programs do, and what was typed before, between and after the switches is all answered.
    /// With gsd-xsettings publishing the theme, as on GNOME's X11 session, and with no settings
    /// daemon at all.
    @Test(arguments: [true, false]) func anOpenPromptFollowsGnomesDarkStyle(settingsDaemon: Bool) throws {
        let desk = try GnomeDesk(colorScheme: "default", settingsDaemon: settingsDaemon)
        let prompt = try desk.askpass()
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        for (scheme, letter, expected) in [("prefer-dark", "a", Ground.dark), ("default", "b", .light),
                                           ("prefer-dark", "c", .dark), ("prefer-light", "d", .light)] {
            try prompt.xdotool(["type", letter])
            try desk.session.set(colorScheme: scheme)
            try Self.waitForGround(expected, of: prompt, scheme)
        }
        try prompt.xdotool(["type", "e"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "abcde\n")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
        #expect(desk.daemon?.isRunning != false)
    }

    /// GNOME's portal ended and started again under an open prompt (an update restarts it, a
    /// crash ends it and the next application's call starts it): the prompt hears the new one,
    /// asks it what changed while none ran (the dark style switched on), and follows its
    /// changes after; what was typed all along is answered.
    @Test func aPortalStartedAgainIsHeard() throws {
        let desk = try GnomeDesk(colorScheme: "default")
        let prompt = try desk.askpass()
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        try prompt.xdotool(["type", "a"])
        try desk.session.restartPortal(answering: "prefer-dark") {
            try desk.session.set(colorScheme: "prefer-dark")
        }
        try Self.waitForGround(.dark, of: prompt, "what changed while no portal ran")
        try prompt.xdotool(["type", "b"])
        try desk.session.set(colorScheme: "default")
        try Self.waitForGround(.light, of: prompt, "the new portal's change")
        try prompt.xdotool(["type", "c"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "abc\n")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
    }

    /// Any client of the session bus can send the prompt's connection a signal in the portal's
    /// words, to it alone or to all, or in the bus's words say it owns the portal's name: only
    /// the portal's own changes are heard. The forgeries say "prefer dark" and the prompt stays
    /// light for as long as the real change takes many times over; the control, the real
    /// portal saying the same, turns it dark.
    @Test func aForgedPortalSignalIsNotHeard() throws {
        let desk = try GnomeDesk(colorScheme: "default")
        let (session, prompt) = (desk.session, try desk.askpass())
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        let names = try session.uniqueNames(of: prompt.pid)
        let signal = ["/org/freedesktop/portal/desktop", "org.freedesktop.portal.Settings.SettingChanged",
                      "string:org.freedesktop.appearance", "string:color-scheme", "variant:uint32:1"]
        for destination in names.map({ ["--dest=\($0)"] }) + [[]] {
            let sent = try run(["dbus-send", "--session", "--type=signal"] + destination + signal,
                               environment: session.busEnvironment)
            #expect(sent.status == 0, "\(sent.output)")
        }
        // A client that says, in the bus's words, that it is the portal now, then speaks as it.
        let script = session.root + "/usurper.py"
        try Self.usurperScript.write(toFile: script, atomically: true, encoding: .utf8)
        let usurper = try run(["/usr/bin/python3", script] + names, environment: session.busEnvironment)
        #expect(usurper.status == 0 && usurper.output.hasPrefix(":"), "\(usurper.output)")
        let x = try XClient(desk.xvfb.display), window = try #require(prompt.windowID)
        let until = Date().addingTimeInterval(2)
        var seen = Ground.light
        while Date() < until, seen == .light {
            seen = DesktopColorSchemeTests.ground(of: x.pixel(window, x: 2, y: 2))
            usleep(50_000)
        }
        #expect(seen == .light, "after the forgeries")
        try session.set(colorScheme: "prefer-dark")
        try Self.waitForGround(.dark, of: prompt, "the control")
        try DesktopColorSchemeTests.answer(prompt)
        #expect(desk.daemon?.isRunning == true)
    }

    /// A client that floods the prompt's connection with forged and malformed changes (a string
    /// where the number goes, arguments missing, a 64 kB namespace, the portal's own words) while
    /// the user types: every key arrives, the prompt stays light through the flood, and the
    /// real portal's change after it is still heard.
    @Test func aFloodOfForgedSignalsLosesNoKey() throws {
        let desk = try GnomeDesk(colorScheme: "default")
        let (session, prompt) = (desk.session, try desk.askpass())
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        let script = session.root + "/flood.py"
        try Self.floodScript.write(toFile: script, atomically: true, encoding: .utf8)
        let flood = try Child(["/usr/bin/python3", script, "10000"] + session.uniqueNames(of: prompt.pid),
                              environment: session.busEnvironment, capture: true)
        try prompt.xdotool(["type", "--delay", "30", "abcdef"])  // the flood lasts some seconds
        let x = try XClient(desk.xvfb.display), window = try #require(prompt.windowID)
        var seen = Ground.light
        while flood.isRunning, seen == .light {
            seen = DesktopColorSchemeTests.ground(of: x.pixel(window, x: 2, y: 2))
            usleep(20_000)
        }
        #expect(seen == .light, "during the flood")
        #expect(flood.wait() == 0, "\(String(decoding: flood.read().err, as: UTF8.self))")
        #expect(String(decoding: flood.read().out, as: UTF8.self) == "30100\n", "every forgery sent")
        try session.set(colorScheme: "prefer-dark")
        try Self.waitForGround(.dark, of: prompt, "the control", timeout: 30)
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "abcdef\n")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
        #expect(desk.daemon?.isRunning == true)
    }

    /// Tells the connections named that the portal's name is its own now, in the bus's words
    /// (`NameOwnerChanged`), then sends them the portal's change to dark from it; prints its name.
    static let usurperScript = """
        import sys
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        for name in sys.argv[1:]:
            bus.emit_signal(name, '/org/freedesktop/DBus', 'org.freedesktop.DBus', 'NameOwnerChanged',
                            GLib.Variant('(sss)', ('org.freedesktop.portal.Desktop', '', bus.get_unique_name())))
            bus.emit_signal(name, '/org/freedesktop/portal/desktop', 'org.freedesktop.portal.Settings',
                            'SettingChanged',
                            GLib.Variant('(ssv)', ('org.freedesktop.appearance', 'color-scheme', GLib.Variant('u', 1))))
        bus.flush_sync(None)
        print(bus.get_unique_name())
        """

    /// Sends the connections named after the count that many rounds of three forged
    /// `SettingChanged` signals, a fourth of 64 kB every hundredth round, through GIO; prints
    /// how many it sent.
    static let floodScript = """
        import sys
        from gi.repository import Gio, GLib
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        rounds, names = int(sys.argv[1]), sys.argv[2:]
        bodies = [
            GLib.Variant('(ssv)', ('org.freedesktop.appearance', 'color-scheme', GLib.Variant('u', 1))),
            GLib.Variant('(ssv)', ('org.freedesktop.appearance', 'color-scheme', GLib.Variant('s', 'dark'))),
            GLib.Variant('(s)', ('org.freedesktop.appearance',)),
        ]
        large = GLib.Variant('(ssv)', ('x' * 65536, 'color-scheme', GLib.Variant('u', 1)))
        sent = 0
        for round in range(rounds):
            for body in bodies + ([large] if round % 100 == 0 else []):
                for name in names:
                    bus.emit_signal(name, '/org/freedesktop/portal/desktop', 'org.freedesktop.portal.Settings',
                                    'SettingChanged', body)
                sent += 1
        bus.flush_sync(None)
        print(sent)
        """

    /// Waits for the open prompt's ground to be `expected`.
    static func waitForGround(_ expected: Ground, of prompt: PinBoxProcess, _ context: String,
                              timeout: Double = 10) throws {
        let x = try XClient(prompt.display!), window = try #require(prompt.windowID)
        var seen = Ground.neither(0)
        try waitUntil("\(context): \(expected), seen \(seen); stderr: \(prompt.stderr)", timeout: timeout) {
            seen = DesktopColorSchemeTests.ground(of: x.pixel(window, x: 2, y: 2))
            return seen == expected
        }
    }

    /// The controls: no preference and a light one leave the theme's light.
    @Test func noPreferenceOrALightOneLeavesItLight() throws {
        #expect(try Self.ground(scheme: "default") == .light)
        #expect(try Self.ground(scheme: "prefer-light") == .light)
    }

    /// The portal is GNOME's way: on another desktop it is not asked (its theme's name says
    /// it there); `GTK_THEME` names the theme outright, as for a GTK program; and the user's
    /// `--color-scheme light` wins.
    @Test func elsewhereOrWhereTheUserNamedTheLookThePortalIsNotAsked() throws {
        #expect(try Self.ground(scheme: "prefer-dark", environment: ["XDG_CURRENT_DESKTOP": "XFCE"]) == .light)
        #expect(try Self.ground(scheme: "prefer-dark", environment: ["GTK_THEME": "Adwaita"]) == .light)
        #expect(try Self.ground(scheme: "prefer-dark", options: ["--color-scheme", "light"]) == .light)
        #expect(try Self.ground(scheme: "prefer-dark", environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME"]) == .dark,
                "the control: Ubuntu's GNOME")
    }
}

/// A GNOME desktop of a test's own: an Xvfb, the real xsettingsd publishing "Adwaita" as
/// gsd-xsettings does (unless `settingsDaemon` is false), and the settings portal's session in
/// a temporary home where GNOME's `color-scheme` is `colorScheme`. All end with the object.
final class GnomeDesk {
    let xvfb: Xvfb
    let daemon: SettingsDaemon?
    let session: PortalSession

    init(colorScheme: String, settingsDaemon: Bool = true) throws {
        xvfb = try Xvfb()
        daemon = try settingsDaemon
            ? SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n") : nil
        let root = NSTemporaryDirectory() + "pinbox-portal-\(UUID().uuidString)"
        do {
            session = try PortalSession(root: root, display: xvfb.display, colorScheme: colorScheme)
        } catch {
            try? FileManager.default.removeItem(atPath: root)
            throw error
        }
    }

    /// The session's home goes once what the bus started has let go of it: the portal's
    /// services write their runtime folders as they go, and would make them again after an
    /// earlier removal.
    deinit {
        session.end()
        try? FileManager.default.removeItem(atPath: session.root)
    }

    /// `pinbox askpass "Passphrase:"` in the session, with `environment` over its own.
    func askpass(options: [String] = [], environment: [String: String] = [:]) throws -> PinBoxProcess {
        try DesktopColorSchemeTests.askpass(on: xvfb, options: options,
                                            environment: session.environment.merging(environment) { $1 })
    }
}

/// A private session bus (`dbus-run-session`) on which the real xdg-desktop-portal answers
/// with its GTK back end, which reads GNOME's `color-scheme` from dconf in a home of its own
/// (dconf's service started on the same bus, and told by `gsettings`); the portal is started
/// (by a first call) before a prompt asks, as GNOME's session starts it at login. The bus, and
/// what it started, end with the object.
final class PortalSession {
    let root: String
    private(set) var address = ""
    private let bus: Child
    /// What the bus, what it starts and the test's own tools see.
    private(set) var busEnvironment: [String: String] = [:]

    /// What a program of this GNOME session sees.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_CURRENT_DESKTOP": "GNOME", "HOME": root,
         "XDG_RUNTIME_DIR": root + "/run", "XDG_CONFIG_HOME": root + "/config"]
    }

    init(root: String, display: String, colorScheme: String) throws {
        self.root = root
        for dir in ["/run", "/config"] {
            try FileManager.default.createDirectory(atPath: root + dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        for tool in ["dbus-run-session", "gdbus", "gsettings", "dbus-send"] { _ = try which(tool) }  // names the package when missing
        for service in ["xdg-desktop-portal", "xdg-desktop-portal-gtk"]
        where !FileManager.default.isExecutableFile(atPath: "/usr/libexec/" + service) {
            throw TestFailure("\(service) is not installed (scripts/install-deps installs it)")
        }
        // What the bus starts (the portal, its GTK back end) inherits this.
        let file = root + "/bus-address"
        let busEnvironment = ["HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_CONFIG_HOME": root + "/config",
                              "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "dconf", "DISPLAY": display]
        bus = try Child(["dbus-run-session", "--", "sh", "-c", "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(file); exec cat"],
                        environment: busEnvironment, capture: true, interactive: true)
        let deadline = Date().addingTimeInterval(20)
        while (try? String(contentsOfFile: file, encoding: .utf8))?.hasSuffix("\n") != true {
            guard Date() < deadline, bus.isRunning else { throw TestFailure("dbus-run-session did not start a bus") }
            usleep(20_000)
        }
        address = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        self.busEnvironment = busEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }
        try set(colorScheme: colorScheme)
        try startPortal(answering: colorScheme, deadline: deadline)
    }

    /// Starts the portal by a first call, as an application's does, and waits until it answers
    /// with dconf's value, `colorScheme`.
    private func startPortal(answering colorScheme: String, deadline: Date) throws {
        let expected = ["default": "uint32 0", "prefer-dark": "uint32 1", "prefer-light": "uint32 2"][colorScheme]
        var said = ""
        repeat {
            guard Date() < deadline, bus.isRunning else {
                throw TestFailure("the settings portal did not answer \(expected ?? "?"): \(said)")
            }
            said = try run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                            "--object-path", "/org/freedesktop/portal/desktop",
                            "--method", "org.freedesktop.portal.Settings.Read",
                            "org.freedesktop.appearance", "color-scheme"],
                           environment: busEnvironment).output
        } while expected.map { !said.contains($0) } ?? true
    }

    /// Ends the portal this session's bus started (as an update or a crash does), runs `meanwhile`
    /// while none runs, and starts it again, answering with `colorScheme`.
    func restartPortal(answering colorScheme: String, meanwhile: () throws -> Void) throws {
        let owner = try run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                             "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                             "org.freedesktop.portal.Desktop"], environment: busEnvironment).output
        // "(uint32 PID,)"
        guard let said = owner.split(separator: " ").last, let pid = pid_t(said.filter(\.isNumber)), pid > 0 else {
            throw TestFailure("no portal: \(owner)")
        }
        kill(pid, SIGTERM)
        try waitUntil("the portal \(pid) ended", timeout: 10) { kill(pid, 0) != 0 && errno == ESRCH }
        try meanwhile()
        try startPortal(answering: colorScheme, deadline: Date().addingTimeInterval(20))
    }

    /// Sets GNOME's `color-scheme` (`default`, `prefer-dark`, `prefer-light`), as its Settings
    /// and its quick settings do: gsettings returns once dconf has it, and the portal tells
    /// its listeners.
    func set(colorScheme: String) throws {
        let set = try run(["gsettings", "set", "org.gnome.desktop.interface", "color-scheme", colorScheme],
                          environment: busEnvironment)
        guard set.status == 0 else { throw TestFailure("gsettings set color-scheme \(colorScheme): \(set.output)") }
    }

    /// The bus names of the connections process `pid` holds.
    func uniqueNames(of pid: pid_t) throws -> [String] {
        func call(_ method: String, _ arguments: String...) throws -> String {
            try run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                     "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus." + method] + arguments,
                    environment: busEnvironment).output
        }
        let names = try call("ListNames").split(whereSeparator: { "[], ()'".contains($0) }).filter { $0.hasPrefix(":") }
        let held = try names.filter { try call("GetConnectionUnixProcessID", String($0)).contains("uint32 \(pid),") }
        guard !held.isEmpty else { throw TestFailure("no connection of process \(pid) among \(names)") }
        return held.map(String.init)
    }

    /// Ends the bus, and waits for what it started (the portal, its back end, dconf's
    /// service: each a process whose environment names this session's home) to end with it.
    func end() {
        guard bus.isRunning else { return }
        bus.closeInput()  // cat ends, and dbus-run-session with it, taking the bus and the portal down
        bus.wait()
        try? waitGone("XDG_RUNTIME_DIR=\(root)/run ", in: "environ")
    }

    deinit { end() }
}
