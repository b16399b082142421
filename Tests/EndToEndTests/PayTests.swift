// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
import PinBoxRender

/// `pinbox pay` in a real window: the number pad types with the mouse, the 6th digit ends the
/// sheet, the × cancels, the link reports `forgot`.
@Suite("Payment sheet, end to end", .endToEnd)
struct PayTests {
    /// The sheet's layout for the window the `ready` event describes.
    private func layout(_ s: Session, amount: String = "", payee: String = "") throws -> PaySheetLayout {
        let ready = try s.pinbox.waitFor("ready")
        let size = Size(width: Double(ready["width"] as! Int), height: Double(ready["height"] as! Int))
        let field = try FieldConfiguration(theme: .paypass, count: 6).layout().bounds.size
        let content = PageContent(description: amount, prompt: payee)
        return PaySheetLayout(window: size, content: content, fieldSize: field, linkText: "Forgot password?", scale: 1,
                              measure: TextLayout.measure)
    }

    private func click(_ s: Session, _ p: Point) throws {
        try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(p.x)), String(Int(p.y)), "click", "1"])
    }

    private func key(_ label: Unicode.Scalar, _ l: PaySheetLayout) -> Point {
        let wanted: PaySheetLayout.Key = label == "⌫" ? .delete : .digit(label)
        return l.keyRects[PaySheetLayout.keys.firstIndex(of: wanted)!].mid
    }

    @Test func clickingTheKeypadTypesAndTheSixthDigitSubmits() throws {
        let s = try Session(["pay", "--reveal", "--amount", "¥25.00", "--payee", "Coffee"])
        let l = try layout(s, amount: "¥25.00", payee: "Coffee")
        try click(s, key("1", l))
        try s.pinbox.waitFor("change", count: 1)
        try click(s, key("9", l))
        try s.pinbox.waitFor("change", count: 2)
        try click(s, key("⌫", l))
        #expect(try s.pinbox.waitFor("change", count: 3)["length"] as? Int == 1, "⌫ deletes")
        // Keyboard and pad are one entry.
        try s.pinbox.keys("2", "3")
        try s.pinbox.waitFor("change", count: 5)
        for d in "456".unicodeScalars { try click(s, key(d, l)) }
        let submit = try s.pinbox.waitFor("submit")
        #expect(submit["pin"] as? String == "123456")
        #expect(try s.pinbox.waitExit() == 0)
    }

    /// A 320 × 240 screen is shorter than the sheet even at the smallest scale: the keys are
    /// shortened so that the last row shows whole, with the keypad's band under it at the
    /// window's foot, where "0" was cut in half.
    @Test func onAScreenShorterThanTheSheetTheLastRowShowsWhole() throws {
        let s = try Session(["pay", "--amount", "¥25.00", "--payee", "Coffee"], screen: "320x240x24")
        let ready = try s.pinbox.waitFor("ready")
        let width = ready["width"] as! Int, height = ready["height"] as! Int
        #expect(height <= 240)
        let pixels = s.x.stillPixels(s.window, width: width, height: height)
        // The middle column runs through "0"; the bottom row is the band, the key just above it.
        let column = (0..<height).map { pixels[$0 * width + width / 2] & 0xffffff }
        let band = UInt32(0xd5d8dd), key = UInt32(0xffffff)
        #expect(column[height - 1] == band, "the band at the foot: \(String(column[height - 1], radix: 16))")
        #expect(column[(height - 12)...].contains(key), "the key 0 just above it")
        // Control: higher up, the gap between the rows of "8" and "0" is the band too: the
        // column does run through the keys.
        #expect(column[(height - 60)..<(height - 20)].contains(band))
    }

    /// A key types when let go on it: pressed on 5 and let go on 6 types nothing.
    @Test func aKeyDraggedOffTypesNothing() throws {
        let s = try Session(["pay", "--reveal"])
        let l = try layout(s)
        let five = key("5", l), six = key("6", l)
        try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(five.x)), String(Int(five.y)), "mousedown", "1"])
        try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(six.x)), String(Int(six.y)), "mouseup", "1"])
        // Positive control: a click types, and so do keys, up to the sixth digit.
        try click(s, key("7", l))
        try s.pinbox.waitFor("change", count: 1)
        try s.pinbox.keys("1", "2", "3", "4", "5")
        let submit = try s.pinbox.waitFor("submit")
        #expect(submit["pin"] as? String == "712345", "the dragged-off 5 was not typed")
        #expect(try s.pinbox.waitExit() == 0)
    }

    @Test func theCloseButtonCancelsAndTheLinkReportsForgot() throws {
        let s = try Session(["pay"])
        let l = try layout(s)
        try click(s, l.forgot.mid)
        try s.pinbox.waitFor("forgot")
        try click(s, key("7", l))
        try s.pinbox.waitFor("change", count: 1)
        try click(s, l.close.mid)
        try s.pinbox.waitFor("cancel")
        #expect(try s.pinbox.waitExit() == 1)
        #expect(s.pinbox.events("submit").isEmpty)
    }

    /// Over "Forgot password?" the pointer is the desktop's hand, as over any link; over the
    /// boxes the text cursor; over a key and the × (buttons) the window's own, the control. A
    /// click under the hand still reaches the link.
    @Test func thePointerIsAHandOverTheLinkAndATextCursorOverTheBoxes() throws {
        let s = try Session(["pay"])
        let l = try layout(s)
        func move(_ p: Point) throws {
            try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(p.x)), String(Int(p.y))])
        }
        try move(key("5", l))
        let plain = TextCursorTests.shape(s.x)
        for (place, name) in [(l.forgot.mid, "hand2"), (l.field.mid, "xterm"), (l.close.mid, plain.name),
                              (l.forgot.mid, "hand2"), (key("0", l), plain.name)] {
            try move(place)
            var seen = plain
            try waitUntil("'\(name)' at \(place): last seen \(seen)") {
                seen = TextCursorTests.shape(s.x)
                return seen.name == name
            }
        }
        #expect(plain.name != "hand2" && plain.name != "xterm", "\(plain)")
        try click(s, l.forgot.mid)
        try s.pinbox.waitFor("forgot")
        try s.pinbox.keys("Escape")
        #expect(try s.pinbox.waitExit() == 1)
    }

    @Test func escapeCancels() throws {
        let s = try Session(["pay"])
        try s.pinbox.keys("1", "Escape")
        #expect(try s.pinbox.waitExit() == 1)
    }
}
