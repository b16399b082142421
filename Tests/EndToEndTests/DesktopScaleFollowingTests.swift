// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import PinBoxCore
import Testing

/// An open prompt follows the screen's resolution as a GTK program beside it does: a user who
/// cannot read the prompt in front of them turns Large Text on (GNOME raises `Xft/DPI` in its
/// XSETTINGS and `Xft.dpi` in the resources together), and the prompt grows then and there,
/// keeping what was typed. Driven by a real xsettingsd reloading its configuration (SIGHUP) and
/// by `xrdb`.
@Suite("An open prompt follows the screen's resolution, end to end", .endToEnd)
struct DesktopScaleFollowingTests {
    /// `Xft/DPI` as GNOME publishes it: 1024ths of a dot per inch.
    static func dpi(_ dotsPerInch: Int) -> String { "Xft/DPI \(dotsPerInch * 1024)\n" }

    /// Waits until the prompt's window is `width` pixels wide (two either way: text does not
    /// scale exactly); returns where it is then.
    static func waitForWidth(near width: Double, of p: PinBoxProcess, _ what: String) throws -> Rect {
        let x = try XClient(p.display!)
        let id = try #require(p.windowID)
        var frame = x.frame(of: id)
        try waitUntil("\(what): \(width) wide, last seen \(frame)", timeout: 10) {
            frame = x.frame(of: id)
            return abs(frame.width - width) <= 2
        }
        return frame
    }

    /// An askpass open on its own Xvfb, under a real xsettingsd saying 96 dots per inch.
    static func promptAt96() throws -> (Xvfb, SettingsDaemon, PinBoxProcess) {
        try prompt(under: dpi(96))
    }

