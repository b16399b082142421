// SPDX-License-Identifier: MIT
import CX11
import Foundation

/// Runs xdotool on `display`, with the keys its `key`, `keydown`, `keyup` and `type` commands
/// press that the keymap lacks put on spare keys first (`XClient.putOnSpareKeys`).
///
/// xdotool types such a key by binding its keysym to a spare keycode just before the press and
/// taking it back just after. A client that reads the keymap later than that (a loaded machine,
/// a window manager re-grabbing its keys at every keymap change) finds a key with no symbol, and
/// the character is lost: x11-ssh-askpass loses it as PinBox does. Bound once beforehand, while
/// the dialog is up, the keymap changes before the keys rather than around each of them.
func xdotool(_ arguments: [String], display: String) throws {
    let keysyms = XdotoolKeys.keysyms(pressedBy: arguments)
    if !keysyms.isEmpty { try XClient(display).putOnSpareKeys(keysyms) }
    let (status, _) = try run(["xdotool"] + arguments, display: display)
    guard status == 0 else { throw TestFailure("xdotool \(arguments) failed with \(status)") }
}

enum XdotoolKeys {
    /// The options of xdotool's key and type commands that take a value.
    private static let valued: Set<String> = ["--window", "--delay", "--repeat", "--repeat-delay",
                                              "--terminator", "--file"]

    /// The keysyms an xdotool command line presses: the names of its key commands (each part of
    /// a combination like `ctrl+a` that names a keysym) and the characters its type commands type.
    static func keysyms(pressedBy arguments: [String]) -> [KeySym] {
        enum Reading { case keys, text, other }
        var reading = Reading.other
        var keysyms: [KeySym] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "key", "keydown", "keyup": reading = .keys
            case "type": reading = .text
            case _ where argument.hasPrefix("--"):
                if valued.contains(argument) { _ = rest.popFirst() }
            default:
                switch reading {
                case .keys: keysyms += argument.split(separator: "+").map { XStringToKeysym(String($0)) }
                case .text: keysyms += argument.unicodeScalars.compactMap(keysym)
                case .other: break
                }
            }
        }
        return keysyms.filter { $0 != 0 }
    }

    /// The keysym xdotool looks for to type a character: Latin-1's own, else the Unicode one.
    /// None for a control character, which xdotool types as a named key (Return, Tab).
    static func keysym(_ character: Unicode.Scalar) -> KeySym? {
        switch character.value {
        case 0x20...0x7e, 0xa0...0xff: KeySym(character.value)
        case ..<0xa0: nil
        default: KeySym(0x100_0000 | character.value)
        }
    }
}
