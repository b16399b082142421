// SPDX-License-Identifier: MIT
import CX11
import CXKB
import PinBoxCore

/// Turns X key presses into `InputEvent`s through libxkbcommon (`Keyboard`): every keysym
/// the server's layouts give to its character (`Cyrillic_ef` → ф, `EuroSign` → €), dead keys
/// and Compose sequences through the compose table, and the editing, focus and paste keys to
/// their commands. It decides nothing: the facts of a press (forged, a repeat) go to the page,
/// which says whether it is taken (`InputPolicy`); the field decides what it accepts.
struct KeyTranslator {
    /// Keycodes currently held down, one bit each (X keycodes are 8–255): a press of a held key
    /// is an auto-repeat (XKB's detectable auto-repeat sends no release in between). Bits, not
    /// a set: a released key leaves no trace of which it was.
    private var held: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// When each key held went down, in the server's milliseconds, for the keys seen going down
    /// (0: not seen, or not held); zeroed in place when the key is let go, so it too keeps no
    /// trace of the keys typed (`AutoRepeat`).
    private var downSince = [UInt32](repeating: 0, count: 256)
    /// A character typed by its code after Ctrl+Shift+U (KeyTranslator+CharacterCode.swift).
    var characterCode = CharacterCodeEntry()

    mutating func release(_ keycode: UInt32) {
        _ = mark(keycode, down: false)
        downSince[Int(keycode & 255)] = 0
    }

    /// A real key let go: held, and any code under way told of it (`codeKeyReleased`).
    /// `composing` is whether the page still has a sequence half-typed.
    mutating func letGo(_ keycode: UInt32, modifiers: UInt32, composing: Bool, keyboard: Keyboard,
                        emit: (InputEvent) -> Void) {
        release(keycode)
        if !composing { characterCode.reset() }
        codeKeyReleased(keycode, modifiers: modifiers, keyboard: keyboard, emit: emit)
    }

    /// Whether a release of `keycode` at `time`, with a press of it queued behind at the same
    /// moment, is its auto-repeat (`AutoRepeat`) rather than typing.
    func repeats(_ keycode: UInt32, releasedAt time: UInt32) -> Bool {
        let since = downSince[Int(keycode & 255)]
        return AutoRepeat.isRepeat(downSince: since == 0 ? nil : since, releasedAt: time)
    }

    /// The keys down before the window could have the keyboard (XQueryKeymap's bits, one a
    /// keycode) are held: their repeats are dropped until they are let go. A key held since
    /// before the dialog (Return from the terminal that started it, a key stuck down) does not
    /// answer it.
    mutating func hold(_ keys: UnsafeRawBufferPointer) {
        withUnsafeMutableBytes(of: &held) { raw in
            for i in 0..<min(raw.count, keys.count) { raw[i] |= keys[i] }
        }
    }

    /// Only keys down now stay held: one let go while another window had the keyboard sent this
    /// one no release. (Never the other way: a key down now whose press is still queued is not
    /// held yet, and its press must not be taken for a repeat.)
    mutating func keepHeld(only keys: UnsafeRawBufferPointer) {
        withUnsafeMutableBytes(of: &held) { raw in
            for i in 0..<min(raw.count, keys.count) { raw[i] &= keys[i] }
        }
        for keycode in 0..<UInt32(downSince.count) where !isDown(keycode) { downSince[Int(keycode)] = 0 }
    }

    /// One key held: its next press is a repeat.
    mutating func hold(_ keycode: UInt32) {
        _ = mark(keycode, down: true)
    }

    /// Which of the four words holds `keycode`'s bit, and the bit.
    private static func place(of keycode: UInt32) -> (word: Int, bit: UInt64) {
        (Int(keycode >> 6 & 3), UInt64(1) << UInt64(keycode & 63))
    }

    /// Whether `keycode` is held.
    private func isDown(_ keycode: UInt32) -> Bool {
        let (word, bit) = Self.place(of: keycode)
        return withUnsafeBytes(of: held) { $0.bindMemory(to: UInt64.self)[word] & bit != 0 }
    }

    /// Marks `keycode` down or up; returns whether it was down before.
    private mutating func mark(_ keycode: UInt32, down: Bool) -> Bool {
        let was = isDown(keycode)
        let (word, bit) = Self.place(of: keycode)
        withUnsafeMutableBytes(of: &held) { raw in
            let words = raw.bindMemory(to: UInt64.self)
            words[word] = down ? words[word] | bit : words[word] & ~bit
        }
        return was
    }

