// SPDX-License-Identifier: MIT

/// How a prompt learns the desktop's light or dark choice: the way the GTK programs it stands
/// beside on X11 learn it (pinentry-gtk-2, pinentry-gnome3, ssh-askpass-gnome), so it is drawn
/// as they are. They draw the GTK theme they are told of, and only its name says light or dark.
///
/// Not followed, on purpose:
/// - `Gtk/ApplicationPreferDarkTheme`: in no XSETTINGS registry and in no desktop's settings
///   daemon; GTK 3's X11 back end does not map it (gdk/x11/gdksettings.c), so a GTK program ignores
///   it. It is seen only in hand-written xsettingsd and xfconf files, beside a dark theme name.
/// - `Gtk/ColorScheme`: GTK 2's palette of named colours ("fg_color:#…"), not light or dark.
/// - GNOME 42's `color-scheme` key: reaches programs through the settings portal on D-Bus, not
///   through X; gsd-xsettings goes on publishing the theme's name, which GTK 3 programs follow.
extension ColorScheme {
    /// The XSETTINGS name of the desktop's GTK theme (the registry's "Name of theme to use").
    public static let desktopThemeSetting = "Net/ThemeName"

    /// The scheme a prompt is drawn in. The user's own choice (`--color-scheme`, the
    /// `colorScheme` resource) wins; else `GTK_THEME`, which in a GTK 3 program overrides the
    /// desktop's theme, light names included (an empty one counts as unset, as in GTK); else the
    /// desktop's `Net/ThemeName`; else light, as a GTK program draws with no desktop around it.
    /// `desktopSettings` is asked only when the two before it say nothing: reading it costs two
    /// round trips to the X server.
    public static func preferred(explicit: ColorScheme?, environmentTheme: String?,
                                 desktopSettings: () -> XSettings?) -> ColorScheme {
        if let explicit { return explicit }
        if let theme = environmentTheme, !theme.isEmpty { return ColorScheme(gtkTheme: theme) }
        if let theme = desktopSettings()?.string(desktopThemeSetting) { return ColorScheme(gtkTheme: theme) }
        return .light
    }

    /// The scheme a GTK theme name stands for. `Name:dark` (GTK_THEME's form for a theme's
    /// dark variant; GTK splits at the last colon) is dark; else the name is dark when one of its words is "dark"
    /// (Adwaita-dark, Breeze-Dark, Yaru-dark, Arc-Dark, adw-gtk3-dark) or "inverse"
    /// (HighContrastInverse, white on black). Words are split at anything but a letter or digit
    /// and where a lower-case letter meets a capital; case is ignored. So "Arc-Darker", whose
    /// windows are light under dark title bars, is light; so are dark themes whose names do not
    /// say so (Dracula, Nordic): `--color-scheme dark` is their users' way.
    public init(gtkTheme: String) {
        let bytes = Array(gtkTheme.utf8)
        let colon = bytes.lastIndex(of: UInt8(ascii: ":")) ?? bytes.endIndex
        if colon < bytes.endIndex, Self.lowered(bytes[(colon + 1)...]) == Array("dark".utf8) {
            self = .dark
            return
        }
        let dark = Self.words(bytes[..<colon]).contains { $0 == Array("dark".utf8) || $0 == Array("inverse".utf8) }
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
