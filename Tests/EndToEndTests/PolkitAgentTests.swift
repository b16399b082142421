// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxRender
import Testing

/// `pinbox polkit-agent` as polkit's authentication agent for the real pkexec, polkitd and
/// polkit's setuid helper with PAM: a test user (with a password) whose shell starts the agent
/// for itself (`--process`, as `pkttyagent --process` is used) and runs `pkexec /usr/bin/id -u`;
/// a rule lets that user run it after proving who they are (`AUTH_SELF`). What pkexec printed
/// and its exit status are the proof. Serialized: polkitd and the system bus are the machine's.
@Suite("polkit's authentication through pinbox polkit-agent", .serialized, .endToEnd)
final class PolkitAgentTests {
    /// A user's shell with the agent registered for it, running `commands` in turn, each
    /// followed by its exit status (`rc=N`), then ending the agent.
    private final class UserSession {
        let desk: CallerDesk
        let user: CallerTests.SudoUser
        /// The administrators, where asked for, each with a password of its own
        /// (`administratorsPassword`); the first is asked first.
        let administrators: [CallerTests.SudoUser]
        var administrator: CallerTests.SudoUser? { administrators.first }
        static func administratorsPassword(_ index: Int) -> String { "Admin-Pass-\(index + 2)" }
        let polkit: PolkitDaemon
        let shell: Child
        /// The user's session with accessibility on, where asked for.
        let bus: AccessibilityBus?
        /// The binary the agent runs.
        let program: String
        private(set) var output = ""
        private(set) var errors = ""

        /// The agent is `PinBoxProcess.binary`, or (`installed`) a copy installed with its
        /// catalogues (`TranslationTests.installed`); the user's shell runs under `locale`.
        /// With `accessibility`, the user's shell runs in a session of the user's with
        /// accessibility on (`bus`).
        /// With `administrators` above 0, pkexec asks for an administrator's password
        /// (`AUTH_ADMIN`), and the administrators are that many other users, in polkit's order.
        init(commands: [String], agent: Bool = true, installed: Bool = false, locale: String = "C",
             accessibility: Bool = false, administrators count: Int = 0) throws {
            guard getuid() == 0 else { throw TestFailure("the polkit tests run as root: they create a user and a polkit rule") }
            desk = try CallerDesk()
            program = installed ? try TranslationTests.installed(in: desk.dir) + "/bin/pinbox" : PinBoxProcess.binary
            user = try CallerTests.SudoUser(home: desk.dir)
            let home = desk.dir
            administrators = try (0..<count).map { _ in try CallerTests.SudoUser(home: home) }
            for (index, administrator) in administrators.enumerated() {
                let line = "\(administrator.name):\(Self.administratorsPassword(index))\n"
                #expect(try run(["chpasswd"], input: Array(line.utf8)).status == 0)
            }
            let listed = administrators.map { "\"unix-user:\($0.name)\"" }.joined(separator: ", ")
            let admins = count > 0 ? "polkit.addAdminRule(function(action, subject) { return [\(listed)]; });\n" : ""
            polkit = try PolkitDaemon(rule: "self-\(user.name)", admins + """
                polkit.addRule(function(action, subject) {
                    if (action.id == "org.freedesktop.policykit.exec" && subject.user == "\(user.name)")
                        return polkit.Result.\(count > 0 ? "AUTH_ADMIN" : "AUTH_SELF");
                });
                """)
            let fifos = desk.dir + "/fifos"
            try FileManager.default.createDirectory(atPath: fifos, withIntermediateDirectories: true)
            _ = try run(["chown", user.name, fifos])
            // The agent says it is registered by closing its --notify-fd: the end of the fifo.
            let start = agent ? """
                ready=\(fifos)/ready; mkfifo "$ready" "$ready.go"
                \(program) polkit-agent --process $$ --notify-fd 3 3>"$ready" &
                agent=$!
                cat "$ready"; echo "agent=$agent"
                """ : ""
            let script = start + "\n" + commands.map { "\($0); echo \"rc=$?\"" }.joined(separator: "\n")
                + (agent ? "\nkill $agent; wait $agent; echo \"agent-rc=$?\"" : "")
            bus = accessibility ? try AccessibilityBus(display: desk.display, user: user.name) : nil
            let session = (bus?.environment ?? [:]).merging(["DISPLAY": desk.display, "LANG": locale]) { $1 }
            shell = try Child(["runuser", "-u", user.name, "--", "env"] + session.map { "\($0)=\($1)" } + ["sh", "-c", script],
                              capture: true)
        }

