// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Every character half an em wide, as in PageTests.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

private let tooltip = "The quality of the text entered above.\nPlease ask your administrator for details about the criteria."

/// A new passphrase's dialog with a strength bar, its tooltip unless told, laid out at its size.
/// Its window has not the focus: no caret blinks, so the page's deadlines are the tooltip's alone.
private func barDialog(tooltip text: String? = tooltip, label: String? = "Quality:") throws -> Page {
    var spec = DialogSpec(kind: .entry(.passphrase))
    spec.prompt = "New passphrase:"
    spec.qualityLabel = label
    spec.qualityTooltip = text
    let page = try spec.makePage(measure: measure)
    _ = page.handle(.resize(page.preferredSize), now: 0)
    return page
}

private func barRow(_ page: Page) throws -> Rect {
    guard case .dialog(let layout) = page.geometry else { throw TipTestError.notADialog }
    return try #require(layout.quality)
}

private enum TipTestError: Error { case notADialog }

@Suite("A tooltip shown when the pointer rests (the rule, with a fake clock)")
struct HoverTipTests {
    @Test func itShowsHalfASecondAfterThePointerCameToRest() {
        var tip = HoverTip()
        #expect(tip.nextChange(after: 0) == nil, "the pointer elsewhere: no wake-up at all")
        tip.pointerMoved(onArea: true, at: 10)
        #expect(!tip.isShown(at: 10.49))
        #expect(tip.nextChange(after: 10) == 10.5)
        #expect(tip.isShown(at: 10.5))
        #expect(tip.nextChange(after: 10.5) == nil, "shown: nothing more to wait for")
    }

    @Test func aPointerPassingOverShowsNothing() {
        var tip = HoverTip()
        // Moves every 100 ms across the area, then off it: the wait starts again at each move.
        for t in stride(from: 1.0, through: 1.8, by: 0.1) {
            tip.pointerMoved(onArea: true, at: t)
            #expect(!tip.isShown(at: t + 0.09))
        }
        #expect(tip.nextChange(after: 1.8) == 2.3)
        tip.pointerMoved(onArea: false, at: 1.9)
        #expect(!tip.isShown(at: 5) && tip.nextChange(after: 1.9) == nil)
    }

    @Test func shownItStaysWhileThePointerMovesOnTheAreaAndGoesWhenItLeaves() {
        var tip = HoverTip()
        tip.pointerMoved(onArea: true, at: 0)
        tip.pointerMoved(onArea: true, at: 0.7)
        #expect(tip.isShown(at: 0.7), "a move on the area once it shows does not hide it")
        tip.pointerMoved(onArea: false, at: 0.8)
        #expect(!tip.isShown(at: 0.8))
    }

    @Test func hiddenByAKeyItWaitsForTheNextRest() {
        var tip = HoverTip()
        tip.pointerMoved(onArea: true, at: 0)
        #expect(tip.isShown(at: 1))
        tip.hide()
        #expect(!tip.isShown(at: 2) && tip.nextChange(after: 2) == nil, "the pointer still there, the tip stays hidden")
        tip.pointerMoved(onArea: true, at: 3)
        #expect(!tip.isShown(at: 3.4) && tip.isShown(at: 3.5))
    }
}

