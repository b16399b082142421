// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A display forwarded to a remote machine (`ssh -X`, where git or sudo asks through the askpass):
/// each question a prompt asks the X server and waits for costs the network's round trip, and
/// the server may trust the remote programs less than its own.
@Suite("Over a forwarded display (ssh -X), end to end", .endToEnd, .serialized)
struct ForwardedDisplayTests {
    /// The link: a display of its own, passing through to `target` with `delay` ms a round trip.
    final class SlowLink {
        private(set) var display = ""
        private let child: Child
        private var lines: [String] = []
        private var partial: [UInt8] = []

        init(to target: String, delay: Int) throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("x11/slow_link.py").path
            child = try Child(["/usr/bin/python3", script, String(target.dropFirst()), String(delay)], capture: true)
            var number = ""
            try waitUntil("slow_link.py listens", timeout: 10) {
                number = try self.nextLine(waiting: 0.1).flatMap { Self.field("display", of: $0) } ?? ""
                return !number.isEmpty
            }
            display = ":" + number
        }

        deinit {
            kill(child.pid, SIGTERM)
            child.wait(within: 10)
        }

        /// The next window a client mapped through the link: how many times the client waited
        /// for the server before it.
        func nextMap(timeout: Double = 60) throws -> Int {
            var waits: Int?
            try waitUntil("a window mapped through the link", timeout: timeout) {
                waits = try self.nextLine(waiting: 0.2).flatMap { Self.field("round_trips", of: $0) }.flatMap { Int($0) }
                return waits != nil
            }
            return waits!
        }

        private func nextLine(waiting seconds: Double) throws -> String? {
            if lines.isEmpty {
                child.waitReadable(seconds: seconds)
                partial += child.read().out
                while let end = partial.firstIndex(of: UInt8(ascii: "\n")) {
                    lines.append(String(decoding: partial[..<end], as: UTF8.self))
                    partial.removeSubrange(...end)
                }
            }
            guard !lines.isEmpty else {
                if !child.isRunning { throw TestFailure("slow_link.py ended: \(String(decoding: child.read().err, as: UTF8.self))") }
                return nil
            }
            return lines.removeFirst()
        }

        private static func field(_ name: String, of line: String) -> String? {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let value = object[name] else { return nil }
            return "\(value)"
        }
    }

    /// Between the clients and the test's Xvfb (with a window manager and a settings daemon, as a
    /// desktop has) stands `Tests/x11/slow_link.py`, holding the server's answers back and
    /// counting the times a client waited for one before it mapped its window.
    ///
    /// Under openbox and xsettingsd, as on a desktop, through a link of 100 ms a round trip: the
    /// askpass opens after a handful of round trips, most of them Xlib's own connecting, and
    /// takes the passphrase typed on the far side. The control: x11-ssh-askpass, through the same
    /// link in the same run, waits far more often (the link counts).
    @Test func theAskpassOpensAfterAFewRoundTripsAndTakesThePassphrase() throws {
        let managed = try WindowManagerTests.ManagedDesk()
        let desk = managed.desk
        let settings = try SettingsDaemon(display: desk.display, configuration: "Net/ThemeName \"Adwaita\"\nXft/DPI 98304\n")
        let link = try SlowLink(to: desk.display, delay: 100)
        let askpass = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                                        display: link.display)
        let waits = try link.nextMap()
        #expect(waits <= 14, "the askpass waited \(waits) times for the server before its window")
        _ = try desk.nextDialog()
        try desk.type("correct horse")
        try desk.key("Return")
        #expect(try askpass.waitExit(timeout: 20) == 0)
        #expect(askpass.stdout == "correct horse\n")

        let peer = try Child([try which("ssh-askpass"), "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                             environment: ["DISPLAY": link.display], capture: true)
        let peerWaits = try link.nextMap()
        kill(peer.pid, SIGTERM)
        peer.wait(within: 10)
        #expect(peerWaits >= 2 * waits, "x11-ssh-askpass waited \(peerWaits) times, PinBox \(waits)")
        #expect(settings.isRunning)
    }

    /// `ssh -X` makes the forwarded programs untrusted clients unless told otherwise (OpenSSH's
    /// own default, `ForwardX11Trusted no`, as Fedora and Arch ship it), and the X security
    /// extension hides XKB from them: setxkbmap, through the same cookie, finds none (the
    /// control). The askpass reads the keys by the core protocol's rules: Shift, a dead key, and
    /// a Cyrillic letter xdotool maps on a spare keycode for the moment; nothing on stderr.
    @Test func anUntrustedClientReadsItsKeysWithoutXKB() throws {
        let desk = try CallerDesk()
        let cookie = desk.dir + "/untrusted.xauth"
        let made = try run(["xauth", "-f", cookie, "generate", desk.display, ".", "untrusted", "timeout", "600"],
                           display: desk.display)
        #expect(made.status == 0, "xauth generate: \(made.output)")
        let untrusted = ["DISPLAY": desk.display, "XAUTHORITY": cookie, "LANG": "C.UTF-8"]
        #expect(try run(["setxkbmap", "-query"], environment: untrusted).status != 0, "XKB shown to an untrusted client")
        #expect(try run(["setxkbmap", "-query"], display: desk.display).status == 0)

        let askpass = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                                        display: desk.display, environment: untrusted)
        _ = try desk.nextDialog()
        try desk.type("Secret 1!")
        try desk.key("dead_acute", "e", "Cyrillic_ef", "Return")
        #expect(try askpass.waitExit(timeout: 20) == 0)
        #expect(askpass.stdout == "Secret 1!\u{e9}\u{444}\n")
        #expect(askpass.stderr.isEmpty, "\(askpass.stderr)")
    }
}