        deinit {
            if shell.isRunning { kill(shell.pid, SIGTERM) }
            shell.wait(within: 10)
        }

        /// Waits for a line that starts with `prefix` and returns the lines before it since the last.
        @discardableResult
        func next(_ prefix: String, timeout: Double = 20) throws -> String {
            try waitUntil("\(prefix) from the user's shell, in \(output) \(errors)", timeout: timeout) {
                let (out, err) = shell.read()
                output += String(decoding: out, as: UTF8.self)
                errors += String(decoding: err, as: UTF8.self)
                return output.split(separator: "\n").contains { $0.hasPrefix(prefix) }
            }
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            let at = lines.firstIndex { $0.hasPrefix(prefix) }!
            output = lines[(at + 1)...].joined(separator: "\n")
            return lines[...at].joined(separator: "\n")
        }

        /// Types the user's password into the open dialog and presses Return.
        func typePassword() throws {
            try desk.type(user.password)
            try desk.key("Return")
        }

        /// The next dialog answered with the user's password: its command runs as root.
        func answerTheNextDialog() throws {
            _ = try desk.nextDialog()
            try typePassword()
            let ran = try next("rc=")
            #expect(ran.hasSuffix("0\nrc=0"), "\(ran) \(errors)")
        }

        /// Types administrator `index`'s password into the open dialog and presses Return: the
        /// command runs as root.
        func answerAsAdministrator(_ index: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try desk.type(Self.administratorsPassword(index))
            try desk.key("Return")
            let ran = try next("rc=")
            #expect(ran.hasSuffix("0\nrc=0"), "\(ran) \(errors)", sourceLocation: sourceLocation)
        }

        /// Lets the shell past a `read go < "$ready.go"` among its commands.
        func release() {
            FileHandle(forWritingAtPath: desk.dir + "/fifos/ready.go")?.write(Data("go\n".utf8))
        }

        /// The agent's process, once the shell has said it.
        func agent() throws -> pid_t {
            let said = try next("agent=")
            return pid_t(said.split(separator: "=").last!)!
        }
    }

    /// The command line of a process, its arguments split.
    private func arguments(of pid: String) -> [String] {
        procFile("/proc/\(pid)/cmdline").split(separator: "\0").map(String.init)
    }

