// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
import PinBoxTestSupport
@testable import PinBoxRender

/// The payment sheet as the window draws it (the same page and painter), read back.
@Suite("Payment sheet pixels")
struct PaySheetPixelTests {
    private func draw(scale: Double, typed: String, appearance: Appearance = Appearance()) throws -> (Canvas, PaySheetLayout) {
        var spec = PaySheetSpec()
        spec.payee = "Coffee Shop"
        spec.amount = "¥25.00"
        spec.scale = scale
        spec.appearance = appearance
        let page = try spec.makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        for c in typed.unicodeScalars { _ = page.handle(.character(c), now: 0) }
        guard case .paySheet(let layout) = page.geometry else { throw RenderError("not a sheet") }
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 10), on: canvas)
        return (canvas, layout)
    }

    /// The strongest contrast against `background` in `rect`: text's ink.
    private func ink(_ canvas: Canvas, _ rect: Rect, against background: UInt32) -> Double {
        var best = 1.0
        for y in Int(rect.y)..<Int(rect.maxY) { for x in Int(rect.x)..<Int(rect.maxX) {
            best = max(best, contrast(canvas.pixel(x: x, y: y), background))
        } }
        return best
    }

    @Test("a white sheet from the window's top (no phone backdrop), white keys on a grey band", arguments: [1.0, 2.0])
    func sheetAndKeys(scale: Double) throws {
        let (c, l) = try draw(scale: scale, typed: "123")
        #expect(l.sheet.y == 0 && c.pixel(x: 0, y: 0) == 0xffffff, "the sheet, square to the window's corner")
        #expect(c.pixel(x: Int(l.sheet.mid.x), y: Int(l.sheet.y) + 2) == 0xffffff, "the sheet")
        #expect(c.pixel(x: Int(l.keypad.x) + 1, y: Int(l.keypad.y) + 1) == 0xd5d8dd, "the keypad's band")
        for (key, rect) in zip(PaySheetLayout.keys, l.keyRects) {
            // Inside a key, away from its label: white for a digit; the band for the blank and ⌫.
            let corner = c.pixel(x: Int(rect.x + 8 * scale), y: Int(rect.y + 8 * scale))
            #expect(corner == (key == .blank || key == .delete ? 0xd5d8dd : 0xffffff), "\(key)")
            if key != .blank {
                let label = ink(c, rect.insetBy(dx: rect.width / 3, dy: rect.height / 4), against: corner)
                #expect(label >= 4.5, "\(key)'s label: \(label):1")
            } else {
                #expect(ink(c, rect, against: corner) == 1, "the blank corner is empty")
            }
        }
    }

    @Test func aLongPayeeEndsInAnEllipsisInsideTheColumn() throws {
        var spec = PaySheetSpec()
        spec.payee = "A very long payee name that goes on and on, Shanghai Trading Co., Ltd."
        spec.amount = "¥25.00"
        let page = try spec.makePage(measure: TextLayout.measure)
        guard case .paySheet(let layout) = page.geometry else { Issue.record("not a sheet"); return }
        #expect(layout.payeeText.hasSuffix("…") && layout.payeeText.hasPrefix("A very long payee"))
        let width = TextLayout.measure(layout.payeeText, style: TextStyle(size: layout.metrics.payeeSize), width: nil).width
        #expect(width <= layout.content.width - 40)
        var short = PaySheetSpec()
        short.payee = "Coffee Shop"
        let whole = try short.makePage(measure: TextLayout.measure)
        guard case .paySheet(let l2) = whole.geometry else { return }
        #expect(l2.payeeText == "Coffee Shop")
    }

    /// A translated title longer than the seed's is set whole, a little smaller, in a column a
    /// little wider: it was cut to "Zahlungspasswort eingeb…" and "Введите платёжный пар…"
    /// however wide the window. The seed's own title keeps its size and its column.
    @Test(arguments: ["Zahlungspasswort eingeben", "Введите платёжный пароль"])
    func aTranslatedTitleIsSetSmallerNotCut(_ title: String) throws {
        func layout(_ title: String, window: Size? = nil) throws -> PaySheetLayout {
            var spec = PaySheetSpec()
            spec.title = title
            let page = try spec.makePage(measure: TextLayout.measure)
            _ = page.handle(.resize(window ?? page.preferredSize), now: 0)
            guard case .paySheet(let layout) = page.geometry else { throw ConfigurationError(nil, "not a sheet") }
            return layout
        }
        let seed = try layout("Enter payment password")
        #expect(seed.titleText == "Enter payment password" && seed.titleSize == seed.metrics.titleSize)
        #expect(seed.content.width == seed.metrics.width)
        for window in [nil, Size(width: 700, height: 560)] {
            let translated = try layout(title, window: window)
            #expect(translated.titleText == title, "cut: \(translated.titleText)")
            #expect(translated.titleSize >= translated.metrics.titleSize * 0.85)
            #expect(translated.title.x - translated.close.maxX
                        >= TextLayout.measure(title, style: TextStyle(size: translated.titleSize, bold: true),
                                              width: nil).width / 2, "the title reaches the ×")
        }
    }

    /// A title too long to fit even the widest column is cut there (it went back to the seed's
    /// column, narrower than a shorter title's); a window the caller sized narrower than the
    /// title needs keeps the column within it: the keypad and the amount stay whole in the
    /// window (the column grew by half for a long title, and keys and the amount were sliced
    /// off by a 400-pixel window).
    @Test func aTitleWidensTheColumnOnlyWhereThatFitsIt() throws {
        func layout(_ title: String, window: Size?) throws -> PaySheetLayout {
            var spec = PaySheetSpec()
            spec.title = title
            spec.amount = "€ 12 345 678 901 234,56"
            let page = try spec.makePage(measure: TextLayout.measure)
            _ = page.handle(.resize(window ?? page.preferredSize), now: 0)
            guard case .paySheet(let layout) = page.geometry else { throw ConfigurationError(nil, "not a sheet") }
            return layout
        }
        let long = try layout("Bitte geben Sie jetzt Ihr sechsstelliges Zahlungspasswort ein", window: nil)
        #expect(long.content.width == (long.metrics.width * 1.5).rounded() && long.titleText.hasSuffix("…"),
                "\(long.content.width) \(long.titleText)")
        let narrow = try layout("Zahlungspasswort eingeben", window: Size(width: 380, height: 600))
        #expect(narrow.content.width <= 380, "\(narrow.content.width)")
        #expect(narrow.keyRects.allSatisfy { $0.maxX <= 380 } && !narrow.amountText.isEmpty)
    }

    @Test func aLongTitleEndsInAnEllipsisClearOfTheCloseButton() throws {
        var spec = PaySheetSpec()
        spec.title = "Confirm the transfer of funds to the merchant account now"
        let page = try spec.makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .paySheet(let layout) = page.geometry else { Issue.record("not a sheet"); return }
        #expect(layout.titleText.hasPrefix("Confirm the transfer") && layout.titleText.hasSuffix("…"))
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 1), on: canvas)
        // Between the × and the title, and at the window's right edge: only the sheet's white.
        let band = Rect(x: layout.close.maxX, y: layout.title.y - 14, width: 4, height: 16)
        #expect(ink(canvas, band, against: 0xffffff) == 1, "the title reaches the ×")
        let edge = Rect(x: Double(canvas.width) - 4, y: layout.title.y - 14, width: 4, height: 16)
        #expect(ink(canvas, edge, against: 0xffffff) == 1, "the title runs off the window")
        // The control: the title's own line has ink.
        #expect(ink(canvas, Rect(x: 0, y: layout.title.y - 14, width: Double(canvas.width), height: 16),
                    against: 0xffffff) > 4.5)
    }

    @Test func aRefusalTakesTheLinksLineForAMoment() throws {
        let page = try PaySheetSpec().makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        _ = page.handle(.windowFocus(true), now: 0)
        guard case .paySheet(let layout) = page.geometry else { Issue.record("not a sheet"); return }
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        /// The link's blue pixels: its text's ink.
        func blue() -> Int {
            (Int(layout.forgot.y)..<Int(layout.forgot.maxY)).map { y in
                (Int(layout.forgot.x)..<Int(layout.forgot.maxX)).filter { x in
                    let p = canvas.pixel(x: x, y: y)
                    return Int(p & 0xff) > Int(p >> 16 & 0xff) + 60
                }.count
            }.reduce(0, +)
        }
        PagePainter.draw(page.scene(at: 0.5), on: canvas)
        #expect(blue() > 20, "the link shows")
        _ = page.handle(.character("a"), now: 1)
        let scene = page.scene(at: 1.1)
        #expect(!scene.message.isEmpty)
        PagePainter.draw(scene, on: canvas)
        // The link is not drawn under the message while it is up: nothing overlaps.
        #expect(blue() == 0)
    }

    /// Every palette's sheet, as drawn: its ground, band and keys in the palette's colours, the
    /// text on it as legible as the palette promises (7:1 in high contrast), the × as a control
    /// must be, the three dots drawn in the boxes that hold them, and, outside the light sheet,
    /// the boxes' edge seen.
    @Test(arguments: Appearance.allCases, [1.0, 2.0])
    func everyPalettesSheetReads(_ appearance: Appearance, scale: Double) throws {
        let p = appearance.palette, colors = p.sheet
        let (c, l) = try draw(scale: scale, typed: "123", appearance: appearance)
        let text = appearance.contrast == .high ? 7.0 : 4.5, boundary = appearance.contrast == .high ? 4.5 : 3
        #expect(c.pixel(x: Int(l.sheet.mid.x), y: Int(l.sheet.y) + 2) == colors.sheet.rgb, "the sheet")
        #expect(c.pixel(x: Int(l.keypad.x) + 1, y: Int(l.keypad.y) + 1) == colors.keypad.rgb, "the band")
        for (key, rect) in zip(PaySheetLayout.keys, l.keyRects) where key != .blank {
            let inside = c.pixel(x: Int(rect.x + 8 * scale), y: Int(rect.y + 8 * scale))
            #expect(inside == (key == .delete ? colors.keypad : colors.key).rgb, "\(key)")
            let label = ink(c, rect.insetBy(dx: rect.width / 3, dy: rect.height / 4), against: inside)
            #expect(label >= text, "\(appearance) \(key)'s label: \(label):1")
        }
        let lines: [(String, Double, Double)] = [("title", l.title.y, l.metrics.titleSize),
                                                 ("payee", l.payee!.y, l.metrics.payeeSize),
                                                 ("amount", l.amount!.y, l.metrics.amountSize),
                                                 ("link", l.linkBaseline, l.metrics.linkSize)]
        for (name, baseline, size) in lines {
            let band = Rect(x: 0, y: baseline - size * scale, width: Double(c.width), height: size * scale)
            let ratio = ink(c, band, against: colors.sheet.rgb)
            #expect(ratio >= text, "\(appearance) \(name): \(ratio):1")
        }
        #expect(ink(c, l.close, against: colors.sheet.rgb) >= boundary, "\(appearance) ×")
        let cell = l.field.width / 6
        for i in 0..<6 {
            let centre = c.pixel(x: Int(l.field.x + cell * (Double(i) + 0.5)), y: Int(l.field.mid.y))
            let dot = appearance == Appearance() ? 0x000000 : p.entryText.rgb
            #expect((centre == dot) == (i < 3), "\(appearance) box \(i): \(String(centre, radix: 16))")
        }
        if appearance != Appearance() {
            // Just inside the boxes' frame, halfway down its left side.
            let edge = c.pixel(x: Int(l.field.x), y: Int(l.field.mid.y))
            #expect(contrast(edge, colors.sheet.rgb) >= boundary, "\(appearance) edge")
        }
    }

    /// Mirrored: the link's ink starts at the field's left edge, the refused key's reason ends
    /// at its right one, and the × is drawn at the header's right; none of them where the
    /// left-to-right sheet has it.
    @Test func aRightToLeftSheetDrawsItsLinkReasonAndCloseMirrored() throws {
        var spec = PaySheetSpec()
        spec.direction = .rightToLeft
        let page = try spec.makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .paySheet(let l) = page.geometry else { throw RenderError("not a sheet") }
        let c = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        /// The columns in `rows` holding ink against the white sheet.
        func inked(_ rows: ClosedRange<Double>) -> [Int] {
            (0..<c.width).filter { x in
                (Int(rows.lowerBound)...Int(rows.upperBound)).contains { contrast(c.pixel(x: x, y: $0), 0xffffff) > 1.5 }
            }
        }
        PagePainter.draw(page.scene(at: 0.5), on: c)
        let link = inked(l.linkBaseline - 12...l.linkBaseline)
        let first = try #require(link.first), last = try #require(link.last)
        #expect(abs(Double(first) - l.field.x) <= 2 && Double(last) < l.field.mid.x, "the link at \(first)…\(last)")
        let header = inked(l.close.y...l.close.maxY)
        #expect(header.contains { Double($0) > l.close.x && Double($0) < l.close.maxX }, "the × at the right")
        #expect(!header.contains { Double($0) < l.field.x }, "nothing at the header's left")
        _ = page.handle(.windowFocus(true), now: 1)
        _ = page.handle(.character("a"), now: 1)
        PagePainter.draw(page.scene(at: 1.1), on: c)
        let reason = inked(l.linkBaseline - 12...l.linkBaseline)
        let start = try #require(reason.first), end = try #require(reason.last)
        #expect(abs(Double(end) - l.field.maxX) <= 2 && Double(start) > l.field.x + 20,
                "the reason ends at the field's right: \(start)…\(end)")
    }

    @Test func aPressedKeyIsDrawnDarkerUntilLetGo() throws {
        let page = try PaySheetSpec().makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .paySheet(let layout) = page.geometry else { Issue.record("not a sheet"); return }
        let rect = layout.keyRects[4]  // "5"
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        _ = page.handle(.click(rect.mid), now: 1)
        PagePainter.draw(page.scene(at: 1), on: canvas)
        let corner = (x: Int(rect.x) + 6, y: Int(rect.y) + 6)
        #expect(canvas.pixel(x: corner.x, y: corner.y) == 0xb4bac3, "pressed")
        #expect(contrast(0xb4bac3, 0xffffff) >= 1.9, "set apart from the white keys")
        _ = page.handle(.release(rect.mid), now: 1.1)
        PagePainter.draw(page.scene(at: 1.1), on: canvas)
        #expect(canvas.pixel(x: corner.x, y: corner.y) == 0xffffff, "let go: white again")
    }
}

extension Color {
    /// The colour as a canvas pixel reads back: 0xRRGGBB.
    var rgb: UInt32 {
        UInt32((red * 255).rounded()) << 16 | UInt32((green * 255).rounded()) << 8 | UInt32((blue * 255).rounded())
    }
}
