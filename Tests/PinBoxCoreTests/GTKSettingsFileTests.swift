// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// GTK 3's `settings.ini`, as a session without a settings daemon keeps its look.
struct GTKSettingsFileTests {
    /// What lxappearance 0.6.3 writes (Debian 12), with a dark theme and a font chosen.
    static let lxappearance = """
        [Settings]
        gtk-theme-name=Adwaita-dark
        gtk-icon-theme-name=Adwaita
        gtk-font-name=Noto Sans 11
        gtk-cursor-theme-size=0
        gtk-toolbar-style=GTK_TOOLBAR_BOTH_HORIZ
        gtk-button-images=0
        gtk-menu-images=0
        gtk-enable-event-sounds=1
        gtk-enable-input-feedback-sounds=1
        gtk-xft-antialias=1
        gtk-xft-hinting=1
        gtk-xft-hintstyle=hintslight
        gtk-xft-rgba=rgb

        """

    static func file(_ texts: String...) -> GTKSettingsFile {
        var file = GTKSettingsFile()
        for text in texts { file.read(Array(text.utf8)) }
        return file
    }

    @Test func whatLxappearanceWritesIsRead() throws {
        let settings = try #require(XSettings.desktop(nil, file: Self.file(Self.lxappearance)))
        #expect(settings.string("Net/ThemeName") == "Adwaita-dark")
        #expect(settings.string("Gtk/FontName") == "Noto Sans 11")
        #expect(settings.integer("Xft/DPI") == nil && settings.integer("Gtk/EnableAnimations") == nil)
        #expect(Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: nil, desktopSettings: { settings })
                == Appearance(.dark))
        #expect(DesktopFont.preferred(desktop: settings) == DesktopFont(face: "Noto Sans", pixels: 44.0 / 3))
    }

    /// `gtk-error-bell` turned off (by hand, or by a home manager's gtk3.extraConfig) silences
    /// the bell; turned on, or said in no way GLib reads, or not said, it rings (GTK's default).
    @Test func theErrorBell() {
        #expect(Self.file("[Settings]\ngtk-error-bell=false\n").errorBell == false)
        #expect(Self.file("[Settings]\ngtk-error-bell=0\n").errorBell == false)
        #expect(Self.file("[Settings]\ngtk-error-bell=true\n").errorBell == true)
        #expect(Self.file("[Settings]\ngtk-error-bell=off\n").errorBell == nil)
        #expect(Self.file(Self.lxappearance).errorBell == nil)
        #expect(Self.file("[Settings]\ngtk-error-bell=false\n", "[Settings]\ngtk-error-bell=true\n").errorBell == true,
                "the user's file over the system's")
    }

    /// Booleans and numbers as GLib reads them; a value of another type says nothing.
    @Test func motionAndResolution() throws {
        let settings = try #require(XSettings.desktop(nil, file: Self.file("""
            [Settings]
            gtk-enable-animations=false
            gtk-cursor-blink = true
            gtk-cursor-blink-time=1200
            gtk-cursor-blink-timeout=maybe
            gtk-xft-dpi=196608
            """)))
        #expect(settings.integer("Gtk/EnableAnimations") == 0 && settings.integer("Net/CursorBlink") == 1)
        #expect(settings.integer("Net/CursorBlinkTime") == 1200 && settings.integer("Gtk/CursorBlinkTimeout") == nil)
        #expect(settings.integer("Xft/DPI") == 196608)
        let motion = Motion.preferred(animations: nil, desktop: settings)
        #expect(!motion.animates && motion.caret.period == 1.2)
        #expect(XSettings.desktop(nil, file: Self.file("[Settings]\ngtk-xft-dpi=-1\n")) == nil, "GTK's default")
    }

    /// The daemon's word wins, name by name; the file fills what it does not say.
    @Test func theDaemonsSettingsWin() throws {
        var p = XSettingsProperty()
        p.string("Net/ThemeName", "Adwaita")
        let published = try #require(XSettings(bytes: p.bytes))
        let settings = try #require(XSettings.desktop(published, file: Self.file(Self.lxappearance)))
        #expect(settings.string("Net/ThemeName") == "Adwaita" && settings.string("Gtk/FontName") == "Noto Sans 11")
        #expect(XSettings.desktop(published, file: GTKSettingsFile()) == published)
        #expect(XSettings.desktop(nil, file: GTKSettingsFile()) == nil)
    }

    /// A later file overrides an earlier one key by key; other groups, comments, localised
    /// keys and escapes are read as GLib reads them.
    @Test func laterFilesOverrideAndKeyFileSyntaxHolds() {
        let file = Self.file("""
            [Settings]
            gtk-theme-name=Adwaita
            gtk-font-name=Cantarell 11
            """, """
            # the user's
              [Other]
            gtk-theme-name=Other
            [Settings]
            gtk-theme-name[de]=Deutsch
              gtk-theme-name  =\\sArc\\\\Dark\r
            gtk-font-name[fr]=Cantarell 30
            """)
        #expect(file.values["gtk-theme-name"] == " Arc\\Dark" && file.values["gtk-font-name"] == "Cantarell 11")
    }

    /// A file GLib refuses (a line that is no key, a key before any group, an unknown escape,
    /// bytes that are not UTF-8) changes nothing; the one before it still counts.
    @Test(arguments: ["[Settings]\njust words\n", "gtk-theme-name=Adwaita-dark\n", "[Settings]\ngtk-theme-name=a\\qb\n",
                      "[Settings]\ngtk-theme-name=Adwaita-dark\\\n", "[Settings\ngtk-theme-name=Adwaita-dark\n",
                      "[Settings]\n=Adwaita-dark\n"])
    func aMalformedFileSaysNothing(_ text: String) {
        var file = Self.file("[Settings]\ngtk-theme-name=Adwaita\n")
        file.read(Array(text.utf8))
        #expect(file.values == ["gtk-theme-name": "Adwaita"])
        file.read([0x5b, 0x53, 0x65, 0x74, 0x74, 0x69, 0x6e, 0x67, 0x73, 0x5d, 0x0a, 0x61, 0x3d, 0xff, 0x0a])
        #expect(file.values == ["gtk-theme-name": "Adwaita"])
    }

    /// GTK 3's own prefer-dark: the theme's dark variant, whatever published the theme.
    @Test func preferDarkTakesTheThemesDarkVariant() throws {
        let dark = Self.file("[Settings]\ngtk-application-prefer-dark-theme=1\n")
        #expect(dark.prefersDark && !Self.file("[Settings]\ngtk-application-prefer-dark-theme=0\n").prefersDark)
        func look(_ theme: String?, environment: String? = nil) -> Appearance {
            var p = XSettingsProperty()
            if let theme { p.string("Net/ThemeName", theme) }
            let published = XSettings(bytes: p.bytes)
            return Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: environment,
                                        desktopSettings: { published }, prefersDark: dark.prefersDark)
        }
        #expect(look(nil) == Appearance(.dark))
        #expect(look("Adwaita") == Appearance(.dark))
        #expect(look("HighContrast") == Appearance(.dark, .high))
        #expect(look("Adwaita", environment: "Adwaita:light") == Appearance(.light), "a variant named holds")
        // The control: without the preference, light.
        #expect(Appearance.preferred(scheme: nil, contrast: nil, environmentTheme: nil, desktopSettings: { nil })
                == Appearance(.light))
    }

    /// The user's file counts most, then the system's in the order XDG gives them.
    @Test func theFilesAreReadLeastImportantFirst() {
        #expect(GTKSettingsFile.paths(home: "/home/a", configHome: nil, configDirs: nil) == [
            "/usr/share/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini", "/etc/xdg/gtk-3.0/settings.ini",
            "/home/a/.config/gtk-3.0/settings.ini",
        ])
        #expect(GTKSettingsFile.paths(home: "/home/a", configHome: "/c", configDirs: "/x:relative:/y") == [
            "/usr/share/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini", "/y/gtk-3.0/settings.ini",
            "/x/gtk-3.0/settings.ini", "/c/gtk-3.0/settings.ini",
        ])
        #expect(GTKSettingsFile.paths(home: nil, configHome: "relative", configDirs: "") == [
            "/usr/share/gtk-3.0/settings.ini", "/etc/gtk-3.0/settings.ini", "/etc/xdg/gtk-3.0/settings.ini",
        ])
    }
}
