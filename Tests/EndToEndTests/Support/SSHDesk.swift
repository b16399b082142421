// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// The real ssh-agent in a folder of the test's own, on an Xvfb of its own, pinbox-askpass (a
/// link to the binary under test, or to `binary`: an installed copy with its catalogues) as the
/// agent's and its clients' SSH_ASKPASS; `session` (a home, a session bus, a locale) joins what
/// the agent and the clients run with. All end with the object.
final class SSHDesk {
    let dir = NSTemporaryDirectory() + "pinbox-ssh-\(UUID().uuidString)"
    let xvfb: Xvfb
    let agent: Child
    let socket: String
    let askpass: String
    private let session: [String: String]

    init(binary: String = PinBoxProcess.binary, session: (String) throws -> [String: String] = { ["HOME": $0] }) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        self.session = try session(dir)
        xvfb = try Xvfb()
        askpass = dir + "/pinbox-askpass"
        try FileManager.default.createSymbolicLink(atPath: askpass, withDestinationPath: binary)
        socket = dir + "/agent.sock"
        // -D: in the foreground, so the test owns it and ends it. The agent runs the askpass
        // from its own environment for keys added with -c.
        agent = try Child(["ssh-agent", "-D", "-a", socket],
                          environment: self.session.merging(["DISPLAY": xvfb.display, "SSH_ASKPASS": askpass]) { $1 })
        try waitUntil("ssh-agent listens on \(socket)") { [socket] in FileManager.default.fileExists(atPath: socket) }
    }

    deinit {
        kill(agent.pid, SIGTERM)
        agent.wait()
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// What ssh-add and ssh run with: the askpass forced, the agent named.
    var environment: [String: String] {
        session.merging(["DISPLAY": xvfb.display, "SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
                         "SSH_AUTH_SOCK": socket]) { $1 }
    }

    /// A new ed25519 key file in the folder, with its comment `name`.
    func keygen(_ name: String, passphrase: String) throws -> String {
        let path = dir + "/" + name
        let (status, _) = try run(["ssh-keygen", "-q", "-t", "ed25519", "-N", passphrase, "-C", name, "-f", path])
        guard status == 0 else { throw TestFailure("ssh-keygen failed for \(name)") }
        return path
    }

    /// The agent's keys, as `ssh-add -l` lists them.
    func listed() throws -> String {
        try run(["ssh-add", "-l"], environment: environment).output
    }

    /// Waits for a PinBox dialog of a process other than `previous` to be on screen and focuses
    /// it; its window and its pid. (Window ids are reused by the next client: pids are not.)
    func nextDialog(previous: String? = nil) throws -> (id: String, pid: String) {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: xvfb.display)
            if let id = out.split(separator: "\n").last.map(String.init) {
                let pid = try run(["xdotool", "getwindowpid", id], display: xvfb.display).output
                if pid != previous {
                    _ = try run(["xdotool", "windowfocus", "--sync", id], display: xvfb.display)
                    return (id, pid)
                }
            }
            guard Date() < deadline else { throw TestFailure("no askpass window appeared") }
            usleep(20_000)
        }
    }
}
