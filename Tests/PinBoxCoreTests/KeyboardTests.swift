// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Every character half an em wide, as in PageTests.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

private func dialog(_ kind: DialogSpec.Kind = .entry(.passphrase), _ edit: (inout DialogSpec) -> Void = { _ in })
    throws -> Page {
    var spec = DialogSpec(kind: kind)
    edit(&spec)
    let page = try spec.makePage(measure: measure)
    _ = page.handle(.windowFocus(true), now: 0)
    return page
}

private func secret(_ page: Page, _ field: Int = 0) -> [UInt8] {
    page.fields[field].field.secret.withBytes { Array($0) }
}

private func reports(_ effects: [PageEffect]) -> [PageEvent] {
    effects.compactMap { if case .report(let e) = $0 { e } else { nil } }
}

@Suite("Keys: dead keys and Compose, the keyboard's line, forged and repeated presses")
struct KeyboardTests {
    // MARK: dead keys and Compose sequences

    @Test func aSequenceShowsAsComposingUntilItsCharacterLands() throws {
        let page = try dialog()
        _ = page.handle(.character("a"), now: 1)
        #expect(page.handle(.composeStarted, now: 2) == [])
        #expect(page.composing == 0)
        let cells = page.scene(at: 2).fields[0].cells
        #expect(cells[1].composing && cells[1].state == .highlight, "the next cell shows it")
        #expect(cells.filter(\.composing).count == 1)
        #expect(!cells[1].holdsCharacter, "and nothing of the keys")
        _ = page.handle(.character("é"), now: 3)
        #expect(page.composing == nil)
        #expect(secret(page) == Array("aé".utf8), "the bytes the keyboard made, unnormalised")
        #expect(page.scene(at: 3).fields[0].cells.allSatisfy { !$0.composing })
    }

    @Test func aSequenceWithNoCharacterIsRefusedVisibly() throws {
        let page = try dialog()
        _ = page.handle(.composeStarted, now: 1)
        #expect(reports(page.handle(.composeCancelled, now: 2)) == [.rejected(field: "entry", reason: .noSuchSequence)])
        #expect(page.composing == nil)
        #expect(page.feedback?.text == "Those keys make no character")
        #expect(secret(page).isEmpty)
    }

    @Test("Escape, BackSpace (with Ctrl too) and Return take back a half-typed sequence and do nothing more",
          arguments: [InputEvent.escape, .deleteBackward, .deleteWordBackward, .submit])
    func takingBackASequence(_ key: InputEvent) throws {
        let page = try dialog()
        _ = page.handle(.character("x"), now: 1)
        _ = page.handle(.composeStarted, now: 2)
        #expect(page.handle(key, now: 3) == [])
        #expect(page.composing == nil)
        #expect(page.outcome == nil, "the dialog stays")
        #expect(secret(page) == Array("x".utf8), "the entry keeps what it had")
        // Control: with no sequence half-typed, the same key acts.
        #expect(page.handle(key, now: 4) != [])
    }

    @Test func losingTheFocusOrMovingItEndsASequence() throws {
        let page = try dialog()
        _ = page.handle(.composeStarted, now: 1)
        _ = page.handle(.windowFocus(false), now: 2)
        #expect(page.composing == nil)
        _ = page.handle(.windowFocus(true), now: 3)
        _ = page.handle(.composeStarted, now: 4)
        _ = page.handle(.focusNext, now: 5)
        #expect(page.composing == nil)
        #expect(page.focusName == "cancel", "Tab still moves on")
        _ = page.handle(.composeStarted, now: 6)
        #expect(page.focusName == "entry" && page.composing == 0, "a sequence takes the entry back, as typing does")
        _ = page.handle(.hidden, now: 7)
        #expect(page.composing == nil)
    }

