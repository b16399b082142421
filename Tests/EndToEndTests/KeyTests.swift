// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import PinBoxCore
import Testing

/// Keys of every layout, dead keys and Compose sequences typed through XTEST (xdotool) into the
/// release build's askpass and pinentry, which must hand over the exact UTF-8 the keyboard made;
/// the Caps Lock warning and the layout's name following the keyboard live. The keysyms the
/// keymap lacks are put on spare keys while the dialog is up (`xdotool(_:display:)`): a keymap
/// change the dialog must follow before the keys arrive.
@Suite("Keys, end to end", .endToEnd)
struct KeyTests {
    /// What the keys below type, as the keyboard makes it (no normalisation).
    static let keys = ["a", "Cyrillic_ef", "Greek_alpha", "hebrew_aleph", "aogonek", "EuroSign",
                       "dead_acute", "e", "Multi_key", "e", "apostrophe", "U1F600", "percent", "b"]
    static let typed = "aфαאą€éé😀%b"

    /// An askpass on its own Xvfb, its window focused.
    final class Dialog {
        let xvfb: Xvfb
        private(set) var p: PinBoxProcess!
        private(set) var x: XClient!
        init(_ arguments: [String], environment: [String: String] = [:], before: (String) throws -> Void = { _ in })
            throws {
            xvfb = try Xvfb()
            try before(xvfb.display)
            p = try PinBoxProcess(["askpass"] + arguments, display: xvfb.display, environment: environment)
            try p.findWindowByPID()
            x = try XClient(xvfb.display)
        }

        /// Our connection goes before the server, or Xlib would end the test runner.
        deinit {
            x = nil
            p = nil
            xvfb.kill()
        }

        var id: String { p.windowID! }

        /// The window's height now. (Asked only while the program runs: Xlib ends the test
        /// runner on an error about a window that is gone.)
        var height: Int {
            get throws {
                try alive()
                return size.height
            }
        }

        var size: (width: Int, height: Int) {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(x.display, XClient.window(id), &attributes)
            return (Int(attributes.width), Int(attributes.height))
        }

        /// The window's pixels once they hold still.
        var pixels: [UInt32] {
            get throws {
                try alive()
                let (width, height) = size
                return x.stillPixels(id, width: width, height: height)
            }
        }

        private func alive() throws {
            guard p.child.isRunning else { throw TestFailure("the dialog ended; stderr:\n\(p.stderr)") }
        }

        /// Waits until `condition` holds, for at most 5 s.
        func wait(_ what: String, until condition: () throws -> Bool) throws {
            let deadline = Date().addingTimeInterval(5)
            while try !condition() {
                guard Date() < deadline else { throw TestFailure("\(what) did not happen within 5 s") }
                usleep(20_000)
            }
        }
    }

    /// The Caps Lock warning's ink: its exact colour, where the bold strokes cover whole pixels.
    static let warningColor: UInt32 = 0x8a4b00

    static func warningInk(_ pixels: [UInt32]) -> Int { pixels.filter { $0 == warningColor }.count }

    @Test("every layout's characters, a dead key, Compose and a character past the BMP come out as their UTF-8",
          arguments: ["C", "C.UTF-8", "en_US.UTF-8", "de_DE.ISO-8859-1"])
    func everyKeyComesOutAsTheBytesTheKeyboardMade(locale: String) throws {
        // "C" reads the Latin-1 compose table (its strings are not UTF-8: the keysyms give them).
        // A Latin-1 locale's Compose file cannot be read by libxkbcommon: C.UTF-8's is, with no
        // parse errors on stderr.
        let d = try Dialog(["--passphrase", "Passphrase for key:"], environment: ["LC_ALL": locale])
        try d.p.xdotool(["key", "--delay", "30"] + Self.keys + ["Return"])
        #expect(try d.p.waitExit() == 0)
        #expect(Array(d.p.stdout.utf8) == Array((Self.typed + "\n").utf8), "\(d.p.stdout)")
        #expect(d.p.stderr.isEmpty, "\(d.p.stderr)")
    }

