// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

private func page(_ kind: PromptKind, _ edit: (inout DialogSpec) -> Void = { _ in }) throws -> Page {
    var spec = DialogSpec(prompt: kind)
    edit(&spec)
    return try spec.makePage(measure: measure)
}

/// ssh's host-key question, shown at 0: its Yes and No are armed from 0.5.
private func hostKeyPage(_ question: HostKeyQuestion) throws -> Page {
    let page = try page(.hostKey(question))
    page.shown(at: 0)
    return page
}

private func type(_ page: Page, _ text: String, at now: Double = 0) -> [PageEffect] {
    text.unicodeScalars.flatMap { page.handle(.character($0), now: now) }
}

private func click(_ page: Page, _ role: PageButton.Role, at now: Double = 1) -> [PageEffect] {
    guard case .dialog(let layout) = page.geometry,
          let i = page.content.buttons.firstIndex(where: { $0.role == role }) else { return [] }
    let point = layout.buttons[i].mid
    return page.handle(.click(point), now: now) + page.handle(.release(point), now: now)
}

/// The dialogs the prompt kinds become: what each shows, what its buttons answer.
@Suite("Prompt pages: the dialog of each kind")
struct PromptPageTests {
    static let question = HostKeyQuestion(
        text: "The authenticity of host 'h' can't be established.\nAre you sure you want to continue connecting?",
        keyType: "ED25519", fingerprint: "SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE", acceptsFingerprint: true)

    /// The pointer is a text cursor over the entry and over nothing else, as over a GTK entry:
    /// not over a button, nowhere on a confirmation (which has no entry), not once the prompt
    /// is answered. ssh's host-key question takes a typed fingerprint: its entry has one.
    @Test func thePointerIsATextCursorOverTheEntryOnly() throws {
        func texts(_ page: Page) -> [Rect] { page.pointerAreas.filter { $0.shape == .text }.map(\.rect) }
        let password = try page(.password)
        #expect(password.pointerAreas.count == 1 && texts(password) == password.geometry.fields)
        #expect(!password.geometry.buttons.contains { $0.intersects(password.pointerAreas[0].rect) })
        let username = try page(.username)
        #expect(username.pointerAreas.count == 1 && texts(username) == username.geometry.fields)
        #expect(try page(.confirm).pointerAreas.isEmpty)
        let hostKey = try hostKeyPage(Self.question)
        #expect(hostKey.pointerAreas.count == 1 && texts(hostKey) == hostKey.geometry.fields)
        _ = type(password, "pw")
        _ = click(password, .ok)
        #expect(password.outcome != nil && password.pointerAreas.isEmpty)
    }

    /// Ctrl+BackSpace deletes the word before the caret in an entry that shows what is typed
    /// (git's username, a password once shown), and everything in one that shows dots, as GTK's
    /// and Qt's entries do: no word boundary of a hidden secret shows.
    @Test func controlBackSpaceDeletesAWordOnlyWhereWordsShow() throws {
        func text(_ p: Page) -> String { p.fields[0].field.secret.withBytes { String(decoding: $0, as: UTF8.self) } }
        let username = try page(.username)
        _ = type(username, "alice smith")
        _ = username.handle(.deleteWordBackward, now: 0)
        #expect(text(username) == "alice ")
        let password = try page(.password)
        _ = type(password, "correct horse")
        _ = password.handle(.deleteWordBackward, now: 0)
        #expect(password.fields[0].field.isEmpty)
        _ = type(password, "correct horse")
        _ = click(password, .reveal)
        #expect(password.fields[0].revealed)
        _ = password.handle(.deleteWordBackward, now: 2)
        #expect(text(password) == "correct ")
    }

