// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxCore
import PinBoxRender
import Testing

/// `pinbox ask-password-agent` answering the real `systemd-ask-password --no-tty`, which asks
/// every agent through `/run/systemd/ask-password` as systemd-cryptsetup does for a disk: each
/// question's dialog on a private Xvfb, what the asker received as the proof. Serialized: the
/// questions' directory is the system's, one for every agent.
@Suite("The system's password questions through pinbox ask-password-agent", .serialized, .endToEnd)
final class SystemAgentTests {
    static let directory = "/run/systemd/ask-password"

    /// The agent watching on a desk of its own, its output kept.
    private final class AgentDesk {
        let desk: CallerDesk
        let agent: Child
        private(set) var output = ""
        private(set) var errors = ""

        /// The agent started with `options`; `installed` runs it from a copy installed with
        /// its catalogues (`TranslationTests.installed`), under `locale`.
        init(_ options: [String] = ["--watch"], installed: Bool = false, locale: [String: String] = ["LANG": "C"]) throws {
            guard getuid() == 0 else { throw TestFailure("systemd takes answers from root alone: run the tests as root") }
            desk = try CallerDesk()
            program = installed ? try TranslationTests.installed(in: desk.dir) + "/bin/pinbox" : PinBoxProcess.binary
            agent = try Child([program, "ask-password-agent"] + options,
                              environment: locale.merging(["DISPLAY": desk.display]) { $1 }, capture: true)
        }

        /// The binary the agent runs.
        let program: String

        deinit {
            if agent.isRunning { kill(agent.pid, SIGTERM) }
            agent.wait(within: 10)
            // An asker still waiting (a test that failed) is ended as a user would end it.
            for asker in askers { SystemAgentTests.end(asker) }
        }

        private var askers: [Child] = []

        /// The real `systemd-ask-password --no-tty MESSAGE`, as a service or a disk's unit asks.
        func ask(_ message: String, _ options: [String] = []) throws -> Child {
            let asker = try Child(["systemd-ask-password", "--no-tty"] + options + [message], capture: true)
            askers.append(asker)
            return asker
        }

        /// The agent's output so far.
        func read() -> (out: String, err: String) {
            let (out, err) = agent.read()
            output += String(decoding: out, as: UTF8.self)
            errors += String(decoding: err, as: UTF8.self)
            return (output, errors)
        }

        /// The question file a dialog answers (its process's `--answer FILE`).
        func questionFile(of dialog: CallerDesk.Dialog) -> String {
            let line = procFile("/proc/\(dialog.pid)/cmdline").split(separator: "\0").map(String.init)
            guard let i = line.firstIndex(of: "--answer"), i + 1 < line.count else { return "" }
            return line[i + 1]
        }

        /// The asker's process ID the question file names.
        func asker(of dialog: CallerDesk.Dialog) -> pid_t? {
            let text = (try? String(contentsOfFile: questionFile(of: dialog), encoding: .utf8)) ?? ""
            return text.split(separator: "\n").first { $0.hasPrefix("PID=") }.flatMap { pid_t($0.dropFirst(4)) }
        }
    }