    @Test func timePastesAndTheKeyboardLeaveASequenceAlone() throws {
        let page = try dialog()
        _ = page.handle(.composeStarted, now: 1)
        _ = page.advance(to: 2)
        _ = page.handle(.keyboard(KeyboardState(capsLock: true)), now: 3)
        _ = page.handle(.resize(Size(width: 500, height: 300)), now: 4)
        #expect(page.composing == 0)
    }

    @Test func aSequenceInADigitFieldEndsInTheFieldsOwnRefusal() throws {
        let page = try dialog(.entry(.fixedPIN(length: 4))) { $0.accepts = .digits }
        _ = page.handle(.composeStarted, now: 1)
        #expect(reports(page.handle(.character("é"), now: 2)) == [.rejected(field: "entry", reason: .notADigit)])
        #expect(page.composing == nil)
        // Positive control: digits are taken.
        _ = page.handle(.character("7"), now: 3)
        #expect(secret(page) == Array("7".utf8))
    }

    /// AZERTY's number row types & é " ' without Shift, its digits with it: an entry of digits
    /// only takes the digit the key is marked with, a passphrase what the key typed, and a key
    /// typed from a button goes where a character would.
    @Test func aNumberRowKeyTypesItsDigitWhereOnlyDigitsAreTaken() throws {
        let pin = try dialog(.entry(.fixedPIN(length: 4))) { $0.accepts = .digits }
        for (typed, digit) in [("&", "1"), ("é", "2"), ("\"", "3"), ("ř", "5")] as [(Unicode.Scalar, Unicode.Scalar)] {
            #expect(reports(pin.handle(.characterOnDigitKey(typed, digit: digit), now: 1)).allSatisfy {
                if case .rejected = $0 { false } else { true }
            })
        }
        #expect(secret(pin) == Array("1235".utf8))
        let passphrase = try dialog()
        _ = passphrase.handle(.characterOnDigitKey("&", digit: "1"), now: 1)
        _ = passphrase.handle(.characterOnDigitKey("é", digit: "2"), now: 2)
        #expect(secret(passphrase) == Array("&é".utf8))
        let fromButton = try dialog(.entry(.fixedPIN(length: 4))) { $0.accepts = .digits }
        _ = fromButton.handle(.focusNext, now: 1)
        #expect(fromButton.focusedField == nil, "a button has the focus")
        _ = fromButton.handle(.characterOnDigitKey("&", digit: "1"), now: 2)
        #expect(secret(fromButton) == Array("1".utf8))
    }

    /// A card's PIN takes any character, and is nearly always digits: when a key of the number
    /// row typed its other character into it (AZERTY's & for 1), the keyboard's line says that
    /// digits need Shift, until the entry is empty again. A passphrase, which may well hold an
    /// &, says nothing.
    @Test func aPINTypedOffTheDigitsSaysDigitsNeedShift() throws {
        let pin = try dialog(.entry(.openPIN(shown: 6)))
        #expect(pin.content.keyboard == nil)
        _ = pin.handle(.characterOnDigitKey("&", digit: "1"), now: 1)
        #expect(secret(pin) == Array("&".utf8), "what the key typed")
        #expect(pin.content.keyboard?.warning == "Digits need Shift on this layout")
        _ = pin.handle(.keyboard(KeyboardState(capsLock: true)), now: 2)
        #expect(pin.content.keyboard?.warning == "Caps Lock is on · Digits need Shift on this layout")
        _ = pin.handle(.keyboard(KeyboardState()), now: 3)
        _ = pin.handle(.character("2"), now: 4)
        _ = pin.handle(.deleteBackward, now: 5)
        #expect(pin.content.keyboard?.warning != nil, "still says so while the entry holds the &")
        _ = pin.handle(.deleteBackward, now: 6)
        #expect(pin.content.keyboard == nil, "an empty entry says nothing")
        let passphrase = try dialog()
        _ = passphrase.handle(.characterOnDigitKey("&", digit: "1"), now: 1)
        #expect(secret(passphrase) == Array("&".utf8) && passphrase.content.keyboard == nil)
        // Shift and the US layout's 1 typed the ! it meant: nothing to say there.
        let us = try dialog(.entry(.openPIN(shown: 6)))
        _ = us.handle(.characterOnDigitKey("!", digit: "1", digitNeedsShift: false), now: 1)
        #expect(secret(us) == Array("!".utf8) && us.content.keyboard == nil)
    }

    @Test func charactersBeyondTheBasicPlaneAreKeptWhole() throws {
        let page = try dialog()
        _ = page.handle(.character("😀"), now: 1)
        _ = page.handle(.character("ф"), now: 2)
        #expect(secret(page) == Array("😀ф".utf8))
        #expect(page.fields[0].field.length == 2)
        _ = page.handle(.deleteBackward, now: 3)
        #expect(secret(page) == Array("😀".utf8))
    }

    // MARK: the keyboard's line

    @Test func capsLockShowsItsWarningUnderTheEntryAndHidesItAgain() throws {
        let page = try dialog()
        guard case .dialog(let plain) = page.geometry else { Issue.record("not a dialog"); return }
        #expect(plain.keyboard == nil, "no room taken while there is nothing to say")
        _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["us"])), now: 1)
        #expect(page.content.keyboard == KeyboardNote(warning: "Caps Lock is on"))
        guard case .dialog(let warned) = page.geometry, let line = warned.keyboard else {
            Issue.record("no line"); return
        }
        #expect(line.y >= warned.fields[0].maxY && line.maxY <= warned.error.y, "under the entry")
        #expect(page.preferredSize.height > plain.content.height, "the dialog makes room for it")
        #expect(page.scene(at: 1).content.keyboard?.warning == "Caps Lock is on")
        _ = page.handle(.keyboard(KeyboardState(capsLock: false, layouts: ["us"])), now: 2)
        #expect(page.content.keyboard == nil)
        #expect(page.preferredSize == plain.content)
    }

    @Test func theAgentsOwnWordsForCapsLock() throws {
        let page = try dialog { $0.capsLockWarning = "Feststelltaste ist aktiv" }
        _ = page.handle(.keyboard(KeyboardState(capsLock: true)), now: 1)
        #expect(page.content.keyboard?.warning == "Feststelltaste ist aktiv")
    }

    @Test func aLongWarningWrapsBesideTheLayoutsNameAndTheLineGrows() throws {
        let page = try dialog { $0.capsLockWarning = String(repeating: "Feststelltaste ", count: 8) }
        _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["us", "de"], group: 1)), now: 1)
        guard case .dialog(let layout) = page.geometry, let line = layout.keyboard else {
            Issue.record("no line"); return
        }
        // 120 characters half an em wide wrap into more than one line of 17 px.
        #expect(line.height > 17)
        #expect(layout.keyboardWarningWidth < line.width, "the name keeps its room at the end")
        #expect(line.maxY <= layout.error.y)
    }

    @Test func theLayoutIsNamedOnlyWhenThereAreSeveralAndFollowsTheGroup() throws {
        let page = try dialog()
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us"])), now: 1)
        #expect(page.content.keyboard == nil)
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"], group: 0)), now: 2)
        #expect(page.content.keyboard == KeyboardNote(layout: "us"))
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"], group: 1)), now: 3)
        #expect(page.content.keyboard == KeyboardNote(layout: "ru"))
        _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["us", "ru"], group: 1)), now: 4)
        #expect(page.content.keyboard == KeyboardNote(warning: "Caps Lock is on", layout: "ru"))
        #expect(KeyboardState(layouts: ["us", "ru"], group: 5).activeLayout == nil, "a group past the names")
    }

    @Test func onlyADialogThatAsksForASecretHasTheLine() throws {
        let confirm = try dialog(.confirm(notOK: false))
        _ = confirm.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["us", "ru"])), now: 1)
        #expect(confirm.content.keyboard == nil)
        let configuration = try FieldConfiguration(theme: .strip, count: 6)
        let demo = Page(workbench: [PageField(name: "strip", label: "", configuration: configuration)],
                        content: PageContent(), rules: PageRules(), scale: 1, measure: measure)
        _ = demo.handle(.keyboard(KeyboardState(capsLock: true)), now: 1)
        #expect(demo.content.keyboard == nil)
    }

    @Test func theKeyboardsStateIsNotActivity() throws {
        let page = try dialog { $0.timeout = 1 }
        _ = page.handle(.keyboard(KeyboardState(capsLock: true)), now: 0.9)
        #expect(page.advance(to: 1.0).last == .finish(.timedOut))
        #expect(InputEvent.composeStarted.isUserInput && !InputEvent.keyboard(KeyboardState()).isUserInput)
    }

    // MARK: forged and repeated presses

    @Test func forgedPressesAreRefusedWhileAFieldShowsDots() {
        #expect(!InputPolicy.admits(PressFacts(synthetic: true), secretShown: true))
        #expect(InputPolicy.admits(PressFacts(synthetic: true), secretShown: false), "shown in clear, they may come")
        #expect(InputPolicy.admits(PressFacts(), secretShown: true), "the keyboard's own")
    }

    @Test func aHeldKeyTypesOnceButAnErasingKeyRepeats() {
        #expect(!InputPolicy.admits(PressFacts(isRepeat: true), secretShown: true))
        #expect(InputPolicy.admits(PressFacts(isRepeat: true, erases: true), secretShown: true))
        #expect(InputPolicy.admits(PressFacts(erases: true), secretShown: true))
        #expect(!InputPolicy.admits(PressFacts(synthetic: true, isRepeat: true, erases: true), secretShown: true))
    }

    @Test func aPageAsksThePolicyWithItsOwnFields() throws {
        let secure = try dialog()
        #expect(!secure.admits(PressFacts(synthetic: true)))
        let configuration = try FieldConfiguration(theme: .strip, count: 6)
        var plainTheme = configuration
        plainTheme.theme.secure = false
        let plain = Page(workbench: [PageField(name: "plain", label: "", configuration: plainTheme)],
                         content: PageContent(), rules: PageRules(), scale: 1, measure: measure)
        #expect(plain.admits(PressFacts(synthetic: true)))
        #expect(!plain.admits(PressFacts(isRepeat: true)))
    }

    /// A forged key or click, refused, is said on the error line (and so to a screen reader),
    /// and types nothing; no person pressed it, so it keeps no prompt from timing out. The
    /// control: a key the keyboard typed goes in, and the line goes.
    @Test(arguments: [(InputEvent.forgedKey, RejectReason.sentByAnotherProgram, "Keys sent by another program are refused"),
                      (.forgedClick, .clickSentByAnotherProgram, "Clicks from another program are refused")])
    func aForgedPressRefusedIsSaid(_ forged: InputEvent, _ reason: RejectReason, _ words: String) throws {
        let page = try dialog()
        #expect(reports(page.handle(forged, now: 1)) == [.rejected(field: "entry", reason: reason)])
        #expect(page.feedback?.text == words)
        #expect(secret(page).isEmpty)
        #expect(!forged.isUserInput)
        _ = page.handle(.character("a"), now: 2)
        #expect(secret(page) == Array("a".utf8))
        #expect(page.feedback == nil)
    }

    /// In a question with no entry (ssh-agent's confirmation, gpg-agent's), a forged key or
    /// click is said on the dialog's message line, which grows the dialog for its moment:
    /// refused silently, a forged Yes went unseen. The control: the user's own answer still
    /// answers, and the line goes when its moment ends.
    @Test(arguments: [(InputEvent.forgedKey, "Keys sent by another program are refused"),
                      (.forgedClick, "Clicks from another program are refused")])
    func aForgedPressInAQuestionIsSaidOnItsMessageLine(_ forged: InputEvent, _ words: String) throws {
        let page = try dialog(.confirm(notOK: false))
        let height = page.preferredSize.height
        #expect(page.handle(forged, now: 1) == [.bell])
        #expect(page.messageLine == words && page.outcome == nil)
        #expect(page.preferredSize.height > height, "the line takes room")
        _ = page.advance(to: 1 + Page.feedbackDuration)
        #expect(page.messageLine.isEmpty && page.preferredSize.height == height)
        #expect(page.handle(.mnemonic("o"), now: 5).last == .finish(.confirmed))
    }
}

