// SPDX-License-Identifier: MIT
/// When the compose table is read. Parsing the locale's table (thousands of sequences) takes
/// milliseconds and a few hundred kilobytes, which a passphrase or a PIN typed in ASCII never
/// needs: the table is read at the first key that may begin a sequence, unless the user has a
/// table of their own, which may begin one with any key.
public enum ComposeDemand {
    /// Whether a key giving `keysym` may begin a sequence of the system's tables (the X.Org
    /// locale files): the dead keys, the Compose key, and keys of characters past ASCII, which
    /// some layouts compose alone (a Greek layout's accent key, the Arabic layout's lam-alef,
    /// Khmer's vowel keys). Of ASCII's printable keys only the backslash begins one (Amharic's
    /// table); the function and keypad keys begin none.
    public static func mayBegin(_ keysym: UInt32) -> Bool {
        switch keysym {
        case 0x20...0x7e: keysym == 0x5c
        case 0xff20: true  // Multi_key, the Compose key
        case 0xff00...0xffff: false
        default: true
        }
    }
}
