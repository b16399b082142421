// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Light or dark, normal or high contrast, as the GTK prompts beside PinBox decide them on X11:
/// the user's word, then GTK_THEME, then the desktop's Net/ThemeName, then light and normal.
@Suite("The desktop's light or dark and contrast choices")
struct AppearanceTests {
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

    /// The appearance when the user names neither axis.
    static func unnamed(_ environmentTheme: String?, _ desktopSettings: () -> XSettings?) -> Appearance {
        Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: environmentTheme, desktopSettings: desktopSettings)
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

    /// The user's choice wins, and the desktop is not even asked when both axes are named.
    @Test(arguments: Appearance.allCases)
    func theUsersChoiceWins(_ choice: Appearance) {
        var asked = false
        let opposite = Appearance(choice.scheme == .dark ? .light : .dark, choice.contrast == .high ? .normal : .high)
        let theme = ["light": "Adwaita", "dark": "Adwaita-dark", "light, high contrast": "HighContrast",
                     "dark, high contrast": "HighContrastInverse"][opposite.description]!
        let appearance = Appearance.preferred(scheme: choice.scheme, contrast: choice.contrast, environmentTheme: theme) {
            asked = true
            return Self.desktop(theme: theme)
        }
        #expect(appearance == choice && !asked)
    }

    /// An axis the user named is theirs; the other still follows the desktop, asked once.
    @Test func eachAxisTheUserLeftOpenFollowsTheDesktop() {
        var asked = 0
        let settings = { () -> XSettings? in asked += 1; return Self.desktop(theme: "HighContrastInverse") }
        #expect(Appearance.preferred(scheme: .light, contrast: nil, environmentTheme: nil, desktopSettings: settings)
                == Appearance(.light, .high))
        #expect(Appearance.preferred(scheme: nil, contrast: .normal, environmentTheme: nil, desktopSettings: settings)
                == Appearance(.dark, .normal))
        #expect(Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: nil, desktopSettings: settings)
                == Appearance(.dark, .high))
        #expect(asked == 3)
        #expect(Appearance.preferred(scheme: .dark, contrast: nil, environmentTheme: "HighContrast") { nil }
                == Appearance(.dark, .high), "GTK_THEME speaks for the open axis too")
    }

    /// GTK's two high-contrast themes, named exactly as GTK and libadwaita name them, are high;
    /// the inverse one dark. Other names, stark ones and near misses, are normal.
    @Test(arguments: [("HighContrast", Appearance(.light, .high)), ("HighContrastInverse", Appearance(.dark, .high)),
                      ("HighContrast:dark", Appearance(.dark, .high)), ("HighContrast:light", Appearance(.light, .high)),
                      ("highcontrast", Appearance()), ("HighContrast-Dark", Appearance(.dark, .normal)),
                      ("HighContrastLarge", Appearance()), ("Adwaita-HighContrast", Appearance()),
                      (" HighContrast", Appearance()), ("HighContrast:", Appearance(.light, .high)),
                      ("Adwaita:HighContrast", Appearance()), ("Adwaita-dark", Appearance(.dark, .normal))])
    func theHighContrastThemesAreHigh(_ name: String, _ expected: Appearance) {
        #expect(Appearance(gtkTheme: name) == expected)
    }

    /// Each of the four appearances has its own palette, and light and normal is the look the
    /// goldens were drawn in before there were others.
    @Test func eachAppearanceHasItsPalette() {
        #expect(Appearance().palette == .light && Appearance(.dark).palette == .dark)
        #expect(Appearance(.light, .high).palette == .highContrast)
        #expect(Appearance(.dark, .high).palette == .highContrastInverse)
        #expect(Set(Appearance.allCases.map(\.description)).count == 4)
    }

    /// GTK_THEME overrides the desktop's theme in a GTK program, a light one too; the desktop
    /// is then not asked (two round trips saved).
    @Test(arguments: [("Adwaita:dark", ColorScheme.dark, "Adwaita"), ("Breeze-Dark", .dark, "Adwaita"),
                      ("Adwaita", .light, "Adwaita-dark"), ("HighContrast", .light, "HighContrastInverse")])
    func gtkThemeOverridesTheDesktop(_ environment: String, _ expected: ColorScheme, _ desktopTheme: String) {
        var asked = false
        let appearance = Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: environment) {
            asked = true
            return Self.desktop(theme: desktopTheme)
        }
        #expect(appearance.scheme == expected && !asked)
        #expect(appearance.contrast == (environment == "HighContrast" ? .high : .normal))
    }

    /// With no GTK_THEME (or an empty one, which GTK ignores), the desktop's theme decides.
    @Test(arguments: [nil, ""] as [String?])
    func withoutGTKThemeTheDesktopsThemeDecides(_ environment: String?) {
        #expect(Self.unnamed(environment) { Self.desktop(theme: "Adwaita-dark") } == Appearance(.dark))
        #expect(Self.unnamed(environment) { Self.desktop(theme: "Yaru-dark") } == Appearance(.dark))
        #expect(Self.unnamed(environment) { Self.desktop(theme: "Adwaita") } == Appearance(.light))
        #expect(Self.unnamed(environment) { Self.desktop(theme: "Mystery") } == Appearance(.light))
    }

    /// No settings daemon, none of its theme, a theme that is no text: light, as GTK's default.
    @Test func withNothingToGoByItIsLight() {
        #expect(Self.unnamed(nil) { nil } == Appearance(.light))
        #expect(Self.unnamed(nil) { Self.desktop(theme: nil) } == Appearance(.light))
        #expect(Self.unnamed(nil) { Self.desktop(theme: "") } == Appearance(.light))
        let notText = Self.desktop(theme: nil) { $0.string(bytes: Array("Net/ThemeName".utf8), Array("Adwaita-dark".utf8) + [0xff]) }
        #expect(Self.unnamed(nil) { notText } == Appearance(.light))
        let notAString = Self.desktop(theme: nil) { $0.integer("Net/ThemeName", 1) }
        #expect(Self.unnamed(nil) { notAString } == Appearance(.light))
    }

    /// Settings no desktop publishes and GTK does not follow on X11 change nothing: the theme's
    /// name decides (Appearance+Desktop.swift says why).
    @Test func onlyTheThemesNameCounts() {
        let preferDark = Self.desktop(theme: "Adwaita") {
            $0.integer("Gtk/ApplicationPreferDarkTheme", 1)
            $0.string("Gtk/ColorScheme", "fg_color:#ffffff\nbg_color:#000000")
            $0.string("Net/IconThemeName", "Papirus-Dark")
        }
        #expect(Self.unnamed(nil) { preferDark } == Appearance(.light))
    }

    /// GNOME's settings portal: 1 prefers dark, 2 light, anything else says nothing; asked only
    /// where the desktop keeps its choice there, when the theme leaves it light, no GTK_THEME
    /// names one and the user named no scheme.
    @Test func gnomesPortalDecidesLastWhereTheThemeSaysLight() {
        #expect(ColorScheme(portal: 1) == .dark && ColorScheme(portal: 2) == .light)
        #expect(ColorScheme(portal: 0) == nil && ColorScheme(portal: -1) == nil && ColorScheme(portal: 3) == nil)
        for desktop in ["GNOME", "ubuntu:GNOME", "gnome", "GNOME-Flashback:GNOME"] {
            #expect(ColorScheme.keptInPortal(currentDesktop: desktop), "\(desktop)")
        }
        for desktop in [nil, "", "XFCE", "KDE", "GNOME-Classic", "Unity", "GNOMEish"] {
            #expect(!ColorScheme.keptInPortal(currentDesktop: desktop), "\(desktop ?? "unset")")
        }
        var asked = 0
        func preferred(_ scheme: ColorScheme?, environment: String? = nil, desktop: String? = "Adwaita",
                       portal: ColorScheme?) -> Appearance {
            Appearance.preferred(scheme: scheme, contrast: nil, environmentTheme: environment,
                                 desktopSettings: { desktop.map { Self.desktop(theme: $0) } },
                                 portalScheme: { asked += 1; return portal })
        }
        #expect(preferred(nil, portal: .dark) == Appearance(.dark))
        #expect(preferred(nil, portal: .light) == Appearance(.light) && preferred(nil, portal: nil) == Appearance(.light))
        #expect(preferred(nil, desktop: nil, portal: .dark) == Appearance(.dark), "no theme published at all")
        #expect(asked == 4)
        #expect(preferred(nil, desktop: "Adwaita-dark", portal: .light) == Appearance(.dark), "the theme's dark holds")
        #expect(preferred(nil, environment: "Adwaita", portal: .dark) == Appearance(.light), "GTK_THEME names it")
        #expect(preferred(.light, portal: .dark) == Appearance(.light), "the user's word")
        #expect(preferred(nil, desktop: "HighContrast", portal: .dark) == Appearance(.dark, .high))
        #expect(asked == 5, "asked only where the theme left it light")
    }
}
