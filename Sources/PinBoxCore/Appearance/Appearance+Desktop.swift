// SPDX-License-Identifier: MIT

/// How a prompt learns the desktop's choices of light or dark and of contrast: the way the GTK
/// programs it stands beside on X11 learn them (pinentry-gtk-2, pinentry-gnome3,
/// ssh-askpass-gnome; libadwaita's programs for contrast), so it is drawn as they are. They
/// draw the GTK theme they are told of: its name says light or dark, high or normal, and where
/// the name leaves it light, the theme's own style sheet can say dark (`GTKThemeFile`).
///
/// Not followed, on purpose:
/// - `Gtk/ApplicationPreferDarkTheme`: in no XSETTINGS registry and in no desktop's settings
///   daemon; GTK 3's X11 back end does not map it (gdk/x11/gdksettings.c), so a GTK program ignores
///   it. It is seen only in hand-written xsettingsd and xfconf files, beside a dark theme name.
/// - `Gtk/ColorScheme`: GTK 2's palette of named colours ("fg_color:#…"), not light or dark.
///
/// GNOME 42's `color-scheme` key reaches programs through the settings portal on D-Bus, not
/// through X (gsd-xsettings goes on publishing the theme's name): asked last, on GNOME only
/// (`ColorScheme.keptInPortal`, `preferred`'s `portalScheme`).
extension Appearance {
    /// The XSETTINGS name of the desktop's GTK theme (the registry's "Name of theme to use").
    public static let desktopThemeSetting = "Net/ThemeName"

    /// The appearance a prompt is drawn in. On each axis the user's own choice wins
    /// (`--color-scheme`, `--contrast`, their resources); an axis the user left open follows
    /// `GTK_THEME`, which in a GTK 3 program overrides the desktop's theme, light and normal
    /// names included (an empty one counts as unset, as in GTK); else the desktop's
    /// `Net/ThemeName`; else light and normal, as a GTK program draws with no desktop around it.
    /// `desktopSettings` is asked only when an axis is open and `GTK_THEME` says nothing:
    /// reading it costs two round trips to the X server.
    ///
    /// A theme whose name leaves it light is dark still when its own style sheet grounds its
    /// windows in a dark colour (`GTKThemeFile`): `themeBackground` reads that colour for a
    /// theme's name, and is asked only then, when the scheme is open (a file read).
    ///
    /// Still light, and with no `GTK_THEME` given, the desktop's own light or dark preference
    /// decides last: GNOME keeps it since GNOME 42 in its settings portal (`color-scheme`),
    /// which libadwaita's programs follow while it goes on publishing "Adwaita" as the theme.
    /// `portalScheme` asks the portal (a D-Bus call) only then; its "prefer light" and "no
    /// preference" leave the theme's word.
    ///
    /// `prefersDark` is GTK 3's `gtk-application-prefer-dark-theme` (`GTKSettingsFile`): the
    /// theme's dark variant, for a theme named without one (Adwaita's is dark, HighContrast's
    /// white on black).
    public static func preferred(scheme: ColorScheme?, contrast: Contrast?, environmentTheme: String?,
                                 desktopSettings: () -> XSettings?, prefersDark: Bool = false,
                                 themeBackground: (String) -> Color? = { _ in nil },
                                 portalScheme: () -> ColorScheme? = { nil }) -> Appearance {
        if let scheme, let contrast { return Appearance(scheme, contrast) }
        let named = environmentTheme.flatMap { $0.isEmpty ? nil : $0 }
        var theme = named ?? desktopSettings()?.string(desktopThemeSetting)
        if prefersDark, GTKThemeName(theme ?? "Adwaita").variant == nil { theme = (theme ?? "Adwaita") + ":dark" }
        var desktop = theme.map(Appearance.init(gtkTheme:)) ?? Appearance()
        if scheme == nil, desktop.scheme == .light, let theme, GTKThemeFile.isReadForColours(theme),
           themeBackground(theme)?.isDark == true {
            desktop.scheme = .dark
        }
        if scheme == nil, desktop.scheme == .light, named == nil, portalScheme() == .dark {
            desktop.scheme = .dark
        }
        return Appearance(scheme ?? desktop.scheme, contrast ?? desktop.contrast)
    }

    /// The appearance a GTK theme's name stands for, on both axes.
    public init(gtkTheme: String) {
        self.init(ColorScheme(gtkTheme: gtkTheme), Contrast(gtkTheme: gtkTheme))
    }
}