    /// A digit's key of the keypad with Num Lock off is refused saying so, not "Digits only": the
    /// user meant a digit.
    @Test func aKeypadDigitWithNumLockOffIsRefusedSayingSo() throws {
        let pin = try page(.pin(.user))
        let effects = pin.handle(.keypadWithoutNumLock, now: 1)
        #expect(effects.contains(.report(.rejected(field: pin.fields[0].name, reason: .numLockOff))) && effects.contains(.bell))
        #expect(pin.feedback?.text == "Turn Num Lock on to type digits")
        #expect(pin.fields[0].field.isEmpty)
        #expect(pin.handle(.otherKey, now: 2).contains(.report(.rejected(field: pin.fields[0].name, reason: .notPrintable))),
                "the control: another key's refusal")
    }

    /// A refused key rings the desktop's error bell, as a GTK entry does; a key taken does not.
    @Test func aRefusalRingsTheBell() throws {
        let pin = try page(.pin(.user))
        #expect(!pin.handle(.character("7"), now: 1).contains(.bell))
        let refused = pin.handle(.otherKey, now: 2)
        #expect(refused.contains(.bell) && refused.contains { if case .report(.rejected) = $0 { true } else { false } })
        #expect(!pin.handle(.deleteBackward, now: 3).contains(.bell))
    }

    @Test func eachKindHasItsHeadingEntryAndButtons() throws {
        let password = try page(.password)
        #expect(password.content.title == "Password required")
        #expect(password.content.buttons.map(\.role) == [.reveal, .cancel, .ok])
        #expect(password.content.buttons.map(\.text) == ["Show", "Cancel", "OK"])
        #expect(password.fields.count == 1 && !password.fields[0].revealed)
        let username = try page(.username)
        #expect(username.content.title == "Username required")
        #expect(username.content.buttons.map(\.role) == [.cancel, .ok], "nothing to reveal")
        #expect(username.fields[0].revealed, "a name is shown as typed")
        let code = try page(.code)
        #expect(code.fields[0].revealed)
        // Names and codes are pasted from password managers and authenticator apps, as
        // passphrases are; `--paste off` refuses them all, and PIN boxes never take one.
        #expect(username.fields[0].field.pastePolicy == .text && code.fields[0].field.pastePolicy == .text)
        let pinBoxes = try page(.pin(.user))
        #expect(password.fields[0].field.pastePolicy == .text && pinBoxes.fields[0].field.pastePolicy == .deny)
        let strict = try page(.username) { $0.paste = false }
        #expect(strict.fields[0].field.pastePolicy == .deny)
        let host = try hostKeyPage(Self.question)
        #expect(host.fields[0].field.pastePolicy == .text, "ssh's fingerprint pasted")
        let pin = try page(.pin(.user))
        #expect(pin.entry == .openPIN(shown: 1) && !pin.fields[0].revealed, "one box: no count suggested")
        #expect(pin.content.buttons.map(\.role) == [.cancel, .ok])
        let confirm = try page(.confirm)
        #expect(confirm.content.title == "Confirm" && confirm.fields.isEmpty)
        #expect(confirm.content.buttons.map(\.text) == ["No", "Yes"])
        let message = try page(.information)
        #expect(message.content.title == "Information" && message.content.buttons.map(\.role) == [.ok])
        let notice = try page(.deviceWait)
        #expect(notice.content.buttons.isEmpty && notice.content.waitCue)
    }

    @Test func aPromptThatOnlyNamesTheEntryIsSaidOnceByItsLabel() throws {
        for bare in ["Password: ", "password:", "PASSWORD"] {
            let p = try page(.password) { $0.description = bare }
            #expect(p.content.description == "", "\(bare)")
            #expect(p.fields[0].label == "Password")
        }
        let pin = try page(.pin(.user)) { $0.description = "PIN：" }
        #expect(pin.content.description == "")
        // The control: a prompt that says whose password stays above the entry.
        let ssh = try page(.password) { $0.description = "alice@host's password" }
        #expect(ssh.content.description == "alice@host's password")
        // A question has no entry label to say it.
        let question = try page(.confirm) { $0.description = "Yes"; $0.prompt = "Yes" }
        #expect(question.content.description == "Yes")
    }

    /// A notice over the prompt (PAM's, through sudo or ssh) keeps its lines; the last one,
    /// which only names the entry, is said by the entry's label, not again above it.
    @Test func aNoticeEndingInThePromptKeepsItsLinesAndLeavesTheNameToTheLabel() throws {
        let notice = try page(.password) { $0.description = "Your password will expire in 3 days.\n\nPassword: " }
        #expect(notice.content.description == "Your password will expire in 3 days.")
        #expect(notice.fields[0].label == "Password")
        // The control: a last line that says more than the label stays.
        let whose = try page(.password) { $0.description = "Last login failed.\nPassword for alice@host: " }
        #expect(whose.content.description == "Last login failed.\nPassword for alice@host:")
    }

    /// An arrow or a media key tries no character: a prompt says nothing of it, where a key
    /// that should have typed is refused under the entry.
    @Test func aKeyThatNeverTypesIsNoRefusal() throws {
        let p = try page(.password)
        _ = p.handle(.windowFocus(true), now: 0)
        #expect(p.handle(.nonTypingKey, now: 1) == [])
        #expect(p.messageLine == "")
        #expect(p.handle(.otherKey, now: 2) == [.report(.rejected(field: "entry", reason: .notPrintable)), .bell])
        #expect(p.messageLine == "Letters, digits and symbols only")
    }

    @Test func aShownEntryDrawsItsCharactersAndAHiddenOneDots() throws {
        let shown = try page(.username)
        _ = type(shown, "alicé")
        let scene = shown.scene(at: 5).fields[0]
        #expect(scene.cells.prefix(6).map(\.holdsCharacter) == [true, true, true, true, true, false])
        #expect(scene.shown?.characters == ["a", "l", "i", "c", "é"])
        let hidden = try page(.password)
        _ = type(hidden, "alicé")
        #expect(hidden.scene(at: 5).fields[0].shown == nil)
        #expect(hidden.scene(at: 5).fields[0].cells.allSatisfy { !$0.holdsCharacter })
        #expect(hidden.scene(at: 5).fields[0].theme.secure)
    }

    // MARK: ssh's host key

    @Test func theHostKeyQuestionAnswersYesAndNoInWords() throws {
        let yes = try hostKeyPage(Self.question)
        #expect(yes.content.title == "Unknown host key")
        #expect(yes.content.detail == PageDetail(label: "ED25519 key fingerprint", text: Self.question.fingerprint!))
        #expect(yes.content.buttons.map(\.text) == ["No", "Yes"])
        #expect(yes.fields.count == 1 && yes.fields[0].revealed, "the fingerprint is shown as typed")
        let effects = click(yes, .ok)
        #expect(effects.contains(.say("yes")) && effects.last == .finish(.answered))
        #expect(yes.outcome?.exitStatus(for: .prompt) == .ok)
        let no = try hostKeyPage(Self.question)
        let refused = no.handle(.mnemonic("n"), now: 1)
        #expect(refused.contains(.say("no")) && refused.last == .finish(.answered))
        #expect(no.outcome?.exitStatus(for: .prompt) == .ok, "ssh reads the no; the askpass did its job")
    }

    /// Yes with a fingerprint typed sends the fingerprint, which ssh compares with the key's,
    /// as it does on a terminal: a "yes" would trust the key without the check the user asked
    /// for. No is no, whatever was typed.
    @Test func yesWithATypedFingerprintSendsTheFingerprint() throws {
        let p = try hostKeyPage(Self.question)
        _ = type(p, "SHA256:R0wl48vW", at: 1)
        let effects = click(p, .ok, at: 2)
        #expect(effects.contains(.deliver(field: 0)) && !effects.contains(.say("yes")), "\(effects)")
        #expect(effects.last == .finish(.submitted))
        let mnemonic = try hostKeyPage(Self.question)
        _ = type(mnemonic, "SHA256:R0wl48vW", at: 1)
        #expect(mnemonic.handle(.mnemonic("y"), now: 2).contains(.deliver(field: 0)))
        let no = try hostKeyPage(Self.question)
        _ = type(no, "SHA256:R0wl48vW", at: 1)
        #expect(click(no, .notOK, at: 2).contains(.say("no")))
    }

    /// As the askpass's yes/no question is: a click or a key that would answer ssh's question
    /// in its first half second is ignored (meant for what was there before); typing is not.
    @Test func theHostKeyQuestionIsArmedAfterHalfASecond() throws {
        let p = try page(.hostKey(Self.question))
        p.shown(at: 10)
        #expect(click(p, .ok, at: 10.1) == [] && p.handle(.mnemonic("y"), now: 10.2) == [])
        _ = type(p, "yes", at: 10.3)
        #expect(p.handle(.submit, now: 10.4) == [] && p.outcome == nil)
        #expect(p.fields[0].field.length == 3, "what was typed is kept")
        #expect(click(p, .ok, at: 10.6).contains(.deliver(field: 0)))
    }

    /// While a press would be ignored, a screen reader is told the buttons are not sensitive
    /// (its press through the action interface returned success and did nothing it could hear):
    /// sensitive once the half second has passed, which the loop wakes for.
    @Test func aScreenReaderHearsTheButtonsArmed() throws {
        let p = try page(.hostKey(Self.question))
        p.shown(at: 10)
        _ = p.advance(to: 10.1)
        let before = AccessibleTree(page: p)
        let buttons = before.children.filter { $0.role == .pushButton }
        #expect(!buttons.isEmpty && buttons.allSatisfy { !$0.states.contains(.sensitive) })
        #expect(p.nextDeadline(after: 10.1) == 10.5)
        _ = p.advance(to: 10.5)
        let after = AccessibleTree(page: p)
        #expect(after.children.filter { $0.role == .pushButton }.allSatisfy { $0.states.contains(.sensitive) })
        #expect(after.changes(from: before).filter { if case .state(_, .sensitive, true) = $0 { true } else { false } }.count
            == buttons.count)
        // The control: a page with no arming delay has them sensitive from the start.
        let plain = try page(.passphrase)
        #expect(AccessibleTree(page: plain).children.filter { $0.role == .pushButton }
            .allSatisfy { $0.states.contains(.sensitive) })
    }

    @Test func aTypedFingerprintIsTheAnswerAndAnEmptyReturnIsNone() throws {
        let p = try hostKeyPage(Self.question)
        #expect(p.handle(.submit, now: 1) == [.report(.rejected(field: "fingerprint", reason: .answerNeeded)), .bell])
        #expect(p.feedback?.text == "Choose Yes or No, or type a fingerprint")
        #expect(p.outcome == nil)
        _ = type(p, "SHA256:abc", at: 2)
        let effects = p.handle(.submit, now: 3)
        #expect(effects.contains(.deliver(field: 0)) && effects.last == .finish(.submitted))
        // Escape is no answer at all: exit 1, nothing printed (ssh then refuses the key).
        let escaped = try hostKeyPage(Self.question)
        #expect(escaped.handle(.escape, now: 1).last == .finish(.cancelled(.escape)))
    }

    /// A fingerprint line wider than the dialog's default widens the column, and the entry for
    /// a typed fingerprint spans it, so that the two line up (it stayed at the default width,
    /// and a typed fingerprint scrolled its start away beside empty room).
    @Test func theFingerprintEntrySpansTheColumnItsLineMakes() throws {
        let long = HostKeyQuestion(text: Self.question.text, keyType: "ED25519",
                                   fingerprint: "SHA256:" + String(repeating: "mVPwvezndPv/ARoIadVY98vAC0g", count: 3),
                                   acceptsFingerprint: true)
        for kind in [PromptKind.hostKey(long), .hostKey(Self.question)] {
            let p = try page(kind)
            guard case .dialog(let layout) = p.geometry else { Issue.record("not a dialog"); return }
            let cell = Theme.passphrase.cellSize.width
            #expect(layout.fields[0].width > layout.textWidth - cell && layout.fields[0].width <= layout.textWidth,
                    "entry \(layout.fields[0].width) in a column of \(layout.textWidth)")
        }
        let p = try hostKeyPage(long)
        guard case .dialog(let layout) = p.geometry else { Issue.record("not a dialog"); return }
        #expect(layout.textWidth > DialogLayout.Metrics().width, "the control: this fingerprint widens the column")
        // The fingerprint typed shows whole: in the entry's type size, between its padding, the caret after it.
        let theme = Theme.passphrase
        let typed = measure(long.fingerprint!, TextStyle(size: theme.empty.font.size), nil).width
        #expect(layout.fields[0].width >= typed + 2 * theme.padding + 1, "\(layout.fields[0].width) for \(typed)")
    }

    @Test func aYesNoQuestionWithoutAnEntryStartsOnNo() throws {
        let q = HostKeyQuestion(text: "Are you sure you want to continue connecting?", acceptsFingerprint: false)
        let p = try hostKeyPage(q)
        #expect(p.fields.isEmpty && p.focusName == "not-ok")
        #expect(p.handle(.submit, now: 1).contains(.say("no")))
    }

    @Test func theFingerprintIsNeverWrappedTheDialogWidens() throws {
        var long = Self.question
        long.fingerprint = "SHA256:" + String(repeating: "x", count: 80)
        let p = try hostKeyPage(long)
        guard case .dialog(let layout) = p.geometry else { Issue.record("not a dialog"); return }
        let width = measure(long.fingerprint!, TextStyle(size: 13.5), nil).width
        #expect(layout.detail.width >= width && layout.textWidth >= width)
        #expect(layout.detail.height == (13.5 * 1.3).rounded(.up), "one line")
        #expect(layout.detail.y > layout.description.maxY && layout.fields[0].y > layout.detail.maxY)
    }

    // MARK: Show and Hide

    @Test func showRevealsAndHideHidesAgain() throws {
        let p = try page(.passphrase)
        _ = type(p, "pass")
        _ = click(p, .reveal)
        #expect(p.revealed && p.fields[0].revealed)
        #expect(p.scene(at: 5).fields[0].shown?.characters == ["p", "a", "s", "s"])
        #expect(p.content.buttons[0].text == "Hide")
        _ = p.handle(.mnemonic("h"), now: 2)
        #expect(!p.revealed && p.scene(at: 5).fields[0].shown == nil)
        #expect(p.content.buttons[0].text == "Show")
        #expect(p.outcome == nil && p.fields[0].field.length == 4, "showing changes nothing typed")
    }

    @Test func theAgentsQuestionIsAskedFirstAndNoIsTheDefault() throws {
        let p = try page(.passphrase) {
            $0.reveal = RevealButton(showLabel: "Make passphrase visible", hideLabel: "Hide passphrase",
                                     question: "Do you really want to make your passphrase visible on the screen?")
        }
        #expect(p.content.buttons[0].text == "Make passphrase visible")
        #expect(p.content.buttons[0].mnemonic == "m", "a tooltip gets a mnemonic")
        _ = type(p, "secret")
        _ = click(p, .reveal)
        #expect(!p.revealed && p.isAskingReveal)
        #expect(p.content.buttons.map(\.role) == [.revealNo, .revealYes])
        let scene = p.scene(at: 5)
        #expect(scene.message == "Do you really want to make your passphrase visible on the screen?")
        // The message line takes room for the question while it asks it.
        guard case .dialog(let asking) = p.geometry else { return }
        #expect(asking.error.height >= (12.5 * 1.3).rounded(.up))
        #expect(scene.messageIsQuestion)
        // Return answers the focused button: No.
        _ = p.handle(.submit, now: 2)
        #expect(!p.revealed && !p.isAskingReveal && p.outcome == nil)
        #expect(p.content.buttons.map(\.role) == [.reveal, .cancel, .ok])
        _ = click(p, .reveal, at: 3)
        _ = p.handle(.mnemonic("y"), now: 4)
        #expect(p.revealed && p.content.buttons[0].text == "Hide passphrase")
        // Answered, the question's line goes.
        guard case .dialog(let layout) = p.geometry else { return }
        #expect(layout.error.height == 0)
    }

    @Test func escapeOrTypingLeavesTheQuestionWithoutShowing() throws {
        let p = try page(.passphrase) { $0.reveal = RevealButton(question: "Really?") }
        _ = click(p, .reveal)
        _ = p.handle(.escape, now: 2)
        #expect(!p.isAskingReveal && !p.revealed && p.outcome == nil, "Escape leaves the question, not the dialog")
        _ = click(p, .reveal, at: 3)
        _ = type(p, "x", at: 4)
        #expect(!p.isAskingReveal && !p.revealed && p.fields[0].field.length == 1)
    }

    // MARK: what a screen reader is told

    @Test func aScreenReaderHearsTheFingerprintAndTheQuestionNeverAShownPassphrase() throws {
        let host = try hostKeyPage(Self.question)
        let detail = try #require(AccessibleTree(page: host).node(AccessibleTree.ID.detail))
        // Readers speak a label's name: the fingerprint is in it, after its caption.
        #expect(detail.name == "ED25519 key fingerprint " + Self.question.fingerprint!)
        #expect(detail.text == Self.question.fingerprint)

        let p = try page(.passphrase) { $0.reveal = RevealButton(question: "Really?") }
        _ = type(p, "secret")
        _ = click(p, .reveal)
        #expect(AccessibleTree(page: p).node(AccessibleTree.ID.error)?.text == "Really?")
        _ = p.handle(.mnemonic("y"), now: 2)
        #expect(p.revealed)
        // Shown on screen, the characters still reach the accessibility bus as bullets only.
        let entry = try #require(AccessibleTree(page: p).node(AccessibleTree.ID.entry(0)))
        #expect(entry.text == String(repeating: AccessibleTree.bullet, count: 6) && entry.role == .passwordText)
    }

    /// A name or a one-time code is no secret and shows as typed: a screen reader reads it as
    /// shown, as it reads any visible entry. (A shown passphrase stays bullets, above.)
    @Test(arguments: [PromptKind.username, .code])
    func aScreenReaderReadsANameOrACodeAsShown(_ kind: PromptKind) throws {
        let p = try page(kind)
        _ = type(p, "alicé")
        let entry = try #require(AccessibleTree(page: p).node(AccessibleTree.ID.entry(0)))
        #expect(entry.text == "alicé" && entry.role == .text)
        let hidden = try page(.password)
        _ = type(hidden, "alicé")
        #expect(AccessibleTree(page: hidden).node(AccessibleTree.ID.entry(0))?.role == .passwordText)
    }

    // MARK: the keyboard held by another program

    @Test func aPromptSaysTheKeyboardIsTakenAndAsksNothing() throws {
        let p = try page(.password)
        _ = type(p, "abc")
        let effects = p.handle(.keyboardUnavailable, now: 1)
        #expect(p.fields.isEmpty, "no entry whose keys would go elsewhere")
        #expect(p.content.title == "Keyboard in use")
        #expect(p.content.description.hasPrefix("Another program is holding the keyboard"))
        #expect(p.content.buttons.map(\.text) == ["Close"])
        // No mnemonic: keys go to the program holding the keyboard, where Alt+C could press
        // another prompt's Cancel.
        #expect(p.content.buttons[0].mnemonicIndex == nil)
        #expect(effects == [.report(.focus("ok"))])
        #expect(p.outcome == nil)
        #expect(p.nextDeadline(after: 2) != nil)
        #expect(p.advance(to: 1 + KeyboardRefusal.duration) == [.finish(.keyboardUnavailable)])
        #expect(p.outcome?.exitStatus(for: .prompt) == .display)
        let closed = try page(.password)
        _ = closed.handle(.keyboardUnavailable, now: 1)
        _ = click(closed, .ok, at: 2)
        #expect(closed.outcome == .keyboardUnavailable)
        // Once the other program lets go, a key may arrive: the answer is still exit 3.
        let escaped = try page(.password)
        _ = escaped.handle(.keyboardUnavailable, now: 1)
        _ = escaped.handle(.escape, now: 2)
        #expect(escaped.outcome == .keyboardUnavailable)
    }

    /// The caller's timeout runs on under the notice: shorter than the notice's own time, it
    /// ends the prompt as a timeout (gpg-agent's `Timeout`), not as a keyboard never had.
    @Test func theCallersTimeoutRunsOnWhileTheKeyboardIsHeld() throws {
        let p = try page(.password) { $0.timeout = 3 }
        _ = p.handle(.windowFocus(true), now: 0)
        _ = p.handle(.keyboardUnavailable, now: 1)
        #expect(p.nextDeadline(after: 2) == 3)
        #expect(p.advance(to: 2.9) == [] && p.outcome == nil)
        #expect(p.advance(to: 3).last == .finish(.timedOut))
        // The control: a timeout longer than the notice's time leaves the notice's end as it was.
        let long = try page(.password) { $0.timeout = 60 }
        _ = long.handle(.windowFocus(true), now: 0)
        _ = long.handle(.keyboardUnavailable, now: 1)
        #expect(long.advance(to: 1 + KeyboardRefusal.duration) == [.finish(.keyboardUnavailable)])
    }

    /// The other program lets go while the notice is up (a menu held open closes): the prompt
    /// comes back as it opened, empty, nothing shown, and its timeout counts from then.
    @Test func thePromptComesBackWhenTheKeyboardIsFreeAgain() throws {
        let p = try page(.password) { $0.timeout = 30 }
        _ = type(p, "abc")
        _ = click(p, .reveal)
        #expect(p.revealed)
        _ = p.handle(.keyboardUnavailable, now: 1)
        #expect(p.fields.isEmpty)
        let effects = p.handle(.keyboardAvailable, now: 10)
        #expect(effects == [.report(.focus(p.focusName))])
        #expect(p.content.title == "Password required")
        #expect(p.content.buttons.map(\.text) == ["Show", "Cancel", "OK"])
        #expect(p.fields.count == 1 && p.fields[0].field.length == 0 && !p.revealed && !p.fields[0].revealed)
        #expect(p.keyboardRefusedAt == nil)
        #expect(p.advance(to: 1 + KeyboardRefusal.duration).isEmpty, "the notice's end is gone with it")
        _ = p.advance(to: 39.9)
        #expect(p.outcome == nil)
        _ = p.advance(to: 40)
        #expect(p.outcome == .timedOut, "30 s from the return")
        // The control: typed into now, it answers.
        let q = try page(.password)
        _ = q.handle(.keyboardUnavailable, now: 1)
        _ = q.handle(.keyboardAvailable, now: 2)
        _ = type(q, "ok", at: 3)
        _ = q.handle(.submit, now: 3)
        #expect(q.outcome == .submitted)
    }

    /// A question that comes back after the notice is as it opened: armed anew, so the key a
    /// user meant for the program that let go answers nothing, and its focus on the default
    /// button (the notice's Close had left it on the first button, No).
    @Test func aQuestionThatComesBackIsArmedAgainWithItsDefaultFocused() throws {
        let p = try page(.confirm) { $0.armAskpassQuestion() }
        p.shown(at: 0)
        let opening = p.focus
        #expect(p.content.buttons[opening].role == .ok)
        _ = p.handle(.keyboardUnavailable, now: 1)
        _ = p.handle(.keyboardAvailable, now: 10)
        #expect(p.focus == opening)
        #expect(p.handle(.submit, now: 10.2).isEmpty, "not armed yet")
        #expect(p.outcome == nil)
        _ = p.handle(.submit, now: 10 + DialogSpec.askpassArmingDelay)
        #expect(p.outcome == .confirmed)
    }

    /// Space presses a question's focused button only once it is armed, as Return does: a
    /// space typed for a terminal answers nothing.
    @Test func spaceOnAQuestionsButtonWaitsForItToBeArmed() throws {
        let p = try page(.confirm) { $0.armAskpassQuestion() }
        p.shown(at: 0)
        #expect(p.content.buttons[p.focus].role == .ok)
        #expect(p.handle(.character(" "), now: 0.2).isEmpty, "not armed yet")
        #expect(p.outcome == nil)
        _ = p.handle(.character(" "), now: DialogSpec.askpassArmingDelay)
        #expect(p.outcome == .confirmed)
    }

    /// ssh's touch notice reads no key: with the keyboard held elsewhere it still says what it
    /// waits for (it said "Keyboard in use", and the user was never told to touch the key).
    @Test func aTouchNoticeStaysWhenTheKeyboardIsHeldElsewhere() throws {
        let p = try page(.deviceWait) { $0.description = "Confirm user presence for key ED25519-SK" }
        let before = p.content
        #expect(p.handle(.keyboardUnavailable, now: 1).isEmpty)
        #expect(p.content == before && p.keyboardRefusedAt == nil && p.outcome == nil)
        // The control: a question, which keys answer, says the keyboard is taken.
        let q = try page(.confirm)
        _ = q.handle(.keyboardUnavailable, now: 1)
        #expect(q.content.title == KeyboardRefusal.heading)
    }
}
