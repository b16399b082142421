// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing
import PinBoxCore

/// The fourth round of hostile testing, where the attacker is any other client of the same X
/// display: it may write the root window's properties and send any event to any window
/// (XSendEvent). The accessibility bus address it wrote ran a program as the user; its forged
/// ConfigureNotify ended a prompt, its forged Caps Lock state showed a warning, its forged
/// FocusIn drew an unfocused prompt focused, its forged DestroyNotify cancelled one. Each test
/// fails against the code before the fix, and each refusal has its positive control.
@Suite("Hostile round four: other clients of the display, end to end", .endToEnd)
struct HostileRoundFourTests {
    // MARK: 1. The accessibility bus address on the root window

    /// `unixexec:` on the root window's `AT_SPI_BUS` made the accessibility bridge run
    /// `/bin/sh -c 'touch MARKER'` as the user. It is refused: said on stderr, nothing of the
    /// accessibility stack loaded, and the prompt works. The control: the user's own
    /// `AT_SPI_BUS_ADDRESS` (the session's real bus) is taken whatever the root window says.
    @Test func anAccessibilityBusAddressThatRunsAProgramIsRefused() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        // On the real bus before the property is forged: the probe does not read it again.
        let probe = try AtspiProbe(bus)
        let x = try XClient(xvfb.display)
        let real = String(decoding: x.rootProperties["AT_SPI_BUS"] ?? [], as: UTF8.self)
        #expect(AccessibilityBusAddress.isLocalSocket(real), "the launcher's own address is taken: \(real)")
        let marker = NSTemporaryDirectory() + "pinbox-unixexec-\(UUID().uuidString)"
        defer { unlink(marker) }
        x.setRootProperty("AT_SPI_BUS", "unixexec:path=/bin/sh,argv1=-c,argv2=touch%20" + marker)

