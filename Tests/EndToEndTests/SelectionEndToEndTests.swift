// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// What a prompt's entry holds can be selected, as in GTK's entries, and what is typed then
/// replaces it: Ctrl+A, or Shift with the arrows, Home and End. Real keys through XTEST, what
/// the real caller received, and the selection read from the window's pixels.
@Suite("Selecting in an entry, end to end", .serialized, .endToEnd)
final class SelectionEndToEndTests {
    /// git's username typed wrong is selected whole with Ctrl+A and typed again; the password's
    /// wrong end is selected with Shift+Left and typed over: git gets what the user meant.
    @Test func gitGetsWhatWasTypedOverASelection() throws {
        let desk = try CallerDesk()
        let git = try desk.gitCredentialFill()

        _ = try desk.nextDialog()
        try desk.type("wrong-name")
        try desk.key("ctrl+a")
        try desk.type("alice")
        try desk.key("Return")
        _ = try desk.nextDialog()
        try desk.type("secret-typo")
        try desk.key("shift+Left", "shift+Left", "shift+Left", "shift+Left", "shift+Left")
        try desk.type("!")
        try desk.key("Return")

        #expect(git.wait() == 0, "\(String(decoding: git.read().err, as: UTF8.self))")
        #expect(String(decoding: git.read().out, as: UTF8.self)
            == "protocol=https\nhost=git.example.com\nusername=alice\npassword=secret!\n")
    }

    /// Shift+Home selects a whole passphrase of dots and BackSpace erases it, the user's habit
    /// in any entry; Ctrl+Shift+Left, in dots, selects to the start too (where a word begins
    /// would show).
    @Test func aSelectedPassphraseIsErasedWhole() throws {
        let desk = try CallerDesk()
        for select in ["shift+Home", "ctrl+shift+Left"] {
            let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
            _ = try desk.nextDialog()
            try desk.type("not this one")
            try desk.key(select, "BackSpace")
            try desk.type("right")
            try desk.key("Return")
            #expect(askpass.wait() == 0)
            #expect(String(decoding: askpass.read().out, as: UTF8.self) == "right\n", "\(select)")
        }
    }

    /// Tabbing away from a passphrase and back selects it all, as GTK's and Qt's entries do:
    /// what is typed then replaces it.
    @Test func aPassphraseTabbedBackToIsTypedOver() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
        _ = try desk.nextDialog()
        try desk.type("wrong")
        try desk.key("Tab", "shift+Tab")
        try desk.type("right")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "right\n")
    }

    /// The selected dots are drawn on the selection's colour, the others on white, and no caret
    /// shows while they are; BackSpace takes them and the colour, and the caret is back.
    @Test func theSelectionIsDrawnBehindTheSelectedDots() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
        let dialog = try desk.nextDialog()
        try desk.type("secret")
        var ink = try desk.entry(dialog)
        try waitUntil("six dots, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.isDots(6) && ink.selected == nil
        }
        try desk.key("shift+Left", "shift+Left")
        var selected: ClosedRange<Int>?
        try waitUntil("a selection drawn, \(ink)") {
            ink = try desk.entry(dialog)
            selected = ink.selected
            return selected != nil
        }
        let runs = ink.runs
        #expect(runs.count == 6, "\(ink)")
        if let selected, runs.count == 6 {
            #expect(selected.contains(runs[4].lowerBound) && selected.contains(runs[5].upperBound), "\(selected), \(ink)")
            #expect(!selected.contains(runs[3].upperBound), "the fourth dot is not selected: \(selected), \(ink)")
        }
        #expect(try !desk.showsCaret(dialog, within: 1.5), "no caret while a selection shows")
        try desk.key("BackSpace")
        try waitUntil("four dots and no selection, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.isDots(4) && ink.selected == nil
        }
        #expect(try desk.showsCaret(dialog, within: 3), "the caret is back")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "secr\n")
    }

    /// A double click on a mistyped word of a name selects it, and it is typed again; the
    /// pointer dragged from between two dots to past the last selects those dots, typed over
    /// in turn, and a click then one with Shift select the dots between them: real pointer
    /// events through XTEST, and what the caller received.
    @Test func thePointerSelectsAWordOrWhatItIsDraggedOver() throws {
        let desk = try CallerDesk()
        var (name, dialog, ink) = try Self.username("alice smiht", on: desk)
        // The last run of ink is part of "smiht" (its last letter or letters).
        let word = ink.runs[ink.runs.count - 1]
        try desk.pointer(dialog, x: (word.lowerBound + word.upperBound) / 2, y: ink.middleRow,
                         then: "click", "--repeat", "2", "--delay", "80", "1")
        try desk.type("smith")
        try desk.key("Return")
        #expect(name.wait() == 0)
        #expect(String(decoding: name.read().out, as: UTF8.self) == "alice smith\n")

        let passphrase = try desk.ask("Enter passphrase for key '/tmp/id':")
        dialog = try desk.nextDialog()
        try desk.type("sexxxx")
        try waitUntil("six dots, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.isDots(6)
        }
        let y = ink.middleRow
        try desk.pointer(dialog, x: ink.column(between: 2), y: y, then: "mousedown", "1")
        try desk.pointer(dialog, x: ink.column(between: 4), y: y)
        try desk.pointer(dialog, x: ink.columns.upperBound - 4, y: y, then: "mouseup", "1")
        try desk.type("cure")
        // A click after the third dot, then one with Shift after the fifth: those two selected.
        try waitUntil("six dots again, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.isDots(6)
        }
        try desk.click(dialog, x: ink.column(between: 3), y: y)
        try desk.pointer(dialog, x: ink.column(between: 5), y: y,
                         then: "keydown", "shift", "click", "1", "keyup", "shift")
        try desk.type("k")
        try desk.key("Return")
        #expect(passphrase.wait() == 0)
        #expect(String(decoding: passphrase.read().out, as: UTF8.self) == "secke\n")
    }

    /// What is selected in a name is offered as PRIMARY, as GTK's entries offer it (a middle
    /// click elsewhere pastes it); Ctrl+C copies it to the clipboard, Ctrl+X cuts it. The
    /// control: a password selected and copied takes neither from xclip, which still serves
    /// its own after the dialog ended.
    @Test func aNamesSelectionIsOfferedAndCopiedAndAPasswordsNever() throws {
        let desk = try CallerDesk()
        func served(_ selection: String) throws -> String? {
            let (status, text) = try run(["xclip", "-o", "-selection", selection], display: desk.display)
            return status == 0 ? text : nil
        }
        for selection in ["primary", "clipboard"] {
            #expect(try run(["xclip", "-selection", selection, "-i"], display: desk.display, input: Array("xclip's".utf8)).status == 0)
        }
        let password = try desk.ask("Password for 'https://alice@example.com': ")
        _ = try desk.nextDialog()
        try desk.type("hunter2")
        try desk.key("ctrl+a", "ctrl+c", "ctrl+x", "shift+Delete", "Return")
        #expect(password.wait(within: 20) == 0)
        #expect(String(decoding: password.read().out, as: UTF8.self) == "hunter2\n", "nothing cut")
        #expect(try served("primary") == "xclip's" && served("clipboard") == "xclip's", "neither taken")

        let name = try desk.ask("Username for 'https://example.com': ")
        _ = try desk.nextDialog()
        try desk.type("alice@example.com")
        try desk.key("ctrl+a")
        try waitUntil("the name offered as PRIMARY") { try served("primary") == "alice@example.com" }
        #expect(try served("clipboard") == "xclip's", "selecting copies nothing")
        try desk.key("ctrl+c")
        try waitUntil("the name copied") { try served("clipboard") == "alice@example.com" }
        try desk.key("End", "shift+Left", "shift+Left", "shift+Left", "shift+Left")
        try waitUntil("the end selected, offered as PRIMARY") { try served("primary") == ".com" }
        try desk.key("ctrl+x")
        try waitUntil("the end cut") { try served("clipboard") == ".com" }
        try waitUntil("nothing selected: PRIMARY let go") { try served("primary") == nil }
        try desk.key("Return")
        #expect(name.wait(within: 20) == 0)
        #expect(String(decoding: name.read().out, as: UTF8.self) == "alice@example\n")
    }

    /// A middle click after a name's first word pastes the primary selection there (xclip serves
    /// it), as in GTK's entries, not at the caret at the name's end.
    @Test func aMiddleClickPastesWhereItLands() throws {
        let desk = try CallerDesk()
        var (name, dialog, ink) = try Self.username("alice smith", on: desk)
        let (status, _) = try run(["xclip", "-selection", "primary", "-i"], display: desk.display, input: Array("-j".utf8))
        #expect(status == 0)
        // Just right of the first word's last letter (the widest gap between runs of ink is the
        // space): the place after it is the nearest.
        let typed = ink, runs = ink.runs
        let word = runs.indices.dropLast().max { runs[$0 + 1].lowerBound - runs[$0].upperBound
            < runs[$1 + 1].lowerBound - runs[$1].upperBound }!
        try desk.pointer(dialog, x: runs[word].upperBound + 1, y: ink.middleRow, then: "click", "2")
        try waitUntil("the paste drawn, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.picture != typed.picture
        }
        try desk.key("Return")
        #expect(name.wait() == 0)
        #expect(String(decoding: name.read().out, as: UTF8.self) == "alice-j smith\n")
    }

    /// An askpass asking for git's username on `desk`, with `typed` (two words) typed in and
    /// drawn: the caller, its dialog and the entry's ink.
    private static func username(_ typed: String, on desk: CallerDesk) throws -> (Child, CallerDesk.Dialog, EntryInk) {
        let name = try desk.ask("Username for 'https://example.com': ")
        let dialog = try desk.nextDialog()
        try desk.type(typed)
        var ink = try desk.entry(dialog)
        try waitUntil("the name drawn, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.runs.count >= 2
        }
        return (name, dialog, ink)
    }
}
