// SPDX-License-Identifier: MIT
import CX11
import Foundation
import PinBoxCore

/// A second X client for what xdotool cannot do: play the window manager's close button,
/// read a window's properties, own a selection.
final class XClient {
    let display: OpaquePointer

    init(_ name: String) throws {
        guard let d = XOpenDisplay(name) else { throw TestFailure("cannot open \(name)") }
        display = d
    }

    private var abandoned = false
    /// The top-level windows made since `watchTopLevels`, and their sizes then.
    fileprivate var madeSizes: [Window: Size] = [:]

    /// Stops using the connection for good, so a server that is about to die cannot make
    /// Xlib exit the test runner when we close it.
    func abandon() { abandoned = true }

    deinit { if !abandoned { XCloseDisplay(display) } }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Whether the server offers the extension `name` (asked directly: no Xlib warning).
    func hasExtension(_ name: String) -> Bool {
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        return XQueryExtension(display, name, &opcode, &event, &error) != 0
    }

    static func window(_ id: String) -> Window { Window(id.dropFirst(2), radix: 16)! }

    /// What a window manager sends when the user clicks the close button.
    func sendDeleteWindow(_ id: String) {
        sendMessage("WM_PROTOCOLS", [Int(atom("WM_DELETE_WINDOW")), Int(CurrentTime)], to: Self.window(id))
    }

    /// A client message of `type` with up to five 32-bit `items`, sent to `window` for the
    /// clients listening there with `mask` (none: its owner), as any client can.
    func sendMessage(_ type: String, _ items: [Int], to window: Window, mask: Int = NoEventMask) {
        var e = XEvent()
        e.xclient.type = ClientMessage
        e.xclient.window = window
        e.xclient.message_type = atom(type)
        e.xclient.format = 32
        let l = items + Array(repeating: 0, count: 5 - items.count)
        e.xclient.data.l = (l[0], l[1], l[2], l[3], l[4])
        XSendEvent(display, window, 0, mask, &e)
        XSync(display, 0)
    }

    /// Forges a press of the key named `key` (a keysym name) with no release, as any client can
    /// with XSendEvent.
    func forgeKeyPress(_ id: String, key: String) {
        forgeKeyPress(id, keycode: UInt32(XKeysymToKeycode(display, XStringToKeysym(key))))
    }

    /// Forges a press of the key `keycode`, whatever the keymap has on it.
    func forgeKeyPress(_ id: String, keycode: UInt32) {
        var e = XEvent()
        e.xkey.type = KeyPress
        e.xkey.window = Self.window(id)
        e.xkey.root = XDefaultRootWindow(display)
        e.xkey.keycode = keycode
        e.xkey.same_screen = 1
        XSendEvent(display, Self.window(id), 1, KeyPressMask, &e)
        XFlush(display)
    }

    /// Forges a click of the first button at a point of a window (its press and its release),
    /// as any client can with XSendEvent.
    func forgeClick(_ id: String, x: Int, y: Int) {
        for (type, mask) in [(ButtonPress, ButtonPressMask), (ButtonRelease, ButtonReleaseMask)] {
            var e = XEvent()
            e.xbutton.type = type
            e.xbutton.window = Self.window(id)
            e.xbutton.root = XDefaultRootWindow(display)
            (e.xbutton.x, e.xbutton.y) = (Int32(x), Int32(y))
            e.xbutton.button = UInt32(Button1)
            e.xbutton.state = type == ButtonRelease ? UInt32(Button1Mask) : 0
            e.xbutton.same_screen = 1
            XSendEvent(display, Self.window(id), 1, mask, &e)
        }
        XFlush(display)
    }

    /// Gives each keysym that no key types a key of its own, one that had none, from the last
    /// down (xdotool borrows the first): xdotool then types it without changing the keymap
    /// around the press (`xdotool(_:display:)` says why that matters).
    func putOnSpareKeys(_ keysyms: [KeySym]) {
        var (spare, present) = keymap()
        for var keysym in keysyms where keysym != 0 && !present.contains(keysym) {
            guard let code = spare.popLast() else { break }
            XChangeKeyboardMapping(display, Int32(code), 1, &keysym, 1)
            present.insert(keysym)
        }
        XSync(display, 0)
    }

