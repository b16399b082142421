// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide, whole pixels.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = (Double(text.unicodeScalars.count) * style.size / 2).rounded(.up)
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

/// The desktop's interface font (`Gtk/FontName`) as a dialog takes it.
struct DesktopFontTests {
    /// What desktops publish: GNOME (Cantarell 11), KDE's kde-gtk-config (a comma before the
    /// size), Xfce and GTK's own default (Sans 10), a variable font with its axis, a size in
    /// pixels; the face goes to Pango as written, less the size.
    static let described: [(String, String, Double)] = [
        ("Cantarell 11", "Cantarell", 44.0 / 3),
        ("Noto Sans,  10", "Noto Sans", 40.0 / 3),
        ("Noto Sans Medium 10", "Noto Sans Medium", 40.0 / 3),
        ("Inter Variable 11.5 @wght=500", "Inter Variable @wght=500", 46.0 / 3),
        ("Cantarell 15px", "Cantarell", 15),
        ("OpenDyslexic 14", "OpenDyslexic", 56.0 / 3),
    ]

    @Test(arguments: described)
    func aDescriptionGivesItsFaceAndSize(_ text: String, face: String, pixels: Double) throws {
        let font = try #require(DesktopFont(parsing: text))
        #expect(font.face == face)
        #expect(abs(font.pixels - pixels) < 1e-9, "\(text): \(font.pixels)")
    }

    /// DejaVu Sans by any of its names is no face of its own: the fast path draws it.
    @Test(arguments: ["Sans 10", "DejaVu Sans 9", "dejavu sans book 12", "sans-serif 11", "Sans Regular 10", "DejaVu Sans,  10"])
    func dejaVuSansIsTheEnginesOwn(_ text: String) throws {
        #expect(try #require(DesktopFont(parsing: text)).face == nil)
    }

    /// Not a face (bold and mono DejaVu, a serif) is drawn as DejaVu Sans.
    @Test(arguments: ["DejaVu Sans Bold 10", "DejaVu Sans Mono 10", "DejaVu Serif 11", "Sans Condensed 10"])
    func otherStylesOfDejaVuAreFaces(_ text: String) throws {
        #expect(try #require(DesktopFont(parsing: text)).face != nil)
    }

    /// No size, no face, a size that is no number, or more than any font's name: nothing taken.
    @Test(arguments: ["Cantarell", "11", "", "   ", "Sans -3", "Sans nan", "Sans inf", "Sans 0", "Sans 1e", "Sans px",
                      "Sans 10pt", String(repeating: "A", count: 300) + " 10"])
    func aDescriptionWithoutFaceOrSizeIsNone(_ text: String) {
        #expect(DesktopFont(parsing: text) == nil)
    }

    /// Any client can own the settings: a size past the range is held to it.
    @Test func aSizeIsBounded() throws {
        #expect(try #require(DesktopFont(parsing: "Sans 1e9")).pixels == DesktopFont.pixelRange.upperBound)
        #expect(try #require(DesktopFont(parsing: "Sans 0.001")).pixels == DesktopFont.pixelRange.lowerBound)
    }

    /// Read from the settings; none where they name none, or name it with another type.
    @Test func theDesktopsSettingIsRead() throws {
        var p = XSettingsProperty()
        p.string(DesktopFont.setting, "Cantarell 11")
        #expect(DesktopFont.preferred(desktop: XSettings(bytes: p.bytes)) == DesktopFont(face: "Cantarell", pixels: 44.0 / 3))
        var other = XSettingsProperty()
        other.integer(DesktopFont.setting, 11)
        #expect(DesktopFont.preferred(desktop: XSettings(bytes: other.bytes)) == nil)
        #expect(DesktopFont.preferred(desktop: nil) == nil)
    }

