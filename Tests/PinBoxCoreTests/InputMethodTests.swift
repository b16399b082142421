// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// The desktop's input method types into an entry that holds no secret (a name), and never into
/// one that does: what it composed is typed there, what it is composing drawn there, and kept
/// when the entry loses the keys.
@Suite("The input method")
struct PageInputMethodTests {
    @Test func aNameTakesWhatTheMethodComposed() throws {
        let page = try Page.focusedPrompt(.username)
        #expect(page.inputMethodEntry == 0)
        page.feed([.preedit(Preedit(text: "한", caret: 1))])
        #expect(page.scene(at: 2).fields[0].preedit == Preedit(text: "한", caret: 1), "drawn at the caret")
        #expect(page.typedText.isEmpty, "not typed yet")
        page.feed([.composedText("한"), .preedit(Preedit(text: "ㄱ", caret: 1)), .composedText("글"), .preedit(Preedit(text: "", caret: 0))])
        #expect(page.typedText == "한글")
        #expect(page.scene(at: 2).fields[0].preedit == nil)
        // Typed as keys are: in place of a selection, at the caret.
        page.feed([.moveCaret(.start), .composedText("김")])
        #expect(page.typedText == "김한글")
    }

    /// The clause being converted, as XIM's per-character looks give it: runs in order, within
    /// the text, whatever a method sends.
    @Test func theMarkedClausesAreRunsWithinTheText() {
        let looks = [false, false, true, true, false, true]
        #expect(Preedit.runs(count: looks.count) { looks[$0] } == [2..<4, 5..<6])
        #expect(Preedit.runs(count: 3) { _ in false } == [])
        #expect(Preedit.runs(count: 0) { _ in true } == [])
        #expect(Preedit(text: "山田太郎", caret: 4, marked: [2..<4, 0..<2]).marked == [0..<2, 2..<4], "in order")
        #expect(Preedit(text: "山田", caret: 2, marked: [1..<9, 0..<3]).marked == [0..<2], "within it, apart")
        #expect(Preedit(text: "山田", caret: 2, marked: [3..<5, 1..<1]).marked == [], "none past its end, none empty")
    }

    @Test func aPassphraseTakesNothingFromIt() throws {
        for kind in [PromptKind.password, .passphrase, .pin(.user)] {
            let page = try Page.focusedPrompt(kind)
            #expect(page.inputMethodEntry == nil, "\(kind): the method gets no key")
            page.feed([.preedit(Preedit(text: "한", caret: 1)), .composedText("한글")])
            #expect(page.fields[0].field.length == 0, "\(kind): nothing it sent was typed")
            #expect(page.scene(at: 2).fields[0].preedit == nil, "\(kind): nothing of it drawn")
        }
    }

    /// What it was composing when the window lost the keys is typed where it was shown, as a
    /// method commits its text on focus out: the window has destroyed its context by then.
    @Test func whatWasBeingComposedStaysWhenTheKeysGo() throws {
        let page = try Page.focusedPrompt(.username)
        page.feed([.composedText("한"), .preedit(Preedit(text: "글", caret: 1)), .windowFocus(false)])
        #expect(page.typedText == "한글")
        #expect(page.preedit == nil)
        // And when the focus moves to a button, or a menu opens over the entry.
        for away in [InputEvent.focusNext, .contextMenu(nil)] {
            let page = try Page.focusedPrompt(.username)
            page.feed([.preedit(Preedit(text: "글", caret: 1)), away])
            #expect(page.inputMethodEntry == nil && page.typedText == "글", "\(away)")
        }
    }

    /// Its candidates go under the caret, which moves along the name as it is typed.
    @Test func itIsToldWhereTheCaretStands() throws {
        let page = try Page.focusedPrompt(.username)
        let box = page.geometry.fields[0]
        let empty = try #require(page.inputMethodSpot)
        #expect(empty.y == box.maxY.rounded() && empty.x > box.x && empty.x < box.x + 20, "\(empty) under \(box)")
        page.typeText("kim")
        let typed = try #require(page.inputMethodSpot)
        #expect(typed.x > empty.x && typed.y == empty.y, "after the name: \(typed)")
        page.feed([.moveCaret(.start)])
        #expect(page.inputMethodSpot == empty, "back at its start")
        #expect(try Page.focusedPrompt(.password).inputMethodSpot == nil, "a passphrase tells it nothing")
    }

    /// Where the method converts a clause of what it composes, its candidates go under that
    /// clause: as far past the caret as the text before the clause is wide.
    @Test func itIsToldWhereTheClauseItConvertsStands() throws {
        let page = try Page.focusedPrompt(.username)
        page.typeText("kim ")
        let caret = try #require(page.inputMethodSpot)
        page.feed([.preedit(Preedit(text: "山田太郎", caret: 4, marked: [0..<2]))])
        #expect(page.inputMethodSpot == caret, "the first clause: at the caret")
        page.feed([.preedit(Preedit(text: "山田太郎", caret: 4, marked: [2..<4]))])
        let second = try #require(page.inputMethodSpot)
        // Two characters further (the rough measure has them all one width): where the caret of
        // two more typed stands.
        let typed = try Page.focusedPrompt(.username)
        typed.typeText("kim ab")
        let twoOn = try #require(typed.inputMethodSpot)
        #expect(second == twoOn && second.x > caret.x, "past 山田: \(second), the caret at \(caret)")
        page.feed([.preedit(Preedit(text: "山田太郎", caret: 4))])
        #expect(page.inputMethodSpot == caret, "none marked: at the caret")
    }
}
