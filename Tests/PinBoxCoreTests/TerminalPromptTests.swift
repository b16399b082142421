// SPDX-License-Identifier: MIT
import PinBoxCore
import Testing

/// The askpass's question on a terminal: what is written, what is echoed, what a line means.
@Suite struct TerminalPromptTests {
    func prompt(_ text: String, hint: AskpassHint = .none) -> TerminalPrompt {
        TerminalPrompt(kind: PromptKind(askpass: text, hint: hint), prompt: text, limit: 1022)
    }

    func verdict(_ p: TerminalPrompt, _ line: String) -> TerminalPrompt.Verdict {
        Array(line.utf8).withUnsafeBufferPointer { p.verdict($0) }
    }

    /// Secrets are not echoed; a name, a code and ssh's question are, as at the callers' own
    /// prompts; a notice reads nothing.
    @Test func whatIsEchoed() {
        #expect(prompt("[sudo] password for alice: ").reading == .line(echoed: false))
        #expect(prompt("Enter passphrase for /home/alice/.ssh/id_ed25519: ").reading == .line(echoed: false))
        #expect(prompt("Enter PIN for authenticator: ").reading == .line(echoed: false))
        #expect(prompt("Username for 'https://git.example.com': ").reading == .line(echoed: true))
        #expect(prompt("Allow use of key k?", hint: .confirm).reading == .line(echoed: true))
        #expect(prompt("Confirm user presence for key ED25519-SK SHA256:x", hint: .notice).reading == .nothing)
    }

    /// The prompt as the caller wrote it, its line breaks kept (the terminal's character set
    /// makes them CR LF); a control or a reordering mark written out, so that a caller's text
    /// cannot drive the terminal.
    @Test func theOpening() {
        #expect(prompt("[sudo] password for alice: ").opening == "[sudo] password for alice: ")
        #expect(prompt("Password:").opening == "Password: ")
        let question = "The authenticity of host 'h' can't be established.\nAre you sure (yes/no/[fingerprint])? "
        #expect(prompt(question).opening
            == "The authenticity of host 'h' can't be established.\nAre you sure (yes/no/[fingerprint])? ")
        #expect(prompt("Pass\u{1B}[2Jword\u{202E}: ").opening == "Pass\\u{1b}[2Jword\\u{202e}: ")
        #expect(prompt("Allow use of key k?\nKey fingerprint SHA256:x.", hint: .confirm).opening
            == "Allow use of key k?\nKey fingerprint SHA256:x. (yes/no) ")
        #expect(prompt("Confirm user presence for key ED25519-SK SHA256:x", hint: .notice).opening
            == "Confirm user presence for key ED25519-SK SHA256:x\n")
    }

    @Test func aQuestionTakesYesOrNoAndAsksAgainForAnythingElse() {
        let q = prompt("Allow use of key k?", hint: .confirm)
        for yes in ["yes", "y", "YES", "Yes"] { #expect(verdict(q, yes) == .yes) }
        for no in ["no", "n", "No"] { #expect(verdict(q, no) == .no) }
        for other in ["", "maybe", "yes please", " yes"] {
            guard case .again = verdict(q, other) else { Issue.record("\(other) was taken"); continue }
        }
    }

    /// An answer is the line as typed, up to the caller's limit; a longer one is refused in
    /// words, not cut (ssh would cut it where it stops reading, and the passphrase be wrong).
    @Test func anAnswerUpToTheLimit() {
        let p = prompt("Password: ")
        #expect(verdict(p, "") == .answer)
        #expect(verdict(p, String(repeating: "x", count: 1022)) == .answer)
        guard case .again(let say) = verdict(p, String(repeating: "x", count: 1023)) else {
            Issue.record("a line past the limit was taken"); return
        }
        #expect(say.contains("1022"))
    }

    /// sudo's command, when known, goes on a line of its own before the question, written once,
    /// its controls written out as the prompt's are; with none, nothing goes before it.
    @Test func whoAskedIsWrittenAboveTheQuestion() {
        var question = prompt("[sudo] password for alice: ")
        #expect(question.heading == "")
        question.askedBy = .askedBy("sudo apt \u{1B}[2Jupgrade")
        #expect(question.heading == "Asked by sudo apt \\u{1b}[2Jupgrade\n")
        #expect(question.opening == "[sudo] password for alice: ", "the question itself is as it was")
    }

    /// `pinbox askpass --digits --length 6` holds the line to what its window would take, in
    /// the window's words; a caller's own prompt takes any line (the control).
    @Test func whatTheAskpassWasToldToTake() {
        let pin = TerminalPrompt(kind: .pin(.user), prompt: "PIN: ", limit: 1022, accepts: .digits, length: 6)
        let word = TerminalPrompt(kind: .passphrase, prompt: "Passphrase: ", limit: 1022, length: 3)
        #expect(verdict(pin, "123456") == .answer)
        #expect(verdict(pin, "12345a") == .again(say: "Digits only"))
        #expect(verdict(pin, "12345") == .again(say: "Enter all 6 digits"))
        #expect(verdict(pin, "1234567") == .again(say: "Enter all 6 digits"))
        // Persian digits are digits, handed over in ASCII as the window hands them; a number that
        // is no decimal digit is not.
        #expect(verdict(pin, "۱۲۳۴۵۶") == .answer)
        #expect(verdict(pin, "12345²") == .again(say: "Digits only"))
        #expect(verdict(pin, "12345\u{FF}") == .again(say: "Digits only"))
        let persian = SecretBuffer(capacity: 64), ascii = SecretBuffer(capacity: 8)
        persian.append(contentsOf: Array("۱۲۳۴۵۶".utf8))
        ascii.append(contentsOf: Array("123456".utf8))
        let given = pin.answer(persian)
        #expect(given !== persian && given.withBytes { Array($0) } == Array("123456".utf8))
        #expect(pin.answer(ascii) === ascii, "ASCII digits are handed over as they are")
        #expect(word.answer(persian) === persian, "a passphrase is handed over as typed")
        #expect(verdict(word, "äöü") == .answer)
        #expect(verdict(word, "äö") == .again(say: "Enter all 3 characters"))
        #expect(verdict(prompt("PIN: "), "12a") == .answer)
    }
}
