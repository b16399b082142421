// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A private session bus (`dbus-run-session`) for programs started in a home of their own
/// (`root`): a keyring, an input method. It ends with the object.
final class SessionBus {
    let root: String
    private(set) var address = ""
    private let bus: Child

    /// What every program of the session needs to find the bus and its files.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": address, "HOME": root, "XDG_RUNTIME_DIR": root + "/run",
         "XDG_DATA_HOME": root + "/data", "XDG_CONFIG_HOME": root + "/config"]
    }

    init(root: String) throws {
        self.root = root
        for dir in ["/run", "/data", "/config"] {
            try FileManager.default.createDirectory(atPath: root + dir, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        }
        _ = try which("dbus-run-session")  // names the package when missing
        // The bus lives as long as the command it runs; that command says where the bus is.
        let file = root + "/bus-address"
        bus = try Child(["dbus-run-session", "--", "sh", "-c", "echo \"$DBUS_SESSION_BUS_ADDRESS\" > \(file); exec cat"],
                        environment: ["HOME": root, "XDG_RUNTIME_DIR": root + "/run"], capture: true, interactive: true)
        try waitUntil("dbus-run-session's bus", timeout: 15) {
            guard bus.isRunning else { throw TestFailure("dbus-run-session did not start a bus") }
            return (try? String(contentsOfFile: file, encoding: .utf8))?.hasSuffix("\n") == true
        }
        address = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        bus.closeInput()  // cat ends, and dbus-run-session with it, taking the bus down
        bus.wait()
    }
}
