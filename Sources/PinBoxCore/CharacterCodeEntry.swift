// SPDX-License-Identifier: MIT
/// A character typed by its Unicode code, as GTK's entries take it (GtkIMContextSimple): Ctrl+
/// Shift+U, then the code's hexadecimal digits, then Space or Return — Ctrl+Shift+U 4 4 1
/// Space types с. It is how a passphrase's character that no layout of the user's keyboard has
/// is typed where no input method may see the keys, which a passphrase's never do.
///
/// The digits may be typed with Control and Shift still held: letting go of them then ends the
/// code. Let go before any digit, they are not needed after. BackSpace takes back a digit (the
/// sequence, with none left); Escape drops the sequence. A code that names no character, a
/// seventh digit or any other key ends it typing nothing, refused as a dead key's sequence
/// the compose table has no character for is (where GTK rings and goes on, a sequence typed
/// into dots that the user cannot see would go on unnoticed).
public struct CharacterCodeEntry: Sendable {
    /// What a key is to the sequence, as the window system reads it.
    public enum Key: Equatable, Sendable {
        /// U (Ctrl+Shift+U when the modifiers are held).
        case start
        /// A key that gives a hexadecimal digit (0…15) in any of its levels: with Control and
        /// Shift held, the key of 4 gives $.
        case digit(UInt32)
        /// Space or Return.
        case end
        case backSpace
        case escape
        case other
    }

    /// What a key did.
    public enum Step: Equatable, Sendable {
        /// Not part of a sequence: the key does what it does.
        case notTaken
        /// A sequence began, or its code changed: the code so far.
        case code(CharacterCode)
        /// The code ended with the character it names.
        case typed(Unicode.Scalar)
        /// The sequence ended with nothing typed, as the user asked (Escape, BackSpace past its
        /// start).
        case dropped
        /// The sequence ended with nothing typed: its code names no character, or the key has
        /// no place in it.
        case refused
    }

    /// A sequence is under way.
    public private(set) var isUnderWay = false
    /// Its code so far: zero again once it ends, so no digit of it stays behind.
    private var typed = CharacterCode()
    /// The code typed so far; nil when no sequence is under way.
    public var code: CharacterCode? { isUnderWay ? typed : nil }
    /// Control and Shift were let go before any digit: the keys after need neither.
    private var modifiersLetGo = false

    public init() {}

    /// A key pressed, with `held` telling whether Control and Shift were both down: only then
    /// does U begin a sequence.
    public mutating func press(_ key: Key, held: Bool) -> [Step] {
        guard isUnderWay else {
            guard key == .start, held else { return [.notTaken] }
            return [begin()]
        }
        let code = typed
        switch key {
        case .start where held:
            // Another code begins: the one typed ends first, as Space would end it.
            return code.digits == 0 ? [begin()] : [finish(code), begin()]
        case .digit(let digit):
            guard let longer = code.adding(digit) else { return [refuse()] }
            typed = longer
            return [.code(longer)]
        case .backSpace:
            guard code.digits > 0 else { return [drop()] }
            typed = code.droppingLast()
            return [.code(typed)]
        case .escape:
            return [drop()]
        case .end:
            return [finish(code)]
        case .start, .other:
            return [refuse()]
        }
    }

    /// Control or Shift let go: held since Ctrl+Shift+U and over digits, the code ends.
    public mutating func modifierReleased() -> [Step] {
        guard isUnderWay, !modifiersLetGo else { return [] }
        guard typed.digits > 0 else {
            modifiersLetGo = true
            return []
        }
        return [finish(typed)]
    }

    /// Forgets the sequence: the page ended it (the focus moved, a click).
    public mutating func reset() {
        (isUnderWay, typed, modifiersLetGo) = (false, CharacterCode(), false)
    }

    private mutating func begin() -> Step {
        reset()
        isUnderWay = true
        return .code(typed)
    }

    private mutating func finish(_ code: CharacterCode) -> Step {
        reset()
        return code.character.map { .typed($0) } ?? .refused
    }

    private mutating func refuse() -> Step {
        reset()
        return .refused
    }

    private mutating func drop() -> Step {
        reset()
        return .dropped
    }
}
