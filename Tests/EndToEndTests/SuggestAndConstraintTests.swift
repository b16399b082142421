// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxTestSupport
import Testing

/// Suggest (SETGENPIN, INQUIRE GENPIN) and the agent's passphrase constraints (OPTION
/// constraints-*, INQUIRE CHECKPIN) in the window: with gpg-agent 2.2.40 itself, which sends
/// them for `gpg --symmetric` under `enforce-passphrase-constraints` and
/// `pinentry-formatted-passphrase`, and with gpg-agent 2.4's lines played by the test.
@Suite("pinentry-pinbox: Suggest and the agent's constraints", .endToEnd)
final class SuggestAndConstraintTests {
    let home = NSTemporaryDirectory() + "pinbox-suggest-\(UUID().uuidString)"
    let xvfb: Xvfb
    var seen: Set<String> = []
    static let errorRed: UInt32 = 0xc62828

    init() throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        xvfb = try Xvfb()
        try FileManager.default.createSymbolicLink(atPath: home + "/pinentry-pinbox", withDestinationPath: PinBoxProcess.binary)
        try ["pinentry-program \(home)/pinentry-pinbox", "enforce-passphrase-constraints", "pinentry-formatted-passphrase"]
            .joined(separator: "\n").appending("\n").write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        try "suggested, then kept\n".write(toFile: home + "/plain.txt", atomically: true, encoding: .utf8)
    }

    deinit {
        endAgent(home: home)
        try? FileManager.default.removeItem(atPath: home)
    }

    var environment: [String: String] {
        ["GNUPGHOME": home, "DISPLAY": xvfb.display, "GPG_TTY": "", "DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": home]
    }

    /// A PinBox window not answered before (a window is its process and id: X reuses ids).
    func window() throws -> String {
        let deadline = Date().addingTimeInterval(15)
        while true {
            let ids = try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: xvfb.display).output
            for id in ids.split(separator: "\n").map(String.init) {
                let key = try run(["xdotool", "getwindowpid", id], display: xvfb.display).output + "/" + id
                guard !seen.contains(key) else { continue }
                seen.insert(key)
                _ = try run(["xdotool", "windowfocus", "--sync", id], display: xvfb.display)
                return id
            }
            guard Date() < deadline else { throw TestFailure("no pinentry window appeared") }
            usleep(20_000)
        }
    }

    func keys(_ arguments: String...) throws { _ = try run(["xdotool"] + arguments, display: xvfb.display) }

    func size(_ id: String) throws -> (width: Int, height: Int) {
        let text = try run(["xdotool", "getwindowgeometry", id], display: xvfb.display).output
        let line = text.split(separator: "\n").first { $0.contains("Geometry:") } ?? ""
        let numbers = line.split(separator: " ").last?.split(separator: "x").compactMap { Int($0) } ?? []
        return numbers.count == 2 ? (numbers[0], numbers[1]) : (0, 0)
    }

    /// How many of the window's pixels have the error line's red.
    func redPixels(_ id: String) throws -> Int {
        let (w, h) = try size(id)
        return try XClient(xvfb.display).pixels("0x" + String(UInt(id)!, radix: 16), width: w, height: h)
            .filter { $0 & 0xffffff == Self.errorRed }.count
    }

    /// Polls `condition` until it holds.
    func waitUntil(_ what: String, timeout: Double = 10, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try !condition() {
            guard Date() < deadline else { throw TestFailure("\(what) never happened") }
            usleep(20_000)
        }
    }

    /// gpg -c: a short passphrase typed twice is refused by the agent's check before the
    /// dialog lets it go (the window grows to show the agent's reason under its title, and
    /// stays); Suggest then fills both entries, the refusal goes, and OK encrypts with it.
    @Test func aRefusedPassphraseThenASuggestionWithTheLiveAgent() throws {
        let gpg = try Child(["gpg", "--pinentry-mode", "ask", "--symmetric", "--output", home + "/plain.gpg", home + "/plain.txt"],
                            environment: environment, capture: true)
        let id = try window()
        let before = try size(id)
        #expect(try redPixels(id) == 0)
        try keys("type", "--delay", "20", "short")
        try keys("key", "Return")
        try keys("type", "--delay", "20", "short")
        try keys("key", "Return")
        try waitUntil("the refusal showing") { try size(id).height > before.height && redPixels(id) > 0 }
        #expect(gpg.isRunning, "the dialog stayed")
        // From the first entry: Tab to the repeat, Tab to Suggest.
        try keys("key", "Tab", "Tab", "Return")
        try waitUntil("the suggestion replacing the refusal") { try redPixels(id) == 0 }
        try keys("key", "Return")
        gpg.wait()
        #expect(gpg.status == 0, "\(String(decoding: gpg.read().err, as: UTF8.self))")
        // The agent keeps the passphrase it was given: the file opens with it.
        let plain = try run(["gpg", "--batch", "--pinentry-mode", "ask", "--decrypt", home + "/plain.gpg"],
                            environment: environment)
        #expect(plain.output == "suggested, then kept\n")
    }

    /// gpg --passwd under enforce-passphrase-constraints: gpg-agent 2.2 checks a new key
    /// passphrase after the dialog and asks again with its reason as the error; the window
    /// shows it (several lines, red) and the next passphrase is taken.
    @Test func gpgPasswdAsksAgainWithTheAgentsReason() throws {
        let made = try Child(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "right one 1",
                              "--quick-gen-key", "passwd@example.org", "ed25519", "sign", "never"],
                             environment: environment, capture: true)
        #expect(made.wait() == 0)
        _ = try run(["gpgconf", "--homedir", home, "--kill", "gpg-agent"])
        let passwd = try Child(["gpg", "--pinentry-mode", "ask", "--passwd", "passwd@example.org"],
                               environment: environment, capture: true)
        _ = try window()
        try keys("type", "--delay", "20", "right one 1")
        try keys("key", "Return")
        _ = try window()
        for _ in 0..<2 {
            try keys("type", "--delay", "20", "short")
            try keys("key", "Return")
        }
        let again = try window()
        #expect(try redPixels(again) > 0, "the agent's reason shows")
        for _ in 0..<2 {
            try keys("type", "--delay", "20", "a longer one 2")
            try keys("key", "Return")
        }
        passwd.wait()
        #expect(passwd.status == 0, "\(String(decoding: passwd.read().err, as: UTF8.self))")
        let signed = try run(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "a longer one 2",
                              "--local-user", "passwd@example.org", "--output", home + "/s.sig", "--sign", home + "/plain.txt"],
                             environment: environment)
        #expect(signed.status == 0)
    }

    /// gpg-agent 2.4.7's lines for a new passphrase (SuggestAndConstraintsTests' transcript),
    /// played to the binary on stdin under Xvfb: a refusal through INQUIRE CHECKPIN keeps the
    /// dialog open; Suggest asks INQUIRE GENPIN; OK asks CHECKPIN with the suggestion, which
    /// the agent passes, and the suggestion is the answer.
    @Test func gpgAgent24sLinesDriveTheWindow() throws {
        let pinentry = try Child([PinBoxProcess.binary, "pinentry"], environment: environment, capture: true, interactive: true)
        var said = ""
        func waitForLine(_ prefix: String) throws -> String {
            let deadline = Date().addingTimeInterval(15)
            while true {
                let lines = said.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                if let line = lines.first(where: { $0.hasPrefix(prefix) }) {
                    said = String(said[said.range(of: String(line) + "\n")!.upperBound...])
                    return String(line)
                }
                // What an ended pinentry wrote is still read once before giving up.
                let running = pinentry.isRunning
                pinentry.waitReadable(seconds: 0.05)
                let more = String(decoding: pinentry.read().out, as: UTF8.self)
                said += more
                guard Date() < deadline, running || !more.isEmpty else {
                    throw TestFailure("no \(prefix) line; the pinentry said \(said)")
                }
            }
        }
        // The recorded request, less what names the recording's machine (its terminal, its
        // agent's socket to touch, its locale) and the password cache this test has none of.
        let elsewhere = ["OPTION ttyname=", "OPTION touch-file=", "OPTION lc-", "OPTION allow-external-password-cache"]
        let script = gpgAgent24NewPassphrase.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !elsewhere.contains { line.hasPrefix($0) } }.joined(separator: "\n")
        pinentry.send(script)
        let id = try window()
        try keys("type", "--delay", "20", "short")
        try keys("key", "Return")
        try keys("type", "--delay", "20", "short")
        try keys("key", "Return")
        #expect(try waitForLine("INQUIRE CHECKPIN") == "INQUIRE CHECKPIN short")
        pinentry.send("D Warning: You have entered an insecure passphrase.%0A%0AA passphrase should be at least 8 characters long.\nEND\n")
        try waitUntil("the refusal showing") { try redPixels(id) > 0 }
        try keys("key", "Tab", "Tab", "Return")
        #expect(try waitForLine("INQUIRE") == "INQUIRE GENPIN")
        pinentry.send("D qrx5n3kzj8tbw7yfd1gp4ame6ocus9\nEND\n")
        try waitUntil("the suggestion showing") { try redPixels(id) == 0 }
        try keys("key", "Return")
        #expect(try waitForLine("INQUIRE") == "INQUIRE CHECKPIN qrx5n3kzj8tbw7yfd1gp4ame6ocus9")
        pinentry.send("END\n")
        #expect(try waitForLine("S ") == "S PIN_REPEATED")
        #expect(try waitForLine("D ") == "D qrx5n3kzj8tbw7yfd1gp4ame6ocus9")
        pinentry.send("BYE\n")
        #expect(try waitForLine("OK closing") == "OK closing connection")
        #expect(pinentry.wait() == 0)
    }
}
