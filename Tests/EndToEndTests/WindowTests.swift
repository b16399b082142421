// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Testing
import PinBoxCore
import PinBoxRender

private let white: UInt32 = 0xffffff

/// The demo window, driven like a person would: real keystrokes through XTEST (xdotool), real
/// clicks, a real clipboard; checked by its JSON events and by the pixels on the X server.
/// Serialized: a fade caught mid-way and a key held past the server's auto-repeat delay depend
/// on timing, which tests running beside them would stretch.
@Suite("Window, end to end", .serialized, .endToEnd)
struct WindowTests {
    @Test func typingFillsDotsInTheRightCells() throws {
        let s = try Session(["--style", "strip", "--duration", "0"])
        try s.pinbox.keys("1", "2", "3")
        try s.pinbox.waitFor("change", count: 3)
        let centres = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)
        // Without a fade, the third dot is drawn in the frame of its key, after the first two.
        try s.x.waitForPixel(s.window, x: Int(centres[2].x), y: Int(centres[2].y), is: 0x000000, "the third dot")
        for (i, c) in centres.enumerated() {
            let p = s.x.pixel(s.window, x: Int(c.x), y: Int(c.y))
            #expect(p == (i < 3 ? 0x000000 : white), "cell \(i) at \(c): \(String(p, radix: 16))")
        }
        #expect(s.pinbox.events("change").map { $0["length"] as! Int } == [1, 2, 3])
    }

    /// `ready` says the window's size: the one --geometry asked for, not the page's own.
    @Test(arguments: [[], ["pay", "--amount", "1"]])
    func readyReportsTheWindowsSize(_ command: [String]) throws {
        let s = try Session(command + ["--geometry", "900x700"], focus: false)
        let ready = try #require(s.pinbox.events("ready").first)
        #expect(ready["width"] as? Int == 900 && ready["height"] as? Int == 700, "\(ready)")
        let (width, height) = try windowSize(of: s.pinbox.pid, display: s.xvfb.display)
        #expect(width == 900 && height == 700)
    }

    /// A hundred cells in one row on a 1280-pixel screen: the window was cut at the screen's
    /// edge, half the cells past it still typed into, the title centred off screen. It says why
    /// and ends (exit 2); the same hundred cells in rows open.
    @Test func aPageWiderThanTheScreenEvenAtHalfSizeIsRefused() throws {
        let xvfb = try Xvfb(size: "1280x800x24")
        let p = try PinBoxProcess(["--count", "100", "--quiet"], display: xvfb.display)
        #expect(try p.waitExit() == 2)
        #expect(p.stderr.contains("pinbox: the page needs ") && p.stderr.contains("more than the screen's 1280x"),
                "\(p.stderr)")
        let rows = try PinBoxProcess(["--count", "100", "--rows", "10", "--quiet"], display: xvfb.display)
        try rows.findWindowByPID()
        kill(rows.pid, SIGTERM)
        _ = try rows.waitExit()
    }

    @Test func backspaceAndCtrlU() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("1", "2", "3", "BackSpace")
        try s.pinbox.waitFor("change", count: 4)
        #expect(s.length("strip") == 2)
        try s.pinbox.keys("Delete")
        try s.pinbox.waitFor("change", count: 5)
        #expect(s.length("strip") == 1)
        try s.pinbox.keys("4", "ctrl+u")
        try s.pinbox.waitFor("change", count: 7)
        #expect(s.length("strip") == 0)
    }

    @Test func keypadDigitsWithNumLock() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("Num_Lock", "KP_1", "KP_2", "KP_9")
        try s.pinbox.waitFor("change", count: 3)
        #expect(s.length("strip") == 3)
        #expect(s.pinbox.events("rejected").isEmpty)
    }

    @Test func lettersAndOtherKeysAreRefusedVisibly() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("1", "a", "shift+b", "space", "ctrl+1")
        try s.pinbox.waitFor("rejected", count: 4)
        #expect(s.pinbox.events("rejected").allSatisfy { $0["reason"] as? String == "not-a-digit" })
        #expect(s.pinbox.events("change").count == 1)
        // Control: the same forged keys reach a field that shows its digits, so they were sent
        // and would have been seen.
        let plain = try Session(["--style", "grid", "--plain"], focus: false)
        try plain.pinbox.xdotool(["key", "--window", plain.window, "1", "2"])
        try plain.pinbox.waitFor("change", count: 2)
    }

    @Test func theSeventhDigitIsIgnoredAndCompleteFiresOnce() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("1", "2", "3", "4", "5", "6", "7", "8")
        try s.pinbox.waitFor("rejected", count: 2)
        #expect(s.pinbox.events("complete").count == 1)
        #expect(s.length("strip") == 6)
        #expect(s.pinbox.events("rejected").allSatisfy { $0["reason"] as? String == "full" })
        // No digit ever shows up in what the program wrote.
        #expect(!s.pinbox.stdout.contains("123456"))
    }

    @Test func pasteIsDeniedByDefaultEveryWay() throws {
        let s = try Session(["--style", "strip"])
        try s.setSelection("clipboard", "123456")
        try s.setSelection("primary", "123456")
        try s.pinbox.keys("ctrl+v", "shift+Insert")
        try s.pinbox.waitFor("rejected", count: 2)
        let c = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)[0]
        try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(c.x)), String(Int(c.y)), "click", "2"])
        try s.pinbox.waitFor("rejected", count: 3)
        try s.pinbox.xdotool(["click", "3"])
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        #expect(s.pinbox.events("rejected").map { $0["reason"] as! String } == Array(repeating: "paste-denied", count: 3))
        #expect(s.pinbox.events("change").map { $0["length"] as! Int } == [1], "right click did nothing")
    }

    /// A code copied from a terminal, or from a Persian or Bengali message, or typed fullwidth:
    /// the digits it means, handed over in ASCII.
    @Test(arguments: ["123456\n", "۱۲۳۴۵۶", "১২৩৪৫৬", "１２３４５６"])
    func allDigitPasteIsTakenUnderTheDigitsPolicy(_ code: String) throws {
        let s = try Session(["--style", "strip", "--paste", "digits", "--reveal"])
        try s.setSelection("clipboard", code)
        try s.pinbox.keys("ctrl+v")
        #expect(try s.pinbox.waitFor("complete")["pin"] as? String == "123456")
        #expect(s.length("strip") == 6)
    }

    @Test func mixedPasteIsRefusedWhole() throws {
        let s = try Session(["--style", "strip", "--paste", "digits"])
        try s.pinbox.keys("9")
        try s.setSelection("clipboard", "12ab")
        try s.pinbox.keys("shift+Insert")
        let rejected = try s.pinbox.waitFor("rejected")
        #expect(rejected["reason"] as? String == "paste-not-digits")
        #expect(s.length("strip") == 1)
    }

    @Test func middleClickPastesPrimaryUnderTheDigitsPolicy() throws {
        let s = try Session(["--style", "strip", "--paste", "digits"])
        try s.setSelection("primary", "42")
        let c = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)[3]
        try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(c.x)), String(Int(c.y)), "click", "2"])
        try s.pinbox.waitFor("change")
        #expect(s.length("strip") == 2)
    }

    @Test func tabAndClickMoveTheFocus() throws {
        let s = try Session([])
        try s.pinbox.keys("1", "Tab", "2", "2", "Tab", "3", "shift+Tab", "Tab", "Tab", "Tab")
        try s.pinbox.waitFor("focus", count: 6)
        #expect(s.pinbox.events("focus").map { $0["field"] as! String } ==
            ["paypass", "boxes", "paypass", "boxes", "grid", "strip"])
        #expect(s.length("strip") == 1 && s.length("paypass") == 2 && s.length("boxes") == 1)
        // A click on the grid focuses it; a click between fields changes nothing.
        let size = s.windowSize
        let page = PageLayout(window: size, layouts: try ["strip", "paypass", "boxes", "grid"].map {
            try FieldConfiguration(theme: Theme.named($0)!).layout()
        }, scale: 1)
        let grid = page.fields[3]
        try s.pinbox.xdotool(["mousemove", "--window", s.window, String(Int(grid.mid.x)), String(Int(grid.mid.y)), "click", "1"])
        try s.pinbox.waitFor("focus", count: 7)
        #expect(s.pinbox.events("focus").last?["field"] as? String == "grid")
        try s.pinbox.xdotool(["mousemove", "--window", s.window, "2", "2", "click", "1"])
        try s.pinbox.keys("4")
        try s.pinbox.waitFor("change", count: 5)
        #expect(s.length("grid") == 1 && s.pinbox.events("focus").count == 7)
    }

    /// Also on a connection without XKB (Xlib's `XKB_DISABLE`), where a key's keysym is read by
    /// the core protocol's rules and a key with none has no keysym at all.
    @Test(arguments: [false, true])
    func syntheticKeysAreIgnoredInSecureMode(withoutXKB: Bool) throws {
        let s = try Session(["--style", "strip"], focus: false, launcher: withoutXKB ? ["env", "XKB_DISABLE=1"] : [])
        // To an unfocused window xdotool --window forges events with XSendEvent, as any other
        // client could; they carry send_event and must be ignored.
        try s.pinbox.xdotool(["key", "--window", s.window, "1", "2"])
        // A key that has no keysym at all is forged too: refused as forged, not as a key that
        // types nothing (which would count as the user's and say the wrong thing).
        let blank = try #require(s.x.keymap().spare.first)
        s.x.forgeKeyPress(s.window, keycode: UInt32(blank))
        XSync(s.x.display, 0)
        try s.pinbox.xdotool(["windowfocus", "--sync", s.window])
        try s.pinbox.keys("3")
        // The forged keys reached the window before the real one (the server queues a client's
        // events in order, and xdotool had returned): the real key's change proves they were
        // handled, and it is the only change, of length 1; each forged key was said as one.
        try s.pinbox.waitFor("change")
        #expect(s.pinbox.events("change").map { $0["length"] as! Int } == [1])
        #expect(s.pinbox.events("rejected").map { $0["reason"] as? String }
                == Array(repeating: "sent-by-another-program", count: 3))
    }

    @Test func screenshotsShowTheDotMidAnimationAndAtRest() throws {
        // A long animation makes "mid-way" easy to hit.
        let s = try Session(["--style", "strip", "--duration", "1.5"])
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        let centre = s.cellCentres(configuration: try FieldConfiguration(), windowSize: s.windowSize)[0]
        // Mid-way: the window's dot has a grey centre, well in and well short of black.
        var seen: UInt32 = 0xffffff
        try waitUntil("the dot's centre grey mid-fade, last \(hex(seen))") {
            seen = s.x.pixel(s.window, x: Int(centre.x), y: Int(centre.y))
            return (0x20..<0xc0).contains(seen >> 16)
        }
        kill(s.pinbox.pid, SIGUSR1)
        let mid = try s.pinbox.waitFor("screenshot")["path"] as! String
        try s.x.waitForPixel(s.window, x: Int(centre.x), y: Int(centre.y), is: 0x000000, "the dot at rest")
        try s.pinbox.keys("Print")
        let rest = try s.pinbox.waitFor("screenshot", count: 2)["path"] as! String
        func ink(_ path: String) throws -> (width: Int, centre: UInt32) {
            let c = try Canvas(png: path)
            let y = Int(centre.y)
            let width = (Int(centre.x) - 10...Int(centre.x) + 10).filter { c.pixel(x: $0, y: y) != white }.count
            return (width, c.pixel(x: Int(centre.x), y: y))
        }
        let (midWidth, midCentre) = try ink(mid)
        let (restWidth, restCentre) = try ink(rest)
        #expect(restCentre == 0, "at rest the dot is black")
        // Seed 000's radius-5 dot, stroked and filled: 11 px of ink across, give or take the edge.
        #expect((11...13).contains(restWidth), "at rest the dot is 11 px across, not \(restWidth)")
        #expect(midCentre != 0 && midCentre != white, "mid-way the dot is grey")
        #expect(midWidth > 0 && midWidth < restWidth - 2, "mid-way the dot is smaller: \(midWidth) px")
    }

    @Test func closingTheWindowExitsZero() throws {
        let s = try Session([])
        s.x.sendDeleteWindow(s.window)
        #expect(try s.pinbox.waitExit() == 0)
        #expect(s.pinbox.events("cancel").first?["by"] as? String == "close")
    }

    @Test func escapeClearsThenCancelsWithStatusOne() throws {
        let s = try Session(["--style", "boxes"])
        try s.pinbox.keys("1", "2", "Escape")
        try s.pinbox.waitFor("change", count: 3)
        #expect(s.length("boxes") == 0)
        try s.pinbox.keys("Escape")
        #expect(try s.pinbox.waitExit() == 1)
        #expect(s.pinbox.events("cancel").first?["by"] as? String == "escape")
    }

    @Test func returnSubmitsAFullFieldAndExitOnCompleteEndsWithZero() throws {
        let s = try Session(["--style", "strip", "--count", "4"])
        try s.pinbox.keys("1", "2", "Return")
        #expect(try s.pinbox.waitFor("rejected")["reason"] as? String == "incomplete")
        try s.pinbox.keys("3", "4", "Return")
        let submit = try s.pinbox.waitFor("submit")
        #expect(submit["length"] as? Int == 4 && submit["pin"] == nil)
        try s.pinbox.waitFor("change", count: 5)
        #expect(s.length("strip") == 0, "the field is wiped after the hand-off")

        let t = try Session(["--style", "strip", "--exit-on-complete", "--reveal"])
        try t.pinbox.keys("9", "8", "7", "6", "5", "4")
        #expect(try t.pinbox.waitExit() == 0)
        #expect(t.pinbox.events("submit").first?["pin"] as? String == "987654", "--reveal shows the digits")
    }

    /// The demo window carries the menu's icon, so a taskbar shows it: `_NET_WM_ICON`, 48 pixels
    /// square, the picture `pinbox render` draws for scripts/install's 48-pixel icon.
    @Test func theDemoWindowCarriesTheMenusIcon() throws {
        let s = try Session(["--style", "strip"])
        var icon: [UInt8] = []
        try waitUntil("_NET_WM_ICON set") {
            icon = s.x.properties(of: s.window)["_NET_WM_ICON"] ?? []
            return !icon.isEmpty
        }
        let values = icon.withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) }
        try #require(values.count == 2 + 48 * 48 && values[0] == 48 && values[1] == 48, "\(values.prefix(2))")
        let png = NSTemporaryDirectory() + "pinbox-icon-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        let (status, _) = try run([PinBoxProcess.binary, "render", "--style", "strip", "--rows", "2", "--columns", "2",
                                   "--text", "123", "--size", "32x32", "--scale", "1.5", "--frame-color", "#999999",
                                   "--divider-color", "#cccccc", "--out", png])
        try #require(status == 0)
        let drawn = try Canvas(png: png)
        var differing = 0
        for y in 0..<48 {
            for x in 0..<48 where UInt32(truncatingIfNeeded: values[2 + y * 48 + x]) != 0xff00_0000 | drawn.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ from the installed icon's")
    }

    @Test func windowPropertiesAreThoseOfAWellBehavedClient() throws {
        let s = try Session(["--style", "strip"])
        let props = s.x.properties(of: s.window)
        #expect(props["WM_CLASS"].map { String(decoding: $0, as: UTF8.self) } == "pinbox\0PinBox\0")
        #expect(props["_NET_WM_NAME"].map { String(decoding: $0, as: UTF8.self) } == "PinBox")
        let pid = props["_NET_WM_PID"].map { $0.withUnsafeBytes { $0.load(as: Int.self) } }
        #expect(pid == Int(s.pinbox.pid))
        #expect(props["WM_PROTOCOLS"] != nil && props["WM_NORMAL_HINTS"] != nil)
        // WM_CLASS names the instance X resources are read under: `--name`, as the man page says.
        let named = try Session(["--style", "strip", "--name", "myname"])
        #expect(named.x.properties(of: named.window)["WM_CLASS"].map { String(decoding: $0, as: UTF8.self) }
            == "myname\0PinBox\0")
    }

    /// A role's window is named by its role (the link it was started as), so a window manager's
    /// rules can tell the pinentry from the demo; its WM_NAME is Latin-1 when the title is,
    /// else UTF-8 typed as such, never UTF-8 bytes read as Latin-1.
    @Test func aRolesWindowIsNamedByItsRoleAndItsTitleReadsRightForOldWindowManagers() throws {
        let desk = try CallerDesk()
        for (title, wmName) in [("Ünï", [0xdc, 0x6e, 0xef] as [UInt8]), ("输入 Ünï", Array("输入 Ünï".utf8))] {
            let pinentry = try Child([desk.pinentry], environment: ["DISPLAY": desk.display], capture: true,
                                     interactive: true)
            pinentry.send("SETTITLE \(title)\nGETPIN\n")
            let dialog = try desk.nextDialog()
            let props = desk.x.properties(of: dialog.id)
            #expect(props["WM_CLASS"].map { String(decoding: $0, as: UTF8.self) } == "pinentry-pinbox\0PinBox\0")
            #expect(props["WM_NAME"] == wmName && props["WM_ICON_NAME"] == wmName, "\(props["WM_NAME"] ?? [])")
            #expect(props["_NET_WM_NAME"] == Array(title.utf8))
            try desk.key("Escape")
            pinentry.send("BYE\n")
            pinentry.wait()
        }
    }

    /// The window manager draws the title: a caller's right-to-left override, escape and bell
    /// reach it as they reach the dialog's own text, overrides gone and controls shown as U+FFFD
    /// ("Sign exe.doc now" and a terminal's colour code had been in the title bar as sent).
    @Test func aCallersTitleReachesTheWindowManagerWithoutOverridesOrControls() throws {
        let desk = try CallerDesk()
        let pinentry = try Child([desk.pinentry], environment: ["DISPLAY": desk.display], capture: true,
                                 interactive: true)
        pinentry.send("SETTITLE Sign %E2%80%AEcod.exe%E2%80%AC now%1B[31m%07%0Aend\nGETPIN\n")
        let dialog = try desk.nextDialog()
        let props = desk.x.properties(of: dialog.id)
        let shown = "Sign cod.exe now\u{FFFD}[31m\u{FFFD} end"
        #expect(props["_NET_WM_NAME"].map { String(decoding: $0, as: UTF8.self) } == shown)
        #expect(props["WM_NAME"] == Array(shown.utf8) && props["WM_ICON_NAME"] == Array(shown.utf8))
        try desk.key("Escape")
        pinentry.send("BYE\n")
        pinentry.wait()
    }

    @Test func resizingLaysThePageOutAgain() throws {
        let s = try Session(["--style", "strip", "--duration", "0"])
        try s.pinbox.keys("1")
        try s.pinbox.xdotool(["windowsize", s.window, "800", "500"])
        try s.pinbox.waitFor("layout", count: 2)
        let centre = s.cellCentres(configuration: try FieldConfiguration(), windowSize: Size(width: 800, height: 500))[0]
        try s.x.waitForPixel(s.window, x: Int(centre.x), y: Int(centre.y), is: 0x000000, "the dot moved with the field")
    }

    @Test func askpassPrintsTheDigitsAloneAndOnlyThem() throws {
        let s = try Session(["--askpass"], ready: false)
        try s.pinbox.findWindowByPID()
        try s.pinbox.keys("3", "1", "4", "1", "5", "9")
        #expect(try s.pinbox.waitExit() == 0)
        #expect(s.pinbox.stdout == "314159\n")

        let t = try Session(["--askpass"], ready: false)
        try t.pinbox.findWindowByPID()
        kill(t.pinbox.pid, SIGTERM)
        #expect(try t.pinbox.waitExit() == 1)
        #expect(t.pinbox.stdout.isEmpty)
    }

    @Test func aHeldDigitDoesNotRepeatButAHeldBackSpaceDoes() throws {
        let s = try Session(["--style", "strip"])
        try s.pinbox.keys("1", "2", "3", "4")
        // Held past the server's auto-repeat delay: BackSpace repeats (this proves the server
        // repeats at all), a digit does not.
        try s.pinbox.xdotool(["keydown", "BackSpace", "sleep", "1", "keyup", "BackSpace"])
        try s.pinbox.waitFor("change", count: 8)
        #expect(s.length("strip") == 0)
        try s.pinbox.xdotool(["keydown", "7", "sleep", "1", "keyup", "7"])
        try s.pinbox.keys("8")
        try s.pinbox.waitFor("change", count: 10)
        #expect(s.pinbox.events("change").suffix(2).map { $0["length"] as! Int } == [1, 2])
    }

    @Test func copyOffersAPlainFieldsTextButNeverDots() throws {
        let plain = try Session(["--style", "grid", "--plain"])
        try plain.pinbox.keys("2", "0", "2", "6", "ctrl+c")
        try plain.pinbox.waitFor("change", count: 4)
        try waitUntil("the plain field owns the CLIPBOARD after Ctrl+C") {
            plain.x.owner(of: "CLIPBOARD") == XClient.window(plain.window)
        }
        let (status, text) = try run(["xclip", "-o", "-selection", "clipboard"], display: plain.xvfb.display)
        #expect(status == 0 && text == "2026")

        let secure = try Session(["--style", "strip"])
        try secure.pinbox.keys("2", "0", "ctrl+c")
        #expect(try secure.pinbox.waitFor("rejected")["reason"] as? String == "copy-denied")
        #expect(secure.x.owner(of: "CLIPBOARD") != XClient.window(secure.window))
    }
}

