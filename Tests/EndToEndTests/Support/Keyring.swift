// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A private session bus (`dbus-run-session`) with a real GNOME Keyring on it, unlocked with a
/// password given on stdin (`gnome-keyring-daemon --unlock --components=secrets`), in a home of
/// its own; both end with the object.
final class KeyringSession {
    private let bus: SessionBus
    private let daemon: Child
    var root: String { bus.root }
    var address: String { bus.address }

    /// What every program of the session needs to find the bus and the keyring's files.
    var environment: [String: String] { bus.environment }

    init(root: String) throws {
        for tool in ["dbus-send", "gnome-keyring-daemon", "secret-tool"] {
            _ = try which(tool)  // names the package when missing
        }
        bus = try SessionBus(root: root)
        let env = bus.environment
        let deadline = Date().addingTimeInterval(15)
        daemon = try Child(["gnome-keyring-daemon", "--foreground", "--unlock", "--components=secrets"],
                           environment: env, capture: true, interactive: true)
        daemon.send("keyring password")
        daemon.closeInput()
        // Up once it owns the Secret Service's name (before that, a lookup would have the bus
        // start another daemon, a locked one).
        while try run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                       "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"], environment: env)
            .output.contains("boolean false") {
            guard Date() < deadline, daemon.isRunning else { throw TestFailure("gnome-keyring-daemon did not come up") }
            usleep(20_000)
        }
        // And once its login keyring is there, unlocked: the daemon writes it (and syncs it to
        // disk) as it starts, from its one loop. A session's keyring has long been up when a
        // prompt asks it; a prompt that asked during that write, on a busy disk, could find it
        // silent for longer than the second it is given.
        try waitUntil("gnome-keyring-daemon's login keyring unlocked", timeout: 15) {
            try run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.secrets",
                     "/org/freedesktop/secrets/aliases/default", "org.freedesktop.DBus.Properties.Get",
                     "string:org.freedesktop.Secret.Collection", "string:Locked"], environment: env)
                .output.contains("boolean false")
        }
    }

    deinit {
        if daemon.isRunning { thaw(); kill(daemon.pid, SIGTERM); daemon.wait() }
    }

    /// `secret-tool search --all` for items with `attribute` = `value`: all it printed (it
    /// writes the attributes on stderr).
    func search(_ attribute: String, _ value: String) throws -> String {
        let tool = try Child(["secret-tool", "search", "--all", attribute, value], environment: environment, capture: true)
        var text: [UInt8] = []
        let deadline = Date().addingTimeInterval(60)
        while tool.isRunning {
            guard Date() < deadline else {
                kill(tool.pid, SIGKILL)
                throw TestFailure("secret-tool search did not finish within 60 s")
            }
            tool.waitReadable(seconds: 0.05)
            let (out, err) = tool.read()
            text += out + err
        }
        let (out, err) = tool.read()
        return String(decoding: text + out + err, as: UTF8.self)
    }

    /// Whether a program owns the Secret Service's name on the bus now.
    func isRunning() throws -> Bool {
        try run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                 "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"], environment: environment)
            .output.contains("boolean true")
    }

    /// Ends the keyring daemon, as in a session that never started one: its name is free again,
    /// and the bus could start another (gnome-keyring's D-Bus service file).
    func stopDaemon() throws {
        thaw()
        kill(daemon.pid, SIGTERM)
        daemon.wait()
        try waitUntil("the Secret Service's name let go") { try !isRunning() }
    }

    /// Stops the keyring daemon where it stands, as a daemon hung in a deadlock: it keeps its
    /// name on the bus and answers nothing until `thaw`.
    func freeze() { kill(daemon.pid, SIGSTOP) }

    /// Lets a frozen daemon go on (a stopped process cannot end until it does).
    func thaw() { kill(daemon.pid, SIGCONT) }

    /// Locks the default collection (the Secret Service's Lock method), as a screen lock does.
    func lock() throws {
        let reply = try run(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.secrets",
                             "/org/freedesktop/secrets", "org.freedesktop.Secret.Service.Lock",
                             "array:objpath:/org/freedesktop/secrets/collection/login"], environment: environment)
        guard reply.output.contains("collection/login") else { throw TestFailure("the keyring did not lock: \(reply.output)") }
    }

    /// Stores `secret` under `attributes` with `label`, as another program would.
    func store(label: String, attributes: [String], secret: String) throws {
        let result = try run(["secret-tool", "store", "--label=" + label] + attributes, environment: environment,
                             input: Array(secret.utf8))
        guard result.status == 0 else { throw TestFailure("secret-tool store failed") }
    }
}