    /// Without an agent, pkexec has no one to ask and fails (the control); with PinBox's, its
    /// dialog asks the user in polkit's words, the program named, as the user (the dialog's
    /// process is the user's). A wrong password is refused by PAM and asked again in red (the
    /// first asking has no red); the right one lets pkexec run the command as root. Neither
    /// password reaches the agent's output, and the agent keeps no copy.
    @Test func pkexecAsksInTheAgentsDialogAndRunsOnTheRightPassword() throws {
        let bare = try UserSession(commands: ["pkexec /usr/bin/id -u"], agent: false)
        let refused = try bare.next("rc=")
        #expect(refused.hasSuffix("rc=127") && !refused.contains("\n0\n"), "\(refused)")

        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"])
        let agent = try session.agent()
        var dialog = try session.desk.nextDialog()
        #expect(procFile("/proc/\(dialog.pid)/status").contains("Uid:\t\(try run(["id", "-u", session.user.name]).output.trimmingCharacters(in: .whitespacesAndNewlines))\t"))
        let asked = arguments(of: dialog.pid)
        #expect(asked.contains("Authentication is needed to run `/usr/bin/id' as the super user"), "\(asked)")
        #expect(asked.contains("pkexec /usr/bin/id -u"), "the program that asked: \(asked)")
        #expect(asked.contains(session.user.name), "\(asked)")
        #expect(session.desk.redInk(&dialog) == 0, "nothing in red at the first asking")
        let wrong = "Wrong-Pass-7"
        try session.desk.type(wrong)
        try session.desk.key("Return")
        var again = try session.desk.nextDialog(timeout: 20)
        #expect(session.desk.redInk(&again) > 0, "the refusal said in red")
        let scan = try MemoryScan(pid: agent, markers: [wrong, session.user.password])
        try session.typePassword()
        let ran = try session.next("rc=")
        #expect(ran.hasSuffix("0\nrc=0"), "\(ran) \(session.errors)")
        #expect(try scan.now() == 0, "the agent keeps no copy of either password")
        let ended = try session.next("agent-rc=")
        #expect(ended.hasSuffix("agent-rc=0"), "the agent ends on SIGTERM with status 0: \(ended)")
        #expect(!session.errors.contains(wrong) && !session.errors.contains(session.user.password), "\(session.errors)")
        #expect(!session.output.contains(wrong), "\(session.output)")
    }

