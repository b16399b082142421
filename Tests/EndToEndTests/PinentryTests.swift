// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// The real gpg-agent and gpg from Debian, in a temporary GNUPGHOME, with `pinentry-program`
/// pointing at the `pinentry-pinbox` link; typing with xdotool on a private Xvfb. Each test
/// starts its own agent and ends it with gpgconf --kill.
@Suite("pinentry-pinbox with the real gpg-agent", .endToEnd)
final class PinentryTests {
    let home: String
    let xvfb: Xvfb
    var seen: Set<String> = []

    init() throws {
        home = try makeGnupgHome()
        xvfb = try Xvfb()
    }

    deinit {
        endAgent(home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Writes gpg-agent.conf with the pinentry (a link in the home) and `extra` lines.
    func configure(_ extra: [String], program: String = "pinentry-pinbox") throws {
        let lines = ["pinentry-program \(home)/\(program)"] + extra
        try (lines.joined(separator: "\n") + "\n").write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
    }

    var environment: [String: String] { ["GNUPGHOME": home, "DISPLAY": xvfb.display, "GPG_TTY": ""] }

    /// A gpg-connect-agent session sending `commands`; its output is read after it ends.
    func agent(_ commands: [String]) throws -> Child {
        try Child(["gpg-connect-agent"] + commands + ["/bye"], environment: environment, capture: true)
    }

    func output(_ child: Child) -> String {
        child.wait()
        return String(decoding: child.read().out, as: UTF8.self)
    }

    /// Waits for a PinBox window not answered before, focuses it, types `text`, presses `key`.
    /// Returns the window's id (the same pinentry may open several).
    @discardableResult
    func answer(_ text: String?, key: String? = "Return") throws -> String {
        let deadline = Date().addingTimeInterval(15)
        while true {
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: xvfb.display)
            for id in out.split(separator: "\n").map(String.init) {
                let pid = try run(["xdotool", "getwindowpid", id], display: xvfb.display).output
                let key2 = pid + "/" + id
                guard !seen.contains(key2) else { continue }
                seen.insert(key2)
                _ = try run(["xdotool", "windowfocus", "--sync", id], display: xvfb.display)
                if let text { try xdotool(["type", "--delay", "20", text], display: xvfb.display) }
                if let key {
                    _ = try run(["xdotool", "key", "--delay", "15"] + key.split(separator: " ").map(String.init),
                                display: xvfb.display)
                }
                return id
            }
            guard Date() < deadline else { throw TestFailure("no pinentry window appeared") }
            usleep(20_000)
        }
    }

    /// No display and a terminal that cannot be opened: the agent hears why, as from
    /// pinentry-curses ("No such file or directory", the hint to set GPG_TTY), not a cancel
    /// nobody made. The control: the same request with a display is a dialog.
    @Test func noDisplayAndNoTerminalIsSaidToTheAgent() throws {
        let lost = try Child(["gpg-connect-agent", "GET_PASSPHRASE --data X1 X Passphrase: Enter", "/bye"],
                             environment: ["GNUPGHOME": home, "DISPLAY": "", "GPG_TTY": "/nonexistent/tty"], capture: true)
        let said = output(lost)
        #expect(said.hasPrefix("ERR 83918929 No such file or directory <Pinentry>"), "\(said)")
        let session = try agent(["GET_PASSPHRASE --data --repeat=0 X1 X Passphrase: Enter"])
        try answer("x")
        #expect(output(session) == "D x\nOK\n")
    }

    /// No display, no terminal named and none controlling (a daemon's pinentry with GPG_TTY
    /// unset): the agent hears ENOTTY, as from pinentry-gtk-2, so gpg says "Inappropriate ioctl
    /// for device", the message users look up to find GPG_TTY (it said ENXIO, "No such device or
    /// address"). The control: a terminal named that is not there is still ENOENT.
    @Test func noTerminalAtAllIsTheAgentsWellKnownENOTTY() throws {
        func answer(_ script: String) throws -> String {
            try run(["setsid", "-w", PinBoxProcess.binary, "pinentry"], environment: ["DISPLAY": ""],
                    input: Array((script + "GETPIN\nBYE\n").utf8)).output
        }
        let none = try answer("")
        #expect(none.contains("ERR 83918950 Inappropriate ioctl for device <Pinentry>"), "\(none)")
        let named = try answer("OPTION ttyname=/nonexistent/tty\n")
        #expect(named.contains("ERR 83918929 No such file or directory <Pinentry>"), "\(named)")
    }

    /// The terminal's name comes from the agent (`OPTION ttyname`) or the command line (`-T`)
    /// and is repeated on stderr when it cannot be opened: escaped as a display's name is, so
    /// that a name with escape sequences cannot retitle or recolour the terminal (it was written
    /// raw).
    @Test func aTerminalNameThatCannotBeOpenedIsSaidEscaped() throws {
        func said(_ arguments: [String], _ script: String) throws -> String {
            try run(["sh", "-c", "\"$@\" 2>&1 >/dev/null", "sh", PinBoxProcess.binary, "pinentry"] + arguments,
                    environment: ["DISPLAY": ""], input: Array((script + "GETPIN\nBYE\n").utf8)).output
        }
        let named = try said([], "OPTION ttyname=/dev/\u{1b}]2;PWNED\u{07}x\n")
        #expect(named.hasSuffix("\npinbox: no terminal to ask on either ('/dev/\\u{1b}]2;PWNED\\u{7}x': No such file or directory)\n")
                && !named.contains("\u{1b}"), "\(named.debugDescription)")
        let option = try said(["-T", "/dev/\u{1b}[31mnope"], "")
        #expect(option.hasSuffix("\npinbox: no terminal to ask on either ('/dev/\\u{1b}[31mnope': No such file or directory)\n")
                && !option.contains("\u{1b}"), "\(option.debugDescription)")
    }

    /// An option it does not know, or a value it cannot read, is passed over as by
    /// pinentry-gtk-2: the agent still gets its greeting and its answers (the pinentry exited 2
    /// before greeting, and the agent failed the request).
    @Test func anUnknownOptionIsPassedOverAndTheAgentServed() throws {
        let (status, out) = try run([PinBoxProcess.binary, "pinentry", "--bogus", "--timeout=abc"],
                                    environment: ["DISPLAY": ""], input: Array("GETINFO flavor\nBYE\n".utf8))
        #expect(status == 0, "\(out)")
        #expect(out.hasPrefix("OK Pleased to meet you\nD pinbox\nOK\n"), "\(out)")
    }

    @Test func aPassphraseComesBackEscapedAsTheAgentExpects() throws {
        let session = try agent(["GET_PASSPHRASE --data --repeat=0 X1 X Passphrase: Enter+a+test+passphrase"])
        try answer("a%b+c d")
        #expect(output(session) == "D a%25b+c d\nOK\n")
    }

    /// gpg-agent runs its default pinentry as `pinentry`, and Debian's alternatives install a
    /// pinentry as `pinentry` and `pinentry-x11`: by each name PinBox is the pinentry.
    @Test(arguments: ["pinentry", "pinentry-x11"])
    func theAlternativesNamesAreThePinentry(_ name: String) throws {
        try FileManager.default.createSymbolicLink(atPath: home + "/" + name, withDestinationPath: PinBoxProcess.binary)
        try configure([], program: name)
        let session = try agent(["GET_PASSPHRASE --data --repeat=0 X9 X Passphrase: Through+the+alternative"])
        try answer("by-another-name")
        #expect(output(session) == "D by-another-name\nOK\n")
    }

    @Test func cancelAndCloseGiveTheAgentsCancel() throws {
        let cancelled = try agent(["GET_PASSPHRASE --data --repeat=0 X2 X Passphrase: Cancel+me"])
        try answer("abc", key: "Escape")
        #expect(output(cancelled) == "ERR 83886179 Operation cancelled <Pinentry>\n")
        let closed = try agent(["GET_PASSPHRASE --data --repeat=0 X3 X Passphrase: Close+me"])
        let id = try answer(nil, key: nil)
        let x = try XClient(xvfb.display)
        x.sendDeleteWindow("0x" + String(UInt(id)!, radix: 16))
        #expect(output(closed) == "ERR 83886179 Operation cancelled <Pinentry>\n")
    }

    @Test func theAgentsTimeoutIsHonoured() throws {
        try configure(["pinentry-timeout 1"])
        let session = try agent(["GET_PASSPHRASE --data --repeat=0 X4 X Passphrase: Wait"])
        let t0 = Date()
        let text = output(session)
        #expect(text == "ERR 83886142 Timeout <Pinentry>\n", "\(text)")
        #expect(Date().timeIntervalSince(t0) < 6)
    }

    /// Under the "Keyboard in use" notice the agent's timeout runs on, and the agent hears a
    /// timeout at its deadline (it had heard a cancel, once the notice's own 15 s were over).
    @Test func theAgentsTimeoutRunsOnWhileAnotherProgramHoldsTheKeyboard() throws {
        // The agent asks for the keyboard only when told to grab (its default is no-grab).
        try configure(["pinentry-timeout 2", "grab"])
        let grabber = try XClient(xvfb.display)
        #expect(grabber.grabKeyboard(grabber.makeWindow()))
        let session = try agent(["GET_PASSPHRASE --data --repeat=0 X5 X Passphrase: Held"])
        let t0 = Date()
        let text = output(session)
        #expect(text == "ERR 83886142 Timeout <Pinentry>\n", "\(text)")
        #expect(Date().timeIntervalSince(t0) < 10)
        grabber.ungrabKeyboard()
    }

    /// Once the user has typed, the agent's timeout waits for them, as pinentry-gtk-2's does:
    /// nothing typed is lost. theAgentsTimeoutIsHonoured is the control.
    @Test func theAgentsTimeoutSparesADialogTheUserTypedInto() throws {
        try configure(["pinentry-timeout 2"])
        let session = try agent(["GET_PASSPHRASE --data --repeat=0 X5 X Passphrase: Type+then+wait"])
        try answer("typed", key: nil)
        // Over twice the timeout, unless the agent's answer comes first.
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline && session.exitStatusIfEnded() == nil { session.waitReadable(seconds: 0.05) }
        #expect(session.exitStatusIfEnded() == nil, "the dialog gave up on a user who had typed")
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        #expect(output(session) == "D typed\nOK\n")
    }

    @Test func confirmationsSayYesAndNo() throws {
        // A question starts on Cancel, as pinentry-gtk-2's and pinentry-fltk's do: Tab, then
        // Return, says yes; a bare Return says no.
        let yes = try agent(["GET_CONFIRMATION Do+you+trust+this+key?"])
        try answer(nil, key: "Tab Return")
        #expect(output(yes) == "OK\n")
        let bare = try agent(["GET_CONFIRMATION Do+you+trust+this+key?"])
        try answer(nil, key: "Return")
        #expect(output(bare).hasPrefix("ERR 83886179"), "a bare Return cancels")
        let no = try agent(["GET_CONFIRMATION Do+you+trust+this+key?"])
        try answer(nil, key: "Escape")
        #expect(output(no).hasPrefix("ERR 83886179"))
    }

    @Test func aSignatureAfterAWrongPassphrase() throws {
        let (sign, signature) = try startSigning(home: home, passphrase: "right one", environment: environment)
        try answer("wrong one")
        // The agent asks again on the same pinentry, with its error shown: "Bad Passphrase (try 2 of 3)".
        try answer("right one")
        #expect(sign.wait() == 0)
        #expect(FileManager.default.fileExists(atPath: signature))
    }

    /// pass, the standard Unix password manager: `pass show` decrypts its entry through gpg and
    /// the agent, which asks pinentry-pinbox for the store key's passphrase; pass prints the
    /// password stored. A wrong passphrase first: the agent asks again in the same dialog's way,
    /// and pass still gets its entry.
    @Test func passShowsAnEntryUnlockedInTheDialog() throws {
        let made = try run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "store key",
                            "--quick-gen-key", "store@example.org", "default", "default", "never"], environment: environment)
        #expect(made.status == 0)
        // The agent keeps a passphrase it was given: the store's first use must ask.
        _ = try run(["gpgconf", "--homedir", home, "--kill", "gpg-agent"])
        let store = ["PASSWORD_STORE_DIR": home + "/store"].merging(environment) { $1 }
        #expect(try run(["pass", "init", "store@example.org"], environment: store).status == 0)
        let inserted = try run(["pass", "insert", "--multiline", "mail/alice"], environment: store,
                               input: Array("Tr0ub4dor&3 ключ\n".utf8))
        #expect(inserted.status == 0, "\(inserted.output)")
        let show = try Child(["pass", "show", "mail/alice"], environment: store, capture: true)
        try answer("wrong one")
        try answer("store key")
        let status = show.wait(within: 30)
        let (out, err) = show.read()
        #expect(status == 0, "\(String(decoding: err, as: UTF8.self))")
        #expect(String(decoding: out, as: UTF8.self) == "Tr0ub4dor&3 ключ\n")
    }

    /// gpg --symmetric: one dialog with two entries (SETREPEAT), Return moving from the first
    /// to the second; the agent hears PIN_REPEATED and does not ask again.
    func encrypt(_ passphrase: String, weak: Bool = false) throws {
        let message = home + "/secret-\(UUID().uuidString).txt"
        try "top secret\n".write(toFile: message, atomically: true, encoding: .utf8)
        let encrypt = try Child(["gpg", "--pinentry-mode", "ask", "--symmetric", "--output", message + ".gpg", message],
                                environment: environment, capture: true)
        try answer(passphrase)
        try xdotool(["type", "--delay", "20", passphrase], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        // A weak passphrase: the agent asks "Take this one anyway" in a confirmation, which
        // starts on "Enter new passphrase": Tab reaches the affirmative.
        if weak { try answer(nil, key: "Tab Return") }
        #expect(encrypt.wait() == 0, "\(String(decoding: encrypt.read().err, as: UTF8.self))")
        let decrypt = try Child(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", passphrase,
                                 "--decrypt", message + ".gpg"], environment: environment, capture: true)
        #expect(output(decrypt) == "top secret\n")
    }

    @Test func aNewPassphraseTypedTwiceEncrypts() throws {
        try encrypt("Tr0ub4dor&3 horse")
    }

    @Test func aWeakPassphraseIsTakenAnywayWhenTheUserSaysSo() throws {
        try encrypt("abc", weak: true)
    }

    /// A stand-in scdaemon: answers every command OK, and CHECKPIN with the inquiry a card
    /// reader's scdaemon sends (`INQUIRE NEEDPIN`, `|A|` for the Admin PIN); writes the PIN the
    /// agent hands back to a file, as the card would receive it.
    static let fakeScdaemon = """
        #!/usr/bin/python3
        import sys
        pin_file = sys.argv[0] + ".pin"
        def out(s):
            sys.stdout.write(s + "\\n"); sys.stdout.flush()
        out("OK stand-in scdaemon")
        for line in sys.stdin:
            line = line.rstrip("\\n")
            word = line.split(" ")[0].upper()
            if word == "CHECKPIN":
                flags = "|A|" if "admin" in line.lower() else "||"
                what = "the Admin PIN" if flags == "|A|" else "the card"
                out("INQUIRE NEEDPIN " + flags + "Please unlock " + what + "%0A%0ANumber: 0006 12345678")
                pin = ""
                for data in sys.stdin:
                    data = data.rstrip("\\n")
                    if data.startswith("D "): pin += data[2:]
                    if data == "END" or data.startswith("CAN"): break
                open(pin_file, "w").write(pin)
                out("OK")
            elif word == "BYE":
                out("OK closing connection"); break
            else:
                out("OK")
        """

    /// The card's PIN prompt gets card boxes (the window says "PIN required"), letters and all
    /// reach the card; the Admin PIN likewise.
    @Test(arguments: ["D2760001240102000006123456780000", "D2760001240102000006123456780000-admin"])
    func aCardPinWithLettersReachesTheCard(_ serial: String) throws {
        let scd = home + "/scdaemon.py"
        try Self.fakeScdaemon.write(toFile: scd, atomically: true, encoding: .utf8)
        chmod(scd, 0o755)
        try configure(["scdaemon-program \(scd)"])
        // The agent up before the session, rather than started by it: under the load of the whole
        // suite, an agent started on demand may come up too late for gpg-connect-agent.
        try Child(["gpgconf", "--launch", "gpg-agent"], environment: environment, capture: true).wait()
        let session = try agent(["SCD CHECKPIN \(serial)"])
        let id: String
        do {
            id = try answer(nil, key: nil)
        } catch {
            throw TestFailure("\(error); the agent's session said: \(output(session))")
        }
        let x = try XClient(xvfb.display)
        let name = x.properties(of: "0x" + String(UInt(id)!, radix: 16))["_NET_WM_NAME"] ?? []
        #expect(String(decoding: name, as: UTF8.self) == "PIN required")
        _ = try run(["xdotool", "type", "--delay", "20", "ab12CD34"], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        #expect(output(session) == "OK\n")
        // The agent pads what it forwards (spaces, NULs) to hide the length; the card reads up
        // to the padding.
        let received = Array(try Data(contentsOf: URL(fileURLWithPath: scd + ".pin")))
        let pin = received.prefix { $0 != 0x20 && $0 != 0 && $0 != 0x25 }
        #expect(String(decoding: pin, as: UTF8.self) == "ab12CD34", "\(received)")
    }

    /// SETQUALITYBAR: every change to the new passphrase is rated by the client (INQUIRE
    /// QUALITY, escaped), and the bar follows on screen, each rating in its colour, though
    /// nothing else on the dialog changed; the passphrase comes back whole after.
    @Test func theQualityBarAsksTheClientAsThePassphraseIsTyped() throws {
        let child = try Child([PinBoxProcess.binary, "pinentry"], environment: ["DISPLAY": xvfb.display],
                              capture: true, interactive: true)
        var text = ""
        try child.readUntil("OK Pleased", into: &text)
        child.send("SETQUALITYBAR Quality:\nSETPROMPT New passphrase:\nGETPIN\n")
        let id = try hexWindowID(try answer(nil, key: nil))
        let x = try XClient(xvfb.display)
        // Typed one at a time, each rated before the next; a rating's colour (QualityRating) as
        // the bar's fill draws it.
        let steps: [(key: String, inquiry: String, rating: Int, colour: UInt32)] = [
            ("a", "INQUIRE QUALITY a", 10, 0xc62828), ("space", "INQUIRE QUALITY a+", 50, 0x8a4b00),
            ("b", "INQUIRE QUALITY a+b", 100, 0x2e7d32)]
        for step in steps {
            _ = try run(["xdotool", "key", step.key], display: xvfb.display)
            try child.readUntil(step.inquiry, into: &text)
            #expect(text.split(separator: "\n").last == Substring(step.inquiry), "\(text)")
            child.send("D \(step.rating)\nEND\n")
            text += "\n"
            try waitUntil("the bar at \(step.rating) drawn in \(hex(step.colour))") {
                x.pixels(id).filter { $0 == step.colour }.count > 20
            }
        }
        // Erased back to nothing, the entry is not rated: the bar is empty, as the dialog opened,
        // and the next inquiry is the next character's (it had asked the client about "").
        func inquiry(after key: String) throws -> Substring? {
            var fresh = ""
            _ = try run(["xdotool", "key", key], display: xvfb.display)
            try child.readUntil("INQUIRE QUALITY", into: &fresh)
            return fresh.split(separator: "\n").last { $0.hasPrefix("INQUIRE QUALITY") }
        }
        #expect(try inquiry(after: "BackSpace") == "INQUIRE QUALITY a+")
        child.send("D 50\nEND\n")
        #expect(try inquiry(after: "BackSpace") == "INQUIRE QUALITY a")
        child.send("D 10\nEND\n")
        _ = try run(["xdotool", "key", "BackSpace"], display: xvfb.display)
        try waitUntil("the bar empty") { !x.pixels(id).contains { steps.map(\.colour).contains($0) } }
        #expect(try inquiry(after: "c") == "INQUIRE QUALITY c")
        child.send("D 10\nEND\n")
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        try child.readUntil("D c", into: &text)
        child.send("BYE\n")
        try child.readUntil("OK closing", into: &text)
        #expect(child.wait() == 0)
    }

    /// `--parent-wid`: the dialog is transient for that window, so a window manager keeps it
    /// above the program that asked.
    @Test func aParentWindowIsNamedToTheWindowManager() throws {
        let x = try XClient(xvfb.display)
        let parent = x.makeWindow()
        let child = try Child([PinBoxProcess.binary, "pinentry", "--parent-wid", String(parent)],
                              environment: ["DISPLAY": xvfb.display], capture: true, interactive: true)
        var text = ""
        try child.readUntil("OK Pleased", into: &text)
        child.send("GETPIN\n")
        let id = try answer(nil, key: nil)
        let transient = try #require(x.properties(of: "0x" + String(UInt(id)!, radix: 16))["WM_TRANSIENT_FOR"])
        #expect(transient.withUnsafeBytes { $0.load(as: UInt.self) } == UInt(parent))
        _ = try run(["xdotool", "key", "Escape"], display: xvfb.display)
        try child.readUntil("ERR 83886179", into: &text)
        child.send("BYE\n")
        #expect(child.wait() == 0)
    }

    /// GETINFO ttyinfo: the terminal the agent named, with its mode (octal), owner and group.
    @Test func ttyinfoDescribesTheTerminal() throws {
        let child = try Child([PinBoxProcess.binary, "pinentry", "--display", xvfb.display], environment: [:],
                              capture: true, interactive: true)
        var text = ""
        try child.readUntil("OK Pleased", into: &text)
        child.send("OPTION ttyname=/dev/null\nOPTION ttytype=xterm\nGETINFO ttyinfo\nBYE\n")
        try child.readUntil("OK closing", into: &text)
        let line = text.split(separator: "\n").first { $0.hasPrefix("D ") }
        #expect(line == Substring("D /dev/null xterm \(xvfb.display) 20666/0/0 \(geteuid())/\(getegid()) -"), "\(text)")
    }
}
