// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxCore
import PinBoxRender
import Testing

/// `pinbox askpass` as ssh, ssh-agent and sudo run it: the prompt in argv[1], the secret and a
/// newline on stdout, nothing and exit 1 on cancel — proved with the real ssh-add and ssh-agent.
@Suite("Askpass, end to end", .endToEnd)
struct AskpassTests {
    /// An askpass on its own Xvfb, which lives as long as this does.
    final class Prompt {
        let xvfb: Xvfb
        let p: PinBoxProcess
        init(_ arguments: [String], environment: [String: String]) throws {
            xvfb = try Xvfb()
            p = try PinBoxProcess(["askpass"] + arguments, display: xvfb.display, environment: environment)
            try p.findWindowByPID()
        }
    }

    /// The askpass started with `arguments` after `askpass`, its window focused.
    private func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Prompt {
        try Prompt(arguments, environment: environment)
    }

    @Test func aPassphraseOfLettersSpacesAndAccentsComesBackWhole() throws {
        let pPrompt = try start(["Enter passphrase for /root/.ssh/id_ed25519: "])
        let p = pPrompt.p
        try p.xdotool(["type", "--delay", "20", "correct horse é"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "correct horse é\n")
        #expect(p.stderr.isEmpty)
    }

    /// A password manager's auto-type or a token (a YubiKey's `cccccc…`) types a repeated
    /// character as fast as XTEST can: a release and the next press of the same key in the same
    /// millisecond are typing, not a held key's repeat (`AutoRepeat`), from the moment the
    /// window shows (an auto-type fired as the dialog opens; 4 of 6 runs lost keys there before,
    /// "11cc" for the twelve) and once the keyboard is prepared, 33 ms after the map
    /// (EventLoop.preparationDelay; nothing the window shows says when it is done).
    @Test(arguments: [0, 200_000] as [UInt32])
    func aRepeatedCharacterTypedAsFastAsPossibleComesBackWhole(after wait: UInt32) throws {
        let prompt = try start(["Enter passphrase for key:"])
        usleep(wait)
        try prompt.p.xdotool(["type", "--delay", "0", "111111cccccc"])
        try prompt.p.keys("Return")
        #expect(try prompt.p.waitExit() == 0)
        #expect(prompt.p.stdout == "111111cccccc\n")
    }

    /// Shift+Tab to OK, then Space: the passphrase goes out as typed, with no space added to it.
    @Test func spaceOnTheFocusedOKSendsThePassphraseAsTyped() throws {
        let prompt = try start(["Enter passphrase for key:"])
        try prompt.p.xdotool(["type", "--delay", "20", "pw"])
        try prompt.p.keys("shift+Tab", "space")
        #expect(try prompt.p.waitExit() == 0)
        #expect(prompt.p.stdout == "pw\n")
    }

    @Test func theDialogOpensCentredOnTheScreen() throws {
        let prompt = try start(["Password: "])
        let out = try run(["xdotool", "getwindowgeometry", prompt.p.windowID!], display: prompt.xvfb.display).output
        // "Position: X,Y (screen: 0)" and "Geometry: WxH"; the test's Xvfb is 1280 × 1024, no WM.
        func numbers(after label: String) -> [Int] {
            guard let line = out.split(separator: "\n").first(where: { $0.contains(label) }) else { return [] }
            let text = line.split(separator: ":")[1].split(separator: "(")[0]
            return text.split(whereSeparator: { $0 == "," || $0 == "x" || $0 == " " }).compactMap { Int($0) }
        }
        let position = numbers(after: "Position"), size = numbers(after: "Geometry")
        #expect(position == [(1280 - size[0]) / 2, (1024 - size[1]) / 2], "\(out)")
    }

    /// A minus in a geometry counts from the right or bottom edge, as in every X program: the
    /// offsets were taken as they stood, so `-0-0` opened at the top left and `-10-20` partly
    /// off the screen. (The test's Xvfb is 1280 × 1024, no window manager.)
    @Test(arguments: [("400x200-0-0", 880, 824), ("400x200-10-20", 870, 804), ("400x200+10+20", 10, 20)])
    func aGeometryPlacesTheDialogFromTheEdgesItNames(_ geometry: String, _ x: Int, _ y: Int) throws {
        let prompt = try start(["--geometry", geometry, "Password: "])
        let out = try run(["xdotool", "getwindowgeometry", "--shell", prompt.p.windowID!],
                          display: prompt.xvfb.display).output
        func value(_ key: String) -> Int? {
            out.split(separator: "\n").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        #expect(value("X") == x && value("Y") == y, "\(out)")
        try prompt.p.keys("Escape")
        #expect(try prompt.p.waitExit() == 1)
    }

    /// A prompt of forty lines reads whole where the screen has room: every line adds its
    /// height to the window, the fortieth too. On a screen too short for the usual height (the
    /// control) the dialog keeps it, and the text is cut at it.
    @Test(arguments: [("1280x1024x24", true), ("1280x600x24", false)])
    func aLongPromptGrowsIntoTheScreenItHasRoomIn(_ screen: String, _ grows: Bool) throws {
        let xvfb = try Xvfb(size: screen)
        func height(lines: Int) throws -> Int? {
            let prompt = (1...lines).map { "This is line \($0) of a long notice from the host" }.joined(separator: "\n")
            let p = try PinBoxProcess(["askpass", prompt + "\nPassword: "], display: xvfb.display)
            try p.findWindowByPID()
            let out = try run(["xdotool", "getwindowgeometry", "--shell", p.windowID!], display: xvfb.display).output
            try p.keys("Escape")
            #expect(try p.waitExit() == 1)
            return out.split(separator: "\n").first { $0.hasPrefix("HEIGHT=") }.flatMap { Int($0.dropFirst(7)) }
        }
        let forty = try #require(try height(lines: 40)), thirtyNine = try #require(try height(lines: 39))
        if grows {
            #expect(forty > thirtyNine && forty - thirtyNine <= 24, "\(thirtyNine) → \(forty)")
            #expect(forty <= 1024)
        } else {
            #expect(forty == thirtyNine)
            #expect(forty <= 537)
        }
    }

    @Test func aPinPromptTakesLettersAndGrowsPastSixBoxes() throws {
        let pPrompt = try start(["Enter PIN for authenticator: "])
        let p = pPrompt.p
        try p.xdotool(["type", "--delay", "20", "12ab5678x"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "12ab5678x\n")
    }

    @Test func anEmptyAnswerIsABareNewline() throws {
        // sudo reads a bare newline as an empty password, and nothing at all as no answer.
        let pPrompt = try start(["Password: "])
        let p = pPrompt.p
        try p.keys("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "\n")
    }

    @Test func cancelCloseAndTimeoutPrintNothingAndExitOne() throws {
        let escapePrompt = try start(["Password: "])
        let escape = escapePrompt.p
        try escape.keys("s", "e", "Escape")
        #expect(try escape.waitExit() == 1)
        #expect(escape.stdout.isEmpty)

        let closedPrompt = try start(["Password: "])
        let closed = closedPrompt.p
        let xvfb = closedPrompt.xvfb
        try closed.keys("s", "e")
        let x = try XClient(xvfb.display)
        x.sendDeleteWindow(closed.windowID!)
        #expect(try closed.waitExit() == 1)
        #expect(closed.stdout.isEmpty)

        // Another client destroys the window (xdotool windowclose): closed, not waited on forever.
        let destroyedPrompt = try start(["Password: "])
        let destroyed = destroyedPrompt.p
        try destroyed.keys("s", "e")
        try XClient(destroyedPrompt.xvfb.display).destroyWindow(destroyed.windowID!)
        #expect(try destroyed.waitExit() == 1)
        #expect(destroyed.stdout.isEmpty)

        let buttonPrompt = try start(["Password: "])
        let button = buttonPrompt.p
        try button.keys("s", "alt+c")
        #expect(try button.waitExit() == 1)
        #expect(button.stdout.isEmpty)

        let quiet = try Xvfb()
        let late = try PinBoxProcess(["askpass", "--timeout", "0.5", "Password: "], display: quiet.display)
        #expect(try late.waitExit(timeout: 3) == 1)
        #expect(late.stdout.isEmpty)
    }

    @Test func theLinkNameIsTheRole() throws {
        let dir = NSTemporaryDirectory() + "pinbox-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/pinbox-askpass", withDestinationPath: PinBoxProcess.binary)
        let xvfb = try Xvfb()
        let child = try Child([dir + "/pinbox-askpass", "Password: "], environment: ["DISPLAY": xvfb.display], capture: true)
        var id = ""
        for _ in 0..<500 where id.isEmpty && child.isRunning {
            let out = try run(["xdotool", "search", "--onlyvisible", "--pid", String(child.pid)], display: xvfb.display).output
            id = String(out.split(separator: "\n").first ?? "")
            usleep(20_000)
        }
        #expect(!id.isEmpty)
        _ = try run(["xdotool", "windowfocus", "--sync", id, "type", "--delay", "20", "link"], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        #expect(child.wait() == 0)
        #expect(String(decoding: child.read().out, as: UTF8.self) == "link\n")
    }

    /// Presses `key` until the askpass ends (its question ignores button keys for half a second
    /// after it shows, `Page.armingDelay`); returns the exit status.
    private func pressUntilExit(_ p: PinBoxProcess, _ key: String, within seconds: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            try p.keys(key)
            if let status = try? p.waitExit(timeout: 0.3) { return status }
            guard Date() < deadline else { throw TestFailure("\(key) never answered the question") }
        }
    }

    @Test func confirmAnswersYesAndNo() throws {
        let env = ["SSH_ASKPASS_PROMPT": "confirm"]
        let yesPrompt = try start(["Allow use of key?"], environment: env)
        let yes = yesPrompt.p
        #expect(try pressUntilExit(yes, "Return") == 0, "Yes is the askpass question's default")
        #expect(yes.stdout.isEmpty)
        let noPrompt = try start(["Allow use of key?"], environment: env)
        let no = noPrompt.p
        try no.keys("Escape")
        #expect(try no.waitExit() == 1, "Escape is never held back")
        let mnemonicPrompt = try start(["Allow use of key?"], environment: env)
        let mnemonic = mnemonicPrompt.p
        #expect(try pressUntilExit(mnemonic, "alt+y") == 0)
    }

    /// ssh-agent's question for a key added with `ssh-add -c` ends in the key's fingerprint,
    /// which the user compares with `ssh-add -l`: wrapped as words, it was cut in two. It is
    /// the dialog's detail now, on one line: the window is as wide as the fingerprint needs.
    @Test func sshAgentsQuestionShowsTheFingerprintOnOneLine() throws {
        let fingerprint = "SHA256:YuSDU+2ow69Ng8d/UAQG1bTdBENShenK8WiDrDVecLo"
        let prompt = try start(["Allow use of key alice?\nKey fingerprint \(fingerprint)."],
                               environment: ["SSH_ASKPASS_PROMPT": "confirm"])
        let metrics = DialogLayout.Metrics()
        let line = TextLayout.measure(fingerprint, style: TextStyle(size: metrics.textSize), width: nil).width
        let out = try run(["xdotool", "getwindowgeometry", "--shell", prompt.p.windowID!],
                          display: prompt.xvfb.display).output
        let width = out.split(separator: "\n").first { $0.hasPrefix("WIDTH=") }.flatMap { Int($0.dropFirst(6)) } ?? 0
        #expect(Double(width) >= line + 2 * metrics.margin, "a \(width)-pixel window for a \(line)-pixel line")
        try prompt.p.keys("Escape")
        #expect(try prompt.p.waitExit() == 1)
    }

    @Test func aTouchNoticeStaysUntilTheCallerEndsIt() throws {
        let prompt = try start(["Confirm user presence for key ED25519-SK SHA256:abc"],
                               environment: ["SSH_ASKPASS_PROMPT": "none"])
        let (xvfb, p) = (prompt.xvfb, prompt.p)
        let x = try XClient(xvfb.display)
        // Keys do not end it; the window is a dialog and it animates its cue.
        try p.keys("Return", "a")
        // The keys are queued once xdotool returns, before this first look. The cue's second
        // frame after it is drawn by a wake that began after the look, so it took the keys
        // first; a third comes only if that wake did not end the notice.
        var frame = x.pixels(p.windowID!)
        for i in 1...3 { frame = try x.waitForFrame(p.windowID!, after: frame, "cue frame \(i) after the keys") }
        #expect(p.child.isRunning)
        let type = try #require(x.properties(of: p.windowID!)["_NET_WM_WINDOW_TYPE"])
        #expect(type.withUnsafeBytes { $0.load(as: Int.self) } == Int(x.atom("_NET_WM_WINDOW_TYPE_DIALOG")))
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
        #expect(p.stdout.isEmpty && p.stderr.isEmpty)
    }

    @Test func badArgumentsAreRefusedClearly() throws {
        let p = try PinBoxProcess(["askpass", "--length", "x", "Password:"], display: nil)
        #expect(try p.waitExit() == 2)
        #expect(p.stderr.hasPrefix("pinbox: --length "), "\(p.stderr)")
    }

    @Test func severalWordsAreOnePromptAsX11SshAskpassJoinsThem() throws {
        let prompt = try start(["Enter", "PIN", "for", "authenticator:"])
        try prompt.p.xdotool(["type", "--delay", "20", "1234"])
        try prompt.p.keys("Return")
        #expect(try prompt.p.waitExit() == 0)
        #expect(prompt.p.stdout == "1234\n")
    }
}

/// The real OpenSSH client and agent, each in a temporary home, started and ended by the test.
@Suite("ssh-add and ssh-agent through pinbox-askpass", .endToEnd)
final class SSHTests {
    let desk: SSHDesk
    var xvfb: Xvfb { desk.xvfb }
    var dir: String { desk.dir }
    var environment: [String: String] { desk.environment }

    init() throws { desk = try SSHDesk() }

    func keygen(_ name: String, passphrase: String) throws -> String { try desk.keygen(name, passphrase: passphrase) }
    func listed() throws -> String { try desk.listed() }

    /// Waits for a PinBox dialog of a process other than `previous`, types; returns that process.
    @discardableResult
    func answer(_ text: String?, key: String = "Return", previous: String? = nil) throws -> String {
        let pid = try desk.nextDialog(previous: previous).pid
        if let text { try xdotool(["type", "--delay", "20", text], display: xvfb.display) }
        _ = try run(["xdotool", "key", key], display: xvfb.display)
        return pid
    }

    @Test func aDigitPassphraseAfterAWrongOneAddsTheKey() throws {
        let key = try keygen("digits", passphrase: "123456")
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        let first = try answer("654321")
        // ssh asks again ("Bad passphrase, try again"): a new dialog.
        try answer("123456", previous: first)
        #expect(add.wait() == 0)
        #expect(try listed().contains(" digits (ED25519)"))
    }

    /// ssh-add's question after a wrong passphrase ("Bad passphrase, try again for …") is its
    /// first question with the refusal on the red line, in the user's language, as sudo's and
    /// ssh's questions asked again say it. The control: the first question has no red. A key
    /// named by a relative path (`ssh-add again` in its folder) is asked again the same way.
    @Test(arguments: [false, true])
    func aWrongPassphraseIsSaidOnTheRedLine(relative: Bool) throws {
        let key = try keygen("again", passphrase: "123456")
        let folder = URL(fileURLWithPath: key).deletingLastPathComponent().path
        let add = try Child(relative ? ["sh", "-c", "cd \"$0\" && exec ssh-add again", folder] : ["ssh-add", key],
                            environment: environment, capture: true)
        let x = try XClient(xvfb.display)
        // xdotool names windows in decimal, XClient in hex.
        func red(_ id: String) throws -> Int {
            let size = try windowGeometry(id, display: xvfb.display)
            let hex = "0x" + String(try #require(UInt(id)), radix: 16)
            return x.pixels(hex, width: size.width, height: size.height).filter(CallerDesk.isRedInk).count
        }
        let first = try desk.nextDialog()
        #expect(try red(first.id) == 0)
        try xdotool(["type", "--delay", "20", "654321"], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        let second = try desk.nextDialog(previous: first.pid)
        var seen = 0
        try waitUntil("the second question's red line (\(seen) pixels of red)") {
            seen = try red(second.id)
            return seen > 100
        }
        try answer("123456", previous: first.pid)
        #expect(add.wait() == 0)
        #expect(try listed().contains(" again (ED25519)"))
    }

    @Test func aPassphraseWithSpacesAndAnAccentAddsTheKey() throws {
        let key = try keygen("words", passphrase: "correct horse é")
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        try answer("correct horse é")
        #expect(add.wait() == 0)
        #expect(try listed().contains(" words (ED25519)"))
    }

    @Test func cancellingLeavesTheAgentWithoutTheKey() throws {
        let key = try keygen("cancelled", passphrase: "123456")
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        try answer(nil, key: "Escape")
        #expect(add.wait() != 0)
        #expect(try !listed().contains(" cancelled (ED25519)"))
    }

    @Test func aConfirmedKeySignsAndARefusedOneDoesNot() throws {
        let key = try keygen("confirm", passphrase: "")
        #expect(try Child(["ssh-add", "-c", key], environment: environment).wait() == 0)
        let message = dir + "/message"
        #expect(FileManager.default.createFile(atPath: message, contents: Data("hello\n".utf8)))
        func sign() throws -> Child {
            try Child(["ssh-keygen", "-Y", "sign", "-f", key + ".pub", "-n", "file", message],
                      environment: environment, capture: true)
        }
        let yes = try sign()
        let first = try answer(nil, key: "Return")
        // The question takes no key that answers it for half a second after it shows (a Return
        // typed for a terminal must not confirm): Return again while its window is up.
        let deadline = Date().addingTimeInterval(10)
        while yes.isRunning && Date() < deadline {
            let (_, open) = try run(["xdotool", "search", "--onlyvisible", "--pid", first], display: xvfb.display)
            guard !open.isEmpty else { break }
            _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
            usleep(200_000)
        }
        #expect(yes.wait(within: 20) == 0, "\(String(decoding: yes.read().err, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: message + ".sig"))
        try FileManager.default.removeItem(atPath: message + ".sig")
        let no = try sign()
        try answer(nil, key: "Escape", previous: first)
        #expect(no.wait() != 0)
        #expect(!FileManager.default.fileExists(atPath: message + ".sig"))
    }
}
