// SPDX-License-Identifier: MIT
import Foundation
import Testing
@testable import PinBoxCore

/// The prompts' four palettes: every colour pair a user must tell apart, its WCAG 2.1 contrast
/// computed from the colours themselves (relative luminance, 1.4.3, 1.4.6 and 1.4.11); the
/// light one the look the goldens held before the others, each other its own.
@Suite("Palettes")
struct PaletteTests {
    /// WCAG 2.1's relative luminance of an opaque sRGB colour.
    static func luminance(_ c: Color) -> Double {
        func linear(_ v: Double) -> Double {
            // The channel as 8 bits, as the pixels are, then WCAG's own threshold and curve.
            let s = (v * 255).rounded() / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
    }

    static func contrast(_ a: Color, _ b: Color) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Text: 4.5:1 (1.4.3); in high contrast, 7:1 (1.4.6).
    static func text(_ contrast: Contrast) -> Double { contrast == .high ? 7 : 4.5 }
    /// A boundary a user must see, the focus indicator, a bar's fill on its track: 3:1
    /// (1.4.11); in high contrast, what normal text needs, 4.5:1.
    static func boundary(_ contrast: Contrast) -> Double { contrast == .high ? 4.5 : 3 }

    /// Each pair as the palette's comments state it: what, on what, and how much it needs.
    static func pairs(_ p: Palette, _ contrast: Contrast) -> [(String, Color, Color, Double)] {
        let text = text(contrast), boundary = boundary(contrast)
        return [
            ("text on the page", p.text, p.background, text),
            ("a button's label", p.text, p.button, text),
            ("a pressed button's label", p.text, p.buttonPressed, text),
            ("labels and hints on the page", p.secondaryText, p.background, text),
            ("the error line", p.error, p.background, text),
            ("the Caps Lock warning", p.warning, p.background, text),
            ("a success line, a strong rating", p.success, p.background, text),
            ("the check mark after a submit", p.onSuccess, p.success, boundary),
            ("the focus ring on the page", p.focusRing, p.background, boundary),
            ("the wait cue on the page", p.cue, p.background, boundary),
            ("dots, caret and characters in an entry", p.entryText, p.entryBackground, text),
            ("a character in the cursor's box", p.entryText, p.cursorBackground, text),
            ("an edge on the page", p.border, p.background, boundary),
            ("an edge against the entry inside it", p.border, p.entryBackground, boundary),
            ("an edge against the button inside it", p.border, p.button, boundary),
            ("a filled box's edge against the box", p.filledBorder, p.entryBackground, boundary),
            ("a filled box's edge on the page", p.filledBorder, p.background, boundary),
            ("the cursor box's edge against the box", p.cursorBorder, p.cursorBackground, boundary),
            ("the cursor box's edge on the page", p.cursorBorder, p.background, boundary),
            ("a refusing entry's edge against the entry", p.entryError, p.entryBackground, boundary),
            ("a refusing entry's edge on the page", p.entryError, p.background, boundary),
            ("the default button on the page", p.accent, p.background, boundary),
            ("a destructive default button on the page", p.destructive, p.background, boundary),
            ("the default button's label", p.onAccent, p.accent, text),
            ("the destructive button's label", p.onAccent, p.destructive, text),
            ("the default button's label, pressed", p.onAccent, p.pressed(p.accent), text),
            ("the destructive button's label, pressed", p.onAccent, p.pressed(p.destructive), text),
            ("a weak rating's bar on the track", p.error, p.track, boundary),
            ("a fair rating's bar on the track", p.warning, p.track, boundary),
            ("a strong rating's bar on the track", p.success, p.track, boundary),
            ("the tooltip's text", p.tooltipText, p.tooltipBackground, text),
        ] + sheetPairs(p, contrast)
    }

    /// The payment sheet's: what stands on the sheet, as on the page; a key's digit on it, held
    /// down or not; ⌫ on the band; a key's edge where it has one. Outside the light palette, its
    /// boxes are the palette's entry, so their edge must stand off the sheet too.
    static func sheetPairs(_ p: Palette, _ contrast: Contrast) -> [(String, Color, Color, Double)] {
        let text = text(contrast), boundary = boundary(contrast), s = p.sheet
        var pairs = [
            ("the sheet's title and amount", p.text, s.sheet, text),
            ("the payee and the ×", p.secondaryText, s.sheet, text),
            ("the link", s.link, s.sheet, text),
            ("a refused key's reason on the sheet", p.error, s.sheet, text),
            ("the focus ring on the sheet", p.focusRing, s.sheet, boundary),
            ("a key's digit", p.text, s.key, text),
            ("a pressed key's digit", p.text, s.keyPressed, text),
            ("⌫ on the band", p.text, s.keypad, text),
        ]
        if let edge = s.keyBorder {
            pairs += [("a key's edge on the band", edge, s.keypad, boundary), ("a key's edge on the key", edge, s.key, boundary)]
        }
        if p != .light { pairs.append(("the boxes' edge on the sheet", p.border, s.sheet, boundary)) }
        return pairs
    }

    @Test(arguments: Appearance.allCases)
    func everyPairMeetsWCAG(_ appearance: Appearance) {
        for (what, foreground, ground, needed) in Self.pairs(appearance.palette, appearance.contrast) {
            let ratio = Self.contrast(foreground, ground)
            #expect(ratio >= needed, "\(appearance): \(what), \(foreground) on \(ground): \(ratio) < \(needed)")
        }
    }

    /// The quality bar draws in the palette's own three colours, whichever it is.
    @Test(arguments: Appearance.allCases)
    func theRatingsTakeThePalettesColours(_ appearance: Appearance) {
        let p = appearance.palette
        #expect(QualityRating(-5).color(in: p) == p.error && QualityRating(20).color(in: p) == p.error)
        #expect(QualityRating(50).color(in: p) == p.warning && QualityRating(90).color(in: p) == p.success)
    }

    /// The light palette is the look prompts had before there was a dark one: the entries'
    /// themes painted in it are the themes as they were (the goldens check the rest).
    @Test func lightPaintsTheEntriesAsTheyWere() {
        #expect(Theme.passphrase.painted(.light) == Theme.passphrase)
        #expect(Theme.boxes.painted(.light) == Theme.boxes)
        #expect(Theme.entryBoxes.painted(.light) == Theme.entryBoxes)
    }

    /// Dark is dark: a page and entries darker than their text, and an entry a little lighter
    /// than the page, as Adwaita's dark entries are.
    @Test func darkIsDark() {
        let d = Palette.dark
        #expect(Self.luminance(d.background) < 0.05 && Self.luminance(d.text) > 0.7)
        #expect(Self.luminance(d.entryBackground) > Self.luminance(d.background))
        #expect(Self.luminance(d.entryBackground) < Self.luminance(d.border))
        #expect(Self.luminance(d.button) > Self.luminance(d.background))
    }

    /// A dark prompt's entry, PIN boxes and the boxes' ground all take the dark colours: no
    /// white left from the light look under the rounded corners or between the boxes.
    @Test(arguments: [Theme.passphrase, .entryBoxes, .boxes])
    func aDarkEntryKeepsNoLightColour(_ theme: Theme) {
        let t = theme.painted(.dark)
        let styles = [t.empty, t.filled, t.highlight].compactMap { $0 }
        let colours = [t.background, t.dotColor, t.errorColor, t.successColor] + [t.frameColor].compactMap { $0 }
            + styles.flatMap { [$0.background, $0.border].compactMap { $0 } + [$0.textColor] }
        let light = Set([Color.white, Palette.light.background, Palette.light.entryText, Palette.light.border,
                         Palette.light.filledBorder, Palette.light.cursorBackground, Palette.light.cursorBorder,
                         Palette.light.entryError])
        #expect(colours.allSatisfy { !light.contains($0) }, "\(theme.name): \(colours)")
        #expect(t.background == (theme.arrangement == .strip ? Palette.dark.entryBackground : Palette.dark.background))
    }

    /// High contrast is black and white: the page and its text, the entries and theirs, and
    /// every edge in the text's colour; the inverse one the other way round.
    @Test(arguments: [(Palette.highContrast, Color.white, Color.black), (.highContrastInverse, .black, .white)])
    func highContrastIsBlackAndWhite(_ p: Palette, _ ground: Color, _ ink: Color) {
        #expect(p.background == ground && p.entryBackground == ground && p.button == ground)
        #expect(p.text == ink && p.entryText == ink && p.border == ink && p.filledBorder == ink)
        #expect(p.tooltipBackground == ink && p.tooltipText == ground, "a tooltip stands off the page")
    }

    /// A button held down keeps its label readable: the fill moves away from the label, darker
    /// under white, lighter under black.
    @Test(arguments: [Palette.light, .dark, .highContrast, .highContrastInverse])
    func aPressedButtonMovesAwayFromItsLabel(_ p: Palette) {
        #expect(Self.contrast(p.onAccent, p.pressed(p.accent)) > Self.contrast(p.onAccent, p.accent))
        #expect(Self.contrast(p.onAccent, p.pressed(p.destructive)) > Self.contrast(p.onAccent, p.destructive))
    }

    /// The check mark after a submit takes the palette's colour, not the light look's white:
    /// white on dark's light green could not be seen.
    @Test(arguments: Appearance.allCases)
    func theCheckMarkTakesThePalettesColour(_ appearance: Appearance) {
        let p = appearance.palette
        #expect(Theme.passphrase.painted(p).successMark == p.onSuccess)
        #expect(Theme.entryBoxes.painted(p).successMark == p.onSuccess)
        #expect(Theme.passphrase.successMark == Palette.light.onSuccess, "the light look keeps its white mark")
    }

    /// The dialog's entries and page carry the spec's appearance: a dark spec makes a dark page.
    @Test(arguments: Appearance.allCases)
    func aDialogIsMadeInItsAppearance(_ appearance: Appearance) throws {
        let measure: TextMeasure = { text, style, _ in Size(width: Double(text.count) * style.size * 0.5, height: style.size) }
        for kind in [DialogSpec.Kind.entry(.passphrase), .entry(.openPIN(shown: 1)), .entry(.fixedPIN(length: 4)),
                     .confirm(notOK: false), .message, .hostKey(entry: true)] {
            var spec = DialogSpec(kind: kind)
            spec.appearance = appearance
            let page = try spec.makePage(measure: measure)
            let scene = page.scene(at: 0)
            #expect(scene.palette == appearance.palette)
            for field in scene.fields {
                #expect(field.theme.dotColor == appearance.palette.entryText, "\(kind)")
                #expect(field.theme.empty.border == nil || field.theme.empty.border == appearance.palette.border)
            }
        }
        #expect(DialogSpec(kind: .message).appearance == Appearance(.light, .normal), "light and normal unless told")
    }
}
