// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing

/// A desktop has a window manager: here a real one, openbox, framing the dialog, giving it the
/// focus, closing, iconifying and raising it when asked the way a taskbar or a pager asks
/// (EWMH messages to the root window). The tests beside these play a window manager's single
/// moves themselves; these check that PinBox and a real one agree.
@Suite("Under a real window manager (openbox)", .endToEnd)
struct WindowManagerTests {
    /// A desk with openbox managing its display, in a home of its own; ended with the test.
    final class ManagedDesk {
        let desk: CallerDesk
        private let home: String
        private var openbox: Child?

        init() throws {
            _ = try which("openbox")
            desk = try CallerDesk()
            home = desk.dir + "/home"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            // openbox runs its --startup command once it is running. Not its name on the root
            // window: it writes that before it is ready, and a window mapped in between (by any
            // client, a few milliseconds from the start) is never managed, nor shown.
            let running = home + "/running"
            openbox = try Child(["openbox", "--sm-disable", "--startup", "/usr/bin/touch " + running], environment: [
                "DISPLAY": desk.display, "HOME": home, "XDG_CONFIG_HOME": home, "XDG_CACHE_HOME": home])
            try waitUntil("openbox runs") { FileManager.default.fileExists(atPath: running) }
        }

        deinit {
            if let openbox, openbox.isRunning { kill(openbox.pid, SIGTERM); openbox.wait() }
        }

        var root: Window { XDefaultRootWindow(desk.x.display) }

        /// A property's values as C longs (format 32), or nil when the window has none.
        func property(_ name: String, of window: Window) -> [Int]? {
            desk.x.properties(of: "0x" + String(window, radix: 16))[name]
                .map { bytes in bytes.withUnsafeBytes { Array($0.bindMemory(to: Int.self)) } }
        }

        /// What a taskbar sends the window manager: `_NET_CLOSE_WINDOW`, `_NET_ACTIVE_WINDOW` (from
        /// a pager, source 2), to the root window.
        func ask(_ message: String, about window: Window, _ data: [Int] = []) {
            var e = XEvent()
            e.xclient.type = ClientMessage
            e.xclient.window = window
            e.xclient.message_type = desk.x.atom(message)
            e.xclient.format = 32
            let values = data + Array(repeating: 0, count: 5 - data.count)
            e.xclient.data.l = (values[0], values[1], values[2], values[3], values[4])
            XSendEvent(desk.x.display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &e)
            XFlush(desk.x.display)
        }

        /// The window's parent: openbox's frame once it manages the window.
        func parent(of window: Window) -> Window {
            var rootReturn: Window = 0, parent: Window = 0, count: UInt32 = 0
            var children: UnsafeMutablePointer<Window>?
            XQueryTree(desk.x.display, window, &rootReturn, &parent, &children, &count)
            if let children { XFree(children) }
            return parent
        }

        func isViewable(_ window: Window) -> Bool {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(desk.x.display, window, &attributes)
            return attributes.map_state == IsViewable
        }