/// A character typed by its code (Ctrl+Shift+U) in a page.
@Suite("Keys: a character typed by its code")
struct CharacterCodePageTests {
    /// Into a passphrase, only the cue that a character is on its way, as for a dead key: the
    /// same whatever the digits.
    @Test func aSecretsCodeShowsOnlyTheCue() throws {
        let page = try dialog()
        page.feed([.character("a"), .characterCode(CharacterCode())])
        #expect(page.composing == 0)
        let started = page.scene(at: 2).fields[0]
        #expect(started.cells[1].composing && started.preedit == nil)
        page.feed([.characterCode(CharacterCode().adding(4)!)])
        #expect(page.scene(at: 2).fields[0] == started, "nothing of the digits")
        page.feed([.character("с")])
        #expect(page.composing == nil)
        #expect(secret(page) == Array("aс".utf8))
    }

    /// Into a name, the code shows as GTK shows it, with the caret at its end; the character
    /// typed, it goes.
    @Test func aNamesCodeShowsItsDigits() throws {
        let page = try Page.focusedPrompt(.username)
        page.feed([.characterCode(CharacterCode().adding(4)!.adding(4)!)])
        let field = page.scene(at: 2).fields[0]
        #expect(field.preedit == Preedit(text: "u44", caret: 3))
        #expect(!field.cells.contains { $0.composing }, "no cue beside the digits")
        #expect(field.caret, "the caret at their end")
        page.feed([.character("с")])
        #expect(page.scene(at: 2).fields[0].preedit == nil)
        #expect(page.typedText == "с")
    }

