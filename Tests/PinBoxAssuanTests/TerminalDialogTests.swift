// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

/// The terminal fallback's rules: what is written and what each key does, byte for byte.
@Suite struct TerminalDialogTests {
    static let plain = TerminalLook(charset: .utf8, styled: false)

    /// Feeds `input` one byte at a time, 10 ms apart; returns everything written, what was
    /// asked and the outcome.
    func type(_ dialog: TerminalPinDialog, _ input: [UInt8], start: Double = 0,
              answer: (TerminalPinDialog.Ask, TerminalPinDialog) -> [UInt8] = { _, _ in [] })
        -> (text: String, asks: [TerminalPinDialog.Ask], outcome: PinOutcome?) {
        var out = dialog.start()
        var asks: [TerminalPinDialog.Ask] = []
        var outcome: PinOutcome?
        var now = start
        func take(_ step: TerminalPinDialog.Step) {
            out += step.output
            if let ask = step.ask {
                asks.append(ask)
                out += answer(ask, dialog)
            }
            if let o = step.outcome { outcome = o }
        }
        for byte in input where outcome == nil {
            now += 0.01
            take(dialog.feed(byte, now: now))
        }
        if outcome == nil { take(dialog.advance(to: now + 1)) }
        return (String(decoding: out, as: UTF8.self), asks, outcome)
    }

    func secret(_ outcome: PinOutcome?) -> [UInt8]? {
        guard case .pin(let s, _, _)? = outcome else { return nil }
        return s.withBytes { Array($0) }
    }

    @Test func aPassphraseIsTypedWithNothingEchoed() {
        let request = PinRequest(title: "Passphrase entry", description: "Please enter the passphrase\nfor key X",
                                 prompt: "Passphrase:", error: "Bad Passphrase (try 2 of 3)")
        let run = type(TerminalPinDialog(request, look: Self.plain, rates: false, checks: false, now: 0),
                       bytes("s3cret pass\r"))
        #expect(run.text == "Passphrase entry\r\n *** Bad Passphrase (try 2 of 3) ***\r\nPlease enter the passphrase\r\nfor key X\r\nPassphrase: \r\n")
        #expect(secret(run.outcome) == bytes("s3cret pass"))
        #expect(!run.text.contains("s3cret") && !run.text.contains("*"+"*"+"*"+"*"))
    }

    @Test func styledTitleAndErrorUseEscapeSequences() {
        let request = PinRequest(title: "T", prompt: "PIN", error: "E")
        let dialog = TerminalPinDialog(request, look: TerminalLook(), rates: false, checks: false, now: 0)
        #expect(String(decoding: dialog.start(), as: UTF8.self) == "\u{1B}[1mT\u{1B}[0m\r\n *** \u{1B}[1;31mE\u{1B}[0m ***\r\nPIN: ")
    }

