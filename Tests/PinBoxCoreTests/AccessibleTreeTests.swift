// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Every character half an em wide, as in PageTests.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

private func dialog(_ kind: DialogSpec.Kind, _ edit: (inout DialogSpec) -> Void = { _ in }) throws -> Page {
    var spec = DialogSpec(kind: kind)
    edit(&spec)
    let page = try spec.makePage(measure: measure)
    page.runMeasure = roughRunMeasure
    _ = page.handle(.resize(page.preferredSize), now: 0)
    _ = page.handle(.windowFocus(true), now: 0)
    return page
}

private func type(_ page: Page, _ text: String) {
    for c in text.unicodeScalars { _ = page.handle(.character(c), now: 0) }
}

/// A marker secret: none of its characters is a bullet, a digit or a letter of the page's words.
private let marker = "Zq7#Xw9!Jv"

/// Everything a screen reader can read: every node's name, description and text, and every
/// event's announcement.
private func readable(_ tree: AccessibleTree, _ events: [AccessibleEvent] = []) -> String {
    var all = tree.nodes.map { $0.name + "|" + $0.description + "|" + ($0.text ?? "") + "|" + $0.keyBinding }
    for event in events { if case .announce(let s) = event { all.append(s) } }
    return all.joined(separator: "\n")
}

