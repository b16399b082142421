// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A desktop in a dark GTK theme whose name does not say so gets a dark prompt, as every GTK
/// program in it is dark: the theme's own style sheet, found where GTK 3 finds it, grounds its
/// windows in a dark colour. Driven by the real xsettingsd and Debian's real theme packages
/// (Xfce's Blackbird, Materia), and by a theme in the user's own ~/.themes.
@Suite("A theme dark by its own colours draws a dark prompt, end to end", .endToEnd)
struct ThemeColoursTests {
    typealias Ground = DesktopColorSchemeTests.Ground

    /// The askpass under a daemon publishing `theme`, with `home` as its HOME (and its own data
    /// folder there); its ground once drawn. It answers, and says nothing on stderr.
    static func ground(theme: String, home: String? = nil, on xvfb: Xvfb) throws -> Ground {
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"\(theme)\"\n")
        var environment: [String: String] = ["XDG_DATA_HOME": "", "XDG_DATA_DIRS": ""]
        if let home { environment["HOME"] = home }
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, environment: environment)
        let ground = try DesktopColorSchemeTests.ground(prompt)
        try DesktopColorSchemeTests.answer(prompt)
        #expect(daemon.isRunning)
        return ground
    }

    /// Blackbird (`@define-color theme_bg_color #383838`, blackbird-gtk-theme) is dark; Materia,
    /// which names its light ground near the end of a 200 kB sheet, is light: the control, and
    /// proof the whole sheet is read.
    @Test func xfcesBlackbirdDrawsADarkPromptAndMateriaALightOne() throws {
        for (theme, sheet) in [("Blackbird", "/usr/share/themes/Blackbird/gtk-3.0/gtk.css"),
                               ("Materia", "/usr/share/themes/Materia/gtk-3.0/gtk.css")] {
            #expect(FileManager.default.fileExists(atPath: sheet), "scripts/install-deps installs \(theme)")
        }
        let xvfb = try Xvfb()
        #expect(try Self.ground(theme: "Blackbird", on: xvfb) == .dark)
        #expect(try Self.ground(theme: "Materia", on: xvfb) == .light)
    }

    /// A theme of the user's own in ~/.themes is found before the system's, as GTK finds it;
    /// one whose sheet is a FIFO (any client can publish a name that leads to it) is passed over
    /// at once: the prompt opens light and answers, rather than wait on it.
    @Test func theUsersOwnThemeIsFoundAndAFIFOInItsPlaceIsPassedOver() throws {
        let home = NSTemporaryDirectory() + "pinbox-theme-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        func sheet(_ theme: String) throws -> String {
            let folder = home + "/.themes/\(theme)/gtk-3.0"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder + "/gtk.css"
        }
        try "@define-color theme_bg_color #1e1e2e;\n".write(toFile: try sheet("Nocturne"), atomically: true, encoding: .utf8)
        try "@define-color theme_bg_color #eff1f5;\n".write(toFile: try sheet("Daylight"), atomically: true, encoding: .utf8)
        // The user's Blackbird, light: found first, so the system's dark one is not read.
        try "@define-color theme_bg_color #fafafa;\n".write(toFile: try sheet("Blackbird"), atomically: true, encoding: .utf8)
        #expect(mkfifo(try sheet("Waiting"), 0o600) == 0)
        let xvfb = try Xvfb()
        #expect(try Self.ground(theme: "Nocturne", home: home, on: xvfb) == .dark)
        #expect(try Self.ground(theme: "Daylight", home: home, on: xvfb) == .light, "the control")
        #expect(try Self.ground(theme: "Blackbird", home: home, on: xvfb) == .light, "the user's own comes first")
        #expect(try Self.ground(theme: "Waiting", home: home, on: xvfb) == .light)
    }
}
