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
        #expect(QualityRating(-60).color == Color(rgb: 0xc62828) && QualityRating(10).color == Color(rgb: 0xc62828),
                "10 is not green")
        #expect(QualityRating(80).color == Color(rgb: 0x2e7d32))
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
