// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// What a user of Orca 43 (Debian 12's screen reader) hears and feels on a braille display when
/// PinBox asks: the real Orca, on the session's accessibility bus, read through what it says it
/// presented. One Orca at a time: it runs once per user.
@Suite("Orca reads the prompts, end to end", .serialized, .endToEnd)
struct OrcaTests {
    /// A display of its own, a session with accessibility on, and Orca listening there.
    static func session() throws -> (Xvfb, AccessibilityBus, OrcaSession) {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        return (xvfb, bus, try OrcaSession(bus))
    }

    /// Cancels a pinentry's dialog with Escape, and ends its session.
    static func cancel(_ pinentry: Child, display: String, replies: inout String) throws {
        _ = try run(["xdotool", "key", "Escape"], display: display)
        try pinentry.readUntil("ERR 83886179", into: &replies)
        pinentry.send("BYE\n")
        #expect(pinentry.wait() == 0)
    }

    /// The askpass is spoken as it opens (its title, the question, the entry it focuses); each
    /// key typed is a bullet, spoken and on the braille line, and so is the one BackSpace takes;
    /// nothing typed reaches Orca. The control: git's username, which the dialog shows as typed,
    /// reaches Orca as typed.
    @Test func orcaReadsTheAskpassAndHearsBulletsNeverThePassphrase() throws {
        let marker = "Hq4Rt7Ly"
        let (xvfb, bus, orca) = try Self.session()
        let askpass = try PinBoxProcess(["askpass", "Enter passphrase for key '/tmp/id':"], display: xvfb.display,
                                        environment: bus.environment)
        try orca.waitToSpeak("Passphrase required dialog Enter passphrase for key '/tmp/id'")
        try orca.waitToSpeak("Passphrase password text.")
        try askpass.xdotool(["type", "--delay", "50", marker])
        let bullets = String(repeating: "\u{2022}", count: marker.count)
        try orca.waitFor("the passphrase's bullets on the braille line") { _ in
            orca.brailled.contains { $0.hasSuffix("Passphrase \(bullets) $l") }
        }
        #expect(orca.spoken.contains("\u{2022}"), "a typed key is spoken as the bullet the entry shows")
        // BackSpace: Orca hears the key (the one kind it is told of), and speaks the bullet it took.
        try askpass.keys("BackSpace")
        try orca.waitFor("the deleted bullet spoken after the key") { lines in
            guard let key = lines.firstIndex(where: { $0.contains("event_string=(BackSpace)") }) else { return false }
            return lines[key...].contains { $0.contains("SPEECH OUTPUT: '\u{2022}'") }
        }
        try orca.waitFor("the braille line one bullet shorter") { _ in
            orca.brailled.last?.hasSuffix("Passphrase \(bullets.dropLast()) $l") == true
        }
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == marker.dropLast() + "\n")
        #expect(!orca.lines.contains { $0.contains(marker.dropLast()) }, "the passphrase reached the screen reader")
        // The keys Orca heard of: BackSpace, pressed and released; no key that types.
        let keys = orca.lines.filter { $0.contains("event_string=(") }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(keys == ["event_string=(BackSpace)", "event_string=(BackSpace)"])

