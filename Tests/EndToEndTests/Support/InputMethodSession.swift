// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A real input method on a display: IBus with its Korean engine (ibus-hangul) or its Japanese
/// one (ibus-anthy), serving XIM (`ibus-daemon --xim`, which starts ibus-x11), its settings
/// (and the engine's) in memory, on a private session
/// bus in a home of its own, with its own window for candidates (its panel, ibus-ui-gtk3) when
/// asked; it ends with the object (the daemon takes its engine and XIM server with it). A
/// client finds it as `XMODIFIERS=@im=ibus` (`environment`).
final class InputMethodSession {
    private let bus: SessionBus
    private let daemon: Child
    private var panel: Child?
    private let display: String

    /// What a program needs to use it.
    let environment = ["XMODIFIERS": "@im=ibus"]

    init(display: String, x: XClient, root: String, engine: String = "hangul", panel withPanel: Bool = false) throws {
        for tool in ["ibus-daemon", "ibus"] { _ = try which(tool) }
        bus = try SessionBus(root: root)
        self.display = display
        var env = bus.environment
        env["DISPLAY"] = display
        env["LANG"] = "C.UTF-8"
        // ibus-anthy is Python with Debian's own modules (GObject's), and keeps its settings
        // through GSettings.
        env["PATH"] = "/usr/bin:/bin"
        env["GSETTINGS_BACKEND"] = "memory"
        // Anthy (the engine and its library) keeps what it learns in the home the passwd entry
        // names, not $HOME: nss_wrapper gives the session an entry whose home is its own, so
        // nothing is written to the user's.
        let wrapper = "/usr/lib/x86_64-linux-gnu/libnss_wrapper.so"
        guard FileManager.default.fileExists(atPath: wrapper) else { throw TestFailure("\(wrapper) is missing (libnss-wrapper)") }
        let user = String(cString: getpwuid(getuid()).pointee.pw_name)
        try "\(user):x:\(getuid()):\(getgid()):\(user):\(root):/bin/sh\n".write(toFile: root + "/passwd", atomically: true,
                                                                                  encoding: .utf8)
        try "\(user):x:\(getgid()):\n".write(toFile: root + "/group", atomically: true, encoding: .utf8)
        env["LD_PRELOAD"] = wrapper
        env["NSS_WRAPPER_PASSWD"] = root + "/passwd"
        env["NSS_WRAPPER_GROUP"] = root + "/group"
        daemon = try Child(["ibus-daemon", "--xim", "--panel=disable", "--emoji-extension=disable",
                            "--config=/usr/libexec/ibus-memconf"], environment: env, capture: true)
        // Up once the engine is the one in use and the XIM server owns its selection.
        do {
            try waitUntil("IBus's engine \(engine) chosen", timeout: 20) {
                guard daemon.isRunning else { throw TestFailure("ibus-daemon ended") }
                if try run(["ibus", "engine"], environment: env).output.hasPrefix(engine) { return true }
                // Asked again only when it is not: each time makes the engine anew (Anthy's
                // takes a moment), and asking without pause would keep it from ever coming up.
                _ = try run(["ibus", "engine", engine], environment: env)
                return false
            }
        } catch {
            throw TestFailure("\(error); ibus-daemon and its engines said: \(String(decoding: daemon.read().err, as: UTF8.self))")
        }
        if withPanel {
            // The panel sets the engines its settings name as it comes: the Korean one.
            env["GSETTINGS_BACKEND"] = "keyfile"
            guard try run(["gsettings", "set", "org.freedesktop.ibus.general", "preload-engines", "['\(engine)']"],
                          environment: env).status == 0 else { throw TestFailure("gsettings could not name IBus's engine") }
            panel = try Child(["/usr/libexec/ibus-ui-gtk3"], environment: env, capture: true)
            // Up once it owns its name on IBus's bus; it chose an engine of its own as it came.
            let address = try run(["ibus", "address"], environment: env).output.trimmingCharacters(in: .whitespacesAndNewlines)
            try waitUntil("IBus's panel on its bus", timeout: 20) {
                try run(["dbus-send", "--address=" + address, "--print-reply", "--dest=org.freedesktop.DBus",
                         "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.IBus.Panel"],
                        environment: env).output.contains("boolean true")
            }
            try waitUntil("IBus's engine \(engine) still chosen", timeout: 20) {
                try run(["ibus", "engine"], environment: env).output.hasPrefix(engine)
            }
        }
        try waitUntil("IBus's XIM server on \(display)", timeout: 20) { x.owner(of: "@server=ibus") != 0 }
    }

    /// Stops its XIM server where it stands (SIGSTOP), as a hung input method: it keeps its
    /// selection and answers nothing until the object goes.
    func freeze() throws {
        let pid = try server()
        frozen = pid
        Glibc.kill(pid, SIGSTOP)
    }

    private var frozen: pid_t?

    /// Its XIM server, ibus-x11: the daemon starts it detached (its parent is init), so it is
    /// found by its display in its environment.
    private func server() throws -> pid_t {
        let found = try run(["pgrep", "-x", "ibus-x11"]).output.split(separator: "\n").compactMap { pid_t($0) }
        let ours = found.filter { pid in
            let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
            return environ.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "DISPLAY=" + display }
        }
        guard let pid = ours.first, ours.count == 1 else { throw TestFailure("ibus-x11 on \(display): \(ours)") }
        return pid
    }

    /// Ends it at once, as a crashed input method: its XIM server and its daemon.
    func kill() throws {
        Glibc.kill(try server(), SIGKILL)
        Glibc.kill(daemon.pid, SIGKILL)
        daemon.wait()
    }

    deinit {
        if let frozen { Glibc.kill(frozen, SIGCONT) }
        if let panel, panel.isRunning {
            Glibc.kill(panel.pid, SIGTERM)
            _ = panel.wait()
        }
        if daemon.isRunning {
            Glibc.kill(daemon.pid, SIGTERM)
            daemon.wait()
        }
    }
}
