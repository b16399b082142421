// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// GNOME 42 and later keep the user's light or dark choice in the settings portal
/// (`org.freedesktop.appearance` `color-scheme`), while gsd-xsettings goes on publishing
/// "Adwaita" as the theme: a prompt on GNOME asks the portal. Driven by the real
/// xdg-desktop-portal with its GTK back end, reading GNOME's `color-scheme` key from a GSettings
/// keyfile, on a private session bus, beside a real xsettingsd publishing "Adwaita".
@Suite("GNOME's dark preference through the settings portal, end to end", .endToEnd)
struct PortalColorSchemeTests {
    typealias Ground = DesktopColorSchemeTests.Ground

    /// The askpass's ground on a GNOME desktop whose `color-scheme` is `scheme`, with
    /// `environment` over the session's.
    static func ground(scheme: String, environment: [String: String] = [:], options: [String] = []) throws -> Ground {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let root = NSTemporaryDirectory() + "pinbox-portal-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let session = try PortalSession(root: root, display: xvfb.display, colorScheme: scheme)
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, options: options,
                                                         environment: session.environment.merging(environment) { $1 })
        let ground = try DesktopColorSchemeTests.ground(prompt)
        try DesktopColorSchemeTests.answer(prompt)
        #expect(daemon.isRunning)
        return ground
    }

    @Test func gnomesDarkPreferenceDrawsADarkPrompt() throws {
        #expect(try Self.ground(scheme: "prefer-dark") == .dark)
    }

    /// The pinentry asks at each dialog, as it reads the desktop's settings.
    @Test func thePinentryFollowsGnomesDarkPreference() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let root = NSTemporaryDirectory() + "pinbox-portal-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let session = try PortalSession(root: root, display: xvfb.display, colorScheme: "prefer-dark")
        let dialog = try PinentryDialog(display: xvfb.display, environment: session.environment)
        #expect(try DesktopColorSchemeTests.ground(of: dialog.window, display: xvfb.display) == .dark)
        #expect(try dialog.close().isEmpty)
        #expect(daemon.isRunning)
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

/// A private session bus (`dbus-run-session`) on which the real xdg-desktop-portal answers
/// with its GTK back end, which reads GNOME's `color-scheme` from a GSettings keyfile in a home
/// of its own; the portal is started (by a first call) before a prompt asks, as GNOME's
/// session starts it at login. The bus, and what it started, end with the object.
final class PortalSession {
    let root: String
    private(set) var address = ""
    private let bus: Child

    /// What a program of this GNOME session sees.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "XDG_CURRENT_DESKTOP": "GNOME", "HOME": root,
         "XDG_RUNTIME_DIR": root + "/run", "XDG_CONFIG_HOME": root + "/config"]
    }

    init(root: String, display: String, colorScheme: String) throws {
        self.root = root
        for dir in ["/run", "/config/glib-2.0/settings"] {
            try FileManager.default.createDirectory(atPath: root + dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        try "[org/gnome/desktop/interface]\ncolor-scheme='\(colorScheme)'\n"
            .write(toFile: root + "/config/glib-2.0/settings/keyfile", atomically: true, encoding: .utf8)
        for tool in ["dbus-run-session", "gdbus"] { _ = try which(tool) }  // names the package when missing
        for service in ["xdg-desktop-portal", "xdg-desktop-portal-gtk"]
        where !FileManager.default.isExecutableFile(atPath: "/usr/libexec/" + service) {
            throw TestFailure("\(service) is not installed (scripts/install-deps installs it)")
        }
        // What the bus starts (the portal, its GTK back end) inherits this.
        let file = root + "/bus-address"
        let busEnvironment = ["HOME": root, "XDG_RUNTIME_DIR": root + "/run", "XDG_CONFIG_HOME": root + "/config",
                              "XDG_CURRENT_DESKTOP": "GNOME", "GSETTINGS_BACKEND": "keyfile", "DISPLAY": display]
        bus = try Child(["dbus-run-session", "--", "sh", "-c", "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(file); exec cat"],
                        environment: busEnvironment, capture: true, interactive: true)
        let deadline = Date().addingTimeInterval(20)
        while (try? String(contentsOfFile: file, encoding: .utf8))?.hasSuffix("\n") != true {
            guard Date() < deadline, bus.isRunning else { throw TestFailure("dbus-run-session did not start a bus") }
            usleep(20_000)
        }
        address = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // Started by a first call, and answering with the keyfile's value.
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
                           environment: busEnvironment.merging(["DBUS_SESSION_BUS_ADDRESS": address]) { $1 }).output
        } while expected.map { !said.contains($0) } ?? true
    }

    deinit {
        bus.closeInput()  // cat ends, and dbus-run-session with it, taking the bus and the portal down
        bus.wait()
    }
}
