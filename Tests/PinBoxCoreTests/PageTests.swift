// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

private func workbench(_ count: Int = 6, rules: PageRules = PageRules()) throws -> Page {
    let configuration = try FieldConfiguration(theme: .strip, count: count)
    return Page(workbench: [PageField(name: "strip", label: "", configuration: configuration)],
                content: PageContent(title: "t"), rules: rules, scale: 1, measure: measure)
}

private func secret(_ text: String) -> SecretBuffer {
    let buffer = SecretBuffer(capacity: text.utf8.count)
    buffer.append(contentsOf: Array(text.utf8))
    return buffer
}

private func dialog(_ kind: DialogSpec.Kind, _ edit: (inout DialogSpec) -> Void = { _ in }) throws -> Page {
    var spec = DialogSpec(kind: kind)
    edit(&spec)
    return try spec.makePage(measure: measure)
}

private func type(_ page: Page, _ text: String, at now: Double = 0) -> [PageEffect] {
    text.unicodeScalars.flatMap { page.handle(.character($0), now: now) }
}

private func reports(_ effects: [PageEffect]) -> [PageEvent] {
    effects.compactMap { if case .report(let e) = $0 { e } else { nil } }
}

@Suite("Page: the rules of the demo page and the dialogs")
struct PageTests {
    // MARK: the workbench (the demo)

