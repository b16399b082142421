// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// The caret of a prompt's entry moves with Left, Right, Home and End, and what is typed, or
/// taken by BackSpace and Delete, is where it stands: real keys through XTEST, what the real
/// caller received, and the caret read from the window's pixels.
@Suite("Moving the caret of an entry, end to end", .serialized, .endToEnd)
final class CaretMovementEndToEndTests {
    /// git's username typed with a letter left out and its password missing its first letter:
    /// both mended where the letters belong, git gets what the user meant.
    @Test func gitGetsTheNameAndPasswordMendedInTheMiddle() throws {
        let desk = try CallerDesk()
        let git = try desk.gitCredentialFill()

        _ = try desk.nextDialog()
        try desk.type("alce smith")
        try desk.key("ctrl+Left", "Left", "Left", "Left")
        try desk.type("i")
        try desk.key("End", "Return")
        _ = try desk.nextDialog()
        try desk.type("ecret")
        try desk.key("Home")
        try desk.type("s")
        try desk.key("End")
        try desk.type("!")
        try desk.key("Return")

        #expect(git.wait() == 0, "\(String(decoding: git.read().err, as: UTF8.self))")
        #expect(String(decoding: git.read().out, as: UTF8.self)
            == "protocol=https\nhost=git.example.com\nusername=alice smith\npassword=secret!\n")
    }

    /// The caret is drawn where it stands among the dots: after the last as typed, between the
    /// fourth and the fifth after Left twice, and stays there as Delete takes the dot after it.
    @Test func theCaretIsDrawnAmongTheDotsWhereItStands() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
        let dialog = try desk.nextDialog()
        try desk.type("secret")
        /// Waits for a picture of the entry with `dots` dots and its caret on, after `after` of them.
        func caret(after: Int, of dots: Int) throws -> Bool {
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline {
                let ink = try desk.entry(dialog)
                if ink.isDots(dots), let x = ink.caret {
                    let before = after == 0 ? ink.columns.lowerBound : ink.runs[after - 1].upperBound
                    let next = after == dots ? ink.columns.upperBound : ink.runs[after].lowerBound
                    return before < x && x < next
                }
                usleep(50_000)
            }
            return false
        }
        #expect(try caret(after: 6, of: 6), "\((try? desk.entry(dialog))?.description ?? "")")
        try desk.key("Left", "Left")
        #expect(try caret(after: 4, of: 6), "\((try? desk.entry(dialog))?.description ?? "")")
        try desk.key("Delete")
        #expect(try caret(after: 4, of: 5), "\((try? desk.entry(dialog))?.description ?? "")")
        try desk.key("Home")
        #expect(try caret(after: 0, of: 5), "\((try? desk.entry(dialog))?.description ?? "")")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "secrt\n")
    }

    /// A click between the second and the third dot puts the caret there, and one before a
    /// name's first letter puts it at the start: what is typed next goes in there.
    @Test func aClickPutsTheCaretWhereItLands() throws {
        let desk = try CallerDesk()
        for (prompt, typed, gap, then, answer) in [("Enter passphrase for key '/tmp/id':", "secret", 2, "X", "seXcret"),
                                                   ("Username for 'https://example.com': ", "alice", 0, "M", "Malice")] {
            let askpass = try desk.ask(prompt)
            let dialog = try desk.nextDialog()
            try desk.type(typed)
            var ink = try desk.entry(dialog)
            try waitUntil("the entry shows what was typed, last \(ink)") {
                ink = try desk.entry(dialog)
                return ink.runs.count >= (gap == 0 ? 1 : typed.count)
            }
            // Between two dots, or a few pixels left of the first letter's ink.
            try desk.click(dialog, x: gap == 0 ? ink.runs[0].lowerBound - 2 : ink.column(between: gap), y: ink.middleRow)
            try desk.type(then)
            try desk.key("Return")
            #expect(askpass.wait() == 0)
            #expect(String(decoding: askpass.read().out, as: UTF8.self) == answer + "\n")
        }
    }

    /// A Hebrew name is written from the box's right, its caret at its left where the next
    /// letter goes, and Right moves the caret right across the screen, back in the text, as in
    /// GTK's entries: the letter typed then goes in before the last one.
    @Test func aHebrewNameHasItsCaretWhereTheScreenShowsIt() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Username for 'https://example.com': ")
        let dialog = try desk.nextDialog()
        try desk.type("שלום")
        var ink = try desk.entry(dialog)
        try waitUntil("the name's caret at its left") {
            ink = try desk.entry(dialog)
            return !ink.runs.isEmpty && ink.caret.map { $0 < ink.runs[0].lowerBound } == true
        }
        #expect(ink.runs[0].lowerBound > (ink.columns.lowerBound + ink.columns.upperBound) / 2, "at the box's right: \(ink)")
        try desk.key("Right")
        try waitUntil("the caret inside the name") {
            ink = try desk.entry(dialog)
            return ink.caret.map { $0 > ink.runs[0].lowerBound && $0 < ink.runs[ink.runs.count - 1].upperBound } == true
        }
        try desk.type("x")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "שלוxם\n")
    }

    /// A held arrow walks along what is typed as a held BackSpace erases: its repeats are taken,
    /// a held letter's are not.
    @Test func aHeldArrowRepeats() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Username for 'https://example.com': ")
        _ = try desk.nextDialog()
        try desk.type("abcdefgh")
        // Held for a second: the server's auto-repeat sends many more presses than one.
        _ = try run(["xdotool", "keydown", "Left", "sleep", "1", "keyup", "Left"], display: desk.display)
        try desk.type("_")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "_abcdefgh\n")
    }
}
