// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxRender
import Testing

/// The real git, sudo and ssh asking through `pinbox-askpass`, each started by the test in its
/// own temporary home and ended by it, with what the caller printed as the proof.
@Suite("Callers: git, sudo and ssh through pinbox-askpass", .serialized, .endToEnd)
final class CallerTests {
    // MARK: git

    @Test func gitAsksTheUsernameShownAndThePasswordHidden() throws {
        let desk = try CallerDesk()
        let git = try desk.gitCredentialFill()
        defer { if git.isRunning { kill(git.pid, SIGKILL) } }

        let user = try desk.nextDialog()
        #expect(desk.title(user) == "Username required")
        try desk.type("alice")
        let shown = try desk.entry(user, saving: "git-username")
        // The name is drawn as characters: ink of letters ("l" is taller than a dot), not five discs.
        #expect(!shown.runs.isEmpty && !shown.isDots(5), "\(shown)")
        #expect(shown.inkHeight > 9, "\(shown)")
        try desk.key("Return")

        let password = try desk.nextDialog()
        #expect(desk.title(password) == "Password required")
        try desk.type("s3cret!")
        let hidden = try desk.entry(password, saving: "git-password")
        #expect(hidden.isDots(7), "\(hidden)")
        try desk.key("Return")

        #expect(git.wait() == 0, "\(String(decoding: git.read().err, as: UTF8.self))")
        #expect(String(decoding: git.read().out, as: UTF8.self)
            == "protocol=https\nhost=git.example.com\nusername=alice\npassword=s3cret!\n")
    }

    @Test func gitHearsACancelAsNoAnswer() throws {
        let desk = try CallerDesk()
        let git = try desk.gitCredentialFill()
        _ = try desk.nextDialog()
        try desk.key("Escape")
        #expect(git.wait() == 128)
        #expect(String(decoding: git.read().err, as: UTF8.self).contains("could not read Username"))
    }

    // MARK: sudo

    /// A user with a known password and a sudoers rule that asks it, made for one test and
    /// removed after it (root only: useradd, chpasswd, /etc/sudoers.d).
    final class SudoUser {
        let name = "pbx" + String(UInt32.random(in: 100_000...999_999))
        let password = "Right-Pass-1"
        let rule: String

        init(home: String) throws {
            guard getuid() == 0 else {
                throw TestFailure("the sudo and sshd tests run as root: they create a user (useradd) and a sudoers rule")
            }
            rule = "/etc/sudoers.d/pinbox-e2e-\(name)"
            #expect(try run(["useradd", "-M", "-d", home, "-s", "/bin/sh", name]).status == 0)
            #expect(try run(["chpasswd"], input: Array("\(name):\(password)\n".utf8)).status == 0)
            // A rule that asks for the user's own password each time (-k), for one command.
            let text = "\(name) ALL=(root) /usr/bin/true\nDefaults:\(name) !lecture, passwd_tries=3\n"
            #expect(FileManager.default.createFile(atPath: rule, contents: Data(text.utf8),
                                                   attributes: [.posixPermissions: 0o440]))
            #expect(try run(["visudo", "-c", "-f", rule]).status == 0)
        }

        deinit {
            unlink(rule)
            // A session of the user (sshd's) may take a moment to end after its client: userdel
            // refuses a user with processes (exit 8), so it is asked again until it is gone. A
            // test that failed may leave a process of the user waiting (sudo on a dialog no one
            // answers): every process of this user is the test's, ended after a while.
            let deadline = Date().addingTimeInterval(10)
            while (try? run(["userdel", name]).status) == 8 && Date() < deadline {
                if Date() > deadline.addingTimeInterval(-5) { _ = try? run(["pkill", "-KILL", "-u", name]) }
                usleep(100_000)
            }
        }
    }

    /// `sudo -k -A -p PROMPT /usr/bin/true`, run as the test user with pinbox-askpass (or
    /// another link to it).
    private func sudo(_ user: SudoUser, prompt: String, desk: CallerDesk, askpass: String? = nil,
                      environment: [String] = []) throws -> Child {
        try Child(["runuser", "-u", user.name, "--", "env", "SUDO_ASKPASS=\(askpass ?? desk.askpass)",
                   "DISPLAY=\(desk.display)",
                   "HOME=\(desk.dir)", "LANG=C"] + environment + ["sudo", "-k", "-A", "-p", prompt, "/usr/bin/true"],
                  capture: true)
    }

    /// A runtime directory of the user's own (`XDG_RUNTIME_DIR`), as a login session has.
    private func runtimeDirectory(of user: SudoUser, in desk: CallerDesk) throws -> String {
        let path = desk.dir + "/run-" + user.name
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        #expect(try run(["chown", user.name, path]).status == 0)
        return path
    }

    /// Answers a caller's question wrongly, then, asked again, with `password`: the first
    /// question has no red line, the second says the first answer was refused.
    private func answerWrongThenRight(_ password: String, on desk: CallerDesk) throws {
        var first = try desk.nextDialog()
        try desk.type("wrong-one")
        try waitUntil("the dots of what was typed") { try desk.entry(first).isDots(9) }
        #expect(desk.redInk(&first) == 0, "the first question says nothing was refused")
        try desk.key("Return")
        var second = try desk.nextDialog()
        try waitUntil("the second question's red line") { desk.redInk(&second) > 100 }
        try desk.type(password)
        try desk.key("Return")
    }

    /// sudo asks again after a wrong password, and says why only on its terminal ("Sorry, try
    /// again."): the second dialog says it, "That was not accepted: try again" in red. The
    /// control: the first dialog has no red, and the right password passes.
    @Test func sudosSecondQuestionSaysTheFirstAnswerWasRefused() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let runtime = try runtimeDirectory(of: user, in: desk)
        let s = try sudo(user, prompt: "[sudo] password for %p: ", desk: desk, environment: ["XDG_RUNTIME_DIR=" + runtime])
        try answerWrongThenRight(user.password, on: desk)
        #expect(s.wait() == 0)
        let err = String(decoding: s.read().err, as: UTF8.self)
        #expect(err.contains("Sorry, try again."), "\(err)")
    }

    /// sudo's question says whose password, not what for: the dialog names the command sudo
    /// will run, above the entry, exactly as `pinbox render --asked-by` draws it. The control:
    /// the same dialog rendered without the line is another picture there, and shorter.
    @Test func sudosDialogNamesTheCommandItWillRun() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let s = try sudo(user, prompt: "[sudo] password for %p: ", desk: desk)
        var dialog = try desk.nextDialog()
        // Drawn focused, as the render is asked for.
        #expect(try desk.showsCaret(dialog, within: 5))
        let window = desk.pixels(&dialog)
        let entry = try desk.entry(dialog)
        func render(_ more: [String]) throws -> [UInt32] {
            let out = desk.dir + "/render-\(UUID().uuidString).png"
            let render = try PinBoxProcess(["render", "--askpass", "[sudo] password for \(user.name): ", "--focused"] + more + ["--out", out],
                                           display: nil, environment: ["LANG": "C"])
            #expect(try render.waitExit() == 0, "\(render.stderr)")
            let picture = try Canvas(png: out)
            #expect(picture.width == dialog.width, "render \(picture.width) wide, the window \(dialog.width)")
            return picture.pixels().map { $0 & 0xffffff }
        }
        let named = try render(["--asked-by", "sudo -k -A -p '[sudo] password for %p: ' /usr/bin/true"])
        let plain = try render([])
        #expect(named.count == window.count, "the window is as tall as the render with the line")
        #expect(plain.count < named.count)
        // Everything above the entry's box (its caret blinks): the question, the line, the
        // label, the focus ring's top.
        let above = 0..<(entry.rows.lowerBound * dialog.width)
        #expect(named[above] == window[above], "\(zip(named[above], window[above]).filter { $0 != $1 }.count) pixels differ")
        #expect(plain[above] != window[above])
        try desk.type(user.password)
        try desk.key("Return")
        #expect(s.wait() == 0)
    }

    @Test func sudosPromptThatStartsWithADashIsShownAndTheRightPasswordPasses() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let s = try sudo(user, prompt: "-> %p password: ", desk: desk)
        let dialog = try desk.nextDialog()
        #expect(desk.title(dialog) == "Password required")
        try desk.type(user.password)
        try desk.key("Return")
        #expect(s.wait() == 0, "\(String(decoding: s.read().err, as: UTF8.self))")
    }

    @Test func sudosHelpPromptIsAPromptAWrongPasswordThenTheRightOne() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let s = try sudo(user, prompt: "--help", desk: desk)
        // A window, not the usage text handed to sudo as a password.
        _ = try desk.nextDialog()
        try desk.type("wrong-one")
        try desk.key("Return")
        _ = try desk.nextDialog()
        try desk.type(user.password)
        try desk.key("Return")
        #expect(s.wait() == 0)
        let err = String(decoding: s.read().err, as: UTF8.self)
        #expect(err.contains("Sorry, try again."), "\(err)")
        #expect(!err.contains("incorrect password attempts"), "\(err)")
    }

    /// Debian's `ssh-askpass` alternative runs PinBox by that name. Run so, "--version" is a
    /// prompt like any other, not a version string handed to sudo as a wrong password.
    @Test func theSshAskpassAlternativeTakesAVersionPromptAsAPrompt() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let link = desk.dir + "/ssh-askpass"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: PinBoxProcess.binary)
        let s = try sudo(user, prompt: "--version", desk: desk, askpass: link)
        _ = try desk.nextDialog()
        try desk.type(user.password)
        try desk.key("Return")
        #expect(s.wait() == 0)
        let err = String(decoding: s.read().err, as: UTF8.self)
        #expect(!err.contains("Sorry, try again."), "\(err)")
    }

    @Test func cancellingSudoGivesNoPasswordAtAll() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let s = try sudo(user, prompt: "[sudo] password for %p: ", desk: desk)
        _ = try desk.nextDialog()
        try desk.type("abc")
        try desk.key("Escape")
        #expect(s.wait() == 1)
        let err = String(decoding: s.read().err, as: UTF8.self)
        // Nothing at all reached sudo: no attempt was counted.
        #expect(err.contains("no password was provided"), "\(err)")
        #expect(!err.contains("Sorry, try again") && !err.contains("incorrect password"), "\(err)")
    }

    // MARK: ssh

    /// An sshd on a loopback port with its own host key and config, password logins for the
    /// test user only (and the public key file `authorizedKey`, when given); ended with the test.
    /// With `secondHostKey`, it has an ECDSA host key as well, which it offers once a client has
    /// logged in (OpenSSH's hostkeys-00@openssh.com, for UpdateHostKeys).
    final class SSHServer {
        let port: Int
        let hostKey: String
        let server: Child
        /// Held so the user outlives the server and its sessions.
        let user: SudoUser

        init(dir: String, user: SudoUser, authorizedKey: String? = nil, secondHostKey: Bool = false) throws {
            self.user = user
            hostKey = dir + "/host_ed25519"
            #expect(try run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", hostKey]).status == 0)
            var hostKeys = "HostKey \(hostKey)"
            if secondHostKey {
                #expect(try run(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", dir + "/host_ecdsa"]).status == 0)
                hostKeys += "\nHostKey \(dir)/host_ecdsa"
            }
            port = try Self.freePort()
            let config = dir + "/sshd_config"
            try """
                ListenAddress 127.0.0.1
                \(hostKeys)
                PidFile none
                UsePAM yes
                PasswordAuthentication yes
                KbdInteractiveAuthentication no
                PubkeyAuthentication \(authorizedKey == nil ? "no" : "yes")
                AuthorizedKeysFile \(authorizedKey ?? "none")
                AllowUsers \(user.name)
                StrictModes no
                PrintMotd no

                """.write(toFile: config, atomically: true, encoding: .utf8)
            // sshd's privilege separation needs its empty directory (made at boot on a system).
            try? FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true,
                                                     attributes: [.posixPermissions: 0o755])
            server = try Child(["/usr/sbin/sshd", "-D", "-e", "-f", config, "-p", String(port)], capture: true)
            let deadline = Date().addingTimeInterval(10)
            while !Self.listening(port) {
                guard server.isRunning, Date() < deadline else {
                    throw TestFailure("sshd did not start: \(String(decoding: server.read().err, as: UTF8.self))")
                }
                usleep(50_000)
            }
        }

        deinit {
            kill(server.pid, SIGTERM)
            server.wait()
        }

        /// The key's fingerprint as ssh shows it (`SHA256:…`).
        var fingerprint: String {
            let out = (try? run(["ssh-keygen", "-l", "-f", hostKey + ".pub"]).output) ?? ""
            return out.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        }

        static func freePort() throws -> Int {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var size = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { p in
                    bind(fd, p, size) == 0 && getsockname(fd, p, &size) == 0
                }
            }
            guard bound else { throw TestFailure("no free loopback port") }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        static func listening(_ port: Int) -> Bool {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
        }
    }

    /// ssh to the test's sshd as the test user, asking through pinbox-askpass, with a fresh
    /// known_hosts and no configuration of the machine's.
    /// `options` go first: ssh takes the first value it is given for each.
    /// With `interactive`, ssh's stdin is a pipe the test closes to end the remote shell.
    private func ssh(_ user: SudoUser, _ server: SSHServer, desk: CallerDesk, knownHosts: String, options: [String] = [],
                     environment: [String: String] = [:], command: [String] = ["echo", "connected"],
                     interactive: Bool = false) throws -> Child {
        try Child(["ssh"] + options + ["-F", "/dev/null", "-o", "UserKnownHostsFile=\(knownHosts)",
                   "-o", "GlobalKnownHostsFile=/dev/null", "-o", "StrictHostKeyChecking=ask",
                   "-o", "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no",
                   "-o", "NumberOfPasswordPrompts=1", "-o", "UpdateHostKeys=no", "-o", "CheckHostIP=no",
                   "-p", String(server.port), "\(user.name)@127.0.0.1"] + command,
                  environment: ["SSH_ASKPASS": desk.askpass, "SSH_ASKPASS_REQUIRE": "force", "DISPLAY": desk.display,
                                "LANG": "C"].merging(environment) { $1 },
                  capture: true, interactive: interactive)
    }

    /// ssh asks for the password again after a wrong one, saying only "Permission denied,
    /// please try again." on its terminal: the second dialog says it in red. The control: the
    /// first has no red, and the right password logs in.
    @Test func sshsSecondPasswordQuestionSaysTheFirstWasRefused() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let server = try SSHServer(dir: desk.dir, user: user)
        let runtime = desk.dir + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let client = try ssh(user, server, desk: desk, knownHosts: desk.dir + "/known_hosts",
                             options: ["-o", "StrictHostKeyChecking=no", "-o", "NumberOfPasswordPrompts=2"],
                             environment: ["XDG_RUNTIME_DIR": runtime])
        try answerWrongThenRight(user.password, on: desk)
        #expect(client.wait() == 0)
        let (out, err) = client.read()
        #expect(String(decoding: out, as: UTF8.self) == "connected\n")
        #expect(String(decoding: err, as: UTF8.self).contains("Permission denied, please try again."))
    }

    /// A German session, its locale not generated (PinBox reads the language from LANG).
    static let german = ["LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""]

    /// po/de.po's words for `english`, each `%s` replaced by the next of `values`.
    static func de(_ english: String, _ values: String...) throws -> String {
        filled(try #require(try TranslationTests.translation(of: english, in: TranslationTests.repository + "/po/de.po"),
                            "\(english)"), values)
    }

    /// `text` with each `%s` replaced by the next of `values`.
    static func filled(_ text: String, _ values: [String]) -> String {
        var text = text
        for value in values {
            guard let at = text.range(of: "%s") else { break }
            text.replaceSubrange(at, with: value)
        }
        return text
    }

    /// The rows of `dialog` above `limit` as shown, and as the installed copy at `prefix`
    /// draws the askpass for `prompt` under `locale` (`pinbox render`; empty when its width
    /// differs); `focused` for a dialog whose entry's caret was waited for.
    private func top(of dialog: inout CallerDesk.Dialog, above limit: Int, on desk: CallerDesk, drawnBy prefix: String,
                     for prompt: String, hint: String = "", focused: Bool = false, askedBy: String? = nil,
                     room: Int? = nil,
                     _ locale: [String: String] = CallerTests.german) throws -> (shown: [UInt32], drawn: [UInt32]) {
        let above = 0..<(limit * dialog.width)
        let shown = Array(desk.pixels(&dialog).map { $0 & 0xffffff }[above])
        let out = desk.dir + "/render-\(UUID().uuidString).png"
        let p = try PinBoxProcess(["render", "--askpass", prompt, "--out", out] + (focused ? ["--focused"] : [])
                                      + (askedBy.map { ["--asked-by", $0] } ?? []) + (room.map { ["--room", String($0)] } ?? []),
                                  display: nil, environment: locale.merging(["SSH_ASKPASS_PROMPT": hint]) { $1 },
                                  program: prefix + "/bin/pinbox")
        #expect(try p.waitExit(timeout: 20) == 0, "\(p.stderr)")
        let picture = try Canvas(png: out)
        let drawn = picture.pixels().map { $0 & 0xffffff }
        return (shown, picture.width == dialog.width && drawn.count >= above.upperBound ? Array(drawn[above]) : [])
    }

    /// The binary under test installed in `desk` with its catalogues, as `pinbox-askpass`.
    private func installedAskpass(in desk: CallerDesk) throws -> (prefix: String, askpass: String) {
        let prefix = try TranslationTests.installed(in: desk.dir)
        let askpass = prefix + "/bin/pinbox-askpass"
        try FileManager.default.createSymbolicLink(atPath: askpass, withDestinationPath: "pinbox")
        return (prefix, askpass)
    }

    /// The real ssh under a German locale asks in German: a new host's key (the catalogue's
    /// sentences, the fingerprint under its German label), then, under `ControlMaster=ask`,
    /// whether another ssh may share its connection, have a stream through it (`ssh -W`) or a
    /// port forwarded (`ssh -O forward -L`). Each dialog is drawn, above its entry or its
    /// buttons, as `pinbox render` draws the catalogue's German sentences given as ssh's
    /// question; ssh's English question draws otherwise. Yes trusts the key and lets the second
    /// ssh run its command; Yes brings the server's greeting through the stream and its key
    /// through the forwarded port; Escape, No, refuses the next ssh, which then asks for a
    /// password itself; `ssh -O stop`, refused, leaves the master taking sessions; `ssh -O
    /// exit`, allowed, ends it.
    @Test func sshsHostKeyAndSharedConnectionQuestionsAreAskedInGerman() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let server = try SSHServer(dir: desk.dir, user: user)
        let (prefix, askpass) = try installedAskpass(in: desk)
        let control = desk.dir + "/control"
        let shared = ["-o", "ControlPath=\(control)"]
        let knownHosts = desk.dir + "/known_hosts"
        let master = try ssh(user, server, desk: desk, knownHosts: knownHosts, options: shared + ["-o", "ControlMaster=ask"],
                             environment: Self.german.merging(["SSH_ASKPASS": askpass]) { $1 }, command: ["sleep", "120"])
        defer { kill(master.pid, SIGTERM); _ = master.wait() }

        var hostKey = try desk.nextDialog()
        #expect(desk.title(hostKey) == (try Self.de("Unknown host key")))
        let entry = try focusedEntry(of: hostKey, on: desk)
        let host = "[127.0.0.1]:\(server.port) ([127.0.0.1]:\(server.port))"
        let fingerprintLine = "ED25519 key fingerprint is \(server.fingerprint).\n"
        let asked = try Self.de("The authenticity of host '%s' can't be established.", host) + "\n" + fingerprintLine
            + (try Self.de("This key is not known by any other names.")) + "\n"
            + String(try Self.de("Are you sure you want to continue connecting?").dropLast()) + " (yes/no/[fingerprint])? "
        let english = "The authenticity of host '\(host)' can't be established.\n" + fingerprintLine
            + "This key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])? "
        let entryTop = entry.rows.lowerBound
        let inGerman = try top(of: &hostKey, above: entryTop, on: desk, drawnBy: prefix, for: asked, focused: true)
        #expect(inGerman.drawn == inGerman.shown, "\(zip(inGerman.drawn, inGerman.shown).filter { $0 != $1 }.count) pixels differ")
        #expect(try top(of: &hostKey, above: entryTop, on: desk, drawnBy: prefix, for: english, focused: true,
                        ["LANG": "C"]).drawn != inGerman.shown)
        pastTheArmingDelay()
        try desk.key("alt+j")
        _ = try desk.nextDialog()
        try desk.type(user.password)
        try desk.key("Return")
        try waitUntil("the master's control socket") { FileManager.default.fileExists(atPath: control) }
        #expect(try String(contentsOfFile: knownHosts, encoding: .utf8).contains("[127.0.0.1]:\(server.port) ssh-ed25519 "))

        /// The master's next question, which asks ssh's `question` about `values` (the host,
        /// 127.0.0.1) in German.
        func expectAsked(_ question: String, _ values: [String] = ["127.0.0.1"]) throws {
            var dialog = try desk.nextDialog()
            let yes = try #require(CallerDesk.defaultButton(in: desk.pixels(&dialog), width: dialog.width,
                                                            height: dialog.height))
            let asked = try top(of: &dialog, above: yes.y - 24, on: desk, drawnBy: prefix,
                                for: Self.filled(try Self.de(question), values), hint: "confirm")
            #expect(asked.drawn == asked.shown, "\(question): \(zip(asked.drawn, asked.shown).filter { $0 != $1 }.count) pixels differ")
            #expect(try top(of: &dialog, above: yes.y - 24, on: desk, drawnBy: prefix,
                            for: Self.filled(question, values) + " ", hint: "confirm",
                            ["LANG": "C"]).drawn != asked.shown, "\(question)")
            pastTheArmingDelay()
        }
        let allowed = try ssh(user, server, desk: desk, knownHosts: knownHosts, options: shared + ["-o", "ControlMaster=no"])
        try expectAsked("Allow shared connection to %s?")
        try desk.key("Return")
        #expect(allowed.wait() == 0)
        #expect(String(decoding: allowed.read().out, as: UTF8.self) == "connected\n")

        // A stream to a port through the master (ssh -W, as ProxyJump asks for it), allowed:
        // the server's greeting comes through it.
        let target = "127.0.0.1:\(server.port)"
        let stream = try Child(["ssh", "-F", "/dev/null", "-o", "ControlPath=\(control)", "-o", "ControlMaster=no",
                                "-W", target, "127.0.0.1"], capture: true)
        try expectAsked("Allow forward to %s?", [target])
        try desk.key("Return")
        #expect(stream.wait() == 0, "\(String(decoding: stream.read().err, as: UTF8.self))")
        #expect(String(decoding: stream.read().out, as: UTF8.self).hasPrefix("SSH-2.0-"))
        // A local port forwarded by the master (ssh -O forward -L), allowed: the server answers on it.
        let local = "127.0.0.1:\(try SSHServer.freePort())"
        let forward = try Child(["ssh", "-F", "/dev/null", "-o", "ControlPath=\(control)", "-O", "forward",
                                 "-L", local + ":" + target, "127.0.0.1"], capture: true)
        try expectAsked("Open local forward %s -> %s on %s?", [local, target, "127.0.0.1"])
        try desk.key("Return")
        #expect(forward.wait() == 0, "\(String(decoding: forward.read().err, as: UTF8.self))")
        let scanned = try run(["ssh-keyscan", "-t", "ed25519", "-p", String(local.split(separator: ":")[1]), "127.0.0.1"])
        #expect(scanned.output.contains("ssh-ed25519"), "\(scanned)")

        // Refused by the master, ssh connects on its own, and asks for the password itself.
        let refused = try ssh(user, server, desk: desk, knownHosts: knownHosts, options: shared + ["-o", "ControlMaster=no"])
        _ = try desk.nextDialog()
        pastTheArmingDelay()
        try desk.key("Escape")
        let password = try desk.nextDialog()
        #expect(desk.title(password) == "Password required")
        try desk.key("Escape")
        #expect(refused.wait() == 255)
        let (out, err) = refused.read()
        #expect(out.isEmpty)
        #expect(String(decoding: err, as: UTF8.self).contains("Master refused session request: Permission denied"),
                "\(String(decoding: err, as: UTF8.self))")
        #expect(master.isRunning, "the master goes on")

        // `ssh -O stop` refused: the master goes on taking sessions; `ssh -O exit` allowed: it ends.
        func sendMaster(_ command: String) throws -> Child {
            try Child(["ssh", "-F", "/dev/null", "-o", "ControlPath=\(control)", "-O", command, "127.0.0.1"], capture: true)
        }
        let stop = try sendMaster("stop")
        try expectAsked("Disable further multiplexing on shared connection to %s?")
        try desk.key("Escape")
        #expect(stop.wait() == 255)
        #expect(String(decoding: stop.read().err, as: UTF8.self).contains("Permission denied"))
        #expect(FileManager.default.fileExists(atPath: control) && master.isRunning)
        let exit = try sendMaster("exit")
        try expectAsked("Terminate shared connection to %s?")
        try desk.key("Return")
        #expect(exit.wait() == 0)
        try waitUntil("the master's end") { !master.isRunning }
    }

    /// ssh under `AddKeysToAgent=ask` and a German locale, logging in with a key that has a
    /// passphrase: once the key is unlocked it asks whether the agent may keep it, in German
    /// (drawn above the buttons as `pinbox render` draws the catalogue's sentence; ssh's English
    /// draws otherwise). No logs in and leaves the agent empty; the next login asks for the
    /// passphrase again, and Yes puts the key in the agent.
    @Test func sshsAddKeysToAgentQuestionIsAskedInGermanAndAnswered() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let key = try newKey(in: desk, passphrase: "Schlüssel-Geheimnis")
        let server = try SSHServer(dir: desk.dir, user: user, authorizedKey: key + ".pub")
        let (prefix, askpass) = try installedAskpass(in: desk)
        let socket = desk.dir + "/agent.sock"
        let agent = try Child(["ssh-agent", "-D", "-a", socket])
        defer { kill(agent.pid, SIGTERM); _ = agent.wait() }
        try waitUntil("ssh-agent listens") { FileManager.default.fileExists(atPath: socket) }
        func listed() throws -> String {
            try run(["ssh-add", "-l"], environment: ["SSH_AUTH_SOCK": socket]).output
        }
        func logIn(answer: String) throws {
            let client = try ssh(user, server, desk: desk, knownHosts: desk.dir + "/known_hosts",
                                 options: ["-o", "StrictHostKeyChecking=no", "-o", "AddKeysToAgent=ask", "-o", "IdentitiesOnly=yes",
                                           "-i", key, "-o", "PreferredAuthentications=publickey", "-o", "PubkeyAuthentication=yes"],
                                 environment: Self.german.merging(["SSH_ASKPASS": askpass, "SSH_AUTH_SOCK": socket]) { $1 })
            _ = try desk.nextDialog()
            try desk.type("Schlüssel-Geheimnis")
            try desk.key("Return")
            var question = try desk.nextDialog()
            let yes = try #require(CallerDesk.defaultButton(in: desk.pixels(&question), width: question.width,
                                                            height: question.height))
            let asked = try top(of: &question, above: yes.y - 24, on: desk, drawnBy: prefix,
                                for: try Self.de("Add key %s (%s) to agent?", key, "anna@laptop"), hint: "confirm")
            #expect(asked.drawn == asked.shown, "\(zip(asked.drawn, asked.shown).filter { $0 != $1 }.count) pixels differ")
            #expect(try top(of: &question, above: yes.y - 24, on: desk, drawnBy: prefix,
                            for: "Add key \(key) (anna@laptop) to agent?", hint: "confirm", ["LANG": "C"]).drawn != asked.shown)
            pastTheArmingDelay()
            try desk.key(answer)
            #expect(client.wait() == 0, "\(String(decoding: client.read().err, as: UTF8.self))")
            #expect(String(decoding: client.read().out, as: UTF8.self) == "connected\n")
        }
        try logIn(answer: "Escape")
        #expect(try !listed().contains("anna@laptop"))
        try logIn(answer: "Return")
        #expect(try listed().contains("anna@laptop"))
    }

    /// A new ed25519 key, `id_ed25519` in `desk`, commented anna@laptop, locked by `passphrase`
    /// (none when empty); its path.
    private func newKey(in desk: CallerDesk, passphrase: String) throws -> String {
        let key = desk.dir + "/id_ed25519"
        #expect(try run(["ssh-keygen", "-q", "-t", "ed25519", "-N", passphrase, "-C", "anna@laptop", "-f", key]).status == 0)
        return key
    }

    /// The dialog's entry once its caret is drawn: the dialog has the focus.
    private func focusedEntry(of dialog: CallerDesk.Dialog, on desk: CallerDesk) throws -> EntryInk {
        var entry: EntryInk?
        try waitUntil("the entry's caret") {
            entry = try desk.entry(dialog)
            return entry?.caret != nil
        }
        return try #require(entry)
    }

    /// The next dialog asks for a secret in German: its heading is the catalogue's `title`, and
    /// above its entry it is drawn as `pinbox render` draws the catalogue's German `question`
    /// with the line naming the caller `askedBy`. Drawn without that line, or in English, it is
    /// another picture. Then `answer` is typed and Return pressed.
    private func expectAskedInGerman(_ question: String, title: String, askedBy: String, answer: String,
                                     on desk: CallerDesk, drawnBy prefix: String) throws {
        var dialog = try desk.nextDialog()
        #expect(desk.title(dialog) == (try Self.de(title)), "\(question)")
        let entry = try focusedEntry(of: dialog, on: desk)
        let entryTop = entry.rows.lowerBound
        let german = try Self.de(question) + ": "
        let asked = try top(of: &dialog, above: entryTop, on: desk, drawnBy: prefix, for: german, focused: true, askedBy: askedBy)
        #expect(asked.drawn == asked.shown, "\(question): \(zip(asked.drawn, asked.shown).filter { $0 != $1 }.count) pixels differ")
        #expect(try top(of: &dialog, above: entryTop, on: desk, drawnBy: prefix, for: german, focused: true).drawn != asked.shown,
                "\(question): drawn alike without the caller's line")
        #expect(try top(of: &dialog, above: entryTop, on: desk, drawnBy: prefix, for: question + ": ", focused: true,
                        askedBy: askedBy, ["LANG": "C"]).drawn != asked.shown, "\(question): drawn alike in English")
        try desk.type(answer)
        try desk.key("Return")
    }

    /// ssh-keygen changing a key's passphrase (-p) from a desktop, under a German locale: its
    /// three questions are asked in German, and since they name no key, each dialog names the
    /// command that asks, as the user started it (the key's path from `~`). The key is then
    /// unlocked by the new passphrase and no longer by the old one.
    @Test func sshKeygenAsksForTheOldAndNewPassphraseInGermanNamingItsCommand() throws {
        let desk = try CallerDesk()
        let (prefix, askpass) = try installedAskpass(in: desk)
        let key = try newKey(in: desk, passphrase: "altes Geheimnis")
        let keygen = try Child(["ssh-keygen", "-p", "-f", key],
                               environment: Self.german.merging(["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
                                                                 "DISPLAY": desk.display, "HOME": desk.dir]) { $1 },
                               capture: true)
        defer { if keygen.isRunning { kill(keygen.pid, SIGKILL) } }
        let command = "ssh-keygen -p -f ~/id_ed25519"
        try expectAskedInGerman("Enter old passphrase", title: "Passphrase required", askedBy: command,
                                answer: "altes Geheimnis", on: desk, drawnBy: prefix)
        try expectAskedInGerman("Enter new passphrase (empty for no passphrase)", title: "Passphrase required",
                                askedBy: command, answer: "neues Geheimnis", on: desk, drawnBy: prefix)
        try expectAskedInGerman("Enter same passphrase again", title: "Passphrase required", askedBy: command,
                                answer: "neues Geheimnis", on: desk, drawnBy: prefix)
        #expect(keygen.wait() == 0, "\(String(decoding: keygen.read().err, as: UTF8.self))")
        #expect(String(decoding: keygen.read().out, as: UTF8.self).contains("saved with the new passphrase"))
        #expect(try run(["ssh-keygen", "-y", "-P", "neues Geheimnis", "-f", key]).status == 0)
        #expect(try run(["ssh-keygen", "-y", "-P", "altes Geheimnis", "-f", key]).status != 0)
    }

    /// git signing a commit with an ssh key (gpg.format ssh) from a desktop, no terminal:
    /// git runs ssh-keygen, whose question ("Enter passphrase") names no key. Under a German
    /// locale it is asked in German, and the dialog names ssh-keygen's command with the key it
    /// signs with (`-f ~/id_ed25519`), though the line is too long for it and ends in git's
    /// temporary file. The commit is then signed by that key, as git verifies it.
    @Test func gitSigningWithAnSshKeyAsksForItsPassphraseNamingTheKey() throws {
        let desk = try CallerDesk()
        let (prefix, askpass) = try installedAskpass(in: desk)
        let key = try newKey(in: desk, passphrase: "Signier-Geheimnis")
        let repository = desk.dir + "/repository"
        let keygen = try which("ssh-keygen")
        let environment = ["HOME": desk.dir, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "Anna", "GIT_AUTHOR_EMAIL": "anna@laptop",
                           "GIT_COMMITTER_NAME": "Anna", "GIT_COMMITTER_EMAIL": "anna@laptop"]
        func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
            try run(["git", "-C", repository] + arguments, environment: environment)
        }
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: false)
        for setting in [["init", "-q"], ["config", "gpg.format", "ssh"], ["config", "user.signingkey", key],
                        ["config", "gpg.ssh.program", keygen]] {
            #expect(try git(setting).status == 0, "\(setting)")
        }
        try "Mietvertrag\n".write(toFile: repository + "/vertrag.txt", atomically: true, encoding: .utf8)
        #expect(try git(["add", "vertrag.txt"]).status == 0)
        let commit = try Child(["git", "-C", repository, "commit", "-q", "-S", "-m", "Vertrag"],
                               environment: Self.german.merging(environment) { $1 }.merging(
                                   ["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force", "DISPLAY": desk.display]) { $1 },
                               capture: true)
        defer { if commit.isRunning { kill(commit.pid, SIGKILL) } }
        try expectAskedInGerman("Enter passphrase", title: "Passphrase required",
                                askedBy: keygen + " -Y sign -n git -f ~/id_ed25519 …", answer: "Signier-Geheimnis",
                                on: desk, drawnBy: prefix)
        #expect(commit.wait() == 0, "\(String(decoding: commit.read().err, as: UTF8.self))")
        let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8)
        try ("anna@laptop " + publicKey).write(toFile: desk.dir + "/allowed_signers", atomically: true, encoding: .utf8)
        let verified = try git(["-c", "gpg.ssh.allowedSignersFile=" + desk.dir + "/allowed_signers", "verify-commit", "HEAD"])
        #expect(verified.status == 0, "\(verified.output)")
    }

    /// ssh-keygen making a key whose passphrase's repeat differs: it says so only on its own
    /// output ("Passphrases do not match.  Try again.") and asks both again. Under a German
    /// locale the new passphrase asked again says it in red, in German, and not that an answer
    /// was refused; the repeat asked after it says nothing (the round starts again). The first
    /// question has no red line; the key is made with the passphrase typed twice alike.
    @Test func sshKeygenSaysWhenTheNewPassphraseAndItsRepeatDiffered() throws {
        let desk = try CallerDesk()
        let (prefix, askpass) = try installedAskpass(in: desk)
        let runtime = desk.dir + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o700])
        let key = desk.dir + "/id_ed25519"
        let keygen = try Child(["ssh-keygen", "-q", "-t", "ed25519", "-C", "anna@laptop", "-f", key],
                               environment: Self.german.merging(["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
                                                                 "DISPLAY": desk.display, "HOME": desk.dir,
                                                                 "XDG_RUNTIME_DIR": runtime]) { $1 },
                               capture: true)
        defer { if keygen.isRunning { kill(keygen.pid, SIGKILL) } }
        /// The next dialog, once its entry shows `typed` dots, with its red ink counted.
        func next(typing typed: String) throws -> (dialog: CallerDesk.Dialog, red: Int) {
            var dialog = try desk.nextDialog()
            try desk.type(typed)
            try waitUntil("the dots of what was typed") { try desk.entry(dialog).isDots(typed.count) }
            return (dialog, desk.redInk(&dialog))
        }
        #expect(try next(typing: "eins").red == 0, "the first question says nothing")
        try desk.key("Return")
        #expect(try next(typing: "zwei").red == 0)
        try desk.key("Return")

        var again = try desk.nextDialog()
        try waitUntil("the red line") { desk.redInk(&again) > 100 }
        let entry = try desk.entry(again)
        let window = desk.pixels(&again).map { $0 & 0xffffff }
        let below = (entry.rows.upperBound * again.width)..<window.count
        func render(error: String) throws -> [UInt32] {
            let out = desk.dir + "/render-\(UUID().uuidString).png"
            let p = try PinBoxProcess(["render", "--askpass", "Enter passphrase (empty for no passphrase): ", "--focused",
                                       "--error", error, "--asked-by", "ssh-keygen -q -t ed25519 -C anna@laptop -f ~/id_ed25519",
                                       "--out", out],
                                      display: nil, environment: Self.german, program: prefix + "/bin/pinbox")
            #expect(try p.waitExit(timeout: 20) == 0, "\(p.stderr)")
            return try Canvas(png: out).pixels().map { $0 & 0xffffff }
        }
        let differed = try render(error: try Self.de("The passphrases did not match: type the new one again"))
        #expect(differed.count == window.count && Array(differed[below]) == Array(window[below]),
                "\(zip(differed[below], window[below]).filter { $0 != $1 }.count) pixels differ under the entry")
        let refused = try render(error: try Self.de("That was not accepted: try again"))
        #expect(refused.count != window.count || Array(refused[below]) != Array(window[below]))
        try desk.type("drei")
        try desk.key("Return")
        #expect(try next(typing: "drei").red == 0, "the repeat asked again says nothing")
        try desk.key("Return")
        #expect(keygen.wait() == 0, "\(String(decoding: keygen.read().err, as: UTF8.self))")
        #expect(String(decoding: keygen.read().out, as: UTF8.self).contains("Passphrases do not match."))
        #expect(try run(["ssh-keygen", "-y", "-P", "drei", "-f", key]).status == 0)
    }

    /// ssh-add locking the agent (-x) and unlocking it (-X) under a German locale: the lock
    /// password and its repeat are asked in German, each dialog naming the command (-x or -X:
    /// the question is the same). Locked, the agent lists no key; a wrong password leaves it
    /// locked; the right one unlocks it.
    @Test func sshAddLocksAndUnlocksTheAgentAskingInGerman() throws {
        let desk = try CallerDesk()
        let (prefix, askpass) = try installedAskpass(in: desk)
        let key = try newKey(in: desk, passphrase: "")
        let socket = desk.dir + "/agent.sock"
        let agent = try Child(["ssh-agent", "-D", "-a", socket])
        defer { kill(agent.pid, SIGTERM); _ = agent.wait() }
        try waitUntil("ssh-agent listens") { FileManager.default.fileExists(atPath: socket) }
        #expect(try run(["ssh-add", key], environment: ["SSH_AUTH_SOCK": socket]).status == 0)
        func listed() throws -> String {
            try run(["ssh-add", "-l"], environment: ["SSH_AUTH_SOCK": socket]).output
        }
        #expect(try listed().contains("anna@laptop"))
        func sshAdd(_ option: String) throws -> Child {
            try Child(["ssh-add", option],
                      environment: Self.german.merging(["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
                                                        "DISPLAY": desk.display, "SSH_AUTH_SOCK": socket]) { $1 },
                      capture: true)
        }
        let lock = try sshAdd("-x")
        try expectAskedInGerman("Enter lock password", title: "Password required", askedBy: "ssh-add -x",
                                answer: "Sperre-1", on: desk, drawnBy: prefix)
        try expectAskedInGerman("Again", title: "Password required", askedBy: "ssh-add -x",
                                answer: "Sperre-1", on: desk, drawnBy: prefix)
        #expect(lock.wait() == 0, "\(String(decoding: lock.read().err, as: UTF8.self))")
        #expect(String(decoding: lock.read().err, as: UTF8.self).contains("Agent locked."))
        #expect(try !listed().contains("anna@laptop"))

        let wrong = try sshAdd("-X")
        try expectAskedInGerman("Enter lock password", title: "Password required", askedBy: "ssh-add -X",
                                answer: "Sperre-2", on: desk, drawnBy: prefix)
        #expect(wrong.wait() == 1)
        #expect(try !listed().contains("anna@laptop"))
        let unlock = try sshAdd("-X")
        _ = try desk.nextDialog()
        try desk.type("Sperre-1")
        try desk.key("Return")
        #expect(unlock.wait() == 0, "\(String(decoding: unlock.read().err, as: UTF8.self))")
        #expect(String(decoding: unlock.read().err, as: UTF8.self).contains("Agent unlocked."))
        #expect(try listed().contains("anna@laptop"))
    }

    /// ssh's question about a new host whose key is known by more names than ssh lists, with
    /// DNS asked too (VerifyHostKeyDNS; a numeric host is never looked up, so DNS finds no
    /// match): under a German locale every line of ssh's is said in German, the names as ssh
    /// wrote them, drawn above the entry as `pinbox render` draws the catalogue's sentences
    /// (English draws otherwise). No, Escape, ends ssh's connecting.
    @Test func sshsHostKeyQuestionWithManyNamesAndDNSIsAskedInGerman() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let server = try SSHServer(dir: desk.dir, user: user)
        let (prefix, askpass) = try installedAskpass(in: desk)
        let knownHosts = desk.dir + "/known_hosts"
        let publicKey = try String(contentsOfFile: server.hostKey + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            .joined(separator: " ")
        try (1...10).map { "web\($0) \(publicKey)\n" }.joined().write(toFile: knownHosts, atomically: true, encoding: .utf8)
        let client = try ssh(user, server, desk: desk, knownHosts: knownHosts, options: ["-o", "VerifyHostKeyDNS=yes"],
                             environment: Self.german.merging(["SSH_ASKPASS": askpass]) { $1 })
        defer { if client.isRunning { kill(client.pid, SIGKILL) } }

        var question = try desk.nextDialog()
        #expect(desk.title(question) == (try Self.de("Unknown host key")))
        let entry = try focusedEntry(of: question, on: desk)
        let host = "[127.0.0.1]:\(server.port) ([127.0.0.1]:\(server.port))"
        let fingerprintLine = "ED25519 key fingerprint is \(server.fingerprint).\n"
        let names = (1...8).map { "    \(knownHosts):\($0): web\($0)\n" }.joined()
        let omitted = try #require(try Self.dePlural("(%s additional names omitted)", form: 1))
        let asked = try Self.de("The authenticity of host '%s' can't be established.", host) + "\n" + fingerprintLine
            + (try Self.de("No matching host key fingerprint found in DNS.")) + "\n"
            + (try Self.de("This host key is known by the following other names/addresses:")) + "\n" + names
            + "    " + Self.filled(omitted, ["2"]) + "\n"
            + String(try Self.de("Are you sure you want to continue connecting?").dropLast()) + " (yes/no/[fingerprint])? "
        let english = "The authenticity of host '\(host)' can't be established.\n" + fingerprintLine
            + "No matching host key fingerprint found in DNS.\nThis host key is known by the following other names/addresses:\n"
            + names + "    (2 additional names omitted)\nAre you sure you want to continue connecting (yes/no/[fingerprint])? "
        // The names' long lines wrap: the question grows into the screen's height (the desk's).
        let entryTop = entry.rows.lowerBound
        let inGerman = try top(of: &question, above: entryTop, on: desk, drawnBy: prefix, for: asked, focused: true, room: 1024)
        #expect(inGerman.drawn == inGerman.shown, "\(zip(inGerman.drawn, inGerman.shown).filter { $0 != $1 }.count) pixels differ")
        let inEnglish = try top(of: &question, above: entryTop, on: desk, drawnBy: prefix, for: english, focused: true,
                                room: 1024, ["LANG": "C"])
        #expect(inEnglish.drawn != inGerman.shown, "drawn alike in English")
        try desk.key("Escape")
        #expect(client.wait() == 255)
        #expect(String(decoding: client.read().err, as: UTF8.self).contains("Host key verification failed."))
    }

    /// po/de.po's plural form `form` of `english` (its msgid).
    static func dePlural(_ english: String, form: Int) throws -> String? {
        let lines = try String(contentsOfFile: TranslationTests.repository + "/po/de.po", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        guard let at = lines.firstIndex(of: "msgid \"\(english)\""),
              let line = lines[at...].first(where: { $0.hasPrefix("msgstr[\(form)] \"") }) else { return nil }
        return String(line.dropFirst("msgstr[\(form)] \"".count).dropLast())
    }

    /// ssh-agent asking before it uses a key added with `-c` and a destination constraint
    /// (`ssh-add -h USER@HOST`), under a German locale: its question, the key's fingerprint as
    /// the detail, and its line naming the account the request logs in as, each in German, drawn
    /// above the buttons as `pinbox render` draws the catalogue's sentences (ssh-agent's English
    /// draws otherwise). Yes lets ssh log in with the key.
    @Test func sshAgentsQuestionForADestinationConstrainedKeyIsAskedInGerman() throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let key = try newKey(in: desk, passphrase: "")
        let server = try SSHServer(dir: desk.dir, user: user, authorizedKey: key + ".pub")
        let (prefix, askpass) = try installedAskpass(in: desk)
        let knownHosts = desk.dir + "/known_hosts"
        let hostKey = try String(contentsOfFile: server.hostKey + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
            .joined(separator: " ")
        try "[127.0.0.1]:\(server.port) \(hostKey)\n".write(toFile: knownHosts, atomically: true, encoding: .utf8)
        let socket = desk.dir + "/agent.sock"
        // The agent asks through the askpass of its own environment.
        let agent = try Child(["ssh-agent", "-D", "-a", socket],
                              environment: Self.german.merging(["SSH_ASKPASS": askpass, "DISPLAY": desk.display]) { $1 })
        defer { kill(agent.pid, SIGTERM); _ = agent.wait() }
        try waitUntil("ssh-agent listens") { FileManager.default.fileExists(atPath: socket) }
        let added = try run(["ssh-add", "-c", "-H", knownHosts, "-h", "\(user.name)@[127.0.0.1]:\(server.port)", key],
                            environment: ["SSH_AUTH_SOCK": socket])
        #expect(added.status == 0, "\(added.output)")
        let client = try ssh(user, server, desk: desk, knownHosts: knownHosts,
                             options: ["-o", "PreferredAuthentications=publickey", "-o", "PubkeyAuthentication=yes"],
                             environment: ["SSH_AUTH_SOCK": socket])
        defer { if client.isRunning { kill(client.pid, SIGKILL) } }

        var question = try desk.nextDialog()
        let yes = try #require(CallerDesk.defaultButton(in: desk.pixels(&question), width: question.width,
                                                        height: question.height))
        let fingerprint = try run(["ssh-keygen", "-l", "-f", key + ".pub"]).output.split(separator: " ")[1]
        let request = "\n" + "Key fingerprint \(fingerprint).\n"
        // The msgid as po/de.po writes it, its quotes escaped.
        let account = try Self.de(#"public key authentication request for user \"%s\" to listed host"#, user.name)
        let asked = try Self.de("Allow use of key %s?", "anna@laptop") + request + account
        let english = "Allow use of key anna@laptop?" + request + "public key authentication request for user \"\(user.name)\" to listed host"
        let inGerman = try top(of: &question, above: yes.y - 24, on: desk, drawnBy: prefix, for: asked, hint: "confirm")
        #expect(inGerman.drawn == inGerman.shown, "\(zip(inGerman.drawn, inGerman.shown).filter { $0 != $1 }.count) pixels differ")
        let inEnglish = try top(of: &question, above: yes.y - 24, on: desk, drawnBy: prefix, for: english, hint: "confirm",
                                ["LANG": "C"])
        #expect(inEnglish.drawn != inGerman.shown, "drawn alike in English")
        pastTheArmingDelay()
        try desk.key("Return")
        #expect(client.wait() == 0, "\(String(decoding: client.read().err, as: UTF8.self))")
        #expect(String(decoding: client.read().out, as: UTF8.self) == "connected\n")
    }

    /// A desk, a user, an sshd for them, and an ssh to it with an empty known_hosts: it is about
    /// to ask about the server's host key. (The ssh is killed with its `Child`, if still running.)
    private func sshToANewHost() throws -> (desk: CallerDesk, user: SudoUser, server: SSHServer, knownHosts: String,
                                          client: Child) {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let server = try SSHServer(dir: desk.dir, user: user)
        let knownHosts = desk.dir + "/known_hosts"
        return (desk, user, server, knownHosts, try ssh(user, server, desk: desk, knownHosts: knownHosts))
    }

    @Test func sshsHostKeyQuestionIsAnsweredByTheYesButtonThenThePassword() throws {
        let (desk, user, server, knownHosts, client) = try sshToANewHost()

        var question = try desk.nextDialog()
        #expect(desk.title(question) == "Unknown host key")
        let pixels = desk.pixels(&question)
        let yes = try #require(CallerDesk.defaultButton(in: pixels, width: question.width, height: question.height))
        // Yes answers when the click is let go on it: held, it darkens; dragged off and let go
        // there, it answers nothing and can be held again.
        func yesIsHeld(_ held: Bool) throws {
            try waitUntil("Yes drawn \(held ? "held" : "up")") {
                CallerDesk.defaultButton(in: desk.pixels(&question, timeout: 0.3), width: question.width,
                                         height: question.height) == nil ? held : !held
            }
        }
        pastTheArmingDelay()
        try desk.pointer(question, x: yes.x, y: yes.y, then: "mousedown", "1")
        try yesIsHeld(true)
        try desk.pointer(question, x: 2, y: 2)
        try yesIsHeld(false)
        try desk.pointer(question, x: 2, y: 2, then: "mouseup", "1")
        try desk.pointer(question, x: yes.x, y: yes.y, then: "mousedown", "1")
        try yesIsHeld(true)
        try desk.pointer(question, x: yes.x, y: yes.y, then: "mouseup", "1")

        let password = try desk.nextDialog()
        #expect(desk.title(password) == "Password required")
        try desk.type(user.password)
        try desk.key("Return")

        #expect(client.wait() == 0, "\(String(decoding: client.read().err, as: UTF8.self))")
        #expect(String(decoding: client.read().out, as: UTF8.self) == "connected\n")
        let known = try String(contentsOfFile: knownHosts, encoding: .utf8)
        #expect(known.contains("[127.0.0.1]:\(server.port) ssh-ed25519 "), "\(known)")
    }

    /// Yes with a fingerprint typed sends the fingerprint: ssh compares it, and a wrong one
    /// trusts nothing (ssh asks again; No then refuses). It had sent "yes" and ssh trusted the
    /// key for good, skipping the check the user asked for.
    @Test func yesWithAWrongFingerprintTypedTrustsNothing() throws {
        let (desk, user, server, knownHosts, client) = try sshToANewHost()
        defer { withExtendedLifetime((user, server)) {} }  // sshd and its user until ssh is done
        _ = try desk.nextDialog()
        try desk.type("SHA256:R0wl48vWnotthisoneVHaeo")
        pastTheArmingDelay()
        try desk.key("alt+y")
        // ssh asks again ("Please type 'yes', 'no' or the fingerprint"), in a dialog of its own.
        let again = try desk.nextDialog()
        #expect(desk.title(again) == "Host key")
        pastTheArmingDelay()
        try desk.key("alt+n")
        #expect(client.wait() == 255)
        let known = (try? String(contentsOfFile: knownHosts, encoding: .utf8)) ?? ""
        #expect(known.isEmpty, "nothing trusted: \(known)")
    }

    /// UpdateHostKeys=ask with the real ssh and sshd: logged in with the host key known_hosts
    /// holds (Ed25519), ssh learns the server's other key (ECDSA) and asks "Accept updated
    /// hostkeys?" through the askpass (it has no terminal). Yes in the dialog adds the key to
    /// known_hosts; No (the control) leaves known_hosts as it was. (ssh asks only for a shell,
    /// not for a remote command: the shell reads the test's pipe, closed once answered.)
    @Test(arguments: [true, false]) func sshsUpdatedHostKeysQuestionIsAnsweredInTheDialog(accept: Bool) throws {
        let desk = try CallerDesk()
        let user = try SudoUser(home: desk.dir)
        let server = try SSHServer(dir: desk.dir, user: user, secondHostKey: true)
        defer { withExtendedLifetime((user, server)) {} }
        let knownHosts = desk.dir + "/known_hosts"
        let ed25519 = try String(contentsOfFile: server.hostKey + ".pub", encoding: .utf8).split(separator: " ").prefix(2)
        let known = "[127.0.0.1]:\(server.port) \(ed25519.joined(separator: " "))\n"
        try known.write(toFile: knownHosts, atomically: true, encoding: .utf8)
        let client = try ssh(user, server, desk: desk, knownHosts: knownHosts,
                             options: ["-o", "UpdateHostKeys=ask"],
                             command: [], interactive: true)
        let password = try desk.nextDialog()
        #expect(desk.title(password) == "Password required")
        try desk.type(user.password)
        try desk.key("Return")
        let question: CallerDesk.Dialog
        do { question = try desk.nextDialog() } catch {
            kill(client.pid, SIGTERM)
            client.wait()
            throw TestFailure("\(error); ssh said: \(String(decoding: client.read().err, as: UTF8.self))")
        }
        #expect(desk.title(question) == "Host key")
        #expect(procFile("/proc/\(question.pid)/cmdline").contains("Accept updated hostkeys? (yes/no): "))
        pastTheArmingDelay()
        try desk.key(accept ? "alt+y" : "alt+n")
        try waitUntil("the askpass gone", timeout: 10) { !FileManager.default.fileExists(atPath: "/proc/\(question.pid)") }
        client.send("echo connected\n")
        client.closeInput()
        #expect(client.wait() == 0, "\(String(decoding: client.read().err, as: UTF8.self))")
        // (After the machine's message of the day, which PAM shows a shell.)
        #expect(String(decoding: client.read().out, as: UTF8.self).hasSuffix("connected\n"))
        let now = try String(contentsOfFile: knownHosts, encoding: .utf8)
        if accept {
            #expect(now.contains("[127.0.0.1]:\(server.port) ecdsa-sha2-nistp256 "), "\(now)")
        } else {
            #expect(now == known, "nothing added after No: \(now)")
        }
    }

    @Test func noRefusesTheKeyAndATypedFingerprintIsTakenAsYes() throws {
        let (desk, user, server, knownHosts, refused) = try sshToANewHost()
        _ = try desk.nextDialog()
        pastTheArmingDelay()
        try desk.key("alt+n")
        #expect(refused.wait() == 255)
        #expect(String(decoding: refused.read().err, as: UTF8.self).contains("Host key verification failed"))
        let knownAfterNo = (try? String(contentsOfFile: knownHosts, encoding: .utf8)) ?? ""
        #expect(knownAfterNo.isEmpty, "nothing trusted after No: \(knownAfterNo)")

        // The fingerprint typed (or pasted) in the entry: ssh compares it with the key's.
        let typed = try ssh(user, server, desk: desk, knownHosts: knownHosts)
        let question = try desk.nextDialog()
        try desk.type(server.fingerprint)
        let shown = try desk.entry(question, saving: "ssh-fingerprint-typed")
        #expect(!shown.runs.isEmpty && shown.inkHeight > 9, "the fingerprint is shown as typed: \(shown)")
        pastTheArmingDelay()
        try desk.key("Return")
        _ = try desk.nextDialog()
        try desk.type(user.password)
        try desk.key("Return")
        #expect(typed.wait() == 0, "\(String(decoding: typed.read().err, as: UTF8.self))")
    }
}