    /// The keycodes that type nothing (no keysym on any level), lowest first, and every keysym
    /// some key has.
    func keymap() -> (spare: [Int], present: Set<KeySym>) {
        var low: Int32 = 0, high: Int32 = 0, width: Int32 = 0
        XDisplayKeycodes(display, &low, &high)
        guard let map = XGetKeyboardMapping(display, KeyCode(low), high - low + 1, &width) else { return ([], []) }
        defer { XFree(map) }
        let w = Int(width)
        let spare = (Int(low)...Int(high)).filter { code in (0..<w).allSatisfy { map[(code - Int(low)) * w + $0] == 0 } }
        return (spare, Set((0..<(Int(high - low) + 1) * w).map { map[$0] }))
    }

    /// Every property of a window, as name → raw bytes.
    func properties(of id: String) -> [String: [UInt8]] {
        var count: Int32 = 0
        guard let list = XListProperties(display, Self.window(id), &count) else { return [:] }
        defer { XFree(list) }
        var result: [String: [UInt8]] = [:]
        for i in 0..<Int(count) {
            let name = XGetAtomName(display, list[i]).map { p in defer { XFree(p) }; return String(cString: p) } ?? "?"
            var type: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
            var data: UnsafeMutablePointer<UInt8>?
            XGetWindowProperty(display, Self.window(id), list[i], 0, 1 << 20, 0, Atom(AnyPropertyType),
                               &type, &format, &n, &after, &data)
            guard let data else { continue }
            // Format 32 comes back as C longs.
            let bytes = format == 32 ? Int(n) * MemoryLayout<Int>.size : Int(n) * Int(format) / 8
            result[name] = Array(UnsafeBufferPointer(start: data, count: bytes))
            XFree(data)
        }
        return result
    }

    /// The owner of a selection, or 0.
    func owner(of selection: String) -> Window { XGetSelectionOwner(display, atom(selection)) }

    /// Takes a selection and never answers a request for it: a hung owner.
    func ownSilently(_ selection: String) {
        let w = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        XSetSelectionOwner(display, atom(selection), w, UInt(CurrentTime))
        XFlush(display)
    }

    /// How many requests for `selection`, held silently (`ownSilently`), came since last asked.
    func requests(for selection: String) -> Int {
        var count = 0, event = XEvent()
        let wanted = atom(selection)
        while XCheckTypedEvent(display, SelectionRequest, &event) != 0 {
            if event.xselectionrequest.selection == wanted { count += 1 }
        }
        return count
    }
}

extension XClient {
    /// The colour the X server holds at a point of a window, as 0xRRGGBB: what the user sees.
    func pixel(_ id: String, x: Int, y: Int) -> UInt32 {
        Self.errorsTolerated
        guard let image = XGetImage(display, Self.window(id), Int32(x), Int32(y), 1, 1, UInt.max /* AllPlanes */, ZPixmap) else {
            return 0xdead
        }
        defer { pinbox_destroy_image(image) }
        return UInt32(truncatingIfNeeded: pinbox_get_pixel(image, 0, 0)) & 0xffffff
    }

    /// Every pixel of a window's `width × height` top-left corner, row by row, as 0xRRGGBB.
    func pixels(_ id: String, width: Int, height: Int) -> [UInt32] {
        // A dialog follows its page's size (an error line that comes and goes): a read at a size
        // it no longer has fails the read, not the whole run.
        Self.errorsTolerated
        guard let image = XGetImage(display, Self.window(id), 0, 0, UInt32(width), UInt32(height), UInt.max, ZPixmap) else {
            return []
        }
        defer { pinbox_destroy_image(image) }
        return (0..<height).flatMap { y in
            (0..<width).map { x in UInt32(truncatingIfNeeded: pinbox_get_pixel(image, Int32(x), Int32(y))) & 0xffffff }
        }
    }
}

extension XClient {
    /// The window's pixels once they hold still: read until two reads 0.1 s apart agree (while
    /// anything moves, a frame comes every 17 ms), for at most `timeout` seconds.
    func stillPixels(_ id: String, width: Int, height: Int, timeout: Double = 3) -> [UInt32] {
        let deadline = Date().addingTimeInterval(timeout)
        var last = pixels(id, width: width, height: height)
        while Date() < deadline {
            usleep(100_000)
            let next = pixels(id, width: width, height: height)
            if next == last { return next }
            last = next
        }
        return last
    }