    /// Larger text widens the column and grows the buttons with it; smaller text shrinks the
    /// letters, never a button.
    @Test func aDialogsSizesFollowTheText() {
        let base = DialogLayout.Metrics()
        let large = DesktopFont(face: "Cantarell", pixels: base.textSize * 2).metrics()
        #expect(large.face == "Cantarell" && large.textSize == base.textSize * 2 && large.labelSize == base.labelSize * 2)
        #expect(large.buttonHeight == base.buttonHeight * 2 && large.width == base.width * 2)
        #expect(large.margin == base.margin && large.gap == base.gap)
        let small = DesktopFont(face: nil, pixels: base.textSize * 0.75).metrics()
        #expect(small.textSize == base.textSize * 0.75 && small.face == nil)
        #expect(small.buttonHeight == base.buttonHeight && small.width == base.width
                && small.buttonMinimumWidth == base.buttonMinimumWidth)
    }

    private static func spec() -> DialogSpec {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.description = "Please enter the passphrase to unlock the OpenPGP secret key"
        spec.prompt = "Passphrase:"
        return spec
    }

    /// A dialog made in the desktop's font sets every text in its face and size.
    @Test func aDialogIsSetInTheFont() throws {
        var spec = Self.spec()
        let plain = try spec.makePage(measure: measure)
        spec.font = DesktopFont(face: "Cantarell", pixels: 20)
        let page = try spec.makePage(measure: measure)
        guard case .dialog(let layout) = page.geometry, case .dialog(let before) = plain.geometry else {
            Issue.record("not a dialog")
            return
        }
        #expect(layout.metrics.face == "Cantarell" && layout.metrics.textSize == 20 && before.metrics.face == nil)
        #expect(layout.buttons[0].height > before.buttons[0].height)
        #expect(page.preferredSize.width > plain.preferredSize.width && page.preferredSize.height > plain.preferredSize.height)
        #expect(page.content.descriptionWidth?.style == TextStyle(size: 20, face: "Cantarell"))
    }

    /// The entries grow with larger text, as GTK's do (the dots, a shown name's letters, the
    /// boxes); smaller text leaves them as they are.
    @Test func theEntriesGrowWithTheText() throws {
        var spec = Self.spec()
        let plain = try spec.makePage(measure: measure)
        spec.font = DesktopFont(face: nil, pixels: DialogLayout.Metrics().textSize * 2)
        let large = try spec.makePage(measure: measure)
        #expect(large.fields[0].layout.scale == 2 && plain.fields[0].layout.scale == 1)
        #expect(large.fields[0].layout.bounds.height == 2 * plain.fields[0].layout.bounds.height)
        spec.font = DesktopFont(face: nil, pixels: DialogLayout.Metrics().textSize * 0.75)
        let small = try spec.makePage(measure: measure).fields[0].layout
        #expect(small.scale == 1 && small.bounds.height == plain.fields[0].layout.bounds.height)
        // Within the scales an entry takes, however large the text and the screen's scale.
        spec.font = DesktopFont(face: nil, pixels: DesktopFont.pixelRange.upperBound)
        spec.scale = FieldConfiguration.scaleRange.upperBound
        #expect(try spec.makePage(measure: measure).fields[0].layout.scale == FieldConfiguration.scaleRange.upperBound)
    }

    /// The desktop's font changes while a passphrase is half typed: the dialog is laid out as
    /// if made in it, with what is typed and focused kept; the font named no more brings the
    /// dialog's own back.
    @Test func anOpenDialogFollowsTheFont() throws {
        var spec = Self.spec()
        let page = try spec.makePage(measure: measure)
        for c in "ab".unicodeScalars { _ = page.handle(.character(c), now: 1) }
        let secret = page.fields[0].field
        let first = page.preferredSize
        let font = DesktopFont(face: "DejaVu Serif", pixels: 24)
        #expect(page.handle(.desktopStyle(.light, Motion(), font), now: 2).isEmpty)
        spec.font = font
        let fresh = try spec.makePage(measure: measure)
        for c in "ab".unicodeScalars { _ = fresh.handle(.character(c), now: 1) }
        #expect(page.preferredSize == fresh.preferredSize && page.preferredSize != first)
        _ = page.handle(.resize(page.preferredSize), now: 2)
        _ = fresh.handle(.resize(fresh.preferredSize), now: 2)
        #expect(page.geometry == fresh.geometry)
        #expect(page.fields[0].field === secret && secret.length == 2 && page.focus == 0)
        _ = page.handle(.desktopStyle(.light, Motion(), nil), now: 3)
        #expect(page.preferredSize == first)
        _ = page.handle(.character("c"), now: 4)
        #expect(secret.length == 3)
    }

    /// Too large for the screen, the dialog is laid out smaller until it fits, as a new scale is.
    @Test func aFontTooLargeForTheScreenIsFitted() throws {
        let page = try Self.spec().makePage(measure: measure)
        let area = Size(width: 1024, height: 768)
        _ = page.handle(.desktopStyle(.light, Motion(), DesktopFont(face: nil, pixels: DesktopFont.pixelRange.upperBound),
                                      area: area), now: 1)
        #expect(page.preferredSize.width <= area.width && page.preferredSize.height <= area.height, "\(page.preferredSize)")
        #expect(page.scale < 1)
    }

    /// Made smaller than asked to fit the screen, then a font too large, then none again on a
    /// screen with room: the dialog grows back to the scale asked, not the one it was squeezed to.
    @Test func aDialogFittedAtOpeningGrowsBackToWhatWasAsked() throws {
        var spec = Self.spec()
        spec.scale = 1.5
        let page = try spec.makePage(measure: measure)
        page.madeSmaller(than: 2)
        _ = page.handle(.desktopStyle(.light, Motion(), DesktopFont(face: nil, pixels: 30), area: Size(width: 900, height: 700)),
                        now: 1)
        #expect(page.scale < 1.5)
        _ = page.handle(.desktopStyle(.light, Motion(), nil, area: Size(width: 4000, height: 3000)), now: 2)
        #expect(page.scale == 2)
        // The control: a page made at what was asked keeps it.
        let plain = try Self.spec().makePage(measure: measure)
        plain.madeSmaller(than: 1)
        _ = plain.handle(.desktopStyle(.light, Motion(), DesktopFont(face: nil, pixels: 30), area: Size(width: 4000, height: 3000)),
                         now: 1)
        _ = plain.handle(.desktopStyle(.light, Motion(), nil, area: Size(width: 4000, height: 3000)), now: 2)
        #expect(plain.scale == 1)
    }

    /// A font too large squeezes the open dialog to fit the screen; the desktop's own font again,
    /// it is laid out at the scale it was made at, not the one it was squeezed to (an open prompt
    /// was left three quarters of its size).
    @Test func aDialogSqueezedByAFontGrowsBackWithoutIt() throws {
        let page = try Self.spec().makePage(measure: measure)
        let first = page.preferredSize, area = Size(width: 1024, height: 768)
        _ = page.handle(.desktopStyle(.light, Motion(), DesktopFont(face: nil, pixels: DesktopFont.pixelRange.upperBound),
                                      area: area), now: 1)
        #expect(page.scale < 1, "the control: squeezed")
        _ = page.handle(.desktopStyle(.light, Motion(), nil, area: area), now: 2)
        #expect(page.scale == 1 && page.preferredSize == first, "\(page.scale), \(page.preferredSize) after \(first)")
    }

    /// The payment sheet keeps the seeds' type.
    @Test func thePaymentSheetKeepsItsType() throws {
        let page = try PaySheetSpec().makePage(measure: measure)
        let before = page.preferredSize
        _ = page.handle(.desktopStyle(.light, Motion(), DesktopFont(face: "Cantarell", pixels: 30)), now: 1)
        #expect(page.preferredSize == before)
    }
}
