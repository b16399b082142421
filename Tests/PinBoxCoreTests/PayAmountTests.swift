// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// The payment sheet's amount: what it may hold (issue 22: reordering marks, look-alike digits
/// and line breaks passed), and how a long one fits the sheet.
@Suite("Pay amount")
struct PayAmountTests {
    @Test(arguments: ["¥25.00", "$1,250.99", "1 250,00 €", "1'250.00",
                      "₹1,00,000", "12\u{202f}345,67 €", "¥1,000,000,000,000,000,000,025.00", ""])
    func plainAmountsAreTaken(_ amount: String) {
        #expect(PayAmount.problem(amount) == nil, "\(amount)")
    }

    @Test func disguisesAreRefusedNamingTheCharacter() {
        #expect(PayAmount.problem("\u{200f}1 250")?.hasSuffix("not U+200F") == true)
        #expect(PayAmount.problem("¥\u{0661}\u{0662}\u{0663}")?.hasSuffix("not U+0661") == true, "Arabic-Indic digits")
        #expect(PayAmount.problem("¥12\r\n34")?.hasSuffix("not U+000D") == true)
        #expect(PayAmount.problem("¥1\n2")?.hasSuffix("not U+000A") == true)
        #expect(PayAmount.problem("１２３")?.hasSuffix("not U+FF11") == true, "fullwidth digits")
        #expect(PayAmount.problem("$\u{202e}52") != nil)
        #expect(PayAmount.problem("$¥5") == "has more than one currency sign")
        #expect(PayAmount.problem("¥") == "has no digit")
        #expect(PayAmount.problem("\u{fdfc}5") != nil, "a sign written right to left")
        #expect(PayAmount.problem(String(repeating: "9", count: 41)) == "is at most 40 characters long")
    }

    /// Every character the same width, `size / 2`, as the stand-in measure of PageTests.
    private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
        Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: style.size)
    }

    @Test func aLongAmountShrinksThenEndsWithAnEllipsis() {
        #expect(PayAmount.fitted("¥25.00", size: 32, width: 335, measure: measure) == ("¥25.00", 32))
        // 30 characters at 32 px are 480 px: shrunk to fit 335.
        let thirty = "¥" + String(repeating: "1", count: 26) + ".00"
        let shrunk = PayAmount.fitted(thirty, size: 32, width: 335, measure: measure)
        #expect(shrunk.text == thirty && shrunk.size < 32 && shrunk.size >= 16)
        #expect(Double(thirty.unicodeScalars.count) * shrunk.size / 2 <= 335)
        // Half size is the least: past it the end is cut, with an ellipsis, never the middle.
        let amount = "¥1,000,000,000,000,000,000,025.00"
        let cut = PayAmount.fitted(amount, size: 32, width: 200, measure: measure)
        #expect(cut.size == 16 && cut.text.hasSuffix("…") && amount.hasPrefix(String(cut.text.dropLast())))
        #expect(Double(cut.text.unicodeScalars.count) * 8 <= 200)
    }

    @Test func theSheetDrawsTheFittedAmount() throws {
        let content = PageContent(description: "¥1,000,000,000,000,000,000,025.00")
        let layout = PaySheetLayout(window: .zero, content: content, fieldSize: Size(width: 300, height: 50),
                                    linkText: "Forgot password?", scale: 1, measure: measure)
        #expect(Double(layout.amountText.unicodeScalars.count) * layout.amountSize / 2 <= 375 - 40)
        #expect(layout.amountSize < 32)
    }
}