        /// An askpass on the desk once openbox has framed its window; the process and the window.
        func askpass() throws -> (PinBoxProcess, Window) {
            let p = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                                      display: desk.display)
            // Not focused by the test: the window manager and PinBox see to it.
            let window = XClient.window(try desk.nextDialog(focusing: false).id)
            try waitUntil("openbox frames the dialog") { self.parent(of: window) != self.root }
            return (p, window)
        }
    }

    @Test func theFramedDialogHasTheFocusAndAnswersWhatIsTyped() throws {
        let m = try ManagedDesk()
        let (p, window) = try m.askpass()
        try waitUntil("the dialog has the focus") { m.desk.x.inputFocus == window }
        try waitUntil("openbox counts it the active window") { m.property("_NET_ACTIVE_WINDOW", of: m.root) == [Int(window)] }
        try m.desk.type("héllo wörld")
        try m.desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "héllo wörld\n")
        #expect(p.stderr.isEmpty, "\(p.stderr)")
    }

    /// The close button, or a taskbar's Close: openbox asks the window to go (WM_DELETE_WINDOW),
    /// which refuses the prompt: exit 1, nothing on stdout.
    @Test func closingItFromTheWindowManagerRefusesThePrompt() throws {
        let m = try ManagedDesk()
        let (p, window) = try m.askpass()
        try m.desk.type("half")
        m.ask("_NET_CLOSE_WINDOW", about: window, [Int(CurrentTime), 2])
        #expect(try p.waitExit() == 1)
        #expect(p.stdout.isEmpty, "\(p.stdout)")
    }

    /// Iconified by openbox, the window is unmapped and X lets the keyboard go; restored from a
    /// pager, the dialog takes the keyboard again and what was typed before is still there.
    @Test func iconifiedAndRestoredItHoldsTheKeyboardAgainAndKeepsWhatWasTyped() throws {
        let m = try ManagedDesk()
        let (p, window) = try m.askpass()
        let other = try m.desk.client()
        let probe = other.makeWindow()
        try waitUntil("the askpass holds the keyboard") { other.keyboardIsHeldElsewhere(probe: probe) }
        try m.desk.type("ab")
        _ = try run(["xdotool", "windowminimize", "--sync", String(window)], display: m.desk.display)
        // xdotool's --sync waits for the unmap; openbox marks the state just after.
        try waitUntil("openbox iconified it") { m.property("WM_STATE", of: window)?.first == Int(IconicState) }
        try waitUntil("the keyboard is free while it is iconified") { !other.keyboardIsHeldElsewhere(probe: probe) }
        m.ask("_NET_ACTIVE_WINDOW", about: window, [2, Int(CurrentTime), 0])
        try waitUntil("restored") { m.isViewable(window) }
        try waitUntil("the askpass holds the keyboard again") { other.keyboardIsHeldElsewhere(probe: probe) }
        try m.desk.type("cd")
        try m.desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "abcd\n")
    }

    /// A second prompt opens beside the first one's frame, its own frame clear of it, where
    /// openbox (which places a window where its program asks) would have let it cover the first.
    @Test func aSecondPromptOpensBesideTheFirstFrame() throws {
        let m = try ManagedDesk()
        let (first, one) = try m.askpass()
        let (second, two) = try m.askpass()
        let a = m.desk.x.frame(of: "0x" + String(one, radix: 16)), b = m.desk.x.frame(of: "0x" + String(two, radix: 16))
        #expect(a.height > 100 && b.height > 100 && a.width > 400, "framed: \(a), \(b)")
        #expect(!a.intersects(b), "the first's frame at \(a), the second's at \(b)")
        for p in [first, second] { kill(p.pid, SIGTERM) }
        for p in [first, second] { #expect(try p.waitExit() == 1) }
    }

    /// The prompt asks to stay above: openbox puts it in its layer above ordinary windows, so a
    /// window raised after it opened is still stacked under it.
    @Test func aWindowRaisedLaterStaysUnderTheDialog() throws {
        let m = try ManagedDesk()
        let (p, window) = try m.askpass()
        let other = try m.desk.client()
        let late = other.makeWindow()
        XRaiseWindow(other.display, late)
        XSync(other.display, 0)
        m.ask("_NET_ACTIVE_WINDOW", about: late, [2, Int(CurrentTime), 0])
        // Then a request whose answer shows: openbox takes its messages in order, so once the
        // late window is left out of pagers, the raise and the activation before it are done.
        let skipPager = Int(m.desk.x.atom("_NET_WM_STATE_SKIP_PAGER"))
        m.ask("_NET_WM_STATE", about: late, [1, skipPager, 0, 2])
        try waitUntil("openbox has taken the requests") { m.property("_NET_WM_STATE", of: late)?.contains(skipPager) == true }
        let order = m.property("_NET_CLIENT_LIST_STACKING", of: m.root) ?? []
        let dialogAt = try #require(order.firstIndex(of: Int(window))), lateAt = try #require(order.firstIndex(of: Int(late)))
        #expect(dialogAt > lateAt, "bottom to top: \(order), dialog \(window), late \(late)")
        kill(p.pid, SIGTERM)
        _ = try p.waitExit()
    }
}