@Suite("Accessibility: the tree a screen reader reads, and its events")
struct AccessibleTreeTests {
    @Test("an askpass passphrase dialog: a dialog named by its title, its description, a password text, two buttons")
    func askpassTree() throws {
        let page = try dialog(.entry(.passphrase)) {
            $0.title = "OpenSSH"
            $0.description = "Enter passphrase for key '/home/u/.ssh/id_ed25519':"
            $0.prompt = "Passphrase"
        }
        let tree = AccessibleTree(page: page)
        #expect(tree.window.role == .dialog)
        #expect(tree.window.name == "OpenSSH")
        // The description is a label of the dialog, read with it: not the window's description
        // too, or a screen reader says it twice (as GTK's dialogs, which leave it empty).
        #expect(tree.window.description == "")
        #expect(tree.window.states == [.showing, .visible, .sensitive, .active, .modal])
        #expect(tree.children.map { $0.role } == [.label, .label, .passwordText, .notification, .label, .notification,
                                                  .pushButton, .pushButton, .menuItem, .menuItem, .menuItem])
        #expect(tree.children.map { $0.name } == ["Enter passphrase for key '/home/u/.ssh/id_ed25519':", "Passphrase",
                                                  "Passphrase", "", "", "", "Cancel", "OK", "Paste", "Delete", "Select All"])
        // The entry's menu, closed: its items there, not showing.
        #expect(tree.children.suffix(3).allSatisfy { $0.states == [] })
        let entry = try #require(tree.node(AccessibleTree.ID.entry(0)))
        #expect(entry.text == "")
        #expect(entry.description == "")
        #expect(entry.states == [.showing, .visible, .sensitive, .focusable, .editable, .singleLine, .focused])
        let error = try #require(tree.node(AccessibleTree.ID.error))
        #expect(error.states == [])
        let ok = try #require(tree.node(AccessibleTree.ID.button(1)))
        #expect(ok.keyBinding == "<Alt>o")
        #expect(ok.action == .press(button: 1))
        #expect(ok.states == [.showing, .visible, .sensitive, .focusable, .isDefault])
        #expect(tree.node(AccessibleTree.ID.button(0))?.keyBinding == "<Alt>c")
        #expect(tree.focused == AccessibleTree.ID.entry(0))
    }

    @Test("an entry's menu opened is focused on its highlighted item, greyed items not sensitive, and closed gives the focus back")
    func entryMenu() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.prompt = "Passphrase" }
        type(page, "abc")
        let closed = AccessibleTree(page: page)
        _ = page.handle(.contextMenu(page.geometry.fields[0].mid), now: 1)
        var open = AccessibleTree(page: page)
        let paste = try #require(open.node(AccessibleTree.ID.menuItem(0)))
        #expect(paste.role == .menuItem && paste.name == "Paste" && paste.keyBinding == "<Alt>p")
        #expect(paste.states == [.showing, .visible, .sensitive, .focusable, .focused])
        #expect(paste.bounds == page.menu?.items[0].box && paste.action == .choose(menuItem: 0))
        #expect(open.node(AccessibleTree.ID.menuItem(1))?.states == [.showing, .visible, .focusable], "Delete: greyed")
        #expect(open.focused == AccessibleTree.ID.menuItem(0))
        #expect(open.changes(from: closed).contains(.focus(AccessibleTree.ID.menuItem(0))))
        _ = page.handle(.verticalMove(1), now: 1)
        let moved = AccessibleTree(page: page)
        #expect(moved.changes(from: open).contains(.focus(AccessibleTree.ID.menuItem(2))))
        // Chosen through the action interface, as a screen reader's user would.
        open = moved
        _ = try page.handle(#require(open.node(AccessibleTree.ID.menuItem(2))?.action?.input), now: 1)
        #expect(page.menu == nil && page.fields[0].field.selection == 0..<3)
        #expect(AccessibleTree(page: page).focused == AccessibleTree.ID.entry(0), "the focus back on the entry")
    }

    @Test("a hidden entry's text is one bullet per character typed, and no byte of the secret is anywhere")
    func bulletsOnly() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.prompt = "Passphrase" }
        var tree = AccessibleTree(page: page)
        var events: [AccessibleEvent] = []
        for c in marker.unicodeScalars {
            _ = page.handle(.character(c), now: 0)
            let next = AccessibleTree(page: page)
            events += next.changes(from: tree)
            tree = next
        }
        #expect(tree.node(AccessibleTree.ID.entry(0))?.text == String(repeating: "\u{2022}", count: marker.count))
        #expect(events.filter { if case .text = $0 { true } else { false } }.count == marker.count)
        #expect(events.first == .text(AccessibleTree.ID.entry(0), at: 0, removed: 0, inserted: 1))
        let all = readable(tree, events)
        for c in marker where !all.isEmpty { #expect(!all.contains(c), "\(c) of the secret reached the tree") }
        // The positive control: a secret typed into a field that shows it does reach the tree.
        let plain = Page(workbench: [PageField(name: "p", label: "", configuration: try FieldConfiguration(theme: .tfgrid, count: 18))],
                         content: PageContent(title: "t"), rules: PageRules(), scale: 1, measure: measure)
        type(plain, "1234")
        #expect(AccessibleTree(page: plain).node(AccessibleTree.ID.entry(0))?.text == "1234")
        #expect(AccessibleTree(page: plain).node(AccessibleTree.ID.entry(0))?.role == .text)
    }

    @Test("a long passphrase: no more bullets than the row shows dots")
    func noMoreThanTheDots() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t" }
        let cells = page.fields[0].layout.cells.count
        type(page, String(repeating: "a", count: cells + 5))
        let text = try #require(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0))?.text)
        #expect(text.count == cells - 1)
        #expect(page.fields[0].field.length == cells + 5)
    }

    /// Keys past the row's end scroll it: the dots shown stay as many, and a screen reader
    /// heard nothing of those keys (nor of BackSpace while the row was scrolled). Each is told
    /// as the dot that left the row's start and the one that came at its end, and back.
    @Test("a long passphrase: each key that scrolls the row is heard")
    func aScrollingRowIsHeard() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t" }
        let cells = page.fields[0].layout.cells.count
        type(page, String(repeating: "a", count: cells + 2))
        let id = AccessibleTree.ID.entry(0)
        let full = AccessibleTree(page: page)
        let dots = try #require(full.node(id)?.text?.count)
        type(page, "b")
        let scrolled = AccessibleTree(page: page)
        #expect(scrolled.node(id)?.text?.count == dots, "as many dots shown")
        #expect(scrolled.changes(from: full) == [.text(id, at: 0, removed: 1, inserted: 0),
                                                 .text(id, at: dots - 1, removed: 0, inserted: 1)])
        _ = page.handle(.deleteBackward, now: 0)
        let back = AccessibleTree(page: page)
        #expect(back.changes(from: scrolled) == [.text(id, at: 0, removed: 0, inserted: 1),
                                                 .text(id, at: dots, removed: 1, inserted: 0)])
        #expect(back == full)
    }

    @Test("a tone mark typed after its letter is heard inserted where it went, and the two are one cluster")
    func aToneMarkIsOneCharacterInsertedAndOneClusterRead() throws {
        let page = try Page.focusedPrompt(.username)
        page.typeText("a\u{25B}")
        let id = AccessibleTree.ID.entry(0)
        let before = AccessibleTree(page: page)
        #expect(before.node(id)?.clusters == [], "each character its own")
        page.typeText("\u{301}b")
        let after = AccessibleTree(page: page)
        // AT-SPI counts scalars: the mark and b at 2, not ɛ taken away and ɛ́b put in at 1.
        #expect(after.changes(from: before) == [.text(id, at: 2, removed: 0, inserted: 2)])
        #expect(after.node(id)?.clusters == [0, 1, 3, 4])
        // é typed again as e and its accent is another text to the bus, though Swift's `==`
        // finds the two equal.
        let name = try Page.focusedPrompt(.username)
        name.typeText("\u{E9}")
        let composed = AccessibleTree(page: name)
        _ = name.handle(.deleteBackward, now: 1)
        name.typeText("e\u{301}")
        #expect(AccessibleTree(page: name).changes(from: composed).contains(.text(id, at: 0, removed: 1, inserted: 2)))
        // A passphrase's bullets are one each, whatever was typed.
        let passphrase = try Page.focusedPrompt(.passphrase)
        passphrase.typeText("a\u{25B}\u{301}b")
        #expect(AccessibleTree(page: passphrase).node(id)?.clusters == [])
    }

    @Test("a PIN box says how much is entered: \"3 of 6 entered\" after three digits")
    func pinProgress() throws {
        let page = try dialog(.entry(.fixedPIN(length: 6))) { $0.title = "PIN"; $0.accepts = .digits }
        let before = AccessibleTree(page: page)
        #expect(before.node(AccessibleTree.ID.entry(0))?.description == "0 of 6 entered")
        type(page, "123")
        let after = AccessibleTree(page: page)
        #expect(after.node(AccessibleTree.ID.entry(0))?.description == "3 of 6 entered")
        #expect(after.node(AccessibleTree.ID.entry(0))?.text == "\u{2022}\u{2022}\u{2022}")
        #expect(after.changes(from: before) == [.description(AccessibleTree.ID.entry(0)),
                                               .text(AccessibleTree.ID.entry(0), at: 0, removed: 0, inserted: 3)])
    }

    /// A magnifier follows the caret: each bullet is where its dot is drawn (a slot inside the
    /// entry's padding, a box of a PIN), and the caret stands in the next.
    @Test("each bullet's place is its dot's cell, and the caret's the next")
    func charactersAreWhereTheirDotsAre() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t" }
        type(page, "abc")
        let geometry = page.geometry.fields[0]
        let field = page.fields[0]
        let cells = field.layout.cells.indices.map {
            FieldScene.markSlot($0, layout: field.layout, padding: field.configuration.theme.padding)
                .offsetBy(dx: geometry.x, dy: geometry.y)
        }
        #expect(cells.first != field.layout.cells.first?.offsetBy(dx: geometry.x, dy: geometry.y),
                "a passphrase's dots sit inside its padding, not in its cells")
        let entry = try #require(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0)))
        #expect(entry.characters == Array(cells.prefix(4)))
        #expect(entry.characters.allSatisfy { geometry.contains(Point(x: $0.x + $0.width / 2, y: $0.y + $0.height / 2)) })
        // Scrolled, the first bullet is the first cell's.
        type(page, String(repeating: "d", count: cells.count + 3))
        let scrolled = try #require(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0)))
        #expect(scrolled.characters.count == (scrolled.text?.count ?? 0) + 1 && scrolled.characters.first == cells.first)

        let pin = try dialog(.entry(.fixedPIN(length: 6))) { $0.title = "PIN"; $0.accepts = .digits }
        type(pin, "123456")
        let boxes = pin.fields[0].layout.cells.map { $0.offsetBy(dx: pin.geometry.fields[0].x, dy: pin.geometry.fields[0].y) }
        // Six boxes holding six digits keep the last free for the caret: the row scrolled by one.
        let full = try #require(AccessibleTree(page: pin).node(AccessibleTree.ID.entry(0)))
        #expect(full.text?.count == 5 && full.characters == boxes)

        // Shown as typed (git's username), the characters are one run of text: each as far along
        // as the text before it is wide (half an em a character here), after the padding.
        let name = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.showsTyping = true }
        type(name, "alice")
        let run = try #require(AccessibleTree(page: name).node(AccessibleTree.ID.entry(0))).characters
        let area = name.geometry.fields[0]
        let em = name.fields[0].configuration.theme.style(for: .filled).font.size
        let pad = name.fields[0].configuration.theme.padding
        #expect(run.map(\.x) == (0...5).map { (area.x + pad + Double($0) * em / 2).rounded() }, "\(run)")
        #expect(zip(run, run.dropFirst()).allSatisfy { $0.width > 0 && $0.x + $0.width == $1.x } && run.last?.width == 0)
    }

    @Test("Tab moves the focus: the old object loses its focused state, the new one gets a focus event")
    func focusEvents() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t" }
        let before = AccessibleTree(page: page)
        _ = page.handle(.focusNext, now: 0)
        let after = AccessibleTree(page: page)
        #expect(after.focused == AccessibleTree.ID.button(0))
        #expect(after.changes(from: before) == [.state(AccessibleTree.ID.entry(0), .focused, false),
                                               .focus(AccessibleTree.ID.button(0))])
        // A window without the focus has no focused object, and says it is no longer active.
        _ = page.handle(.windowFocus(false), now: 0)
        let away = AccessibleTree(page: page)
        #expect(away.focused == nil)
        #expect(away.changes(from: after) == [.activate(false), .state(AccessibleTree.ID.window, .active, false),
                                             .state(AccessibleTree.ID.button(0), .focused, false)])
    }

    @Test("the repeat's mismatch appears as an announcement and a showing label")
    func mismatchAnnounced() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.repeatPrompt = "Repeat" }
        type(page, "ab")
        _ = page.handle(.submit, now: 0)
        type(page, "ac")
        let before = AccessibleTree(page: page)
        _ = page.handle(.submit, now: 0)
        let after = AccessibleTree(page: page)
        let error = try #require(after.node(AccessibleTree.ID.error))
        #expect(error.name == "The two entries do not match")
        #expect(error.role == .notification, "Orca 43 speaks a notification that shows, and no announcement")
        #expect(error.states == [.showing, .visible, .sensitive])
        let events = after.changes(from: before)
        #expect(events.contains(.announce("The two entries do not match")))
        #expect(events.contains(.state(AccessibleTree.ID.error, .showing, true)))
        #expect(events.last == .focus(AccessibleTree.ID.entry(0)))
        // Another error in its place shows the line again, so that it is said too.
        _ = page.handle(.composeStarted, now: 0)
        let typed = AccessibleTree(page: page)
        _ = page.handle(.composeCancelled, now: 0)
        let refused = AccessibleTree(page: page)
        let reason = try #require(refused.node(AccessibleTree.ID.error)?.name)
        #expect(reason != "" && reason != error.name)
        let again = refused.changes(from: typed)
        #expect(again.contains(.announce(reason)))
        #expect(again.suffix(2) == [.state(AccessibleTree.ID.error, .showing, false),
                                    .state(AccessibleTree.ID.error, .showing, true)])
    }

    @Test("a dialog that opens with an error (pinentry's SETERROR) announces it first")
    func errorOnOpen() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.error = "Bad passphrase (try 2 of 3)" }
        let tree = AccessibleTree(page: page)
        // And shows it, for Orca 43, which speaks a notification as it shows: before the focus lands.
        #expect(tree.changes(from: nil) == [.activate(true), .announce("Bad passphrase (try 2 of 3)"),
                                           .state(AccessibleTree.ID.error, .showing, true),
                                           .focus(AccessibleTree.ID.entry(0))])
    }

    @Test("Caps Lock's warning and the layout are read, and the warning is said when it comes")
    func capsLockAndLayout() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.prompt = "Passphrase" }
        let off = AccessibleTree(page: page)
        #expect(off.node(AccessibleTree.ID.capsLock)?.states == [], "nothing to say: not showing")
        _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["us", "ru"], group: 1)), now: 1)
        let on = AccessibleTree(page: page)
        let warning = try #require(page.content.keyboard?.warning)
        #expect(on.node(AccessibleTree.ID.capsLock)?.name == warning)
        #expect(on.node(AccessibleTree.ID.capsLock)?.role == .notification)
        #expect(on.changes(from: off).contains(.state(AccessibleTree.ID.capsLock, .showing, true)))
        #expect(on.node(AccessibleTree.ID.layout)?.name == "ru")
        #expect(on.changes(from: off).contains(.announce(warning)))
        #expect(!AccessibleTree(page: page).changes(from: on).contains(.announce(warning)), "said once")
        // A dialog that opens with Caps Lock on says so too.
        #expect(on.changes(from: nil).contains(.announce(warning)))
        _ = page.handle(.keyboard(KeyboardState(capsLock: false, layouts: ["us", "ru"], group: 1)), now: 2)
        #expect(AccessibleTree(page: page).node(AccessibleTree.ID.capsLock)?.name == "")
    }

    /// A PIN typed off AZERTY's number row: that digits need Shift is said as it comes, as
    /// Caps Lock's warning is, and never what was typed.
    @Test func digitsNeedingShiftIsSaidWhenItComes() throws {
        let page = try dialog(.entry(.openPIN(shown: 6))) { $0.title = "t"; $0.prompt = "PIN" }
        let before = AccessibleTree(page: page)
        _ = page.handle(.characterOnDigitKey("&", digit: "1"), now: 1)
        let after = AccessibleTree(page: page)
        #expect(after.node(AccessibleTree.ID.capsLock)?.name == "Digits need Shift on this layout")
        let changes = after.changes(from: before)
        #expect(changes.contains(.announce("Digits need Shift on this layout")))
        #expect(!"\(changes)".contains("&"), "\(changes)")
    }

    /// With several layouts, the active one is in the entries' description, in words, in the
    /// user's language (the words passed in): said with the entry as it gets the focus, and
    /// again when it changes; with one layout the description says nothing of it.
    @Test func theActiveLayoutIsInTheEntrysDescription() throws {
        var words = AccessibleWords()
        words.layout = "Раскладка: {name}"
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.prompt = "Passphrase" }
        let names = ["Английская (США)", "Русская"]
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"], group: 0, descriptions: names)), now: 1)
        let us = AccessibleTree(page: page, words: words)
        let entry = AccessibleTree.ID.entry(0)
        #expect(us.node(entry)?.description == "Раскладка: Английская (США)")
        #expect(us.node(AccessibleTree.ID.layout)?.name == "us", "the line as it shows")
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"], group: 1, descriptions: names)), now: 2)
        let ru = AccessibleTree(page: page, words: words)
        #expect(ru.node(entry)?.description == "Раскладка: Русская")
        #expect(ru.changes(from: us).contains(.description(entry)))
        #expect(!ru.changes(from: us).contains { if case .announce = $0 { true } else { false } }, "no notification")
        // Before the keymap is read, the short name.
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"], group: 1)), now: 3)
        #expect(AccessibleTree(page: page, words: words).node(entry)?.description == "Раскладка: ru")
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us"], descriptions: ["English (US)"])), now: 4)
        #expect(AccessibleTree(page: page, words: words).node(entry)?.description == "")
    }

    @Test("a prompt of one or two words stays the window's description: Orca 43 reads a dialog's labels of three words or more")
    func shortPromptKept() throws {
        for prompt in ["alice@example.com's password:", "Password:"] {
            let page = try dialog(.entry(.passphrase)) { $0.title = "OpenSSH"; $0.description = prompt }
            #expect(AccessibleTree(page: page).window.description == prompt)
        }
        let long = try dialog(.entry(.passphrase)) { $0.title = "sudo"; $0.description = "[sudo] password for alice:" }
        #expect(AccessibleTree(page: long).window.description == "", "read as a label: said once")
    }

    @Test("the same error raised again is said again: a second mismatch, a second refused key, a second refusal")
    func sameErrorAgain() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.repeatPrompt = "Repeat" }
        func mismatch() -> (AccessibleTree, AccessibleTree) {
            type(page, "ab")
            _ = page.handle(.focusOn(1), now: 0)
            type(page, "ac")
            let before = AccessibleTree(page: page)
            _ = page.handle(.submit, now: 0)
            return (before, AccessibleTree(page: page))
        }
        _ = mismatch()
        let (before, after) = mismatch()
        let error = AccessibleTree.ID.error
        let events = after.changes(from: before)
        #expect(events.contains(.announce("The two entries do not match")))
        #expect(events.contains(.state(error, .showing, false)) && events.contains(.state(error, .showing, true)))
        // A refused key twice: the second refusal is said as well.
        _ = page.handle(.composeStarted, now: 1)
        _ = page.handle(.composeCancelled, now: 1)
        let refused = AccessibleTree(page: page)
        let reason = try #require(refused.node(error)?.name)
        _ = page.handle(.composeStarted, now: 2)
        _ = page.handle(.composeCancelled, now: 2)
        let again = AccessibleTree(page: page)
        #expect(again.node(error)?.name == reason)
        #expect(again.changes(from: refused).contains(.announce(reason)))
        // The agent's refusal twice (gpg-agent's CHECKPIN).
        let checked = try dialog(.entry(.passphrase)) { $0.title = "t" }
        _ = checked.checked(refusal: "Too short", now: 0)
        let first = AccessibleTree(page: checked)
        _ = checked.checked(refusal: "Too short", now: 1)
        #expect(AccessibleTree(page: checked).changes(from: first).contains(.announce("Too short")))
        // Nothing raised, nothing said: the same tree again.
        #expect(AccessibleTree(page: checked).changes(from: AccessibleTree(page: checked)) == [])
    }

    @Test("a refused key's reason that ends gives the line back to the caller's error, unsaid")
    func theCallersErrorComingBackIsNotSaidAgain() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.error = "Bad passphrase (try 2 of 3)" }
        let error = AccessibleTree.ID.error
        let opened = AccessibleTree(page: page)
        _ = page.handle(.composeStarted, now: 1)
        _ = page.handle(.composeCancelled, now: 1)
        let refused = AccessibleTree(page: page)
        let reason = try #require(refused.node(error)?.name)
        #expect(reason != "Bad passphrase (try 2 of 3)")
        #expect(refused.changes(from: opened).contains(.announce(reason)))
        _ = page.advance(to: 100)
        let back = AccessibleTree(page: page)
        #expect(back.node(error)?.name == "Bad passphrase (try 2 of 3)")
        let events = back.changes(from: refused)
        #expect(!events.contains { if case .announce = $0 { return true } else { return false } }, "\(events)")
        #expect(!events.contains(.state(error, .showing, true)), "\(events)")
    }

    @Test("a rebuilt window (the reveal question swapping the buttons) says only what is new")
    func rebuildSaysOnlyWhatIsNew() throws {
        let page = try dialog(.entry(.passphrase)) {
            $0.title = "t"; $0.error = "Bad passphrase (try 2 of 3)"
            $0.reveal = RevealButton(question: "Make it visible?")
        }
        _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["us"], group: 0)), now: 0)
        let warning = try #require(page.content.keyboard?.warning)
        let open = AccessibleTree(page: page)
        let show = try #require(page.content.buttons.firstIndex { $0.role == .reveal })
        _ = page.handle(.pressButton(show), now: 1)
        let asking = AccessibleTree(page: page)
        #expect(asking.nodes.map { $0.id } != open.nodes.map { $0.id }, "a rebuild")
        let events = asking.changes(from: open)
        #expect(events.contains(.announce("Make it visible?")))
        #expect(!events.contains(.announce(warning)), "Caps Lock was said already")
        #expect(!events.contains(.state(AccessibleTree.ID.capsLock, .showing, true)))
        // The window opening says every notice.
        #expect(asking.changes(from: nil).contains(.announce(warning)))
    }

    @Test("the default button is the one Return presses")
    func defaultButton() throws {
        func defaults(_ page: Page) -> [String] {
            AccessibleTree(page: page).children.filter { $0.states.contains(.isDefault) }.map { $0.name }
        }
        #expect(defaults(try dialog(.entry(.passphrase)) { $0.title = "t" }) == ["OK"])
        #expect(defaults(try dialog(.confirm(notOK: true)) { $0.title = "t" }) == ["Cancel"], "a question starts on Cancel")
        let question = HostKeyQuestion(text: "Continue?", fingerprint: "SHA256:x", acceptsFingerprint: true)
        #expect(defaults(try DialogSpec(prompt: .hostKey(question)).makePage(measure: measure)) == [],
                "Return answers only a typed fingerprint")
    }

    @Test("PIN boxes past their row show a count and no dots: no bullets either")
    func pinPastItsRow() throws {
        let page = try dialog(.entry(.openPIN(shown: 8))) { $0.title = "PIN" }
        type(page, "1234567890")
        let entry = try #require(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0)))
        #expect(page.fields[0].showsCount)
        #expect(entry.text == "" && entry.description == PageField.count(10))
    }

    @Test("a confirmation is an alert; its buttons carry their actions and mnemonics")
    func confirmation() throws {
        let page = try dialog(.confirm(notOK: true)) {
            $0.title = "Confirm"; $0.description = "Allow?"; $0.okLabel = "_Yes"; $0.notOKLabel = "_No"
        }
        let tree = AccessibleTree(page: page)
        #expect(tree.window.role == .alert)
        #expect(tree.window.description == "", "said once, as the alert's label")
        #expect(tree.children.first?.name == "Allow?")
        #expect(tree.children.filter { $0.role == .pushButton }.map { $0.name } == ["No", "Cancel", "Yes"])
        #expect(tree.children.filter { $0.role == .pushButton }.map { $0.keyBinding } == ["<Alt>n", "<Alt>c", "<Alt>y"])
        #expect(tree.focused == AccessibleTree.ID.button(1), "a question starts on Cancel")
        // Pressed through the action interface, "No" ends the page as a click does.
        let input = try #require(tree.actionInput(for: AccessibleTree.ID.button(0)))
        #expect(input == .pressButton(0))
        _ = page.handle(input, now: 0)
        #expect(page.outcome == .notConfirmed)
    }

    @Test("the action on OK submits what is typed; grab-focus moves the page's focus")
    func actions() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t" }
        type(page, "pw")
        let tree = AccessibleTree(page: page)
        #expect(AccessibleTree.focusInput(for: AccessibleTree.ID.button(0), fields: 1, buttons: 2) == .focusOn(1))
        #expect(AccessibleTree.focusInput(for: AccessibleTree.ID.entry(0), fields: 1, buttons: 2) == .focusOn(0))
        #expect(AccessibleTree.focusInput(for: AccessibleTree.ID.label(0), fields: 1, buttons: 2) == nil)
        // What no object stands for is passed over: a button or a focusable that is not there.
        #expect(page.handle(.pressButton(7), now: 0) == [])
        #expect(page.handle(.focusOn(-1), now: 0) == [])
        #expect(page.handle(.focusOn(9), now: 0) == [])
        #expect(page.outcome == nil && page.focus == 0)
        _ = page.handle(.focusOn(1), now: 0)
        #expect(page.focus == 1)
        let effects = page.handle(try #require(tree.actionInput(for: AccessibleTree.ID.button(1))), now: 0)
        #expect(effects.contains(.deliver(field: 0)))
        #expect(page.outcome == .submitted)
    }

    @Test("the quality bar is a progress bar filled as drawn, its rating in words; the wait cue a status")
    func indicators() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.qualityLabel = "Quality:"; $0.waitCue = true }
        let before = AccessibleTree(page: page)
        let bar = try #require(before.node(AccessibleTree.ID.quality))
        // A progress bar, as pinentry-gtk-2's: Orca 43 says its value as it changes, a level bar's never.
        #expect(bar.role == .progressBar)
        #expect(bar.name == "Quality", "named as drawn: without its colon")
        #expect(bar.value == AccessibleValue(current: 0, minimum: 0, maximum: 100))
        page.setQuality(-40)
        let refused = AccessibleTree(page: page)
        #expect(refused.node(AccessibleTree.ID.quality)?.value?.current == 0, "a refused rating fills none of the track")
        #expect(refused.node(AccessibleTree.ID.quality)?.description == "Too weak")
        // Orca 43 speaks no description change of the bar, which has no focus: the entry it rates
        // says the words too, and the refusal is heard as the entry's description changes.
        #expect(refused.node(AccessibleTree.ID.entry(0))?.description == "Too weak")
        #expect(refused.changes(from: before).contains(.description(AccessibleTree.ID.entry(0))))
        page.setQuality(29)
        #expect(AccessibleTree(page: page).node(AccessibleTree.ID.quality)?.value?.current == 29, "the rating, exactly")
        page.setQuality(42)
        let after = AccessibleTree(page: page)
        #expect(after.node(AccessibleTree.ID.quality)?.value == AccessibleValue(current: 42, minimum: 0, maximum: 100))
        #expect(after.node(AccessibleTree.ID.quality)?.description == "Fair", "the rating in words, as drawn")
        #expect(after.node(AccessibleTree.ID.entry(0))?.description == "Fair")
        #expect(after.changes(from: before) == [.description(AccessibleTree.ID.entry(0)),
                                                .description(AccessibleTree.ID.quality), .value(AccessibleTree.ID.quality)])
        #expect(after.node(AccessibleTree.ID.cue)?.role == .status)
        #expect(after.node(AccessibleTree.ID.cue)?.name == "Waiting for your security key or card reader")
    }

    /// The bar is drawn under the entry it rates and over the repeat: a reader's flat review read
    /// it after the repeat, at the end of the entries.
    @Test("the quality bar is read where it is drawn: between the new passphrase and its repeat")
    func qualityBarInReadingOrder() throws {
        let page = try dialog(.entry(.passphrase)) { $0.title = "t"; $0.qualityLabel = "Quality:"; $0.repeatPrompt = "Repeat" }
        let ids = AccessibleTree(page: page).children.map { $0.id }
        let entry = try #require(ids.firstIndex(of: AccessibleTree.ID.entry(0)))
        #expect(ids[entry + 1] == AccessibleTree.ID.quality)
        #expect(ids[entry + 2] == AccessibleTree.ID.label(1) && ids[entry + 3] == AccessibleTree.ID.entry(1))
    }

    @Test("the payment sheet: its amount, \"2 of 6 entered\", a Close button and the number pad's keys")
    func paySheet() throws {
        var spec = PaySheetSpec()
        spec.payee = "Coffee shop"
        spec.amount = "¥25.00"
        let page = try spec.makePage(measure: measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        _ = page.handle(.windowFocus(true), now: 0)
        let tree = AccessibleTree(page: page)
        #expect(tree.window.role == .dialog)
        #expect(tree.window.name == "Enter payment password")
        // Its payee and amount are labels too short for Orca to read as the dialog's text: the
        // window's description says them.
        #expect(tree.window.description == "Coffee shop ¥25.00")
        let buttons = tree.children.filter { $0.role == .pushButton }.map { $0.name }
        #expect(buttons == ["Close", "Forgot password?", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Delete"])
        // The pad's "7" types a 7, as a click on it does.
        let seven = try #require(tree.children.first { $0.name == "7" })
        _ = page.handle(try #require(tree.actionInput(for: seven.id)), now: 0)
        _ = page.handle(.character("1"), now: 0)
        #expect(AccessibleTree(page: page).node(AccessibleTree.ID.entry(0))?.description == "2 of 6 entered")
        #expect(page.fields[0].field.length == 2)
    }

    @Test("the demo page is a frame with a labelled entry per field and its hint")
    func workbench() throws {
        let fields = [PageField(name: "a", label: "Strip", configuration: try FieldConfiguration(theme: .strip, count: 6)),
                      PageField(name: "b", label: "Boxes", configuration: try FieldConfiguration(theme: .boxes, count: 4))]
        let page = Page(workbench: fields, content: PageContent(title: "PinBox", hint: "Tab moves"), rules: PageRules(),
                        scale: 1, measure: measure)
        let tree = AccessibleTree(page: page)
        #expect(tree.window.role == .frame)
        #expect(tree.children.map { $0.name } == ["Strip", "Strip", "Boxes", "Boxes", "Tab moves"])
        #expect(tree.children.map { $0.role } == [.label, .passwordText, .label, .passwordText, .label])
        #expect(tree.node(AccessibleTree.ID.entry(1))?.description == "0 of 4 entered")
    }

    @Test("the progress words are a template a translation can reorder")
    func words() {
        var words = AccessibleWords()
        #expect(words.entered(3, of: 6) == "3 of 6 entered")
        words.entered = "已输入 {n}/{m} 位"
        #expect(words.entered(3, of: 6) == "已输入 3/6 位")
    }
}