    /// Translates a key press and hands each input it makes to `emit`, as it is made: nothing
    /// typed is kept here but the code of a character under way. `modifiers` is the event's
    /// state field, `synthetic` whether another client forged it; `admits` is the page's verdict
    /// on the press's facts; `composing` whether the page still has a sequence half-typed (one
    /// it ended, a click or the focus moving, is forgotten here too).
    mutating func press(_ keycode: UInt32, modifiers: UInt32, synthetic: Bool, time: UInt32, keyboard: Keyboard,
                        composing: Bool, admits: (PressFacts) -> Bool, emit: (InputEvent) -> Void) {
        if !composing { characterCode.reset() }
        // A forged press changes nothing held: the keys down are the real keyboard's, and the
        // user's next press of that key is no repeat.
        let isRepeat = synthetic ? isDown(keycode) : mark(keycode, down: true)
        // A repeat's press keeps the time the key first went down.
        if !synthetic && !isRepeat { downSince[Int(keycode & 255)] = time }
        // A forged key is refused as forged whatever its keycode holds: one on a key that types
        // nothing would otherwise count as the user's and be refused for what it does not type.
        guard let keysym = keyboard.keysym(keycode, modifiers: modifiers) else {
            return emit(synthetic && !admits(PressFacts(synthetic: true)) ? .forgedKey : .otherKey)
        }
        let facts = PressFacts(synthetic: synthetic, isRepeat: isRepeat, erases: Self.erases(keysym),
                               movesCaret: Self.movesCaret(keysym))
        guard !Self.isModifier(keysym) else { return }
        // A forged key refused is said: its program's keys would otherwise vanish without a word.
        guard admits(facts) else { return synthetic ? emit(.forgedKey) : () }
        let control = modifiers & UInt32(ControlMask) != 0
        let shift = modifiers & UInt32(ShiftMask) != 0
        let alt = modifiers & UInt32(Mod1Mask) != 0
        let superKey = modifiers & UInt32(Mod4Mask) != 0
        // Ctrl+V, Alt or Super and a letter on a key of a Cyrillic or Greek layout: the key's
        // Latin letter in another layout is what the shortcut means.
        let shortcut = control || alt || superKey ? keyboard.shortcutKeysym(keysym, keycode: keycode, modifiers: modifiers)
            : keysym
        // Super and a key is the desktop's or the window manager's shortcut, held back while the
        // prompt holds the keyboard: it types nothing and presses nothing (Super+Return, an i3
        // user's terminal, must not submit), but the layout's shortcuts switch the layout, as
        // the desktop would have.
        if superKey { return emit(Self.desktopShortcut(shortcut, shift: shift, alt: alt)) }
        let character = keyboard.character(keysym)
        // Ctrl+Shift+U, and the keys of the code it begins.
        if typeByCode(shortcut, keycode: keycode, modifiers: modifiers, keyboard: keyboard, emit: emit) { return }
        // Alt and a letter is a mnemonic, which answers in any of the keymap's layouts.
        let others = alt && !control ? keyboard.charactersInOtherLayouts(keycode, modifiers: modifiers) : []
        if let command = Self.command(shortcut, character: character, control: control, shift: shift, alt: alt,
                                      otherLayouts: others) {
            return emit(command)
        }
        // A key that types, or a dead or Compose key: through the compose table.
        switch keyboard.composer(for: keysym)?.feed(keysym) ?? .none {
        case .none:
            guard let character else { return emit(Self.untyped(keysym)) }
            // A key marked with a digit that types something else here (AZERTY's &): the
            // page decides which of the two the entry takes.
            if AcceptedCharacters.digits.stored(character) == nil,
               let digit = keyboard.digitAtOtherShiftLevel(keycode, modifiers: modifiers) {
                emit(.characterOnDigitKey(character, digit: digit, digitNeedsShift: !shift))
            } else {
                emit(.character(character))
            }
        case .started:
            emit(.composeStarted)
        case .continued:
            break
        case .cancelled:
            emit(.composeCancelled)
        case .composed:
            var typed = false
            keyboard.composer?.withText { text in
                Self.decode(text) { scalar in
                    typed = true
                    emit(.character(scalar))
                }
            }
            if !typed { emit(.composeCancelled) }
        }
    }

