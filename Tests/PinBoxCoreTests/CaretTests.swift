// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("The caret of a text entry")
struct CaretTests {
    private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
        Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
    }

    /// GTK's rhythm (`gtkentry.c`, `gtktext.c`): shown a whole blink after a key, then hidden a
    /// third of each blink and shown two thirds, until it stops, shown.
    @Test func itShowsAWholeBlinkThenHidesAThirdOfEachThenStopsShown() throws {
        let blink = CaretBlink()
        #expect(blink.isShown(at: 0, since: 0) && blink.isShown(at: 0.7, since: 0) && blink.isShown(at: 1.19, since: 0))
        #expect(!blink.isShown(at: 1.2, since: 0) && !blink.isShown(at: 1.59, since: 0))
        #expect(blink.isShown(at: 1.61, since: 0) && blink.isShown(at: 2.39, since: 0))
        #expect(!blink.isShown(at: 2.41, since: 0))
        func next(_ t: Double) throws -> Double { try #require(blink.nextChange(after: t, since: 0)) }
        #expect(abs(try next(0) - 1.2) < 1e-9)
        #expect(abs(try next(1.3) - 1.6) < 1e-9)
        #expect(abs(try next(1.7) - 2.4) < 1e-9)
        #expect(abs(try next(9.9) - 10) < 1e-9, "the last change shows it")
        #expect(blink.isShown(at: 10, since: 0) && blink.isShown(at: 11.9, since: 0), "still, after ten seconds")
        #expect(blink.nextChange(after: 10, since: 0) == nil, "then nothing wakes the process")
        // Each change it names is one: the caret differs on either side of it.
        var t = 0.0
        while let change = blink.nextChange(after: t, since: 0) {
            #expect(blink.isShown(at: change - 0.001, since: 0) != blink.isShown(at: change + 0.001, since: 0), "\(change)")
            t = change + 0.001
        }
    }

    @Test func aFocusedPassphraseEntryShowsItAndABlurredOneDoesNot() throws {
        let page = try DialogSpec(kind: .entry(.passphrase)).makePage(measure: measure)
        #expect(page.scene(at: 0).fields[0].caret == false, "the window has no focus yet")
        #expect(page.nextDeadline(after: 0) == nil)
        _ = page.handle(.windowFocus(true), now: 100)
        #expect(page.scene(at: 100).fields[0].caret && page.scene(at: 100.7).fields[0].caret)
        #expect(!page.scene(at: 101.3).fields[0].caret)
        #expect(abs((page.nextDeadline(after: 100) ?? 0) - 101.2) < 1e-9)
        _ = page.handle(.character("a"), now: 105)
        #expect(page.scene(at: 105.1).fields[0].caret, "a key shows it at once")
        #expect(page.nextDeadline(after: 115.5) == nil, "ten seconds after the last key it stops")
        #expect(page.scene(at: 200).fields[0].caret)
        _ = page.handle(.focusNext, now: 201)
        #expect(!page.scene(at: 201).fields[0].caret, "a button has the focus")
        _ = page.handle(.windowFocus(false), now: 202)
        #expect(page.nextDeadline(after: 202) == nil)
    }

    @Test func pinBoxesAndTheSeedsHaveNone() throws {
        let page = try DialogSpec(kind: .entry(.openPIN(shown: 6))).makePage(measure: measure)
        _ = page.handle(.windowFocus(true), now: 0)
        #expect(!page.scene(at: 0).fields[0].caret && page.nextDeadline(after: 0) == nil)
        #expect(Theme.builtIn.allSatisfy { $0.padding == 0 } && Theme.passphrase.padding == 8)
    }

    @Test func pinBoxesStartOnTheTextColumn() throws {
        let page = try DialogSpec(kind: .entry(.openPIN(shown: 6))).makePage(measure: measure)
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        let firstBox = layout.fields[0].x + page.fields[0].layout.cells[0].x
        #expect(firstBox == layout.description.x)
    }
}

@Suite("The prompts' curve")
struct PromptEasingTests {
    private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
        Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
    }

    @Test func promptsAndThePaySheetUseInkEaseOutAndTheDemoKeepsTheSeeds() throws {
        #expect(Easing.promptDefault == .inkEaseOut)
        let dialog = try DialogSpec(kind: .entry(.passphrase)).makePage(measure: measure)
        #expect(dialog.fields[0].animator.easing == .inkEaseOut)
        let pin = try DialogSpec(kind: .entry(.openPIN(shown: 6))).makePage(measure: measure)
        #expect(pin.fields[0].animator.easing == .inkEaseOut)
        let pay = try PaySheetSpec().makePage(measure: measure)
        #expect(pay.fields[0].animator.easing == .inkEaseOut)
        var chosen = DialogSpec(kind: .entry(.passphrase))
        chosen.easing = .seed
        #expect(try chosen.makePage(measure: measure).fields[0].animator.easing == .seed, "--easing still chooses")
        #expect(try FieldConfiguration().easing == .linear, "the demo page's fields keep the seed's curve")
        // A dot typed 50 ms ago: more than half its ink under the prompts' curve.
        let page = try DialogSpec(kind: .entry(.passphrase)).makePage(measure: measure)
        _ = page.handle(.character("a"), now: 10)
        let presence = page.fields[0].animator.presence(of: 0, at: page.animationTime(10.05))
        #expect(Easing.ink(presence) > 0.5)
    }
}

@Suite("The focus ring at every scale")
struct RingSymmetryTests {
    @Test(arguments: [1.0, 1.25, 1.5, 2.0])
    func theRingKeepsOneDistanceOnEverySideInWholePixels(scale: Double) throws {
        let fields = try Theme.builtIn.map { theme in
            PageField(name: theme.name, label: theme.name,
                      configuration: try FieldConfiguration(theme: theme, scale: scale))
        }
        let layout = PageLayout(window: .zero, layouts: fields.map { $0.layout }, scale: scale)
        for i in fields.indices {
            let ring = layout.ring(around: i), cells = layout.visible[i]
            #expect(ring.x == ring.x.rounded() && ring.y == ring.y.rounded() && ring.maxY == ring.maxY.rounded())
            #expect(cells.y - ring.y == ring.maxY - cells.maxY, "\(fields[i].name) at \(scale): top and bottom")
            #expect(cells.x - ring.x == ring.maxX - cells.maxX, "\(fields[i].name) at \(scale): left and right")
        }
    }
}
