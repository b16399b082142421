// SPDX-License-Identifier: MIT
/// The desktop's interface font, as a dialog's text takes it: the face and size a user chose
/// for every window (GNOME Tweaks' "Interface Text", KDE's "General" font, Xfce's "Default
/// Font"), which their settings daemon publishes as the XSETTINGS `Gtk/FontName` ("Cantarell
/// 11", "Noto Sans,  10"). A user who needs larger letters, or a face they can read (a
/// dyslexia font), gets it in the prompt as in every GTK dialog beside it. The askpass and the
/// pinentry follow it; the payment sheet and the demo keep their seeds' type.
public struct DesktopFont: Equatable, Sendable {
    /// The setting GTK takes its default font from.
    public static let setting = "Gtk/FontName"

    /// The description without its size, as Pango reads one (a family list, then style words:
    /// "Noto Sans Medium"); nil for DejaVu Sans (or "Sans", which Debian's fontconfig makes
    /// DejaVu Sans), which the text engine draws without Pango.
    public var face: String?
    /// The size of the description's text in pixels at scale 1: points × 96 / 72, as GTK sets a
    /// point on a 96-dpi screen (the screen's resolution scales it further, as every size).
    public var pixels: Double

    /// The longest description taken, in bytes.
    public static let longest = 256

    /// A description's size is bounded, as its text must fit a screen: 6 to 40 points.
    public static let pixelRange = 8.0...(40.0 * 4 / 3)

    public init(face: String?, pixels: Double) {
        self.face = face
        self.pixels = min(max(pixels, Self.pixelRange.lowerBound), Self.pixelRange.upperBound)
    }

    /// Reads a Pango font description ("FAMILY-LIST [STYLE-OPTIONS] [SIZE] [VARIATIONS]
    /// [FEATURES]"): the size is its last number before any variation (`@wght=500`) or
    /// feature (`#tnum`), in points, or in pixels with "px". Only the size is read here; the
    /// rest goes whole to Pango, which knows the style words. Nil for a description with no
    /// size, which says nothing a prompt needs (GTK then uses its own default size), or with no
    /// face.
    public init?(parsing description: String) {
        // Any client may own the settings: a face longer than any font's name is no font's.
        guard description.utf8.count <= Self.longest else { return nil }
        var words = description.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var tail: [String] = []
        while let last = words.last, last.hasPrefix("@") || last.hasPrefix("#") { tail.insert(words.removeLast(), at: 0) }
        guard let sizeWord = words.popLast(), let size = Self.size(sizeWord) else { return nil }
        let face = (words + tail).joined(separator: " ")
        let trimmed = String(face.reversed().drop { $0 == "," || $0 == " " }.reversed())
        guard !trimmed.isEmpty else { return nil }
        self.init(face: Self.drawnByDejaVu(trimmed) ? nil : trimmed, pixels: size)
    }

    /// A size word in pixels: "11" (points), "11.5", "15px"; nil for anything else.
    private static func size(_ word: String) -> Double? {
        let inPixels = word.hasSuffix("px")
        let number = inPixels ? String(word.dropLast(2)) : word
        guard number.first?.isNumber == true, let value = Double(number), value.isFinite, value > 0 else { return nil }
        return inPixels ? value : value * 4 / 3
    }

    /// Whether `face` names DejaVu Sans in its regular style, as the text engine's fast path
    /// draws it: "DejaVu Sans", "Sans", "sans-serif", each maybe with "Book", "Regular" or "Normal".
    private static func drawnByDejaVu(_ face: String) -> Bool {
        var words = face.lowercased().split(separator: " ").map(String.init)
        if let last = words.last, ["book", "regular", "normal"].contains(last) { words.removeLast() }
        return ["dejavu sans", "sans", "sans-serif", "sans serif"].contains(words.joined(separator: " "))
    }

    /// The desktop's font from its XSETTINGS; nil where it names none (or none with a size).
    public static func preferred(desktop: XSettings?) -> DesktopFont? {
        desktop?.string(setting).flatMap { DesktopFont(parsing: $0) }
    }

    /// The scale a dialog's entries are made at, for a dialog at `scale`: larger text makes them
    /// as much larger (a shown name's letters, the dots, the boxes, as GTK's entries grow with
    /// their font); smaller text leaves them as they are. Within `--scale`'s range.
    public func entryScale(_ scale: Double, base: DialogLayout.Metrics = DialogLayout.Metrics()) -> Double {
        min(scale * max(pixels / base.textSize, 1), FieldConfiguration.scaleRange.upperBound)
    }

    /// A dialog's sizes for text this size: every text in proportion, and what holds text with
    /// it (a button's height, padding and least width, the column a paragraph wraps to) growing
    /// with it. Smaller text leaves those as they were: a button never becomes a smaller target.
    public func metrics(_ base: DialogLayout.Metrics = DialogLayout.Metrics()) -> DialogLayout.Metrics {
        var m = base
        let text = pixels / base.textSize, room = max(text, 1)
        m.face = face
        m.textSize = pixels
        m.labelSize = base.labelSize * text
        m.buttonHeight = (base.buttonHeight * room).rounded()
        m.buttonMinimumWidth = (base.buttonMinimumWidth * room).rounded()
        m.buttonPadding = (base.buttonPadding * room).rounded()
        m.buttonLabelMaximum = (base.buttonLabelMaximum * room).rounded()
        m.width = (base.width * room).rounded()
        m.descriptionWidest = (base.descriptionWidest * room).rounded()
        return m
    }
}

extension DialogLayout.Metrics {
    /// A dialog's sizes in `font` (`DesktopFont.metrics`); its own where there is none.
    public init(font: DesktopFont?) {
        self = font?.metrics() ?? DialogLayout.Metrics()
    }
}