    /// Escape and BackSpace end the sequence the translator drops and do nothing more; a code
    /// naming no character is refused as a sequence with none is.
    @Test func droppingOrRefusingACodeKeepsTheDialog() throws {
        for key in [InputEvent.escape, .deleteBackward] {
            let page = try dialog()
            page.feed([.character("x"), .characterCode(CharacterCode()), key])
            #expect(page.outcome == nil && page.composing == nil)
            #expect(secret(page) == Array("x".utf8))
        }
        let page = try dialog()
        page.feed([.characterCode(CharacterCode())])
        #expect(reports(page.handle(.composeCancelled, now: 2)) == [.rejected(field: "entry", reason: .noSuchSequence)])
        // A dead key after it shows the cue, not the old code.
        page.feed([.characterCode(CharacterCode().adding(4)!), .composeStarted])
        #expect(page.composingCode == nil)
    }
}

/// The keyboard's layout switched from the prompt, which holds the keyboard the desktop's
/// shortcut would need (Super+Space), or by a click on the layout's name.
@Suite("Keys: the layout switched from the prompt")
struct LayoutSwitchPageTests {
    private func layoutEffects(_ effects: [PageEffect]) -> [Int] {
        effects.compactMap { if case .lockLayout(let group) = $0 { group } else { nil } }
    }

