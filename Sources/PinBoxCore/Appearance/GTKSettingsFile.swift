// SPDX-License-Identifier: MIT
/// GTK 3's `settings.ini`: where a session with no settings daemon keeps the look of its GTK
/// programs. A bare window manager (i3, openbox, awesome) publishes no XSETTINGS; its users set
/// their theme, font and dark preference with lxappearance or by hand in
/// `~/.config/gtk-3.0/settings.ini`, and every GTK 3 program beside the prompt draws so. GTK
/// reads these files under the XSETTINGS: a setting the desktop publishes wins over the file's
/// (`XSettings.over`).
///
/// The files are GLib key files; only their `[Settings]` group counts. Read as GLib reads one:
/// a line that is neither a group, a comment nor `key=value` makes the whole file unreadable, and
/// GTK then takes nothing from it. Later files override earlier ones, key by key (`paths`).
public struct GTKSettingsFile: Equatable, Sendable {
    /// The `[Settings]` group's values, as written (escapes undone).
    public private(set) var values: [String: String] = [:]

    public init() {}

    /// `gtk-error-bell`: whether a refused key rings the bell (GTK's default: it does); nil
    /// where no file says, or says it in no way GLib reads a boolean.
    public var errorBell: Bool? {
        switch values["gtk-error-bell"]?.lowercased() {
        case "true"?, "1"?: true
        case "false"?, "0"?: false
        default: nil
        }
    }

    /// The most of one file read.
    public static let readLimit = 64 * 1024

    /// Where GTK 3 reads its settings, the least important first: its own data directory's,
    /// `/etc/gtk-3.0`, the system's configuration directories (`XDG_CONFIG_DIRS`, the first
    /// one named last, as it counts most), then the user's (`XDG_CONFIG_HOME`, else
    /// `~/.config`). Relative directories are passed over, as the XDG specification asks.
    public static func paths(home: String?, configHome: String?, configDirs: String?) -> [String] {
        var dirs = ["/usr/share", "/etc"]
        let system = (configDirs.flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg").split(separator: ":").map(String.init)
        dirs += system.filter { $0.hasPrefix("/") }.reversed()
        if let configHome, configHome.hasPrefix("/") {
            dirs.append(configHome)
        } else if let home, home.hasPrefix("/") {
            dirs.append(home + "/.config")
        }
        return dirs.map { $0 + "/gtk-3.0/settings.ini" }
    }

    /// Takes one file's `[Settings]` over what earlier files said; a file GLib would refuse
    /// changes nothing.
    public mutating func read(_ bytes: [UInt8]) {
        // Not UTF-8: GLib refuses the file.
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes), let read = Self.settings(in: text) else { return }
        for (key, value) in read { values[key] = value }
    }

    /// The `[Settings]` group of a key file; nil when a line is malformed.
    static func settings(in text: String) -> [String: String]? {
        var group: Substring?
        var values: [String: String] = [:]
        // "\r\n" is one Character: a file saved on Windows ends its lines so.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let start = line.drop { $0 == " " || $0 == "\t" }
            if start.isEmpty || start.first == "#" { continue }
            if start.first == "[" {
                guard start.last == "]", start.count > 2 else { return nil }
                group = start.dropFirst().dropLast()
                continue
            }
            guard group != nil, let equals = line.firstIndex(of: "=") else { return nil }
            let key = line[..<equals].trimmingSpaces
            guard !key.isEmpty else { return nil }
            let value = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            guard group == "Settings", !key.contains("[") else { continue }
            guard let unescaped = Self.unescaped(value) else { return nil }
            values[String(key)] = unescaped
        }
        return values
    }

    /// A key file's string: `\s`, `\n`, `\t`, `\r` and `\\` undone; nil for another escape.
    private static func unescaped(_ value: Substring) -> String? {
        var out = "", escaping = false
        for c in value {
            if escaping {
                switch c {
                case "s": out.append(" ")
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "\\": out.append("\\")
                default: return nil
                }
                escaping = false
            } else if c == "\\" {
                escaping = true
            } else {
                out.append(c)
            }
        }
        return escaping ? nil : out
    }

    /// The file's settings under their XSETTINGS names, as GTK maps its properties to them:
    /// the theme, the font, animations, the caret's blink, the resolution, how text is rendered.
    public var asXSettings: [XSettings.Setting] {
        var settings: [XSettings.Setting] = []
        func add(_ name: String, _ value: XSettings.Value?) {
            if let value { settings.append(XSettings.Setting(name: Array(name.utf8), value: value)) }
        }
        add(Appearance.desktopThemeSetting, string("gtk-theme-name"))
        add(DesktopFont.setting, string("gtk-font-name"))
        add(Motion.animationsSetting, boolean("gtk-enable-animations"))
        add(Motion.cursorBlinkSetting, boolean("gtk-cursor-blink"))
        add(Motion.cursorBlinkTimeSetting, integer("gtk-cursor-blink-time"))
        add(Motion.cursorBlinkTimeoutSetting, integer("gtk-cursor-blink-timeout"))
        // -1, GTK's default, says nothing.
        if case .integer(let dpi)? = integer("gtk-xft-dpi"), dpi > 0 { add(ScreenResolution.dpiSetting, .integer(dpi)) }
        add(TextRendering.antialiasSetting, integer("gtk-xft-antialias"))
        add(TextRendering.hintingSetting, integer("gtk-xft-hinting"))
        add(TextRendering.hintStyleSetting, string("gtk-xft-hintstyle"))
        add(TextRendering.rgbaSetting, string("gtk-xft-rgba"))
        return settings
    }

    /// `gtk-application-prefer-dark-theme`: the theme's dark variant, which GTK 3 draws
    /// whatever the theme's name (it has no XSETTINGS name: only this file says it).
    public var prefersDark: Bool {
        if case .integer(1)? = boolean("gtk-application-prefer-dark-theme") { return true }
        return false
    }

    private func string(_ key: String) -> XSettings.Value? {
        values[key].flatMap { $0.isEmpty ? nil : .string(Array($0.utf8)) }
    }

    /// GLib's booleans: `true` or `1`, `false` or `0`; as XSETTINGS' 1 and 0.
    private func boolean(_ key: String) -> XSettings.Value? {
        switch values[key].map({ String($0.trimmingSpaces) }) {
        case "true", "1": .integer(1)
        case "false", "0": .integer(0)
        default: nil
        }
    }

    private func integer(_ key: String) -> XSettings.Value? {
        values[key].flatMap { Int32($0.trimmingSpaces) }.map { .integer($0) }
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return s
    }
}

private extension String {
    var trimmingSpaces: Substring { Substring(self).trimmingSpaces }
}