/// A GTK theme's name as `GTK_THEME` and `Net/ThemeName` give it: the theme, then after the
/// last colon, if any, its variant (GTK_THEME's `Adwaita:dark`; GTK splits at the last colon).
struct GTKThemeName {
    let theme: ArraySlice<UInt8>
    let variant: ArraySlice<UInt8>?

    init(_ name: String) {
        let bytes = Array(name.utf8)
        if let colon = bytes.lastIndex(of: UInt8(ascii: ":")) {
            (theme, variant) = (bytes[..<colon], bytes[(colon + 1)...])
        } else {
            (theme, variant) = (bytes[...], nil)
        }
    }
}

extension Contrast {
    /// High for GTK's own two high-contrast themes, "HighContrast" (black on white) and
    /// "HighContrastInverse" (white on black), named exactly so, as libadwaita reads the theme's
    /// name on X11; a variant after the colon ("HighContrast:dark") keeps it high. Any other
    /// theme is normal, however stark: `--contrast high` is its users' way.
    public init(gtkTheme: String) {
        let theme = GTKThemeName(gtkTheme).theme
        self = theme.elementsEqual("HighContrast".utf8) || theme.elementsEqual("HighContrastInverse".utf8)
            ? .high : .normal
    }
}

extension ColorScheme {
    /// The settings portal's `org.freedesktop.appearance` `color-scheme`: 1 prefers dark, 2
    /// prefers light; 0 (no preference) and anything else say nothing.
    public init?(portal value: Int32) {
        switch value {
        case 1: self = .dark
        case 2: self = .light
        default: return nil
        }
    }

    /// Whether the desktop `XDG_CURRENT_DESKTOP` names keeps its light or dark choice in the
    /// settings portal only: GNOME (and what lists it, `ubuntu:GNOME`). Elsewhere the portal is
    /// not asked: the theme's name says it there, and asking would load libdbus for nothing.
    public static func keptInPortal(currentDesktop: String?) -> Bool {
        Array((currentDesktop ?? "").utf8).split(separator: UInt8(ascii: ":")).contains {
            lowered($0) == Array("gnome".utf8)
        }
    }

    /// The scheme a GTK theme name stands for. `Name:dark` (GTK_THEME's form for a theme's
    /// dark variant; GTK splits at the last colon) is dark; else the name is dark when one of its words is "dark"
    /// (Adwaita-dark, Breeze-Dark, Yaru-dark, Arc-Dark, adw-gtk3-dark) or "inverse"
    /// (HighContrastInverse, white on black). Words are split at anything but a letter or digit
    /// and where a lower-case letter meets a capital; case is ignored. So "Arc-Darker", whose
    /// windows are light under dark title bars, is light. A dark theme whose name does not say
    /// so (Blackbird, Dracula) is told by its own style sheet (`GTKThemeFile`, asked by
    /// `Appearance.preferred`), or by `--color-scheme dark`.
    public init(gtkTheme: String) {
        let name = GTKThemeName(gtkTheme)
        if let variant = name.variant, Self.lowered(variant) == Array("dark".utf8) {
            self = .dark
            return
        }
        let dark = Self.words(name.theme).contains { $0 == Array("dark".utf8) || $0 == Array("inverse".utf8) }
        self = dark ? .dark : .light
    }

    /// The name's words, lower-cased.
    static func words(_ name: ArraySlice<UInt8>) -> [[UInt8]] {
        var words: [[UInt8]] = [], word: [UInt8] = []
        var previous: UInt8 = 0
        for byte in name {
            let isLower = (0x61...0x7a).contains(byte), isUpper = (0x41...0x5a).contains(byte)
            let isDigit = (0x30...0x39).contains(byte)
            let camelBreak = isUpper && ((0x61...0x7a).contains(previous) || (0x30...0x39).contains(previous))
            if !(isLower || isUpper || isDigit) || camelBreak {
                if !word.isEmpty { words.append(word) }
                word = []
            }
            if isLower || isDigit { word.append(byte) } else if isUpper { word.append(byte + 0x20) }
            previous = byte
        }
        if !word.isEmpty { words.append(word) }
        return words
    }

    /// ASCII letters lower-cased; other bytes as they are.
    private static func lowered(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { (0x41...0x5a).contains($0) ? $0 + 0x20 : $0 }
    }
}