    /// Who asked is written under the description, where the window shows it; pinentry-tty has
    /// it in its title. Not written when the agent named no one (above).
    @Test func whoAskedIsWrittenUnderTheDescription() {
        var look = Self.plain
        look.askedBy = PageDetail(label: "Asked by", text: "gpg --sign report.txt")
        let request = PinRequest(description: "Please enter the passphrase", prompt: "Passphrase:")
        let dialog = TerminalPinDialog(request, look: look, rates: false, checks: false, now: 0)
        #expect(String(decoding: dialog.start(), as: UTF8.self)
                == "Please enter the passphrase\r\nAsked by gpg --sign report.txt\r\nPassphrase: ")
        let question = TerminalQuestion(ConfirmRequest(description: "Use this key?"), look: look, now: 0)
        #expect(String(decoding: question.start(), as: UTF8.self).hasPrefix("Use this key?\r\nAsked by gpg --sign report.txt\r\n"))
    }

    /// BackSpace takes back whole UTF-8 characters, Ctrl+U the entry; CR LF is one Enter.
    @Test func editing() {
        let run = type(TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0),
                       bytes("abé") + [0x7F, 0x7F] + bytes("zz") + [0x15] + bytes("ü€😀x") + [0x08] + [0x0D, 0x0A])
        #expect(secret(run.outcome) == bytes("ü€😀"))
    }

    /// Ctrl+W and Alt+BackSpace take back the last word and what follows it, as the terminal
    /// driver's word erase does at ssh's and pinentry-tty's prompts; on an empty entry they ring.
    @Test(arguments: [[0x17], [0x1B, 0x7F], [0x1B, 0x08]] as [[UInt8]])
    func theWordErase(key: [UInt8]) {
        func typed(_ input: [UInt8]) -> (text: String, secret: [UInt8]?) {
            let run = type(TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0), input)
            return (run.text, secret(run.outcome))
        }
        #expect(typed(bytes("correct horse") + key + bytes("battery\r")).secret == bytes("correct battery"))
        #expect(typed(bytes("пароль слово  ") + key + bytes("\r")).secret == bytes("пароль "))
        #expect(typed(bytes("user@host.example") + key + key + bytes("\r")).secret == bytes("user@"))
        #expect(typed(bytes("deploy_key") + key + bytes("x\r")).secret == bytes("x"))
        // A character half typed goes with the word before it.
        #expect(typed(bytes("one two") + [0xC3] + key + bytes("\r")).secret == bytes("one "))
        let empty = typed(key + bytes("a\r"))
        #expect(empty.secret == bytes("a") && empty.text == "PIN: \u{07}\r\n")
    }

    /// The terminal's own editing characters (`stty erase ^A werase ^B kill ^K eof ^X intr ^G`)
    /// do their work; the usual ones still do theirs, and a printable one stays a character.
    @Test func theTerminalsOwnEditingCharacters() {
        let own = TerminalLook(charset: .utf8, styled: false,
                               editing: TerminalEditingKeys(erase: 0x01, kill: 0x0B, wordErase: 0x02, endOfFile: 0x18,
                                                            interrupt: 0x07))
        func run(_ input: [UInt8], _ look: TerminalLook) -> PinOutcome? {
            type(TerminalPinDialog(PinRequest(), look: look, rates: false, checks: false, now: 0), input).outcome
        }
        let typed = bytes("gone") + [0x0B] + bytes("right wrong") + [0x02] + bytes("onf") + [0x01] + bytes("e")
            + [0x7F] + bytes("e") + [0x17] + bytes("one\r")
        #expect(secret(run(typed, own)) == bytes("right one"))
        // Control: on a terminal with the defaults, those bytes are refused controls.
        #expect(secret(run(typed, Self.plain)) == bytes("goneright one"))
        guard case .cancelled? = run([0x07], own), case .cancelled? = run([0x18], own) else {
            Issue.record("intr and eof did not cancel"); return
        }
        #expect(run([0x07], Self.plain) == nil, "Ctrl+G alone is no cancel on the defaults")
        let hash = TerminalEditingKeys(erase: 0x23, kill: nil, wordErase: nil, endOfFile: nil, interrupt: nil)
        #expect(hash.erase == nil)
        #expect(secret(run(bytes("a#b\r"), TerminalLook(charset: .utf8, styled: false, editing: hash))) == bytes("a#b"))
    }

    /// Bytes that make no character are refused, whatever they look like: past U+10FFFF, a
    /// surrogate, an overlong form (the fuzzer's find: F4 91 91 91 was taken as a character).
    @Test(arguments: [[0xF4, 0x91, 0x91, 0x91], [0xED, 0xA0, 0x80], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF]] as [[UInt8]])
    func malformedUTF8IsRefused(bad: [UInt8]) {
        let run = type(TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0),
                       bytes("a") + bad + bytes("\u{10FFFF}b\r"))
        #expect(secret(run.outcome) == bytes("a\u{10FFFF}b"))
    }

    @Test(arguments: [[0x1B] as [UInt8], [0x03], [0x04], bytes("ab") + [0x03]])
    func cancelKeys(keys: [UInt8]) {
        let run = type(TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0), keys)
        guard case .cancelled? = run.outcome else { Issue.record("not cancelled"); return }
        #expect(run.text == "PIN: \r\n")
    }

    /// An arrow key, Alt+key and F-keys are sequences, not Escape; Ctrl+D with text is refused.
    @Test func sequencesAreNotEscape() {
        let run = type(TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0),
                       bytes("a\u{1B}[Db\u{1B}OPc\u{1B}xd") + [0x04, 0x09] + bytes("\r"))
        #expect(secret(run.outcome) == bytes("abcd"))
        #expect(run.text == "PIN: \u{07}\u{07}\r\n")
    }

    @Test func aLoneEscapeWaitsForItsDeadline() {
        let dialog = TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0)
        _ = dialog.start()
        #expect(dialog.feed(0x1B, now: 1).outcome == nil)
        #expect(dialog.deadline == 1 + TerminalKeyReader.escapeWait)
        #expect(dialog.advance(to: 1.05).outcome == nil)
        guard case .cancelled? = dialog.advance(to: 1.2).outcome else { Issue.record("not cancelled"); return }
    }

    @Test func theRepeatAndItsMismatch() {
        let request = PinRequest(prompt: "Passphrase:",
                                 repeatPrompt: RepeatPrompt(prompt: "Repeat:", mismatchError: "does not match - try again"))
        let run = type(TerminalPinDialog(request, look: Self.plain, rates: false, checks: false, now: 0),
                       bytes("one\rtwo\rsame\rsame\r"))
        #expect(run.text == "Passphrase: \r\nRepeat: \r\n *** does not match - try again ***\r\nPassphrase: \r\nRepeat: \r\n")
        guard case .pin(let s, let repeated, _)? = run.outcome else { Issue.record("no pin"); return }
        #expect(repeated && s.withBytes { Array($0) } == bytes("same"))
    }

    /// Continued after a job-control stop: the prompt being answered is written again on the
    /// cursor's line (erased first where the terminal can), and what was typed before the stop
    /// is kept, still unseen.
    @Test func aStopAndFgWritesThePromptAgainAndKeepsWhatWasTyped() {
        let request = PinRequest(prompt: "Passphrase:",
                                 repeatPrompt: RepeatPrompt(prompt: "Repeat:", mismatchError: "does not match - try again"))
        let dialog = TerminalPinDialog(request, look: TerminalLook(), rates: false, checks: false, now: 0)
        _ = dialog.start()
        for byte in bytes("sec") { _ = dialog.feed(byte, now: 1) }
        #expect(String(decoding: dialog.redraw(), as: UTF8.self) == "\r\u{1B}[KPassphrase: ")
        for byte in bytes("ret\rsec") { _ = dialog.feed(byte, now: 2) }
        #expect(String(decoding: dialog.redraw(), as: UTF8.self) == "\r\u{1B}[KRepeat: ")
        var outcome: PinOutcome?
        for byte in bytes("ret\r") { outcome = dialog.feed(byte, now: 3).outcome ?? outcome }
        #expect(secret(outcome) == bytes("secret"))
        #expect(dialog.redraw().isEmpty, "nothing once answered")
        let plain = TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0)
        #expect(String(decoding: plain.redraw(), as: UTF8.self) == "\rPIN: ", "a dumb terminal: no erase")
    }

    @Test func theAgentsLimitIsSaidOnceAndNothingIsCut() {
        let request = PinRequest(limit: InputLimit(maxBytes: 4))
        let run = type(TerminalPinDialog(request, look: Self.plain, rates: false, checks: false, now: 0),
                       bytes("abcé") + bytes("de\r"))
        // é would pass the limit: refused whole, with the bell and a note; d still fits, e not.
        #expect(secret(run.outcome) == bytes("abcd"))
        #expect(run.text == "PIN: \u{07}\r\n(no more than 4 bytes can be given to gpg-agent)\u{07}\r\n")
    }

    /// A quality bar: each change asks the agent; its figure goes after the prompt, the cursor
    /// saved and put back, so nothing moves where the next key goes.
    @Test func theQualityFigure() {
        let request = PinRequest(prompt: "Passphrase:", qualityBar: QualityBar(label: "Quality:"))
        var figures: [Int] = []
        let run = type(TerminalPinDialog(request, look: TerminalLook(), rates: true, checks: false, now: 0),
                       bytes("ab") + [0x7F] + bytes("\r")) { ask, dialog in
            #expect(ask == .rate)
            let value = dialog.entry.count * 10 - 15
            figures.append(value)
            return dialog.rated(value)
        }
        #expect(figures == [-5, 5, -5])
        #expect(run.text.hasPrefix("Passphrase: \u{1B}[K\u{1B}7   [\u{1B}[31mQuality: -5 %\u{1B}[0m]\u{1B}8\u{1B}[K\u{1B}7   [Quality: 5 %"))
    }

    /// `constraints-enforce`: the agent's refusal is shown under its title and the passphrase
    /// asked for again; a pass gives it over.
    @Test func theAgentsConstraints() {
        var options = PinentryOptions()
        options.constraintsErrorTitle = "Passphrase Not Allowed"
        let request = PinRequest(prompt: "Passphrase:", repeatPrompt: RepeatPrompt(prompt: "Repeat:", mismatchError: "x"),
                                 options: options)
        let dialog = TerminalPinDialog(request, look: Self.plain, rates: false, checks: true, now: 0)
        var checked: [[UInt8]] = []
        var out = dialog.start()
        var outcome: PinOutcome?
        for byte in bytes("short\rshort\rlonger one\rlonger one\r") where outcome == nil {
            let step = dialog.feed(byte, now: 1)
            out += step.output
            if step.ask == .check {
                checked.append(dialog.entry.withBytes { Array($0) })
                let verdict: ConstraintCheck = checked.count == 1 ? .refused("Too short.\nUse 8.") : .passed
                let after = dialog.checked(verdict, now: 1)
                out += after.output
                outcome = after.outcome
            }
        }
        #expect(checked == [bytes("short"), bytes("longer one")])
        #expect(String(decoding: out, as: UTF8.self) == "Passphrase: \r\nRepeat: \r\n *** Passphrase Not Allowed\r\n *** Too short.\r\n *** Use 8.\r\nPassphrase: \r\nRepeat: \r\n")
        #expect(secret(outcome) == bytes("longer one"))
    }

    /// SETTIMEOUT as pinentry-gtk-2 honours it: a dialog nobody types into gives up, one the
    /// user has typed into waits for them, and nothing typed is lost.
    @Test func theAgentsTimeoutEndsWhenTheUserTypes() {
        let untouched = TerminalPinDialog(PinRequest(timeout: 5), look: Self.plain, rates: false, checks: false, now: 0)
        _ = untouched.start()
        #expect(untouched.deadline == 5)
        #expect(untouched.advance(to: 4.9).outcome == nil)
        guard case .timedOut? = untouched.advance(to: 5).outcome else { Issue.record("no timeout"); return }

        let typed = TerminalPinDialog(PinRequest(timeout: 5), look: Self.plain, rates: false, checks: false, now: 0)
        _ = typed.start()
        _ = typed.feed(0x61, now: 4)
        #expect(typed.deadline == nil)
        #expect(typed.advance(to: 600).outcome == nil)
        #expect(secret(typed.feed(0x0D, now: 601).outcome) == bytes("a"))
    }

    /// Caller text cannot drive the terminal: its controls and bidi overrides show as `?`.
    @Test func callerTextIsDefused() {
        let request = PinRequest(description: "evil\u{1B}]0;title\u{07}\u{9B}2J\u{202E}x\tend")
        let text = TerminalPinDialog(request, look: TerminalLook(), rates: false, checks: false, now: 0).start()
        #expect(String(decoding: text, as: UTF8.self) == "evil?]0;title??2J?x end\r\nPIN: ")
    }

    /// A Latin-1 terminal (`lc-ctype=de_DE.ISO-8859-1`): texts are written in it, keys are read
    /// from it and the passphrase reaches the agent as UTF-8; a character the set lacks is `?`.
    @Test func aLatin1Terminal() {
        var high = [Unicode.Scalar?](repeating: nil, count: 128)
        for i in 0x20..<0x80 { high[i] = Unicode.Scalar(UInt32(0x80 + i)) }
        let look = TerminalLook(charset: .singleByte(name: "ISO-8859-1", high: high), styled: false)
        let request = PinRequest(description: "Schlüssel für €", prompt: "Passphrase:")
        let run = type(TerminalPinDialog(request, look: look, rates: false, checks: false, now: 0), [0x61, 0xFC, 0xDF, 0x0D])
        #expect(Array(run.text.utf8).count > 0)
        let dialog = TerminalPinDialog(request, look: look, rates: false, checks: false, now: 0)
        #expect(dialog.start() == [0x53, 0x63, 0x68, 0x6C, 0xFC, 0x73, 0x73, 0x65, 0x6C, 0x20, 0x66, 0xFC, 0x72, 0x20, 0x3F]
                + bytes("\r\nPassphrase: "))
        #expect(secret(run.outcome) == bytes("aüß"))
    }

    /// Typography the terminal's set lacks is written in its plain ASCII form: the agent's German
    /// quotes and dashes, a shortened command line's "…" and a hidden option's "•••"; a
    /// character with no such form is `?`. What the set has («» in Latin-1) stays itself.
    @Test func typographyALegacyTerminalLacksIsWrittenPlain() {
        var high = [Unicode.Scalar?](repeating: nil, count: 128)
        for i in 0x20..<0x80 { high[i] = Unicode.Scalar(UInt32(0x80 + i)) }
        let latin1 = TerminalCharset.singleByte(name: "ISO-8859-1", high: high)
        let text = "„Schlüssel“ – «ID» gpg --passphrase ••• … ☃"
        #expect(latin1.encode(text) == Array("\"Schl".utf8) + [0xFC] + Array("ssel\" - ".utf8) + [0xAB]
                + Array("ID".utf8) + [0xBB] + Array(" gpg --passphrase *** ... ?".utf8))
        #expect(TerminalCharset.asciiOnly(name: "EUC-JP").encode(text)
                == Array("\"Schl?ssel\" - \"ID\" gpg --passphrase *** ... ?".utf8))
        #expect(TerminalCharset.utf8.encode(text) == Array(text.utf8))
    }

    /// A multi-byte set other than UTF-8: ASCII keys only, the rest refused with the bell.
    @Test func anAsciiOnlyTerminal() {
        let look = TerminalLook(charset: .asciiOnly(name: "EUC-JP"), styled: false)
        let run = type(TerminalPinDialog(PinRequest(description: "鍵"), look: look, rates: false, checks: false, now: 0),
                       [0x61, 0xB8, 0xB0, 0x62, 0x0D])
        #expect(run.text == "?\r\nPIN: \u{07}\u{07}\r\n")
        #expect(secret(run.outcome) == bytes("ab"))
    }

    @Test func aHangUpCancelsAndWipes() {
        let dialog = TerminalPinDialog(PinRequest(), look: Self.plain, rates: false, checks: false, now: 0)
        _ = dialog.start()
        _ = dialog.feed(0x61, now: 1)
        let entry = dialog.entry
        guard case .cancelled? = dialog.hungUp().outcome else { Issue.record("not cancelled"); return }
        #expect(entry.isEmpty)
    }
}

