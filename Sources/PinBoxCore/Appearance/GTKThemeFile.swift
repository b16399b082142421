// SPDX-License-Identifier: MIT
import CSystem

/// A GTK 3 theme's style sheet, read for one thing: the colour it names `theme_bg_color`, the
/// ground every GTK 3 window drawn in that theme stands on. It tells a dark theme whose name
/// does not say so (Xfce's Blackbird) from a light one, as the programs beside the prompt
/// show it. Only a theme whose name leaves it light is read, and only its own `gtk.css`: a
/// theme that takes its colours from a compiled resource (Arc, Numix) or from another file
/// says nothing here, and stays light.
public enum GTKThemeFile {
    /// The most of a style sheet read. Themes generated from SCSS define their colours at the
    /// end of one large file (Materia's, near 200 kB); a definition past this is not seen.
    public static let readLimit = 256 * 1024

    /// Where GTK 3 looks for theme `name`'s style sheet, in its order (`gtkcssprovider.c`):
    /// the user's data folder's `themes`, `~/.themes`, then each system data folder's `themes`;
    /// in each theme, `gtk-3.24` down to `gtk-3.14` by twos, then `gtk-3.0`. The first that
    /// exists is the theme's. None for a name that is not one folder's (empty, `.` or `..`, with
    /// a slash or a control character, longer than a file name may be): any client of the
    /// display can publish the name.
    ///
    /// These are the theme's folders in that order, and `sheets(in:)` each one's sheets: where
    /// a folder is missing, none of its sheets need be looked for.
    public static func folders(name: String, home: String?, dataHome: String?, dataDirs: String?) -> [String] {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count <= 255, name != ".", name != "..",
              !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 < 0x20 || $0 == 0x7f }) else { return [] }
        var roots: [String] = []
        let home = home.flatMap { $0.isEmpty ? nil : $0 }
        if let dataHome, dataHome.hasPrefix("/") {
            roots.append(dataHome + "/themes")
        } else if let home {
            roots.append(home + "/.local/share/themes")
        }
        if let home { roots.append(home + "/.themes") }
        let system = dataDirs.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        for dir in system.split(separator: ":") where dir.hasPrefix("/") { roots.append(dir + "/themes") }
        return roots.map { "\($0)/\(name)" }
    }

    /// The style sheets theme `folder` may hold, in the order GTK 3 takes them.
    public static func sheets(in folder: String) -> [String] {
        (stride(from: 24, through: 14, by: -2).map { "gtk-3.\($0)" } + ["gtk-3.0"]).map { "\(folder)/\($0)/gtk.css" }
    }

    /// Whether theme `name`'s style sheet is worth reading for its colours: not for a name with
    /// a variant (`Name:light` says it), nor for GTK's own themes, which it draws from inside
    /// itself (Adwaita, HighContrast, HighContrastInverse), whose colours their names say.
    public static func isReadForColours(_ name: String) -> Bool {
        GTKThemeName(name).variant == nil && !["", "Adwaita", "HighContrast", "HighContrastInverse"].contains(name)
    }

    /// The colour `css` defines as `theme_bg_color` (`@define-color theme_bg_color #383838;`),
    /// its last definition outside comments, as the last one is the one that holds; nil when it
    /// defines none, or defines it other than as `#rgb` or `#rrggbb` (from another colour, with
    /// `shade()`): what cannot be read here is not guessed. A theme's sheet runs to hundreds of
    /// kB, of which only an `@` or a `/` can start what matters: libc's `memchr` finds the next
    /// of each.
    public static func background(in css: UnsafeBufferPointer<UInt8>) -> Color? {
        guard let base = css.baseAddress else { return nil }
        let keyword = Array("@define-color".utf8), colour = Array("theme_bg_color".utf8)
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), at = UInt8(ascii: "@"), semicolon = UInt8(ascii: ";")
        let n = css.count
        /// Where the next `byte` at or after `from` is; `n` for none.
        func next(_ byte: UInt8, from: Int) -> Int {
            guard from < n, let hit = memchr(base + from, Int32(byte), n - from) else { return n }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
        }
        func matches(_ word: [UInt8], _ j: Int) -> Bool {
            guard j + word.count <= n else { return false }
            for k in 0..<word.count where css[j + k] != word[k] { return false }
            return true
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d || b == 0x0c }
        var found: Color?
        var i = 0, nextAt = -1, nextSlash = -1
        while true {
            if nextAt < i { nextAt = next(at, from: i) }
            if nextSlash < i { nextSlash = next(slash, from: i) }
            i = min(nextAt, nextSlash)
            guard i < n else { return found }
            if css[i] == slash {
                guard i + 1 < n, css[i + 1] == star else { i += 1; continue }
                // A comment runs to the next "*/", or to the end of what was read.
                var end = next(star, from: i + 2)
                while end + 1 < n && css[end + 1] != slash { end = next(star, from: end + 1) }
                i = end + 2
                continue
            }
            guard matches(keyword, i) else { i += 1; continue }
            var j = i + keyword.count
            while j < n && isSpace(css[j]) { j += 1 }
            guard j > i + keyword.count, matches(colour, j), j + colour.count < n, isSpace(css[j + colour.count]) else {
                i = j
                continue
            }
            j += colour.count
            while j < n && isSpace(css[j]) { j += 1 }
            var end = j
            while end < n && css[end] != semicolon && !isSpace(css[end]) { end += 1 }
            let value = String(decoding: UnsafeBufferPointer(rebasing: css[j..<end]), as: UTF8.self)
            found = value.hasPrefix("#") && value.utf8.count != 9 ? Color(hex: value) : nil
            i = end
        }
    }
}

extension Color {
    /// A dark ground: W3C's colour brightness (AERT: 299 R + 587 G + 114 B, out of 1 000) below
    /// half. A theme's window ground is either plainly dark or plainly light.
    public var isDark: Bool { 0.299 * red + 0.587 * green + 0.114 * blue < 0.5 }
}
