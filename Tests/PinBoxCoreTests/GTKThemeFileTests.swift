// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A dark GTK theme whose name does not say so (Xfce's Blackbird) is told by the ground its own
/// style sheet gives every window, found where GTK 3 finds it.
@Suite("A GTK theme's own colours")
struct GTKThemeFileTests {
    /// Blackbird's style sheet opens so (Debian's blackbird-gtk-theme).
    static let blackbird = "/* dark colormap */\n@define-color theme_bg_color #383838;\n@define-color theme_fg_color #dedede;\n"

    @Test func theThemesGroundIsItsThemeBgColor() {
        #expect(GTKThemeFile.background(Array(Self.blackbird.utf8)) == Color(rgb: 0x383838))
        #expect(GTKThemeFile.background(Array("@define-color\ttheme_bg_color  #fff ;".utf8)) == .white)
        // Defined twice: the last holds, as in CSS.
        let twice = "@define-color theme_bg_color #f9f9f9;\n.x { }\n@define-color theme_bg_color #121212;"
        #expect(GTKThemeFile.background(Array(twice.utf8)) == Color(rgb: 0x121212))
    }

    @Test func whatCannotBeReadHereIsNotGuessed() {
        for css in ["", ".window { background: #000; }", "/* @define-color theme_bg_color #000000; */",
                    "@define-color theme_bg_color shade(@bg_color, 0.8);", "@define-color theme_bg_colour #000;",
                    "@define-color theme_bg_color_2 #000;", "@define-color theme_bg_color #00000080;",
                    "@define-color theme_bg_color rgb(0,0,0);", "@define-color theme_bg_color", "@define-color",
                    "/* unterminated @define-color theme_bg_color #000;",
                    "@import url(\"resource:///org/gnome/arc-theme/gtk-main-dark.css\");"] {
            #expect(GTKThemeFile.background(Array(css.utf8)) == nil, "\(css)")
        }
        // After a comment, and a later definition another form cannot read undoes an earlier one.
        #expect(GTKThemeFile.background(Array("/* x */@define-color theme_bg_color #000;".utf8)) == .black)
        #expect(GTKThemeFile.background(Array("@define-color theme_bg_color #000;\n@define-color theme_bg_color @x;".utf8))
            == nil)
    }

    @Test func darkIsAGroundWhiteTextReadsOn() {
        #expect(Color(rgb: 0x383838).isDark && Color(rgb: 0x121212).isDark && Color.black.isDark)
        #expect(!Color(rgb: 0xf9f9f9).isDark && !Color.white.isDark && !Color(rgb: 0xcecece).isDark)
    }

    /// GTK 3's order: the user's data folder, ~/.themes, then the system's folders; in each,
    /// the newest versioned folder first and gtk-3.0 last.
    @Test func theStyleSheetIsLookedForWhereGTKLooks() {
        let paths = GTKThemeFile.candidates(name: "Blackbird", home: "/home/u", dataHome: nil, dataDirs: nil)
        #expect(paths.first == "/home/u/.local/share/themes/Blackbird/gtk-3.24/gtk.css")
        #expect(paths.contains("/home/u/.themes/Blackbird/gtk-3.0/gtk.css"))
        #expect(paths.last == "/usr/share/themes/Blackbird/gtk-3.0/gtk.css")
        #expect(paths.count == 4 * 7)
        let local = paths.firstIndex(of: "/usr/local/share/themes/Blackbird/gtk-3.0/gtk.css")!
        #expect(paths.firstIndex(of: "/home/u/.themes/Blackbird/gtk-3.0/gtk.css")! < local)
        #expect(paths[1] == "/home/u/.local/share/themes/Blackbird/gtk-3.22/gtk.css")
        let named = GTKThemeFile.candidates(name: "T", home: "/h", dataHome: "/d", dataDirs: "/a:relative:/b")
        #expect(named.map { $0.split(separator: "/").prefix(2).joined(separator: "/") }.uniqued()
            == ["d/themes", "h/.themes", "a/themes", "b/themes"])
        #expect(GTKThemeFile.candidates(name: "T", home: nil, dataHome: "relative", dataDirs: "/s").first
            == "/s/themes/T/gtk-3.24/gtk.css", "no home and a relative data folder: only the system's")
    }

    /// Any client can publish a theme's name: one that is not one folder's name leads nowhere.
    @Test func aNameThatLeavesItsFolderLeadsNowhere() {
        for name in ["", ".", "..", "../../etc", "a/b", "/etc", "x\n", "tab\tname", "del\u{7f}",
                     String(repeating: "n", count: 256)] {
            #expect(GTKThemeFile.candidates(name: name, home: "/h", dataHome: nil, dataDirs: nil).isEmpty, "\(name)")
        }
        #expect(GTKThemeFile.candidates(name: String(repeating: "n", count: 255), home: "/h", dataHome: nil,
                                        dataDirs: nil).count == 4 * 7, "the control: a long name that fits")
    }

    /// The sheet is asked only for a light-named theme of someone else's, when the scheme is open.
    @Test func aThemeNamedLightIsDarkWhenItsGroundIs() {
        var asked: [String] = []
        func preferred(_ theme: String, scheme: ColorScheme? = nil, ground: Color?) -> Appearance {
            Appearance.preferred(scheme: scheme, contrast: nil, environmentTheme: theme, desktopSettings: { nil },
                                 themeBackground: { asked.append($0); return ground })
        }
        #expect(preferred("Blackbird", ground: Color(rgb: 0x383838)) == Appearance(.dark))
        #expect(preferred("Materia", ground: Color(rgb: 0xf9f9f9)) == Appearance(.light))
        #expect(preferred("Arc", ground: nil) == Appearance(.light))
        #expect(asked == ["Blackbird", "Materia", "Arc"])
        asked = []
        #expect(preferred("Adwaita", ground: .black) == Appearance(.light), "GTK's own, its name says")
        #expect(preferred("HighContrast", ground: .black) == Appearance(.light, .high))
        #expect(preferred("Arc-Dark", ground: .white) == Appearance(.dark), "named dark: not read")
        #expect(preferred("Blackbird:light", ground: .black) == Appearance(.light), "a variant says it")
        #expect(preferred("Blackbird", scheme: .light, ground: .black) == Appearance(.light), "the user's word")
        #expect(asked.isEmpty, "\(asked)")
    }
}

extension GTKThemeFile {
    /// `background(in:)` over an array's bytes.
    static func background(_ css: [UInt8]) -> Color? {
        css.withUnsafeBufferPointer { background(in: $0) }
    }

    /// Every sheet GTK 3 may take for theme `name`, in its order.
    static func candidates(name: String, home: String?, dataHome: String?, dataDirs: String?) -> [String] {
        folders(name: name, home: home, dataHome: dataHome, dataDirs: dataDirs).flatMap(sheets(in:))
    }
}

extension Array where Element: Equatable {
    /// The elements in order, each once.
    fileprivate func uniqued() -> [Element] {
        reduce(into: []) { kept, e in if !kept.contains(e) { kept.append(e) } }
    }
}
