// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("The strength bar in words")
struct QualityRatingTests {
    @Test(arguments: [(-100, QualityRating.tooWeak), (-60, .tooWeak), (-1, .tooWeak), (0, .weak), (10, .weak),
                      (39, .weak), (40, .fair), (69, .fair), (70, .strong), (100, .strong)])
    func thresholds(value: Int, rating: QualityRating) {
        #expect(QualityRating(value) == rating)
    }

    @Test func wordsLengthAndColourFollowTheValue() {
        #expect([QualityRating.tooWeak, .weak, .fair, .strong].map(\.words) == ["Too weak", "Weak", "Fair", "Strong"])
        #expect(QualityRating.fraction(-60) == 0, "a refused rating is an empty bar")
        #expect(QualityRating.fraction(10) == 0.1 && QualityRating.fraction(100) == 1)
        #expect(QualityRating(-60).color(in: .light) == Color(rgb: 0xc62828)
                && QualityRating(10).color(in: .light) == Color(rgb: 0xc62828), "10 is not green")
        #expect(QualityRating(80).color(in: .light) == Color(rgb: 0x2e7d32))
        #expect(QualityRating(50).color(in: .dark) == Palette.dark.warning)
    }

    @Test func theBarSitsUnderTheEntryItRatesAboveTheRepeat() throws {
        func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
            Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
        }
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.qualityLabel = "Quality"
        spec.repeatPrompt = "Repeat"
        let page = try spec.makePage(measure: measure)
        guard case .dialog(let layout) = page.geometry, let bar = layout.quality else {
            Issue.record("no bar"); return
        }
        #expect(bar.y > layout.fields[0].maxY && bar.maxY < layout.labels[1].y)
    }
}

@Suite("The demo's status line")
struct StatusLineTests {
    private func page() throws -> Page {
        let field = PageField(name: "pin", label: "", configuration: try FieldConfiguration(theme: .boxes, count: 6))
        return Page(workbench: [field], content: PageContent(title: "t", hint: "h"), rules: PageRules(), scale: 1,
                    measure: { _, _, _ in Size(width: 10, height: 10) })
    }

    @Test func aRefusalGoesOnceTheFieldChanges() throws {
        let p = try page()
        for c in "12345" { _ = p.handle(.character(c.unicodeScalars.first!), now: 0) }
        _ = p.handle(.submit, now: 1)
        #expect(p.feedback?.text == "Enter all 6 digits" && !p.scene(at: 1).messageIsSuccess)
        _ = p.handle(.character("6"), now: 1.1)
        #expect(p.feedback == nil, "the sixth digit makes it stale")
    }

    @Test func submittedIsASuccessNotAnError() throws {
        let p = try page()
        for c in "123456" { _ = p.handle(.character(c.unicodeScalars.first!), now: 0) }
        let effects = p.handle(.submit, now: 1)
        #expect(effects.contains(.deliver(field: 0)))
        _ = p.handedOver(field: 0, now: 1)
        #expect(p.feedback?.text == "Submitted" && p.scene(at: 1).messageIsSuccess)
        _ = p.handle(.character("1"), now: 2)
        #expect(p.feedback == nil, "typing again starts afresh")
    }
}