    /// A Compose file may give whole phrases: one longer than the old 63-byte buffer comes out
    /// whole, and one longer than any caller reads types nothing rather than a cut text.
    @Test func aLongComposedTextComesOutWholeOrNotAtAll() throws {
        let phrase = String(repeating: "correct-horse-battery-staple-", count: 3) + String(repeating: "ж", count: 20)
        let file = NSTemporaryDirectory() + "pinbox-compose-\(UUID().uuidString)"
        try ("<Multi_key> <p> <w> : \"\(phrase)\"\n<Multi_key> <p> <x> : \"\(String(repeating: "x", count: 1100))\"\n")
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let d = try Dialog(["--passphrase", "Passphrase for key:"], environment: ["XCOMPOSEFILE": file])
        try d.p.xdotool(["key", "--delay", "30", "Multi_key", "p", "w", "Multi_key", "p", "x", "a", "Return"])
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == phrase + "a\n")
    }

    /// The locale's table is read at the first key that may begin one of its sequences, but a
    /// table of the user's own (`~/.XCompose`, `$XDG_CONFIG_HOME/XCompose`) may begin one with
    /// any key, and is read before the first: `q q` makes ǫ there. Without the file, the same
    /// keys type qq (the control).
    @Test(arguments: ["", ".XCompose", ".config/XCompose"])
    func aUsersOwnTableMayBeginWithAnyKey(_ file: String) throws {
        let home = NSTemporaryDirectory() + "pinbox-home-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/.config", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        if !file.isEmpty {
            try "include \"%L\"\n<q> <q> : \"\u{1eb}\"\n".write(toFile: home + "/" + file, atomically: true, encoding: .utf8)
        }
        let d = try Dialog(["--passphrase", "Passphrase for key:"], environment: ["HOME": home, "XDG_CONFIG_HOME": ""])
        try d.p.keys("q", "q", "dead_acute", "e", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == (file.isEmpty ? "qqé\n" : "\u{1eb}é\n"), "\(d.p.stdout)")
    }

    /// libxkbcommon is loaded once the window shows: where it cannot be, no key can be read, and
    /// the prompt says why and closes (exit 3) rather than hold the keyboard while it reads
    /// nothing, Escape included (the tests above, the same dialog with the library, are the control).
    @Test func withoutLibxkbcommonThePromptSaysWhyAndCloses() throws {
        // A library directory whose libxkbcommon-x11 is an empty file: dlopen refuses it, as on a
        // system without the library.
        let libraries = NSTemporaryDirectory() + "pinbox-no-xkb-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: libraries) }
        #expect(FileManager.default.createFile(atPath: libraries + "/libxkbcommon-x11.so.0", contents: Data()))
        let xvfb = try Xvfb()
        let p = try PinBoxProcess(["askpass", "--passphrase", "Passphrase for key:"], display: xvfb.display,
                                  environment: ["LD_LIBRARY_PATH": libraries])
        #expect(try p.waitExit() == 3)
        #expect(p.stderr.hasPrefix("pinbox: no key can be read without libxkbcommon: "), "\(p.stderr)")
        #expect(p.stdout.isEmpty, "\(p.stdout)")
    }

    @Test func aHalfTypedSequenceShowsAndEscapeTakesItBackWithoutCancelling() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        try d.p.keys("x")
        let before = try d.pixels
        try d.p.keys("dead_acute")
        let composing = try d.pixels
        #expect(composing != before, "the next cell shows a sequence is on its way")
        try d.p.keys("Escape")
        #expect(try d.pixels == before, "Escape takes the sequence back")
        #expect(d.p.child.isRunning, "and leaves the dialog open")
        // The same cue whichever dead key: it tells nothing of the keys.
        try d.p.keys("dead_grave")
        #expect(try d.pixels == composing)
        try d.p.keys("BackSpace")
        #expect(try d.pixels == before, "BackSpace takes it back too, and erases nothing")
        // A sequence the table has no character for types nothing, visibly.
        try d.p.keys("dead_acute", "q")
        try d.p.keys("Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "x\n")
    }

    /// Without the grab (a dialog that holds the keyboard takes the focus back, and its keys
    /// never went elsewhere).
    @Test func theFocusLeavingEndsASequence() throws {
        let d = try Dialog(["--no-grab", "--passphrase", "Passphrase for key:"])
        try d.p.keys("dead_acute", "e")  // the control: a sequence kept whole makes é
        try d.p.keys("dead_acute")
        let composing = try d.pixels
        let other = d.x.makeWindow()
        d.x.focus(other)
        // A focus that stays away, as the dialog shows: drawn unfocused, without the cue.
        try waitUntil("the dialog drawn unfocused") { try d.pixels != composing }
        try d.p.xdotool(["windowfocus", "--sync", d.id])
        // Had the dead key been kept, this would be é.
        try d.p.keys("e", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "ée\n")
    }

    @Test func aKeyHeldSinceBeforeTheDialogDoesNotAnswerIt() throws {
        // Return held down from the terminal that started the prompt: the server repeats it
        // into the dialog, which must not take an empty answer from it.
        let d = try Dialog(["--passphrase", "Passphrase for key:"]) { display in
            _ = try run(["xdotool", "keydown", "Return"], display: display)
        }
        // Past the server's auto-repeat delay: it has been repeating into the window.
        #expect(d.p.staysRunning(for: 0.9), "stdout: \(d.p.stdout)")
        try d.p.xdotool(["keyup", "Return"])
        // Let go, the same key answers (the control).
        try d.p.keys("o", "k", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "ok\n")
    }

    @Test func aHeldKeyLetGoElsewhereIsNotHeldForever() throws {
        // Down when the dialog opened, let go while another window had the keyboard: the dialog
        // never saw it go up, and must not take its next real press for a repeat. Without the
        // grab, or the release would reach the dialog anyway.
        let d = try Dialog(["--no-grab", "--passphrase", "Passphrase for key:"]) { display in
            _ = try run(["xdotool", "keydown", "Return"], display: display)
        }
        let other = d.x.makeWindow()
        d.x.focus(other)
        try d.p.xdotool(["keyup", "Return"])
        #expect(d.p.staysRunning(for: 0.2))
        try d.p.xdotool(["windowfocus", "--sync", d.id])
        try d.p.keys("o", "k", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "ok\n")
    }

    /// The invisible characters layouts type on their own keys were refused ("Letters, digits and
    /// symbols only") and the keys after them taken, so ssh and gpg heard a passphrase with a
    /// hole in it: Khmer's space bar types ZERO WIDTH SPACE. On the Khmer layout, the keys for
    /// ា, the space bar and ស; then, from other layouts' levels, the direction marks, an
    /// embedding and an isolate.
    @Test func theInvisibleCharactersALayoutTypesAreTaken() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"], before: { display in
            _ = try run(["setxkbmap", "-layout", "kh"], display: display)
        })
        try d.p.xdotool(["key", "--delay", "30", "U17B6", "U200B", "U179F", "U200E", "U200F", "U202B", "U2067", "Return"])
        #expect(try d.p.waitExit() == 0)
        #expect(Array(d.p.stdout.unicodeScalars.map(\.value))
            == [0x17b6, 0x200b, 0x179f, 0x200e, 0x200f, 0x202b, 0x2067, 0x0a], "\(d.p.stdout.unicodeScalars.map(\.value))")
    }

    @Test func digitFieldsStillTakeOnlyDigits() throws {
        let d = try Dialog(["--digits", "--length", "4", "PIN:"])
        try d.p.keys("a", "Cyrillic_ef", "dead_acute", "e", "EuroSign", "1", "2", "3", "KP_4")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "1234\n", "letters refused, digits (top row and keypad) taken")
        // With no length, the boxes grow; Return answers.
        let open = try Dialog(["--digits", "PIN:"])
        try open.p.keys("x", "9", "8", "KP_7", "Return")
        #expect(try open.p.waitExit() == 0, "\(open.p.stderr)")
        #expect(open.p.stdout == "987\n")
    }

    /// Persian's and Hindi's layouts type their own digits on the number row (۱, १), which a
    /// digits field refused as "Digits only": it takes them as the digits they are and answers
    /// in ASCII, as its caller reads a PIN. The same layout's letter is still refused.
    @Test(arguments: [("ir", ["Farsi_1", "arabic_sheen", "Farsi_2", "Farsi_0", "Farsi_9"]),
                      ("in", ["U0967", "U0915", "U0968", "U0966", "U096F"])])
    func aLayoutsOwnDigitsAreTheDigitsTheyMean(layout: String, keys: [String]) throws {
        let d = try Dialog(["--digits", "--length", "4", "PIN:"], before: { display in
            _ = try run(["setxkbmap", "-layout", layout], display: display)
        })
        try d.p.xdotool(["key", "--delay", "15"] + keys)
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "1209\n", "\(d.p.stdout.unicodeScalars.map(\.value))")
    }

    /// The number row of AZERTY and of the Czech layout types & é " ' and ě š č ř without Shift,
    /// the digits with it: a digits field, which refused those as "Digits only", takes the digit
    /// each key is marked with. A passphrase takes what the keys typed (the control).
    @Test(arguments: [("fr", ["ampersand", "eacute", "quotedbl", "apostrophe"], "1234"),
                      ("cz", ["ecaron", "scaron", "ccaron", "rcaron"], "2345")])
    func aNumberRowKeyTypesItsDigitInADigitsField(layout: String, keys: [String], digits: String) throws {
        let setLayout: (String) throws -> Void = { display in
            _ = try run(["setxkbmap", "-layout", layout], display: display)
        }
        let d = try Dialog(["--digits", "--length", "4", "PIN:"], before: setLayout)
        try d.p.xdotool(["key", "--delay", "15"] + keys)
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == digits + "\n", "\(d.p.stdout)")
        let passphrase = try Dialog(["--passphrase", "Passphrase for key:"], before: setLayout)
        try passphrase.p.xdotool(["key", "--delay", "15"] + keys + ["Return"])
        #expect(try passphrase.p.waitExit() == 0)
        let typed = keys.map { name in KeyTests.typedOnNumberRow[name] ?? "?" }.joined()
        #expect(passphrase.p.stdout == typed + "\n", "\(passphrase.p.stdout)")
    }

    /// A card's PIN takes any character: on AZERTY, the & key types & there, and the keyboard's
    /// line says that digits need Shift (in the Caps Lock warning's ink) until the entry is
    /// empty again. A passphrase typed the same way says nothing (the control).
    @Test func aPINTypedOnAZERTYsNumberRowSaysDigitsNeedShift() throws {
        let azerty: (String) throws -> Void = { display in _ = try run(["setxkbmap", "-layout", "fr"], display: display) }
        let d = try Dialog(["--pin", "PIN:"], before: azerty)
        try Self.warningLineComesAndGoes(d, with: ["ampersand"], then: ["BackSpace"])
        try d.p.keys("shift+ampersand", "shift+eacute", "eacute", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "12é\n", "what the keys typed, Shift's digits and the é")

        // The controls: the line a passphrase shows once Caps Lock goes on after & and é, and a
        // PIN's after Shift and the US layout's 1 (the ! it meant), hold the ink of Caps Lock's
        // words alone, as in a passphrase dialog where nothing was typed.
        func capsLockInk(_ arguments: [String], typingFirst keys: [String], on layout: String = "fr") throws -> Int {
            let d = try Dialog(arguments, before: { display in
                _ = try run(["setxkbmap", "-layout", layout], display: display)
            })
            let plain = try d.height
            try d.p.xdotool(["key", "--delay", "15"] + keys + ["Caps_Lock"])
            try d.wait("Caps Lock's line") { try d.height > plain }
            let ink = Self.warningInk(try d.pixels)
            try d.p.keys("Caps_Lock", "Return")
            #expect(try d.p.waitExit() == 0)
            #expect(d.p.stdout == keys.compactMap { Self.typedOnNumberRow[$0] }.joined() + "\n")
            return ink
        }
        let passphrase = ["--passphrase", "Passphrase for key:"]
        let alone = try capsLockInk(passphrase, typingFirst: [])
        let afterTheNumberRow = try capsLockInk(passphrase, typingFirst: ["ampersand", "eacute"])
        #expect(alone > 40 && afterTheNumberRow == alone, "\(afterTheNumberRow) against \(alone)")
        let shiftedOnUS = try capsLockInk(["--pin", "PIN:"], typingFirst: ["shift+1"], on: "us")
        #expect(shiftedOnUS == alone, "\(shiftedOnUS) against \(alone)")
    }

    /// gpg-agent's card PIN (scdaemon's `SETKEYINFO --clear`, `SETPROMPT PIN`) on AZERTY: its
    /// boxes take the & as typed and say that digits need Shift, as the askpass's do; Shift's
    /// digits answer the agent.
    @Test func aCardsPINFromTheAgentSaysDigitsNeedShiftToo() throws {
        let xvfb = try Xvfb()
        _ = try run(["setxkbmap", "-layout", "fr"], display: xvfb.display)
        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("SETKEYINFO --clear\nSETDESC Please unlock the card%0A%0ANumber: D276 0001 2401\n"
                      + "SETPROMPT PIN\nGETPIN\n")
        let decimal = try pinentry.window()
        let id = "0x" + String(try #require(UInt(decimal)), radix: 16)
        let x = try XClient(xvfb.display)
        defer { x.abandon() }
        func ink() -> Int {
            let size = x.size(of: id)
            return Self.warningInk(x.pixels(id, width: Int(size.width), height: Int(size.height)))
        }
        #expect(ink() == 0)
        try pinentry.key("ampersand")
        try waitUntil("the line saying digits need Shift") { ink() > 40 }
        try pinentry.key("BackSpace")
        try waitUntil("the line going") { ink() == 0 }
        try pinentry.key("shift+ampersand", "shift+eacute", "shift+quotedbl", "shift+apostrophe", "shift+parenleft",
                         "shift+minus", "Return")
        _ = try pinentry.waitOutput("D 123456\nOK\n")
        pinentry.send("BYE\n")
        #expect(try pinentry.waitExit() == 0)
    }

    static let typedOnNumberRow = ["ampersand": "&", "eacute": "é", "quotedbl": "\"", "apostrophe": "'", "shift+1": "!",
                                   "ecaron": "ě", "scaron": "š", "ccaron": "č", "rcaron": "ř"]

    /// The keyboard's warning line: none, then drawn once `showing` is typed (the dialog grown
    /// for it), then gone once `hiding` is (the dialog as it was).
    static func warningLineComesAndGoes(_ d: Dialog, with showing: [String], then hiding: [String]) throws {
        let plain = try d.height
        #expect(warningInk(try d.pixels) == 0)
        try d.p.xdotool(["key", "--delay", "15"] + showing)
        try d.wait("the warning's line") { try d.height > plain }
        #expect(warningInk(try d.pixels) > 40, "the warning is drawn")
        try d.p.xdotool(["key", "--delay", "15"] + hiding)
        try d.wait("the line going") { try d.height == plain }
        #expect(warningInk(try d.pixels) == 0)
    }

    @Test func capsLockShowsItsWarningInWordsAndHidesItAgain() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        try Self.warningLineComesAndGoes(d, with: ["Caps_Lock"], then: ["a", "Caps_Lock"])
        try d.p.keys("a", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "Aa\n")
    }

    @Test func capsLockOnBeforeTheDialogIsWarnedFromItsFirstFrame() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"]) { display in
            _ = try run(["xdotool", "key", "Caps_Lock"], display: display)
        }
        #expect(Self.warningInk(try d.pixels) > 40)
        try d.p.keys("Caps_Lock", "Escape")
        #expect(try d.p.waitExit() == 1)
    }

    @Test func theActiveLayoutIsNamedWhenThereAreSeveralAndFollowsTheGroup() throws {
        _ = try which("setxkbmap")
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        let one = try d.height
        let oneLayout = try d.pixels
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: d.xvfb.display)
        try d.wait("the layout's line") { try d.height > one }
        let us = try d.pixels
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 1)
        XSync(d.x.display, 0)
        try d.wait("the name changing") { try d.pixels != us }
        let ru = try d.pixels
        #expect(ru.count == us.count)
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 0)
        XSync(d.x.display, 0)
        try d.wait("the first name back") { try d.pixels == us }
        _ = try run(["setxkbmap", "-layout", "us"], display: d.xvfb.display)
        // The window shrinks before it is drawn again: its pixels, not its height, say it is done.
        try d.wait("one layout, no name: the window as it was") { try d.height == one && d.pixels == oneLayout }
        try d.p.keys("Escape")
        #expect(try d.p.waitExit() == 1)
    }

    /// On a key of a Cyrillic layout, Ctrl+V and Alt and a mnemonic mean the key's Latin letter
    /// in the other layout, as in GTK. The control: the same key alone types its Cyrillic letter.
    @Test func shortcutsOnACyrillicLayoutMeanTheKeysLatinLetter() throws {
        _ = try which("setxkbmap")
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        let one = try d.height
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: d.xvfb.display)
        try d.wait("the layout's line") { try d.height > one }
        try offer("xyz", on: "clipboard", display: d.xvfb.display)
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 1)
        XSync(d.x.display, 0)
        let before = try d.pixels
        // Keycodes of the evdev keymap: 41 F (Cyrillic а), 55 V (м), 37 Control, 36 Return.
        try d.x.chord([41])
        try d.wait("one dot") { try d.pixels != before }
        let typed = try d.pixels
        try d.x.chord([37, 55])
        try d.wait("the paste's dots") { try d.pixels != typed }
        try d.x.chord([36])
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "\u{430}xyz\n")

        // Alt and the key of C: the askpass's _Cancel.
        let cancel = try Dialog(["--passphrase", "Passphrase for key:"])
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: cancel.xvfb.display)
        XkbLockGroup(cancel.x.display, UInt32(XkbUseCoreKbd), 1)
        XSync(cancel.x.display, 0)
        try cancel.x.chord([64, 54])
        #expect(try cancel.p.waitExit() == 1)
    }

    /// With a US and a German layout, Y and Z trade places: a key that is a Latin letter in
    /// the active layout means that letter only, so Alt and the German Z never answers `_Yes`
    /// (the control: Alt and the German Y does).
    @Test func anAccessKeyIsNeverAnotherLatinLetter() throws {
        _ = try which("setxkbmap")
        let d = try Dialog(["Allow use of key alice?"], environment: ["SSH_ASKPASS_PROMPT": "confirm"])
        _ = try run(["setxkbmap", "-layout", "us,de"], display: d.xvfb.display)
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 1)
        XSync(d.x.display, 0)
        pastTheArmingDelay()
        // Keycodes of the evdev keymap: 64 Alt; 29 is Y in the US layout, Z in the German one.
        try d.x.chord([64, 29])
        #expect(d.p.staysRunning(for: 0.5), "Alt and Z answered the question")
        try d.x.chord([64, 52])
        #expect(try d.p.waitExit() == 0, "Alt and the German Y: Yes")
    }

    /// With a Latin layout and Dvorak, the US semicolon or the German Ö is Dvorak's S: Alt and
    /// it showed the passphrase (`_Show`). A key of the Latin script in the active layout takes
    /// no other layout's Latin letter (the control: Alt and S shows it).
    @Test(arguments: ["us", "de"])
    func aLatinKeyIsNeverAnotherLayoutsAccessKey(_ first: String) throws {
        _ = try which("setxkbmap")
        let desk = try CallerDesk()
        _ = try run(["setxkbmap", "-layout", "\(first),us", "-variant", ",dvorak"], display: desk.display)
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog()
        try desk.type("ab")
        #expect(try desk.entry(dialog).isDots(2))
        // Keycodes of the evdev keymap: 64 Alt, 47 the US semicolon, the German Ö.
        try desk.x.chord([64, 47])
        #expect(try desk.entry(dialog).isDots(2), "Alt and ; or Ö showed the passphrase")
        try desk.key("alt+s")
        #expect(!(try desk.entry(dialog).isDots(2)), "the control: Alt and S shows it")
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
    }

    /// On a Thai layout the key of H gives a tone mark, no letter: Alt and it is the US
    /// layout's H, `_Hide`, as Alt and the key of S (ห) is `_Show`.
    @Test func aThaiKeyIsItsLatinLettersAccessKey() throws {
        _ = try which("setxkbmap")
        let desk = try CallerDesk()
        _ = try run(["setxkbmap", "-layout", "th,us"], display: desk.display)
        let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog()
        // Keycodes of the evdev keymap: 38 A, 56 B, 64 Alt, 39 S (ห), 43 H (the tone mark ้).
        try desk.x.chord([38])
        try desk.x.chord([56])
        #expect(try desk.entry(dialog).isDots(2))
        try desk.x.chord([64, 39])
        #expect(!(try desk.entry(dialog).isDots(2)), "Alt and ห: Show")
        try desk.x.chord([64, 43])
        #expect(try desk.entry(dialog).isDots(2), "Alt and ้: Hide")
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
    }

    @Test func aKeymapLoadedWithoutRulesStillNamesItsLayouts() throws {
        _ = try which("xkbcomp")
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        let one = try d.height
        // xkbcomp uploads a keymap of two groups and leaves _XKB_RULES_NAMES saying one layout:
        // the names come from the keymap itself.
        let (_, keymap) = try run(["setxkbmap", "-layout", "us,ru", "-print"], display: d.xvfb.display)
        let loaded = try run(["xkbcomp", "-w", "0", "-", d.xvfb.display], display: d.xvfb.display,
                             input: Array(keymap.utf8))
        try #require(loaded.status == 0)
        try d.wait("the layout's line") { try d.height > one }
        try d.p.keys("Escape")
        #expect(try d.p.waitExit() == 1)
    }

    /// An arrow, Page Down, a function key past the workbench's, a media key, a window
    /// manager's chords the grab holds back: none tries a character, and the dialog says
    /// nothing of them (it had said "Letters, digits and symbols only" under a red entry). A
    /// keypad key with Num Lock off, which types a digit with it on, is still refused.
    @Test func keysThatNeverTypePassWithoutARefusal() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Passphrase for key:"], display: desk.display)
        let dialog = try desk.nextDialog()
        try desk.type("W8")
        try desk.key("Up", "Left", "Home", "End", "Next", "F9", "F12", "Menu", "XF86AudioRaiseVolume",
                     "ctrl+alt+Left", "super+Up", "alt+s")
        // Keys are taken in order: once Show has drawn the character, the keys before it are in.
        try waitUntil("Show draws the character") {
            let entry = try desk.entry(dialog)
            return !entry.isDots(2) && entry.inkHeight > 9
        }
        #expect(try windowGeometry(dialog.id, display: desk.display).height == dialog.height, "no line under the entry")
        try desk.key("KP_End")
        try waitUntil("the keypad key's refusal, a line under the entry") {
            try windowGeometry(dialog.id, display: desk.display).height > dialog.height
        }
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "W8\n")
    }

    /// Ctrl+BackSpace deletes the last word of git's username, as in a GTK entry, and the whole
    /// of a passphrase that shows dots (no word boundary of a secret shows); BackSpace alone
    /// deletes one character. Each answer holds exactly what is left.
    @Test func controlBackSpaceDeletesTheLastWordOfANameAndAllOfAHiddenPassphrase() throws {
        for (prompt, answer) in [("Username for 'https://example.com': ", "alice jones"),
                                 ("Enter passphrase for key '/home/alice/.ssh/id_ed25519': ", "jones")] {
            let d = try Dialog(["--", prompt])
            try d.p.xdotool(["type", "--delay", "20", "alice smith"])
            try d.p.keys("BackSpace", "h", "ctrl+BackSpace")
            try d.p.xdotool(["type", "--delay", "20", "jones"])
            try d.p.keys("Return")
            #expect(try d.p.waitExit() == 0)
            #expect(d.p.stdout == answer + "\n", "\(prompt)")
        }
    }

    /// The keypad's 1 with Num Lock off (XTEST presses its key, which then gives KP_End) is
    /// refused saying that Num Lock is off; the same key once Num Lock is pressed types 1.
    @Test func aKeypadDigitWithNumLockOffSaysSoAndTypesOnceItIsOn() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("KP_End")
        #expect(try s.pinbox.waitFor("rejected")["reason"] as? String == "num-lock-off")
        #expect(s.pinbox.events("change").isEmpty)
        try s.pinbox.keys("Num_Lock", "KP_End")
        #expect(try s.pinbox.waitFor("change")["length"] as? Int == 1)
        #expect(s.pinbox.events("rejected").count == 1)
    }

    @Test func aLayoutChangedWhileTheDialogIsOpenIsFollowed() throws {
        _ = try which("setxkbmap")
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        try d.p.keys("a")
        // The Russian layout has ф on the key that typed a: xdotool presses that key as it is,
        // so only a keymap compiled again gives ф.
        _ = try run(["setxkbmap", "-layout", "ru"], display: d.xvfb.display)
        try d.p.keys("Cyrillic_ef", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "aф\n")
    }
}