/// CONFIRM and MESSAGE on the terminal.
@Suite struct TerminalQuestionTests {
    func ask(_ request: ConfirmRequest, _ input: [UInt8], styled: Bool = false) -> (text: String, answer: TerminalQuestion.Answer?) {
        let question = TerminalQuestion(request, look: TerminalLook(charset: .utf8, styled: styled), now: 0)
        var out = question.start()
        var answer: TerminalQuestion.Answer?
        for byte in input where answer == nil {
            let step = question.feed(byte, now: 1)
            out += step.output
            answer = step.answer
        }
        if answer == nil { answer = question.advance(to: 2).answer }
        return (String(decoding: out, as: UTF8.self), answer)
    }

    @Test func theAgentsButtonsAndTheirKeys() {
        let request = ConfirmRequest(description: "Do you trust it?", okLabel: "_Yes", cancelLabel: "_Cancel", notOKLabel: "_No")
        let run = ask(request, bytes("n"))
        #expect(run.text == "Do you trust it?\r\n  Yes (y)\r\n  Cancel (c)\r\n  No (n)\r\n[ycn]? n\r\n")
        #expect(run.answer == .notOK)
        #expect(ask(request, bytes("Y")).answer == .ok)
        // Enter answers nothing: no button has the focus (pinentry-tty's "Invalid selection.").
        let enter = ask(request, bytes("\r"))
        #expect(enter.answer == nil && enter.text.hasSuffix("[ycn]? \r\nInvalid selection.\r\n[ycn]? "))
        #expect(ask(request, bytes("\ry")).answer == .ok)
        #expect(ask(request, [0x1B]).answer == .cancelled)
        #expect(ask(request, [0x03]).answer == .cancelled)
    }

