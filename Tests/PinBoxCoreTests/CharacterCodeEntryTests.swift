// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Ctrl+Shift+U and a character's hexadecimal code, as GTK's entries take it.
@Suite("A character typed by its code")
struct CharacterCodeEntryTests {
    /// The code of `digits`, typed one after another.
    private func code(_ digits: UInt32...) -> CharacterCode {
        digits.reduce(CharacterCode()) { $0.adding($1)! }
    }

    /// Presses `keys` after Ctrl+Shift+U, with the modifiers let go; returns every step.
    private func typed(_ keys: [CharacterCodeEntry.Key]) -> (CharacterCodeEntry, [CharacterCodeEntry.Step]) {
        var entry = CharacterCodeEntry()
        var steps = entry.press(.start, held: true) + entry.modifierReleased()
        for key in keys { steps += entry.press(key, held: false) }
        return (entry, steps)
    }

    @Test func onlyControlShiftUBeginsOne() {
        var entry = CharacterCodeEntry()
        #expect(entry.press(.start, held: false) == [.notTaken], "U alone types U")
        #expect(entry.press(.digit(4), held: true) == [.notTaken], "Ctrl+Shift+4 is no code")
        #expect(entry.press(.end, held: false) == [.notTaken])
        #expect(!entry.isUnderWay)
        #expect(entry.press(.start, held: true) == [.code(CharacterCode())])
        #expect(entry.isUnderWay)
    }

    @Test func spaceOrReturnTypesTheCharacterTheDigitsName() {
        let (entry, steps) = typed([.digit(4), .digit(4), .digit(1), .end])
        #expect(steps == [.code(CharacterCode()), .code(code(4)), .code(code(4, 4)), .code(code(4, 4, 1)), .typed("с")])
        #expect(!entry.isUnderWay)
        #expect(typed([.digit(1), .digit(0xf), .digit(6), .digit(0), .digit(0), .end]).1.last == .typed("😀"))
        #expect(typed([.digit(0), .digit(0), .digit(0xe), .digit(9), .end]).1.last == .typed("é"), "leading zeros")
    }

    /// Held from Ctrl+Shift+U over the digits, Control or Shift let go ends the code; let go
    /// before any digit, the digits after need neither, and a later Shift (a capital A) is a
    /// digit's, not the code's end.
    @Test func lettingGoOfTheModifiersEndsACodeTypedWithThemHeld() {
        var held = CharacterCodeEntry()
        _ = held.press(.start, held: true)
        _ = held.press(.digit(4), held: true)
        _ = held.press(.digit(4), held: true)
        _ = held.press(.digit(1), held: true)
        #expect(held.modifierReleased() == [.typed("с")])
        #expect(held.modifierReleased() == [], "the other one's release does nothing more")

        var early = CharacterCodeEntry()
        _ = early.press(.start, held: true)
        #expect(early.modifierReleased() == [])
        _ = early.press(.digit(0xa), held: false)
        #expect(early.modifierReleased() == [], "Shift let go after a capital A")
        #expect(early.isUnderWay)
        #expect(early.press(.end, held: false) == [.typed("\n")])
    }

    @Test func backSpaceTakesBackADigitThenTheSequence() {
        let (entry, steps) = typed([.digit(4), .digit(5), .backSpace])
        #expect(steps.last == .code(code(4)))
        #expect(entry.code == code(4))
        #expect(typed([.digit(4), .backSpace, .backSpace]).1.suffix(2) == [.code(CharacterCode()), .dropped])
    }

    @Test func escapeDropsIt() {
        let (entry, steps) = typed([.digit(4), .escape])
        #expect(steps.last == .dropped)
        #expect(!entry.isUnderWay && entry.code == nil)
    }

    /// A code that names no character, a seventh digit and a key with no place in a code end it,
    /// typing nothing.
    @Test(arguments: [
        [CharacterCodeEntry.Key.end],
        [.digit(0xd), .digit(8), .digit(0), .digit(0), .end],
        [.digit(1), .digit(1), .digit(0), .digit(0), .digit(0), .digit(0), .end],
        [.digit(1), .digit(0), .digit(0), .digit(0), .digit(0), .digit(0), .digit(1)],
        [.digit(4), .other],
        [.digit(4), .start],
    ])
    func whatNamesNoCharacterIsRefused(_ keys: [CharacterCodeEntry.Key]) {
        let (entry, steps) = typed(keys)
        #expect(steps.last == .refused)
        #expect(!entry.isUnderWay)
    }

    /// Ctrl+Shift+U again ends the code typed (as Space would) and begins the next one.
    @Test func controlShiftUAgainBeginsTheNextCode() {
        var entry = CharacterCodeEntry()
        _ = entry.press(.start, held: true)
        _ = entry.press(.digit(4), held: true)
        _ = entry.press(.digit(1), held: true)
        #expect(entry.press(.start, held: true) == [.typed("A"), .code(CharacterCode())])
        #expect(entry.press(.start, held: true) == [.code(CharacterCode())], "with no digit, nothing to end")
        #expect(entry.isUnderWay)
    }

    @Test func theCodeShowsAsGTKShowsIt() {
        #expect(CharacterCode().shown == "u")
        #expect(code(0, 0, 0xe, 9).shown == "u00e9")
        #expect(code(1, 0xf, 6, 0, 0).shown == "u1f600")
        #expect(code(1, 0, 0xf, 0xf, 0xf, 0xf).adding(1) == nil, "six digits at most")
        #expect(CharacterCode().character == nil && code(0).character == "\0")
    }

    @Test func aResetLeavesNoDigitBehind() {
        var (entry, _) = typed([.digit(4), .digit(4)])
        entry.reset()
        #expect(!entry.isUnderWay && entry.code == nil)
        #expect(entry.press(.digit(1), held: false) == [.notTaken])
    }
}
