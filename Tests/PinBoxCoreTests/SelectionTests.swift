// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// An entry's characters can be selected, as in GTK's entries: Shift with the arrows, Home and
/// End (with Ctrl a word at a time), or all of them with Ctrl+A. What is typed or pasted then
/// replaces them, and BackSpace and Delete take them; an arrow alone lets them go.
@Suite("Selecting in a text entry")
struct SelectionTests {
    /// Shift+Left three times selects the three characters before the caret, in any width of
    /// UTF-8; a letter typed replaces them, the caret after it.
    @Test(arguments: [("alicia", "e", "alie"), ("пароль", "и", "пари"), ("日本語です", "か", "日本か")])
    func typingReplacesTheSelection(_ typed: String, _ letter: String, _ result: String) throws {
        let f = try PinField.entry(typed)
        for _ in 0..<3 { #expect(f.moveCaret(.back, selecting: true)) }
        let count = typed.unicodeScalars.count
        #expect(f.selection == (count - 3)..<count && f.caret == count - 3)
        #expect(f.type(letter.unicodeScalars.first!) == [.changed(length: count - 2)])
        #expect(f.contents == result && f.caret == count - 2 && f.selection == nil)
        f.secret.withWholeCapacity { #expect($0[result.utf8.count...].allSatisfy { $0 == 0 }, "freed bytes are wiped") }
    }

    /// Ctrl+A selects everything: BackSpace empties the entry, a letter typed replaces it all.
    @Test func selectAllThenEraseOrRetype() throws {
        let f = try PinField.entry("hunter2")
        _ = f.moveCaret(.start)
        #expect(f.selectAll() && f.selection == 0..<7 && f.caret == 7)
        #expect(!f.selectAll(), "already all selected")
        #expect(f.deleteBackward() == [.changed(length: 0)] && f.contents.isEmpty && f.caret == 0)
        #expect(!f.selectAll(), "nothing to select")
        let g = try PinField.entry("old passphrase")
        _ = g.selectAll()
        for c in "new".unicodeScalars { _ = g.type(c) }
        #expect(g.contents == "new" && g.caret == 3)
    }

    /// Delete, Ctrl+BackSpace, Ctrl+Delete and the erasing of all before or after the caret take
    /// the selection, and only it.
    @Test func everyErasingKeyTakesTheSelection() throws {
        for erase in [{ (f: PinField) in f.deleteForward() }, { $0.deleteBackward() }, { $0.deleteWordBackward() },
                      { $0.deleteWordForward() }, { $0.deleteToStart() }, { $0.deleteToEnd() }] {
            let f = try PinField.entry("one two three")
            _ = f.moveCaret(.start)
            for _ in 0..<4 { _ = f.moveCaret(.forward) }
            for _ in 0..<3 { _ = f.moveCaret(.forward, selecting: true) }
            #expect(erase(f) == [.changed(length: 10)])
            #expect(f.contents == "one  three" && f.caret == 4)
        }
    }

    /// The selection follows the caret back over where it began: Shift+Right after two
    /// Shift+Lefts shrinks it, and past its start it grows the other way.
    @Test func theSelectionFollowsTheCaretFromWhereItBegan() throws {
        let f = try PinField.entry("abcdef")
        _ = f.moveCaret(.back)
        _ = f.moveCaret(.back, selecting: true)
        _ = f.moveCaret(.back, selecting: true)
        #expect(f.selection == 3..<5)
        _ = f.moveCaret(.forward, selecting: true)
        #expect(f.selection == 4..<5)
        _ = f.moveCaret(.forward, selecting: true)
        #expect(f.selection == nil && f.caret == 5)
        _ = f.moveCaret(.forward, selecting: true)
        #expect(f.selection == 5..<6)
        _ = f.moveCaret(.start, selecting: true)
        #expect(f.selection == 0..<5, "Shift+Home: from where it began to the start")
        _ = f.moveCaret(.wordForward, selecting: true)
        #expect(f.selection == 5..<6, "Ctrl+Shift+Right")
    }

    /// An arrow alone lets the selection go: Left to its start, Right to its end (word moves
    /// too), Home and End to the ends of the entry, as in GTK's entries. A click lets it go.
    @Test func anArrowLetsTheSelectionGo() throws {
        for (move, caret) in [(CaretMove.back, 1), (.forward, 4), (.wordBack, 1), (.wordForward, 4), (.start, 0), (.end, 6)] {
            let f = try PinField.entry("abcdef")
            _ = f.placeCaret(at: 1)
            for _ in 0..<3 { _ = f.moveCaret(.forward, selecting: true) }
            #expect(f.moveCaret(move))
            #expect(f.selection == nil && f.caret == caret, "\(move)")
        }
        let f = try PinField.entry("abcdef")
        _ = f.selectAll()
        #expect(f.placeCaret(at: 6), "the caret stays, the selection goes")
        #expect(f.selection == nil && f.caret == 6)
    }

    /// A full entry takes a letter typed over its selection, and a paste of the selection's
    /// size; a paste that would not fit even so is refused whole, the selection kept. The byte
    /// limit (what the caller reads) counts the selected bytes as gone.
    @Test func aFullEntryTakesWhatReplacesItsSelection() throws {
        let f = try PinField.entry("12345678", capacity: 8)
        #expect(f.type("9") == [.rejected(.full)])
        _ = f.moveCaret(.back, selecting: true)
        _ = f.moveCaret(.back, selecting: true)
        #expect(f.paste(Array("abc".utf8)) == [.rejected(.pasteTooLong)])
        #expect(f.selection == 6..<8, "a refused paste keeps the selection")
        #expect(f.paste(Array("ab".utf8)) == [.changed(length: 8), .completed])
        #expect(f.contents == "123456ab")
        _ = f.moveCaret(.back, selecting: true)
        #expect(f.type("x") == [.changed(length: 8), .completed] && f.contents == "123456ax")
        // The limit reached: "é" (two bytes) over "ab" (two) goes in, "日" (three) does not.
        let g = try PinField.entry("xyab", byteLimit: 4)
        _ = g.moveCaret(.back, selecting: true)
        _ = g.moveCaret(.back, selecting: true)
        #expect(g.type("日") == [.rejected(.limit)])
        let h = try PinField.entry("xyab", byteLimit: 4)
        _ = h.moveCaret(.back, selecting: true)
        _ = h.moveCaret(.back, selecting: true)
        #expect(h.type("é") == [.changed(length: 3)] && h.contents == "xyé")
    }

    /// Ctrl+Delete takes the word after the caret where the entry shows its characters, all
    /// after it where it shows dots (a word's end would show); at the end, as Delete there.
    @Test func controlDeleteTakesTheWordAfterTheCaret() throws {
        let f = try PinField.entry("deploy key_2024@host")
        _ = f.moveCaret(.start)
        #expect(f.deleteWordForward() == [.changed(length: 14)] && f.contents == " key_2024@host")
        #expect(f.deleteWordForward() == [.changed(length: 5)] && f.contents == "@host" && f.caret == 0)
        let name = try Page.focusedPrompt(.username)
        name.typeText("alice smith")
        name.feed([.moveCaret(.start), .deleteWordForward])
        #expect(name.typedText == " smith")
        let password = try Page.focusedPrompt(.password)
        password.typeText("correct horse")
        password.feed([.moveCaret(.start), .moveCaret(.forward), .deleteWordForward])
        #expect(password.typedText == "c", "dots: all after the caret")
        password.feed([.deleteWordForward])
        #expect(password.typedText.isEmpty, "at the end: as Delete, the character before")
    }

    /// In a hidden entry, Ctrl+Shift+Left selects to its start (a word's start would show);
    /// typing over a selection in the middle grows the new dot where it went. The scene carries
    /// the selection to the painter; a change of it redraws the field.
    @Test func aHiddenEntrySelectsByDots() throws {
        let page = try Page.focusedPrompt(.password)
        page.typeText("correct horse")
        page.feed([.moveCaret(.back), .extendSelection(.wordBack)])
        #expect(page.fields[0].field.selection == 0..<12)
        let selected = page.scene(at: 2).fields[0]
        #expect(selected.selection == 0..<12)
        page.feed([.extendSelection(.forward)], at: 2)
        #expect(page.scene(at: 2).fields[0].differsAsAWhole(from: selected))
        page.feed([.moveCaret(.start), .extendSelection(.forward), .extendSelection(.forward)], at: 3)
        page.typeText("X", at: 5)
        #expect(page.typedText == "Xrrect horse")
        let cells = page.scene(at: 5.05).fields[0].cells
        #expect(cells[0].presence > 0 && cells[0].presence < 1, "the new dot, growing")
        #expect(cells[1].presence == 1)
    }

    /// Ctrl+A and Shift with an arrow select only in an entry: in PIN boxes a prompt lets them
    /// pass, as it does an arrow.
    @Test func pinBoxesSelectNothing() throws {
        let page = try DialogSpec(kind: .entry(.fixedPIN(length: 6))).makePage(measure: roughTextMeasure)
        _ = page.handle(.windowFocus(true), now: 0)
        page.typeText("123")
        page.feed([.selectAll, .extendSelection(.back)])
        #expect(page.fields[0].field.selection == nil)
        page.typeText("4")
        #expect(page.typedText == "1234")
        #expect(page.feedback == nil, "nothing refused")
    }

    /// A screen reader is told the selection changed, and reads it from the entry: a name's
    /// characters, a hidden entry's bullets for the dots selected.
    @Test func aScreenReaderIsToldWhatIsSelected() throws {
        let page = try Page.focusedPrompt(.username)
        page.typeText("bob")
        let before = AccessibleTree(page: page)
        page.feed([.extendSelection(.back)])
        let after = AccessibleTree(page: page)
        let entry = try #require(after.nodes.first { $0.role == .text })
        #expect(entry.selection == 2..<3 && entry.caret == 2)
        #expect(after.changes(from: before) == [.caret(entry.id), .selection(entry.id)])
        page.feed([.moveCaret(.end)])
        #expect(AccessibleTree(page: page).changes(from: after) == [.caret(entry.id), .selection(entry.id)])

        let password = try Page.focusedPrompt(.password)
        password.typeText("abc")
        password.feed([.selectAll])
        let hidden = try #require(AccessibleTree(page: password).nodes.first { $0.role == .passwordText })
        #expect(hidden.selection == 0..<3 && hidden.text == "•••")
    }
}
