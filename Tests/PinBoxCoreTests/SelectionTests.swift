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

    /// The pointer dragged from a click selects from there, between letters of a name or
    /// between dots; let go, it selects no more, and the next click lets the selection go.
    @Test func aDragSelectsFromWhereTheButtonWentDown() throws {
        let name = try Page.focusedPrompt(.username)
        name.typeText("alice smith")
        let edges = try #require(name.runEdges(of: 0))
        let y = name.geometry.fields[0].mid.y, x0 = name.geometry.fields[0].x
        func at(_ edge: Double) -> Point { Point(x: x0 + edge, y: y) }
        name.feed([.click(at(edges[1])), .drag(at(edges[3])), .drag(at(edges[5])), .release(at(edges[5]))], at: 2)
        #expect(name.fields[0].field.selection == 1..<5 && name.fields[0].field.caret == 5)
        name.feed([.drag(at(edges[8]))], at: 2.1)
        #expect(name.fields[0].field.selection == 1..<5, "let go: the pointer moving selects no more")
        name.typeText("LIC", at: 3)
        #expect(name.typedText == "aLIC smith")
        name.feed([.click(at(edges[2])), .release(at(edges[2]))], at: 4)
        #expect(name.fields[0].field.selection == nil && name.fields[0].field.caret == 2)

        let dots = try Page.focusedPrompt(.password)
        dots.typeText("secret")
        let field = dots.fields[0]
        let slot = FieldScene.markSlot(0, layout: field.layout, padding: field.configuration.theme.padding)
        func gap(_ k: Int) -> Point { Point(x: dots.geometry.fields[0].x + slot.x + Double(k) * slot.width, y: y) }
        dots.feed([.click(gap(4)), .drag(gap(1)), .release(gap(1))], at: 2)
        #expect(dots.fields[0].field.selection == 1..<4 && dots.fields[0].field.caret == 1, "dragged back")
    }

    /// A click with Shift held reaches the selection to there from where it began (the caret a
    /// click put), either way, as in GTK's entries.
    @Test func aShiftClickReachesTheSelectionThere() throws {
        let name = try Page.focusedPrompt(.username)
        name.typeText("alice smith")
        let edges = try #require(name.runEdges(of: 0))
        func at(_ k: Int) -> Point { Point(x: name.geometry.fields[0].x + edges[k], y: name.geometry.fields[0].mid.y) }
        name.feed([.click(at(2)), .release(at(2)), .clickExtending(at(7)), .release(at(7))], at: 2)
        #expect(name.fields[0].field.selection == 2..<7)
        name.feed([.clickExtending(at(1)), .release(at(1))], at: 3)
        #expect(name.fields[0].field.selection == 1..<2, "from where it began, the other way")
        name.typeText("X", at: 4)
        #expect(name.typedText == "aXice smith")
    }

    /// Two clicks in one place within the desktop's double-click time select the word there in
    /// a name, everything where dots show; three, everything. Slower clicks, or clicks apart,
    /// only put the caret.
    @Test func aDoubleClickSelectsAWord() throws {
        let name = try Page.focusedPrompt(.username)
        name.typeText("alice smith")
        let edges = try #require(name.runEdges(of: 0))
        let point = Point(x: name.geometry.fields[0].x + (edges[7] + edges[8]) / 2, y: name.geometry.fields[0].mid.y)
        func click(_ page: Page, _ p: Point, at now: Double) { page.feed([.click(p), .release(p)], at: now) }
        click(name, point, at: 2)
        click(name, point, at: 2.2)
        #expect(name.fields[0].field.selection == 6..<11, "the word clicked: smith")
        click(name, point, at: 2.4)
        #expect(name.fields[0].field.selection == 0..<11, "a third click: all")
        click(name, point, at: 4)
        click(name, point, at: 4.5)
        #expect(name.fields[0].field.selection == nil, "half a second apart: two clicks")
        click(name, point, at: 6)
        click(name, Point(x: point.x + 20, y: point.y), at: 6.1)
        #expect(name.fields[0].field.selection == nil, "twenty pixels apart: two clicks")
        // A desktop that gives its user a second for a double click.
        name.motion = Motion.preferred(animations: nil, desktop: XSettings.desktop { $0.integer("Net/DoubleClickTime", 1000) })
        #expect(name.motion.doubleClick == 1)
        click(name, point, at: 8)
        click(name, point, at: 8.8)
        #expect(name.fields[0].field.selection == 6..<11)

        let dots = try Page.focusedPrompt(.password)
        dots.typeText("correct horse")
        let middle = dots.geometry.fields[0].mid
        click(dots, middle, at: 2)
        click(dots, middle, at: 2.1)
        #expect(dots.fields[0].field.selection == 0..<13, "dots: all, no word's end shown")
        // Whatever a settings owner writes, a double click stays between a tenth of a second and five.
        for (value, seconds) in [(Int32.min, 0.1), (0, 0.1), (Int32.max, 5.0)] {
            let motion = Motion.preferred(animations: nil, desktop: XSettings.desktop { $0.integer("Net/DoubleClickTime", value) })
            #expect(motion.doubleClick == seconds)
        }
    }

    /// A middle click pastes the primary selection where it lands between a name's letters, as
    /// in GTK's entries (the caret goes there, a selection is let go); the keyboard's paste goes
    /// in at the caret.
    @Test func aMiddleClickPastesWhereItLands() throws {
        let name = try Page.focusedPrompt(.username)
        name.fields[0].field.pastePolicy = .text
        name.typeText("alice smith")
        let edges = try #require(name.runEdges(of: 0))
        let point = Point(x: name.geometry.fields[0].x + edges[5], y: name.geometry.fields[0].mid.y)
        func paste(_ text: String) {
            let bytes = SecretBuffer(capacity: text.utf8.count)
            bytes.append(contentsOf: Array(text.utf8))
            name.feed([.pasted(.bytes(bytes))], at: 2)
        }
        name.feed([.selectAll])
        #expect(name.handle(.pasteRequest(.primary, at: point), now: 2) == [.fetchPaste(.primary)])
        paste("-j")
        #expect(name.typedText == "alice-j smith", "in where the middle click landed, the selection let go")
        name.feed([.moveCaret(.end), .pasteRequest(.clipboard, at: nil)], at: 3)
        paste("!")
        #expect(name.typedText == "alice-j smith!", "the keyboard's paste: at the caret")
    }

    /// An entry reached with Tab or Shift+Tab has all it holds selected, so that typing replaces
    /// it, as in GTK's and Qt's entries; an empty one, and one reached by a click, do not.
    @Test func anEntryReachedWithTabIsSelected() throws {
        let page = try Page.focusedPrompt(.password)
        page.typeText("wrong")
        page.feed([.focusNext])
        #expect(page.focusedField == nil, "on a button")
        page.feed([.focusPrevious])
        #expect(page.fields[0].field.selection == 0..<5)
        page.typeText("right")
        #expect(page.typedText == "right")
        page.feed([.focusNext, .focusPrevious, .deleteBackward, .focusNext, .focusPrevious])
        #expect(page.typedText.isEmpty && page.fields[0].field.selection == nil, "nothing to select")
        page.typeText("abc")
        page.feed([.focusNext])
        page.feed([.click(page.geometry.fields[0].mid), .release(page.geometry.fields[0].mid)], at: 2)
        #expect(page.fields[0].field.selection == nil, "a click puts the caret")
    }
}