        let refused = try PinBoxProcess(["askpass", "--", "Password: "], display: xvfb.display,
                                        environment: bus.environment)
        try refused.findWindowByPID()
        try waitUntil("the refusal said, or the program run; stderr: \(refused.stderr)", timeout: 10) {
            refused.stderr.contains("AT_SPI_BUS") || FileManager.default.fileExists(atPath: marker)
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "the root window's address ran a program")
        #expect(refused.stderr == "pinbox: the accessibility bus address on the root window (AT_SPI_BUS) is not a "
                + "local socket; accessibility is not connected\n", "\(refused.stderr)")
        #expect(AccessibilityTests.mapped(refused.pid).isEmpty, "nothing of the accessibility stack is loaded")
        try refused.xdotool(["type", "--delay", "20", "ok"])
        try refused.keys("Return")
        #expect(try refused.waitExit() == 0)
        #expect(refused.stdout == "ok\n")

        var own = bus.environment
        own["AT_SPI_BUS_ADDRESS"] = real
        let trusted = try PinBoxProcess(["askpass", "--", "Password: "], display: xvfb.display, environment: own)
        try trusted.findWindowByPID()
        #expect(try probe.window(of: "pinbox")["role"] as? String == "dialog", "on the user's own bus")
        try trusted.xdotool(["type", "--delay", "20", "ok"])
        try trusted.keys("Return")
        #expect(try trusted.waitExit() == 0)
        #expect(trusted.stdout == "ok\n")
        #expect(trusted.stderr.isEmpty, "\(trusted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the root window's address ran a program")
    }

    // MARK: 2. The window's size

    /// A forged ConfigureNotify set the window's size: 0 × 0 ended prompts with exit 3, a small
    /// one laid them out cut. Each forged size is followed by a real key, which the dialog reads
    /// after it (the X server keeps the order): once the key's dot shows, the forged event has
    /// been handled, and the dialog is as it was, its size and every pixel outside its entry.
    @Test(arguments: ["askpass", "pinentry"])
    func aForgedConfigureNotifyLeavesTheDialogAsItWas(_ role: String) throws {
        let desk = try CallerDesk()
        let pinentry = role == "pinentry" ? try PinentryDriver(display: desk.display) : nil
        let askpass = role == "askpass" ? try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display) : nil
        pinentry?.send("GETPIN\n")
        var dialog = try desk.nextDialog()
        let attacker = try desk.client()
        try desk.type("a")
        let before = try desk.entry(dialog)
        #expect(before.isDots(1), "\(before)")
        var pixels = desk.pixels(&dialog)
        let (width, height) = (dialog.width, dialog.height)
        for (n, size) in [(Int32(200), Int32(80)), (0, 0)].enumerated() {
            attacker.forgeConfigureNotify(dialog.id, width: size.0, height: size.1)
            try desk.type("b")
            try waitUntil("the real key after the forged \(size.0) × \(size.1) one; stderr: \(pinentry?.stderr ?? askpass!.stderr)") {
                guard (askpass?.child.isRunning ?? pinentry!.child.isRunning) else {
                    throw TestFailure("the dialog ended after a forged \(size.0) × \(size.1) ConfigureNotify")
                }
                return try desk.entry(dialog).isDots(n + 2)
            }
            let after = desk.pixels(&dialog)
            #expect(dialog.width == width && dialog.height == height, "\(dialog)")
            let entry = try desk.entry(dialog)
            #expect(entry.rows == before.rows && entry.columns == before.columns, "\(entry) against \(before)")
            let changed = (0..<min(after.count, pixels.count)).filter { after[$0] != pixels[$0] }
                .filter { !before.rows.contains($0 / width) || !before.columns.contains($0 % width) }
            #expect(after.count == pixels.count && changed.isEmpty,
                    "\(changed.count) pixels outside the entry changed after a forged \(size.0) × \(size.1)")
            pixels = after
        }
        try desk.key("Return")
        if let askpass {
            #expect(try askpass.waitExit() == 0)
            #expect(askpass.stdout == "abb\n")
        }
        if let pinentry {
            try pinentry.waitOutput("D abb\nOK\n")
            pinentry.send("BYE\n")
            #expect(try pinentry.waitExit() == 0)
        }
    }

    // MARK: 3. The keyboard's state

    /// Another client's XKB StateNotify (Caps Lock locked, the second group) showed the Caps
    /// Lock warning. Ignored: the real key after it shows its dot, and no warning comes; the
    /// control, a real Caps Lock press, shows it.
    @Test func aForgedCapsLockStateShowsNoWarning() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Enter passphrase for key '/tmp/id': "], display: desk.display)
        var dialog = try desk.nextDialog()
        let attacker = try desk.client()
        _ = desk.pixels(&dialog)
        let height = dialog.height
        #expect(KeyTests.warningInk(desk.pixels(&dialog)) == 0)
        try attacker.forgeKeyboardState(dialog.id, capsLock: true, group: 1)
        try desk.type("a")
        try waitUntil("the real key after the forged state") { try desk.entry(dialog).isDots(1) }
        let pixels = desk.pixels(&dialog)
        #expect(dialog.height == height && KeyTests.warningInk(pixels) == 0, "a forged Caps Lock is warned of")

        try desk.key("Caps_Lock")
        defer { try? desk.key("Caps_Lock") }
        try waitUntil("the control: a real Caps Lock is warned of") {
            KeyTests.warningInk(desk.pixels(&dialog)) > 40 && dialog.height > height
        }
        try desk.key("Escape")
        #expect(try p.waitExit() == 1)
    }

    // MARK: 4. Focus, crossings, map and destruction

    /// A forged FocusIn, or a forged EnterNotify saying the focus is here, drew a dialog whose
    /// keys go elsewhere focused, its caret blinking: the user would type into the other
    /// window. Its caret stays off for longer than a blink; the control: the real focus shows it.
    @Test(arguments: ["FocusIn", "EnterNotify"])
    func aForgedFocusDrawsNoUnfocusedDialogFocused(_ forged: String) throws {
        let desk = try CallerDesk()
        let other = try desk.client()
        other.focus(other.makeWindow())
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog(focusing: false)
        #expect(try !desk.showsCaret(dialog, within: 0.5), "unfocused at first")
        let attacker = try desk.client()
        if forged == "FocusIn" { attacker.forgeFocus(dialog.id, came: true) } else { attacker.forgeCrossing(dialog.id, entered: true) }
        #expect(try !desk.showsCaret(dialog, within: 1.5), "a forged \(forged) drew the dialog focused")

        _ = try run(["xdotool", "windowfocus", "--sync", String(XClient.window(dialog.id))], display: desk.display)
        #expect(try desk.showsCaret(dialog, within: 3), "the control: the real focus shows the caret")
        try desk.type("ok")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
    }

    /// A forged FocusOut, LeaveNotify (the keys following the pointer out) or UnmapNotify drew a
    /// focused dialog unfocused while its keys still came; a forged DestroyNotify cancelled it.
    /// After the forged event and a real key, it still shows its caret past the time a loss
    /// takes to be drawn, and answers. The control: a real loss of the focus takes the caret away.
    @Test(arguments: ["FocusOut", "LeaveNotify", "UnmapNotify", "DestroyNotify"])
    func aForgedLossLeavesAFocusedDialogAsItWas(_ forged: String) throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--no-grab", "--", "Password: "], display: desk.display)
        let dialog = try desk.nextDialog(focusing: false)
        let decimal = String(XClient.window(dialog.id))
        if forged == "LeaveNotify" {
            // No window manager, no grab: the keys follow the pointer (PointerRoot), into the dialog.
            try desk.pointer(dialog, x: 20, y: 20)
        } else {
            _ = try run(["xdotool", "windowfocus", "--sync", decimal], display: desk.display)
        }
        #expect(try desk.showsCaret(dialog, within: 3), "focused at first")
        let attacker = try desk.client()
        switch forged {
        case "FocusOut": attacker.forgeFocus(dialog.id, came: false)
        case "LeaveNotify": attacker.forgeCrossing(dialog.id, entered: false)
        case "UnmapNotify": attacker.forgeStructure(dialog.id, UnmapNotify)
        default: attacker.forgeStructure(dialog.id, DestroyNotify)
        }
        try desk.type("o")
        try waitUntil("the real key after the forged \(forged)") {
            guard p.child.isRunning else { throw TestFailure("a forged \(forged) ended the dialog") }
            return try desk.entry(dialog).isDots(1)
        }
        // Past the time a loss of the keys takes to be drawn (`FocusReport.grace`).
        usleep(UInt32((FocusReport.grace + 0.1) * 1_000_000))
        #expect(try desk.showsCaret(dialog, within: 1.5), "drawn unfocused after a forged \(forged)")

        let other = try desk.client()
        other.focus(other.makeWindow())
        #expect(try desk.caretGoes(dialog, within: 5), "the control: a real loss of the focus takes the caret away")
        _ = try run(["xdotool", "windowfocus", "--sync", decimal], display: desk.display)
        try desk.type("k")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
    }
}

