// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Where an entry shows its characters, its caret stops between what a reader sees as one
/// character each (a letter and its accents, an Indic syllable, a flag), as GTK's entries do
/// at Pango's cursor positions; behind dots it stops between any two characters, one dot each.
@Suite("The caret between clusters of a shown entry")
struct ClusterCaretTests {
    /// ɛ́ (Cameroonian tone marks are typed after their vowel: there is no precomposed form),
    /// a Devanagari syllable, a flag and a skin-toned emoji are one stop each.
    @Test func theArrowsCrossAClusterInOneStep() throws {
        let f = try PinField.entry("a\u{25B}\u{301}b\u{915}\u{93F}\u{1F1EB}\u{1F1F7}\u{1F44D}\u{1F3FD}")
        f.showsCharacters = true
        var stops: [Int] = []
        while f.moveCaret(.back) { stops.append(f.caret) }
        #expect(stops == [8, 6, 4, 3, 1, 0])
        stops = []
        while f.moveCaret(.forward) { stops.append(f.caret) }
        #expect(stops == [1, 3, 4, 6, 8, 10])
        // Selecting with Shift moves the same way.
        _ = f.moveCaret(.start)
        _ = f.moveCaret(.forward)
        #expect(f.moveCaret(.forward, selecting: true) && f.selection == 1..<3)
    }

    /// The control: behind dots every character is a stop, as one dot each is drawn.
    @Test func behindDotsEveryCharacterIsAStop() throws {
        let f = try PinField.entry("a\u{25B}\u{301}b")
        var stops: [Int] = []
        while f.moveCaret(.back) { stops.append(f.caret) }
        #expect(stops == [3, 2, 1, 0])
        _ = f.moveCaret(.end)
        #expect(f.deleteBackward() == [.changed(length: 3)])
        #expect(f.deleteBackward() == [.changed(length: 2)] && f.contents == "a\u{25B}", "one character a press")
    }

    /// BackSpace takes a Latin, Greek or Cyrillic letter with its accents, and one character of
    /// a cluster of another script at a time, the way it was typed (Pango's rule for GTK);
    /// Delete takes the cluster after the caret whole.
    @Test func backSpaceAndDeleteTakeWhatPangoSays() throws {
        for (typed, left, back, result) in [("x\u{25B}\u{301}", 0, true, "x"), ("\u{435}\u{301}", 0, true, ""),
                                            ("\u{3B1}\u{313}\u{301}", 0, true, ""),
                                            ("\u{915}\u{93F}", 0, true, "\u{915}"), ("\u{E01}\u{E34}\u{E48}", 0, true, "\u{E01}\u{E34}"),
                                            ("1\u{20E3}", 0, true, "1"),
                                            ("\u{25B}\u{301}b", 2, false, "b"), ("\u{1F1EB}\u{1F1F7}!", 2, false, "!")] {
            let f = try PinField.entry(typed)
            f.showsCharacters = true
            for _ in 0..<left { _ = f.moveCaret(.back) }
            let events = back ? f.deleteBackward() : f.deleteForward()
            #expect(f.contents == result, "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(events == [.changed(length: result.unicodeScalars.count)] && f.caret == (back ? f.length : 0))
        }
    }

    /// A click on an accent puts the caret beside its letter, the nearer side, never between
    /// them: the places a click may choose are the clusters' ends.
    @Test func aClickLandsBesideACluster() throws {
        let name = try Page.focusedPrompt(.username)
        name.typeText("a\u{25B}\u{301}\u{300}b")
        #expect(name.fields[0].field.caretPlaces == [true, true, false, false, true, true])
        let edges = try #require(name.runEdges(of: 0))
        let y = name.geometry.fields[0].mid.y, x0 = name.geometry.fields[0].x
        for (edge, caret) in [(2, 1), (3, 4)] {
            // Right on the place between ɛ and its accent, or between the two accents: the
            // rough measure gives each character a width, so the nearest place is a cluster's end.
            name.feed([.click(Point(x: x0 + edges[edge], y: y)), .release(Point(x: x0 + edges[edge], y: y))], at: Double(edge))
            #expect(name.fields[0].field.caret == caret)
        }
        // A passphrase shown by the user follows its characters; hidden again, its dots.
        let passphrase = try Page.focusedPrompt(.passphrase)
        passphrase.typeText("\u{25B}\u{301}")
        #expect(passphrase.fields[0].field.caretPlaces == [true, true, true])
        passphrase.fields[0].revealed = true
        #expect(passphrase.fields[0].field.caretPlaces == [true, false, true])
    }
}
