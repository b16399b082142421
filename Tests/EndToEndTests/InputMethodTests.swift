// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// The desktop's input method, a real one (IBus with its Korean engine, through XIM), where a
/// user meets it: a name composed in it, a password never given to it, the method dying mid-word.
@Suite(.serialized) struct InputMethodTests {
    /// The keys of the Korean word 한글 on a US keyboard, the Hangul key first (IBus's engine
    /// starts in Latin).
    static let hangul = ["Hangul", "g", "k", "s", "r", "m", "f"]

    /// git asks for a username, then a password. The keys make 한글 in the first, composed by the
    /// method, the syllable still open drawn in the entry before it is typed. The method stays
    /// in its Korean mode (IBus keeps it from one window to the next), but in the second, which
    /// holds a secret, it never has the keys: the password is the letters.
    @Test func aNameIsComposedInTheInputMethodAndAPasswordNever() throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        let git = try desk.gitCredentialFill(environment: method.environment)
        let username = try desk.nextDialog()
        try desk.key(Self.hangul[0], Self.hangul[1], Self.hangul[2], Self.hangul[3])
        // 한 is still open to a final consonant: nothing is typed yet, and it shows.
        try waitUntil("the syllable being composed drawn in the entry") { try !desk.entry(username).runs.isEmpty }
        try desk.key(Self.hangul[4], Self.hangul[5], Self.hangul[6])
        try desk.key("Return")
        _ = try desk.nextDialog()
        try desk.key(Self.hangul[1], Self.hangul[2], Self.hangul[3], Self.hangul[4], Self.hangul[5], Self.hangul[6])
        try desk.key("Return")
        #expect(git.wait() == 0)
        let out = String(decoding: git.read().out, as: UTF8.self)
        #expect(out.contains("username=한글\n") && out.contains("password=gksrmf\n"), "git received \(out)")
    }

    /// How a method goes away mid-word.
    enum Going: String, CaseIterable {
        /// Killed, its daemon with it: its server's window goes, and Xlib says so.
        case dies
        /// Its XIM server stopped (SIGSTOP): it keeps its selection and answers nothing, and
        /// Xlib would wait for it without end.
        case stopsAnswering
    }

    /// The method goes away mid-word: the dialog does not hang on it, takes the keys itself,
    /// and keeps the syllable it showed.
    @Test(arguments: Going.allCases) func aMethodGoneMidWordLosesNothingTyped(_ going: Going) throws {
        let desk = try CallerDesk()
        let method = try InputMethodSession(display: desk.display, x: desk.x, root: desk.dir + "/ibus")
        let askpass = try desk.ask("Username for 'https://example.com': ", environment: method.environment)
        let dialog = try desk.nextDialog()
        try desk.key(Self.hangul[0], Self.hangul[1], Self.hangul[2], Self.hangul[3])
        try waitUntil("the syllable being composed drawn in the entry") { try !desk.entry(dialog).runs.isEmpty }
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