extension WindowTests {
    /// Screenshots at twice the window's size, of the field alone, on a clear background: drawn
    /// again from the scene as vectors, so the dot is where the 1× dot is, twice as far in.
    @Test func screenshotsAtTwiceTheSizeOfTheFieldAloneOnAClearBackground() throws {
        let s = try Session(["--style", "strip", "--screenshot-scale", "2", "--screenshot-field",
                             "--screenshot-transparent"])
        try s.pinbox.keys("1")
        try s.pinbox.waitFor("change")
        _ = s.x.stillPixels(s.window, width: 396, height: 190)
        try s.pinbox.keys("Print")
        let path = try s.pinbox.waitFor("screenshot")["path"] as! String
        let shot = try Canvas(png: path)
        let layout = try FieldConfiguration().layout()
        #expect((shot.width, shot.height) == (Int(layout.bounds.width) * 2, Int(layout.bounds.height) * 2))
        let centre = layout.cells[0].mid
        #expect(shot.pixel(x: Int(centre.x * 2), y: Int(centre.y * 2)) == 0, "the dot, twice as far in")
        #expect(shot.pixel(x: Int(layout.cells[1].mid.x * 2), y: Int(centre.y * 2)) == 0xffffff, "an empty white cell")
        // Control: without the options the screenshot is the window itself, at its own size.
        let plain = try Session(["--style", "strip"])
        try plain.pinbox.keys("Print")
        let whole = try Canvas(png: plain.pinbox.waitFor("screenshot")["path"] as! String)
        #expect((whole.width, whole.height) == (Int(plain.windowSize.width), Int(plain.windowSize.height)))
    }