        let username = try PinBoxProcess(["askpass", "Username for 'https://example.com': "], display: xvfb.display,
                                         environment: bus.environment)
        try orca.waitFor("the username prompt's entry") { _ in orca.spoken.contains { $0.hasPrefix("Username") } }
        try username.xdotool(["type", "--delay", "50", marker])
        try orca.waitFor("the username as typed on the braille line") { _ in
            orca.brailled.contains { $0.contains(marker) }
        }
        try username.keys("Return")
        #expect(try username.waitExit() == 0)
    }

    /// A blind user typing git's username hears each key, as in any GTK entry (Orca's key echo,
    /// on by default): the letters, a Cyrillic one as the letter it types, not the key's name.
    /// The control: the passphrase typed next, in the same session, tells Orca of no key.
    @Test func orcaEchoesTheKeysTypedIntoAName() throws {
        let (xvfb, bus, orca) = try Self.session()
        let username = try PinBoxProcess(["askpass", "Username for 'https://example.com': "], display: xvfb.display,
                                         environment: bus.environment)
        try orca.waitFor("the username prompt's entry") { _ in orca.spoken.contains { $0.hasPrefix("Username") } }
        try Self.pressing("q", "z", "Cyrillic_zhe", in: username, says: ["q ", "z ", "ж "], to: orca)
        try username.keys("Return")
        #expect(try username.waitExit() == 0)
        #expect(username.stdout == "qzж\n")
        #expect(orca.lines.contains { $0.contains("event_string=(ж)") }, "the letter typed, as GTK tells it")

        let told = orca.lines.filter { $0.contains("event_string=(") }.count
        let askpass = try PinBoxProcess(["askpass", "Enter passphrase for key '/tmp/id':"], display: xvfb.display,
                                        environment: bus.environment)
        try orca.waitToSpeak("Passphrase password text.")
        try askpass.xdotool(["type", "--delay", "50", "wk"])
        try orca.waitFor("the passphrase's bullets on the braille line") { _ in
            orca.brailled.contains { $0.hasSuffix("Passphrase \u{2022}\u{2022} $l") }
        }
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "wk\n")
        #expect(orca.lines.filter { $0.contains("event_string=(") }.count == told, "a key typed into the passphrase was told")
    }

    /// Shift+Left in git's username: Orca says each letter selected ("e", "selected"); Ctrl+A:
    /// "entire document selected"; Right lets it go: "Text unselected.". In a passphrase, what
    /// it selects is a bullet, BackSpace over all of it is "Selection deleted.", and nothing
    /// typed reaches Orca.
    @Test func orcaSaysWhatIsSelected() throws {
        let marker = "Wm5Tq8Zr"
        let (xvfb, bus, orca) = try Self.session()
        let username = try PinBoxProcess(["askpass", "Username for 'https://example.com': "], display: xvfb.display,
                                         environment: bus.environment)
        try orca.waitFor("the username prompt's entry") { _ in orca.spoken.contains { $0.hasPrefix("Username") } }
        try username.xdotool(["type", "--delay", "50", "alice"])
        try orca.waitFor("the username on the braille line") { _ in orca.brailled.contains { $0.contains("alice") } }
        try Self.pressing("shift+Left", "shift+Left", in: username, says: ["e", "selected", "c", "selected"], to: orca)
        try Self.holding("ctrl+a", in: username, says: ["entire document selected"], to: orca)
        try Self.pressing("Right", in: username, says: ["Text unselected."], to: orca)
        try username.keys("Return")
        #expect(try username.waitExit() == 0)
        #expect(username.stdout == "alice\n")

        let passphrase = try PinBoxProcess(["askpass", "Passphrase:"], display: xvfb.display, environment: bus.environment)
        let from = orca.spoken.count
        try orca.waitFor("the passphrase's entry") { _ in orca.spoken[from...].contains { $0.contains("password text") } }
        try passphrase.xdotool(["type", "--delay", "50", marker])
        let bullets = String(repeating: "\u{2022}", count: marker.count)
        try orca.waitFor("the bullets on the braille line") { _ in orca.brailled.contains { $0.contains(bullets) } }
        try Self.pressing("shift+Left", in: passphrase, says: ["\u{2022}", "selected"], to: orca)
        try Self.holding("ctrl+a", in: passphrase, says: ["entire document selected"], to: orca)
        // BackSpace takes it all: "Selection deleted.", not a bullet.
        try Self.pressing("BackSpace", in: passphrase, says: ["Selection deleted."], to: orca)
        try passphrase.xdotool(["type", "--delay", "50", marker])
        try passphrase.keys("Return")
        #expect(try passphrase.waitExit() == 0)
        #expect(passphrase.stdout == marker + "\n")
        #expect(!orca.lines.contains { $0.contains(marker) }, "the passphrase reached the screen reader")
    }

    /// Ctrl+A on a Russian layout (the key of ф) selects a passphrase's bullets, and Orca says
    /// so, "entire document selected", as it does on the US layout: it was told of the key, by
    /// the Latin letter it means. BackSpace then: "Selection deleted.".
    @Test func orcaSaysTheSelectionOfCtrlAOnACyrillicLayout() throws {
        let (xvfb, bus, orca) = try Self.session()
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: xvfb.display)
        let passphrase = try PinBoxProcess(["askpass", "Passphrase:"], display: xvfb.display, environment: bus.environment)
        try orca.waitToSpeak("Keyboard layout: English (US)")
        // By keycode (133 Super, 65 Space, 37 Control, 38 the key of A and ф, 22 BackSpace, 36
        // Return): xdotool puts back the group it found after each key.
        let keys = try XClient(xvfb.display)
        try keys.chord([133, 65])
        try orca.waitFor("the Russian layout") { _ in orca.spoken.contains { $0.hasPrefix("Keyboard layout: Russian") } }
        for key: UInt32 in [38, 39, 40] { try keys.chord([key]) }
        try orca.waitFor("three bullets on the braille line") { _ in
            orca.brailled.contains { $0.contains("\u{2022}\u{2022}\u{2022} $l") }
        }
        let from = orca.spoken.count
        try keys.chord([37, 38])
        try orca.waitFor("the selection said, after \(orca.spoken[from...])") { _ in
            orca.spoken[from...].contains("entire document selected")
        }
        try keys.chord([22])
        try orca.waitFor("the deletion said") { _ in orca.spoken[from...].contains("Selection deleted.") }
        try keys.chord([36])
        #expect(try passphrase.waitExit() == 0)
        #expect(passphrase.stdout == "\n", "Ctrl+ф selected all, BackSpace took it")
    }

    /// The Menu key in a passphrase entry: Orca says the highlighted item of its menu ("Paste.",
    /// as it says a GTK menu's item), Down the next one it can choose ("Select All."); Return
    /// chooses it, and Orca says the selection, back in the entry: its bullets, "selected".
    @Test func orcaSaysTheEntrysMenu() throws {
        let (xvfb, bus, orca) = try Self.session()
        let passphrase = try PinBoxProcess(["askpass", "Passphrase:"], display: xvfb.display, environment: bus.environment)
        try orca.waitFor("the passphrase's entry") { _ in orca.spoken.contains { $0.contains("password text") } }
        try passphrase.xdotool(["type", "--delay", "50", "abc"])
        try orca.waitFor("the bullets on the braille line") { _ in orca.brailled.contains { $0.contains("•••") } }
        try Self.pressing("Menu", in: passphrase, says: ["Paste."], to: orca)
        try Self.pressing("Down", in: passphrase, says: ["Select All."], to: orca)
        try Self.pressing("Return", in: passphrase, says: ["\u{2022}\u{2022}\u{2022}", "selected"], to: orca)
        try passphrase.keys("Return")
        #expect(try passphrase.waitExit() == 0)
        #expect(passphrase.stdout == "abc\n")
    }

    /// Presses `keys` in `process`'s window and waits until `orca` has said `utterances`, in
    /// order, after them.
    private static func pressing(_ keys: String..., in process: PinBoxProcess, says utterances: [String],
                                 to orca: OrcaSession) throws {
        let from = orca.spoken.count
        try process.xdotool(["key", "--delay", "15"] + keys)
        try waitFor(utterances, after: keys, from: from, to: orca)
    }

    /// A chord held down until Orca has spoken, as a hand holds one, then let go. Orca 43 says
    /// "entire document selected" for a selection that comes while the last key it heard is
    /// Ctrl+A's: Control let go at once (xdotool's `key`), its release could reach Orca before
    /// the selection did, and a slower build lost that race (the debug build, in three runs of
    /// four, 29feeff's as well as this one).
    private static func holding(_ chord: String, in process: PinBoxProcess, says utterances: [String],
                                to orca: OrcaSession) throws {
        let from = orca.spoken.count
        try process.xdotool(["keydown", chord])
        defer { try? process.xdotool(["keyup", chord]) }
        try waitFor(utterances, after: [chord], from: from, to: orca)
    }

    /// Waits until Orca has said `utterances`, in order, since its `from`th utterance.
    private static func waitFor(_ utterances: [String], after keys: [String], from: Int, to orca: OrcaSession) throws {
        try orca.waitFor("\(utterances) said after \(keys), after \(orca.spoken[from...])") { _ in
            var rest = orca.spoken[from...]
            for utterance in utterances {
                guard let i = rest.firstIndex(of: utterance) else { return false }
                rest = rest[(i + 1)...]
            }
            return true
        }
    }

    /// The agent's error on a pinentry's second try ("Bad passphrase") is spoken once, as a
    /// notification, with the dialog it is in: not twice, and not lost.
    @Test func orcaSpeaksTheAgentsErrorOnce() throws {
        let (xvfb, bus, orca) = try Self.session()
        var replies = ""
        let pinentry = try bus.pinentry(replies: &replies)
        pinentry.send("SETTITLE Unlock key\nSETDESC Please enter the passphrase to unlock the secret key\n"
                      + "SETPROMPT Passphrase:\nSETERROR Bad passphrase (try 2 of 3)\nGETPIN\n")
        try orca.waitToSpeak("notification Bad passphrase (try 2 of 3)")
        try orca.waitToSpeak("Passphrase password text.")
        try Self.cancel(pinentry, display: xvfb.display, replies: &replies)
        #expect(orca.spoken.filter { $0.contains("Bad passphrase") } == ["notification Bad passphrase (try 2 of 3)"])
        #expect(orca.spoken.contains { $0.hasPrefix("Unlock key dialog") })
    }

    /// The program the agent asks for (`OPTION owner`) is spoken with the dialog, after its
    /// description: a process of the user's here by its command line, one on another machine by
    /// its number and that machine.
    @Test func orcaSaysWhoAsked() throws {
        let (xvfb, bus, orca) = try Self.session()
        let caller = try Child(["sleep", "120"])
        defer { kill(caller.pid, SIGKILL); _ = caller.wait() }
        var host = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&host, 255) == 0)
        var replies = ""
        let pinentry = try bus.pinentry(replies: &replies)
        pinentry.send("OPTION owner=\(caller.pid) \(String(cString: host))\nSETTITLE Unlock key\n"
                      + "SETDESC Please enter the passphrase\nSETPROMPT Passphrase:\nGETPIN\n")
        try orca.waitToSpeak("Unlock key dialog Please enter the passphrase Asked by sleep 120.")
        _ = try run(["xdotool", "key", "Escape"], display: xvfb.display)
        try pinentry.readUntil("ERR 83886179", into: &replies)
        pinentry.send("OPTION owner=4200 build-server.example.org\nSETDESC Please enter the passphrase again\nGETPIN\n")
        try orca.waitToSpeak("Unlock key dialog Please enter the passphrase again Asked by process 4200 on build-server.example.org.")
        try Self.cancel(pinentry, display: xvfb.display, replies: &replies)
    }

    /// ssh's password prompt is two words, which Orca 43 does not read as a dialog's label: it
    /// hears them as the dialog's description, once. ssh's host-key question: the fingerprint
    /// is spoken whole, after its caption, to be compared.
    @Test func orcaSpeaksAShortPromptAndAFingerprint() throws {
        let (xvfb, bus, orca) = try Self.session()
        let password = try PinBoxProcess(["askpass", "alice@example.com's password: "], display: xvfb.display,
                                         environment: bus.environment)
        try orca.waitToSpeak("Password password text.")
        #expect(orca.spoken.filter { $0.contains("alice@example.com") } == ["Password required dialog alice@example.com's password."])
        try password.keys("Escape")
        #expect(try password.waitExit() == 1)

        let fingerprint = "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"
        let question = try PinBoxProcess(["askpass", "The authenticity of host 'example.com (192.0.2.1)' can't be established.\n"
                                          + "ED25519 key fingerprint is \(fingerprint).\n"
                                          + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "],
                                         display: xvfb.display, environment: bus.environment)
        try orca.waitToSpeak("Unknown host key dialog The authenticity of host 'example.com (192.0.2.1)' can't be "
                             + "established. Are you sure you want to continue connecting? ED25519 key fingerprint "
                             + "\(fingerprint) Or type the fingerprint.")
        try question.keys("Escape")
        #expect(try question.waitExit() == 1)
    }

    /// A new passphrase typed twice that does not match: "notification Passphrases do not
    /// match", and again at the second mismatch.
    @Test func orcaSpeaksEachMismatch() throws {
        let (xvfb, bus, orca) = try Self.session()
        var replies = ""
        let pinentry = try bus.pinentry(replies: &replies)
        pinentry.send("SETPROMPT New passphrase:\nSETREPEAT Repeat:\nSETREPEATERROR Passphrases do not match\nGETPIN\n")
        try orca.waitToSpeak("New passphrase password text.")
        let said = "notification Passphrases do not match."
        for round in 1...2 {
            _ = try run(["xdotool", "key", "--delay", "15", "a", "b", "Return", "a", "c", "Return"], display: xvfb.display)
            try orca.waitFor("mismatch \(round) spoken") { _ in orca.spoken.filter { $0 == said }.count == round }
        }
        try Self.cancel(pinentry, display: xvfb.display, replies: &replies)
        #expect(orca.spoken.filter { $0.contains("Passphrases do not match") } == [said, said])
    }

    /// A click another program forges on ssh-agent's confirmation is refused, and a user of
    /// Orca hears it as the agent's own errors are heard: "notification Clicks from another
    /// program are refused.". The control: the question was spoken as it opened, and Escape,
    /// the user's own key, answers no.
    @Test func orcaSpeaksAForgedClickRefused() throws {
        let (xvfb, bus, orca) = try Self.session()
        var environment = bus.environment
        environment["SSH_ASKPASS_PROMPT"] = "confirm"
        let confirm = try PinBoxProcess(["askpass", "Allow use of key /tmp/id?"], display: xvfb.display,
                                        environment: environment)
        try orca.waitFor("the question") { _ in orca.spoken.contains { $0.contains("Allow use of key /tmp/id?") } }
        try confirm.findWindowByPID()
        let forger = try XClient(xvfb.display)
        forger.forgeClick(try #require(confirm.windowID), x: 10, y: 10)
        try orca.waitToSpeak("notification Clicks from another program are refused.")
        try confirm.keys("Escape")
        #expect(try confirm.waitExit() == 1)
    }

    /// ssh asking for a password again after a wrong one (it says why only on its terminal): a
    /// user of Orca hears why, as the dialog shows it, "notification That was not accepted: try
    /// again.". The control: the first question is spoken without it.
    @Test func orcaSpeaksThatAnAnswerWasRefused() throws {
        let (xvfb, bus, orca) = try Self.session()
        let user = try CallerTests.SudoUser(home: bus.home)
        let server = try CallerTests.SSHServer(dir: bus.home, user: user)
        let askpass = bus.home + "/pinbox-askpass"
        try FileManager.default.createSymbolicLink(atPath: askpass, withDestinationPath: PinBoxProcess.binary)
        let client = try Child(["ssh", "-F", "/dev/null", "-o", "StrictHostKeyChecking=no",
                                "-o", "UserKnownHostsFile=\(bus.home)/known_hosts", "-o", "GlobalKnownHostsFile=/dev/null",
                                "-o", "PreferredAuthentications=password", "-o", "PubkeyAuthentication=no",
                                "-o", "NumberOfPasswordPrompts=2", "-p", String(server.port), "\(user.name)@127.0.0.1", "true"],
                               environment: bus.environment.merging(["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
                                                                     "LANG": "C"]) { $1 },
                               capture: true)
        let said = "notification That was not accepted: try again."
        try orca.waitFor("the first password question") { _ in orca.spoken.contains { $0.contains("password text") } }
        _ = try run(["xdotool", "type", "--delay", "20", "wrong-one"], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        try orca.waitToSpeak(said)
        #expect(orca.spoken.filter { $0 == said }.count == 1, "said once, for the second question")
        _ = try run(["xdotool", "type", "--delay", "20", user.password], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        #expect(client.wait() == 0, "\(String(decoding: client.read().err, as: UTF8.self))")
    }

    /// The payment sheet: the payee and the amount with its title as it opens, then how many
    /// digits are in as each lands or goes, with a bullet for each: never a digit.
    @Test func orcaCountsThePaymentSheetsDigits() throws {
        let (xvfb, bus, orca) = try Self.session()
        let sheet = try PinBoxProcess(["pay", "--payee", "Coffee House", "--amount", "¥25.00"], display: xvfb.display,
                                      environment: bus.environment)
        try orca.waitToSpeak("Enter payment password dialog Coffee House ¥25.00.")
        try orca.waitToSpeak("0 of 6 entered.")
        try sheet.xdotool(["type", "--delay", "100", "123"])
        try orca.waitToSpeak("3 of 6 entered")
        try sheet.keys("BackSpace")
        // The count and the bullet taken come in either order: Orca hears them apart.
        try orca.waitFor("the count after a deletion") { _ in orca.spoken.filter { $0 == "2 of 6 entered" }.count == 2 }
        #expect(orca.spoken.filter { $0.hasSuffix("of 6 entered") }
                    == ["1 of 6 entered", "2 of 6 entered", "3 of 6 entered", "2 of 6 entered"])
        #expect(orca.spoken.filter { $0 == "\u{2022}" }.count >= 2, "\(orca.spoken)")
        try sheet.keys("Escape")
        #expect(try sheet.waitExit() == 1)
    }

    /// With two keyboard layouts, which one the keys type in is said in words with the entry as
    /// the askpass opens, and again when Super+Space switches it (the entry's description): a
    /// user who cannot see the line under the entry would not know it. Once each. With one
    /// layout nothing is said of it (the control).
    @Test func orcaSaysTheKeyboardLayout() throws {
        let (xvfb, bus, orca) = try Self.session()
        let single = try PinBoxProcess(["askpass", "Enter passphrase for key '/tmp/id':"], display: xvfb.display,
                                       environment: bus.environment)
        try orca.waitToSpeak("Passphrase password text.")
        try single.keys("Escape")
        #expect(try single.waitExit() == 1)
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: xvfb.display)
        let askpass = try PinBoxProcess(["askpass", "Enter passphrase for key '/tmp/id':"], display: xvfb.display,
                                        environment: bus.environment)
        #expect(!orca.spoken.contains { $0.contains("Keyboard layout") })
        try orca.waitToSpeak("Keyboard layout: English (US)")
        // By keycode (133 Super, 65 Space, 9 Escape): xdotool puts back the group it found
        // after each key, which would switch the layout under the test.
        let keys = try XClient(xvfb.display)
        try keys.chord([133, 65])
        try orca.waitFor("the new layout") { _ in orca.spoken.contains { $0.hasPrefix("Keyboard layout: Russian") } }
        try keys.chord([9])
        #expect(try askpass.waitExit() == 1)
        #expect(orca.spoken.filter { $0.contains("Keyboard layout") }.count == 2, "\(orca.spoken)")
    }

    /// Caps Lock turned on while a passphrase is asked: "notification Caps Lock is on.", once.
    @Test func orcaSaysCapsLockIsOn() throws {
        let (xvfb, bus, orca) = try Self.session()
        let askpass = try PinBoxProcess(["askpass", "Enter passphrase for key '/tmp/id':"], display: xvfb.display,
                                        environment: bus.environment)
        try orca.waitToSpeak("Passphrase password text.")
        try askpass.keys("Caps_Lock")
        defer { try? askpass.keys("Caps_Lock") }
        try orca.waitToSpeak("notification Caps Lock is on.")
        try askpass.keys("Escape")
        #expect(try askpass.waitExit() == 1)
        #expect(orca.spoken.filter { $0.contains("Caps Lock") } == ["notification Caps Lock is on."])
    }
}