    /// The command a key gives, or nil for a key that types (or begins a sequence); `character`
    /// is what the key types on its own in the active layout, `otherLayouts` what it types in
    /// the keymap's others. Alt and a letter is a button's mnemonic; Control and Alt with
    /// anything else type nothing.
    static func command(_ keysym: UInt32, character: Unicode.Scalar?, control: Bool, shift: Bool,
                        alt: Bool, otherLayouts: [Unicode.Scalar] = []) -> InputEvent? {
        let ks = Int32(truncatingIfNeeded: keysym)
        // Another layout's Latin letter counts only on a key of another script (Alt and the key
        // of O on a Russian layout answers `_OK`, the key of H on a Thai one `_Hide`): with US
        // and German layouts Y and Z trade places, with Dvorak the semicolon or the Ö is S, and
        // Alt and such a key must not press a button whose letter it does not show.
        let otherScript = character.map(Self.isOfAnotherScript) ?? false
        let letters = ([character].compactMap { $0 } + otherLayouts.filter { otherScript || !Keymap.isLatinLetter($0.value) })
            .filter { $0.properties.isAlphabetic }
        if alt && !control, let letter = letters.first {
            var others: [Unicode.Scalar] = []
            for other in letters.dropFirst() where other != letter && !others.contains(other) { others.append(other) }
            return .mnemonic(letter, otherLayouts: others)
        }
        switch ks {
        case XK_BackSpace where control:
            return .deleteWordBackward
        case XK_BackSpace:
            return .deleteBackward
        case XK_Delete where control, XK_KP_Delete where control:
            return .deleteWordForward
        case XK_Delete where shift, XK_KP_Delete where shift:
            return .cut
        case XK_Delete, XK_KP_Delete:
            return .deleteForward
        case XK_Left where !alt, XK_Right where !alt, XK_Home where !alt, XK_End where !alt:
            let move: CaretMove = switch ks {
            case XK_Left: control ? .wordBack : .back
            case XK_Right: control ? .wordForward : .forward
            case XK_Home: .start
            default: .end
            }
            return shift ? .extendSelection(move) : .moveCaret(move)
        case _ where selectsAll(keysym, control: control):
            return .selectAll
        case XK_u where control, XK_U where control:
            return .clearField
        case XK_v where control, XK_V where control:
            return .pasteRequest(.clipboard, at: nil)
        case XK_c where control, XK_C where control, XK_Insert where control, XK_KP_Insert where control:
            return .copy
        case XK_x where control, XK_X where control:
            return .cut
        case XK_Insert where shift, XK_KP_Insert where shift:
            return .pasteRequest(.clipboard, at: nil)
        case XK_Up where !alt, XK_Down where !alt:
            return .verticalMove(ks == XK_Up ? -1 : 1)
        case XK_Menu:
            return .contextMenu(nil)
        case XK_F10 where shift:
            return .contextMenu(nil)
        case XK_Escape:
            return .escape
        case XK_Return, XK_KP_Enter:
            return .submit
        case XK_Tab where shift, XK_ISO_Left_Tab:
            return .focusPrevious
        case XK_Tab:
            return .focusNext
        case XK_Print:
            return .screenshot
        case XK_F1...XK_F8, XK_Pause:
            return workbench(ks).map { .workbench($0) } ?? .otherKey
        case _ where control || alt:
            // Ctrl+Alt+Left is a window manager's shortcut the grab held back; Ctrl+B is a
            // shortcut the entry refuses.
            return character == nil && typesNothing(keysym) ? .nonTypingKey : .otherKey
        default:
            return nil
        }
    }

