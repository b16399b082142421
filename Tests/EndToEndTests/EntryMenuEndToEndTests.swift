// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A prompt's entry has GTK's entry menu: a right click, or the Menu key, opens it, and its
/// Paste, Delete and Select All do what they say. Real pointer and key events through XTEST,
/// a real clipboard owner (xclip), the menu read from the window's pixels, and what the real
/// caller received.
@Suite("An entry's menu, end to end", .serialized, .endToEnd)
final class EntryMenuEndToEndTests {
    /// The light palette's accent: the OK button's fill, and the highlighted item's.
    static let accent: UInt32 = 0x1565c0

    /// A passphrase copied in a password manager (xclip holds the clipboard) is pasted with
    /// the mouse alone, as a user who never pastes from the keyboard does: a right click in the
    /// entry opens the menu, drawn with Paste highlighted; a left click on it pastes; the
    /// askpass answers what the clipboard held.
    @Test func aPassphraseIsPastedWithTheMouseAlone() throws {
        let desk = try CallerDesk()
        let (status, _) = try run(["xclip", "-selection", "clipboard", "-i"], display: desk.display,
                                  input: Array("Zq8-managed".utf8))
        #expect(status == 0)
        let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
        var dialog = try desk.nextDialog()
        let (item, _) = try Self.openMenu("click", in: &dialog, on: desk)
        try desk.click(dialog, x: (item.x.lowerBound + item.x.upperBound) / 2, y: (item.y.lowerBound + item.y.upperBound) / 2)
        try waitUntil("eleven dots pasted") { try desk.entry(dialog).isDots(11) }
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "Zq8-managed\n")
    }

    /// The right button pressed in the entry, dragged onto Select All (two rows under Paste,
    /// highlighted as it opens; the highlight follows) and let go there chooses it, as in GTK's
    /// menus: what is typed then replaces what was.
    @Test func theRightButtonDraggedOntoAnItemChoosesIt() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
        var dialog = try desk.nextDialog()
        try desk.type("wrong")
        var ink = try desk.entry(dialog)
        try waitUntil("five dots, \(ink)") {
            ink = try desk.entry(dialog)
            return ink.isDots(5)
        }
        let (paste, before) = try Self.openMenu("mousedown", in: &dialog, on: desk)
        // The highlight follows the pointer with the button held, then the button goes up.
        let row = paste.y.count, x = (paste.x.lowerBound + paste.x.upperBound) / 2
        try desk.pointer(dialog, x: x, y: paste.y.lowerBound + 2 * row + row / 2)
        var highlighted: Area? = paste
        try waitUntil("Select All highlighted, last \(String(describing: highlighted))") {
            highlighted = Self.newlyCovered(by: Self.accent, from: before, to: desk.pixels(&dialog), width: dialog.width)
            return highlighted.map { abs($0.y.lowerBound - (paste.y.lowerBound + 2 * row)) <= 3 } == true
        }
        try desk.pointer(dialog, x: x, y: paste.y.lowerBound + 2 * row + row / 2, then: "mouseup", "3")
        try desk.type("right")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "right\n")
    }

    /// From the keyboard: the Menu key opens it, Escape closes it and not the dialog; Shift+F10
    /// opens it again, Up from Paste goes round to Select All, Return selects everything, and
    /// what is typed then replaces it.
    @Test func theMenuKeysSelectAllIsTypedOver() throws {
        let desk = try CallerDesk()
        let askpass = try desk.ask("Enter passphrase for key '/tmp/id':")
        _ = try desk.nextDialog()
        try desk.type("wrong")
        try desk.key("Menu", "Escape")
        try desk.type("!")
        try desk.key("shift+F10", "Up", "Return")
        try desk.type("right")
        try desk.key("Return")
        #expect(askpass.wait() == 0)
        #expect(String(decoding: askpass.read().out, as: UTF8.self) == "right\n")
    }

    /// Columns and rows of a window's picture.
    typealias Area = (x: ClosedRange<Int>, y: ClosedRange<Int>)

    /// The right button pressed (`action`: "click" or "mousedown") in the middle of `dialog`'s
    /// entry; once the menu is drawn, where its highlighted item is (the accent colour where the
    /// window had none), and the window's picture before.
    private static func openMenu(_ action: String, in dialog: inout CallerDesk.Dialog,
                                 on desk: CallerDesk) throws -> (item: Area, before: [UInt32]) {
        let ink = try desk.entry(dialog)
        let before = desk.pixels(&dialog)
        try desk.pointer(dialog, x: (ink.columns.lowerBound + ink.columns.upperBound) / 2, y: ink.middleRow,
                         then: action, "3")
        var item: Area?
        try waitUntil("the menu drawn, its highlighted item on the accent colour") {
            item = newlyCovered(by: accent, from: before, to: desk.pixels(&dialog), width: dialog.width)
            return item.map { $0.x.count > 40 && $0.y.count > 10 } == true
        }
        return (try #require(item), before)
    }

    /// Where `colour` covers pixels of `after` that it did not in `before` (a `width`-wide
    /// picture): the columns and rows of their bounding box, or nil.
    private static func newlyCovered(by colour: UInt32, from before: [UInt32], to after: [UInt32],
                                     width: Int) -> Area? {
        guard width > 0, before.count == after.count else { return nil }
        var xs: [Int] = [], ys: [Int] = []
        for i in after.indices where after[i] & 0xffffff == colour && before[i] & 0xffffff != colour {
            xs.append(i % width)
            ys.append(i / width)
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x0...x1, y0...y1)
    }
}
