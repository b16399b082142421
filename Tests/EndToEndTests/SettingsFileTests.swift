// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// On a session with no settings daemon (a bare window manager: i3, openbox), GTK 3 programs
/// take their theme, font and dark preference from `~/.config/gtk-3.0/settings.ini`, which
/// lxappearance writes; so do the prompts. Each test gives the prompt a configuration directory
/// of its own (`XDG_CONFIG_HOME`).
@Suite("The prompts read GTK 3's settings.ini, end to end", .endToEnd)
struct SettingsFileTests {
    /// A configuration directory holding `settings.ini` with `text` (none for nil); removed by
    /// the caller.
    static func configuration(_ text: String?) throws -> String {
        let directory = NSTemporaryDirectory() + "pinbox-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/gtk-3.0", withIntermediateDirectories: true)
        if let text { try text.write(toFile: directory + "/gtk-3.0/settings.ini", atomically: true, encoding: .utf8) }
        return directory
    }

    /// The askpass with `settings.ini` saying `text`, on `xvfb`: its ground and its width.
    static func opened(_ text: String?, on xvfb: Xvfb) throws -> (DesktopColorSchemeTests.Ground, Double) {
        let directory = try configuration(text)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, environment: ["XDG_CONFIG_HOME": directory])
        let ground = try DesktopColorSchemeTests.ground(prompt)
        let width = try XClient(xvfb.display).frame(of: try #require(prompt.windowID)).width
        try DesktopColorSchemeTests.answer(prompt)
        return (ground, width)
    }

    /// lxappearance's dark theme and a larger font: the prompt is dark and wider. Its GTK 3
    /// prefer-dark with a light theme: dark. The control: with no file, light and narrower.
    @Test func aBareSessionsSettingsFileSetsTheLook() throws {
        let xvfb = try Xvfb()
        let (plain, width) = try Self.opened(nil, on: xvfb)
        #expect(plain == .light)
        let (ground, wider) = try Self.opened("""
            [Settings]
            gtk-theme-name=Adwaita-dark
            gtk-font-name=DejaVu Sans 16
            gtk-enable-animations=0

            """, on: xvfb)
        #expect(ground == .dark)
        #expect(wider > 1.3 * width, "\(width) → \(wider)")
        let (preferred, _) = try Self.opened("[Settings]\ngtk-theme-name=Adwaita\ngtk-application-prefer-dark-theme=true\n",
                                             on: xvfb)
        #expect(preferred == .dark)
        // A file GLib would refuse says nothing.
        let (refused, _) = try Self.opened("gtk-theme-name=Adwaita-dark\n", on: xvfb)
        #expect(refused == .light)
    }

    /// A settings daemon's word wins where it says something: its light theme over the file's
    /// dark one; the file's font, which the daemon does not publish, still counts.
    @Test func theDaemonsSettingsWinOverTheFile() throws {
        let xvfb = try Xvfb()
        let (_, width) = try Self.opened(nil, on: xvfb)
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let (ground, wider) = try Self.opened("[Settings]\ngtk-theme-name=Adwaita-dark\ngtk-font-name=DejaVu Sans 16\n",
                                              on: xvfb)
        #expect(ground == .light)
        #expect(wider > 1.3 * width, "\(width) → \(wider)")
        #expect(daemon.isRunning)
    }

    /// A FIFO where the file should be is never opened for good (a read there would wait for a
    /// writer forever): the prompt opens, as without the file, and answers.
    @Test func aFifoInTheFilesPlaceIsPassedOver() throws {
        let xvfb = try Xvfb()
        let directory = try Self.configuration(nil)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/gtk-3.0/settings.ini", 0o600) == 0)
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, environment: ["XDG_CONFIG_HOME": directory])
        #expect(try DesktopColorSchemeTests.ground(prompt) == .light)
        try DesktopColorSchemeTests.answer(prompt)
    }
}