    @Test func theNextLayoutRoundToTheFirstAndTheOneBefore() throws {
        let page = try dialog()
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru", "de"], group: 2)), now: 1)
        #expect(layoutEffects(page.handle(.switchLayout(forward: true), now: 2)) == [0])
        #expect(layoutEffects(page.handle(.switchLayout(forward: false), now: 3)) == [1])
        // The page waits for the server's word: the active layout is the one it reports.
        #expect(page.keyboard.group == 2)
        #expect(page.outcome == nil && secret(page).isEmpty, "nothing typed, nothing answered")
    }

    /// With one layout, or none named (a server that hides XKB), there is nothing to switch
    /// and nothing is said.
    @Test(arguments: [[String](), ["us"]])
    func withOneLayoutNothingSwitches(_ layouts: [String]) throws {
        let page = try dialog()
        _ = page.handle(.keyboard(KeyboardState(layouts: layouts)), now: 1)
        #expect(page.handle(.switchLayout(forward: true), now: 2) == [])
    }

    /// The layout's name at the end of the keyboard's line is a link: a click on it switches to
    /// the next layout; a click beside it, on the line, does nothing.
    @Test func aClickOnTheLayoutsNameSwitchesToTheNext() throws {
        let page = try dialog()
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"])), now: 1)
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        let name = try #require(layout.keyboardLayoutName)
        let row = try #require(layout.keyboard)
        #expect(abs(name.maxX - row.maxX) <= 0.5 && name.y == row.y, "at the line's end")
        #expect(page.pointerAreas.contains(PointerArea(name, .link)))
        #expect(layoutEffects(page.handle(.click(Point(x: name.mid.x, y: name.mid.y)), now: 2)) == [1])
        _ = page.handle(.release(Point(x: name.mid.x, y: name.mid.y)), now: 2)
        #expect(layoutEffects(page.handle(.click(Point(x: row.x + 2, y: name.mid.y)), now: 3)) == [])
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us"])), now: 4)
        guard case .dialog(let single) = page.geometry else { Issue.record("not a dialog"); return }
        #expect(single.keyboardLayoutName == nil && !page.pointerAreas.contains { $0.shape == .link })
    }

