// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: (style.size * 1.3).rounded(.up))
}

private func sheet(_ edit: (inout PaySheetSpec) -> Void = { _ in }) throws -> (Page, PaySheetLayout) {
    var spec = PaySheetSpec()
    edit(&spec)
    let page = try spec.makePage(measure: measure)
    _ = page.handle(.resize(page.preferredSize), now: 0)
    guard case .paySheet(let layout) = page.geometry else { throw TestFailure("not a pay sheet") }
    return (page, layout)
}

private struct TestFailure: Error { let text: String; init(_ t: String) { text = t } }

/// The middle of the key labelled `label` ("0"…"9", "⌫").
private func key(_ label: Unicode.Scalar, in layout: PaySheetLayout) -> Point {
    let wanted: PaySheetLayout.Key = label == "⌫" ? .delete : .digit(label)
    return layout.keyRects[PaySheetLayout.keys.firstIndex(of: wanted)!].mid
}

/// A key pressed and let go where it was pressed, as a tap does.
private func tap(_ page: Page, _ point: Point, now: Double) -> [PageEffect] {
    page.handle(.click(point), now: now) + page.handle(.release(point), now: now)
}

@Suite("Payment sheet: seed 001's view with a number pad")
struct PaySheetTests {
    /// An open sheet follows the desktop as the prompts do: its boxes take the dark palette's
    /// entry, the dots stop moving, and the light palette brings the seed's own boxes back.
    @Test func anOpenSheetFollowsTheDesktop() throws {
        let (page, _) = try sheet()
        for c in "12".unicodeScalars { _ = page.handle(.character(c), now: 1) }
        let before = page.scene(at: 2)
        #expect(before.fields[0].theme == .paypass && before.palette == .light)
        let dark = Appearance(.dark).palette
        #expect(page.handle(.desktopStyle(dark, Motion(animates: false)), now: 2).isEmpty)
        let after = page.scene(at: 2)
        #expect(after.palette.sheet == .dark)
        #expect(after.fields[0].theme.background == dark.entryBackground && after.fields[0].theme.dotColor == dark.entryText)
        #expect(after.fields[0].theme.frameColor == dark.border && after.fields[0].theme.dividerColor == dark.border)
        #expect(page.fields[0].field.length == 2 && after.geometry == before.geometry && !page.fields[0].animator.moves)
        _ = page.handle(.desktopStyle(.light, Motion()), now: 3)
        #expect(page.scene(at: 3).fields[0].theme == .paypass && page.fields[0].animator.moves)
    }