    /// What Super and a key means here: Super+Space (GNOME's default) the next layout, with
    /// Shift the one before; Super+Alt+K (Plasma's default) the next one; anything else, a
    /// shortcut that is not the prompt's.
    static func desktopShortcut(_ keysym: UInt32, shift: Bool, alt: Bool) -> InputEvent {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_space, XK_KP_Space: .switchLayout(forward: !shift)
        case XK_k where alt, XK_K where alt: .switchLayout(forward: true)
        default: .nonTypingKey
        }
    }

    /// A character of a script other than Latin (Greek, Cyrillic, Thai and the rest, their marks
    /// included): not ASCII, Latin-1 or Latin Extended, nor punctuation or a symbol of the
    /// general blocks, which Latin layouts type.
    static func isOfAnotherScript(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        return v >= 0x370 && !(0x1E00...0x1EFF).contains(v) && !(0x2000...0x2BFF).contains(v)
    }

    /// The workbench keys (`Workbench.keys`): function keys, which no PIN needs.
    static func workbench(_ ks: Int32) -> WorkbenchAction? {
        switch ks {
        case XK_F1: .help
        case XK_F2: .slowMotion
        case XK_F3, XK_Pause: .pause
        case XK_F4: .stepBackward
        case XK_F5: .stepForward
        case XK_F6: .guides
        case XK_F7: .cycleTheme
        case XK_F8: .record
        default: nil
        }
    }

    /// BackSpace and Delete: the keys whose repeats are taken.
    static func erases(_ keysym: UInt32) -> Bool {
        let ks = Int32(truncatingIfNeeded: keysym)
        return ks == XK_BackSpace || ks == XK_Delete || ks == XK_KP_Delete
    }

    /// Ctrl+A: selects all of an entry.
    static func selectsAll(_ keysym: UInt32, control: Bool) -> Bool {
        control && (keysym == UInt32(XK_a) || keysym == UInt32(XK_A))
    }

    /// Left, Right, Home and End: the keys that move an entry's caret, whose repeats are taken.
    static func movesCaret(_ keysym: UInt32) -> Bool {
        [XK_Left, XK_Right, XK_Home, XK_End].contains(Int32(truncatingIfNeeded: keysym))
    }

    /// What a key that makes no character is: a key that never types, a digit's key of the
    /// keypad with Num Lock off (KP_Home for 7 to KP_Insert for 0), or a key refused.
    static func untyped(_ keysym: UInt32) -> InputEvent {
        if typesNothing(keysym) { return .nonTypingKey }
        return (XK_KP_Home...XK_KP_Insert).contains(Int32(truncatingIfNeeded: keysym)) ? .keypadWithoutNumLock : .otherKey
    }

    /// Whether a key never types, whatever the layout: the function keys' block (arrows, Home,
    /// F9, Menu), the vendor keys' (volume, brightness, XF86's), and VoidSymbol. Not the keypad:
    /// with Num Lock off its digit keys are KP_End and the like, and a PIN typed on them must
    /// be refused where it can be seen. A keysym of any other block names a character.
    static func typesNothing(_ keysym: UInt32) -> Bool {
        let keypad: ClosedRange<UInt32> = 0xff80...0xffbd
        return ((0xfd00...0xffff).contains(keysym) && !keypad.contains(keysym))
            || (0x1008_0000...0x1008_ffff).contains(keysym) || keysym == 0xff_ffff
    }

    /// Shift, Control, Alt, Super, the locks and the level shifts: pressed on their way to
    /// another key, never refused. (Multi_key, the Compose key, is not one: it begins a sequence.)
    static func isModifier(_ keysym: UInt32) -> Bool {
        let ks = Int32(truncatingIfNeeded: keysym)
        return (XK_Shift_L...XK_Hyper_R).contains(ks) || (0xfe01...0xfe0f).contains(ks)
            || ks == XK_Num_Lock || ks == XK_Mode_switch || ks == XK_Scroll_Lock
    }

    /// Each character of UTF-8 `text` (a compose table's result), in order; malformed bytes
    /// make none.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, _ body: (Unicode.Scalar) -> Void) {
        var i = 0
        while i < text.count {
            let lead = text[i]
            let (length, initial): (Int, UInt32) = switch lead {
            case 0..<0x80: (1, UInt32(lead))
            case 0xc2..<0xe0: (2, UInt32(lead & 0x1f))
            case 0xe0..<0xf0: (3, UInt32(lead & 0x0f))
            case 0xf0..<0xf5: (4, UInt32(lead & 0x07))
            default: (0, 0)
            }
            guard length > 0, i + length <= text.count else { return }
            var value = initial
            for k in 1..<length {
                let b = text[i + k]
                guard b & 0xc0 == 0x80 else { return }
                value = value << 6 | UInt32(b & 0x3f)
            }
            guard let scalar = Unicode.Scalar(value) else { return }
            body(scalar)
            i += length
        }
    }
}
