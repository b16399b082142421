// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import PinBoxCore
import Testing

/// The strength bar's tooltip (SETQUALITYBAR_TT) in a real window: `pinentry-pinbox` sent what
/// gpg-agent sends for a new passphrase, the pointer moved with XTEST (xdotool), the tip read
/// off the window's pixels as the user would see it.
@Suite("The strength bar's tooltip on screen", .endToEnd)
struct QualityTooltipEndToEndTests {
    /// gpg-agent's own tooltip for the bar (agent/call-pinentry.c), percent-escaped as it sends it.
    static let agentTooltip = "The quality of the text entered above.%0APlease ask your administrator for details about the criteria."

    /// The tooltip's box (Palette.light.tooltipBackground).
    static let tipColour: UInt32 = 0x2b2f36
    /// The bar's empty track.
    static let trackColour: UInt32 = 0xdde1e6

    /// A pinentry on `desk` asked for a new passphrase with a strength bar, as gpg-agent asks it
    /// (with the bar's tooltip unless `tooltip` is nil), and its dialog.
    private func newPassphraseDialog(on desk: CallerDesk, tooltip: String?) throws -> (Child, CallerDesk.Dialog) {
        let child = try Child([desk.pinentry], environment: ["DISPLAY": desk.display], capture: true, interactive: true)
        var text = ""
        try child.readUntil("OK Pleased", into: &text)
        var commands = ["SETDESC Please enter a passphrase to protect the new key", "SETPROMPT Passphrase:",
                        "SETREPEAT Repeat:", "SETQUALITYBAR Quality:"]
        if let tooltip { commands.append("SETQUALITYBAR_TT " + tooltip) }
        child.send((commands + ["GETPIN"]).joined(separator: "\n") + "\n")
        return (child, try desk.nextDialog())
    }

    /// Escape cancels the dialog: the client hears the agent's cancel, then a BYE ends the
    /// pinentry cleanly.
    private func cancel(_ child: Child, on desk: CallerDesk) throws {
        var text = ""
        try desk.key("Escape")
        try child.readUntil("ERR", into: &text)
        child.send("BYE\n")
        try child.readUntil("OK closing", into: &text)
        #expect(child.wait() == 0)
    }

    /// The middle of the bar's track, found by its colour, in window coordinates.
    private func barCentre(on desk: CallerDesk, _ dialog: inout CallerDesk.Dialog) throws -> (x: Int, y: Int) {
        let pixels = desk.pixels(&dialog)
        let track = pixels.indices.filter { pixels[$0] == Self.trackColour }
        guard track.count > 100 else { throw TestFailure("no strength bar's track in the window (\(track.count) pixels)") }
        let xs = track.map { $0 % dialog.width }, ys = track.map { $0 / dialog.width }
        return ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
    }

    /// The rows of the window crossed by the tooltip's box now: those with a run of 100 pixels
    /// or more in its colour (text drawn on the page has a few pixels of it at its edges, never
    /// a run).
    private func tip(on desk: CallerDesk, _ dialog: CallerDesk.Dialog) -> [Int] {
        rows(of: desk.x.pixels(dialog.id), width: Int(desk.x.size(of: dialog.id).width), withRunOf: Self.tipColour)
    }

    /// The events every client asked of the window, together (XGetWindowAttributes' all_event_masks).
    private func askedEvents(on desk: CallerDesk, _ dialog: CallerDesk.Dialog) -> Int {
        var attributes = XWindowAttributes()
        XGetWindowAttributes(desk.x.display, XClient.window(dialog.id), &attributes)
        return attributes.all_event_masks
    }

    /// A new-passphrase dialog with the agent's tooltip, its bar found, once it follows the pointer.
    private func dialogFollowingThePointer(on desk: CallerDesk)
        throws -> (child: Child, dialog: CallerDesk.Dialog, bar: (x: Int, y: Int)) {
        let (child, found) = try newPassphraseDialog(on: desk, tooltip: Self.agentTooltip)
        var dialog = found
        let bar = try barCentre(on: desk, &dialog)
        try waitUntil("the window asks for the pointer's moves") {
            askedEvents(on: desk, dialog) & PointerMotionMask != 0
        }
        return (child, dialog, bar)
    }