    @Test func styledButtonsUnderlineTheirKey() {
        let run = ask(ConfirmRequest(okLabel: "_OK", cancelLabel: "_Cancel"), bytes("x"), styled: true)
        #expect(run.text.hasPrefix("  \u{1B}[4mO\u{1B}[0mK\r\n  \u{1B}[4mC\u{1B}[0mancel\r\n[oc]? \r\nInvalid selection.\r\n[oc]? "))
        #expect(run.answer == nil)
        // A label with no ASCII letter has no key to underline: the key is named, as plain.
        let russian = ask(ConfirmRequest(okLabel: "Удалить ключ", cancelLabel: "Нет"), bytes("o"), styled: true)
        #expect(russian.text.hasPrefix("  Удалить ключ (o)\r\n  Нет (c)\r\n[oc]? o"), "\(russian.text)")
        #expect(russian.answer == .ok)
    }

    /// Two labels with the same letter: the second takes its next free one, as a user reads it.
    @Test func clashingKeys() {
        let run = ask(ConfirmRequest(okLabel: "_Continue", cancelLabel: "_Cancel"), bytes("a"))
        #expect(run.text.hasPrefix("  Continue (c)\r\n  Cancel (a)\r\n[ca]? a"))
        #expect(run.answer == .cancelled)
    }

    /// Continued after a job-control stop: the question's line again, on the cursor's line.
    @Test func aStopAndFgAsksTheQuestionAgain() {
        let question = TerminalQuestion(ConfirmRequest(description: "Sure?"), look: TerminalLook(), now: 0)
        _ = question.start()
        #expect(String(decoding: question.redraw(), as: UTF8.self) == "\r\u{1B}[K[oc]? ")
        #expect(question.feed(bytes("o")[0], now: 1).answer == .ok)
        #expect(question.redraw().isEmpty)
    }

    @Test func aMessageTakesAnyKey() {
        let run = ask(ConfirmRequest(description: "Use the reader's pinpad for input.", isMessage: true), bytes("q"))
        #expect(run.text == "Use the reader's pinpad for input.\r\n  OK (o)\r\nPress any key to continue.\r\n")
        #expect(run.answer == .ok)
    }
}
