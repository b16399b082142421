// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Testing

/// While a prompt holds the keyboard, the desktop never sees the shortcut that switches its
/// keyboard layout (GNOME's Super+Space): the prompt switches the layout itself, and a click on
/// the layout's name under the entry does too. Other shortcuts with Super, held back the same
/// way, neither type nor answer. Keys go in by keycode through XTEST with the group locked
/// (xdotool picks the group itself, and puts back the one it found).
@Suite("The keyboard's layout switched from the prompt, end to end", .endToEnd)
struct LayoutSwitchTests {
    typealias Dialog = KeyTests.Dialog

    /// A dialog with a US and a Russian layout, the layout's name shown under its entry.
    private func dialog() throws -> Dialog {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        let one = try d.height
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: d.xvfb.display)
        try d.wait("the layout's line") { try d.height > one }
        return d
    }

    /// The server's active group.
    private func group(_ d: Dialog) -> Int {
        var state = XkbStateRec()
        XkbGetState(d.x.display, UInt32(XkbUseCoreKbd), &state)
        return Int(state.group)
    }

    /// Keycodes of the evdev keymap: 133 Super, 50 Shift, 65 Space, 41 F (Cyrillic а), 36 Return.
    @Test func superSpaceSwitchesTheLayoutTheDesktopCannotSee() throws {
        let d = try dialog()
        try d.x.chord([133, 65])
        try d.wait("the Russian layout") { group(d) == 1 }
        try d.x.chord([41])
        try d.x.chord([50, 133, 65])
        try d.wait("the US layout again") { group(d) == 0 }
        try d.x.chord([41])
        try d.x.chord([36])
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "\u{430}f\n", "no space typed: \(d.p.stdout.unicodeScalars.map(\.value))")
    }

    /// Plasma's shortcut, Meta+Alt+K, by keycode (133 Super, 64 Alt, 45 K, 41 F): from the US
    /// layout to the Russian one, then, where the key of K types л, back to the US one.
    @Test func plasmasShortcutSwitchesTooOnAKeyOfAnotherScript() throws {
        let d = try dialog()
        for wanted in [1, 0] {
            try d.x.chord([133, 64, 45])
            try d.wait("layout \(wanted)") { group(d) == wanted }
            try d.x.chord([41])
        }
        try d.x.chord([36])
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "\u{430}f\n", "\(d.p.stdout.unicodeScalars.map(\.value))")
    }

    /// The layout's name is where its pixels change when another layout is made active from
    /// outside; a click there makes the next one active.
    @Test func aClickOnTheLayoutsNameSwitchesToTheNext() throws {
        let d = try dialog()
        let us = try d.pixels
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 1)
        XSync(d.x.display, 0)
        var ru = us
        try d.wait("the name changed") { ru = try d.pixels; return ru != us }
        let width = d.size.width
        let changed = ru.indices.filter { ru[$0] != us[$0] }
        let xs = changed.map { $0 % width }, ys = changed.map { $0 / width }
        let (x, y) = ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
        #expect(x > width / 2, "at the line's end")
        XkbLockGroup(d.x.display, UInt32(XkbUseCoreKbd), 0)
        XSync(d.x.display, 0)
        try d.wait("the US name again") { try d.pixels == us }
        // The control: a click beside the name, on the line, switches nothing.
        try d.p.xdotool(["mousemove", "--window", d.id, String(xs.min()! - 40), String(y), "click", "1"])
        #expect(d.p.staysRunning(for: 0.3) && group(d) == 0)
        try d.p.xdotool(["mousemove", "--window", d.id, String(x), String(y), "click", "1"])
        try d.wait("the Russian layout") { group(d) == 1 }
        try d.p.xdotool(["mousemove", "--window", d.id, String(x), String(y), "click", "1"])
        try d.wait("round to the US one") { group(d) == 0 }
    }

    /// Super+Return (an i3 user's terminal) neither answers the dialog nor types, nor does
    /// Super and a letter; Return alone answers (the control).
    @Test func theDesktopsOtherShortcutsNeitherTypeNorAnswer() throws {
        let d = try Dialog(["--passphrase", "Passphrase for key:"])
        try d.p.keys("a", "super+Return", "super+b", "super+space", "b", "Return")
        #expect(try d.p.waitExit() == 0)
        #expect(d.p.stdout == "ab\n", "\(d.p.stdout)")
    }
}
