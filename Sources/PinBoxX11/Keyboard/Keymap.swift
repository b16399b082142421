// SPDX-License-Identifier: MIT
import CXKB

/// The X server's keymap compiled by libxkbcommon, for looking keys up: a keycode and the
/// modifiers and group it was typed with give a keysym, as the server's own layouts define it
/// (a Russian layout's keys give `Cyrillic_ef`, a dead key `dead_acute`).
final class Keymap {
    private let xkb: pinbox_xkb_library
    private let keymap: OpaquePointer
    /// The state lookups are made in: set from each key event's own modifiers and group, so a
    /// key is read as it was typed, whatever happened since.
    private let lookup: OpaquePointer

    /// The keymap of the core keyboard on `connection`; nil when the server has no usable XKB.
    init?(_ xkb: pinbox_xkb_library, context: OpaquePointer, connection: OpaquePointer, device: Int32) {
        guard let keymap = xkb.xkb_x11_keymap_new_from_device(context, connection, device,
                                                              XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return nil }
        guard let lookup = xkb.xkb_state_new(keymap) else {
            xkb.xkb_keymap_unref(keymap)
            return nil
        }
        self.xkb = xkb
        self.keymap = keymap
        self.lookup = lookup
    }

    deinit {
        xkb.xkb_state_unref(lookup)
        xkb.xkb_keymap_unref(keymap)
    }

    /// The keysym of `keycode` typed with the core state `modifiers` of its X event (the eight
    /// modifiers in the low byte, the group in bits 13–14). Caps Lock's capitals included.
    func keysym(_ keycode: UInt32, modifiers: UInt32) -> UInt32 {
        _ = xkb.xkb_state_update_mask(lookup, modifiers & 0xff, 0, 0, 0, 0, (modifiers >> 13) & 3)
        return xkb.xkb_state_key_get_one_sym(lookup, keycode)
    }

    /// The Latin letter `keycode` gives in another group than its event's, with the same
    /// modifiers: what a shortcut (Ctrl+V) or a mnemonic means on a key of a Cyrillic or Greek
    /// layout, as GTK reads it. The first group that has one; nil when none does.
    func latinLetter(_ keycode: UInt32, modifiers: UInt32) -> UInt32? {
        keysymsInOtherGroups(keycode, modifiers: modifiers).first(where: Self.isLatinLetter)
    }

    /// The keysyms `keycode` gives in every group but its event's, with the same modifiers, in
    /// group order: what a mnemonic may mean in the keymap's other layouts.
    func keysymsInOtherGroups(_ keycode: UInt32, modifiers: UInt32) -> [UInt32] {
        let active = (modifiers >> 13) & 3
        return (0..<min(4, xkb.xkb_keymap_num_layouts(keymap))).filter { $0 != active }.map { group in
            _ = xkb.xkb_state_update_mask(lookup, modifiers & 0xff, 0, 0, 0, 0, group)
            return xkb.xkb_state_key_get_one_sym(lookup, keycode)
        }
    }

    /// a…z and A…Z: their keysyms are their ASCII codes.
    static func isLatinLetter(_ keysym: UInt32) -> Bool {
        (0x41...0x5a).contains(keysym) || (0x61...0x7a).contains(keysym)
    }

    /// The names the keymap gives its layouts ("English (US)", "Russian"), in group order.
    var layoutNames: [String] {
        (0..<xkb.xkb_keymap_num_layouts(keymap)).map { i in
            xkb.xkb_keymap_layout_get_name(keymap, i).map { String(cString: $0) } ?? ""
        }
    }
}