    /// Mirrored for a language written right to left: the × at the right end of the header and
    /// the link at the field's left, each where a click finds it; the boxes, the text lines and
    /// the number pad where they were, as digits and a phone's number pad do not turn.
    @Test func aRightToLeftSheetIsMirroredButItsBoxesAndKeysAreNot() throws {
        let (_, ltr) = try sheet { $0.amount = "25"; $0.direction = .leftToRight }
        let (page, rtl) = try sheet { $0.amount = "25"; $0.direction = .rightToLeft }
        #expect(!ltr.mirrored && rtl.mirrored)
        #expect(rtl.close.width == ltr.close.width && rtl.close.y == ltr.close.y)
        #expect(rtl.close.maxX == rtl.sheet.maxX - (ltr.close.x - ltr.sheet.x), "as far from the right as it was from the left")
        #expect(rtl.forgot.x < rtl.field.x && rtl.forgot.maxX < rtl.field.mid.x && ltr.forgot.x > ltr.field.mid.x)
        #expect(rtl.message.x == rtl.field.maxX && ltr.message.x == ltr.field.x)
        #expect(rtl.field == ltr.field && rtl.keyRects == ltr.keyRects && rtl.title == ltr.title && rtl.amount == ltr.amount)
        #expect(rtl.titleText == ltr.titleText && rtl.titleSize == ltr.titleSize)
        #expect(tap(page, rtl.forgot.mid, now: 1) == [.report(.focus("forgot")), .report(.button(.forgot))],
                "the link where it is drawn")
        #expect(tap(page, rtl.close.mid, now: 2).last == .finish(.cancelled(.button)), "the × where it is drawn")
    }

    /// A sheet made dark is dark from its first frame, with the seed's layout.
    @Test func aSheetIsMadeInItsAppearance() throws {
        let (light, lightLayout) = try sheet()
        for appearance in Appearance.allCases {
            let (page, layout) = try sheet { $0.appearance = appearance }
            #expect(page.scene(at: 0).palette == appearance.palette && layout == lightLayout)
            #expect((page.scene(at: 0).fields[0].theme == .paypass) == (appearance == Appearance()))
        }
        #expect(light.motion.animates)
    }

    @Test func aKeyDarkensWhenPressedTypesOnReleaseAndDraggingOffCancels() throws {
        let (page, layout) = try sheet()
        let five = key("5", in: layout), six = key("6", in: layout)
        #expect(page.handle(.click(five), now: 1) == [], "nothing typed on the way down")
        #expect(page.scene(at: 1).pressedKey == 4, "the key shows pressed")
        #expect(page.handle(.drag(six), now: 1.1) == [])
        #expect(page.scene(at: 1.1).pressedKey == nil, "dragged off: no longer pressed")
        #expect(page.handle(.release(six), now: 1.2) == [], "let go off it: nothing typed")
        #expect(page.fields[0].field.length == 0)
        _ = page.handle(.click(five), now: 2)
        _ = page.handle(.drag(six), now: 2.1)
        _ = page.handle(.drag(five), now: 2.2)
        #expect(page.scene(at: 2.2).pressedKey == 4, "back on it: pressed again")
        #expect(page.handle(.release(five), now: 2.3) == [.report(.change(field: "paypass", length: 1))])
        #expect(page.scene(at: 2.3).pressedKey == nil)
    }

    /// The pointer is a text cursor over the boxes, a hand over the link, and the window's own
    /// over the × and the keys, which are buttons; nothing once the sheet has ended.
    @Test func thePointerIsAHandOverTheLinkOnly() throws {
        let (page, layout) = try sheet()
        #expect(page.pointerAreas == [PointerArea(layout.field, .text), PointerArea(layout.forgot, .link)])
        #expect(!layout.keyRects.contains { $0.intersects(layout.forgot) } && !layout.close.intersects(layout.forgot))
        for c in "123456".unicodeScalars { _ = page.handle(.character(c), now: 1) }
        _ = page.advance(to: 2)
        #expect(page.outcome != nil && page.pointerAreas.isEmpty)
    }

    @Test func clickingAKeyTypesItsDigit() throws {
        let (page, layout) = try sheet()
        #expect(tap(page, key("5", in: layout), now: 1) == [.report(.change(field: "paypass", length: 1))])
        #expect(page.fields[0].field.secret.withBytes { Array($0) } == Array("5".utf8))
    }

    @Test func clickingDeleteDeletesAndTheBlankCornerDoesNothing() throws {
        let (page, layout) = try sheet()
        _ = tap(page, key("1", in: layout), now: 1)
        _ = tap(page, key("2", in: layout), now: 1)
        #expect(tap(page, key("⌫", in: layout), now: 2) == [.report(.change(field: "paypass", length: 1))])
        #expect(tap(page, layout.keyRects[9].mid, now: 3) == [], "no key in the bottom-left corner")
        #expect(tap(page, Point(x: layout.keypad.x + 1, y: layout.keypad.y + 1), now: 3) == [],
                "the band between keys types nothing")
        #expect(page.fields[0].field.length == 1)
    }

    @Test func theSixthDigitSubmitsDeliversAndEndsTheSheet() throws {
        let (page, layout) = try sheet()
        for d in "12345".unicodeScalars { _ = tap(page, key(d, in: layout), now: 1) }
        #expect(tap(page, key("6", in: layout), now: 2) == [
            .report(.change(field: "paypass", length: 6)),
            .report(.complete(field: "paypass", index: 0, reveal: false)),
            .report(.button(.ok)),
            .report(.submit(field: "paypass", index: 0, length: 6, reveal: false)),
            .deliver(field: 0), .finish(.submitted)])
        #expect(page.outcome?.exitStatus(for: page.rules.purpose) == .ok)
        #expect(tap(page, key("7", in: layout), now: 3) == [], "a finished sheet takes nothing more")
    }

    @Test func typedAndClickedDigitsAreOneEntry() throws {
        let (page, layout) = try sheet()
        _ = page.handle(.character("1"), now: 1)
        _ = tap(page, key("2", in: layout), now: 1)
        #expect(page.handle(.character("a"), now: 1) == [.report(.rejected(field: "paypass", reason: .notADigit)), .bell])
        #expect(page.fields[0].field.secret.withBytes { Array($0) } == Array("12".utf8))
    }

    @Test func theCloseButtonAndEscapeCancel() throws {
        let (page, layout) = try sheet()
        #expect(tap(page, layout.close.mid, now: 1) == [
            .report(.focus("cancel")), .report(.button(.cancel)), .report(.cancel(field: "cancel", by: .button)),
            .finish(.cancelled(.button))])
        #expect(page.outcome?.exitStatus(for: page.rules.purpose) == .cancelled)
        let (other, _) = try sheet()
        _ = other.handle(.character("1"), now: 1)
        #expect(other.handle(.escape, now: 2) == [.report(.cancel(field: "paypass", by: .escape)),
                                                   .finish(.cancelled(.escape))])
    }

    @Test func theLinkReportsForgotAndTheSheetStays() throws {
        let (page, layout) = try sheet()
        #expect(tap(page, layout.forgot.mid, now: 1) == [.report(.focus("forgot")), .report(.button(.forgot))])
        #expect(page.outcome == nil)
        // Typing goes back to the field, as in a dialog.
        #expect(page.handle(.character("4"), now: 2) == [.report(.focus("paypass")),
                                                         .report(.change(field: "paypass", length: 1))])
    }

    @Test func returnOnAnUnfinishedEntrySaysWhy() throws {
        let (page, _) = try sheet()
        _ = page.handle(.character("1"), now: 1)
        #expect(page.handle(.submit, now: 2) == [.report(.button(.ok)),
                                                 .report(.rejected(field: "paypass", reason: .incomplete)), .bell])
        #expect(page.feedback?.text == "Enter all 6 digits")
    }

    /// A long payee is cut at its end to the longest text that fits, found in a few dozen
    /// measures whatever its length (it was one measure a character: minutes for 100 000).
    @Test func aLongPayeeIsCutToTheLongestTextThatFits() {
        var measured = 0
        let counting: TextMeasure = { text, style, width in
            measured += 1
            return measure(text, style, width)
        }
        let payee = String(repeating: "Coffee  ", count: 12_500)
        let cut = PaySheetLayout.ellipsized(payee, size: 10, width: 100, measure: counting)
        #expect(cut == "Coffee  Coffee  Cof…", "19 characters of 5 px and the ellipsis fill 100 px")
        #expect(measured < 40)
        #expect(PaySheetLayout.ellipsized("Coffee  Coffee  x", size: 10, width: 80, measure: measure) == "Coffee  Coffee…",
                "no spaces before the ellipsis")
        #expect(PaySheetLayout.ellipsized("Coffee", size: 10, width: 100, measure: measure) == "Coffee")
        #expect(PaySheetLayout.ellipsized("Coffee", size: 10, width: 2, measure: measure) == "…")
    }

    /// A title one letter past the widest the sheet grows for made it narrower (back to the
    /// seed's width) and cut the title shorter; the sheet stays at its widest, cut there. And
    /// the longest amount taken, cut with "…" at the smallest size it had, is shown whole.
    @Test func aLongerTitleNeverNarrowsTheSheetAndTheAmountIsShownWhole() throws {
        var widths: [Double] = []
        for n in stride(from: 10, through: 90, by: 2) {
            let (_, layout) = try sheet { $0.title = String(repeating: "T", count: n); $0.amount = "¥1"; $0.payee = "Shop" }
            widths.append(layout.sheet.width)
        }
        #expect(widths == widths.sorted(), "\(widths)")
        #expect(widths.last! > widths.first!, "the control: a long title widens the sheet")
        let amount = "¥" + String(repeating: "8", count: PayAmount.maximumLength - 1)
        let (_, layout) = try sheet { $0.amount = amount; $0.payee = "Shop" }
        #expect(layout.amountText == amount)
        #expect(measure(amount, TextStyle(size: layout.amountSize, bold: true), nil).width <= layout.sheet.width - 40)
    }

    @Test func theSheetIsSeedSizedAndItsKeysAreLargeAndApart() throws {
        let (_, layout) = try sheet { $0.amount = "¥25.00"; $0.payee = "Coffee" }
        #expect(layout.content.width == 375)
        #expect(layout.field.width == 335 && layout.field.height == 40, "seed 001: ScreenWidth − 40 by 40")
        #expect(layout.field.x == 20)
        #expect(layout.payee != nil && layout.amount != nil)
        #expect(layout.keyRects.count == 12)
        for (i, a) in layout.keyRects.enumerated() {
            #expect(a.height >= 44 && a.width >= 44, "a finger-sized target")
            for b in layout.keyRects[(i + 1)...] { #expect(!a.intersects(b)) }
        }
        #expect(layout.keyRects.last!.maxY <= layout.content.height)
        #expect(layout.field.maxY < layout.forgot.y + 6 && layout.forgot.maxY < layout.keypad.y)
        let (plain, _) = try sheet()
        #expect(plain.preferredSize.height < layout.content.height, "no amount, no room kept for one")
    }

    /// A small screen: the window is no taller than it, even at the smallest scale. The keys
    /// give up height, each row alike, rather than the last row being cut at the window's foot;
    /// never below a finger's target.
    @Test func aShorterWindowShortensTheKeysRatherThanCutTheLastRow() throws {
        let (page, natural) = try sheet { $0.amount = "¥25.00"; $0.payee = "Coffee" }
        let short = natural.content.height - 38
        _ = page.handle(.resize(Size(width: 375, height: short)), now: 0)
        guard case .paySheet(let layout) = page.geometry else { return #expect(Bool(false)) }
        #expect(layout.content == natural.content, "the natural size stays what the window asks for")
        let rows = stride(from: 0, to: 12, by: 3).map { layout.keyRects[$0].height }
        #expect(rows.reduce(0, +) == 4 * 54 - 38 && rows.max()! - rows.min()! <= 1, "38 px shared by 4 rows: \(rows)")
        #expect(layout.keypad.maxY == short && layout.sheet.maxY == short)
        #expect(layout.keyRects.last!.maxY < layout.keypad.maxY, "the last row whole, the band under it")
        #expect(layout.field == natural.field && layout.forgot.maxY < layout.keypad.y, "nothing above the keys moves")
        for (i, a) in layout.keyRects.enumerated() { for b in layout.keyRects[(i + 1)...] { #expect(!a.intersects(b)) } }

        _ = page.handle(.resize(Size(width: 375, height: natural.content.height - 200)), now: 0)
        guard case .paySheet(let shortest) = page.geometry else { return #expect(Bool(false)) }
        #expect(shortest.keyRects.allSatisfy { $0.height == 40 }, "no shorter than a finger's target")
    }

    @Test func aBiggerWindowKeepsTheSheetAtItsFoot() throws {
        let (page, _) = try sheet()
        _ = page.handle(.resize(Size(width: 800, height: 900)), now: 0)
        guard case .paySheet(let layout) = page.geometry else { return #expect(Bool(false)) }
        #expect(layout.sheet.maxY == 900)
        #expect(abs(layout.field.mid.x - 400) <= 0.5, "centred to the pixel")
    }
}
