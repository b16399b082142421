// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Testing

/// A character no layout of the keyboard has, typed by its Unicode code as in GTK's entries
/// (Ctrl+Shift+U, its hexadecimal digits, Space or Return), through XTEST into the release
/// build's askpass.
@Suite("A character typed by its code, end to end", .endToEnd)
struct CharacterCodeTests {
    typealias Dialog = KeyTests.Dialog

    /// Codes ended by Space, by Return (which does not answer the dialog), and by letting go of
    /// Control and Shift held over the digits (E and the shifted 9 are digits); Ctrl+U alone
    /// still empties the entry.
    @Test func aCharacterIsTypedByItsCode() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        try d.p.keys("x", "ctrl+u", "p", "ctrl+shift+u", "4", "4", "1", "space", "s",
                     "ctrl+shift+u", "1", "f", "6", "0", "0", "Return")
        try d.p.xdotool(["keydown", "ctrl", "keydown", "shift", "key", "u", "key", "e", "key", "9",
                         "keyup", "shift", "keyup", "ctrl"])
        try d.p.keys("Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "pсs😀é\n", "\(d.p.stdout.unicodeScalars.map(\.value))")
    }

    /// A code that names no character (half of a UTF-16 pair) types nothing and rings the bell;
    /// one that names a character rings nothing (the control); Escape in the middle of a code
    /// takes it back and leaves the dialog open.
    @Test func aCodeThatNamesNoCharacterRingsAndTypesNothing() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        let bells = try BellListener(display: d.xvfb.display)
        try d.p.keys("ctrl+shift+u", "4", "1", "space", "ctrl+shift+u", "d", "8", "0", "0", "space")
        try waitUntil("the bell") { !bells.heard().isEmpty }
        try d.p.keys("ctrl+shift+u", "4", "Escape")
        #expect(d.p.staysRunning(for: 0.3))
        try d.p.keys("b", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "Ab\n")
        #expect(bells.heard().count == 1, "only the code that names nothing rang")
    }

    /// Into a passphrase, a code shows only the cue that a character is on its way, the same
    /// whatever its digits; into a name, its digits show, as GTK shows them.
    @Test func aPassphrasesCodeShowsOnlyTheCueAndANamesItsDigits() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        try d.p.keys("x")
        let before = try d.pixels
        try d.p.keys("ctrl+shift+u")
        var cue = before
        try d.wait("the cue") { cue = try d.pixels; return cue != before }
        // Caps Lock after the digits: once its warning shows under the entry, the digits were
        // taken, and everything down to the cue's last pixel is as it was.
        let end = try #require(cue.indices.last { cue[$0] != before[$0] })
        let height = try d.height
        try d.p.keys("4", "1", "Caps_Lock")
        try d.wait("the Caps Lock warning") { try d.height > height }
        #expect(try d.pixels.prefix(end + 1) == cue.prefix(end + 1), "nothing of the digits")
        try d.p.keys("space", "Caps_Lock", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "xA\n")

        let name = try Dialog(["Username for 'https://example.com': "])
        try name.p.keys("Z", "o")
        var shown = try name.pixels
        for key in ["ctrl+shift+u", "e", "b"] {
            let last = shown
            try name.p.keys(key)
            try name.wait("\(key) shown") { shown = try name.pixels; return shown != last }
        }
        try name.p.keys("space", "Return")
        #expect(try name.p.waitExit() == 0)
        #expect(name.p.stdout == "Zoë\n")
    }

    /// On a Russian layout the keys of a code's letters type Cyrillic ones: their Latin letters
    /// in the US layout are the digits, as Ctrl+Shift+U is the key of U.
    @Test func onACyrillicLayoutACodesLettersAreTheKeysLatinOnes() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        let one = try d.height
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: d.xvfb.display)
        try d.wait("the layout's line") { try d.height > one }
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 1)
        XSync(d.x.display, 0)
        // Keycodes of the evdev keymap: 37 Control, 50 Shift, 30 U (Cyrillic г), 41 F (а),
        // 56 B (и), 65 Space, 36 Return.
        try d.x.chord([37, 50, 30])
        for key: UInt32 in [41, 56, 65, 36] { try d.x.chord([key]) }
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "\u{fb}\n", "\(d.p.stdout.unicodeScalars.map(\.value))")
    }
}
