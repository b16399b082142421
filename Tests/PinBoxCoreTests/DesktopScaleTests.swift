// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide, whole pixels.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = (Double(text.unicodeScalars.count) * style.size / 2).rounded(.up)
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

/// A prompt follows the screen's resolution while it is open (`InputEvent.desktopScale`): laid
/// out as the same dialog made at the new scale, with everything typed, shown and focused kept.
struct DesktopScaleTests {
    /// Dialogs of every kind that has an entry or a line to lay out.
    static let specs: [(String, DialogSpec)] = {
        var passphrase = DialogSpec(kind: .entry(.passphrase))
        passphrase.description = "Please enter the passphrase to unlock the OpenPGP secret key"
        passphrase.prompt = "Passphrase:"
        var repeated = passphrase
        repeated.repeatPrompt = "Repeat:"
        repeated.qualityLabel = "Quality:"
        repeated.reveal = RevealButton(question: "Show it?")
        var pin = DialogSpec(kind: .entry(.fixedPIN(length: 6)))
        pin.description = "PIN for the card"
        var open = DialogSpec(kind: .entry(.openPIN(shown: 4)))
        open.description = "Card PIN"
        var confirm = DialogSpec(kind: .confirm(notOK: true))
        confirm.description = "Allow this key to be used?"
        return [("passphrase", passphrase), ("repeat", repeated), ("PIN", pin), ("open PIN", open), ("confirm", confirm)]
    }()

    /// The page made by `spec` at `scale`, `typed` into its first entry, laid out in a window of
    /// its own preferred size.
    static func page(_ spec: DialogSpec, scale: Double, typed: String) throws -> Page {
        var spec = spec
        spec.scale = scale
        let page = try spec.makePage(measure: measure)
        for c in typed.unicodeScalars { _ = page.handle(.character(c), now: 1) }
        _ = page.handle(.resize(page.preferredSize), now: 1)
        return page
    }