    /// An askpass open on its own Xvfb, under a real xsettingsd with `configuration`.
    static func prompt(under configuration: String) throws -> (Xvfb, SettingsDaemon, PinBoxProcess) {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: configuration)
        return (xvfb, daemon, try DesktopColorSchemeTests.askpass(on: xvfb))
    }

    @Test func largeTextTurnedOnGrowsTheOpenPromptAndKeepsWhatWasTyped() throws {
        let (xvfb, daemon, prompt) = try Self.promptAt96()
        let x = try XClient(xvfb.display)
        let id = try #require(prompt.windowID)
        let first = x.frame(of: id)
        try prompt.xdotool(["type", "--delay", "20", "se"])
        try daemon.reload(Self.dpi(192))
        let doubled = try Self.waitForWidth(near: 2 * first.width, of: prompt, "Xft/DPI 192")
        #expect(abs(doubled.height - 2 * first.height) <= 4, "\(first) → \(doubled)")
        // Drawn at the new size: the dialog's ground at its far corner, past the first size.
        try waitUntil("the doubled dialog drawn to its corner", timeout: 10) {
            DesktopColorSchemeTests.ground(of: x.pixel(id, x: Int(doubled.width) - 3, y: Int(doubled.height) - 3)) == .light
        }
        try prompt.xdotool(["type", "--delay", "20", "sa"])
        try daemon.reload(Self.dpi(120))
        _ = try Self.waitForWidth(near: 1.25 * first.width, of: prompt, "Xft/DPI 120")
        try prompt.xdotool(["type", "--delay", "20", "me"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "sesame\n", "nothing typed was lost or doubled")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
    }

    /// A rescale lays the entry out anew around the same field: the passphrase held while it is
    /// typed is held as many times after the window doubled as before (no copy), and none is
    /// left at the exit. The control: while typed, it is found.
    @Test func aRescaleCopiesNothingTyped() throws {
        let marker = "Vb8Kq2Zr"
        let (xvfb, daemon, prompt) = try Self.promptAt96()
        let scan = try MemoryScan(pid: prompt.pid, marker: marker)
        let first = try XClient(xvfb.display).frame(of: try #require(prompt.windowID))
        try prompt.xdotool(["type", "--delay", "20", marker])
        var held = 0
        try waitUntil("the control: the typed passphrase is held") {
            held = try scan.now()
            return held >= 1
        }
        try daemon.reload(Self.dpi(192))
        _ = try Self.waitForWidth(near: 2 * first.width, of: prompt, "Xft/DPI 192")
        #expect(try scan.now() == held, "copies after the rescale")
        try prompt.keys("Return")
        #expect(try scan.atExit() == 0, "copies at the exit")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == marker + "\n")
    }

    /// With no settings daemon, the resources' `Xft.dpi` (what gsd-xsettings and `xrdb` write,
    /// and what a prompt reads first) is followed: Xlib's copy of them is from the connection,
    /// so the prompt reads the root's property again when it changes.
    @Test func theXftDpiResourceIsFollowed() throws {
        let xvfb = try Xvfb()
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb)
        let first = try XClient(xvfb.display).frame(of: try #require(prompt.windowID))
        let merged = try run(["xrdb", "-nocpp", "-merge"], display: xvfb.display, input: Array("Xft.dpi: 192\n".utf8))
        #expect(merged.status == 0, "\(merged.output)")
        _ = try Self.waitForWidth(near: 2 * first.width, of: prompt, "Xft.dpi: 192")
        try DesktopColorSchemeTests.answer(prompt)
    }

    /// A pinentry asks several times over one connection (again after a bad passphrase, once
    /// per key): a resolution changed between two of its dialogs reaches the next from its first
    /// frame. Its window is made at the new size, not made at the old one (Xlib's copy of the
    /// resources is from the connection) and grown once shown. The control: the first dialog is
    /// made at the size it shows at.
    @Test func thePinentrysNextDialogIsMadeAtTheNewResolution() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        x.watchTopLevels()
        let pinentry = try Child([PinBoxProcess.binary, "pinentry"], environment: ["GTK_THEME": "", "DISPLAY": xvfb.display],
                                 capture: true, interactive: true)
        defer { if pinentry.isRunning { kill(pinentry.pid, SIGTERM) }; pinentry.wait() }
        var said = ""
        try pinentry.readUntil("OK", into: &said)
        /// Asks for a PIN; cancels the dialog once shown; the size it was made at, and the one
        /// it showed at.
        func dialog() throws -> (made: Size, shown: Rect) {
            said = ""
            pinentry.send("GETPIN\n")
            let (window, made) = try x.nextShownWindowsMadeSize()
            let shown = x.frame(of: "0x" + String(window, radix: 16))
            // Pressed until the dialog takes it: shown is not yet holding the keyboard.
            try waitUntil("the dialog cancelled") {
                try xdotool(["key", "Escape"], display: xvfb.display)
                try? pinentry.readUntil("ERR", into: &said, timeout: 0.5)
                return said.contains("ERR")
            }
            return (made, shown)
        }
        let first = try dialog()
        #expect(first.made.width == first.shown.width && first.made.height == first.shown.height, "\(first)")
        let merged = try run(["xrdb", "-nocpp", "-merge"], display: xvfb.display, input: Array("Xft.dpi: 192\n".utf8))
        #expect(merged.status == 0, "\(merged.output)")
        let second = try dialog()
        #expect(abs(second.made.width - 2 * first.made.width) <= 4
                    && abs(second.made.height - 2 * first.made.height) <= 6, "made at \(second.made) after \(first.made)")
        pinentry.send("BYE\n")
        #expect(pinentry.wait(within: 10) == 0)
    }

    /// The user's `--scale 1` holds while the desktop doubles its resolution; the look, left to
    /// the desktop, follows its dark theme in the same change (the control: the change was read).
    @Test func aScaleTheUserNamedHolds() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n" + Self.dpi(96))
        let prompt = try DesktopColorSchemeTests.askpass(on: xvfb, options: ["--scale", "1"])
        let x = try XClient(xvfb.display)
        let id = try #require(prompt.windowID)
        let first = x.frame(of: id)
        try daemon.reload("Net/ThemeName \"Adwaita-dark\"\n" + Self.dpi(192))
        try DesktopFollowingTests.waitForGround(.dark, of: id, on: xvfb.display, "the dark theme, read with the DPI")
        #expect(x.frame(of: id).size == first.size)
        try DesktopColorSchemeTests.answer(prompt)
    }

    /// Any client can write the settings: a resolution no screen has leaves the prompt no
    /// larger than the screen, whole and answering.
    @Test func aHugeResolutionStaysOnTheScreen() throws {
        let (xvfb, daemon, prompt) = try Self.promptAt96()
        let x = try XClient(xvfb.display)
        let id = try #require(prompt.windowID)
        let first = x.frame(of: id)
        try daemon.reload(Self.dpi(96 * 100))
        var frame = first
        try waitUntil("the prompt grown as far as the screen allows, last seen \(frame)", timeout: 10) {
            frame = x.frame(of: id)
            return frame.width > 2 * first.width
        }
        let screen = x.screen
        #expect(frame.x >= 0 && frame.y >= 0 && frame.maxX <= screen.width && frame.maxY <= screen.height,
                "\(frame) on a \(screen) screen")
        try DesktopColorSchemeTests.answer(prompt)
    }

    /// The pinentry's dialog, asked for a PIN as an agent asks, and the payment sheet follow
    /// too; the digits typed into the sheet before and after arrive in order.
    @Test func thePinentryAndThePaymentSheetFollow() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: Self.dpi(96))
        let x = try XClient(xvfb.display)
        let dialog = try PinentryDialog(display: xvfb.display)
        try waitUntil("the dialog mapped") { x.frame(of: dialog.window).width > 1 }
        let first = x.frame(of: dialog.window)
        try daemon.reload(Self.dpi(192))
        try waitUntil("the pinentry's dialog doubled, from \(first)", timeout: 10) {
            abs(x.frame(of: dialog.window).width - 2 * first.width) <= 2
        }
        #expect(try dialog.close().isEmpty)

        try daemon.reload(Self.dpi(96))
        let sheet = try PayDesktopTests.sheet(on: xvfb)
        let width = try #require(try sheet.waitFor("ready")["width"] as? Int)
        try sheet.xdotool(["type", "--delay", "20", "12"])
        try daemon.reload(Self.dpi(144))
        _ = try Self.waitForWidth(near: 1.5 * Double(width), of: sheet, "the sheet at Xft/DPI 144")
        try PayDesktopTests.finish(sheet, typing: "3456")
    }

    /// Any client can rewrite the resources as fast as it can, 96 and 192 dots per inch in
    /// turn: the prompt grows and shrinks at worst, and what is typed arrives whole. The writes
    /// are counted, so the storm is known to have blown while the keys went in.
    @Test func aResolutionStormLosesNoKey() throws {
        let xvfb = try Xvfb()
        let storm = DesktopStorm(display: xvfb.display) { x, i in
            var text = Array("Xft.dpi: \(i % 2 == 0 ? 192 : 96)\n".utf8)
            XChangeProperty(x.display, XDefaultRootWindow(x.display), Atom(XA_RESOURCE_MANAGER), Atom(XA_STRING), 8,
                            PropModeReplace, &text, Int32(text.count))
            XSync(x.display, 0)
        }
        defer { storm.stop() }
        try storm.typingLosesNoKey(on: xvfb)
    }
}