@Suite("The strength bar's tooltip on a dialog")
struct QualityTipTests {
    @Test func restingOnTheBarShowsTheTooltipInTheScene() throws {
        let page = try barDialog()
        let row = try barRow(page)
        #expect(page.wantsPointerMotion)
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.mid.y))), now: 1)
        #expect(page.scene(at: 1.4).qualityTip == nil)
        #expect(page.nextDeadline(after: 1) == 1.5, "one wake-up, when it is due")
        #expect(page.scene(at: 1.5).qualityTip == tooltip)
        #expect(page.nextDeadline(after: 1.5) == nil, "shown, the page sleeps")
    }

    @Test func elsewhereOnTheDialogItDoesNotShow() throws {
        let page = try barDialog()
        let row = try barRow(page)
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.y - 3))), now: 1)
        #expect(page.scene(at: 9).qualityTip == nil && page.nextDeadline(after: 1) == nil)
    }

    @Test(arguments: [InputEvent.hover(.left), .hover(.keyPressed), .character("a"), .deleteBackward, .focusNext,
                      .escape, .click(Point(x: 1, y: 1)), .pasteRequest(.primary, at: Point(x: 1, y: 1)),
                      .windowFocus(false), .hidden])
    func leavingAKeyAClickOrTheFocusGoingHidesIt(_ input: InputEvent) throws {
        let page = try barDialog()
        let row = try barRow(page)
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.mid.y))), now: 1)
        #expect(page.scene(at: 2).qualityTip != nil)
        _ = page.handle(input, now: 2)
        #expect(page.scene(at: 2).qualityTip == nil, "\(input)")
        #expect(page.scene(at: 9).qualityTip == nil, "\(input): not back while the pointer stays still")
    }

    @Test func thePointerLeavingTheBarHidesIt() throws {
        let page = try barDialog()
        let row = try barRow(page)
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.mid.y))), now: 1)
        _ = page.handle(.hover(.moved(Point(x: row.x + 2, y: row.mid.y))), now: 2)
        #expect(page.scene(at: 2).qualityTip != nil, "still on the row")
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.maxY + 1))), now: 3)
        #expect(page.scene(at: 3).qualityTip == nil)
    }

    @Test func theFocusComingAndTheKeyboardsStateLeaveItShown() throws {
        let page = try barDialog()
        let row = try barRow(page)
        _ = page.handle(.hover(.moved(Point(x: row.mid.x, y: row.mid.y))), now: 1)
        _ = page.handle(.windowFocus(true), now: 2)
        _ = page.handle(.keyboard(KeyboardState()), now: 2)
        #expect(page.scene(at: 2).qualityTip != nil)
    }

    @Test func withoutATooltipThePointerIsNotFollowed() throws {
        for page in [try barDialog(tooltip: nil), try barDialog(tooltip: " \n"), try barDialog(label: nil)] {
            #expect(!page.wantsPointerMotion)
            _ = page.handle(.hover(.moved(Point(x: 200, y: 150))), now: 1)
            #expect(page.nextDeadline(after: 1) == nil && page.scene(at: 9).qualityTip == nil)
        }
    }

    @Test func theTooltipKeepsItsWordsAndLosesATrailingNewline() throws {
        let page = try barDialog(tooltip: "Quality of the new passphrase\n")
        #expect(page.content.qualityTooltip == "Quality of the new passphrase")
    }

    @Test func aPageThatEndedFollowsThePointerNoMore() throws {
        let page = try barDialog()
        _ = page.handle(.escape, now: 1)
        #expect(page.outcome != nil && !page.wantsPointerMotion)
    }

    @Test func thePointerIsNoActivity() throws {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.qualityLabel = "Quality"
        spec.qualityTooltip = "tip"
        spec.timeout = 10
        let page = try spec.makePage(measure: measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        _ = page.handle(.hover(.moved(Point(x: 1, y: 1))), now: 8)
        #expect(page.nextDeadline(after: 8) == 10, "moving the pointer does not put the timeout off")
    }

    @Test func theBarsAccessibleDescriptionIsItsTooltipAfterTheRating() throws {
        let page = try barDialog()
        #expect(AccessibleTree(page: page).node(AccessibleTree.ID.quality)?.description == tooltip)
        page.setQuality(42)
        #expect(AccessibleTree(page: page).node(AccessibleTree.ID.quality)?.description == "Fair\n" + tooltip)
        let plain = try barDialog(tooltip: nil)
        plain.setQuality(42)
        #expect(AccessibleTree(page: plain).node(AccessibleTree.ID.quality)?.description == "Fair", "no tooltip: as before")
    }
}