    /// What the asker printed and how it ended.
    private func result(_ asker: Child) -> (status: Int32, out: String, err: String) {
        let status = asker.wait(within: 20)
        let (out, err) = asker.read()
        return (status, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    /// A disk's passphrase typed in the dialog reaches systemd-ask-password, which prints it;
    /// the dialog shows dots, names itself for a passphrase and names its asker. A name asked
    /// with `--echo` is shown as typed. Neither answer reaches the agent's output.
    @Test func whatIsTypedReachesTheAskerAndAnEchoedNameIsShown() throws {
        let agentDesk = try AgentDesk()
        let desk = agentDesk.desk
        let disk = try agentDesk.ask("Please enter passphrase for disk backup (luks-0f3c):", ["--id=cryptsetup:/dev/sdb1"])
        let passphrase = try desk.nextDialog()
        #expect(desk.title(passphrase) == "Passphrase required")
        try desk.type("correct horse")
        try waitUntil("the dots of what was typed") { try desk.entry(passphrase, saving: "system-disk").isDots(13) }
        try desk.key("Return")
        let answered = result(disk)
        #expect(answered.status == 0 && answered.out == "correct horse\n", "\(answered)")

        let vpn = try agentDesk.ask("Username for vpn:", ["--echo=yes"])
        let name = try desk.nextDialog()
        #expect(desk.title(name) == "Username required")
        try desk.type("alice")
        let shown = try desk.entry(name, saving: "system-echo")
        #expect(!shown.runs.isEmpty && !shown.isDots(5) && shown.inkHeight > 9, "\(shown)")
        try desk.key("Return")
        let named = result(vpn)
        #expect(named.status == 0 && named.out == "alice\n", "\(named)")

        #expect(agentDesk.agent.isRunning, "the watching agent goes on")
        let (out, err) = agentDesk.read()
        #expect(!(out + err).contains("correct") && !(out + err).contains("alice"), "\(out)\(err)")
    }

    /// The answer lives in the dialog's process alone, and leaves no copy there at its exit,
    /// answered or declined; the watching agent never holds it (the control: the marker found
    /// in the dialog's memory while it is typed).
    @Test(arguments: ["Return", "Escape"])
    func theAnswerLeavesNoCopyBehind(_ key: String) throws {
        let agentDesk = try AgentDesk()
        let desk = agentDesk.desk
        let marker = "Zq8Wv3Kp"
        let asker = try agentDesk.ask("Passphrase for disk vault:")
        let dialog = try desk.nextDialog()
        let scan = try MemoryScan(pid: pid_t(dialog.pid)!, marker: marker)
        let agentScan = try MemoryScan(pid: agentDesk.agent.pid, marker: marker)
        try desk.type(marker)
        try waitUntil("the control: the typed marker is found in the dialog's memory while held") { try scan.now() >= 1 }
        try desk.key(key)
        #expect(try scan.atExit() == 0, "copies of the answer at the dialog's exit after \(key)")
        #expect(result(asker).out == (key == "Return" ? marker + "\n" : ""))
        #expect(try agentScan.now() == 0, "the watching agent holds no copy")
    }

    /// The real systemd-cryptsetup unlocking a LUKS disk image asks through the agent, under a
    /// German locale in German, the disk as systemd named it: each dialog is drawn, above its
    /// entry, as `pinbox render` draws the askpass given systemd's question and its command
    /// line (systemd's English sentence in the same dialog is the control: it draws otherwise),
    /// under the German heading. With crypttab's `verify` it asks twice, the second time for
    /// the "verification" (and never takes a passphrase cached in root's kernel keyring, which
    /// an earlier run may have left). A verification typed otherwise makes it ask again, which
    /// the dialog says in red (as `pinbox render --error` draws the catalogue's sentence; the
    /// askings before say nothing in red). The passphrase typed twice takes systemd-cryptsetup on
    /// to the unlocking (on a machine without device-mapper it fails there, saying so); Cancel
    /// ends its question.
    @Test func systemdCryptsetupAsksForADisksPassphraseInTheUsersLanguage() throws {
        let agentDesk = try AgentDesk(installed: true, locale: CallerTests.german)
        let desk = agentDesk.desk
        let image = try Self.luksImage(in: desk.dir, passphrase: "Fenster")
        func attach() throws -> Child { try Self.attach(image) }
        let unlocking = try attach()
        defer { Self.end(unlocking) }
        let disk = "Please enter passphrase for disk pinbox-e2e-backup:"
        let verification = "Please enter passphrase for disk pinbox-e2e-backup (verification):"
        // The verification typed otherwise: systemd-cryptsetup asks the first question again,
        // and the dialog says in red why, in the catalogue's words.
        for (n, (asked, typed)) in [(disk, "Fenster"), (verification, "Fenstre"), (disk, "Fenster"),
                                    (verification, "Fenster")].enumerated() {
            var dialog = try expectAskedInGerman(asked, by: unlocking, on: agentDesk, saving: "system-german-\(n + 1)")
            if n == 2 {
                let red = desk.redInk(&dialog)
                let out = desk.dir + "/render-\(UUID().uuidString).png"
                let askedBy = try #require(CommandLineText.command(Array(procFile("/proc/\(unlocking.pid)/cmdline").utf8)))
                let mismatch = try CallerTests.de("does not match - try again")
                let render = try PinBoxProcess(["render", "--askpass", asked, "--asked-by", askedBy, "--error", mismatch,
                                                "--out", out], display: nil, environment: CallerTests.german,
                                               program: agentDesk.program)
                #expect(try render.waitExit(timeout: 20) == 0, "\(render.stderr)")
                let drawnRed = try Canvas(png: out).pixels().filter(CallerDesk.isRedInk).count
                #expect(red > 0 && red == drawnRed, "the mismatch said in red: \(red) red pixels, \(drawnRed) drawn")
            } else {
                #expect(desk.redInk(&dialog) == 0, "asking \(n + 1) says nothing in red")
            }
            try desk.type(typed)
            try desk.key("Return")
        }
        let unlocked = result(unlocking)
        if unlocked.status == 0 {
            _ = try run([try Self.systemdCryptsetup(), "detach", Self.volume])
        } else {
            let said = unlocked.out + unlocked.err
            #expect(said.contains("Failed to activate with specified passphrase") && !said.contains("query"), "\(unlocked)")
        }

        let declined = try attach()
        defer { Self.end(declined) }
        _ = try desk.nextDialog()
        try desk.key("Escape")
        let refused = result(declined)
        #expect(refused.status != 0 && (refused.out + refused.err).contains("Failed to query password"), "\(refused)")
    }

    /// The volume the tests' systemd-cryptsetup attaches.
    static let volume = "pinbox-e2e-backup"

    /// A LUKS2 disk image in `dir` that `passphrase` opens (a fast key derivation: a test's).
    static func luksImage(in dir: String, passphrase: String) throws -> String {
        let image = dir + "/backup.img"
        #expect(FileManager.default.createFile(atPath: image, contents: Data(count: 32 << 20)))
        #expect(try run(["cryptsetup", "luksFormat", "--type", "luks2", "--pbkdf", "pbkdf2", "--pbkdf-force-iterations",
                         "1000", "-q", image, "--key-file", "-"], input: Array(passphrase.utf8)).status == 0)
        return image
    }

    static func systemdCryptsetup() throws -> String {
        guard let path = ["/usr/lib/systemd/systemd-cryptsetup", "/lib/systemd/systemd-cryptsetup"]
            .first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw TestFailure("no systemd-cryptsetup: scripts/install-deps installs systemd")
        }
        return path
    }

    /// The real systemd-cryptsetup unlocking `image` as crypttab's `luks,verify` would (asking
    /// twice, and never taking a passphrase cached in root's kernel keyring by an earlier run).
    static func attach(_ image: String, environment: [String: String] = [:]) throws -> Child {
        try Child([try systemdCryptsetup(), "attach", volume, image, "none", "luks,verify"],
                  environment: environment.merging(["LANG": "C"]) { $1 }, capture: true)
    }

    /// The next dialog asks `question`, systemd's words, as the installed agent says it in
    /// German (see above): its heading, and its rows above the entry as `pinbox render` draws
    /// them, and not as it draws systemd's English sentence there.
    @discardableResult
    private func expectAskedInGerman(_ question: String, by asker: Child, on agentDesk: AgentDesk,
                                     saving name: String) throws -> CallerDesk.Dialog {
        let desk = agentDesk.desk
        var dialog = try desk.nextDialog()
        #expect(desk.title(dialog) == (try CallerTests.de("Passphrase required")))
        let file = (try? String(contentsOfFile: agentDesk.questionFile(of: dialog), encoding: .utf8)) ?? ""
        #expect(file.split(separator: "\n").contains { $0 == "Message=" + question }, "\(file)")
        let askedBy = try #require(CommandLineText.command(Array(procFile("/proc/\(asker.pid)/cmdline").utf8)))
        let top = try desk.entry(dialog, saving: name).rows.lowerBound - 40
        let shown = Array(desk.pixels(&dialog).map { $0 & 0xffffff }[0..<(top * dialog.width)])
        func drawn(_ more: [String] = []) throws -> (width: Int, pixels: [UInt32]) {
            let out = desk.dir + "/render-\(UUID().uuidString).png"
            let render = try PinBoxProcess(["render", "--askpass", question, "--asked-by", askedBy, "--out", out] + more,
                                           display: nil, environment: CallerTests.german, program: agentDesk.program)
            #expect(try render.waitExit(timeout: 20) == 0, "\(render.stderr)")
            let picture = try Canvas(png: out)
            return (picture.width, Array(picture.pixels().map { $0 & 0xffffff }.prefix(top * picture.width)))
        }
        let german = try drawn()
        #expect(german.width == dialog.width && shown == german.pixels, "\(question) in German, as the catalogue says it")
        let english = try drawn(["--description", DialogSpec.label(question)])
        #expect(english.width != dialog.width || shown != english.pixels,
                "the control: systemd's English sentence draws otherwise")
        return dialog
    }

    /// The agent's dialogs are on the accessibility bus as the askpass's: the real
    /// systemd-cryptsetup's question (a LUKS image, crypttab's `verify`) and the line naming
    /// its command; what is typed reaches the bus as bullets only (of the text a screen reader
    /// hears, the entry's changes carry bullets and nothing else); the verification typed
    /// otherwise brings the first question back, its red line announced.
    @Test func systemdCryptsetupsQuestionsAndTheirRedLineAreHeard() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let image = try Self.luksImage(in: bus.home, passphrase: "Fenster")
        let agent = try Child([PinBoxProcess.binary, "ask-password-agent", "--watch"],
                              environment: bus.environment.merging(["DISPLAY": xvfb.display, "LANG": "C"]) { $1 },
                              capture: true)
        defer { kill(agent.pid, SIGTERM); agent.wait() }
        let unlocking = try Self.attach(image)
        defer { Self.end(unlocking) }
        let mismatch = "does not match - try again"
        // systemd-cryptsetup asks the next question once this one is answered, and the agent
        // shows one at a time: the one application named pinbox is this question's.
        func nextQuestion(typing keys: [String]) throws -> (labels: [String], error: String, heard: [[String: Any]]) {
            try probe.nextQuestion(of: "pinbox", pressing: keys, display: xvfb.display)
        }
        func answer() throws { try probe.answer(display: xvfb.display) }
        let right = ["F", "e", "n", "s", "t", "e", "r"]
        let question = "Please enter passphrase for disk " + Self.volume
        let first = try nextQuestion(typing: right)
        #expect(first.labels.first == question && first.error == "", "\(first.labels)")
        #expect(first.labels.dropFirst().first?.hasPrefix("Asked by ") == true
                && first.labels.dropFirst().first?.contains("systemd-cryptsetup attach") == true, "\(first.labels)")
        try answer()
        let verification = try nextQuestion(typing: AccessibilityTests.markerKeys)
        #expect(verification.labels.first == question + " (verification)" && verification.error == "")
        let typedHeard = verification.heard.filter { ($0["type"] as? String ?? "").hasPrefix("object:text-changed") }
        #expect(!typedHeard.isEmpty && typedHeard.allSatisfy { ($0["data"] as? String ?? "").allSatisfy { $0 == "\u{2022}" } },
                "what is typed reaches the bus as bullets only: \(typedHeard)")
        try answer()
        let again = try nextQuestion(typing: right)
        #expect(again.labels.first == question && again.error == mismatch, "\(again.labels) \(again.error)")
        var heard = again.heard
        for said in [AccessibilityTests.announced(mismatch), AccessibilityTests.shown(mismatch)] where !heard.contains(where: said) {
            heard += try probe.waitForEvent(said)
        }
        try answer()
        _ = try nextQuestion(typing: right)
        try answer()
        let said = String(decoding: unlocking.read().err, as: UTF8.self)
        #expect(unlocking.wait() == 0 || said.contains("Failed to activate with specified passphrase"), "\(said)")
    }

    /// Cancel tells the asker the user declined (systemd-ask-password fails at once, rather
    /// than wait for its timeout); the next question is asked all the same.
    @Test func cancelTellsTheAskerTheUserDeclined() throws {
        let agentDesk = try AgentDesk()
        let desk = agentDesk.desk
        let declined = try agentDesk.ask("Passphrase for the web server's key:")
        _ = try desk.nextDialog()
        try desk.key("Escape")
        let refused = result(declined)
        #expect(refused.status != 0 && refused.out.isEmpty && refused.err.contains("cancel"), "\(refused)")

        let next = try agentDesk.ask("Passphrase for the web server's key:")
        _ = try desk.nextDialog()
        try desk.type("s3cret")
        try desk.key("Return")
        let given = result(next)
        #expect(given.status == 0 && given.out == "s3cret\n", "\(given)")
    }

    /// A question the asker gives up (its `--timeout`) closes its dialog, and so does one whose
    /// asker was killed, which leaves its file behind; the agent then asks the next question.
    @Test func aQuestionGivenUpOrOrphanedClosesItsDialog() throws {
        let agentDesk = try AgentDesk()
        let desk = agentDesk.desk
        let impatient = try agentDesk.ask("Passphrase for disk cache:", ["--timeout=2"])
        let first = try desk.nextDialog()
        try waitEnded(pid_t(first.pid)!, timeout: 6)
        let gaveUp = result(impatient)
        #expect(gaveUp.status != 0 && gaveUp.out.isEmpty, "\(gaveUp)")

        let killed = try agentDesk.ask("Passphrase for disk media:")
        let second = try desk.nextDialog()
        let file = agentDesk.questionFile(of: second)
        kill(killed.pid, SIGKILL)
        killed.wait()
        defer { Self.removeQuestion(file) }
        try waitEnded(pid_t(second.pid)!, timeout: 5)
        #expect(FileManager.default.fileExists(atPath: file), "the killed asker's file stays, and is not asked again")

        let last = try agentDesk.ask("Passphrase for disk photos:")
        let third = try desk.nextDialog()
        #expect(agentDesk.questionFile(of: third) != file)
        try desk.type("photos")
        try desk.key("Return")
        #expect(result(last).out == "photos\n")
    }

    /// Two disks asking together get one dialog at a time, each answer going to its own asker.
    @Test func questionsAskedTogetherAreAskedInTurn() throws {
        let agentDesk = try AgentDesk()
        let desk = agentDesk.desk
        let askers = try ["one", "two"].map { try agentDesk.ask("Please enter passphrase for disk \($0):") }
        var answers: [pid_t: String] = [:]
        for word in ["first", "second"] {
            let dialog = try desk.nextDialog()
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: desk.display)
            #expect(out.split(separator: "\n").count == 1, "one dialog on screen")
            answers[try #require(agentDesk.asker(of: dialog))] = word
            try desk.type(word)
            try desk.key("Return")
        }
        for asker in askers {
            let got = result(asker)
            #expect(got.status == 0 && got.out == (answers[asker.pid] ?? "?") + "\n", "\(got) \(answers)")
        }
    }

    /// Without `--watch` the agent answers the questions waiting, then ends; with none
    /// waiting, it ends at once.
    @Test func withoutWatchTheAgentAnswersWhatWaitsThenEnds() throws {
        let desk = try CallerDesk()
        let waiting = try Child(["systemd-ask-password", "--no-tty", "Passphrase for disk backup:"], capture: true)
        defer { Self.end(waiting) }
        try waitUntil("the question's file") { Self.questions(askedBy: waiting.pid).count == 1 }
        let agent = try Child([PinBoxProcess.binary, "ask-password-agent"], environment: ["DISPLAY": desk.display],
                              capture: true)
        _ = try desk.nextDialog()
        try desk.type("backup")
        try desk.key("Return")
        #expect(result(waiting).out == "backup\n")
        #expect(agent.wait(within: 10) == 0)

        let none = try Child([PinBoxProcess.binary, "ask-password-agent"], environment: ["DISPLAY": desk.display],
                             capture: true)
        #expect(none.wait(within: 10) == 0)
    }

    /// A folder of another user's questions is answered by that user or root: the agent run by
    /// a third user says so and ends (the tests above, as root, and the next one, a user
    /// answering root's questions through polkit, are the controls).
    @Test func aThirdUsersAgentSaysTheQuestionsAreNotItsToAnswer() throws {
        let folder = NSTemporaryDirectory() + "pinbox-questions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chown(folder, 1, 1)
        let agent = try Child(SecurityTests.asNobody + [PinBoxProcess.binary, "ask-password-agent", "--watch",
                                                        "--directory", folder],
                              environment: ["DISPLAY": ":99"], capture: true)
        #expect(agent.wait(within: 10) == 3)
        let err = String(decoding: agent.read().err, as: UTF8.self)
        #expect(err.contains("are answered by their owner or root only"), "\(err)")
    }

    /// A user's agent, in the user's own session, answers the system's questions through polkit
    /// (`pkexec systemd-reply-password`), once its window has gone: the passphrase typed reaches
    /// systemd-ask-password, and Cancel declines. Another user, whom polkit's rules do not let
    /// reply, gets its dialog too, but its answer never reaches the asker (it gives up at its
    /// timeout), and the agent says pkexec refused; pkexec says why.
    @Test func aUsersAgentAnswersThroughPolkit() throws {
        let desk = try CallerDesk()
        let allowed = try CallerTests.SudoUser(home: desk.dir)
        let refused = try CallerTests.SudoUser(home: desk.dir)
        let polkit = try PolkitDaemon(rule: "reply-\(allowed.name)", """
            polkit.addRule(function(action, subject) {
                if (action.id == "org.freedesktop.systemd1.reply-password" && subject.user == "\(allowed.name)")
                    return polkit.Result.YES;
            });
            """)
        defer { withExtendedLifetime(polkit) {} }
        func agent(of user: CallerTests.SudoUser) throws -> Child {
            try Child(["runuser", "-u", user.name, "--", "env", "DISPLAY=\(desk.display)", PinBoxProcess.binary,
                       "ask-password-agent", "--watch"], capture: true)
        }
        func ask(_ message: String, _ options: [String] = []) throws -> Child {
            try Child(["systemd-ask-password", "--no-tty"] + options + [message], capture: true)
        }
        let userAgent = try agent(of: allowed)
        defer { kill(userAgent.pid, SIGTERM); userAgent.wait() }
        let disk = try ask("Please enter passphrase for disk backup:")
        defer { Self.end(disk) }
        var dialog = try desk.nextDialog()
        #expect(procFile("/proc/\(dialog.pid)/status").contains("Uid:\t\(try uid(of: allowed.name))\t"))
        try desk.type("through polkit")
        try desk.key("Return")
        let answered = result(disk)
        #expect(answered.status == 0 && answered.out == "through polkit\n", "\(answered) \(userAgent.read())")

        let declined = try ask("Please enter passphrase for disk backup:")
        defer { Self.end(declined) }
        _ = try desk.nextDialog()
        try desk.key("Escape")
        let refusal = result(declined)
        #expect(refusal.status != 0 && refusal.err.contains("cancel"), "\(refusal)")
        kill(userAgent.pid, SIGTERM)
        userAgent.wait()

        let strangerAgent = try agent(of: refused)
        defer { if strangerAgent.isRunning { kill(strangerAgent.pid, SIGTERM); strangerAgent.wait() } }
        let unanswered = try ask("Please enter passphrase for disk backup:", ["--timeout=4"])
        defer { Self.end(unanswered) }
        dialog = try desk.nextDialog()
        try desk.type("not allowed")
        try desk.key("Return")
        let ignored = result(unanswered)
        #expect(ignored.status != 0 && ignored.out.isEmpty, "\(ignored)")
        var said = ""
        try waitUntil("the refusal said, in \(said)") {
            said += String(decoding: strangerAgent.read().err, as: UTF8.self)
            return said.contains("Not authorized") && said.contains("the answer was not sent: pkexec")
        }
        #expect(!said.contains("not allowed"), "\(said)")
    }

    /// The numeric ID of user `name`.
    private func uid(of name: String) throws -> String {
        try run(["id", "-u", name]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A question file only root or the agent's user may have written is asked, with its
    /// socket in its own directory: another user's file, one others may write, and one naming
    /// a socket elsewhere are each said once and never asked; root's own, beside them, is
    /// asked, and its answer goes to its socket.
    @Test func aForgedOrStrayQuestionIsNotAsked() throws {
        let folder = NSTemporaryDirectory() + "pinbox-questions-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o755])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let elsewhere = NSTemporaryDirectory() + "pinbox-socket-\(UUID().uuidString)"
        let listener = try Child(["python3", "-c", Self.datagramListener, folder + "/sck.good", elsewhere],
                                 capture: true)
        defer { kill(listener.pid, SIGTERM); unlink(elsewhere) }
        var heard = ""
        try listener.readUntil("ready", into: &heard)

        func question(_ name: String, socket: String, mode: Int = 0o644, owner: uid_t = 0) throws {
            let text = "[Ask]\nPID=\(listener.pid)\nSocket=\(socket)\nEcho=0\nNotAfter=0\nMessage=Key \(name):\n"
            // Written whole under a name that is no question's, then renamed, as systemd does.
            let path = folder + "/ask." + name, partial = folder + "/.#ask." + name
            #expect(FileManager.default.createFile(atPath: partial, contents: Data(text.utf8),
                                                   attributes: [.posixPermissions: mode]))
            chown(partial, owner, owner)
            rename(partial, path)
        }
        let agentDesk = try AgentDesk(["--watch", "--directory", folder])
        let desk = agentDesk.desk
        try question("stranger", socket: folder + "/sck.good", owner: 65534)
        try question("shared", socket: folder + "/sck.good", mode: 0o664)
        try question("elsewhere", socket: elsewhere)
        try waitUntil("the three refusals, in \(agentDesk.errors)") {
            let err = agentDesk.read().err
            return err.contains("'ask.stranger' is not asked: its owner is neither root nor this agent's user")
                && err.contains("'ask.shared' is not asked: others than its owner may write it")
                && err.contains("'ask.elsewhere' is not asked: its Socket= is not in the question's own directory")
        }
        try question("good", socket: folder + "/sck.good")
        let dialog = try desk.nextDialog()
        #expect(agentDesk.questionFile(of: dialog) == folder + "/ask.good")
        try desk.type("right")
        try desk.key("Return")
        try listener.readUntil("heard", into: &heard)
        #expect(heard.contains("heard b'+right' at good"), "\(heard)")
        #expect(!heard.contains("at elsewhere"), "\(heard)")
        let said = agentDesk.read().err
        #expect(said.components(separatedBy: "is not asked").count == 4, "each refusal said once: \(said)")
    }

    /// Reads datagrams on two sockets (argv 1 and 2), saying which got what.
    private static let datagramListener = """
        import os, select, socket, sys
        names = {}
        for path, name in ((sys.argv[1], "good"), (sys.argv[2], "elsewhere")):
            s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            s.bind(path)
            names[s] = name
        print("ready", flush=True)
        while True:
            for s in select.select(list(names), [], [])[0]:
                print("heard", s.recv(4096), "at", names[s], flush=True)
        """

    /// The question files in the system's directory whose `PID=` is `pid`.
    private static func questions(askedBy pid: pid_t) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix("ask.") }.map { directory + "/" + $0 }.filter {
            ((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "").contains("\nPID=\(pid)\n")
        }
    }

    /// Ends an asker still waiting (a test that failed) as a user would end it, which takes its
    /// question file with it; one killed meanwhile (a wait that timed out) left its file and
    /// socket behind, which go too.
    static func end(_ asker: Child) {
        if asker.isRunning {
            kill(asker.pid, SIGTERM)
            asker.wait(within: 10)
        }
        for file in questions(askedBy: asker.pid) { removeQuestion(file) }
    }

    /// A question file a killed asker left, and its socket.
    private static func removeQuestion(_ file: String) {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        if let socket = text.split(separator: "\n").first(where: { $0.hasPrefix("Socket=") }) {
            unlink(String(socket.dropFirst(7)))
        }
        unlink(file)
    }
}
