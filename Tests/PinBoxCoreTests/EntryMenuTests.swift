// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A prompt's entry has GTK's entry menu: a right click or the Menu key opens it with Paste,
/// Delete and Select All, each greyed where it would do nothing; the keyboard and the pointer
/// work it; anything else closes it and does what it does, so nothing typed is lost. The seed's
/// fields (the payment sheet, the demo) keep their rule: no edit menu.
@Suite("An entry's menu")
struct EntryMenuTests {
    /// A prompt with `typed` typed into its passphrase entry.
    private func prompt(_ typed: String, _ kind: PromptKind = .password) throws -> Page {
        let page = try Page.focusedPrompt(kind)
        page.typeText(typed)
        return page
    }

    private func inEntry(_ page: Page) -> Point { page.geometry.fields[0].mid }

    private func enabled(_ page: Page) -> [EntryMenu.Action] {
        page.menu?.items.filter(\.enabled).map(\.action) ?? []
    }

    @Test func aRightClickInAnEntryOpensItsMenu() throws {
        let page = try prompt("secret")
        page.feed([.contextMenu(inEntry(page))])
        let menu = try #require(page.menu)
        #expect(menu.items.map(\.action) == [.paste, .delete, .selectAll])
        #expect(menu.items.map(\.label.text) == ["Paste", "Delete", "Select All"])
        #expect(enabled(page) == [.paste, .selectAll], "nothing selected: nothing to delete")
        #expect(menu.highlighted == 0)
        let window = page.geometry.content
        #expect(menu.box.x >= 0 && menu.box.maxX <= window.width && menu.box.y >= 0 && menu.box.maxY <= window.height,
                "inside the window: \(menu.box) in \(window)")
        #expect(page.wantsPointerMotion, "its items follow the pointer")
        #expect(page.scene(at: 2).menu == menu, "drawn")
        // Elsewhere than in an entry, nothing.
        page.feed([.escape, .contextMenu(Point(x: 1, y: 1))])
        #expect(page.menu == nil && page.outcome == nil, "Escape closed the menu, not the dialog")
    }

    /// A name's menu has Cut and Copy too, as any GTK entry's, greyed while nothing is selected;
    /// they act on what is selected. A secret's menu has neither (the first test).
    @Test func aNamesMenuCutsAndCopiesWhatIsSelected() throws {
        let page = try prompt("alice@example.com", .username)
        page.feed([.contextMenu(inEntry(page))])
        let menu = try #require(page.menu)
        #expect(menu.items.map(\.action) == [.cut, .copy, .paste, .delete, .selectAll])
        #expect(menu.items.map(\.label.text) == ["Cut", "Copy", "Paste", "Delete", "Select All"])
        #expect(enabled(page) == [.paste, .selectAll], "nothing selected: nothing to cut or copy")
        page.feed([.escape, .extendSelection(.wordBack), .extendSelection(.wordBack), .contextMenu(inEntry(page))])
        #expect(enabled(page) == [.cut, .copy, .paste, .delete, .selectAll])
        #expect(page.handle(.mnemonic("c"), now: 2) == [.offerCopy(CopiedText(text: "example.com"))], "Copy: example.com")
        #expect(page.typedText == "alice@example.com" && page.menu == nil)
        page.feed([.contextMenu(inEntry(page))])
        let cut = page.handle(.mnemonic("t"), now: 3)
        #expect(cut.first == .offerCopy(CopiedText(text: "example.com")), "Cut: example.com copied, \(cut)")
        #expect(page.typedText == "alice@", "then deleted")
    }

    @Test func selectAllThenDeleteEmptiesTheEntry() throws {
        let page = try prompt("secret")
        page.feed([.contextMenu(inEntry(page)), .verticalMove(1)])
        #expect(page.menu?.highlighted == 2, "Delete is greyed: Down goes past it to Select All")
        page.feed([.submit])
        #expect(page.menu == nil && page.fields[0].field.selection == 0..<6)
        page.feed([.contextMenu(inEntry(page))])
        #expect(enabled(page) == [.paste, .delete, .selectAll])
        // Let go on Delete's row, where the button went down.
        let delete = try #require(page.menu?.items[1].box.mid)
        page.feed([.hover(.moved(delete))])
        #expect(page.menu?.highlighted == 1, "the item under the pointer")
        page.feed([.click(delete), .release(delete)], at: 3)
        #expect(page.menu == nil && page.typedText.isEmpty && page.outcome == nil)
    }

    @Test func pasteAsksForTheClipboardAndTakesItAtTheCaret() throws {
        let page = try prompt("ab")
        page.feed([.moveCaret(.back), .contextMenu(nil)])
        #expect(page.menu?.highlighted == 0)
        let effects = page.handle(.submit, now: 2)
        #expect(effects.contains(.fetchPaste(.clipboard)))
        let bytes = SecretBuffer(capacity: 8)
        bytes.append(contentsOf: Array("XY".utf8))
        page.feed([.pasted(.bytes(bytes))])
        #expect(page.typedText == "aXYb")
    }

    @Test func aKeyTypedWhileItIsOpenClosesItAndIsTyped() throws {
        let page = try prompt("secre")
        page.feed([.contextMenu(inEntry(page))])
        page.typeText("t")
        #expect(page.menu == nil && page.typedText == "secret")
        // Alt and an item's letter is that item.
        page.feed([.contextMenu(inEntry(page)), .mnemonic("a")])
        #expect(page.menu == nil && page.fields[0].field.selection == 0..<6)
        // Alt and a letter no item has: nothing, and it stays open.
        page.feed([.contextMenu(inEntry(page)), .mnemonic("q")])
        #expect(page.menu != nil)
    }

    /// The right button pressed in the entry, dragged onto an item and let go there chooses it,
    /// as in GTK's menus; let go where it went down (a right click), it chooses nothing, even in
    /// a window so small that the menu, pushed into it, opened with an item under the pointer.
    @Test func theRightButtonDraggedOntoAnItemChoosesIt() throws {
        let page = try prompt("secret")
        var opened = inEntry(page)
        page.feed([.contextMenu(opened), .contextMenuRelease(opened)])
        #expect(page.menu != nil && page.fields[0].field.selection == nil, "a right click: the menu stays")
        let selectAll = try #require(page.menu?.items[2].box.mid)
        page.feed([.hover(.moved(selectAll)), .contextMenuRelease(selectAll)])
        #expect(page.menu == nil && page.fields[0].field.selection == 0..<6)

        // A letter selected: every item would do something.
        let small = try prompt("secret")
        small.feed([.resize(Size(width: 110, height: 80)), .extendSelection(.back)])
        opened = Point(x: small.geometry.fields[0].x + 20, y: small.geometry.fields[0].mid.y)
        small.feed([.contextMenu(opened)])
        let under = try #require(small.menu?.item(at: opened), "the control: an item under where it opened")
        #expect(small.menu?.items[under].enabled == true)
        small.feed([.contextMenuRelease(opened)])
        #expect(small.menu != nil && small.fields[0].field.selection == 5..<6 && small.typedText == "secret")
    }

    /// A click off the menu only closes it: the OK button under it is not pressed (the control:
    /// the same click with the menu closed presses it).
    @Test func aClickOffTheMenuOnlyClosesIt() throws {
        let page = try prompt("secret")
        guard case .dialog(let layout) = page.geometry else { Issue.record("no dialog"); return }
        let ok = try #require(page.content.buttons.firstIndex { $0.role == .ok }.map { layout.buttons[$0].mid })
        page.feed([.contextMenu(inEntry(page))])
        page.feed([.click(ok), .release(ok)], at: 5)
        #expect(page.menu == nil && page.outcome == nil)
        page.feed([.click(ok), .release(ok)], at: 6)
        #expect(page.outcome != nil)
    }

    /// An empty entry that refuses pastes: every item greyed, none highlighted, and Return
    /// activates none of them.
    @Test func greyedItemsDoNothing() throws {
        var spec = DialogSpec(prompt: .password)
        spec.paste = false
        let page = try spec.makePage(measure: roughTextMeasure)
        _ = page.handle(.windowFocus(true), now: 0)
        page.feed([.contextMenu(inEntry(page))])
        #expect(page.menu != nil && enabled(page).isEmpty && page.menu?.highlighted == nil)
        page.feed([.verticalMove(1), .submit])
        #expect(page.menu != nil && page.outcome == nil, "Return on a menu with nothing to do")
    }

    /// The seeds hide the edit menu: the payment sheet and the demo's fields open none, by the
    /// pointer or the keyboard (a prompt's does: the tests above).
    @Test func theSeedsFieldsHaveNoMenu() throws {
        let sheet = try PaySheetSpec().makePage(measure: roughTextMeasure)
        _ = sheet.handle(.resize(sheet.preferredSize), now: 0)
        sheet.feed([.contextMenu(sheet.geometry.fields[0].mid), .contextMenu(nil)])
        #expect(sheet.menu == nil)
        let field = PageField(name: "p", label: "", configuration: try FieldConfiguration(theme: .passphrase, count: 8))
        let demo = Page(workbench: [field], content: PageContent(title: "PinBox", hint: ""), rules: PageRules(), scale: 1,
                        measure: roughTextMeasure)
        demo.feed([.contextMenu(demo.geometry.fields[0].mid), .contextMenu(nil)])
        #expect(demo.menu == nil)
    }

    /// From the keyboard (the Menu key, Shift+F10) it opens under the caret, as GTK's entry
    /// opens it: after the dots typed, or along a name, and at the start after Home.
    @Test func theMenuKeyOpensItUnderTheCaret() throws {
        for kind in [PromptKind.password, .username] {
            let page = try prompt("alice", kind)
            let box = page.geometry.fields[0]
            page.feed([.contextMenu(nil)])
            let atEnd = try #require(page.menu).box
            page.feed([.escape, .moveCaret(.start), .contextMenu(nil)])
            let atStart = try #require(page.menu).box
            #expect(atStart.x >= box.x && atStart.x < box.x + 20, "\(kind): at the start, \(atStart) in \(box)")
            #expect(atEnd.x > atStart.x + 20 && atEnd.y == atStart.y,
                    "\(kind): after what is typed, \(atEnd) beside \(atStart)")
        }
    }
}
