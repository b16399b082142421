// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// Ends the gpg-agent a test started in `home` and everything it started. A stand-in scdaemon
/// still inside an inquiry held the agent's lock, gpgconf's own `scd killscd` waited on it, and
/// the agent, the stand-in and that gpg-connect-agent outlived the test run: the stand-ins go
/// first, then the agent as gpgconf ends it, then whatever still runs with `home` in its
/// arguments (`processes(containing:)`). The home is the test's own (a fresh UUID), so only
/// what the test started matches.
func endAgent(home: String) {
    for pid in processes(containing: home + "/scdaemon") { kill(pid, SIGKILL) }
    _ = try? run(["gpgconf", "--homedir", home, "--kill", "all"])
    for pid in processes(containing: home) { kill(pid, SIGKILL) }
}

/// A new GNUPGHOME (mode 0700, as gpg wants it) whose gpg-agent runs the binary under test: a
/// link to it, `pinentry-pinbox`, named in its gpg-agent.conf. The caller ends its agent
/// (`endAgent`) and removes it.
func makeGnupgHome(_ name: String = "gpg") throws -> String {
    let home = NSTemporaryDirectory() + "pinbox-\(name)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                            attributes: [.posixPermissions: 0o700])
    try FileManager.default.createSymbolicLink(atPath: home + "/pinentry-pinbox", withDestinationPath: PinBoxProcess.binary)
    try "pinentry-program \(home)/pinentry-pinbox\n".write(toFile: home + "/gpg-agent.conf", atomically: true,
                                                           encoding: .utf8)
    return home
}

/// A GNUPGHOME of one test's (`makeGnupgHome`), for a test that starts gpg beside some other
/// session (an accessibility bus, a compositor): its agent is ended and the home removed with it.
final class TestGnupgHome {
    let path: String

    init() throws { path = try makeGnupgHome() }

    deinit {
        endAgent(home: path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `gpg --sign` there (`startSigning`), with `session`'s environment.
    func startSigning(passphrase: String, in session: [String: String]) throws -> (Child, signature: String) {
        try EndToEndTests.startSigning(home: path, passphrase: passphrase,
                                       environment: session.merging(["GNUPGHOME": path, "GPG_TTY": ""]) { $1 })
    }
}

/// `gpg --sign` started in `home`'s keyring with a signing key made first with `passphrase`
/// (given through loopback, no dialog): the agent asks its pinentry for the passphrase. Returns
/// the signing gpg and where its signature goes.
func startSigning(home: String, passphrase: String, environment: [String: String]) throws -> (Child, signature: String) {
    let made = try Child(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", passphrase,
                          "--quick-gen-key", "signer@example.org", "ed25519", "sign", "never"],
                         environment: environment, capture: true)
    guard made.wait() == 0 else {
        throw TestFailure("gpg --quick-gen-key: \(String(decoding: made.read().err, as: UTF8.self))")
    }
    let message = home + "/message.txt"
    try "hello\n".write(toFile: message, atomically: true, encoding: .utf8)
    let sign = try Child(["gpg", "--pinentry-mode", "ask", "--local-user", "signer@example.org",
                          "--output", message + ".sig", "--sign", message], environment: environment, capture: true)
    return (sign, message + ".sig")
}