    @Test func escapeClearsAFieldThenCancels() throws {
        let page = try workbench()
        _ = type(page, "12")
        #expect(page.handle(.escape, now: 1) == [.report(.change(field: "strip", length: 0))])
        #expect(page.handle(.escape, now: 2) == [.report(.cancel(field: "strip", by: .escape)),
                                                  .finish(.cancelled(.escape))])
        #expect(page.outcome?.exitStatus(for: .workbench) == .cancelled)
        #expect(page.handle(.character("3"), now: 3) == [], "a finished page takes nothing more")
    }

    @Test func returnRefusesAnIncompleteFieldAndSubmitsACompleteOne() throws {
        let page = try workbench()
        _ = type(page, "123")
        #expect(page.handle(.submit, now: 1) == [.report(.rejected(field: "strip", reason: .incomplete)), .bell])
        #expect(page.feedback?.text == "Enter all 6 digits")
        _ = type(page, "456")
        #expect(page.handle(.submit, now: 2) == [
            .report(.submit(field: "strip", index: 0, length: 6, reveal: false)), .deliver(field: 0)])
        #expect(page.fields[0].field.length == 6, "kept until the host has handed it over")
        #expect(page.handedOver(field: 0, now: 2) == [.report(.change(field: "strip", length: 0))])
        #expect(page.fields[0].field.secret.withBytes { $0.count } == 0)
        #expect(page.outcome == nil, "the demo stays open")
    }

    @Test func exitOnCompleteSubmitsWhenTheLastDigitLands() throws {
        let page = try workbench(rules: PageRules(endAfterSubmit: true, reveal: true))
        let effects = type(page, "123456")
        #expect(Array(effects.suffix(4)) == [
            .report(.complete(field: "strip", index: 0, reveal: true)),
            .report(.submit(field: "strip", index: 0, length: 6, reveal: true)), .deliver(field: 0), .finish(.submitted)])
    }

    @Test func closingTheDemoIsItsNormalEndAndASignalACancel() throws {
        let page = try workbench()
        #expect(page.handle(.close, now: 0) == [.report(.cancel(field: "strip", by: .close)), .finish(.closed)])
        #expect(page.outcome?.exitStatus(for: .workbench) == .ok)
        let other = try workbench()
        #expect(other.handle(.terminate, now: 0).last == .finish(.cancelled(.signal)))
        #expect(other.outcome?.exitStatus(for: .workbench) == .cancelled)
    }

    @Test func theTimeoutCountsFromTheLastKey() throws {
        let page = try workbench(rules: PageRules(timeout: 1))
        _ = page.handle(.windowFocus(true), now: 0)
        _ = type(page, "1", at: 0.5)
        #expect(page.advance(to: 1.4) == [])
        #expect(page.nextDeadline(after: 1.4) == 1.5)
        #expect(page.advance(to: 1.5) == [.report(.cancel(field: "strip", by: .timeout)), .finish(.timedOut)])
        #expect(page.outcome?.exitStatus(for: .prompt) == .cancelled)
    }

    /// pinentry's SETTIMEOUT: only a dialog nobody types into gives up.
    @Test func aTimeoutThatEndsWithTypingWaitsForAUserWhoTyped() throws {
        var rules = PageRules(timeout: 1)
        rules.timeoutEndsWithTyping = true
        let untouched = try workbench(rules: rules)
        _ = untouched.handle(.windowFocus(true), now: 0)
        // A key that types nothing is activity, not typing.
        _ = untouched.handle(.otherKey, now: 0.5)
        #expect(untouched.advance(to: 1.4) == [])
        #expect(untouched.advance(to: 1.5).last == .finish(.timedOut))

        let typed = try workbench(rules: rules)
        _ = typed.handle(.windowFocus(true), now: 0)
        _ = type(typed, "1", at: 0.5)
        #expect(typed.advance(to: 600) == [] && typed.outcome == nil)
        #expect(typed.nextDeadline(after: 600) == nil)
        #expect(typed.fields[0].field.length == 1)
    }

    /// The workbench shows every key its digit fields refuse, an arrow's too.
    @Test func theWorkbenchRefusesAKeyThatNeverTypes() throws {
        let page = try workbench()
        _ = page.handle(.windowFocus(true), now: 0)
        #expect(page.handle(.nonTypingKey, now: 1) == [.report(.rejected(field: "strip", reason: .notADigit)), .bell])
    }

    @Test func clearOnBlurWipesWhenFocusLeavesOrTheWindowHides() throws {
        let page = try workbench(rules: PageRules(clearOnBlur: true))
        _ = type(page, "12")
        #expect(page.handle(.windowFocus(false), now: 1) == [.report(.change(field: "strip", length: 0))])
        _ = type(page, "3")
        #expect(page.handle(.hidden, now: 2) == [.report(.change(field: "strip", length: 0))])
        let keeps = try workbench()
        _ = type(keeps, "12")
        #expect(keeps.handle(.windowFocus(false), now: 1) == [])
    }

    @Test func pastesAreDeniedByDefaultAndDotsAreNeverCopied() throws {
        let page = try workbench()
        #expect(page.handle(.pasteRequest(.clipboard, at: nil), now: 0) ==
            [.report(.rejected(field: "strip", reason: .pasteDenied)), .bell])
        #expect(page.handle(.copy, now: 0) == [.report(.rejected(field: "strip", reason: .copyDenied)), .bell])
    }

    @Test func aWantedPasteIsFetchedThenJudged() throws {
        let configuration = try FieldConfiguration(theme: .strip, pastePolicy: .digits)
        let page = Page(workbench: [PageField(name: "strip", label: "", configuration: configuration)],
                        content: PageContent(), rules: PageRules(), scale: 1, measure: measure)
        #expect(page.handle(.pasteRequest(.clipboard, at: nil), now: 0) == [.fetchPaste(.clipboard)])
        let pasted = secret("1234\n")
        #expect(page.handle(.pasted(.bytes(pasted)), now: 0) == [.report(.change(field: "strip", length: 4))])
        #expect(pasted.isEmpty && pasted.withWholeCapacity { $0.allSatisfy { $0 == 0 } }, "wiped after use")
    }

    /// Issue 20: a passphrase from a password manager is pasted as it is (spaces kept, the
    /// terminal's line break dropped); PIN boxes keep seed 001's refusal; `paste` off refuses.
    @Test func aPassphraseEntryTakesPastedTextAndPinBoxesDoNot() throws {
        let page = try dialog(.entry(.passphrase))
        #expect(page.handle(.pasteRequest(.clipboard, at: nil), now: 0) == [.fetchPaste(.clipboard)])
        let pasted = secret(" correct horse ✓\r\n")
        _ = page.handle(.pasted(.bytes(pasted)), now: 0)
        #expect(page.fields[0].field.secret.withBytes { Array($0) } == Array(" correct horse ✓".utf8))
        #expect(page.fields[0].field.length == 16)
        #expect(pasted.isEmpty && pasted.withWholeCapacity { $0.allSatisfy { $0 == 0 } })

        // Refused whole: a line break inside, a control, invalid UTF-8.
        for bad in [Array("two\nlines".utf8), Array("a\u{1b}b".utf8), [0x61, 0xff, 0x62]] {
            let page = try dialog(.entry(.passphrase))
            _ = page.handle(.pasteRequest(.clipboard, at: nil), now: 0)
            let buffer = SecretBuffer(capacity: bad.count)
            buffer.append(contentsOf: bad)
            #expect(page.handle(.pasted(.bytes(buffer)), now: 0) ==
                [.report(.rejected(field: "entry", reason: .pasteNotDigits)), .bell], "\(bad)")
            #expect(page.fields[0].field.isEmpty)
        }

        let off = try dialog(.entry(.passphrase)) { $0.paste = false }
        #expect(off.handle(.pasteRequest(.clipboard, at: nil), now: 0) ==
            [.report(.rejected(field: "entry", reason: .pasteDenied)), .bell])
        let pin = try dialog(.entry(.openPIN(shown: 6)))
        #expect(pin.handle(.pasteRequest(.primary, at: nil), now: 0) ==
            [.report(.rejected(field: "entry", reason: .pasteDenied)), .bell])
    }

    /// A prompt's entry is never copied, even when it shows its characters; the workbench's
    /// plain fields are (seed 004). Nor does a prompt let itself be captured.
    /// A name copies what is selected in it, as GTK's entries do (Ctrl+C; Ctrl+X deletes it
    /// then), and offers it as PRIMARY; nothing selected, nothing is copied and nothing
    /// refused. A passphrase, even selected, never: refused, and no PRIMARY.
    @Test func aNameCopiesWhatIsSelectedAndASecretNever() throws {
        let name = try Page.focusedPrompt(.username)
        name.typeText("bob smith")
        #expect(name.handle(.copy, now: 1) == [] && name.primarySelection == nil, "nothing selected")
        name.feed([.extendSelection(.wordBack)])
        #expect(name.primarySelection == EntrySelection(field: 0, characters: 4..<9))
        #expect(name.handle(.copy, now: 1) == [.offerCopy(CopiedText(text: "smith"))])
        #expect(name.handle(.cut, now: 1).first == .offerCopy(CopiedText(text: "smith")))
        #expect(name.typedText == "bob " && name.primarySelection == nil, "cut, and nothing selected now")
        for kind in [PromptKind.password, .passphrase] {
            let secret = try Page.focusedPrompt(kind)
            secret.typeText("hunter2")
            secret.feed([.selectAll])
            #expect(secret.fields[0].field.selection == 0..<7 && secret.primarySelection == nil, "\(kind): no PRIMARY")
            for input in [InputEvent.copy, .cut] {
                #expect(secret.handle(input, now: 1).contains(.bell), "\(kind): \(input) refused")
            }
            #expect(secret.typedText == "hunter2", "\(kind): nothing cut")
        }
    }

    @Test func aPromptIsNeitherCopiedNorCaptured() throws {
        var theme = Theme.strip
        theme.secure = false
        let configuration = try FieldConfiguration(theme: theme)
        let prompt = Page(workbench: [PageField(name: "strip", label: "", configuration: configuration)],
                          content: PageContent(), rules: PageRules(purpose: .prompt), scale: 1, measure: measure)
        _ = type(prompt, "12")
        #expect(prompt.handle(.copy, now: 0) == [.report(.rejected(field: "strip", reason: .copyDenied)), .bell])
        #expect(!prompt.allowsCapture)
        #expect(!(try dialog(.entry(.passphrase))).allowsCapture)
        #expect(!(try PaySheetSpec().makePage(measure: measure)).allowsCapture)
        let bench = Page(workbench: [PageField(name: "strip", label: "", configuration: configuration)],
                         content: PageContent(), rules: PageRules(), scale: 1, measure: measure)
        _ = type(bench, "12")
        #expect(bench.handle(.copy, now: 0) == [.offerCopy(CopiedText(text: "12"))])
        #expect(bench.allowsCapture)
    }

    /// The repeat of a new passphrase is wiped with the rest once the answer is taken.
    @Test func wipingKeepsOnlyTheAnswer() throws {
        let page = try dialog(.entry(.passphrase)) { $0.repeatPrompt = "Repeat" }
        _ = type(page, "same")
        _ = page.handle(.focusNext, now: 0)
        _ = type(page, "same")
        page.wipe(keeping: 0)
        #expect(page.fields[0].field.secret.count == 4)
        #expect(page.fields[1].field.secret.withWholeCapacity { $0.allSatisfy { $0 == 0 } })
    }

    // MARK: dialogs

    @Test func escapeCancelsAPromptAtOnceEvenWithSomethingTyped() throws {
        let page = try dialog(.entry(.passphrase))
        _ = type(page, "abc")
        #expect(page.handle(.escape, now: 1) == [.report(.cancel(field: "entry", by: .escape)),
                                                  .finish(.cancelled(.escape))])
    }

    @Test func returnAnswersAPromptWithWhatWasTyped() throws {
        let page = try dialog(.entry(.passphrase))
        _ = type(page, "pâté ok")
        #expect(page.fields[0].field.length == 7)
        #expect(page.fields[0].field.secret.withBytes { Array($0) } == Array("pâté ok".utf8))
        #expect(page.handle(.submit, now: 1) == [
            .report(.button(.ok)), .report(.submit(field: "entry", index: 0, length: 7, reveal: false)),
            .deliver(field: 0), .finish(.submitted)])
        #expect(page.outcome?.exitStatus(for: .prompt) == .ok)
    }

    @Test func animationFramesFollowTheRefreshRateTheWindowLearns() throws {
        let page = try dialog(.entry(.fixedPIN(length: 6)))
        _ = page.handle(InputEvent.character("1"), now: 0)
        #expect(page.nextDeadline(after: 0) == 1.0 / 60, "60 Hz until the window knows better")
        page.setRefreshRate(144)
        #expect(page.nextDeadline(after: 0) == 1.0 / 144)
        page.setRefreshRate(5000)  // not a display's rate: ignored
        #expect(page.nextDeadline(after: 0) == 1.0 / 144)
    }

    @Test func aPinOfKnownLengthSubmitsWhenFullAndNotBefore() throws {
        let page = try dialog(.entry(.fixedPIN(length: 4)))
        _ = type(page, "12")
        #expect(page.handle(.submit, now: 1) == [.report(.button(.ok)),
                                                  .report(.rejected(field: "entry", reason: .incomplete)), .bell])
        #expect(type(page, "34").suffix(3) == [.report(.submit(field: "entry", index: 0, length: 4, reveal: false)),
                                               .deliver(field: 0), .finish(.submitted)])
    }

    @Test func aPinOfUnknownLengthGrowsOneBoxPastWhatIsTyped() throws {
        let page = try dialog(.entry(.openPIN(shown: 6)))
        #expect(page.fields[0].layout.cells.count == 6)
        let effects = type(page, "12ab567")
        #expect(reports(effects).contains(.grew(field: "entry", cells: 7)))
        #expect(reports(effects).contains(.grew(field: "entry", cells: 8)))
        #expect(page.fields[0].layout.cells.count == 8)
        _ = page.handle(.deleteBackward, now: 1)
        _ = page.handle(.deleteBackward, now: 1)
        #expect(page.fields[0].layout.cells.count == 6)
    }

    @Test func aLongEntryIsCappedWithAMessageNeverCut() throws {
        let page = try dialog(.entry(.passphrase)) { $0.byteLimit = 4 }
        let effects = type(page, "abcé")
        #expect(reports(effects).last == .rejected(field: "entry", reason: .limit))
        #expect(page.fields[0].field.secret.withBytes { Array($0) } == Array("abc".utf8))
        #expect(page.feedback?.text == "That is as long as it can be")
    }

    @Test func tabWalksTheEntryAndTheButtonsAndReturnPressesTheFocusedOne() throws {
        let page = try dialog(.entry(.passphrase))
        #expect(page.handle(.focusNext, now: 0) == [.report(.focus("cancel"))])
        #expect(page.handle(.focusNext, now: 0) == [.report(.focus("ok"))])
        #expect(page.handle(.focusNext, now: 0) == [.report(.focus("entry"))])
        #expect(page.handle(.focusPrevious, now: 0) == [.report(.focus("ok"))])
        _ = page.handle(.focusPrevious, now: 0)
        #expect(page.handle(.submit, now: 0) == [.report(.button(.cancel)), .report(.cancel(field: "cancel", by: .button)),
                                                  .finish(.cancelled(.button))])
    }

    /// Space on a focused button presses it, as in GTK and Qt. It went to the entry, like any
    /// character typed there, and a passphrase with a space at its end went out at the next
    /// Return, the space's dot looking like any other.
    @Test func spaceOnAFocusedButtonPressesIt() throws {
        let page = try dialog(.entry(.passphrase))
        _ = type(page, "pw")
        _ = page.handle(.focusNext, now: 0)
        _ = page.handle(.focusNext, now: 0)
        #expect(page.focusName == "ok")
        #expect(page.handle(.character(" "), now: 0).last == .finish(.submitted))
        #expect(page.fields[0].field.secret.withBytes { Array($0) } == Array("pw".utf8))
        let cancel = try dialog(.entry(.passphrase))
        _ = cancel.handle(.focusNext, now: 0)
        #expect(cancel.handle(.character(" "), now: 0).last == .finish(.cancelled(.button)))
        // The control: in the entry, Space is a character.
        let typed = try dialog(.entry(.passphrase))
        #expect(reports(type(typed, "a b")).last == .change(field: "entry", length: 3))
    }

    @Test func typingWhileAButtonHasTheFocusGoesToTheEntry() throws {
        let page = try dialog(.entry(.passphrase))
        _ = page.handle(.focusNext, now: 0)
        #expect(page.handle(.character("x"), now: 0) == [.report(.focus("entry")), .report(.change(field: "entry", length: 1))])
    }

    @Test func mnemonicsPressTheirButtons() throws {
        let page = try dialog(.entry(.passphrase)) { $0.cancelLabel = "_Abbrechen" }
        #expect(page.content.buttons[0].text == "Abbrechen" && page.content.buttons[0].mnemonicIndex == 0)
        #expect(page.handle(.mnemonic("A"), now: 0).last == .finish(.cancelled(.button)))
        let other = try dialog(.entry(.passphrase))
        #expect(other.handle(.mnemonic("o"), now: 0).last == .finish(.submitted))
        #expect(PageButton(.ok, label: "Save__as _file").text == "Save_as file")
        #expect(PageButton(.ok, label: "Save__as _file").mnemonic == "f")
        // A capital in any script is answered by its lower-case key: Отмена by о, Ακύρωση by α.
        let russian = try dialog(.entry(.passphrase)) { $0.cancelLabel = "_Отмена" }
        #expect(russian.handle(.mnemonic("о"), now: 0).last == .finish(.cancelled(.button)))
        #expect(PageButton(.cancel, label: "_Ακύρωση").mnemonic == "α")
        // Its key in another layout answers too: the key of О under the US layout is J.
        let us = try dialog(.entry(.passphrase)) { $0.cancelLabel = "_Отмена" }
        #expect(us.handle(.mnemonic("j", otherLayouts: ["о"]), now: 0).last == .finish(.cancelled(.button)))
    }

    /// Buttons replaced while the pointer is held (the reveal question answered by a key) are
    /// not the one that went down: letting go presses nothing. The control: let go before.
    @Test func aButtonReplacedWhileHeldIsNotPressed() throws {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.reveal = RevealButton(question: "Really?")
        let page = try spec.makePage(measure: { text, style, _ in
            Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: (style.size * 1.3).rounded(.up))
        })
        func ask() throws -> Point {
            let show = try #require(page.content.buttons.firstIndex { $0.role == .reveal })
            let at = page.geometry.buttons[show].mid
            _ = page.handle(.click(at), now: 0)
            _ = page.handle(.release(at), now: 0)
            #expect(page.isAskingReveal)
            let no = try #require(page.content.buttons.firstIndex { $0.role == .revealNo })
            return page.geometry.buttons[no].mid
        }
        let no = try ask()
        _ = page.handle(.click(no), now: 1)
        _ = page.handle(.character("a"), now: 1.1)  // answers No, then types
        #expect(!page.isAskingReveal && page.scene(at: 1.2).pressedButton == nil, "not drawn held")
        let released = page.handle(.release(no), now: 1.2)
        #expect(!released.contains { if case .report(.button) = $0 { true } else { false } }, "\(released)")
        #expect(!page.revealed)
        // Control: held and let go on No while it is asked, it answers.
        let again = try ask()
        _ = page.handle(.click(again), now: 2)
        #expect(page.handle(.release(again), now: 2.1).contains(.report(.button(.revealNo))))
    }

    @Test func aButtonIsPressedWhenTheClickIsLetGoOnIt() throws {
        let page = try dialog(.confirm(notOK: true))
        let buttons = page.geometry.buttons
        #expect(buttons.count == 3)
        let off = Point(x: 1, y: 1)
        // Down on it: focused and drawn held, nothing answered yet.
        #expect(page.handle(.click(buttons[0].mid), now: 0) == [.report(.focus("not-ok"))])
        #expect(page.scene(at: 0).pressedButton == 0 && page.outcome == nil)
        // Dragged off and let go there: nothing, as GTK's and Xaw's buttons do.
        _ = page.handle(.drag(off), now: 0.1)
        #expect(page.scene(at: 0.1).pressedButton == nil, "no longer held")
        _ = page.handle(.drag(buttons[0].mid), now: 0.2)
        #expect(page.scene(at: 0.2).pressedButton == 0, "back on it: held again")
        _ = page.handle(.drag(off), now: 0.3)
        #expect(page.handle(.release(off), now: 0.4) == [] && page.outcome == nil)
        // Down on one and let go on another presses neither.
        _ = page.handle(.click(buttons[0].mid), now: 1)
        #expect(page.handle(.release(buttons[2].mid), now: 1.1) == [] && page.outcome == nil)
        // Down and up on it: pressed.
        _ = page.handle(.click(buttons[0].mid), now: 2)
        #expect(page.handle(.release(buttons[0].mid), now: 2.1).last == .finish(.notConfirmed))
        #expect(page.outcome?.exitStatus(for: .prompt) == .cancelled)
    }

    @Test func aQuestionStartsOnCancelSoReturnCancelsAndTheMnemonicOrTabConfirms() throws {
        let page = try dialog(.confirm(notOK: false))
        #expect(page.focusName == "cancel")
        #expect(page.handle(.submit, now: 0) == [.report(.button(.cancel)), .report(.cancel(field: "cancel", by: .button)),
                                                 .finish(.cancelled(.button))])
        let mnemonic = try dialog(.confirm(notOK: false))
        #expect(mnemonic.handle(.mnemonic("o"), now: 0).last == .finish(.confirmed))
        let tab = try dialog(.confirm(notOK: false))
        #expect(tab.handle(.focusNext, now: 0) == [.report(.focus("ok"))])
        #expect(tab.handle(.submit, now: 0) == [.report(.button(.ok)), .finish(.confirmed)])
        let three = try dialog(.confirm(notOK: true))
        #expect(three.focusName == "cancel", "three answers start on Cancel too")
        let no = try dialog(.confirm(notOK: false))
        #expect(no.handle(.escape, now: 0).last == .finish(.cancelled(.escape)))
        let message = try dialog(.message)
        #expect(message.focusName == "ok", "a message's one button is its default")
    }

    @Test func anArmedQuestionIgnoresButtonKeysForHalfASecondAfterItShows() throws {
        let page = try dialog(.confirm(notOK: false)) { $0.armAskpassQuestion() }
        #expect(page.focusName == "ok", "the askpass keeps Yes as its default")
        #expect(page.handle(.submit, now: 0) == [], "not shown yet: nothing")
        page.shown(at: 10)
        #expect(page.handle(.submit, now: 10.2) == [])
        #expect(page.handle(.mnemonic("y"), now: 10.3) == [])
        #expect(page.handle(.click(page.geometry.buttons[1].mid), now: 10.4) == [])
        #expect(page.handle(.release(page.geometry.buttons[1].mid), now: 10.6) == [], "its release is no press")
        #expect(page.handle(.pressButton(1), now: 10.49) == [])
        #expect(page.outcome == nil)
        // Escape is the safe answer: never held back.
        let escape = try dialog(.confirm(notOK: false)) { $0.armAskpassQuestion() }
        escape.shown(at: 0)
        #expect(escape.handle(.escape, now: 0.1).last == .finish(.cancelled(.escape)))
        // Positive control: at 0.5 s Return answers the focused Yes.
        #expect(page.handle(.submit, now: 10.5) == [.report(.button(.ok)), .finish(.confirmed)])
        #expect(DialogSpec.askpassArmingDelay == 0.5)
    }

    @Test func aDestructiveAffirmativeIsMarkedFromTheRequestsShapeAlone() throws {
        // gpg-agent's "Delete key" / "No": both labels sent, no third answer.
        #expect(AgentRequest(command: .confirm, okLabelSent: true, cancelLabelSent: true).affirmativeIsDestructive)
        #expect(!AgentRequest(command: .confirm, okLabelSent: true, cancelLabelSent: true,
                              notOKLabelSent: true).affirmativeIsDestructive, "trustlist's Yes / No / Cancel")
        #expect(!AgentRequest(command: .confirm).affirmativeIsDestructive, "GET_CONFIRMATION's OK / Cancel")
        #expect(!AgentRequest(command: .confirm, okLabelSent: true).affirmativeIsDestructive)
        #expect(!AgentRequest(command: .message, okLabelSent: true, cancelLabelSent: true).affirmativeIsDestructive)
        let page = try dialog(.confirm(notOK: false)) { $0.destructive = true }
        #expect(page.content.destructive && page.focusName == "cancel")
    }

    @Test func aNoticeTakesNoAnswerButCanBeDismissed() throws {
        let page = try dialog(.notice) { $0.waitCue = true }
        #expect(page.handle(.submit, now: 0) == [])
        #expect(page.handle(.character("a"), now: 0) == [])
        #expect(page.nextDeadline(after: 0) == Page.cueFrameInterval, "the cue breathes")
        // Focused, it has nothing to ring: a ring asked of its geometry had no button to go around.
        _ = page.handle(.windowFocus(true), now: 0)
        #expect(page.scene(at: 0).focusRing == nil)
        #expect(page.handle(.close, now: 0).last == .finish(.closed))
        #expect(page.outcome?.exitStatus(for: .prompt) == .cancelled)
    }

    @Test func aRepeatMustMatchOrItAsksAgain() throws {
        let page = try dialog(.entry(.passphrase)) {
            $0.repeatPrompt = "Repeat"
            $0.repeatError = "Passphrases do not match"
        }
        _ = type(page, "abc")
        #expect(page.handle(.submit, now: 0) == [.report(.focus("repeat"))], "Return goes on to the repeat")
        _ = type(page, "abd")
        let mismatch = page.handle(.submit, now: 1)
        #expect(!mismatch.contains(.deliver(field: 0)))
        #expect(page.content.error == "Passphrases do not match")
        #expect(page.fields.allSatisfy { $0.field.isEmpty } && page.focusName == "entry")
        _ = type(page, "abc")
        _ = page.handle(.focusNext, now: 2)
        _ = type(page, "abc")
        #expect(page.handle(.submit, now: 2).suffix(2) == [.deliver(field: 0), .finish(.submitted)])
    }

    @Test func closingAPromptRefusesIt() throws {
        let page = try dialog(.entry(.passphrase))
        #expect(page.handle(.close, now: 0) == [.report(.cancel(field: "entry", by: .close)), .finish(.closed)])
        #expect(page.outcome?.exitStatus(for: .prompt) == .cancelled)
    }

    @Test func everyOutcomeHasItsExitStatus() {
        let cases: [(PageOutcome, PinBoxCore.ExitStatus, PinBoxCore.ExitStatus)] = [
            (.submitted, .ok, .ok), (.confirmed, .ok, .ok), (.notConfirmed, .cancelled, .cancelled),
            (.cancelled(.escape), .cancelled, .cancelled), (.closed, .ok, .cancelled), (.timedOut, .cancelled, .cancelled),
        ]
        for (outcome, workbench, prompt) in cases {
            #expect(outcome.exitStatus(for: .workbench) == workbench)
            #expect(outcome.exitStatus(for: .prompt) == prompt)
        }
    }

    @Test func theDialogLaysOutItsTextAboveTheEntryAndButtonsBelow() throws {
        let page = try dialog(.entry(.passphrase)) {
            $0.title = "Passphrase required"
            $0.description = String(repeating: "word ", count: 60)
            $0.prompt = "Passphrase"
        }
        guard case .dialog(let l) = page.geometry else { Issue.record("not a dialog"); return }
        #expect(l.description.maxY <= l.labels[0].y)
        #expect(l.labels[0].maxY <= l.fields[0].y && l.fields[0].maxY <= l.error.y && l.error.maxY <= l.buttons[0].y)
        #expect(l.buttons[1].maxX == l.description.maxX, "OK at the right edge")
        #expect(l.buttons[0].maxX < l.buttons[1].x, "Cancel left of OK")
        #expect(l.description.height > 13.5 * 1.3 * 3, "a long description wraps to several lines")
    }

    @Test("a dialog at scale 2 is twice the one at scale 1", arguments: [DialogSpec.Kind.entry(.passphrase),
                                                                          .entry(.openPIN(shown: 6)), .confirm(notOK: false)])
    func scaleTwoDoublesTheDialog(_ kind: DialogSpec.Kind) throws {
        let one = try dialog(kind) { $0.description = "Enter passphrase for key" }
        let two = try dialog(kind) { $0.description = "Enter passphrase for key"; $0.scale = 2 }
        #expect(abs(two.preferredSize.width - 2 * one.preferredSize.width) <= 2)
        #expect(abs(two.preferredSize.height - 2 * one.preferredSize.height) <= 4)
    }
}