    @Test func aTransparentScreenshotIsClearWhereThePageWouldBe() throws {
        let s = try Session(["--style", "strip", "--screenshot-transparent"])
        try s.pinbox.keys("Print")
        let path = try s.pinbox.waitFor("screenshot")["path"] as! String
        // Read the PNG's alpha through Cairo: an ARGB surface keeps it.
        let shot = try Canvas(png: path)
        #expect(shot.width == Int(s.windowSize.width))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data[25] == 6, "colour type 6: RGBA")
    }

    /// The field alone on a clear background: the gap around a grid's boxes is clear too, as in
    /// `render --transparent`; the boxes are not.
    @Test func aTransparentScreenshotOfAFieldAloneIsClearBetweenItsBoxes() throws {
        let s = try Session(["--style", "grid", "--screenshot-field", "--screenshot-transparent"])
        try s.pinbox.keys("Print")
        let path = try s.pinbox.waitFor("screenshot")["path"] as! String
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data[25] == 6, "colour type 6: RGBA")
        // The alpha as Pillow reads it (PinBox's own reader flattens the picture).
        let layout = try FieldConfiguration(theme: .grid).layout()
        let box = layout.cells[0].mid
        let script = "from PIL import Image; im = Image.open('\(path)').convert('RGBA'); "
            + "print(im.getpixel((0, 0))[3], im.getpixel((\(Int(box.x)), \(Int(box.y))))[3])"
        let (status, alphas) = try run(["/usr/bin/python3", "-c", script])
        #expect(status == 0 && alphas == "0 255\n", "the corner outside every box clear, a box opaque: \(alphas)")
    }
}
