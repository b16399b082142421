// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc

/// A Wayland session, as most GNOME and Plasma users have one, in miniature: weston, the
/// reference compositor, with Xwayland for X programs such as PinBox, drawing into a window of a
/// private Xvfb (weston's x11 backend). That Xvfb is the user's hardware: keys typed on it through
/// XTEST reach the compositor as a keyboard's do, in the layouts the hardware was given, and the
/// compositor hands them to the Wayland window it focuses, or to Xwayland for the X window it
/// focuses; nothing reaches PinBox that the compositor did not send. Everything started here (the
/// compositor, its Xwayland, a terminal, a clipboard owner) ends with the object.
final class WaylandDesk {
    /// The screen, keyboard and mouse.
    let hardware: Xvfb
    /// XDG_RUNTIME_DIR, where the compositor's socket is; private, as logind makes it.
    let runtime: String
    /// Xwayland's display, which X programs in the session are given.
    let display: String
    private let compositor: Child
    private var started: [Child] = []
    private var xclient: XClient?

    /// A session whose keyboard has `layouts` (setxkbmap's -layout, -variant and -option), which
    /// the compositor reads from the hardware when it starts and gives Xwayland.
    init(layouts: String = "us", variants: String = "", options: String = "") throws {
        hardware = try Xvfb()
        try run(["setxkbmap", "-layout", layouts, "-variant", variants, "-option", options], display: hardware.display)
        runtime = NSTemporaryDirectory() + "pinbox-wayland-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let log = runtime + "/weston.log"
        // No weston.ini of the tester's; no idle lock; software drawing (Xvfb has no GL).
        compositor = try Child(["weston", "--no-config", "--backend=x11-backend.so", "--use-pixman", "--xwayland",
                                "--socket=wayland-pinbox", "--width=1024", "--height=768", "--idle-time=0",
                                "--log=" + log],
                               environment: ["DISPLAY": hardware.display, "XDG_RUNTIME_DIR": runtime])
        // weston names Xwayland's display in its log once it listens for X clients (Xwayland
        // itself starts with the first of them).
        let opening = "xserver listening on display "
        var named: String?
        try waitUntil("weston listening for X clients, as its log \(log) says", timeout: 20) { [compositor] in
            guard compositor.isRunning else { throw TestFailure("weston ended: see \(log)") }
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            named = text.components(separatedBy: "\n").first { $0.contains(opening) }
                .map { String($0[$0.range(of: opening)!.upperBound...]) }
            return named != nil
        }
        display = named!
    }

    deinit {
        xclient?.abandon()
        for child in started + [compositor] where child.isRunning {
            kill(child.pid, SIGTERM)
            _ = child.wait()
        }
        hardware.kill()
        try? FileManager.default.removeItem(atPath: runtime)
    }

    /// What a program started in the session has: both displays and the session's type.
    var environment: [String: String] {
        ["DISPLAY": display, "WAYLAND_DISPLAY": "wayland-pinbox", "XDG_RUNTIME_DIR": runtime,
         "XDG_SESSION_TYPE": "wayland", "LANG": "C.UTF-8"]
    }

    /// Starts `argv` in the session; it ends with the desk if it has not ended before.
    @discardableResult
    func start(_ argv: [String], environment more: [String: String] = [:], capture: Bool = false) throws -> Child {
        let child = try Child(argv, environment: environment.merging(more) { $1 }, capture: capture)
        started.append(child)
        return child
    }

    /// Keys typed on the hardware's keyboard: only what its layouts have. The compositor reads
    /// the keymap once, so a character put on a spare key for the moment (as `xdotool(_:display:)`
    /// does for an X program) would reach it as a key with no symbol.
    func type(_ text: String) throws {
        try hardwareXdotool(["type", "--delay", "25", text])
    }

    func key(_ names: String...) throws {
        try hardwareXdotool(["key", "--delay", "30"] + names)
    }

    /// Keys pressed on the hardware by keycode, each held over the next: the group stays as
    /// they leave it, where xdotool puts back the group it found after each key.
    func press(keycodes: [UInt32]) throws {
        try XClient(hardware.display).chord(keycodes)
    }