/// The same keys into `pinentry-pinbox`, as gpg-agent runs it, and the agent's own words for
/// Caps Lock.
@Suite("Keys into the pinentry, end to end", .endToEnd)
final class PinentryKeyTests {
    let home: String
    let xvfb: Xvfb

    init() throws {
        home = try makeGnupgHome("gpg-keys")
        xvfb = try Xvfb()
    }

    deinit {
        endAgent(home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    /// The first PinBox window on the server, focused; its id as `0x…`.
    func window() throws -> String {
        let deadline = Date().addingTimeInterval(15)
        while true {
            let out = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: xvfb.display).output
            if let decimal = out.split(separator: "\n").first, let id = UInt(decimal) {
                _ = try run(["xdotool", "windowfocus", "--sync", String(id)], display: xvfb.display)
                return "0x" + String(id, radix: 16)
            }
            guard Date() < deadline else { throw TestFailure("no pinentry window appeared") }
            usleep(20_000)
        }
    }

    @Test func theRealAgentGetsTheExactBytesPercentEscaped() throws {
        let session = try Child(["gpg-connect-agent", "GET_PASSPHRASE --data --repeat=0 K1 X Passphrase: Type", "/bye"],
                                environment: ["GNUPGHOME": home, "DISPLAY": xvfb.display, "GPG_TTY": ""], capture: true)
        _ = try window()
        try xdotool(["key", "--delay", "30"] + KeyTests.keys + ["Return"], display: xvfb.display)
        session.wait()
        let out = String(decoding: session.read().out, as: UTF8.self)
        // gpg-agent escapes only '%', CR and LF in its D line; the UTF-8 goes as it is.
        #expect(Array(out.utf8) == Array("D aфαאą€éé😀%25b\nOK\n".utf8), "\(out)")
    }

    /// How wide the Caps Lock warning is drawn in a pinentry GETPIN sent `options` first.
    func warningWidth(_ options: String) throws -> Int {
        let pinentry = try Child([PinBoxProcess.binary, "pinentry"], environment: ["DISPLAY": xvfb.display],
                                 capture: true, interactive: true)
        defer {
            if pinentry.isRunning { kill(pinentry.pid, SIGTERM) }
            pinentry.wait()
        }
        pinentry.send(options + "GETPIN\n")
        let id = try window()
        let x = try XClient(xvfb.display)
        _ = try run(["xdotool", "key", "Caps_Lock"], display: xvfb.display)
        defer { _ = try? run(["xdotool", "key", "Caps_Lock"], display: xvfb.display) }
        var attributes = XWindowAttributes()
        var columns: [Int] = []
        let deadline = Date().addingTimeInterval(5)
        while columns.isEmpty && Date() < deadline {
            usleep(50_000)
            XGetWindowAttributes(x.display, XClient.window(id), &attributes)
            let width = Int(attributes.width)
            let pixels = x.stillPixels(id, width: width, height: Int(attributes.height))
            columns = pixels.indices.filter { pixels[$0] == KeyTests.warningColor }.map { $0 % width }
        }
        _ = try run(["xdotool", "key", "Escape"], display: xvfb.display)
        pinentry.send("BYE\n")
        return (columns.max() ?? 0) - (columns.min() ?? 0)
    }

    @Test func theAgentsOwnWordsForCapsLockAreShown() throws {
        let own = try warningWidth("")
        let agents = try warningWidth("OPTION default-capshint=Achtung: Die Feststelltaste ist eingeschaltet\n")
        #expect(own > 50, "PinBox's own warning shows")
        #expect(agents > own + 100, "the agent's longer text is the one drawn (\(agents) px against \(own))")
    }
}
