// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing

/// The bells rung on a server, heard as a window manager hears them (XKB's BellNotify, which
/// names the window a bell was rung for), on a connection of its own.
final class BellListener {
    private let x: XClient
    private let eventBase: Int32
    /// The windows of the bells heard so far, in order.
    private(set) var windows: [Window] = []

    init(display: String) throws {
        x = try XClient(display)
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        guard XkbQueryExtension(x.display, &opcode, &event, &error, &major, &minor) != 0 else {
            throw TestFailure("the server has no XKB")
        }
        eventBase = event
        let bell = UInt32(XkbBellNotifyMask)
        XkbSelectEvents(x.display, UInt32(XkbUseCoreKbd), bell, bell)
        XSync(x.display, 0)
    }

    /// The windows of every bell the server has reported by now.
    func heard() -> [Window] {
        XSync(x.display, 0)
        while XPending(x.display) > 0 {
            var event = XEvent()
            XNextEvent(x.display, &event)
            guard event.type == eventBase, pinbox_xkb_type(&event) == XkbBellNotify else { continue }
            windows.append(withUnsafePointer(to: &event) {
                $0.withMemoryRebound(to: XkbBellNotifyEvent.self, capacity: 1) { $0.pointee.window }
            })
        }
        return windows
    }
}

/// A refused key rings the desktop's error bell for the window, as a GTK entry does, so that a
/// user who does not see the entry shake hears it (or, with the desktop's visual alerts, sees
/// the window flash); a key taken rings nothing; `gtk-error-bell=false` in GTK's settings.ini,
/// which turns GTK's bell off, turns PinBox's off too.
@Suite("A refusal rings the desktop's error bell, end to end", .endToEnd)
struct ErrorBellTests {
    /// Digits taken and letters refused, in turn: a bell for each letter, for the window, and
    /// none for the digits (the second letter's bell comes after anything the second digit
    /// could have rung).
    @Test func aRefusedKeyRingsTheBellAndATakenOneDoesNot() throws {
        let s = try Session(["--style", "strip"])
        let bells = try BellListener(display: s.xvfb.display)
        try s.pinbox.keys("1", "a", "2", "b")
        try s.pinbox.waitFor("rejected", count: 2)
        try waitUntil("two bells, last heard \(bells.windows)") { bells.heard().count >= 2 }
        #expect(bells.heard() == [XClient.window(s.window), XClient.window(s.window)])
        #expect(s.pinbox.events("change").count == 2)
    }

    /// With GTK's bell turned off in settings.ini, a refusal is still shown (the entry shakes:
    /// its pixels change) and no bell is rung by the time it is; the same keys with the file
    /// saying nothing ring (the control).
    @Test(arguments: [nil, "[Settings]\ngtk-error-bell=false\n"])
    func theUsersSettingsTurnTheBellOff(_ settings: String?) throws {
        let xvfb = try Xvfb()
        let directory = try SettingsFileTests.configuration(settings)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let p = try PinBoxProcess(["--style", "strip"], display: xvfb.display, environment: ["XDG_CONFIG_HOME": directory])
        let id = try p.waitReady()
        let bells = try BellListener(display: xvfb.display)
        let x = try XClient(xvfb.display)
        let before = x.stillPixels(id)
        try p.keys("a")
        try p.waitFor("rejected")
        _ = try x.waitForFrame(id, after: before, "the refusal shown")
        if settings == nil {
            try waitUntil("the bell") { !bells.heard().isEmpty }
        } else {
            #expect(bells.heard().isEmpty)
        }
    }
}
