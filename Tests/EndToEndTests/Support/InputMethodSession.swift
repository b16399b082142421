// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A real input method on a display: IBus with its Korean engine (ibus-hangul), serving XIM
/// (`ibus-daemon --xim`, which starts ibus-x11), its settings in memory, on a private session
/// bus in a home of its own; it ends with the object (the daemon takes its engine and XIM
/// server with it). A client finds it as `XMODIFIERS=@im=ibus` (`environment`).
final class InputMethodSession {
    private let bus: SessionBus
    private let daemon: Child
    private let display: String

    /// What a program needs to use it.
    let environment = ["XMODIFIERS": "@im=ibus"]

    init(display: String, x: XClient, root: String) throws {
        for tool in ["ibus-daemon", "ibus"] { _ = try which(tool) }
        bus = try SessionBus(root: root)
        self.display = display
        var env = bus.environment
        env["DISPLAY"] = display
        daemon = try Child(["ibus-daemon", "--xim", "--panel=disable", "--emoji-extension=disable",
                            "--config=/usr/libexec/ibus-memconf"], environment: env, capture: true)
        // Up once the Korean engine is the one in use and the XIM server owns its selection.
        try waitUntil("IBus's Korean engine chosen", timeout: 20) {
            guard daemon.isRunning else { throw TestFailure("ibus-daemon ended: \(String(decoding: daemon.read().err, as: UTF8.self))") }
            return try run(["ibus", "engine", "hangul"], environment: env).status == 0
        }
        try waitUntil("IBus's XIM server on \(display)", timeout: 20) { x.owner(of: "@server=ibus") != 0 }
    }

    /// Whether its daemon runs.
    var isRunning: Bool { daemon.isRunning }

    /// Ends it at once, as a crashed input method: the daemon and what it started.
    func kill() {
        for child in (try? run(["pgrep", "-P", String(daemon.pid)]).output.split(separator: "\n")) ?? [] {
            if let pid = pid_t(child) { Glibc.kill(pid, SIGKILL) }
        }
        Glibc.kill(daemon.pid, SIGKILL)
        daemon.wait()
    }

    deinit {
        if daemon.isRunning {
            Glibc.kill(daemon.pid, SIGTERM)
            daemon.wait()
        }
    }
}
