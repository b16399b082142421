// SPDX-License-Identifier: MIT
import Foundation
import PinBoxCore
import Testing

/// The desktop's input method, real ones (IBus and Fcitx 5 with their Korean engines, IBus with
/// its Japanese one, through XIM), where a user meets them: a name composed in it, its
/// candidates at the caret, the clause being converted marked, a password never given to it,
/// the method dying or stopping mid-word.
@Suite(.serialized) struct InputMethodTests {
    /// The keys of the Korean word 한글 on a US keyboard, the Hangul key first (IBus's engine
    /// starts in Latin).
    static let hangul = ["Hangul", "g", "k", "s", "r", "m", "f"]

    /// Types the keys of 한 (`keys`: IBus's Hangul key first, as its engine starts in Latin)
    /// into `dialog`'s entry and waits for the syllable, still open to a final consonant and so
    /// not typed yet, to be drawn there (`compose`).
    private func composeHan(on desk: CallerDesk, in dialog: CallerDesk.Dialog, attempts: Int = 1,
                            keys: [String] = Array(hangul.prefix(4))) throws -> EntryInk {
        try compose("한", keys: keys, on: desk, in: dialog, attempts: attempts)
    }

    /// Presses `keys` in `dialog`'s entry and waits for what the method composes of them, not
    /// typed yet, to be drawn there: one run of ink, the text over its underline (the letters
    /// typed would be several). `attempts` > 1 where IBus's panel runs: as it settles it sets
    /// its engine once more, and the key that turned the method's script on went to the engine
    /// it replaced, leaving the new one in Latin; the letters typed then are cleared and the
    /// keys pressed again.
    private func compose(_ what: String, keys: [String], on desk: CallerDesk, in dialog: CallerDesk.Dialog,
                         attempts: Int = 1) throws -> EntryInk {
        var ink = try desk.entry(dialog)
        for attempt in 1...attempts {
            try desk.key(keys)
            do {
                try waitUntil("\(what) being composed drawn in the entry, \(ink.runs)") {
                    ink = try desk.entry(dialog)
                    return ink.runs.count == 1
                }
                return ink
            } catch where attempt < attempts && ink.runs.count > 1 {
                try desk.key("ctrl+u")
            }
        }
        return ink
    }

    /// Where IBus's panel shows its candidates for `what` on `desk`'s screen, once it does (and,
    /// given `other`, elsewhere than there).
    private static func candidates(_ what: String, on desk: CallerDesk, apartFrom other: Rect? = nil) throws -> Rect {
        var found = Rect.zero
        try waitUntil("IBus's candidates for \(what) on the screen") {
            let ids = try run(["xdotool", "search", "--onlyvisible", "--classname", "ibus-ui-gtk3"], display: desk.display)
            guard let id = ids.output.split(separator: "\n").first.flatMap({ UInt($0) }) else { return false }
            found = desk.x.frame(of: "0x" + String(id, radix: 16))
            return found.width > 1 && found.x != other?.x
        }
        return found
    }

