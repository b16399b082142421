// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import PinBoxCore

/// Waits for what a test expects to happen, never for a fixed time: polls `condition` until it
/// holds, and fails naming `what` (evaluated then, so it can say what was last seen) when
/// `timeout` seconds pass first.
func waitUntil(_ what: @autoclosure () -> String, timeout: Double = 5, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        guard Date() < deadline else { throw TestFailure("\(what()): not within \(timeout) s") }
        usleep(10_000)
    }
}

/// Waits out a question's arming delay (`DialogSpec.askpassArmingDelay`: ssh-add -c's question,
/// ssh's host key): until then a click or a key that would answer it is ignored, and nothing on
/// screen marks the moment it ends.
func pastTheArmingDelay() {
    usleep(UInt32((DialogSpec.askpassArmingDelay + 0.1) * 1_000_000))
}

/// A window id as XClient takes it ("0x…") from the decimal one xdotool prints.
func hexWindowID(_ decimal: String) throws -> String {
    guard let id = UInt(decimal) else { throw TestFailure("'\(decimal)' is not a window id") }
    return "0x" + String(id, radix: 16)
}

/// A colour as the failure messages write it.
func hex(_ colour: UInt32) -> String { "#" + String(format: "%06x", colour) }

extension XClient {
    /// Polling a window that goes away (a program that ended, wrongly or not) must fail the
    /// test that waits, not end the whole run: Xlib's default handler exits on any X error. A
    /// failed read then reads as nothing (`pixel` gives 0xdead), the wait runs out, and the
    /// error is said on stderr.
    static let errorsTolerated: Void = {
        _ = XSetErrorHandler { _, event in
            if let e = event?.pointee {
                let line = "test X client: X error \(e.error_code) on request \(e.request_code) for \(e.resourceid)\n"
                _ = line.withCString { write(2, $0, strlen($0)) }
            }
            return 0
        }
    }()

    /// A window's size on the server (what a program without events, the askpass, was given).
    func size(of id: String) -> Size {
        Self.errorsTolerated
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, Self.window(id), &attributes)
        return Size(width: Double(attributes.width), height: Double(attributes.height))
    }

    /// Every pixel of the window, row by row.
    func pixels(_ id: String) -> [UInt32] {
        // The server held between asking the size and reading: the window cannot change size
        // in between (a dialog follows its page's size).
        grabServer()
        defer { ungrabServer() }
        let size = size(of: id)
        return pixels(id, width: Int(size.width), height: Int(size.height))
    }

    /// The window's pixels once they hold still (see `stillPixels(_:width:height:timeout:)`).
    func stillPixels(_ id: String, timeout: Double = 3) -> [UInt32] {
        let size = size(of: id)
        return stillPixels(id, width: Int(size.width), height: Int(size.height), timeout: timeout)
    }

    /// Waits until the pixel at (`x`, `y`) is `colour`: a frame drawn, copied and on the server.
    func waitForPixel(_ id: String, x: Int, y: Int, is colour: UInt32, _ what: String, timeout: Double = 5) throws {
        Self.errorsTolerated
        var seen: UInt32 = 0
        try waitUntil("\(what): (\(x), \(y)) is \(hex(seen)), not \(hex(colour))", timeout: timeout) {
            seen = pixel(id, x: x, y: y)
            return seen == colour
        }
    }

    /// Waits until the window shows something other than `before` (a key's dot, a refusal's
    /// red, a pasted passphrase), then until it holds still; returns the still pixels.
    @discardableResult
    func waitForChange(_ id: String, from before: [UInt32], _ what: String, timeout: Double = 5) throws -> [UInt32] {
        _ = try waitForFrame(id, after: before, what, timeout: timeout)
        return stillPixels(id, timeout: timeout)
    }

    /// Waits until the window shows something other than `before`, and returns it: the next
    /// frame of a window that never holds still (a wait cue).
    func waitForFrame(_ id: String, after before: [UInt32], _ what: String, timeout: Double = 5) throws -> [UInt32] {
        var now = before
        try waitUntil("\(what): the window did not change", timeout: timeout) {
            now = pixels(id)
            return now != before
        }
        return now
    }

    /// The window that has the keyboard focus now.
    var inputFocus: Window {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display, &focus, &revert)
        return focus
    }
}

extension PinBoxProcess {
    /// Whether the program is still running `seconds` from now. For a refusal of something
    /// timed (a timeout it must not take from a resource): the time waited is the assertion
    /// itself, several times the time refused, and it returns at once if the program ends first.
    func staysRunning(for seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard child.isRunning else { return false }
            child.waitReadable(seconds: min(0.02, max(0, deadline.timeIntervalSinceNow)))
        }
        return child.isRunning
    }
}

extension PinentryDriver {
    /// Asks the pinentry its pid and waits for the answer: it reads commands one at a time, so
    /// once it answers this one, everything the previous command did (a dialog closed, its
    /// secret wiped) is done.
    func roundTrip() throws {
        let answer = "D \(pid)\nOK\n"
        let before = replies.components(separatedBy: answer).count - 1
        send("GETINFO pid\n")
        try waitOutput(answer, count: before + 1)
    }
}

/// Puts `text` on `selection` ("clipboard", "primary") with xclip (which goes on serving it)
/// and waits for it to own it.
func offer(_ text: String, on selection: String, display: String) throws {
    let (status, _) = try run(["xclip", "-selection", selection, "-i"], display: display, input: Array(text.utf8))
    guard status == 0 else { throw TestFailure("xclip failed (xclip is in scripts/install-deps)") }
    let x = try XClient(display)
    try waitUntil("xclip owns the \(selection) selection") {
        x.owner(of: selection == "primary" ? "PRIMARY" : "CLIPBOARD") != 0
    }
}

extension XClient {
    /// Presses or releases a key by its keycode through XTEST, as a keyboard does, in whatever
    /// group is locked (xdotool picks the group itself). libXtst comes with xdotool.
    func fakeKey(_ keycode: UInt32, down: Bool) throws {
        typealias Fake = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32
        guard let library = dlopen("libXtst.so.6", RTLD_NOW), let symbol = dlsym(library, "XTestFakeKeyEvent") else {
            throw TestFailure("no libXtst.so.6 (libxtst6, which xdotool needs)")
        }
        _ = unsafeBitCast(symbol, to: Fake.self)(display, keycode, down ? 1 : 0, 0)
        XSync(display, 0)
    }

    /// Presses and releases the keys by their keycodes, all but the last held, in order, while
    /// the last is tapped (`[37, 55]`: Control and the key of V; `[50, 133, 65]`: Shift and Super
    /// and Space; `[41]` the key of F alone), then let go in the reverse order. A key left down
    /// would make its next press a repeat, which the prompt drops.
    func chord(_ keycodes: [UInt32]) throws {
        for k in keycodes { try fakeKey(k, down: true) }
        for k in keycodes.reversed() { try fakeKey(k, down: false) }
    }
}
