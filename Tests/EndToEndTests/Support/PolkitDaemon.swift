// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// polkit on this machine for one test: the system bus and polkitd, started (and ended) by the
/// test where none runs, and one rule of the test's (`/etc/polkit-1/rules.d/49-pinbox-e2e-NAME.rules`),
/// removed at the end.
final class PolkitDaemon {
    private var bus: Child?
    private var daemon: Child?
    /// What a restarted polkitd said (it is started without --no-debug, its output read).
    private var log = ""
    private let rule: String
    static let socket = "/run/dbus/system_bus_socket"

    /// Suites run at once, and more than one tests polkit: each test takes polkitd (and the
    /// system bus that one may start, restart or end) in its turn. Recursive: a test may hold
    /// two (a control without an agent, then the agent's).
    private static let turn = NSRecursiveLock()

    init(rule name: String, _ text: String) throws {
        Self.turn.lock()
        rule = "/etc/polkit-1/rules.d/49-pinbox-e2e-\(name).rules"
        // (Every property is set: a failure below still runs deinit, which gives the turn back.)
        #expect(FileManager.default.createFile(atPath: rule, contents: Data((text + "\n").utf8),
                                               attributes: [.posixPermissions: 0o644]))
        if !Self.answers("org.freedesktop.DBus") {
            unlink(Self.socket)  // a bus that ended without removing it: nobody listens there
            try FileManager.default.createDirectory(atPath: "/run/dbus", withIntermediateDirectories: true)
            bus = try Child(["dbus-daemon", "--system", "--nofork", "--nopidfile"])
            try waitUntil("the system bus") { Self.answers("org.freedesktop.DBus") }
        }
        if !Self.answers("org.freedesktop.PolicyKit1") {
            daemon = try Child(["/usr/lib/polkit-1/polkitd", "--no-debug"])
            try waitUntil("polkitd on the system bus", timeout: 10) { Self.answers("org.freedesktop.PolicyKit1") }
        }
    }

    /// polkitd ended and started again, as a package upgrade restarts it. Only a polkitd this
    /// test started can be.
    func restart() throws {
        guard let old = daemon else { throw TestFailure("polkitd runs outside the test: it cannot be restarted") }
        kill(old.pid, SIGTERM)
        old.wait(within: 10)
        log = ""
        daemon = try Child(["/usr/lib/polkit-1/polkitd"], capture: true)
        try waitUntil("polkitd on the system bus again", timeout: 10) { Self.answers("org.freedesktop.PolicyKit1") }
    }

    /// Waits until the restarted polkitd says an agent registered with it.
    func waitForAnAgent() throws {
        try waitUntil("an agent registered with the restarted polkitd, in \(log)", timeout: 10) {
            let (out, err) = daemon?.read() ?? ([], [])
            log += String(decoding: out + err, as: UTF8.self)
            return log.contains("Registered Authentication Agent for unix-process:")
        }
    }

    deinit {
        unlink(rule)
        for child in [daemon, bus].compactMap({ $0 }) where child.isRunning {
            kill(child.pid, SIGTERM)
            child.wait(within: 10)
        }
        if bus != nil { unlink(Self.socket) }
        Self.turn.unlock()
    }

    /// Whether `name` has an owner on the system bus.
    private static func answers(_ name: String) -> Bool {
        (try? run(["dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                   "org.freedesktop.DBus.GetNameOwner", "string:\(name)"]).status) == 0
    }
}
