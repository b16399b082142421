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

    /// A passphrase the user chose to show takes a click as a name does, measured where it lies:
    /// the caret goes between the letters the click lands between, and what is typed goes in
    /// there; a double click selects the word it lands on, typed over in turn. The measuring
    /// leaves no copy behind: none of the passphrases is in the askpass's memory at its exit.
    @Test func aClickInAShownPassphrasePutsTheCaretThere() throws {
        let desk = try CallerDesk()
        for (typed, word, then, answer) in [("Zq8v3Kp", nil, "W", "ZqW8v3Kp"), ("correct horze", 1, "horse", "correct horse")] {
            let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
            let dialog = try desk.nextDialog()
            let scan = try MemoryScan(pid: askpass.pid, markers: [typed, answer])
            try desk.type(typed)
            try desk.key("alt+s")
            let letters = typed.filter { $0 != " " }.count
            var ink = try desk.entry(dialog)
            try waitUntil("the passphrase shown, \(ink)") {
                ink = try desk.entry(dialog)
                return ink.runs.count == letters && !ink.isDots(letters)
            }
            #expect(try scan.now() >= 1, "the control: the passphrase is found in memory while held")
            if let word {
                // The middle of the word's letters (the widest gap between runs of ink is the space).
                let runs = ink.runs
                let space = runs.indices.dropLast().max { runs[$0 + 1].lowerBound - runs[$0].upperBound
                    < runs[$1 + 1].lowerBound - runs[$1].upperBound }!
                let letter = word == 0 ? space / 2 : (space + 1 + runs.count) / 2
                try desk.pointer(dialog, x: (runs[letter].lowerBound + runs[letter].upperBound) / 2, y: ink.middleRow,
                                 then: "click", "--repeat", "2", "--delay", "80", "1")
            } else {
                try desk.click(dialog, x: ink.column(between: 2), y: ink.middleRow)
            }
            try desk.type(then)
            try desk.key("Return")
            #expect(try scan.atExit() == 0, "copies of \(typed) or \(answer) at the exit")
            #expect(askpass.wait() == 0)
            #expect(String(decoding: askpass.read().out, as: UTF8.self) == answer + "\n")
        }
    }

    /// In a name longer than its box, Home shows its start; a click in the middle of the box
    /// puts the caret there and leaves the text where it stands, as in GTK's entry: the letter
    /// typed then goes in where the pointer was, the letters before it where they were.
    @Test func aLongNameStandsStillUnderThePointer() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Username for 'https://example.com': ")
        let dialog = try desk.nextDialog()
        let typed = String(repeating: "o", count: 90)
        try desk.type(typed)
        try desk.key("Home")
        var ink = try desk.entry(dialog)
        // Its first letter whole after the padding, its letters running past the box's right.
        try waitUntil("the name's start in view, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.runs.count > 20 && ink.runs[0].lowerBound - ink.columns.lowerBound >= 5
                && ink.columns.upperBound - ink.runs[ink.runs.count - 1].upperBound <= 3
        }
        let start = ink
        // The first gap between two letters past the box's middle: `k` letters before it.
        let middle = (ink.columns.lowerBound + ink.columns.upperBound) / 2
        let k = try #require((1..<ink.runs.count).first { ink.column(between: $0) > middle })
        try desk.click(dialog, x: ink.column(between: k), y: ink.middleRow)
        try desk.type("W")
        // The W: a run of ink wider than an o's.
        try waitUntil("the W drawn whole where the pointer was, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.runs.contains { $0.count > start.runs[1].count + 2 }
        }
        #expect(Array(ink.runs[1..<k]) == Array(start.runs[1..<k]) && ink.runs[k].count > start.runs[k].count + 2,
                "the letters before it stood still: \(start.runs) then \(ink.runs)")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        var expected = Array(typed)
        expected.insert("W", at: k)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == String(expected) + "\n")
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

    /// A Cameroonian name's tone marks, typed after their vowels (ɛ́ and ɔ̀ have no precomposed
    /// form), go with them: BackSpace takes ɔ̀ whole and Left crosses ɛ́ in one press, as in GTK's
    /// entries. The control: a Devanagari syllable loses only its vowel sign to BackSpace, the
    /// way it was typed, before and after.
    @Test func aToneMarkStaysWithItsVowel() throws {
        let desk = try CallerDesk()
        for (typed, keys, then, answer) in [("\u{25B}\u{301}b\u{254}\u{300}", ["BackSpace", "Left", "Left"], "x", "x\u{25B}\u{301}b"),
                                            ("\u{915}\u{93F}", ["BackSpace"], "", "\u{915}")] {
            let askpass = try desk.ask("Username for 'https://example.com': ")
            _ = try desk.nextDialog()
            try desk.type(typed)
            try desk.key(keys)
            if !then.isEmpty { try desk.type(then) }
            try desk.key("Return")
            #expect(askpass.wait() == 0)
            #expect(String(decoding: askpass.read().out, as: UTF8.self).unicodeScalars.map { $0.value }
                == (answer + "\n").unicodeScalars.map { $0.value })
        }
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
