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
    private let rule: String
    static let socket = "/run/dbus/system_bus_socket"

    init(rule name: String, _ text: String) throws {
        rule = "/etc/polkit-1/rules.d/49-pinbox-e2e-\(name).rules"
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

    deinit {
        unlink(rule)
        for child in [daemon, bus].compactMap({ $0 }) where child.isRunning {
            kill(child.pid, SIGTERM)
            child.wait(within: 10)
        }
        if bus != nil { unlink(Self.socket) }
    }

    /// Whether `name` has an owner on the system bus.
    private static func answers(_ name: String) -> Bool {
        (try? run(["dbus-send", "--system", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                   "org.freedesktop.DBus.GetNameOwner", "string:\(name)"]).status) == 0
    }
}
