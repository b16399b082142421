// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// Ctrl+Shift+U and the keys of a character's code after it (`CharacterCodeEntry`): which key is
/// what to the code is read here from the keymap; the rules are the core's.
extension KeyTranslator {
    /// Hands a press to the code under way, or to the one Ctrl+Shift+U begins; returns whether
    /// it was taken. `keysym` is the key's, or its Latin letter's on a layout of another script.
    mutating func typeByCode(_ keysym: UInt32, keycode: UInt32, modifiers: UInt32, keyboard: Keyboard,
                             emit: (InputEvent) -> Void) -> Bool {
        let held = modifiers & UInt32(ControlMask | ShiftMask) == UInt32(ControlMask | ShiftMask)
        guard characterCode.isUnderWay || held else { return false }
        let key = Self.codeKey(keysym, keycode: keycode, modifiers: modifiers, keyboard: keyboard)
        let steps = characterCode.press(key, held: held)
        if key == .start, characterCode.isUnderWay { keyboard.composer?.reset() }
        for step in steps { Self.emit(step, for: key, emit) }
        return steps != [.notTaken]
    }

    /// A key let go while a code is under way: Control or Shift, held since Ctrl+Shift+U, end it.
    mutating func codeKeyReleased(_ keycode: UInt32, modifiers: UInt32, keyboard: Keyboard, emit: (InputEvent) -> Void) {
        guard characterCode.isUnderWay, let keysym = keyboard.keysym(keycode, modifiers: modifiers) else { return }
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Control_L, XK_Control_R, XK_Shift_L, XK_Shift_R:
            for step in characterCode.modifierReleased() { Self.emit(step, for: .other, emit) }
        default:
            break
        }
    }

    /// What a step tells the page. A sequence dropped by Escape or BackSpace is that key, which
    /// the page takes as ending a half-typed sequence and nothing more (`Page.endComposing`).
    private static func emit(_ step: CharacterCodeEntry.Step, for key: CharacterCodeEntry.Key,
                             _ emit: (InputEvent) -> Void) {
        switch step {
        case .notTaken: break
        case .code(let code): emit(.characterCode(code))
        case .typed(let character): emit(.character(character))
        case .dropped: emit(key == .escape ? .escape : .deleteBackward)
        case .refused: emit(.composeCancelled)
        }
    }

    /// What a key is to a code: U, Space and Return, BackSpace, Escape, or a hexadecimal digit,
    /// which the key may give in another of its levels (with Control and Shift held, the key
    /// of 4 gives $; on a French layout the digits are shifted) or, on a layout of another
    /// script, as its Latin letter in another layout (a…f on a Russian one).
    static func codeKey(_ keysym: UInt32, keycode: UInt32, modifiers: UInt32, keyboard: Keyboard)
        -> CharacterCodeEntry.Key {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_U, XK_u: return .start
        case XK_space, XK_KP_Space, XK_Return, XK_KP_Enter, XK_ISO_Enter: return .end
        case XK_BackSpace: return .backSpace
        case XK_Escape: return .escape
        default: break
        }
        if let digit = hexDigit(keyboard.character(keysym)) { return .digit(digit) }
        let plain = modifiers & ~UInt32(ControlMask | ShiftMask)
        for level in [plain, plain | UInt32(ShiftMask)] {
            if let digit = keyboard.keysym(keycode, modifiers: level).flatMap(keyboard.character).flatMap(hexDigit) {
                return .digit(digit)
            }
        }
        if let own = keyboard.character(keysym), isOfAnotherScript(own),
           let digit = keyboard.latinLetter(keycode, modifiers: plain).flatMap(keyboard.character).flatMap(hexDigit) {
            return .digit(digit)
        }
        return .other
    }

    /// 0…9, a…f and A…F: their values.
    static func hexDigit(_ c: Unicode.Scalar?) -> UInt32? {
        guard let v = c?.value else { return nil }
        switch v {
        case 0x30...0x39: return v - 0x30
        case 0x41...0x46: return v - 0x37
        case 0x61...0x66: return v - 0x57
        default: return nil
        }
    }
}