    /// A left click at a point of the compositor's screen. weston's x11 backend moves its
    /// pointer by each motion's distance, kept within its screen, not to where the hardware's
    /// is: the pointer is pushed into a corner first, where both agree.
    func click(x: Int, y: Int) throws {
        try hardwareXdotool(["mousemove", "4000", "4000", "mousemove", "0", "0", "mousemove", String(x), String(y),
                             "click", "1"])
    }

    private func hardwareXdotool(_ arguments: [String]) throws {
        let (status, _) = try run(["xdotool"] + arguments, display: hardware.display)
        guard status == 0 else { throw TestFailure("xdotool \(arguments) failed with \(status)") }
    }

    /// The PinBox window Xwayland shows (the newest, when there are several).
    func dialog(timeout: Double = 20) throws -> Window {
        var found: Window?
        try waitUntil("a PinBox window on Xwayland's \(display)", timeout: timeout) {
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: display)
            found = out.split(separator: "\n").last.flatMap { Window($0) }
            return found != nil
        }
        return found!
    }

    /// Waits until the compositor gives `window` the keyboard. Its window manager for X programs
    /// then names the window active on Xwayland's root (`_NET_ACTIVE_WINDOW`), once the keys go
    /// to Xwayland; Xwayland's own input focus says nothing of that (PinBox sets it itself
    /// when it takes the keyboard).
    func waitForKeyboard(on window: Window, timeout: Double = 10) throws {
        let x = try xclient ?? XClient(display)
        xclient = x
        var active: Window = 0
        try waitUntil("the compositor giving the keyboard to window \(window) (active: \(active))", timeout: timeout) {
            let bytes = x.rootProperties["_NET_ACTIVE_WINDOW"] ?? []
            active = bytes.count >= MemoryLayout<Int>.size
                ? bytes.prefix(MemoryLayout<Int>.size).reversed().reduce(0) { $0 << 8 | Window($1) } : 0
            return active == window
        }
    }

    /// A Wayland terminal, maximized (a click anywhere but on a dialog lands in it), in raw mode,
    /// that writes every byte it is given into a file: what the user typed or pasted into it.
    final class Terminal {
        /// A point of the screen in the terminal, beside any dialog (which opens in the middle).
        static let corner = (x: 20, y: 740)
        let file: String
        init(file: String) { self.file = file }
        var received: String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
    }

    func terminal() throws -> Terminal {
        let terminal = Terminal(file: runtime + "/terminal-received")
        let shell = runtime + "/terminal-shell"
        try "#!/bin/sh\nstty raw -echo\nexec cat > '\(terminal.file)'\n".write(toFile: shell, atomically: true,
                                                                             encoding: .utf8)
        chmod(shell, 0o755)
        try start(["weston-terminal", "--maximized", "--shell=" + shell])
        try waitUntil("the terminal's shell running", timeout: 20) { FileManager.default.fileExists(atPath: terminal.file) }
        // Maximized on screen, its black at two far points of the desktop, before anything else
        // opens: a click at its corner then lands in it, whatever weston placed it at first.
        let screen = try XClient(hardware.display)
        let root = "0x" + String(XDefaultRootWindow(screen.display), radix: 16)
        try waitUntil("the terminal maximized", timeout: 20) {
            [Terminal.corner, (x: 1000, y: 400)].allSatisfy { screen.pixel(root, x: $0.x, y: $0.y) == 0 }
        }
        try type("ready", into: terminal)
        return terminal
    }

    /// Types `text` until the terminal has it: the compositor gives it the keyboard a moment
    /// after its shell runs, or after a dialog in front of it goes.
    func type(_ text: String, into terminal: Terminal) throws {
        for attempt in 1...5 {
            try type(text)
            do {
                try waitUntil("the terminal taking '\(text)' (it has '\(terminal.received)')", timeout: 2) {
                    terminal.received.hasSuffix(text)
                }
                return
            } catch where attempt < 5 {}
        }
    }

    /// Puts `text` on the Wayland clipboard, as a Wayland password manager's Copy does (wl-copy
    /// stays to serve it).
    func copy(_ text: String) throws {
        let (status, _) = try run(["wl-copy", text], environment: environment)
        guard status == 0 else { throw TestFailure("wl-copy failed (\(status))") }
    }
}
