import CX11
import PinBoxCore

/// Turns X key presses into `InputEvent`s: digits from the top row and the keypad, the
/// editing and focus keys, paste shortcuts; a held key's repeats are dropped (only BackSpace
/// repeats, so a long press can erase).
struct KeyTranslator {
    /// Keycodes currently held down: a press of a held key is an auto-repeat (XKB's
    /// detectable auto-repeat sends no release in between).
    private var held = Set<UInt32>()

    mutating func release(_ event: XKeyEvent) {
        held.remove(event.keycode)
    }

    /// The event for a key press, or nil for keys that mean nothing on their own (Shift, a
    /// repeat of a held digit).
    mutating func press(_ event: XKeyEvent) -> InputEvent? {
        var copy = event
        var keysym: KeySym = 0
        // XLookupString applies Shift and NumLock: KP_1 with NumLock on, KP_End without. Only
        // the keysym is asked for: no text buffer, so no stray copy of a typed digit is left.
        _ = XLookupString(&copy, nil, 0, &keysym, nil)
        let isRepeat = !held.insert(event.keycode).inserted
        let ks = Int32(truncatingIfNeeded: keysym)
        let control = event.state & UInt32(ControlMask) != 0
        let shift = event.state & UInt32(ShiftMask) != 0
        let alt = event.state & UInt32(Mod1Mask) != 0

        if Self.isModifier(ks) { return nil }
        if isRepeat && ks != XK_BackSpace { return nil }
        if alt && !control, let c = Self.character(ks), c.properties.isAlphabetic { return .mnemonic(c) }
        switch ks {
        case XK_KP_0...XK_KP_9 where !control && !alt:
            return .character(Unicode.Scalar(UInt8(0x30 + ks - XK_KP_0)))
        case _ where !control && !alt && Self.character(ks) != nil:
            // The field decides whether it takes it: digits only, ASCII, or any text.
            return .character(Self.character(ks)!)
        case XK_BackSpace, XK_Delete, XK_KP_Delete:
            return .deleteBackward
        case XK_u where control, XK_U where control:
            return .clearField
        case XK_v where control, XK_V where control:
            return .pasteRequest(.clipboard, at: nil)
        case XK_c where control, XK_C where control:
            return .copy
        case XK_Insert where shift, XK_KP_Insert where shift:
            return .pasteRequest(.clipboard, at: nil)
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
            return Self.workbench(ks).map { .workbench($0) } ?? .otherKey
        default:
            return .otherKey
        }
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

    /// Xlib fetches the keyboard map and reads its locale files (some 150 kB) on the first
    /// XLookupString: a round trip and about a millisecond of work that would otherwise delay
    /// the first key typed. Called once the window is up, with a made-up press that goes nowhere.
    static func prepare(_ display: OpaquePointer) {
        var event = XKeyEvent()
        event.type = KeyPress
        event.display = display
        event.keycode = UInt32(XKeysymToKeycode(display, KeySym(XK_0)))
        var keysym: KeySym = 0
        _ = XLookupString(&event, nil, 0, &keysym, nil)
    }

    /// The character a keysym types, if it types one: Latin-1 keysyms are their code points,
    /// and keysyms 0x1000100 and up are Unicode (how xkb and xdotool give any other character).
    /// Legacy keysyms of other scripts are not mapped; their layouts send Unicode keysyms today.
    static func character(_ ks: Int32) -> Unicode.Scalar? {
        switch ks {
        case 0x20...0x7e, 0xa0...0xff: return Unicode.Scalar(UInt32(ks))
        case 0x0100_0100...0x0110_ffff: return Unicode.Scalar(UInt32(ks) - 0x0100_0000)
        default: return nil
        }
    }

    /// Shift, Control, Alt, Super, the locks and the level shifts: pressed on their way to
    /// another key, never refused.
    private static func isModifier(_ ks: Int32) -> Bool {
        (XK_Shift_L...XK_Hyper_R).contains(ks) || (0xfe01...0xfe0f).contains(ks)
            || ks == XK_Num_Lock || ks == XK_Mode_switch || ks == XK_Scroll_Lock
    }
}
