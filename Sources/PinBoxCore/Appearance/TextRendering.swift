// SPDX-License-Identifier: MIT
/// How a prompt's letters are put on the screen's pixels: smoothed in grey, smoothed by the
/// subpixels of an LCD panel, or left sharp; their outlines fitted to the pixel grid or not.
/// The desktop says it for every program (GNOME's "Font Rendering" in Tweaks, KDE's "Anti-
/// aliasing" and "Sub-pixel rendering", an `Xft.antialias: false` in `~/.Xresources`): a
/// user who finds smoothed letters blurred and tiring turns it off, a user with an LCD panel
/// turns subpixel rendering on, and the prompt's text is set as every GTK program's beside it.
/// Only how letters are drawn changes: a text's layout, lines and size stay the same.
public struct TextRendering: Hashable, Sendable {
    /// The order of an LCD panel's subpixels: horizontal red, green, blue; or blue first; or
    /// the same from top to bottom.
    public enum SubpixelOrder: String, Hashable, Sendable, CaseIterable {
        case rgb, bgr, vrgb, vbgr
    }

    public enum Antialiasing: Hashable, Sendable {
        /// Every pixel of a letter is ink or not.
        case none
        case gray
        case subpixel(SubpixelOrder)
    }

    /// How far outlines are moved to fit the pixel grid: `slight` only up and down (crisper
    /// lines, shapes kept); `full` on both axes.
    public enum Hinting: Int, Hashable, Sendable, CaseIterable {
        case none, slight, medium, full
    }

    public var antialiasing: Antialiasing
    public var hinting: Hinting

    public init(antialiasing: Antialiasing = .gray, hinting: Hinting = .none) {
        self.antialiasing = antialiasing
        self.hinting = hinting
    }

    /// What a prompt draws where nothing is said: grey and unhinted, so that the first frame
    /// does not wait for FreeType's autohinter to study each face.
    public static let standard = TextRendering()

    /// The XSETTINGS GTK sets its text by (`gtk-xft-antialias`, … in `settings.ini`).
    public static let antialiasSetting = "Xft/Antialias"
    public static let hintingSetting = "Xft/Hinting"
    public static let hintStyleSetting = "Xft/HintStyle"
    public static let rgbaSetting = "Xft/RGBA"

    /// The `Xft.antialias`, `Xft.hinting`, `Xft.hintstyle` and `Xft.rgba` resources' text, as
    /// the server's database holds them (`xrdb`; what Cairo and Xft read where no settings
    /// daemon runs, and what a bare window manager's user writes in `~/.Xresources`).
    public struct Resources: Equatable, Sendable {
        public var antialias: String?
        public var hinting: String?
        public var hintStyle: String?
        public var rgba: String?

        public init(antialias: String? = nil, hinting: String? = nil, hintStyle: String? = nil, rgba: String? = nil) {
            self.antialias = antialias
            self.hinting = hinting
            self.hintStyle = hintStyle
            self.rgba = rgba
        }
    }

    /// The rendering a prompt's text gets: on each of the three questions (smoothed or not, in
    /// which subpixel order, hinted how far) the desktop's settings' word, else the resources',
    /// else `standard`'s. GTK's reading of the settings: `Xft/Antialias` 0 or 1, `Xft/RGBA` one
    /// of rgb, bgr, vrgb, vbgr (subpixel, where smoothing is on) or none (grey), `Xft/Hinting`
    /// 0 (none) or 1 with `Xft/HintStyle` hintnone … hintfull; GTK's -1 and any other value say
    /// nothing. The resources as Cairo reads them: booleans as `true`/`on`/`yes`/`1` and their
    /// opposites, a style or an order by fontconfig's name or number. Any client can write
    /// either: the worst they do is blur or sharpen the letters.
    public static func preferred(desktop: XSettings?, resources: Resources) -> TextRendering {
        let smoothed = desktop?.integer(antialiasSetting).flatMap(Self.flag) ?? resources.antialias.flatMap(Self.boolean) ?? true
        let order = desktop?.string(rgbaSetting).flatMap(Self.subpixelOrder) ?? resources.rgba.flatMap(Self.subpixelOrder)
        var rendering = TextRendering.standard
        rendering.antialiasing = !smoothed ? .none : order.flatMap { $0.map(Antialiasing.subpixel) } ?? .gray
        rendering.hinting = desktopHinting(desktop) ?? resourceHinting(resources) ?? standard.hinting
        return rendering
    }

    /// 0 or 1; nil for GTK's -1 (unset) and anything else.
    private static func flag(_ value: Int32) -> Bool? {
        value == 0 ? false : value == 1 ? true : nil
    }

    private static func desktopHinting(_ desktop: XSettings?) -> Hinting? {
        switch desktop?.integer(hintingSetting) {
        case 0?: Hinting.none
        case 1?, nil: desktop?.string(hintStyleSetting).flatMap(Self.hintStyle)
        default: nil
        }
    }

    private static func resourceHinting(_ resources: Resources) -> Hinting? {
        if resources.hinting.flatMap(Self.boolean) == false { return Hinting.none }
        return resources.hintStyle.flatMap(Self.hintStyle)
    }

    /// Cairo's reading of a resource's boolean: its first letter, or "on"/"off".
    private static func boolean(_ text: String) -> Bool? {
        let lower = text.lowercased()
        if lower.hasPrefix("on") { return true }
        if lower.hasPrefix("of") { return false }
        switch lower.first {
        case "t", "y", "1": return true
        case "f", "n", "0": return false
        default: return nil
        }
    }

    /// "hintnone" … "hintfull", or fontconfig's numbers for them, 0 … 3.
    private static func hintStyle(_ text: String) -> Hinting? {
        if let number = Int(text) { return Hinting(rawValue: number) }
        return Hinting.allCases.first { "hint\($0)" == text }
    }

    /// An order, `.some(nil)` for "none" (grey, as said), nil for what says nothing: "unknown",
    /// fontconfig's 0, or anything else. Fontconfig numbers them 1 … 4, and "none" 5.
    private static func subpixelOrder(_ text: String) -> SubpixelOrder?? {
        if text == "none" || text == "5" { return .some(nil) }
        if let number = Int(text), (1...4).contains(number) { return SubpixelOrder.allCases[number - 1] }
        return SubpixelOrder(rawValue: text).map { .some($0) }
    }
}
