// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// An entry's caret moves (Left, Right, Home, End; with Ctrl a word at a time) and typing,
/// BackSpace and Delete work where it stands, as in GTK's entries; PIN boxes have no caret to move.
@Suite("Moving the caret of a text entry")
struct CaretMovementTests {
    /// A letter left out is typed in where it belongs, in any script and any width of UTF-8.
    @Test("a character goes in at the caret",
          arguments: [("alce", 2, "i", "alice"), ("пароь", 4, "л", "пароль"), ("日語", 1, "本", "日本語"),
                      ("a😀b", 1, "é", "aé😀b"), ("bc", 0, "a", "abc"), ("ab", 2, "c", "abc")])
    func aCharacterGoesInAtTheCaret(_ typed: String, _ caret: Int, _ missing: String, _ result: String) throws {
        let f = try PinField.entry(typed)
        _ = f.moveCaret(.start)
        for _ in 0..<caret { #expect(f.moveCaret(.forward)) }
        #expect(f.type(missing.unicodeScalars.first!) == [.changed(length: result.unicodeScalars.count)])
        #expect(f.contents == result && f.caret == caret + 1)
    }

    @Test func backSpaceAndDeleteTakeTheCharactersOnEitherSideOfTheCaret() throws {
        let f = try PinField.entry("naïve日本")
        _ = f.moveCaret(.end)
        #expect(f.moveCaret(.back) && f.moveCaret(.back) && f.caret == 5)
        #expect(f.deleteBackward() == [.changed(length: 6)])
        #expect(f.contents == "naïv日本" && f.caret == 4)
        #expect(f.deleteForward() == [.changed(length: 5)])
        #expect(f.contents == "naïv本" && f.caret == 4)
        f.secret.withWholeCapacity { #expect($0["naïv本".utf8.count...].allSatisfy { $0 == 0 }, "freed bytes are wiped") }
        _ = f.moveCaret(.start)
        #expect(f.deleteBackward() == [], "nothing before the caret")
        _ = f.moveCaret(.end)
        #expect(f.deleteForward() == [], "nothing after it")
        #expect(!f.moveCaret(.forward) && f.caret == 5, "it stops at the end")
        _ = f.moveCaret(.start)
        #expect(!f.moveCaret(.back) && !f.moveCaret(.start) && f.caret == 0, "and at the start")
    }

    /// Ctrl+Left and Ctrl+Right stop where GTK's do: at a word's start going back, at its end
    /// going forward; Ctrl+BackSpace takes the word before the caret, not the last one.
    @Test func wordsAtATime() throws {
        let f = try PinField.entry("deploy key_2024@host.example")
        var stops: [Int] = []
        while f.moveCaret(.wordBack) { stops.append(f.caret) }
        #expect(stops == [21, 16, 7, 0])
        stops = []
        while f.moveCaret(.wordForward) { stops.append(f.caret) }
        #expect(stops == [6, 15, 20, 28])
        _ = f.moveCaret(.start)
        _ = f.moveCaret(.wordForward)
        _ = f.moveCaret(.wordForward)
        #expect(f.deleteWordBackward() == [.changed(length: 20)])
        #expect(f.contents == "deploy @host.example" && f.caret == 7)
    }

    /// A paste goes in at the caret, whole; the limit still refuses what would not fit.
    @Test func aPasteGoesInAtTheCaret() throws {
        let f = try PinField.entry("user@example")
        _ = f.moveCaret(.start)
        _ = f.moveCaret(.wordForward)
        #expect(f.paste(Array("name.sür".utf8)) == [.changed(length: 20)])
        #expect(f.contents == "username.sür@example" && f.caret == 12)
        let small = try PinField(capacity: 4, pastePolicy: .text, accepts: .text)
        _ = small.type("a")
        _ = small.type("d")
        _ = small.moveCaret(.back)
        #expect(small.paste(Array("bcx".utf8)) == [.rejected(.pasteTooLong)])
        #expect(small.paste(Array("bc".utf8)) == [.changed(length: 4), .completed])
        #expect(small.contents == "abcd")
        #expect(small.type("e") == [.rejected(.full)] && small.contents == "abcd")
    }

    @Test func theBufferRotatesInPlace() {
        let b = SecretBuffer(capacity: 16)
        b.append(contentsOf: Array("abcdef".utf8))
        b.rotate(from: 1, tail: 2)
        #expect(b.withBytes { Array($0) } == Array("adefbc".utf8))
        b.insert("é", at: 0)
        #expect(b.withBytes { String(decoding: $0, as: UTF8.self) } == "éadefbc")
        b.removeBytes(0..<3)
        #expect(b.withBytes { String(decoding: $0, as: UTF8.self) } == "defbc")
        b.withWholeCapacity { #expect($0[5...].allSatisfy { $0 == 0 }) }
    }

    /// git's username typed with a letter left out, put right where it belongs: the entry gives
    /// what the user sees.
    @Test func aUsernameIsMendedInTheMiddle() throws {
        let page = try Page.focusedPrompt(.username)
        page.typeText("alce smith")
        page.feed([.moveCaret(.wordBack), .moveCaret(.back), .moveCaret(.back), .moveCaret(.back)])
        page.typeText("i")
        #expect(page.typedText == "alice smith")
        page.feed([.moveCaret(.end), .moveCaret(.back), .deleteForward])
        #expect(page.typedText == "alice smit")
        page.feed([.deleteForward])
        #expect(page.typedText == "alice smi", "Delete at the end still erases backward")
        page.feed([.moveCaret(.start), .deleteForward])
        #expect(page.typedText == "lice smi")
        page.feed([.moveCaret(.wordForward), .deleteWordBackward])
        #expect(page.typedText == " smi")
    }

    /// A hidden passphrase: the caret moves a dot at a time, and Ctrl+Left and Ctrl+Right go to
    /// its start and end, as GTK's do where dots are shown (a word's end would show).
    @Test func aHiddenEntryHidesWhereItsWordsEnd() throws {
        let page = try Page.focusedPrompt(.password)
        page.typeText("correct horse")
        page.feed([.moveCaret(.wordBack)])
        #expect(page.fields[0].field.caret == 0)
        page.feed([.moveCaret(.wordForward)])
        #expect(page.fields[0].field.caret == 13)
        page.feed([.moveCaret(.back), .moveCaret(.back), .moveCaret(.back), .moveCaret(.back), .moveCaret(.back),
                     .deleteWordBackward])
        #expect(page.typedText == "horse", "Ctrl+BackSpace takes all before the caret, and only that")
        #expect(page.fields[0].field.caret == 0)
    }

    /// Left and Right move the caret across the screen: in a name shown right to left (Hebrew),
    /// Right goes back in the text and Left forward, as in GTK's entries; a left-to-right name
    /// (the control) and a Hebrew passphrase shown as dots, which run left to right, move as
    /// typed.
    @Test func arrowsFollowTheScreenInRightToLeftText() throws {
        let hebrew = try Page.focusedPrompt(.username)
        hebrew.typeText("שלום")
        hebrew.feed([.moveCaret(.forward)])
        #expect(hebrew.fields[0].field.caret == 3)
        hebrew.feed([.moveCaret(.back)])
        #expect(hebrew.fields[0].field.caret == 4)
        // Its first letter stands at the right, the caret's place at its end at the left.
        let edges = try #require(hebrew.runEdges(of: 0))
        #expect(edges[0] > edges[1] && edges[3] > edges[4], "\(edges)")
        let latin = try Page.focusedPrompt(.username)
        latin.typeText("abcd")
        latin.feed([.moveCaret(.forward)])
        #expect(latin.fields[0].field.caret == 4)
        latin.feed([.moveCaret(.back)])
        #expect(latin.fields[0].field.caret == 3)
        let dots = try Page.focusedPrompt(.password)
        dots.typeText("שלום")
        dots.feed([.moveCaret(.back)])
        #expect(dots.fields[0].field.caret == 3)
        // A name whose first letter is Latin runs left to right, Hebrew after it or not.
        let mixed = SecretBuffer(capacity: 32)
        for c in "1. abc שלום".unicodeScalars { mixed.append(c) }
        #expect(!mixed.runsRightToLeft)
        mixed.wipe()
        for c in "1. שלום abc".unicodeScalars { mixed.append(c) }
        #expect(mixed.runsRightToLeft)
    }

    /// PIN boxes have no caret to move: an arrow does nothing, Delete erases the last digit.
    @Test func pinBoxesHaveNoCaretToMove() throws {
        let page = try DialogSpec(kind: .entry(.fixedPIN(length: 6))).makePage(measure: roughTextMeasure)
        _ = page.handle(.windowFocus(true), now: 0)
        #expect(!page.fields[0].hasCaret)
        page.typeText("123")
        page.feed([.moveCaret(.start), .moveCaret(.back)])
        #expect(page.fields[0].field.caret == 3)
        page.typeText("4")
        page.feed([.deleteForward])
        #expect(page.typedText == "123")
    }

    /// Where the caret is drawn: before the dot it stands before, and the frame redraws its old
    /// and new places though no dot changed.
    @Test func theCaretIsDrawnWhereItStands() throws {
        let page = try Page.focusedPrompt(.password)
        page.typeText("secret")
        let before = page.scene(at: 2).fields[0]
        #expect(before.caretSlot == 6)
        page.feed([.moveCaret(.back), .moveCaret(.back)], at: 2)
        let after = page.scene(at: 2).fields[0]
        #expect(after.caret && after.caretSlot == 4)
        let areas = after.changedAreas(since: before)
        #expect(!areas.isEmpty, "the caret's move is drawn")
        let x = after.caretX(4)
        #expect(areas.contains { $0.x <= x && x < $0.maxX })
        // A name drawn as one run: redrawn whole as its caret moves.
        let name = try Page.focusedPrompt(.username)
        name.typeText("alice")
        let run = name.scene(at: 2).fields[0]
        name.feed([.moveCaret(.back)], at: 2)
        #expect(name.scene(at: 2).fields[0].differsAsAWhole(from: run))
    }

    /// A click between two dots, or between two letters of a name, puts the caret there, as in
    /// GTK's entries; in a passphrase the user chose to show, it stays where it was (placing it
    /// would mean measuring the secret).
    @Test func aClickPutsTheCaretWhereItIsNearest() throws {
        func click(_ page: Page, at x: Double) {
            let point = Point(x: page.geometry.fields[0].x + x, y: page.geometry.fields[0].mid.y)
            page.feed([.click(point), .release(point)], at: 2)
        }
        let password = try Page.focusedPrompt(.password)
        password.typeText("secret")
        let field = password.fields[0]
        let slot = FieldScene.markSlot(0, layout: field.layout, padding: field.configuration.theme.padding)
        click(password, at: slot.x + 2 * slot.width + 2)
        #expect(password.fields[0].field.caret == 2)
        click(password, at: password.geometry.fields[0].width - 4)
        #expect(password.fields[0].field.caret == 6, "past the last dot: the end")
        click(password, at: slot.x + 2 * slot.width - 2)
        password.typeText("X")
        #expect(password.typedText == "seXcret")

        let name = try Page.focusedPrompt(.username)
        name.typeText("alice")
        let edges = try #require(name.runEdges(of: 0))
        click(name, at: edges[1] + 1)
        #expect(name.fields[0].field.caret == 1)
        click(name, at: edges[0] - 5)
        name.typeText("M")
        #expect(name.typedText == "Malice")

        let shown = try Page.focusedPrompt(.password)
        shown.typeText("secret")
        let show = try #require(shown.content.buttons.firstIndex { $0.role == .reveal })
        guard case .dialog(let layout) = shown.geometry else { Issue.record("no dialog"); return }
        shown.feed([.click(layout.buttons[show].mid), .release(layout.buttons[show].mid)], at: 2)
        #expect(shown.fields[0].revealed)
        let shownEdges = try #require(shown.runEdges(of: 0))
        click(shown, at: shownEdges[2] + 1)
        #expect(shown.fields[0].field.caret == 2, "a shown passphrase is measured where it lies")
        shown.typeText("X")
        #expect(shown.typedText == "seXcret")
    }

    /// A passphrase longer than its row of dots scrolls as GTK's entry does: only as far as the
    /// caret needs. Typed at the end, the end is in view; Home shows the start, and Right from
    /// there leaves the row where it is; Left from the end scrolls back only once the caret
    /// passes the row's first dot. A screen reader gets as many bullets as dots are shown.
    @Test func aLongRowScrollsOnlyAsFarAsTheCaretNeeds() throws {
        let page = try Page.focusedPrompt(.password)
        page.typeText(String(repeating: "a", count: 60))
        let cells = page.fields[0].layout.cells.count
        try #require(cells < 60)
        #expect(page.fields[0].firstShown == 61 - cells)
        page.feed([.moveCaret(.start)])
        #expect(page.fields[0].firstShown == 0)
        page.feed([.moveCaret(.forward), .moveCaret(.forward), .moveCaret(.forward)])
        #expect(page.fields[0].firstShown == 0 && page.scene(at: 2).fields[0].caretSlot == 3)
        #expect(page.fields[0].countShown == cells)
        let bullets = AccessibleTree(page: page).nodes.first { $0.role == .passwordText }?.text
        #expect(bullets?.count == cells)
        page.feed([InputEvent.moveCaret(.end)] + Array(repeating: InputEvent.moveCaret(.back), count: cells - 1))
        #expect(page.fields[0].firstShown == 61 - cells, "the caret is still in the row")
        page.feed([.moveCaret(.back), .moveCaret(.back)])
        #expect(page.fields[0].firstShown == 59 - cells)
        page.feed([.moveCaret(.end)])
        #expect(page.fields[0].firstShown == 61 - cells && page.fields[0].countShown == cells - 1)
    }

    /// A long run of text scrolls as GTK's entry scrolls it: typed at the end, the end is in
    /// view; the caret moved within the box leaves the text where it stands; moved past an edge,
    /// the text scrolls only as far as the caret needs; text taken away leaves no empty room
    /// at its end.
    @Test func aLongRunScrollsOnlyAsFarAsTheCaretNeeds() {
        #expect(FieldScene.runScroll(width: 50, caret: 50, room: 100, from: 0) == 0)
        #expect(FieldScene.runScroll(width: 300, caret: 300, room: 100, from: 0) == 200, "the end in view")
        #expect(FieldScene.runScroll(width: 300, caret: 250, room: 100, from: 200) == 200, "the caret is in view")
        #expect(FieldScene.runScroll(width: 300, caret: 40, room: 100, from: 200) == 40, "back to the caret")
        #expect(FieldScene.runScroll(width: 300, caret: 70, room: 100, from: 40) == 40, "moved within the box")
        #expect(FieldScene.runScroll(width: 300, caret: 150, room: 100, from: 40) == 50, "only as far as the caret")
        #expect(FieldScene.runScroll(width: 120, caret: 60, room: 100, from: 200) == 20, "no empty room at the end")
        let rightToLeft = { (advance: Double, previous: Double) in
            FieldScene.placeRun(width: 300, advance: advance, room: 100, rightToLeft: true, scrolled: previous).scroll
        }
        #expect(rightToLeft(300, 0) == 0, "right to left: its left, where it was typed last")
        #expect(rightToLeft(40, 0) == 160)
        #expect(rightToLeft(60, 160) == 160, "moved within the box")
    }

    /// In a name longer than its box, the caret moved from the start, or put by a click, leaves
    /// the text where it stands: the next click lands on the letter it points at, as in GTK's
    /// entry.
    @Test func aLongNameStaysUnderThePointer() throws {
        let name = try Page.focusedPrompt(.username)
        let typed = String(repeating: "abcdefghij", count: 8)
        name.typeText(typed)
        let end = try #require(name.runEdges(of: 0))
        let box = name.fields[0].layout.bounds
        #expect(end[80] < box.maxX && end[0] < box.x, "typed at the end: the end in view, the start scrolled away")
        name.feed([.moveCaret(.start), .moveCaret(.forward), .moveCaret(.forward), .moveCaret(.forward)])
        #expect(name.fields[0].field.caret == 3 && name.fields[0].runScroll == 0, "the start stays in view")

        let start = try #require(name.runEdges(of: 0))
        let middle = try #require(start.indices.first { start[$0] > box.x + box.width / 2 })
        func click(_ edge: Double, at now: Double) {
            let p = Point(x: name.geometry.fields[0].x + edge, y: name.geometry.fields[0].mid.y)
            name.feed([.click(p), .release(p)], at: now)
        }
        click(start[middle], at: 2)
        #expect(name.fields[0].field.caret == middle)
        #expect(try #require(name.runEdges(of: 0)) == start, "the text stood still under the pointer")
        click(start[middle + 4], at: 4)
        #expect(name.fields[0].field.caret == middle + 4)
        name.typeText("X", at: 5)
        var expected = Array(typed)
        expected.insert("X", at: middle + 4)
        #expect(name.typedText == String(expected))
    }

    /// A dot typed before others grows where it went; the others keep their presence.
    @Test func aDotTypedInTheMiddleGrowsWhereItWent() throws {
        let page = try Page.focusedPrompt(.password)
        page.typeText("abcd", at: 1)
        page.feed([.moveCaret(.start)], at: 5)
        page.typeText("x", at: 5)
        let cells = page.scene(at: 5.05).fields[0].cells
        #expect(cells[0].presence > 0 && cells[0].presence < 1, "the new dot, growing")
        #expect(cells[1...4].allSatisfy { $0.presence == 1 }, "the dots it moved along, whole")
        #expect(page.scene(at: 5.05).fields[0].caretSlot == 1)
    }

    /// A screen reader is told where the caret went, and reads the entry's caret offset there.
    @Test func aScreenReaderFollowsTheCaret() throws {
        let page = try Page.focusedPrompt(.username)
        page.typeText("bob")
        let before = AccessibleTree(page: page)
        #expect(before.nodes.first { $0.role == .text }?.caret == 3)
        page.feed([.moveCaret(.back)])
        let after = AccessibleTree(page: page)
        let entry = try #require(after.nodes.first { $0.role == .text })
        #expect(entry.caret == 2)
        #expect(after.changes(from: before) == [.caret(entry.id)])
        page.typeText("o")
        let typed = AccessibleTree(page: page)
        #expect(typed.changes(from: after) == [.text(entry.id, at: 2, removed: 0, inserted: 1)])
        #expect(typed.nodes.first { $0.role == .text }?.caret == 3)
    }

    /// Held, the arrows repeat as BackSpace does; a held character still types once.
    @Test func heldArrowsRepeat() {
        #expect(InputPolicy.admits(PressFacts(isRepeat: true, movesCaret: true), secretShown: true))
        #expect(!InputPolicy.admits(PressFacts(isRepeat: true), secretShown: true))
        #expect(!InputPolicy.admits(PressFacts(synthetic: true, movesCaret: true), secretShown: true))
    }
}