    /// git asks for a username, then a password. The keys make 한글 in the first, composed by the
    /// method, the syllable still open drawn in the entry before it is typed. The method stays
    /// in its Korean mode (IBus keeps it from one window to the next), but in the second, which
    /// holds a secret, it never has the keys: the password is the letters.
    @Test func aNameIsComposedInTheInputMethodAndAPasswordNever() throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        let git = try desk.gitCredentialFill(environment: method.environment)
        _ = try composeHan(on: desk, in: try desk.nextDialog())
        try desk.key(Self.hangul[4], Self.hangul[5], Self.hangul[6])
        try desk.key("Return")
        _ = try desk.nextDialog()
        try desk.key(Self.hangul[1], Self.hangul[2], Self.hangul[3], Self.hangul[4], Self.hangul[5], Self.hangul[6])
        try desk.key("Return")
        #expect(git.wait() == 0)
        let out = String(decoding: git.read().out, as: UTF8.self)
        #expect(out.contains("username=한글\n") && out.contains("password=gksrmf\n"), "git received \(out)")
    }

    /// The method shows its candidates (its own window: here the hanja of 한, asked for with the
    /// Hanja key) under the entry's caret, as for a GTK entry, told where the caret stands
    /// rather than left to put them under the whole window.
    @Test func theMethodsCandidatesShowUnderTheCaret() throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus", panel: true)
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        let dialog = try desk.nextDialog()
        let ink = try composeHan(on: desk, in: dialog, attempts: 3)
        try desk.key("Hangul_Hanja")
        let candidates = try Self.candidates("the hanja of 한", on: desk)
        let window = desk.x.frame(of: dialog.id)
        // The entry's bottom and the composed syllable's start (the caret before it), on the screen.
        let entryBottom = window.y + Double(ink.rows.upperBound), start = window.x + Double(ink.runs[0].lowerBound)
        #expect(candidates.y >= entryBottom - 2 && candidates.y <= entryBottom + 8,
                "under the entry (\(entryBottom)), not under the window (\(window.maxY)): \(candidates)")
        #expect(abs(candidates.x - start) <= 8, "at the caret (\(start)): \(candidates)")
        try desk.key("Escape", "Escape")
        _ = askpass.wait(within: 20)
    }

    /// Fcitx, which draws what it is composing in its own window (by default its XIM offers no
    /// callbacks for the entry to draw it), composes a name all the same.
    @Test func fcitxComposesANameToo() throws {
        let desk = try CallerDesk()
        let method = try FcitxSession(display: desk.display, x: desk.x, root: desk.dir + "/fcitx")
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        _ = try desk.nextDialog()
        try method.turnOn { try desk.key("ctrl+space") }
        try desk.key(Self.hangul[1], Self.hangul[2], Self.hangul[3], Self.hangul[4], Self.hangul[5], Self.hangul[6], "Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "한글\n")
    }

    /// A Japanese name is converted clause by clause (IBus's Anthy: Ctrl+J turns its Hiragana
    /// on, Space converts, Right goes to the next clause): the clause whose candidates the
    /// method offers is drawn on the selection's colour, as GTK shows it, and the mark follows
    /// the method from 山田 to 太郎; the name typed is the one converted.
    @Test func theClauseBeingConvertedIsMarked() throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus", engine: "anthy")
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        let dialog = try desk.nextDialog()
        try desk.key("ctrl+j")
        try desk.type("yamadatarou")
        try desk.key("space")
        var ink = try desk.entry(dialog)
        var first: ClosedRange<Int>?
        try waitUntil("the first clause marked, \(ink)") {
            ink = try desk.entry(dialog)
            first = ink.selected
            return first != nil
        }
        let name = try #require(ink.runs.first?.lowerBound)...(try #require(ink.runs.last?.upperBound))
        let clause = try #require(first)
        #expect(abs(clause.lowerBound - name.lowerBound) <= 3 && clause.upperBound < name.upperBound - 10,
                "山田 marked, 太郎 not: \(clause) of \(name)")
        try desk.key("Right")
        var second = clause
        try waitUntil("the mark moved to the next clause, \(ink)") {
            ink = try desk.entry(dialog)
            second = ink.selected ?? clause
            return second.lowerBound > clause.lowerBound
        }
        #expect(abs(second.lowerBound - clause.upperBound) <= 3 && abs(second.upperBound - name.upperBound) <= 3,
                "太郎 marked, 山田 not: \(second) of \(name)")
        try desk.key("Return")
        try waitUntil("the name converted and typed, no clause marked, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.selected == nil
        }
        try desk.key("Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "山田太郎\n")
    }

    /// Fcitx told to leave the drawing to the client (its on-the-spot style) has the syllable
    /// being composed drawn in the entry, as IBus has it: the same callbacks from another
    /// server.
    @Test func fcitxOnTheSpotHasTheEntryDrawWhatItComposes() throws {
        let desk = try CallerDesk()
        let method = try FcitxSession(display: desk.display, x: desk.x, root: desk.dir + "/fcitx", onTheSpot: true)
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        let dialog = try desk.nextDialog()
        try method.turnOn { try desk.key("ctrl+space") }
        _ = try composeHan(on: desk, in: dialog, keys: Array(Self.hangul.dropFirst(1).prefix(3)))
        try desk.key(Self.hangul[4], Self.hangul[5], Self.hangul[6], "Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "한글\n")
    }

    /// The candidates of a Japanese clause show under that clause, as IBus shows a GTK entry's:
    /// under 山田 while it is converted, under 太郎 once Right moved the conversion there (Space
    /// a second time shows them, in IBus's panel).
    @Test func theCandidatesShowUnderTheClauseBeingConverted() throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus", engine: "anthy",
                                            panel: true)
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        let dialog = try desk.nextDialog()
        // Ctrl+J turns Anthy's Hiragana on (off again, then on, where the panel replaced it).
        _ = try compose("やまだたろう", keys: ["ctrl+j"] + "yamadatarou".map(String.init), on: desk, in: dialog, attempts: 3)
        let window = desk.x.frame(of: dialog.id)
        func clause(apartFrom other: ClosedRange<Int>? = nil) throws -> ClosedRange<Int> {
            var marked: ClosedRange<Int>?
            try waitUntil("a clause marked, not \(String(describing: other))") {
                marked = try desk.entry(dialog).selected
                return marked != nil && marked != other
            }
            return marked!
        }
        try desk.key("space", "space")
        let first = try Self.candidates("山田", on: desk), yamada = try clause()
        try desk.key("Right", "space")
        let second = try Self.candidates("太郎", on: desk, apartFrom: first), tarou = try clause(apartFrom: yamada)
        #expect(tarou.lowerBound > yamada.upperBound - 3, "太郎 marked after 山田: \(yamada), \(tarou)")
        #expect(abs(first.x - (window.x + Double(yamada.lowerBound))) <= 8, "under 山田 (\(yamada)): \(first)")
        #expect(abs(second.x - (window.x + Double(tarou.lowerBound))) <= 8, "under 太郎 (\(tarou)): \(second)")
        try desk.key("Return", "Return")
        #expect(askpass.wait(within: 20) == 0)
        let name = String(decoding: askpass.read().out, as: UTF8.self)
        #expect(!name.isEmpty && !name.unicodeScalars.dropLast().contains { $0.isASCII }, "a Japanese name: \(name)")
    }

    /// A method that starts after the dialog (a session's first prompt, its method still coming
    /// up) is found the next time the name has the keys, as a GTK entry finds IBus once it runs.
    @Test func aMethodStartedAfterTheDialogIsFoundWhenTheNameHasTheKeysAgain() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: ["XMODIFIERS": "@im=ibus"])
        let dialog = try desk.nextDialog()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        // To the buttons and back: the name has the keys again.
        try desk.key("Tab", "shift+Tab")
        _ = try composeHan(on: desk, in: dialog)
        try desk.key(Self.hangul[4], Self.hangul[5], Self.hangul[6], "Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "한글\n")
        withExtendedLifetime(method) {}
    }

    /// A method that starts while the name has the keys (a session's first prompt, its method
    /// still coming up, or one restarted) is found then, without the focus moving, as a GTK
    /// entry finds IBus once it runs. A key or two may go by before it is: the letters typed
    /// before are cleared and the keys pressed again.
    @Test func aMethodStartedWhileTheNameHasTheKeysIsFound() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: ["XMODIFIERS": "@im=ibus"])
        let dialog = try desk.nextDialog()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        _ = try composeHan(on: desk, in: dialog, attempts: 3)
        try desk.key(Self.hangul[4], Self.hangul[5], Self.hangul[6], "Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "한글\n")
        withExtendedLifetime(method) {}
    }

    /// How a method goes away mid-word.
    enum Going: String, CaseIterable {
        /// Killed, its daemon with it: its server's window goes, and Xlib says so.
        case dies
        /// Its XIM server stopped (SIGSTOP): it keeps its selection and answers nothing, and
        /// Xlib would wait for it without end.
        case stopsAnswering
    }

    /// A method stopped before the dialog shows (its XIM server stopped: it keeps its
    /// selection, and Xlib's XOpenIM would wait for its answer without end): the name is typed
    /// without it after a moment.
    @Test func aMethodStoppedBeforeTheDialogHangsNothing() throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        try method.freeze()
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        _ = try desk.nextDialog()
        try desk.type("abc")
        try desk.key("Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "abc\n")
    }

    /// A method that does not answer (a client holding its selection and answering nothing, as
    /// a stopped server) is asked once, not again each time the name has the keys, each time
    /// a wait; the name typed around two Tabs is typed whole.
    @Test func aMethodThatDoesNotAnswerIsAskedOnce() throws {
        let desk = try CallerDesk()
        desk.x.ownSilently("@server=silent")
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: ["XMODIFIERS": "@im=silent"])
        _ = try desk.nextDialog()
        try desk.type("a")
        try desk.key("Tab", "shift+Tab", "End")
        try desk.type("b")
        try desk.key("Tab", "shift+Tab", "End")
        try desk.type("c")
        try desk.key("Return")
        #expect(askpass.wait(within: 30) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "abc\n")
        #expect(desk.x.requests(for: "@server=silent") == 1, "asked once, not at each focus")
    }

    /// The method goes away mid-word: the dialog does not hang on it, takes the keys itself,
    /// and keeps the syllable it showed.
    @Test(arguments: Going.allCases) func aMethodGoneMidWordLosesNothingTyped(_ going: Going) throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        _ = try composeHan(on: desk, in: try desk.nextDialog())
        switch going {
        case .dies: try method.kill()
        case .stopsAnswering: try method.freeze()
        }
        try desk.type("abc")
        try desk.key("Return")
        #expect(askpass.wait(within: 20) == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "한abc\n")
    }
}
