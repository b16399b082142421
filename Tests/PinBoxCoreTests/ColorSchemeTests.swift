// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Light or dark, as the GTK prompts beside PinBox decide it on X11: the user's word, then
/// GTK_THEME, then the desktop's Net/ThemeName, then light.
@Suite("The desktop's light or dark choice")
struct ColorSchemeTests {
    static let darkThemes = ["Adwaita:dark", "Adwaita-dark", "Breeze-Dark", "Yaru-dark", "Arc-Dark", "Greybird-dark",
                             "HighContrastInverse", "adw-gtk3-dark", "Mint-Y-Dark-Aqua", "Yaru-purple-dark",
                             "Materia-dark-compact", "Adwaita:Dark", "Qogir_dark", "BreezeDark", "Adwaita-dark:",
                             "Some:Name:dark", "Pop-dark.local"]
    static let lightThemes = ["Adwaita", "Breeze", "HighContrast", "Yaru", "Arc", "Greybird", "Arc-Darker",
                              "Darkroom", "Adwaita:light", "Adwaita:darkish", "adwaita-darkened", "Mint-Y", "",
                              ":", "Dracula", "Inversed", "Nordic-darker"]

    /// What a desktop daemon would publish, with `Net/ThemeName` set to `theme`.
    static func desktop(theme: String?, more: (inout XSettingsProperty) -> Void = { _ in }) -> XSettings {
        var p = XSettingsProperty()
        p.integer("Net/DoubleClickTime", 400)
        if let theme { p.string("Net/ThemeName", theme) }
        more(&p)
        return XSettings(bytes: p.bytes)!
    }

    @Test(arguments: darkThemes)
    func aDarkThemeNameIsDark(_ name: String) {
        #expect(ColorScheme(gtkTheme: name) == .dark)
    }

    @Test(arguments: lightThemes)
    func anyOtherThemeNameIsLight(_ name: String) {
        #expect(ColorScheme(gtkTheme: name) == .light)
    }

    @Test func aNameIsSplitIntoWordsAtPunctuationAndCapitals() {
        func words(_ name: String) -> [String] {
            ColorScheme.words(Array(name.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(words("HighContrastInverse") == ["high", "contrast", "inverse"])
        #expect(words("adw-gtk3-dark") == ["adw", "gtk3", "dark"])
        #expect(words("Mint-Y-Dark_Aqua.v2") == ["mint", "y", "dark", "aqua", "v2"])
        #expect(words("ARC") == ["arc"])
    }

    /// The user's choice wins, and the desktop is not even asked.
    @Test(arguments: ColorScheme.allCases)
    func theUsersChoiceWins(_ choice: ColorScheme) {
        var asked = false
        let scheme = ColorScheme.preferred(explicit: choice, environmentTheme: choice == .dark ? "Adwaita" : "Adwaita:dark") {
            asked = true
            return Self.desktop(theme: choice == .dark ? "Adwaita" : "Adwaita-dark")
        }
        #expect(scheme == choice && !asked)
    }

    /// GTK_THEME overrides the desktop's theme in a GTK program, a light one too; the desktop
    /// is then not asked (two round trips saved).
    @Test(arguments: [("Adwaita:dark", ColorScheme.dark, "Adwaita"), ("Breeze-Dark", .dark, "Adwaita"),
                      ("Adwaita", .light, "Adwaita-dark"), ("HighContrast", .light, "HighContrastInverse")])
    func gtkThemeOverridesTheDesktop(_ environment: String, _ expected: ColorScheme, _ desktopTheme: String) {
        var asked = false
        let scheme = ColorScheme.preferred(explicit: nil, environmentTheme: environment) {
            asked = true
            return Self.desktop(theme: desktopTheme)
        }
        #expect(scheme == expected && !asked)
    }

    /// With no GTK_THEME (or an empty one, which GTK ignores), the desktop's theme decides.
    @Test(arguments: [nil, ""] as [String?])
    func withoutGTKThemeTheDesktopsThemeDecides(_ environment: String?) {
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: environment) { Self.desktop(theme: "Adwaita-dark") } == .dark)
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: environment) { Self.desktop(theme: "Yaru-dark") } == .dark)
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: environment) { Self.desktop(theme: "Adwaita") } == .light)
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: environment) { Self.desktop(theme: "Mystery") } == .light)
    }

    /// No settings daemon, none of its theme, a theme that is no text: light, as GTK's default.
    @Test func withNothingToGoByItIsLight() {
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: nil) { nil } == .light)
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: nil) { Self.desktop(theme: nil) } == .light)
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: nil) { Self.desktop(theme: "") } == .light)
        let notText = Self.desktop(theme: nil) { $0.string(bytes: Array("Net/ThemeName".utf8), Array("Adwaita-dark".utf8) + [0xff]) }
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: nil) { notText } == .light)
        let notAString = Self.desktop(theme: nil) { $0.integer("Net/ThemeName", 1) }
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: nil) { notAString } == .light)
    }

    /// Settings no desktop publishes and GTK does not follow on X11 change nothing: the theme's
    /// name decides (ColorScheme+Desktop.swift says why).
    @Test func onlyTheThemesNameCounts() {
        let preferDark = Self.desktop(theme: "Adwaita") {
            $0.integer("Gtk/ApplicationPreferDarkTheme", 1)
            $0.string("Gtk/ColorScheme", "fg_color:#ffffff\nbg_color:#000000")
            $0.string("Net/IconThemeName", "Papirus-Dark")
        }
        #expect(ColorScheme.preferred(explicit: nil, environmentTheme: nil) { preferDark } == .light)
    }
}