    /// Where the compositor keeps the layout (a Wayland session), the prompt switches nothing:
    /// Super+Space asks nothing of the server, and the name is shown but is no link.
    @Test func whereTheCompositorKeepsTheLayoutNothingSwitches() throws {
        let page = try dialog()
        _ = page.handle(.keyboard(KeyboardState(layouts: ["us", "ru"], switchable: false)), now: 1)
        #expect(page.handle(.switchLayout(forward: true), now: 2) == [])
        let dialog: DialogLayout? = if case .dialog(let layout) = page.geometry { layout } else { nil }
        let name = try #require(dialog?.keyboardLayoutName)
        #expect(!page.pointerAreas.contains { $0.shape == .link })
        #expect(layoutEffects(page.handle(.click(Point(x: name.mid.x, y: name.mid.y)), now: 3)) == [])
    }

    /// A layout's name takes its own width at the line's end, up to two thirds of the line: a
    /// keymap's long name (Xwayland's, where no rules name the layouts) is ellipsized there
    /// rather than running over the line or the Caps Lock warning.
    @Test func aLongLayoutNameTakesTwoThirdsOfTheLineAtMost() throws {
        let page = try dialog()
        func place(of layouts: [String]) throws -> (name: Rect, row: Rect) {
            _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: layouts)), now: 1)
            let dialog: DialogLayout? = if case .dialog(let layout) = page.geometry { layout } else { nil }
            return (try #require(dialog?.keyboardLayoutName), try #require(dialog?.keyboard))
        }
        let short = try place(of: ["English (US)", "Russian"])
        let shorter = try place(of: ["English", "Russian"])
        #expect(shorter.name.width < short.name.width && short.name.width < (short.row.width * 2 / 3).rounded(.down),
                "\(short), \(shorter)")
        let long = try place(of: [String(repeating: "English (US, intl., with dead keys) ", count: 3), "Russian"])
        #expect(long.name.width == (long.row.width * 2 / 3).rounded(.down), "\(long)")
        #expect(abs(long.name.maxX - long.row.maxX) <= 0.5, "at the line's end")
    }
}

extension CharacterCodePageTests {
    /// A code's digits stay in the page only while its sequence is under way.
    @Test func noDigitStaysOnceTheSequenceEnds() throws {
        let page = try dialog()
        page.feed([.characterCode(CharacterCode().adding(4)!)])
        #expect(page.composingCode != nil)
        page.feed([.focusNext])
        #expect(page.composing == nil && page.composingCode == nil)
    }
}