extension CallerDesk {
    /// Whether the dialog's caret goes within `seconds`: none seen for longer than a blink. A
    /// loss of the keys is drawn a moment after it (`FocusReport.grace`), and the caret is off
    /// half of each blink: no single picture says it has gone.
    func caretGoes(_ dialog: Dialog, within seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var lastSeen = Date()
        while Date() < deadline {
            if try entry(dialog).caret != nil {
                lastSeen = Date()
            } else if Date().timeIntervalSince(lastSeen) > CaretBlink().period {
                return true
            }
            usleep(50_000)
        }
        return false
    }
}

extension XClient {
    /// Writes a string property on the root window, as any client may.
    func setRootProperty(_ name: String, _ value: String) {
        let bytes = Array(value.utf8)
        XChangeProperty(display, XDefaultRootWindow(display), atom(name), Atom(XA_STRING), 8, PropModeReplace, bytes,
                        Int32(bytes.count))
        XSync(display, 0)
    }

    /// Sends `event` to the client that made window `id` (an empty event mask), as any client can.
    /// The window it reports on is the first (`xany.window`: a structure event's `event`).
    private func forge(_ id: String, _ event: inout XEvent) {
        event.xany.window = Self.window(id)
        XSendEvent(display, Self.window(id), 0, NoEventMask, &event)
        XSync(display, 0)
    }

    /// A ConfigureNotify saying the window is `width` × `height`.
    func forgeConfigureNotify(_ id: String, width: Int32, height: Int32) {
        var e = XEvent()
        e.xconfigure.type = ConfigureNotify
        e.xconfigure.window = Self.window(id)
        e.xconfigure.width = width
        e.xconfigure.height = height
        forge(id, &e)
    }

