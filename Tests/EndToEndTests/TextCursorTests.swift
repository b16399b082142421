// SPDX-License-Identifier: MIT
import CX11
import CXFixes
import Foundation
import Glibc
import PinBoxCore
import PinBoxRender
import Testing

/// Over a prompt's entry the pointer is the desktop's text cursor, as over any text entry
/// (GTK's, Qt's, xterm's): the cursor theme's `xterm`, at the size the user chose; over the
/// rest of the window it stays what the desktop shows. Read as the server shows it (XFixes:
/// the pointer's image and name), the pointer moved by xdotool through XTEST.
@Suite("The pointer is a text cursor over the entries, end to end", .endToEnd)
struct TextCursorTests {
    struct Shape: Equatable, CustomStringConvertible {
        var width = 0, height = 0
        var name = ""
        var description: String { "\(width)×\(height) '\(name)'" }
    }

    /// The pointer's shape on `x`'s server now.
    static func shape(_ x: XClient) -> Shape {
        guard let image = XFixesGetCursorImage(x.display) else { return Shape() }
        defer { XFree(image) }
        let name = image.pointee.name.map { String(cString: $0) } ?? ""
        return Shape(width: Int(image.pointee.width), height: Int(image.pointee.height), name: name)
    }

    /// Where the pinentry's passphrase dialog has its entry and its OK button.
    static func places() throws -> (entry: Rect, ok: Rect) {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.title = "Passphrase entry"
        spec.prompt = "Passphrase"
        let page = try spec.makePage(measure: TextLayout.measure)
        let ok = try #require(page.content.buttons.firstIndex { $0.role == .ok })
        return (page.geometry.fields[0], page.geometry.buttons[ok])
    }

    /// A passphrase dialog of a pinentry on `xvfb`, with the pointer moved over its OK button,
    /// and the shape shown there.
    static func dialog(on xvfb: Xvfb, _ x: XClient) throws -> (PinentryDriver, id: String, button: Shape) {
        let pinentry = try PinentryDriver(display: xvfb.display)
        pinentry.send("SETPROMPT Passphrase:\nGETPIN\n")
        let id = try pinentry.window()
        try move(pinentry, id, to: try places().ok.mid)
        return (pinentry, id, shape(x))
    }

    static func move(_ pinentry: PinentryDriver, _ id: String, to point: Point) throws {
        try pinentry.xdotool(["mousemove", "--window", id, String(Int(point.x)), String(Int(point.y))])
    }

    /// Over the entry, the text cursor; over the OK button before and after it (the control),
    /// the desktop's own. A click and keys over the text cursor still reach the entry: the
    /// passphrase typed there is the one the agent gets.
    @Test func overTheEntryThePointerIsTheDesktopsTextCursor() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        let (pinentry, id, button) = try Self.dialog(on: xvfb, x)
        #expect(button.name != "xterm", "over the button: \(button)")
        let places = try Self.places()
        try Self.move(pinentry, id, to: places.entry.mid)
        var seen = button
        try waitUntil("the text cursor over the entry: last seen \(seen)") {
            seen = Self.shape(x)
            return seen.name == "xterm"
        }
        #expect(seen.width == seen.height && seen.width >= 16, "\(seen)")
        // The entry's edges: just inside is text cursor, just outside (above it) is not.
        try Self.move(pinentry, id, to: Point(x: places.entry.x + 2, y: places.entry.y + 2))
        try waitUntil("the text cursor just inside the entry's corner") { Self.shape(x).name == "xterm" }
        try Self.move(pinentry, id, to: Point(x: places.entry.mid.x, y: places.entry.y - 3))
        try waitUntil("the desktop's pointer just above the entry") { Self.shape(x) == button }

        try pinentry.xdotool(["mousemove", "--window", id, String(Int(places.entry.mid.x)),
                              String(Int(places.entry.mid.y)), "click", "1"])
        try pinentry.type("under the I-beam")
        try Self.move(pinentry, id, to: places.ok.mid)
        try waitUntil("the desktop's pointer over the button again") { Self.shape(x) == button }
        try pinentry.xdotool(["click", "1"])
        try pinentry.waitOutput("D under the I-beam\nOK\n")
        #expect(pinentry.stderr.isEmpty, "\(pinentry.stderr)")
        pinentry.send("BYE\n")
        _ = try pinentry.waitExit()
    }

    /// A user who chose a large pointer (`Xcursor.size`, which GNOME's settings daemon and KDE
    /// write for every program) gets the text cursor at that size; the control without it is
    /// smaller.
    @Test func theTextCursorHasTheSizeTheUserChose() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        func textCursor() throws -> Shape {
            let (pinentry, id, _) = try Self.dialog(on: xvfb, x)
            try Self.move(pinentry, id, to: try Self.places().entry.mid)
            var seen = Shape()
            try waitUntil("the text cursor over the entry: last seen \(seen)") {
                seen = Self.shape(x)
                return seen.name == "xterm"
            }
            try pinentry.key("Escape")
            try pinentry.waitOutput("ERR 83886179")
            pinentry.send("BYE\n")
            _ = try pinentry.waitExit()
            return seen
        }
        let usual = try textCursor()
        #expect(usual.width < 48, "\(usual)")
        let merged = try run(["xrdb", "-nocpp", "-merge"], display: xvfb.display, input: Array("Xcursor.size: 48\n".utf8))
        #expect(merged.status == 0, "xrdb: \(merged.output)")
        let large = try textCursor()
        #expect(large.width == 48 && large.height == 48, "\(large)")
    }
}