    /// Where a top-level window is on the screen, its window manager's frame included: the
    /// root's child that holds it, border and all.
    func frame(of id: String) -> Rect {
        var window = Self.window(id)
        while true {
            var rootReturn: Window = 0, parent: Window = 0, count: UInt32 = 0
            var children: UnsafeMutablePointer<Window>?
            guard XQueryTree(display, window, &rootReturn, &parent, &children, &count) != 0 else { break }
            if let children { XFree(children) }
            if parent == rootReturn || parent == 0 { break }
            window = parent
        }
        var a = XWindowAttributes()
        XGetWindowAttributes(display, window, &a)
        return Rect(x: Double(a.x), y: Double(a.y), width: Double(a.width + 2 * a.border_width),
                    height: Double(a.height + 2 * a.border_width))
    }

    /// Hears the top-level windows made and shown from now on (the root's SubstructureNotify),
    /// for `nextShownWindowsMadeSize`.
    func watchTopLevels() {
        XSelectInput(display, XDefaultRootWindow(display), SubstructureNotifyMask)
        XSync(display, 0)
    }

    /// The next top-level window shown (mapped), and the size it was made at, as its CreateNotify said:
    /// what its first frame was drawn for, whatever it grew to since. Waits at most `timeout`
    /// seconds.
    func nextShownWindowsMadeSize(timeout: Double = 15) throws -> (window: Window, made: Size) {
        let deadline = Date().addingTimeInterval(timeout)
        var e = XEvent()
        while Date() < deadline {
            while XPending(display) > 0 {
                XNextEvent(display, &e)
                if e.type == CreateNotify {
                    madeSizes[e.xcreatewindow.window] = Size(width: Double(e.xcreatewindow.width),
                                                             height: Double(e.xcreatewindow.height))
                } else if e.type == MapNotify, let size = madeSizes[e.xmap.window] {
                    return (e.xmap.window, size)
                }
            }
            var ready = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 50)
        }
        throw TestFailure("no window was shown within \(timeout) s")
    }

    /// The screen's size, in pixels.
    var screen: Size {
        Size(width: Double(XDisplayWidth(display, 0)), height: Double(XDisplayHeight(display, 0)))
    }

    /// A small mapped window of our own, to take the focus or a grab with.
    func makeWindow() -> Window {
        let w = XCreateSimpleWindow(display, XDefaultRootWindow(display), 600, 600, 50, 50, 0, 0, 0)
        XSelectInput(display, w, StructureNotifyMask)
        XMapWindow(display, w)
        var e = XEvent()
        repeat { XNextEvent(display, &e) } while e.type != MapNotify
        return w
    }

    func focus(_ w: Window) {
        XSetInputFocus(display, w, RevertToParent, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Tries to take the keyboard; true when this client got it.
    func grabKeyboard(_ w: Window) -> Bool {
        let r = XGrabKeyboard(display, w, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        XSync(display, 0)
        return r == GrabSuccess
    }

    /// Whether another client holds the keyboard: a grab of this client's through `probe` fails.
    /// One that succeeds is let go at once, so the probe takes nothing from the program.
    func keyboardIsHeldElsewhere(probe: Window) -> Bool {
        guard grabKeyboard(probe) else { return true }
        ungrabKeyboard()
        return false
    }

    /// Destroys another client's window, as a hostile or buggy client could.
    func destroyWindow(_ id: String) {
        XDestroyWindow(display, Self.window(id))
        XSync(display, 0)
    }

    func ungrabKeyboard() {
        XUngrabKeyboard(display, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Every property of the root window: where cut buffers would hold a leaked PIN.
    var rootProperties: [String: [UInt8]] {
        properties(of: "0x" + String(XDefaultRootWindow(display), radix: 16))
    }
}

extension XClient {
    /// Takes the whole server, as some window managers do during interactive placement: no
    /// other client's request is served until `ungrabServer`.
    func grabServer() {
        XGrabServer(display)
        XSync(display, 0)
    }

    func ungrabServer() {
        XUngrabServer(display)
        XSync(display, 0)
    }
}
