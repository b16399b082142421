// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore

/// The compose table is read at the first key that may begin one of the system's sequences.
@Suite("The compose table read when a key needs it")
struct ComposeDemandTests {
    /// Every key that begins a sequence in the X.Org locale tables Debian ships (the first
    /// keysyms of /usr/share/X11/locale/*/Compose): dead keys, Compose, a Greek layout's accent,
    /// the Arabic lam-alef, Khmer's vowels, Amharic's backslash.
    @Test(arguments: [UInt32(0xfe51), 0xfe50, 0xfe8c, 0xff20, 0x7ae, 0x100fefb, 0x100fe71, 0x10017ff, 0x5c])
    func aKeyThatBeginsASequenceReadsTheTable(_ keysym: UInt32) {
        #expect(ComposeDemand.mayBegin(keysym))
    }

    /// What an ASCII passphrase or a PIN is typed with never needs it: letters, digits,
    /// punctuation, space, the keypad's digits.
    @Test(arguments: [UInt32(0x61), 0x5a, 0x31, 0x21, 0x20, 0x7e, 0x2f, 0xffb1, 0xffaa])
    func anASCIIKeyDoesNot(_ keysym: UInt32) {
        #expect(!ComposeDemand.mayBegin(keysym))
    }

    /// Characters past ASCII (a German ü, a Cyrillic ф) read it: some layout may compose them.
    @Test func aCharacterPastASCIIDoes() {
        #expect(ComposeDemand.mayBegin(0xfc) && ComposeDemand.mayBegin(0x6c6))
    }
}