    @Test func thePointerRestingOnTheBarShowsTheAgentsTooltipAndLeavingOrAKeyHidesIt() throws {
        let desk = try CallerDesk()
        let (child, dialog, bar) = try dialogFollowingThePointer(on: desk)
        #expect(tip(on: desk, dialog).isEmpty, "no tooltip before the pointer comes")

        try desk.pointer(dialog, x: bar.x, y: bar.y)
        var rows: [Int] = []
        try waitUntil("the tooltip shown with the pointer on the bar") {
            rows = tip(on: desk, dialog)
            return rows.count > 20
        }
        // Under the bar, where the pointer rests.
        #expect(rows.min()! > bar.y, "the tip's top \(rows.min()!), the bar at \(bar.y)")
        if let directory = ProcessInfo.processInfo.environment["PINBOX_SCREENSHOTS"] {
            _ = try? run(["import", "-window", String(XClient.window(dialog.id)), directory + "/quality-tooltip.png"],
                         display: desk.display)
        }

        // Away from the bar, on the dialog's corner: gone.
        try desk.pointer(dialog, x: 4, y: 4)
        try waitUntil("the tooltip gone with the pointer off the bar") { tip(on: desk, dialog).isEmpty }

        // Back on the bar, then Shift alone: gone, though Shift types nothing.
        try desk.pointer(dialog, x: bar.x + 10, y: bar.y)
        try waitUntil("the tooltip back with the pointer on the bar") { tip(on: desk, dialog).count > 20 }
        try desk.key("shift")
        try waitUntil("the tooltip gone after a key") { tip(on: desk, dialog).isEmpty }

        // The dialog still works as before: typed, rated by the client, answered.
        var text = ""
        try desk.type("x")
        try child.readUntil("INQUIRE QUALITY x", into: &text)
        child.send("D 10\nEND\n")
        try cancel(child, on: desk)
    }

    /// Another client's MotionNotify, forged onto the bar, shows no tip: the pointer's moves are
    /// the server's alone (`SentEvents`). The forged move goes before the real one of the
    /// control, which shows the tip: watched for four times the tip's wait after it, a move taken
    /// would have shown it there.
    @Test func aForgedMoveOntoTheBarShowsNoTip() throws {
        let desk = try CallerDesk()
        let (child, dialog, bar) = try dialogFollowingThePointer(on: desk)
        // The real pointer on the dialog, off the bar.
        try desk.pointer(dialog, x: 4, y: 4)
        try desk.client().forgeMotion(dialog.id, x: Int32(bar.x), y: Int32(bar.y))
        let watched = Date().addingTimeInterval(4 * HoverTip.delay)
        var shown = false
        while Date() < watched && !shown {
            shown = !tip(on: desk, dialog).isEmpty
            usleep(50_000)
        }
        #expect(!shown, "a forged move onto the bar showed the tip")

        try desk.pointer(dialog, x: bar.x, y: bar.y)
        try waitUntil("the control: the tooltip shown with the real pointer on the bar") { tip(on: desk, dialog).count > 20 }
        try cancel(child, on: desk)
    }

    /// A dialog that opens under a pointer already resting on its bar shows the tip without a
    /// move: the crossing its map makes says where the pointer is (`EnterNotify` counts as a
    /// move), and the pointer's moves are asked for before the map, so that crossing is never
    /// read before (on the build before, the tip failed to show in about a quarter of runs). The first dialog
    /// finds the bar and leaves the pointer on it (the control: the tip shows there); the same
    /// dialog again opens in the same place, and the pointer is not touched.
    @Test func aDialogOpeningUnderAPointerOnTheBarShowsTheTip() throws {
        let desk = try CallerDesk()
        let (first, found) = try newPassphraseDialog(on: desk, tooltip: Self.agentTooltip)
        var dialog = found
        let bar = try barCentre(on: desk, &dialog)
        try desk.pointer(dialog, x: bar.x, y: bar.y)
        try waitUntil("the tooltip shown with the pointer moved onto the bar") { tip(on: desk, dialog).count > 20 }
        let place = try windowGeometry(dialog.id, display: desk.display)
        try cancel(first, on: desk)

        let (second, again) = try newPassphraseDialog(on: desk, tooltip: Self.agentTooltip)
        let placeAgain = try windowGeometry(again.id, display: desk.display)
        #expect((placeAgain.x, placeAgain.y) == (place.x, place.y), "the same place: \(placeAgain) against \(place)")
        try waitUntil("the tooltip shown with the pointer at rest") { tip(on: desk, again).count > 20 }
        try cancel(second, on: desk)
    }