    /// A FocusIn (`came`) or FocusOut of the window manager's kind (NotifyNonlinear).
    func forgeFocus(_ id: String, came: Bool) {
        var e = XEvent()
        e.xfocus.type = came ? FocusIn : FocusOut
        e.xfocus.mode = NotifyNormal
        e.xfocus.detail = NotifyNonlinear
        forge(id, &e)
    }

    /// A MotionNotify saying the pointer moved to (`x`, `y`) in the window, no button held.
    func forgeMotion(_ id: String, x: Int32, y: Int32) {
        var e = XEvent()
        e.xmotion.type = MotionNotify
        e.xmotion.root = XDefaultRootWindow(display)
        e.xmotion.x = x
        e.xmotion.y = y
        e.xmotion.same_screen = 1
        forge(id, &e)
    }

    /// An EnterNotify (`entered`) or LeaveNotify saying the keys follow the pointer (`focus` set).
    func forgeCrossing(_ id: String, entered: Bool) {
        var e = XEvent()
        e.xcrossing.type = entered ? EnterNotify : LeaveNotify
        e.xcrossing.root = XDefaultRootWindow(display)
        e.xcrossing.mode = NotifyNormal
        e.xcrossing.detail = NotifyNonlinear
        e.xcrossing.same_screen = 1
        e.xcrossing.focus = 1
        forge(id, &e)
    }

    /// A MapNotify, UnmapNotify or DestroyNotify of the window.
    func forgeStructure(_ id: String, _ type: Int32) {
        var e = XEvent()
        switch type {
        case MapNotify: e.xmap.type = type; e.xmap.window = Self.window(id)
        case UnmapNotify: e.xunmap.type = type; e.xunmap.window = Self.window(id)
        default: e.xdestroywindow.type = type; e.xdestroywindow.window = Self.window(id)
        }
        forge(id, &e)
    }

    /// XKB's StateNotify, Caps Lock locked (or not) and `group` active. Xlib cannot send an XKB
    /// event (it has no converter to the wire for it): its 32 bytes go through XCB, on this
    /// connection. libxcb and libX11-xcb come with libX11.
    func forgeKeyboardState(_ id: String, capsLock: Bool, group: UInt8) throws {
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XQueryExtension(display, "XKEYBOARD", &opcode, &eventBase, &errorBase) != 0 else {
            throw TestFailure("the server has no XKEYBOARD")
        }
        typealias Connection = @convention(c) (OpaquePointer?) -> OpaquePointer?
        typealias Send = @convention(c) (OpaquePointer?, UInt8, UInt32, UInt32, UnsafePointer<UInt8>?) -> UInt32
        guard let x11xcb = dlopen("libX11-xcb.so.1", RTLD_NOW), let xcb = dlopen("libxcb.so.1", RTLD_NOW),
              let connectionSymbol = dlsym(x11xcb, "XGetXCBConnection"), let sendSymbol = dlsym(xcb, "xcb_send_event")
        else { throw TestFailure("no libX11-xcb.so.1 or libxcb.so.1") }
        let connection = unsafeBitCast(connectionSymbol, to: Connection.self)(display)
        let lock: UInt8 = capsLock ? UInt8(LockMask) : 0
        var wire = [UInt8](repeating: 0, count: 32)
        wire[0] = UInt8(eventBase)
        wire[1] = 2  // XkbStateNotify
        wire[8] = 3  // the core keyboard's device
        wire[9] = lock  // mods
        wire[12] = lock  // lockedMods
        wire[13] = group
        wire[18] = lock  // compatState
        wire[21] = lock  // lookupMods
        wire[22] = lock  // compatLookupMods
        wire[24] = 1 << 3 | 1 << 4  // changed: XkbModifierLockMask | XkbGroupStateMask
        wire[26] = 66  // keycode: Caps Lock's
        wire[27] = UInt8(KeyPress)
        _ = unsafeBitCast(sendSymbol, to: Send.self)(connection, 0, UInt32(Self.window(id)), 0, wire)
        XSync(display, 0)
    }
}
