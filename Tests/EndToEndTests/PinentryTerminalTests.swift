// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// No display: the real gpg-agent and gpg in a temporary GNUPGHOME, `gpg -d` of a `gpg -c`
/// file under `script` (a real pty) with DISPLAY empty and GPG_TTY the pty, the passphrase
/// typed on the pty. The pty's modes (`stty -a`) are compared before and after each way the
/// dialog can end, and nothing typed may show in what the pty displayed.
@Suite("pinentry-pinbox on the terminal when there is no display", .endToEnd)
final class PinentryTerminalTests {
    let home = NSTemporaryDirectory() + "pinbox-tty-\(UUID().uuidString)"
    var link: String { home + "/pinentry-pinbox" }

    init() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PinBoxProcess.binary)
        try "pinentry-program \(link)\n".write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        try "the secret text\n".write(toFile: home + "/plain.txt", atomically: true, encoding: .utf8)
        let made = try Child(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "right one",
                              "--symmetric", "--output", home + "/plain.gpg", home + "/plain.txt"],
                             environment: environment, capture: true)
        #expect(made.wait() == 0)
        // The agent keeps a passphrase it was given: a new one must ask.
        _ = try run(["gpgconf", "--homedir", home, "--kill", "gpg-agent"])
    }

    deinit {
        endAgent(home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    /// No display anywhere; a terminal type that takes escape sequences.
    var environment: [String: String] { ["GNUPGHOME": home, "DISPLAY": "", "TERM": "xterm", "GPG_TTY": ""] }

    /// `gpg -d` as the command's step `n`: its status printed as `rc<n>=…`, the plaintext to a file.
    func decrypt(_ n: Int) -> String {
        "gpg --pinentry-mode ask --output \(home)/out\(n).txt --decrypt \(home)/plain.gpg; echo rc\(n)=$?"
    }

    /// The pty's modes before and after, in files named for this run; `modes` are set first.
    func script(_ steps: [String], modes: String? = nil) -> String {
        let start = ["export GPG_TTY=$(tty)"] + (modes.map { ["stty \($0)"] } ?? []) + ["stty -a > \(home)/before"]
        return (start + steps + ["stty -a > \(home)/after"]).joined(separator: "; ")
    }

    func modesKept() throws -> Bool { try terminalModesKept(in: home) }

    @Test func aWrongPassphraseThenTheRightOneDecryptOnThePty() throws {
        let pty = try Pty(script([decrypt(1), decrypt(2)]), environment: environment)
        try pty.waitFor("Passphrase: ")
        pty.type("wrong one\r")
        try pty.waitFor("rc1=")
        try pty.waitFor("Passphrase: ", count: 2)
        // Typed with a slip taken back: BackSpace over a UTF-8 character, then Ctrl+U over all.
        pty.type("é\u{7F}xyz\u{15}right one\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc1=2") && pty.shown.contains("rc2=0"), "\(pty.shown)")
        #expect(pty.shown.contains("Please enter the passphrase for decryption."))
        #expect(try String(contentsOfFile: home + "/out2.txt", encoding: .utf8) == "the secret text\n")
        for typed in ["wrong", "right", "one", "xyz", "é", "*"] { #expect(!pty.shown.contains(typed), "\(typed) was echoed") }
        #expect(try modesKept())
    }

    /// The program the agent asks for is named under the description, as in the window:
    /// gpg's command line, shortened to fit.
    @Test func theProgramThatAskedIsNamedOnTheTerminal() throws {
        let pty = try Pty(script([decrypt(1)]), environment: environment)
        try pty.waitFor("Passphrase: ")
        let shown = pty.shown
        #expect(shown.contains("Please enter the passphrase for decryption.\r\n"
                               + "Asked by gpg --pinentry-mode ask … …/out1.txt --decrypt …/plain.gpg\r\n"), "\(shown)")
        pty.type("right one\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc1=0"), "\(pty.shown)")
    }

    /// A caller writes its own command line: one holding escape sequences (clear the screen,
    /// set the terminal's title) is named without them, each control character shown as
    /// U+FFFD; the words around them are shown as typed.
    @Test func aCallersCommandLineCannotDriveTheTerminal() throws {
        let ask = "gpg-connect-agent \"$(printf '\\033[2J\\033]2;owned\\007')\" "
            + "'GET_PASSPHRASE --data X1 X Passphrase: Enter' /bye; echo rc1=$?"
        let pty = try Pty(script([ask]), environment: environment)
        try pty.waitFor("Passphrase: ")
        let named = "Asked by gpg-connect-agent \u{FFFD}[2J\u{FFFD}]2;owned\u{FFFD} … /bye\r\n"
        #expect(pty.shown.contains(named), "\(pty.shown.debugDescription)")
        let escape = Array("\u{1B}[2J".utf8), title = Array("\u{1B}]2;".utf8)
        for sequence in [escape, title] {
            #expect(!pty.shownBytes.indices.contains { pty.shownBytes[$0...].starts(with: sequence) },
                    "\(pty.shown.debugDescription)")
        }
        pty.type("x\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("D x"), "\(pty.shown)")
    }

    /// Ctrl+W takes back the last word, as the terminal driver's word erase does at ssh's,
    /// sudo's and pinentry-tty's hidden prompts (on 891dd10's build it was refused with the
    /// bell, and the passphrase kept the word).
    @Test func ctrlWTakesBackAWord() throws {
        let pty = try Pty(script([decrypt(1)]), environment: environment)
        try pty.waitFor("Passphrase: ")
        pty.type("right wrong\u{17}one\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc1=0"), "\(pty.shown)")
        #expect(try String(contentsOfFile: home + "/out1.txt", encoding: .utf8) == "the secret text\n")
        #expect(try modesKept())
    }

    /// The user's own editing characters (`stty erase`, `werase`, `kill`) are the dialog's:
    /// here ^A, ^B and ^K, which the defaults refuse as controls.
    @Test func theTerminalsOwnEditingCharacters() throws {
        let pty = try Pty(script([decrypt(1)], modes: "erase ^A werase ^B kill ^K"), environment: environment)
        try pty.waitFor("Passphrase: ")
        pty.type("gone\u{0B}right wrong\u{02}onf\u{01}e\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc1=0"), "\(pty.shown)")
        #expect(try String(contentsOfFile: home + "/out1.txt", encoding: .utf8) == "the secret text\n")
        let modes = try String(contentsOfFile: home + "/after", encoding: .utf8)
        #expect(modes.contains("erase = ^A") && modes.contains("werase = ^B") && modes.contains("kill = ^K"), "\(modes)")
        #expect(try modesKept())
    }

    /// The agent names a file to touch (its socket) once the terminal is left as it was, as
    /// pinentry-curses touches it: the file's time moves on from when the agent made it. (The
    /// kernel stamps it from a clock a tick coarse: compared with the time it had, not with ours.)
    @Test func theAgentsTouchFileIsTouchedOnceTheTerminalIsLeft() throws {
        let pty = try Pty(script([decrypt(1)]), environment: environment)
        try pty.waitFor("Passphrase: ")
        let socket = try run(["gpgconf", "--list-dirs", "agent-socket"], environment: environment).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        func modified() throws -> Date {
            try #require(try FileManager.default.attributesOfItem(atPath: socket)[.modificationDate] as? Date)
        }
        let made = try modified()
        usleep(50_000)  // more than a tick of that clock
        pty.type("right one\r")
        try pty.waitFor("rc1=0")
        let after = try modified()
        #expect(after > made, "\(socket): made \(made.timeIntervalSince1970), now \(after.timeIntervalSince1970)")
    }

    /// A display the dialog cannot draw on (an 8-bit screen, no TrueColor visual) is as good as
    /// none: the terminal asks, rather than the agent hearing "Operation cancelled".
    @Test func aScreenTheDialogCannotDrawOnGivesTheTerminal() throws {
        let xvfb = try Xvfb(size: "1024x768x8")
        var environment = self.environment
        environment["DISPLAY"] = xvfb.display
        let pty = try Pty(script([decrypt(1)]), environment: environment)
        try pty.waitFor("Passphrase: ")
        pty.type("right one\r")
        try pty.waitFor("rc1=0")
        #expect(try String(contentsOfFile: home + "/out1.txt", encoding: .utf8) == "the secret text\n")
    }

    @Test func ctrlCIsTheAgentsCancel() throws {
        let pty = try Pty(script([decrypt(1)]), environment: environment)
        try pty.waitFor("Passphrase: ")
        pty.type("abc\u{03}")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("gpg: cancelled by user") && pty.shown.contains("rc1=2"), "\(pty.shown)")
        #expect(!pty.shown.contains("abc"))
        #expect(try modesKept())
    }

    /// A terminal in ISO 8859-1 (gpg's `lc-ctype`, here a locale not even installed: its name
    /// says the set): the agent's UTF-8 description is written in Latin-1 (€, which it lacks, as
    /// `?`), the typed Latin-1 bytes reach the agent as UTF-8. The agent's lines come through a
    /// FIFO, its answer goes to a file.
    @Test func aLatin1TerminalGetsLatin1AndTheAgentGetsUTF8() throws {
        let fifo = home + "/agent", answer = home + "/answer"
        #expect(mkfifo(fifo, 0o600) == 0)
        let pty = try Pty("\(link) < \(fifo) > \(answer); echo done=$?", environment: environment)
        let agent = open(fifo, O_RDWR)
        defer { close(agent) }
        let ttyName = try waitForTerminal(of: pty)
        // gpg-agent's German quotes, which Latin-1 lacks, in their plain form; the euro sign, which
        // has none, as "?".
        let lines = "OPTION ttyname=\(ttyName)\nOPTION lc-ctype=de_DE.ISO-8859-1\nSETDESC „Schlüssel“ für 5 €%0A\n"
            + "SETPROMPT Passwort:\nGETPIN\n"
        _ = Array(lines.utf8).withUnsafeBytes { write(agent, $0.baseAddress!, $0.count) }
        try pty.waitFor("Passwort: ")
        #expect(pty.shownBytes.starts(with: [0x22, 0x53, 0x63, 0x68, 0x6C, 0xFC, 0x73, 0x73, 0x65, 0x6C, 0x22, 0x20, 0x66,
                                            0xFC, 0x72, 0x20, 0x35, 0x20, 0x3F]), "\(pty.shownBytes)")
        pty.type(bytes: [0x61, 0xFC, 0xDF, 0x0D])  // "aüß" in Latin-1
        let deadline = Date().addingTimeInterval(10)
        while !((try? String(contentsOfFile: answer, encoding: .utf8)) ?? "").contains("\nOK\n") {
            guard Date() < deadline else { throw TestFailure("no answer: \(pty.shown)") }
            usleep(20_000)
        }
        _ = Array("BYE\n".utf8).withUnsafeBytes { write(agent, $0.baseAddress!, $0.count) }
        #expect(try pty.finish() == 0)
        #expect(try String(contentsOfFile: answer, encoding: .utf8).contains("\nD aüß\nOK\n"))
    }

    /// `OPTION ttyalert` (or `--ttyalert`), as pinentry-curses takes it, for a terminal the user
    /// is not looking at: the bell, or the screen in reverse video a moment (DECSCNM on, then
    /// off), before anything else of the dialog; `none` (the control) writes nothing before it.
    @Test(arguments: [("beep", [0x07]), ("flash", Array("\u{1B}[?5h\u{1B}[?5l".utf8)), ("none", [])] as [(String, [UInt8])])
    func theTerminalsAlertComesFirst(mode: String, alert: [UInt8]) throws {
        let answer = home + "/answer"
        let pty = try Pty("printf 'OPTION ttyname=%s\\nOPTION ttyalert=\(mode)\\nSETPROMPT Passphrase:\\nGETPIN\\n' \"$(tty)\" "
                          + "| \(link) > \(answer); echo done=$?", environment: environment)
        try pty.waitFor("Passphrase: ")
        #expect(pty.shownBytes.starts(with: alert + Array("Passphrase: ".utf8)), "\(pty.shown.debugDescription)")
        pty.type("abc\r")
        try pty.waitFor("done=0")
        #expect(try pty.finish() == 0)
        #expect(try String(contentsOfFile: answer, encoding: .utf8).hasSuffix("\nD abc\nOK\n"))
    }

    /// Commands piped in (`printf … | pinentry-pinbox`, as scripts use a pinentry): the end of
    /// stdin does not cancel the dialog; the passphrase typed on the terminal comes back, as
    /// from pinentry-curses.
    @Test func aScriptPipedInGetsItsAnswerOnTheTerminal() throws {
        let answer = home + "/answer"
        let pty = try Pty("printf 'OPTION ttyname=%s\\nSETPROMPT Passphrase:\\nGETPIN\\n' \"$(tty)\" | \(link) > \(answer); echo done=$?",
                          environment: environment)
        try pty.waitFor("Passphrase: ")
        pty.type("abc\r")
        try pty.waitFor("done=0")
        #expect(try pty.finish() == 0)
        #expect(try String(contentsOfFile: answer, encoding: .utf8).hasSuffix("\nD abc\nOK\n"))
    }

    /// A job-control stop in an interactive shell (`kill -TSTP` to the job, then `fg`): the
    /// shell's modes are given back while the pinentry is stopped, and once it is in the
    /// foreground again it takes its own back and asks again (that what was typed before the
    /// stop is kept is TerminalDialogTests'). It came back with the shell's `isig icanon echo`
    /// and showed the passphrase as typed.
    @Test func aStoppedPinentryAsksAgainAfterFgWithNothingEchoed() throws {
        let answer = home + "/answer"
        // The shell's prompt shows once at the start, once when the job stops, once when it ends.
        let pty = try Pty("bash --norc --noprofile -i", environment: environment.merging(["PS1": "ready> "]) { $1 })
        try pty.waitFor("ready> ")
        pty.type("printf 'SETPROMPT Passphrase:\\nGETPIN\\n' | \(link) > \(answer)\r")
        try pty.waitFor("Passphrase: ")
        let pinentry = try waitStarted(link)
        kill(-getpgid(pinentry), SIGTSTP)
        try pty.waitFor("Stopped")
        try pty.waitFor("ready> ", count: 2)
        pty.type("fg\r")
        try pty.waitFor("Passphrase: ", count: 2)
        // Ctrl+Z is still a key the dialog passes over (with the bell), not a stop.
        pty.type("sec\u{1A}ret\r")
        try pty.waitFor("ready> ", count: 3)
        pty.type("echo done=$?\r")
        try pty.waitFor("done=0")
        pty.type("exit\r")
        #expect(try pty.finish() == 0)
        #expect(try String(contentsOfFile: answer, encoding: .utf8).hasSuffix("\nD secret\nOK\n"))
        for typed in ["sec", "ret", "^Z"] { #expect(!pty.shown.contains(typed), "\(typed) was echoed: \(pty.shown)") }
    }

    /// PinBox's own words on the terminal are in the language the agent names (`OPTION
    /// lc-messages`), from the catalogues the window uses: the default Cancel, "Invalid
    /// selection." and the repeat's mismatch were English under a German agent.
    @Test func theTerminalsOwnWordsFollowTheAgentsLanguage() throws {
        let prefix = try TranslationTests.installed(in: home)
        let answer = home + "/answer"
        let lines = "OPTION ttyname=%s\\nOPTION lc-messages=de_DE.UTF-8\\nSETDESC x\\nCONFIRM\\n"
            + "SETPROMPT Passphrase:\\nSETREPEAT Repeat:\\nGETPIN\\n"
        let pty = try Pty("printf '\(lines)' \"$(tty)\" | \(prefix)/bin/pinentry-pinbox > \(answer); echo done=$?",
                          environment: environment)
        try pty.waitFor("[oa]? ")
        #expect(pty.shown.contains("bbrechen"), "\(pty.shown)")  // its A underlined
        pty.type("x")
        try pty.waitFor("Ungültige Auswahl.")
        pty.type("a")
        try pty.waitFor("Passphrase: ")
        pty.type("one\rtwo\r")
        try pty.waitFor("stimmt nicht überein - bitte noch einmal versuchen")
        pty.type("same\rsame\r")
        try pty.waitFor("done=0")
        #expect(try pty.finish() == 0)
        let said = try String(contentsOfFile: answer, encoding: .utf8)
        #expect(said.contains("\nERR 83886179 Operation cancelled <Pinentry>\n") && said.hasSuffix("\nD same\nOK\n"), "\(said)")
    }

    /// A display named but unusable (here an 8-bit screen) sends the request to the terminal,
    /// and the pinentry says why on stderr first, as it does when the terminal fails too; with
    /// no display named (the control) the terminal is the usual way and nothing is said.
    @Test func theTerminalAskingInsteadOfANamedDisplaySaysWhy() throws {
        let xvfb = try Xvfb(size: "1024x768x8")
        for display in [xvfb.display, ""] {
            let answer = home + "/answer", said = home + "/said"
            let pty = try Pty("printf 'OPTION ttyname=%s\\nSETPROMPT Passphrase:\\nGETPIN\\n' \"$(tty)\" "
                              + "| DISPLAY=\(display) \(link) > \(answer) 2> \(said); echo done=$?", environment: environment)
            try pty.waitFor("Passphrase: ")
            pty.type("abc\r")
            try pty.waitFor("done=0")
            #expect(try pty.finish() == 0)
            #expect(try String(contentsOfFile: answer, encoding: .utf8).hasSuffix("\nD abc\nOK\n"))
            let why = try String(contentsOfFile: said, encoding: .utf8)
            #expect(why == (display.isEmpty ? ""
                : "pinbox: the X screen is 8-bit and offers no 24- or 32-bit TrueColor visual\n"), "\(display): \(why)")
        }
    }

    /// The pty `script` made: the tty its shell's children have.
    func waitForTerminal(of pty: Pty) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        while true {
            for pid in children(of: pty.child.pid, named: "") {
                for child in [pid] + children(of: pid, named: "") {
                    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/fd/2"),
                       target.hasPrefix("/dev/pts/") { return target }
                }
            }
            guard Date() < deadline else { throw TestFailure("script made no terminal") }
            usleep(20_000)
        }
    }

    /// Every way the pinentry can be ended from outside puts the pty back as it was: SIGTERM,
    /// SIGHUP, and the agent's own SIGINT, which ends the "use the reader's pinpad" notice once
    /// the card (a stand-in scdaemon) is done with it.
    @Test(arguments: ["TERM", "HUP", "INT from the agent"])
    func aSignalRestoresTheTerminal(_ how: String) throws {
        let pinpad = how.hasPrefix("INT")
        let scd = home + "/scdaemon.py"
        if pinpad {
            try Self.pinpadScdaemon.write(toFile: scd, atomically: true, encoding: .utf8)
            chmod(scd, 0o755)
            try "pinentry-program \(link)\nscdaemon-program \(scd)\n".write(toFile: home + "/gpg-agent.conf",
                                                                             atomically: true, encoding: .utf8)
        }
        // The shell waits for a line before it looks at the modes again: only once the
        // pinentry is gone.
        let step = pinpad ? "gpg-connect-agent 'SCD CHECKPIN D2760001240102000006123456780000' /bye; echo rc1=$?"
            : decrypt(1)
        let pty = try Pty(script([step, "read go"]), environment: environment)
        try pty.waitFor(pinpad ? "Press any key to continue." : "Passphrase: ")
        let pinentry = try waitForPinentry(agentHome: home)
        switch how {
        case "TERM": kill(pinentry, SIGTERM)
        case "HUP": kill(pinentry, SIGHUP)
        default: #expect(FileManager.default.createFile(atPath: scd + ".go", contents: Data()))  // the card is done
        }
        try waitEnded(pinentry)
        try pty.waitFor("rc1=")
        pty.type("go\r")
        #expect(try pty.finish() == 0)
        if pinpad { #expect(pty.shown.contains("Use the reader's pinpad"), "\(pty.shown)") }
        #expect(try modesKept())
    }

    /// A stand-in scdaemon for a reader with a pinpad: CHECKPIN makes the agent show its notice
    /// (INQUIRE POPUPPINPADPROMPT), and once the test says so the card is done and the agent
    /// takes the notice away with SIGINT (INQUIRE DISMISSPINPADPROMPT).
    static let pinpadScdaemon = """
        #!/usr/bin/python3
        import os, sys, time
        go = sys.argv[0] + ".go"
        def out(s):
            sys.stdout.write(s + "\\n"); sys.stdout.flush()
        def answer():
            for data in sys.stdin:
                if data.startswith("END") or data.startswith("CAN") or data.startswith("ERR"): return
        out("OK stand-in scdaemon")
        for line in sys.stdin:
            word = line.split(" ")[0].strip().upper()
            if word == "CHECKPIN":
                out("INQUIRE POPUPPINPADPROMPT ||Please use the reader's pinpad")
                answer()
                deadline = time.time() + 30
                while not os.path.exists(go) and time.time() < deadline: time.sleep(0.02)
                out("INQUIRE DISMISSPINPADPROMPT")
                answer()
                out("OK")
            elif word == "BYE":
                out("OK closing connection"); break
            else:
                out("OK")
        """
}