    /// The positive control's other half: without a tooltip the window never asks for the
    /// pointer's moves, so a pointer crossing the dialog wakes nothing.
    @Test func withoutATooltipThePointersMovesAreNotAskedFor() throws {
        let desk = try CallerDesk()
        let (child, found) = try newPassphraseDialog(on: desk, tooltip: nil)
        var dialog = found
        _ = try barCentre(on: desk, &dialog)
        // Drawn, focused and prepared (the caret shows): the loop has run past its first wakes.
        #expect(try desk.showsCaret(dialog, within: 5))
        #expect(askedEvents(on: desk, dialog) & PointerMotionMask == 0)
        #expect(askedEvents(on: desk, dialog) & Button1MotionMask != 0, "drags are still asked for")
        try cancel(child, on: desk)
    }

    /// A screen reader finds the tooltip on the bar itself, as its description (as GTK gives a
    /// widget's tooltip), after the rating in words once there is one.
    @Test func aScreenReaderReadsTheTooltipAsTheBarsDescription() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let pinentry = try Child([PinBoxProcess.binary, "pinentry"], environment: bus.environment, capture: true,
                                 interactive: true)
        var replies = ""
        try pinentry.readUntil("OK Pleased", into: &replies)
        pinentry.send("SETQUALITYBAR Quality:\nSETQUALITYBAR_TT \(Self.agentTooltip)\nSETPROMPT New passphrase:\nGETPIN\n")
        let tooltip = "The quality of the text entered above.\nPlease ask your administrator for details about the criteria."
        let window = try probe.window(of: "pinbox")
        let bar = try #require(flatten(window).first { $0["role"] as? String == "progress bar" })
        #expect(bar["description"] as? String == tooltip)
        _ = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pinentry.pid), "windowfocus", "--sync"],
                    display: xvfb.display)
        _ = try run(["xdotool", "key", "a"], display: xvfb.display)
        try pinentry.readUntil("INQUIRE QUALITY a", into: &replies)
        pinentry.send("D 40\nEND\n")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:property-change:accessible-value" }
        let rated = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "progress bar" })
        #expect(rated["description"] as? String == "Fair\n" + tooltip)
        #expect(try probe.press("Cancel"))
        try pinentry.readUntil("ERR 83886179", into: &replies)
        pinentry.send("BYE\n")
        #expect(pinentry.wait() == 0)
    }

    /// The real gpg-agent (Debian's), asked for a new passphrase with its strength bar
    /// (GET_PASSPHRASE --qualitybar): its own SETQUALITYBAR_TT reaches the screen.
    @Test func theRealAgentsTooltipShowsOnTheBar() throws {
        let desk = try CallerDesk()
        let home = desk.dir + "/gnupg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        defer { endAgent(home: home) }
        try "pinentry-program \(desk.pinentry)\n".write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        let environment = ["GNUPGHOME": home, "DISPLAY": desk.display, "GPG_TTY": "", "LANG": "C", "LC_ALL": "",
                           "LANGUAGE": "", "LC_MESSAGES": "", "LC_CTYPE": ""]
        let session = try Child(["gpg-connect-agent", "GET_PASSPHRASE --data --qualitybar pinbox-tooltip X X New+passphrase",
                                 "/bye"], environment: environment, capture: true)
        var dialog = try desk.nextDialog()
        let bar = try barCentre(on: desk, &dialog)
        try waitUntil("the window asks for the pointer's moves") {
            askedEvents(on: desk, dialog) & PointerMotionMask != 0
        }
        try desk.pointer(dialog, x: bar.x, y: bar.y)
        try waitUntil("the agent's tooltip shown with the pointer on the bar") { tip(on: desk, dialog).count > 20 }
        try desk.key("Escape")
        session.wait()
        let out = String(decoding: session.read().out, as: UTF8.self)
        #expect(out.contains("ERR 83886179"), "cancelled: \(out)")
    }
}
