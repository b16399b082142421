// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// No display: the real sudo and git run pinbox-askpass from a shell on a pty (`script`), with
/// DISPLAY unset, and the question is asked on that terminal as the caller would ask it there
/// itself — the secret not echoed, a name echoed, the line edited by the terminal driver, the
/// terminal's modes as they were after.
@Suite("pinbox-askpass on the terminal when there is no display", .serialized, .endToEnd)
final class AskpassTerminalTests {
    let dir = NSTemporaryDirectory() + "pinbox-askpass-tty-\(UUID().uuidString)"
    var link: String { dir + "/pinbox-askpass" }

    init() throws {
        // Readable by the test user sudo runs as.
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PinBoxProcess.binary)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: dir)
    }

    var environment: [String: String] { ["DISPLAY": "", "LANG": "C", "TERM": "xterm"] }

    /// `steps` between two `stty -a` into files, so the modes can be compared after.
    func script(_ steps: [String]) -> String {
        (["stty -a > \(dir)/before"] + steps + ["stty -a > \(dir)/after"]).joined(separator: "; ")
    }

    func modesKept() throws -> Bool { try terminalModesKept(in: dir) }

    /// `sudo -A` with no display asks on the terminal it runs in, the password not echoed; a
    /// slip is taken back with the terminal's kill (Ctrl+U) as at sudo's own prompt. On
    /// 891dd10's build the askpass said "no X display" and sudo "no password was provided".
    /// The command sudo will run is named above its question, as in the window: a script's
    /// sudo asks on the terminal too.
    @Test func sudoAAsksOnTheTerminal() throws {
        let user = try CallerTests.SudoUser(home: dir)
        let sudo = "runuser -u \(user.name) -- env -u DISPLAY SUDO_ASKPASS=\(link) HOME=\(dir) LANG=C "
            + "sudo -k -A -p '[sudo] password for %p: ' /usr/bin/true; echo rc=$?"
        let pty = try Pty(script([sudo]), environment: environment)
        try pty.waitFor("Asked by sudo -k -A -p '[sudo] password for %p: ' /usr/bin/true\r\n"
                        + "[sudo] password for \(user.name): ")
        pty.type("wrong one\u{15}\(user.password)\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=0"), "\(pty.shown)")
        #expect(!pty.shown.contains("Sorry") && !pty.shown.contains("no password"), "\(pty.shown)")
        for typed in ["wrong", user.password, "*"] { #expect(!pty.shown.contains(typed), "\(typed) was echoed") }
        #expect(try modesKept())
    }

    /// Ctrl+C at the terminal's question interrupts sudo as at its own prompt (the terminal's
    /// signal, to the whole foreground job), and the terminal is left as it was. The shell
    /// traps it, as an interactive one lives on, to go on to the modes' check.
    @Test func ctrlCInterruptsSudo() throws {
        let user = try CallerTests.SudoUser(home: dir)
        let sudo = "runuser -u \(user.name) -- env -u DISPLAY SUDO_ASKPASS=\(link) HOME=\(dir) LANG=C "
            + "sudo -k -A -p 'Password: ' /usr/bin/true; echo rc=$?"
        let pty = try Pty(script(["trap 'echo interrupted' INT", sudo]), environment: environment)
        try pty.waitFor("Password: ")
        pty.type("abc\u{03}")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=") && !pty.shown.contains("rc=0"), "\(pty.shown)")
        #expect(!pty.shown.contains("abc"))
        #expect(try modesKept())
    }

    /// git asks the username, echoed, then the password, not echoed; what git hands on is what
    /// was typed. git would fall back to its own terminal prompt when the askpass fails (on
    /// 891dd10's build: "unable to read askpass response"): here the askpass asked.
    @Test func gitsUsernameIsEchoedAndItsPasswordIsNot() throws {
        let git = "printf 'protocol=https\\nhost=git.example.com\\n\\n' | GIT_ASKPASS=\(link) HOME=\(dir) "
            + "GIT_CONFIG_NOSYSTEM=1 git -c credential.helper= credential fill > \(dir)/out; echo rc=$?"
        let pty = try Pty(script([git]), environment: environment)
        try pty.waitFor("Username for 'https://git.example.com': ")
        pty.type("alice\r")
        try pty.waitFor("Password for 'https://alice@git.example.com': ")
        pty.type("s3cret!\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=0") && pty.shown.contains("https://git.example.com': alice"), "\(pty.shown)")
        #expect(!pty.shown.contains("s3cret") && !pty.shown.contains("unable to read askpass"), "\(pty.shown)")
        #expect(try String(contentsOfFile: dir + "/out", encoding: .utf8)
            == "protocol=https\nhost=git.example.com\nusername=alice\npassword=s3cret!\n")
        #expect(try modesKept())
    }

    /// ssh-add made to use its askpass (SSH_ASKPASS_REQUIRE=force) with no display: the key's
    /// passphrase is asked on the terminal, not echoed, and the key is added to an agent this
    /// command starts and ends.
    @Test func sshAddForcedToItsAskpassAsksOnTheTerminal() throws {
        #expect(try run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "pass phrase", "-f", dir + "/k"]).status == 0)
        let steps = ["eval $(ssh-agent -s) > /dev/null", "trap 'ssh-agent -k > /dev/null' EXIT",
                     "SSH_ASKPASS=\(link) SSH_ASKPASS_REQUIRE=force ssh-add \(dir)/k < /dev/null; echo rc=$?",
                     "ssh-add -l"]
        let pty = try Pty(script(steps), environment: environment)
        try pty.waitFor("Enter passphrase for \(dir)/k: ")
        pty.type("pass phrase\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("Identity added: \(dir)/k") && pty.shown.contains("rc=0"), "\(pty.shown)")
        #expect(pty.shown.contains("(ED25519)"), "ssh-add -l lists it: \(pty.shown)")
        #expect(!pty.shown.contains("phrase\r\n"), "\(pty.shown)")
        #expect(try modesKept())
    }

    /// ssh made to use its askpass with no display, to a new host of a test sshd: its host key
    /// question is asked on the terminal in ssh's lines, the answer echoed, then the password
    /// not; the key is kept and the command runs.
    @Test func sshsHostKeyQuestionAndPasswordOnTheTerminal() throws {
        let user = try CallerTests.SudoUser(home: dir)
        let server = try CallerTests.SSHServer(dir: dir, user: user)
        let known = dir + "/known_hosts"
        let ssh = "SSH_ASKPASS=\(link) SSH_ASKPASS_REQUIRE=force ssh -F /dev/null -o UserKnownHostsFile=\(known) "
            + "-o GlobalKnownHostsFile=/dev/null -o StrictHostKeyChecking=ask -o PreferredAuthentications=password "
            + "-o PubkeyAuthentication=no -o NumberOfPasswordPrompts=1 -o UpdateHostKeys=no -o CheckHostIP=no "
            + "-p \(server.port) \(user.name)@127.0.0.1 echo connected; echo rc=$?"
        let pty = try Pty(script([ssh]), environment: environment)
        try pty.waitFor("can't be established.\r\nED25519 key fingerprint is \(server.fingerprint).\r\n")
        try pty.waitFor("(yes/no/[fingerprint])? ")
        pty.type("yes\r")
        try pty.waitFor("\(user.name)@127.0.0.1's password: ")
        pty.type(user.password + "\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("[fingerprint])? yes\r\n") && pty.shown.contains("connected\r\nrc=0"), "\(pty.shown)")
        #expect(!pty.shown.contains(user.password) && !pty.shown.contains("?\r\n"), "\(pty.shown)")
        #expect(try String(contentsOfFile: known, encoding: .utf8).contains("[127.0.0.1]:\(server.port) ssh-ed25519 "))
        #expect(try modesKept())
    }

    /// ssh-agent's confirmation (SSH_ASKPASS_PROMPT=confirm) takes yes or no, and asks again
    /// for anything else, as ssh's own questions do; no is exit 1.
    @Test(arguments: [("maybe\ryes\r", 0), ("n\r", 1)])
    func aConfirmationTakesYesOrNo(typed: String, status: Int) throws {
        // ssh-agent's question, on two lines as it asks it.
        let question = "\"$(printf 'Allow use of key k?\\nKey fingerprint SHA256:abc.')\""
        let pty = try Pty(script(["SSH_ASKPASS_PROMPT=confirm \(link) \(question); echo rc=$?"]), environment: environment)
        try pty.waitFor("Allow use of key k?\r\nKey fingerprint SHA256:abc. (yes/no) ")
        pty.type(typed)
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=\(status)"), "\(pty.shown)")
        #expect(pty.shown.contains("Please type 'yes' or 'no'.") == typed.hasPrefix("maybe"), "\(pty.shown)")
        #expect(try modesKept())
    }

    /// The confirmation's "type yes or no" is said in the user's language, the answers it
    /// takes kept as they are (as ssh keeps them); in English it was said under every locale.
    @Test(arguments: [("de_DE.UTF-8", "Bitte „yes“ oder „no“ eingeben."), ("ru_RU.UTF-8", "Введите «yes» или «no».")])
    func aConfirmationAsksAgainInTheUsersLanguage(locale: String, again: String) throws {
        let prefix = try TranslationTests.installed(in: dir)
        try FileManager.default.createSymbolicLink(atPath: prefix + "/bin/pinbox-askpass", withDestinationPath: "pinbox")
        var environment = self.environment
        environment["LANG"] = locale
        let pty = try Pty(script(["SSH_ASKPASS_PROMPT=confirm \(prefix)/bin/pinbox-askpass 'Allow use of key k?'; echo rc=$?"]),
                          environment: environment)
        try pty.waitFor("Allow use of key k? (yes/no) ")
        pty.type("vielleicht\r")
        try pty.waitFor(again)
        pty.type("yes\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=0") && !pty.shown.contains("Please type"), "\(pty.shown)")
    }

    /// A display named but not there: why is said first, then the terminal asks, and the
    /// answer goes to stdout as the window's would.
    @Test func aDisplayThatIsNotThereIsSaidAndTheTerminalAsks() throws {
        var environment = self.environment
        environment["DISPLAY"] = ":4711"
        let pty = try Pty(script(["\(link) 'Password: ' > \(dir)/out; echo rc=$?"]), environment: environment)
        try pty.waitFor("Password: ")
        #expect(pty.shown.contains("cannot open the X display ':4711'"), "\(pty.shown)")
        pty.type("pass word\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=0") && !pty.shown.contains("pass word"), "\(pty.shown)")
        #expect(try String(contentsOfFile: dir + "/out", encoding: .utf8) == "pass word\n")
        #expect(try modesKept())
    }

    /// The line typed is in the askpass's locked memory once read (the control: sent with
    /// Ctrl+D, which the driver hands over without its end), and nowhere once the askpass ends:
    /// by Enter, by Ctrl+C, by its timeout.
    @Test(arguments: ["Return", "Ctrl+C", "timeout"])
    func theTerminalLeavesNoCopyBehind(_ outcome: String) throws {
        let marker = "Zq8Wv3Kp"
        let program = dir + "/pinbox"
        try FileManager.default.createSymbolicLink(atPath: program, withDestinationPath: PinBoxProcess.binary)
        let options = outcome == "timeout" ? "--timeout 4 " : ""
        let pty = try Pty(script(["trap 'echo interrupted' INT",
                                  "\(program) askpass \(options)-- 'Passphrase: ' > \(dir)/out; echo rc=$?"]),
                          environment: environment)
        try pty.waitFor("Passphrase: ")
        let askpass = try #require(processes(containing: program).first { pid in
            (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) == "pinbox\n"
        })
        let scan = try MemoryScan(pid: askpass, marker: marker)
        pty.type(marker + "\u{04}")
        try waitUntil("the control: the line is found in memory once read") { try scan.now() >= 1 }
        switch outcome {
        case "Return": pty.type("\r")
        case "Ctrl+C": pty.type("\u{03}")
        default: break
        }
        #expect(try scan.atExit() == 0, "copies of the secret at the exit after \(outcome)")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains(outcome == "Return" ? "rc=0" : "rc=1"), "\(pty.shown)")
        #expect(try String(contentsOfFile: dir + "/out", encoding: .utf8) == (outcome == "Return" ? marker + "\n" : ""))
        #expect(!pty.shown.contains(marker))
        #expect(try modesKept())
    }

    /// `pinbox askpass --digits --length 6` holds the terminal's line to what its window would
    /// take, in the window's words, and asks again; Persian digits are digits, given in ASCII.
    @Test func digitsAndALengthAreHeldToOnTheTerminal() throws {
        let program = dir + "/pinbox"
        try FileManager.default.createSymbolicLink(atPath: program, withDestinationPath: PinBoxProcess.binary)
        let pty = try Pty(script(["\(program) askpass --digits --length 6 -- 'PIN: ' > \(dir)/out; echo rc=$?"]),
                          environment: environment)
        try pty.waitFor("PIN: ")
        pty.type("12345\r")
        try pty.waitFor("Enter all 6 digits\r\nPIN: ")
        pty.type("12345x\r")
        try pty.waitFor("Digits only\r\nPIN: ")
        pty.type("۱۲۳۴۵۶\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("rc=0"), "\(pty.shown)")
        #expect(try String(contentsOfFile: dir + "/out", encoding: .utf8) == "123456\n")
        #expect(try modesKept())
    }

    /// ssh's touch notice (SSH_ASKPASS_PROMPT=none) is written on the terminal and stays until
    /// ssh ends it; it reads nothing, so a line typed meanwhile is there for whoever reads next
    /// (here the shell's `read`), and it leaves the terminal's modes alone.
    @Test func aNoticeReadsNothingAndEndsWhenTold() throws {
        let notice = "Confirm user presence for key ED25519-SK SHA256:abc"
        let steps = ["SSH_ASKPASS_PROMPT=none \(link) '\(notice)' & p=$!", "read line", "echo read=$line",
                     "kill $p", "wait $p; echo rc=$?"]
        let pty = try Pty(script(steps), environment: environment)
        try pty.waitFor(notice + "\r\n")
        pty.type("typed meanwhile\r")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.contains("read=typed meanwhile") && pty.shown.contains("rc=1"), "\(pty.shown)")
        #expect(try modesKept())
    }

    /// A caller that goes away while the terminal asks (its end of stdout closed) ends the
    /// question: no askpass is left waiting on the terminal for nobody, and its modes are back.
    @Test func aCallerThatGoesAwayEndsTheQuestion() throws {
        let pty = try Pty(script(["\(link) 'Password: ' | (sleep 1); echo gone"]), environment: environment)
        try pty.waitFor("Password: ")
        try pty.waitFor("gone")
        #expect(try pty.finish() == 0)
        #expect(try modesKept())
    }

    /// Started in the background of an interactive shell, the askpass stops, as a program that
    /// takes the terminal must, until `fg`; then it asks once (before, the stop while it took
    /// the terminal made it write its prompt twice), and the answer and the modes are as in the
    /// foreground.
    @Test func startedInTheBackgroundItAsksOnceAfterFg() throws {
        let pty = try Pty("bash --norc --noprofile -i", environment: environment.merging(["PS1": "$ "]) { $1 })
        try pty.waitFor("$ ")
        pty.type("stty -a > \(dir)/before; \(link) 'Passwort:' > \(dir)/out &\n")
        try pty.waitFor("$ ", count: 2)
        try waitUntil("the askpass stopped in the background") {
            processes(containing: link).contains { pid in
                let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
                return stat.contains("(pinbox-askpass) T ")
            }
        }
        #expect(!pty.shown.contains("Passwort: "), "nothing written while in the background")
        pty.type("fg\n")
        try pty.waitFor("Passwort: ")
        pty.type("sekrit\r")
        try pty.waitFor("$ ", count: 3)
        pty.type("echo rc=$?; stty -a > \(dir)/after; exit\n")
        #expect(try pty.finish() == 0)
        #expect(pty.shown.components(separatedBy: "Passwort: ").count - 1 == 1, "\(pty.shown)")
        #expect(pty.shown.contains("rc=0") && !pty.shown.contains("sekrit"), "\(pty.shown)")
        #expect(try String(contentsOfFile: dir + "/out", encoding: .utf8) == "sekrit\n")
        #expect(try modesKept())
    }

    /// With no terminal either (a process of no session's terminal, `setsid`), the askpass says
    /// both reasons and exits 3, as before: nothing waits for an answer nobody can give.
    @Test func noDisplayAndNoTerminalIsExitThree() throws {
        let child = try Child(["setsid", "-w", link, "Password: "], environment: ["DISPLAY": ""], capture: true)
        #expect(child.wait() == 3)
        let err = String(decoding: child.read().err, as: UTF8.self)
        #expect(err.contains("DISPLAY is not set") && err.contains("no terminal to ask on either"), "\(err)")
    }
}