    /// In German, the dialog says what polkitd said in German (its own catalogue, for the
    /// agent's locale) and names the user in the catalogue's words: its heading, and what is
    /// drawn above its entry, as `pinbox render` draws that dialog in German (the control:
    /// polkit's English sentence draws otherwise).
    @Test func theDialogSpeaksTheUsersLanguage() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"], installed: true, locale: "de_DE.UTF-8")
        _ = try session.agent()
        let desk = session.desk
        var dialog = try desk.nextDialog()
        #expect(desk.title(dialog) == (try CallerTests.de("Password required")))
        let message = "Legitimierung ist erforderlich, um »/usr/bin/id« als Superuser auszuführen"
        #expect(arguments(of: dialog.pid).contains(message), "polkitd's German: \(arguments(of: dialog.pid))")
        // Above the entry's focus ring: the heading's words, the line naming pkexec, the label.
        let top = try desk.entry(dialog, saving: "polkit-de").rows.lowerBound - 8
        let shown = Array(desk.pixels(&dialog).map { $0 & 0xffffff }[0..<(top * dialog.width)])
        func drawn(_ description: String) throws -> (width: Int, pixels: [UInt32]) {
            let out = desk.dir + "/render-\(UUID().uuidString).png"
            let render = try PinBoxProcess(["render", "--dialog", "passphrase", "--description", description,
                                            "--prompt", try CallerTests.de("%s's password", session.user.name),
                                            "--asked-by", "pkexec /usr/bin/id -u", "--out", out],
                                           display: nil, environment: CallerTests.german, program: session.program)
            #expect(try render.waitExit(timeout: 20) == 0, "\(render.stderr)")
            let picture = try Canvas(png: out)
            return (picture.width, Array(picture.pixels().map { $0 & 0xffffff }.prefix(top * picture.width)))
        }
        let german = try drawn(message)
        #expect(german.width == dialog.width && shown == german.pixels, "polkit's question and the user in German")
        let english = try drawn("Authentication is needed to run `/usr/bin/id' as the super user")
        #expect(english.width != dialog.width || shown != english.pixels, "the control: the English sentence draws otherwise")
        try session.typePassword()
        #expect(try session.next("rc=").hasSuffix("0\nrc=0"))
    }

    /// Two authentications at once are asked in turn, each in a dialog of its own: the second
    /// once the first is answered, and both commands run.
    @Test func authenticationsAtOnceAreAskedInTurn() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u & pkexec /usr/bin/id -un; wait $!"])
        _ = try session.agent()
        let first = try session.desk.nextDialog()
        let open = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: session.desk.display)
        #expect(open.output.split(separator: "\n").count == 1, "one dialog at a time: \(open.output)")
        try session.typePassword()
        let second = try session.desk.nextDialog()
        #expect(second.pid != first.pid)
        try session.typePassword()
        let both = try session.next("rc=")
        let lines = both.split(separator: "\n")
        #expect(lines.contains("0") && lines.contains("root") && both.hasSuffix("rc=0"), "\(both) \(session.errors)")
    }

    /// polkit's PAM service for one test's run: `/etc/pam.d/polkit-1`, which takes the place of
    /// polkit's own in /usr/lib/pam.d, made of `lines` and then polkit's own file (removed at
    /// the end, or what was there put back).
    private final class PolkitPAM {
        static let service = "/etc/pam.d/polkit-1"
        private let saved: Data?

        init(_ lines: [String]) throws {
            saved = FileManager.default.contents(atPath: Self.service)
            let polkits = try String(contentsOfFile: "/usr/lib/pam.d/polkit-1", encoding: .utf8)
            #expect(FileManager.default.createFile(atPath: Self.service, contents: Data((lines.map { $0 + "\n" }.joined() + polkits).utf8),
                                                   attributes: [.posixPermissions: 0o644]))
        }

        deinit {
            if let saved { FileManager.default.createFile(atPath: Self.service, contents: saved) } else { unlink(Self.service) }
        }
    }

    /// PAM that says something and then waits for a device with nothing to type (as a
    /// fingerprint reader does): it says pam_fprintd's words (`swipe`, with pam_echo) and waits
    /// (pam_exec) until the test's "finger" (a file) is there, then asks for the password as
    /// polkit's own file does.
    private final class FingerReader {
        let finger: String
        private var pam: PolkitPAM?

        static let swipe = "Swipe your right index finger across the fingerprint reader"

        init(in dir: String) throws {
            finger = dir + "/finger"
            // (PAM's configuration splits arguments at blanks: the wait is a script of its own.)
            let wait = dir + "/wait-for-finger"
            #expect(FileManager.default.createFile(atPath: wait, contents: Data(
                "#!/bin/sh\nwhile [ ! -e \(finger) ]; do sleep 0.05; done\n".utf8), attributes: [.posixPermissions: 0o755]))
            pam = try PolkitPAM(["auth optional pam_echo.so \(Self.swipe)", "auth optional pam_exec.so quiet \(wait)"])
        }

        /// The finger on the reader: PAM goes on to the password.
        func touch() { _ = FileManager.default.createFile(atPath: finger, contents: Data()) }

        /// The finger lifted, for the next authentication.
        func lift() { unlink(finger) }

        deinit {
            touch()  // a helper still waiting (a test that failed) goes on
            pam = nil
            lift()
        }
    }

    /// While PAM waits for a device after saying what to do, a dialog says its words (polkit's
    /// message above them) with Cancel and no entry; PAM asking for the password then takes its
    /// place. Cancel during the wait dismisses the authentication.
    @Test func wordsPAMSaysWhileItWaitsGetADialogOfTheirOwn() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u", "pkexec /usr/bin/id -u"])
        let reader = try FingerReader(in: session.desk.dir)
        defer { withExtendedLifetime(reader) {} }
        _ = try session.agent()
        let waiting = try session.desk.nextDialog()
        let said = arguments(of: waiting.pid)
        #expect(said.contains("--wait") && said.contains(FingerReader.swipe), "\(said)")
        #expect(throws: (any Error).self, "no entry while it waits") { try session.desk.entry(waiting) }
        reader.touch()
        let asking = try session.desk.nextDialog()
        #expect(!arguments(of: asking.pid).contains("--wait"))
        #expect(throws: Never.self, "the control: the password's dialog has its entry") { try session.desk.entry(asking) }
        try waitUntil("the waiting dialog gone", timeout: 10) { !FileManager.default.fileExists(atPath: "/proc/\(waiting.pid)") }
        try session.typePassword()
        #expect(try session.next("rc=").hasSuffix("0\nrc=0"), "\(session.errors)")

        reader.lift()
        _ = try session.desk.nextDialog()
        try session.desk.key("Escape")
        let dismissed = try session.next("rc=")
        #expect(dismissed.hasSuffix("rc=126") && !dismissed.contains("\n0\n"), "\(dismissed) \(session.errors)")
    }

    /// A screen reader finds the dialog in the user's session: polkit's words and the program
    /// that asked among its labels, the entry focused, what is typed heard as bullets only; the
    /// password typed through it lets pkexec run the command.
    @Test func aScreenReaderHearsTheQuestionAndBulletsOnly() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"], accessibility: true)
        let bus = try #require(session.bus)
        try bus.turnOn()
        let probe = try AtspiProbe(bus)
        _ = try session.agent()
        let keys = session.user.password.map { $0 == "-" ? "minus" : String($0) }
        let question = try probe.nextQuestion(of: "pinbox", pressing: keys, display: session.desk.display)
        #expect(question.labels.contains("Authentication is needed to run `/usr/bin/id' as the super user"), "\(question.labels)")
        #expect(question.labels.contains { $0.hasPrefix("Asked by ") && $0.contains("pkexec /usr/bin/id -u") }, "\(question.labels)")
        let typed = question.heard.filter { ($0["type"] as? String ?? "").hasPrefix("object:text-changed") }
        #expect(!typed.isEmpty && typed.allSatisfy { ($0["data"] as? String ?? "").allSatisfy { $0 == "\u{2022}" } },
                "what is typed reaches the bus as bullets only: \(typed)")
        let everything = "\(question.heard)"
        #expect(!everything.contains(session.user.password))
        try probe.answer(display: session.desk.display)
        #expect(try session.next("rc=").hasSuffix("0\nrc=0"), "\(session.errors)")
    }

    /// Where polkit wants an administrator and the user is none, the dialog names the
    /// administrator whose password PAM checks: the user's own password is refused (in red),
    /// the administrator's lets pkexec run. With one administrator, no other can be asked.
    @Test func anAdministratorsPasswordIsAskedAsTheirs() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"], administrators: 1)
        let administrator = try #require(session.administrator)
        _ = try session.agent()
        var dialog = try session.desk.nextDialog()
        let asked = arguments(of: dialog.pid)
        #expect(asked.contains(administrator.name) && !asked.contains(session.user.name), "\(asked)")
        #expect(!asked.contains("--other-users"), "one administrator: no other to ask")
        #expect(session.desk.redInk(&dialog) == 0)
        try session.typePassword()
        var again = try session.desk.nextDialog()
        #expect(session.desk.redInk(&again) > 0, "the user's own password refused")
        try session.answerAsAdministrator(0)
    }

    /// Where polkit lists two administrators, the dialog asks the first and offers the other
    /// ("Another user", Alt+U): the second's password typed for the first is refused (the
    /// control); Alt+U asks the second in a dialog of their own (no red: nothing of theirs was
    /// refused), Alt+U again the first, and once more the second, whose password lets pkexec run.
    @Test func anotherAdministratorCanBeAsked() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"], administrators: 2)
        let (first, second) = (session.administrators[0].name, session.administrators[1].name)
        _ = try session.agent()
        func asks(_ dialog: CallerDesk.Dialog) -> String? {
            let asked = arguments(of: dialog.pid)
            #expect(asked.contains("--other-users"), "\(asked)")
            return asked.contains(first) ? first : asked.contains(second) ? second : nil
        }
        var dialog = try session.desk.nextDialog()
        #expect(asks(dialog) == first)
        try session.desk.type(UserSession.administratorsPassword(1))
        try session.desk.key("Return")
        dialog = try session.desk.nextDialog()
        #expect(asks(dialog) == first && session.desk.redInk(&dialog) > 0, "the second's password is not the first's")
        for expected in [second, first, second] {
            try session.desk.key("alt+u")
            var next = try session.desk.nextDialog()
            #expect(next.pid != dialog.pid)
            #expect(asks(next) == expected)
            #expect(session.desk.redInk(&next) == 0, "nothing refused of \(expected)'s")
            dialog = next
        }
        try session.answerAsAdministrator(1)
    }

    /// While PAM waits for the first administrator's finger, "Another user" (Alt+U) on the
    /// waiting dialog asks the second instead: PAM waits for theirs (a dialog naming them),
    /// then asks for their password, which lets pkexec run.
    @Test func anotherAdministratorCanBeAskedWhilePAMWaits() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"], administrators: 2)
        let (first, second) = (session.administrators[0].name, session.administrators[1].name)
        let reader = try FingerReader(in: session.desk.dir)
        defer { withExtendedLifetime(reader) {} }
        _ = try session.agent()
        let waiting = try session.desk.nextDialog()
        let said = arguments(of: waiting.pid)
        #expect(said.contains("--wait") && said.contains(first) && !said.contains(second), "\(said)")
        try session.desk.key("alt+u")
        let next = try session.desk.nextDialog()
        let saidNext = arguments(of: next.pid)
        #expect(saidNext.contains("--wait") && saidNext.contains(second) && !saidNext.contains(first), "\(saidNext)")
        reader.touch()
        let asking = try session.desk.nextDialog()
        #expect(arguments(of: asking.pid).contains(second))
        try session.answerAsAdministrator(1)
    }

    /// PAM that refuses before asking anything, saying why (a locked account, in pam_faillock's
    /// words), then holds the failure for its fail delay (as pam_unix does): a dialog says PAM's
    /// words in red, with OK and no entry (in place of the waiting one that may have said them
    /// meanwhile), and pkexec runs nothing.
    @Test func whyPAMRefusedBeforeAskingIsSaid() throws {
        // The shell ends the agent after its last command: it waits for the test first.
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u", "read go < \"$ready.go\""])
        let words = "The account is locked due to 3 failed logins."
        let pam = try PolkitPAM(["auth optional pam_faildelay.so delay=600000", "auth requisite pam_echo.so \(words)",
                                 "auth requisite pam_deny.so"])
        defer { withExtendedLifetime(pam) {} }
        _ = try session.agent()
        var dialog = try session.desk.nextDialog()
        if arguments(of: dialog.pid).contains("--wait") { dialog = try session.desk.nextDialog() }
        let said = arguments(of: dialog.pid)
        #expect(said.contains("--failed") && said.contains(words), "\(said)")
        #expect(session.desk.redInk(&dialog) > 0, "said in red")
        #expect(throws: (any Error).self, "no entry") { try session.desk.entry(dialog) }
        let refused = try session.next("rc=")
        #expect(!refused.hasSuffix("rc=0") && !refused.contains("\n0\n"), "\(refused)")
        try session.desk.key("Return")
        try waitUntil("the dialog closed by OK", timeout: 10) { !FileManager.default.fileExists(atPath: "/proc/\(dialog.pid)") }
        session.release()
    }

    /// Cancel dismisses the authentication: pkexec says so and runs nothing; the agent goes on
    /// and asks for the next (a second pkexec, answered).
    @Test func cancelDismissesAndTheAgentGoesOn() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u", "pkexec /usr/bin/id -u"])
        _ = try session.agent()
        _ = try session.desk.nextDialog()
        try session.desk.key("Escape")
        let dismissed = try session.next("rc=")
        #expect(dismissed.hasSuffix("rc=126") && !dismissed.contains("\n0\n"), "\(dismissed) \(session.errors)")
        #expect(session.errors.contains("Request dismissed"), "\(session.errors)")
        try session.answerTheNextDialog()
    }

    /// A pkexec that ends while its dialog is open (killed) withdraws the authentication: polkitd
    /// tells the agent, whose dialog closes unanswered; the agent asks for the next one.
    @Test func aWithdrawnAuthenticationClosesItsDialog() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u", "pkexec /usr/bin/id -u"])
        _ = try session.agent()
        let first = try session.desk.nextDialog()
        let killed = try run(["pkill", "-KILL", "-x", "-U", session.user.name, "pkexec"])
        #expect(killed.status == 0, "pkexec killed")
        try waitUntil("the withdrawn dialog closed", timeout: 10) { !FileManager.default.fileExists(atPath: "/proc/\(first.pid)") }
        let withdrawn = try session.next("rc=")
        #expect(withdrawn.hasSuffix("rc=137"), "\(withdrawn)")
        try session.answerTheNextDialog()
    }

    /// An agent killed while its dialog is open leaves no window behind (the dialog sees its
    /// stdin hang up and closes, unanswered), and pkexec, its agent gone, runs nothing.
    @Test func anAgentKilledMidDialogLeavesNoWindow() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"])
        let agent = try session.agent()
        let dialog = try session.desk.nextDialog()
        try session.desk.type("half typed")
        kill(agent, SIGKILL)
        try waitUntil("the dialog closed with its agent", timeout: 10) { !FileManager.default.fileExists(atPath: "/proc/\(dialog.pid)") }
        let refused = try session.next("rc=")
        #expect(!refused.hasSuffix("rc=0") && !refused.contains("\n0\n"), "\(refused) \(session.errors)")
        #expect(!session.errors.contains("half typed"))
    }

    /// polkitd restarted under a running agent (as a package upgrade restarts it): the agent is
    /// registered again (libpolkit-agent-1 follows polkitd's name), and the next pkexec asks
    /// through it.
    @Test func theAgentOutlivesARestartOfPolkitd() throws {
        let go = "read go < \"$ready.go\""
        let session = try UserSession(commands: [go, "pkexec /usr/bin/id -u"])
        _ = try session.agent()
        try session.polkit.restart()
        try session.polkit.waitForAnAgent()
        session.release()
        _ = try session.next("rc=")
        try session.answerTheNextDialog()
    }

    /// What is typed lives in the dialog's process and leaves no copy at its exit, and the agent
    /// that hands it to polkit's helper keeps none (the control: the marker found in the
    /// dialog's memory while it is typed).
    @Test func theAnswerLeavesNoCopyBehind() throws {
        let session = try UserSession(commands: ["pkexec /usr/bin/id -u"])
        let agent = try session.agent()
        let dialog = try session.desk.nextDialog()
        let marker = "Zq8Wv3Kp"
        let scan = try MemoryScan(pid: pid_t(dialog.pid)!, marker: marker)
        let agentScan = try MemoryScan(pid: agent, marker: marker)
        try session.desk.type(marker)
        try waitUntil("the control: the typed marker is found in the dialog's memory while held") { try scan.now() >= 1 }
        try session.desk.key("Return")
        #expect(try scan.atExit() == 0, "copies of the answer at the dialog's exit")
        _ = try session.desk.nextDialog()
        #expect(try agentScan.now() == 0, "the agent holds no copy")
        try session.desk.key("Escape")
        #expect(try session.next("rc=").hasSuffix("rc=126"))
    }

    /// An agent polkit does not take says why and ends with status 3: one for this process's
    /// login session where there is none, one for another user's process (polkit refuses).
    @Test func anAgentPolkitDoesNotTakeSaysWhy() throws {
        let polkit = try PolkitDaemon(rule: "none", "")
        defer { withExtendedLifetime(polkit) {} }
        let alone = try Child([PinBoxProcess.binary, "polkit-agent"], environment: ["LANG": "C"], capture: true)
        #expect(alone.wait(within: 20) == 3)
        let said = String(decoding: alone.read().err, as: UTF8.self)
        #expect(said.contains("in no login session polkit knows") && said.contains("--process"), "\(said)")

        let desk = try CallerDesk()
        let user = try CallerTests.SudoUser(home: desk.dir)
        let other = try Child(["runuser", "-u", user.name, "--", PinBoxProcess.binary, "polkit-agent", "--process", "1"],
                              environment: ["LANG": "C"], capture: true)
        #expect(other.wait(within: 20) == 3)
        let refusal = String(decoding: other.read().err, as: UTF8.self)
        #expect(refusal.contains("polkit did not take the agent"), "\(refusal)")
    }
}