    @Test(arguments: specs.map(\.0))
    func aRescaledDialogIsTheDialogMadeAtThatScale(_ name: String) throws {
        let spec = try #require(Self.specs.first { $0.0 == name }?.1)
        let typed = spec.kind == .confirm(notOK: true) ? "" : "1234"
        for (from, to) in [(1.0, 2.0), (2.0, 1.25), (1.0, 1.0)] {
            let page = try Self.page(spec, scale: from, typed: typed)
            let focus = page.focus
            #expect(page.handle(.desktopScale(to, area: .zero), now: 2).isEmpty)
            _ = page.handle(.resize(page.preferredSize), now: 2)
            let fresh = try Self.page(spec, scale: to, typed: typed)
            #expect(page.scale == to)
            #expect(page.preferredSize == fresh.preferredSize && page.minimumSize == fresh.minimumSize,
                    "\(name) \(from) → \(to): \(page.preferredSize) against \(fresh.preferredSize)")
            #expect(page.geometry == fresh.geometry, "\(name) \(from) → \(to)")
            #expect(page.fields.map(\.layout) == fresh.fields.map(\.layout), "\(name) \(from) → \(to)")
            #expect(page.fields.map(\.field.length) == fresh.fields.map(\.field.length))
            #expect(page.focus == focus)
            // At rest, the two draw the same.
            #expect(page.scene(at: 5) == fresh.scene(at: 5), "\(name) \(from) → \(to)")
        }
    }

    /// The dot typed just before the change goes on growing in from where it was: the field and
    /// its animation are the same objects, only laid out anew.
    @Test func whatIsTypedAndMovingIsKept() throws {
        let spec = try #require(Self.specs.first?.1)
        let page = try Self.page(spec, scale: 1, typed: "ab")
        let secret = page.fields[0].field
        _ = page.handle(.character("c"), now: 1.05)
        let presence = page.scene(at: 1.1).fields[0].cells[2].presence
        #expect(presence > 0 && presence < 1)
        _ = page.handle(.desktopScale(2, area: .zero), now: 1.1)
        #expect(page.fields[0].field === secret && secret.length == 3)
        #expect(page.scene(at: 1.1).fields[0].cells[2].presence == presence)
        #expect(page.nextDeadline(after: 1.1) != nil, "the dot stopped growing")
        // Revealed stays revealed; typing goes on into the same field.
        _ = page.handle(.character("d"), now: 2)
        #expect(secret.length == 4)
    }

    /// A scale too large for the work area is taken as far as it fits, as a page made at it
    /// would be (`WindowFit`); the control: an area it fits takes the scale asked.
    @Test func aRescaledDialogFitsTheWorkArea() throws {
        let spec = try #require(Self.specs.first?.1)
        let roomy = try Self.page(spec, scale: 1, typed: "")
        _ = roomy.handle(.desktopScale(2, area: Size(width: 4000, height: 3000)), now: 2)
        #expect(roomy.scale == 2)
        let page = try Self.page(spec, scale: 1, typed: "")
        let area = Size(width: 700, height: 500)
        _ = page.handle(.desktopScale(4, area: area), now: 2)
        #expect(page.scale > 1 && page.scale < 4)
        #expect(page.preferredSize.width <= area.width && page.preferredSize.height <= area.height)
    }

    /// Scales no prompt takes (`--scale`'s range), and a page that has ended, are passed over.
    @Test func anUntakableScaleChangesNothing() throws {
        let spec = try #require(Self.specs.first?.1)
        let page = try Self.page(spec, scale: 1, typed: "ab")
        let before = page.preferredSize
        for s in [0.0, -1, 9, .nan, .infinity] { _ = page.handle(.desktopScale(s, area: .zero), now: 2) }
        #expect(page.scale == 1 && page.preferredSize == before)
        _ = page.handle(.escape, now: 3)
        _ = page.handle(.escape, now: 3)
        #expect(page.outcome != nil)
        _ = page.handle(.desktopScale(2, area: .zero), now: 4)
        #expect(page.scale == 1)
    }

    /// While another program holds the keyboard the page is a notice; the prompt set aside is
    /// rescaled too, and comes back at the new scale (emptied, as it always comes back).
    @Test func aPromptSetAsideIsRescaledWithTheNotice() throws {
        let spec = try #require(Self.specs.first?.1)
        let page = try Self.page(spec, scale: 1, typed: "abc")
        _ = page.handle(.keyboardUnavailable, now: 2)
        #expect(page.fields.isEmpty)
        _ = page.handle(.desktopScale(2, area: .zero), now: 3)
        _ = page.handle(.keyboardAvailable, now: 4)
        _ = page.handle(.resize(page.preferredSize), now: 4)
        let fresh = try Self.page(spec, scale: 2, typed: "")
        #expect(page.fields.map(\.layout) == fresh.fields.map(\.layout))
        #expect(page.fields[0].field.length == 0 && page.preferredSize == fresh.preferredSize)
    }

    /// The payment sheet follows too; the demo's workbench, which no maker can remake, keeps its
    /// scale (it does not follow the desktop at all).
    @Test func thePaymentSheetFollowsAndTheWorkbenchDoesNot() throws {
        func sheet(_ scale: Double) throws -> Page {
            var spec = PaySheetSpec()
            spec.amount = "¥25.00"
            spec.scale = scale
            let page = try spec.makePage(measure: measure)
            for c in "12".unicodeScalars { _ = page.handle(.character(c), now: 1) }
            _ = page.handle(.resize(page.preferredSize), now: 1)
            return page
        }
        let page = try sheet(1)
        _ = page.handle(.desktopScale(2, area: .zero), now: 2)
        _ = page.handle(.resize(page.preferredSize), now: 2)
        let fresh = try sheet(2)
        #expect(page.geometry == fresh.geometry && page.fields[0].field.length == 2)
        #expect(page.scene(at: 5) == fresh.scene(at: 5))

        let configuration = try FieldConfiguration(theme: .boxes, count: 6)
        let bench = Page(workbench: [PageField(name: "pin", label: "", configuration: configuration)],
                         content: PageContent(), rules: PageRules(), scale: 1, measure: measure)
        let size = bench.preferredSize
        _ = bench.handle(.desktopScale(2, area: .zero), now: 2)
        #expect(bench.scale == 1 && bench.preferredSize == size)
    }
}
