// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import PinBoxCore
import Testing

/// What every prompt owes the user beyond its words: Show and Hide for a passphrase, revealed
/// text only as pixels, the keyboard taken (and said so when it cannot be), staying above
/// other windows and asking for attention.
@Suite("Prompts: show and hide, the keyboard, above other windows", .endToEnd)
struct PromptFocusTests {
    /// An askpass on `desk` once its window holds the keyboard (a grab of another client's
    /// fails), and its window.
    private func askpassHoldingTheKeyboard(on desk: CallerDesk) throws -> (PinBoxProcess, CallerDesk.Dialog) {
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog()
        let prober = try desk.client()
        let probe = prober.makeWindow()
        try waitUntil("the askpass holds the keyboard") { prober.keyboardIsHeldElsewhere(probe: probe) }
        return (p, dialog)
    }

    /// Types `ok` and Return: the askpass answers with it, and ends.
    private func answersOK(_ p: PinBoxProcess, on desk: CallerDesk) throws {
        try desk.type("ok")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
    }

    @Test func showTurnsDotsIntoCharactersAndHideBringsTheSameDotsBack() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                                  display: desk.display)
        let dialog = try desk.nextDialog()
        try desk.type("s3cret")
        let dots = try desk.entry(dialog)
        #expect(dots.isDots(6), "\(dots)")

        try desk.key("alt+s")
        let shown = try desk.entry(dialog, saving: "askpass-shown")
        #expect(!shown.isDots(6) && shown.inkHeight > 9, "the characters are drawn: \(shown)")
        // Shown as pixels only: no property of the window carries the text.
        for (name, value) in desk.x.properties(of: dialog.id) {
            #expect(!String(decoding: value, as: UTF8.self).contains("s3cret"), "\(name)")
        }

        try desk.key("alt+h")
        let again = try desk.entry(dialog)
        // The same pixels, but for antialiasing a redraw may round one step apart.
        func near(_ a: UInt32, _ b: UInt32) -> Bool {
            [16, 8, 0].allSatisfy { abs(Int((a >> $0) & 0xff) - Int((b >> $0) & 0xff)) <= 2 }
        }
        let differing = zip(again.picture, dots.picture).filter { !near($0, $1) }.count
        #expect(again.rows == dots.rows && again.columns == dots.columns && differing == 0,
                "hidden again, the entry is as it was: \(differing) pixels differ; \(again) against \(dots)")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "s3cret\n", "showing changed nothing typed")
    }

    /// In the pinentry, Show is the agent's own label (`default-tt-visi`), and the agent's
    /// question (`default-cf-visi`) comes first: until Yes, the dots stay.
    @Test func thePinentryAsksTheAgentsQuestionBeforeShowing() throws {
        let desk = try CallerDesk()
        let home = desk.dir + "/gnupg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try "pinentry-program \(desk.pinentry)\n".write(toFile: home + "/gpg-agent.conf", atomically: true,
                                                         encoding: .utf8)
        defer { endAgent(home: home) }
        let session = try Child(["gpg-connect-agent", "GET_PASSPHRASE --data --repeat=0 X9 X Passphrase: Show+me", "/bye"],
                                environment: ["GNUPGHOME": home, "DISPLAY": desk.display, "GPG_TTY": "", "LANG": "C",
                                              "LC_ALL": "", "LANGUAGE": ""], capture: true)
        let dialog = try desk.nextDialog(timeout: 30)
        try desk.type("abc")
        #expect(try desk.entry(dialog).isDots(3))
        // "Make passphrase visible": the agent's tooltip, given the mnemonic M.
        try desk.key("alt+m")
        let asked = try desk.entry(dialog, saving: "pinentry-reveal-question")
        #expect(asked.isDots(3), "the question comes first: \(asked)")
        try desk.key("alt+y")
        let shown = try desk.entry(dialog, saving: "pinentry-revealed")
        #expect(!shown.isDots(3) && shown.inkHeight > 8, "\(shown)")
        try desk.key("Return")
        session.wait()
        #expect(String(decoding: session.read().out, as: UTF8.self) == "D abc\nOK\n")
    }

    /// ssh's host-key question takes the fingerprint pasted, as from where the host's owner
    /// published it; Yes and No print ssh's words.
    @Test func aPastedFingerprintAnswersSshsQuestion() throws {
        let fingerprint = "SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE"
        let prompt = "The authenticity of host 'example.org (192.0.2.1)' can't be established.\n"
            + "ED25519 key fingerprint is \(fingerprint).\nThis key is not known by any other names.\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", prompt], display: desk.display)
        let dialog = try desk.nextDialog()
        #expect(desk.title(dialog) == "Unknown host key")
        #expect(try run(["xclip", "-selection", "clipboard", "-i"], display: desk.display,
                        input: Array(fingerprint.utf8)).status == 0)
        for _ in 0..<100 where desk.x.owner(of: "CLIPBOARD") == 0 { usleep(10_000) }
        try desk.key("ctrl+v")
        let pasted = try desk.entry(dialog, saving: "host-key-pasted")
        #expect(!pasted.runs.isEmpty, "the fingerprint is shown: \(pasted)")
        // Whole: its start inside the entry's padding, not scrolled away under the frame.
        if let first = pasted.runs.first {
            #expect(first.lowerBound - pasted.columns.lowerBound >= 5, "the start is in view: \(pasted)")
        }
        pastTheArmingDelay()
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == fingerprint + "\n")

        let yes = try PinBoxProcess(["askpass", "--", prompt], display: desk.display)
        _ = try desk.nextDialog()
        pastTheArmingDelay()
        try desk.key("alt+y")
        #expect(try yes.waitExit() == 0)
        #expect(yes.stdout == "yes\n")
    }

    @Test func anotherProgramHoldingTheKeyboardIsSaidAndEndsWithThree() throws {
        let desk = try CallerDesk()
        // A second client takes the keyboard first, as a game or a remote desktop would.
        let grabber = try desk.client()
        #expect(grabber.grabKeyboard(grabber.makeWindow()))
        let p = try PinBoxProcess(["askpass", "--", "[sudo] password for alice: "], display: desk.display)
        var dialog = try desk.nextDialog()
        // About a second of retries, then the entry goes: nothing is asked.
        let deadline = Date().addingTimeInterval(5)
        var entry: EntryInk? = EntryInk(desk.pixels(&dialog), width: dialog.width, height: dialog.height)
        while entry != nil && Date() < deadline {
            usleep(100_000)
            entry = EntryInk(desk.pixels(&dialog), width: dialog.width, height: dialog.height)
        }
        #expect(entry == nil, "no entry whose keys would go to the other program")
        #expect(p.child.isRunning, "the dialog stays to say why")
        #expect(p.stderr.contains("cannot grab the keyboard: another program holds it"), "\(p.stderr)")
        if let directory = ProcessInfo.processInfo.environment["PINBOX_SCREENSHOTS"] {
            _ = try? run(["import", "-window", "root", directory + "/keyboard-in-use.png"], display: desk.display)
        }
        desk.x.sendDeleteWindow(dialog.id)
        #expect(try p.waitExit() == 3)
        #expect(p.stdout.isEmpty)
        // The log does not end on the promise: it says the prompt ended still waiting.
        #expect(p.stderr.hasSuffix("pinbox: the keyboard was never let go; nothing was asked\n"), "\(p.stderr)")

        // The control: once the keyboard is free, the askpass takes it and no one else can.
        grabber.ungrabKeyboard()
        let q = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        _ = try desk.nextDialog()
        // The askpass grabs once its window shows, and retries: the probe asks until it has.
        let probe = grabber.makeWindow()
        try waitUntil("the askpass holds the keyboard") { grabber.keyboardIsHeldElsewhere(probe: probe) }
        try answersOK(q, on: desk)
    }

    /// A menu held open in another program holds the keyboard: after its second of retries the
    /// askpass said so and never tried again, so ssh or git failed though the menu closed a
    /// moment later (x11-ssh-askpass waits). It goes on trying, and asks once it has the keyboard.
    /// In the second before it says so, a prompt that could not take the keyboard was drawn
    /// focused, its caret blinking (and its entry focused on the accessibility bus), while what
    /// was typed went to the program holding the keyboard. It is drawn without the focus from
    /// its first failed try.
    @Test func thePromptComesBackWhenTheOtherProgramLetsGo() throws {
        let desk = try CallerDesk()
        let grabber = try desk.client()
        let held = grabber.makeWindow()
        grabber.focus(held)
        #expect(grabber.grabKeyboard(held))
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        // Not focused by the test: the focus stays on the other program's window.
        var dialog = try desk.nextDialog(focusing: false)
        // Until the notice replaces it: the entry, never its caret.
        let until = Date().addingTimeInterval(0.8)
        while Date() < until {
            let ink = EntryInk(desk.pixels(&dialog), width: dialog.width, height: dialog.height)
            #expect(ink?.caret == nil, "drawn focused while another program has the keys")
            usleep(50_000)
        }
        try waitUntil("the notice, with no entry") {
            EntryInk(desk.pixels(&dialog), width: dialog.width, height: dialog.height) == nil
        }
        grabber.ungrabKeyboard()
        try waitUntil("the entry back") {
            EntryInk(desk.pixels(&dialog), width: dialog.width, height: dialog.height) != nil
        }
        // The keyboard taken after all gives it every key: drawn focused, with its caret.
        #expect(try desk.showsCaret(dialog, within: 3), "focused: the caret shows")
        try answersOK(p, on: desk)
    }

    /// Two prompts at once (a script running two ssh commands): the second opened centred,
    /// over the first, and its "Keyboard in use" notice hid the prompt that had the keys, so
    /// typing showed nothing. It opens beside the first: the user sees where the keys go, the
    /// first answers, and then the second asks.
    @Test func aSecondPromptOpensBesideTheFirstRatherThanOverIt() throws {
        let desk = try CallerDesk()
        let (first, one) = try askpassHoldingTheKeyboard(on: desk)
        let second = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        var two = try desk.nextDialog(focusing: false)
        let a = desk.x.frame(of: one.id), b = desk.x.frame(of: two.id)
        #expect(!a.intersects(b), "the first at \(a), the second at \(b)")
        #expect(Rect(x: 0, y: 0, width: desk.x.screen.width, height: desk.x.screen.height).contains(b), "\(b)")
        // The control: centred, where it opened before, the second would cover the first.
        let centre = WindowFit.centred(b.size, in: Rect(x: 0, y: 0, width: desk.x.screen.width, height: desk.x.screen.height))
        #expect(a.intersects(Rect(x: centre.x, y: centre.y, width: b.width, height: b.height)))
        try waitUntil("the second's notice, with no entry") {
            EntryInk(desk.pixels(&two), width: two.width, height: two.height) == nil
        }
        try answersOK(first, on: desk)
        try waitUntil("the second asks once the first has let the keyboard go") {
            EntryInk(desk.pixels(&two), width: two.width, height: two.height) != nil
        }
        try answersOK(second, on: desk)
    }

    /// ssh's touch notice reads no key: with the keyboard held by another program it said
    /// "Keyboard in use" and never told the user to touch the security key. It stays itself.
    @Test func aTouchNoticeNeedsNoKeyboard() throws {
        let desk = try CallerDesk()
        let grabber = try desk.client()
        #expect(grabber.grabKeyboard(grabber.makeWindow()))
        let p = try PinBoxProcess(["askpass", "Confirm user presence for key ED25519-SK"], display: desk.display,
                                  environment: ["SSH_ASKPASS_PROMPT": "none"])
        let dialog = try desk.nextDialog()
        // Past the second of retries after which a prompt says the keyboard is taken.
        #expect(p.staysRunning(for: 1.5))
        #expect(desk.title(dialog) == "Security device")
        #expect(!p.stderr.contains("cannot grab the keyboard"), "\(p.stderr)")
        // It takes none, either: keys typed elsewhere meanwhile, and a prompt opened then, have
        // the keyboard (it retried every 0.2 s, and took it once let go).
        grabber.ungrabKeyboard()
        #expect(p.staysRunning(for: 0.5))
        #expect(!grabber.keyboardIsHeldElsewhere(probe: grabber.makeWindow()))
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
    }

    /// A window manager that minimises the dialog, or leaves its workspace, unmaps it, and X
    /// lets the grab go with it. Mapped again, the askpass takes the keyboard again.
    @Test func theGrabIsTakenAgainWhenTheDialogIsMappedAgain() throws {
        let desk = try CallerDesk()
        let (p, dialog) = try askpassHoldingTheKeyboard(on: desk)
        let other = try desk.client()
        let probe = other.makeWindow()
        _ = try run(["xdotool", "windowunmap", "--sync", dialog.id], display: desk.display)
        #expect(!other.keyboardIsHeldElsewhere(probe: probe), "the control: unmapped, the grab has gone")
        _ = try run(["xdotool", "windowmap", "--sync", dialog.id], display: desk.display)
        try waitUntil("the askpass holds the keyboard again") { other.keyboardIsHeldElsewhere(probe: probe) }
        try answersOK(p, on: desk)
    }

    /// A click on another window under a click-to-focus window manager (openbox, xfwm4) moved
    /// the focus there while the askpass still held the keyboard: the dialog drew itself
    /// unfocused, the other window looked active, and the line the user typed for it, Return
    /// and all, was the answer. The askpass takes the focus back while it holds the keyboard.
    @Test func focusMovedElsewhereWhileTheKeyboardIsHeldComesBack() throws {
        let desk = try CallerDesk()
        let (p, dialog) = try askpassHoldingTheKeyboard(on: desk)
        let other = try desk.client()
        let clicked = other.makeWindow()
        other.focus(clicked)
        try waitUntil("the askpass has the focus again") { other.inputFocus == XClient.window(dialog.id) }
        // A second click at once (within the second the askpass waits between takes) is
        // answered too, a moment later: the focus never stays where the keys do not go.
        other.focus(clicked)
        try waitUntil("the askpass has the focus back after the second click") {
            other.inputFocus == XClient.window(dialog.id)
        }
        try answersOK(p, on: desk)
    }

    /// A client that takes the focus back on its own FocusOut (a kiosk program, a window
    /// manager with a focus policy of its own) traded it with the askpass without end, some
    /// hundreds of times a second. The askpass takes it back once a second at most.
    @Test func aClientThatWantsTheFocusBackIsNotFoughtWithoutEnd() throws {
        let desk = try CallerDesk()
        let (p, _) = try askpassHoldingTheKeyboard(on: desk)
        let other = try desk.client()
        let stubborn = other.makeWindow()
        XSelectInput(other.display, stubborn, FocusChangeMask)
        other.focus(stubborn)
        var taken = 0
        let end = Date().addingTimeInterval(2)
        while Date() < end {
            while XPending(other.display) > 0 {
                var event = XEvent()
                XNextEvent(other.display, &event)
                if event.type == FocusOut && event.xfocus.window == stubborn {
                    taken += 1
                    other.focus(stubborn)
                }
            }
            usleep(2_000)
        }
        #expect(taken >= 1, "the control: the askpass took the focus back")
        #expect(taken <= 4, "\(taken) times in 2 s")
        try answersOK(p, on: desk)
    }

    /// xfwm4 and fluxbox move the focus away just before they unmap a window they iconify: the
    /// askpass's taking it back then reached a window no longer viewable, and the server's
    /// BadMatch was printed in the user's terminal.
    @Test func aFocusLostAsTheWindowIsIconifiedSaysNothing() throws {
        let desk = try CallerDesk()
        let (p, dialog) = try askpassHoldingTheKeyboard(on: desk)
        let other = try desk.client()
        let probe = other.makeWindow()
        // Both in one batch, as the window manager sends them: the server has done both
        // before the askpass reads the FocusOut.
        XSetInputFocus(other.display, probe, RevertToParent, UInt(CurrentTime))
        XUnmapWindow(other.display, XClient.window(dialog.id))
        XSync(other.display, 0)
        XMapWindow(other.display, XClient.window(dialog.id))
        XSync(other.display, 0)
        try waitUntil("the askpass holds the keyboard again") { other.keyboardIsHeldElsewhere(probe: probe) }
        // Shown again with every key, it is drawn focused again (it came back without its caret).
        #expect(try desk.showsCaret(dialog, within: 3), "focused again: the caret shows")
        try answersOK(p, on: desk)
        #expect(!p.stderr.contains("X error"), "\(p.stderr)")
    }

    /// A window manager may put back a size it saved before the page grew (fluxbox restoring a
    /// maximised window after Caps Lock's line came): when the line went, the dialog shrank by
    /// its height from there, below what the page needs, its buttons cut in half. A dialog
    /// never asks for less than its page now.
    @Test func aLineThatGoesNeverShrinksTheDialogBelowItsPage() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        var dialog = try desk.nextDialog()
        let natural = dialog.height
        try desk.key("Caps_Lock")
        try waitUntil("the Caps Lock line grows the dialog") { desk.x.size(of: dialog.id).height > Double(natural) }
        // The window manager's restore: the size from before the line.
        _ = try run(["xdotool", "windowsize", "--sync", dialog.id, String(dialog.width), String(natural)],
                    display: desk.display)
        let restored = desk.x.stillPixels(dialog.id)
        try desk.key("Caps_Lock")
        try desk.x.waitForChange(dialog.id, from: restored, "the Caps Lock line gone")
        _ = desk.pixels(&dialog)
        #expect(dialog.height >= natural, "\(dialog.height) pixels high, the page needs \(natural)")
        try answersOK(p, on: desk)
    }

    /// A forged press, refused, changes nothing: the user's next press of that key is no
    /// repeat of it (which a prompt drops), and types.
    @Test func aForgedPressLeavesTheRealKeyAlone() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog()
        desk.x.forgeKeyPress(dialog.id, key: "a")
        try desk.type("ab")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ab\n")
    }

    /// A forged key is refused and the dialog says so, in the error line's red ("Keys sent by
    /// another program are refused"): a script's or a password manager's keys sent with
    /// XSendEvent vanished without a word, and so did keys forged behind the user's back. The
    /// control: no red before, and what the keyboard types is the whole answer.
    @Test func aForgedKeyIsRefusedAndTheDialogSaysSo() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        var dialog = try desk.nextDialog()
        func red() -> Int { desk.redInk(&dialog) }
        #expect(red() == 0)
        desk.x.forgeKeyPress(dialog.id, key: "x")
        try waitUntil("the error line's red after a forged key") { red() > 100 }
        try desk.type("ab")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ab\n")
    }

    /// A click another program forges on OK is refused, and said: "Clicks sent by another
    /// program are refused" in red, as for a key; the dialog does not answer. The control: the
    /// mouse's own click on the same point answers with what the keyboard typed.
    @Test func aForgedClickIsRefusedAndTheDialogSaysSo() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        var dialog = try desk.nextDialog()
        try desk.type("ab")
        try waitUntil("the two dots") { try desk.entry(dialog).isDots(2) }
        var pixels = desk.pixels(&dialog)
        let ok = try #require(CallerDesk.defaultButton(in: pixels, width: dialog.width, height: dialog.height))
        func red() -> Int { desk.redInk(&dialog) }
        #expect(red() == 0)
        desk.x.forgeClick(dialog.id, x: ok.x, y: ok.y)
        try waitUntil("the error line's red after a forged click") { red() > 100 }
        #expect(p.child.isRunning, "a forged click on OK answered")
        pixels = desk.pixels(&dialog)
        let moved = try #require(CallerDesk.defaultButton(in: pixels, width: dialog.width, height: dialog.height))
        try desk.click(dialog, x: moved.x, y: moved.y)
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ab\n")
    }

    /// ssh-agent's confirmation (`ssh-add -c`), a question with no entry: a click another
    /// program forges on its default button neither answers nor passes unseen, the dialog says
    /// it under the question. The control: the mouse's own click there answers yes.
    @Test func aForgedClickOnAConfirmationIsSaid() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Allow use of key /tmp/id?\nKey fingerprint SHA256:x1y2z3."],
                                  display: desk.display, environment: ["SSH_ASKPASS_PROMPT": "confirm"])
        var dialog = try desk.nextDialog()
        let button = try #require(CallerDesk.defaultButton(in: desk.pixels(&dialog), width: dialog.width, height: dialog.height))
        let height = dialog.height
        func red() -> Int { desk.redInk(&dialog) }
        #expect(red() == 0)
        desk.x.forgeClick(dialog.id, x: button.x, y: button.y)
        try waitUntil("the message line's red after a forged click") { red() > 100 }
        #expect(p.child.isRunning, "a forged click answered")
        #expect(dialog.height > height, "the line took room under the question")
        let moved = try #require(CallerDesk.defaultButton(in: desk.pixels(&dialog), width: dialog.width, height: dialog.height))
        try desk.click(dialog, x: moved.x, y: moved.y)
        #expect(try p.waitExit() == 0)
    }

    @Test func noGrabLeavesTheKeyboardFree() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", "Password: "], display: desk.display)
        _ = try desk.nextDialog()
        let other = try desk.client()
        #expect(other.grabKeyboard(other.makeWindow()))
        other.ungrabKeyboard()
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
    }

    /// With no window manager and no grab (gpg-agent's `no-grab`), the keys go to the window
    /// under the pointer (the server's PointerRoot focus): the dialog shows that it has them
    /// while the pointer is over it, with its caret, and stops showing it when the pointer
    /// leaves; before, keys arrived in a dialog drawn unfocused, and Tab moved an unseen focus.
    @Test func withoutAGrabThePointerGivesTheFocusAndTheDialogShowsIt() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog(focusing: false)
        try desk.pointer(dialog, x: 20, y: 20)
        try desk.type("ab")
        #expect(try desk.entry(dialog).isDots(2), "the keys come to the window under the pointer")
        #expect(try desk.showsCaret(dialog, within: 3), "and it shows it has them")
        // Off the window, on the bare root: the keys no longer come here, and the caret goes.
        _ = try run(["xdotool", "mousemove", "0", "0"], display: desk.display)
        #expect(try !desk.showsCaret(dialog, within: 1.5), "the pointer left: no caret")
        try desk.pointer(dialog, x: 20, y: 20)
        #expect(try desk.showsCaret(dialog, within: 3))
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ab\n")
    }

    /// A dialog that grabs opens centred under the pointer, so the pointer enters it as it
    /// shows, while the focus is still on another window: it is drawn focused all the same, for
    /// every key comes to it. (Counting that crossing drew it unfocused for its whole life.)
    @Test func aGrabbingDialogOpenedUnderThePointerIsDrawnFocused() throws {
        let desk = try CallerDesk()
        let other = try desk.client()
        other.focus(other.makeWindow())
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog(focusing: false)
        let prober = try desk.client()
        let probe = prober.makeWindow()
        try waitUntil("the askpass holds the keyboard") { prober.keyboardIsHeldElsewhere(probe: probe) }
        try desk.type("ab")
        #expect(try desk.showsCaret(dialog, within: 3), "focused: the caret shows")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ab\n")
    }

    /// The focus set on a dialog that already had the keys through the pointer (no grab, no
    /// window manager; then a window manager starting, or `xdotool windowfocus`) comes as a
    /// FocusOut and a FocusIn: no blur, so a half-typed dead key goes on to its character.
    @Test func focusGivenToTheWindowThatHadTheKeysIsNoBlur() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", "Username: "], display: desk.display)
        let dialog = try desk.nextDialog(focusing: false)
        try desk.pointer(dialog, x: 20, y: 20)
        try desk.type("ab")
        try desk.key("dead_acute")
        _ = try run(["xdotool", "windowfocus", "--sync", String(XClient.window(dialog.id))], display: desk.display)
        try desk.key("e")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "abé\n")
    }

    /// Without a grab or a window manager, another client taking the pointer (a menu, a drag)
    /// moves no pointer: the keys still come to the dialog under it, which stays drawn focused.
    @Test func anotherClientsPointerGrabLeavesTheFocusAlone() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog(focusing: false)
        try desk.pointer(dialog, x: 20, y: 20)
        let other = try desk.client()
        let root = XDefaultRootWindow(other.display)
        #expect(XGrabPointer(other.display, root, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync, 0, 0,
                             UInt(CurrentTime)) == GrabSuccess)
        XSync(other.display, 0)
        defer { XUngrabPointer(other.display, UInt(CurrentTime)); XSync(other.display, 0) }
        try desk.type("ab")
        #expect(try desk.entry(dialog).isDots(2))
        #expect(try desk.showsCaret(dialog, within: 3), "still focused while another client holds the pointer")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
    }

    @Test func everyPromptAsksToStayAboveAndForAttention() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog()
        let properties = desk.x.properties(of: dialog.id)
        let state = try #require(properties["_NET_WM_STATE"])
        let atoms = state.withUnsafeBytes { Array($0.bindMemory(to: Int.self)) }
        #expect(atoms.contains(Int(desk.x.atom("_NET_WM_STATE_ABOVE"))))
        #expect(atoms.contains(Int(desk.x.atom("_NET_WM_STATE_DEMANDS_ATTENTION"))))
        let hints = try #require(properties["WM_HINTS"])
        let flags = hints.withUnsafeBytes { $0.load(as: Int.self) }
        #expect(flags & (1 << 8) != 0, "the urgency hint")
        kill(p.pid, SIGTERM)
        _ = try p.waitExit()
    }

    /// A prompt that starts with a dash, several words, the usage of `pinbox askpass`.
    @Test func pinboxAskpassTakesEveryArgumentAsThePrompt() throws {
        let desk = try CallerDesk()
        // Through the link, as sudo runs it: `--help` and `-x` are the prompt, not options.
        let child = try Child([desk.askpass, "--help", "-x"], environment: ["DISPLAY": desk.display], capture: true)
        let dialog = try desk.nextDialog()
        #expect(desk.title(dialog) == "Password required")
        try desk.type("pw")
        try desk.key("Return")
        #expect(child.wait() == 0)
        #expect(String(decoding: child.read().out, as: UTF8.self) == "pw\n")
        // `pinbox askpass`: options before `--` or the first word.
        let bad = try PinBoxProcess(["askpass", "--bogus", "Password:"], display: nil)
        #expect(try bad.waitExit() == 2)
        #expect(bad.stderr.hasPrefix("pinbox: unknown option '--bogus' for askpass"), "\(bad.stderr)")
        let help = try PinBoxProcess(["askpass", "--help"], display: nil)
        #expect(try help.waitExit() == 0)
        #expect(help.stdout.hasPrefix("usage: pinbox askpass [options] [--] PROMPT..."))
    }
}
