// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("PIN length you can see")
struct PinLengthTests {
    private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
        Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
    }

    private func type(_ page: Page, _ n: Int) {
        for _ in 0..<n { _ = page.handle(.character("7"), now: 0) }
    }

    @Test func boxesGrowToTheRowThenSayHowMany() throws {
        let page = try DialogSpec(prompt: .pin(.user)).makePage(measure: measure)
        #expect(page.fields[0].layout.cells.count == 1, "a neutral start: one box")
        type(page, 3)
        #expect(page.fields[0].layout.cells.count == 4, "three typed and the next one's box")
        let most = try #require(page.fields[0].growth?.most)
        #expect(most >= 9, "the row's width holds \(most)")
        type(page, most - 4)
        #expect(page.fields[0].layout.cells.count == most && page.scene(at: 5).fields[0].count == nil)
        type(page, 1)
        #expect(page.scene(at: 5).fields[0].count == "\(most) characters", "the row is full: the count")
        type(page, 36 - most)
        let at36 = page.scene(at: 5).fields[0]
        #expect(at36.count == "36 characters")
        type(page, 1)
        #expect(page.scene(at: 5).fields[0] != at36, "37 does not look like 36")
    }

    @Test func aFixedLengthShowsThatManyBoxesFromTheStart() throws {
        let page = try DialogSpec(kind: .entry(.fixedPIN(length: 8))).makePage(measure: measure)
        #expect(page.fields[0].layout.cells.count == 8)
        type(page, 8)
        #expect(page.scene(at: 5).fields[0].count == nil, "a fixed length never needs the count")
    }

    @Test("A passphrase or a name past its row scrolls; only PIN boxes become the count",
          arguments: [PromptKind.password, .username])
    func aLongEntryScrolls(kind: PromptKind) throws {
        let page = try DialogSpec(prompt: kind).makePage(measure: measure)
        let row = page.fields[0].layout.cells.count
        type(page, row + 12)
        let scene = page.scene(at: 5).fields[0]
        #expect(scene.count == nil, "the characters or their dots, not \(scene.count ?? "")")
        #expect(page.fields[0].firstShown == 13, "the row keeps the end in view")
        #expect(page.fields[0].layout.cells.count == row)
        let entry = try #require(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0)))
        #expect(entry.description.isEmpty)
    }

    @Test func theCountHasPluralForms() {
        #expect(PageField.count(1) == "1 character" && PageField.count(14) == "14 characters")
    }
}

@Suite("Labels as a dialog shows them")
struct DialogLabelTests {
    @Test func aPromptsColonAndTrailingBlankLinesGo() {
        #expect(DialogSpec.label("PIN:") == "PIN" && DialogSpec.label("密码：") == "密码")
        #expect(DialogSpec.label("Passphrase: ") == "Passphrase")
        // The askpass's prompts too: sudo's own English and Chinese.
        #expect(DialogSpec.label("[sudo] password for alice: ") == "[sudo] password for alice")
        #expect(DialogSpec.label("[sudo] 张伟 的密码：") == "[sudo] 张伟 的密码")
        #expect(DialogSpec.trimmed("Enter the passphrase\n\n") == "Enter the passphrase")
        #expect(DialogSpec.trimmed("a\n  b \n") == "a\n  b", "inner lines kept")
    }
}

@Suite("PIN length in the accessibility tree")
struct PinLengthAccessibilityTests {
    @Test func theCountDrawnInPlaceOfBoxesIsTheEntrysDescription() throws {
        let measure: TextMeasure = { text, style, _ in
            Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
        }
        let page = try DialogSpec(prompt: .pin(.user)).makePage(measure: measure)
        for _ in 0..<14 { _ = page.handle(.character("7"), now: 0) }
        let entry = try #require(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0)))
        #expect(entry.description == "14 characters")
        #expect(!(entry.text ?? "").contains("7"), "never the secret")
    }
}
