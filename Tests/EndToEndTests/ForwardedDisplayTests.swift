// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing

/// A display forwarded to a remote machine (`ssh -X`, where git or sudo asks through the askpass):
/// each question a prompt asks the X server and waits for costs the network's round trip, and
/// the server may trust the remote programs less than its own.
@Suite("Over a forwarded display (ssh -X), end to end", .endToEnd, .serialized)
struct ForwardedDisplayTests {
    /// The link: a display of its own, passing through to `target` with `delay` ms a round trip;
    /// over TCP (`127.0.0.1:<n>`) as sshd offers the display it forwards, when `tcp`.
    final class SlowLink {
        private(set) var display = ""
        private let child: Child
        private var lines: [String] = []
        private var partial: [UInt8] = []

        init(to target: String, delay: Int, tcp: Bool = false) throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("x11/slow_link.py").path
            child = try Child(["/usr/bin/python3", script, String(target.dropFirst()), String(delay)] + (tcp ? ["--tcp"] : []),
                              capture: true)
            var number = ""
            try waitUntil("slow_link.py listens", timeout: 10) {
                number = try self.nextLine(waiting: 0.1).flatMap { Self.field("display", of: $0) } ?? ""
                return !number.isEmpty
            }
            display = (tcp ? "127.0.0.1:" : ":") + number
        }

        deinit {
            kill(child.pid, SIGTERM)
            child.wait(within: 10)
        }

        /// The next window a client mapped through the link: how many times the client waited
        /// for the server before it, and how many bytes it had sent.
        func nextMap(timeout: Double = 60) throws -> (waits: Int, bytes: Int) {
            var line: String?
            try waitUntil("a window mapped through the link", timeout: timeout) {
                line = try self.nextLine(waiting: 0.2)
                return line.flatMap { Self.field("round_trips", of: $0) } != nil
            }
            return (Int(Self.field("round_trips", of: line!)!)!, Int(Self.field("bytes", of: line!)!)!)
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

        /// Every byte the next client to close its connection sent through the link.
        func nextClose(timeout: Double = 20) throws -> Int {
            var line: String?
            try waitUntil("a client closing its connection", timeout: timeout) {
                line = try self.nextLine(waiting: 0.2)
                return line.flatMap { Self.field("closed", of: $0) } != nil
            }
            return Int(Self.field("bytes", of: line!)!)!
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
        let waits = try link.nextMap().waits
        #expect(waits <= 14, "the askpass waited \(waits) times for the server before its window")
        _ = try desk.nextDialog()
        try desk.type("correct horse")
        try desk.key("Return")
        #expect(try askpass.waitExit(timeout: 20) == 0)
        #expect(askpass.stdout == "correct horse\n")

        let peer = try Child([try which("ssh-askpass"), "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                             environment: ["DISPLAY": link.display], capture: true)
        let peerWaits = try link.nextMap().waits
        kill(peer.pid, SIGTERM)
        peer.wait(within: 10)
        #expect(peerWaits >= 2 * waits, "x11-ssh-askpass waited \(peerWaits) times, PinBox \(waits)")
        #expect(settings.isRunning)
    }

    /// `ssh -X` makes the forwarded programs untrusted clients unless told otherwise (OpenSSH's
    /// own default, `ForwardX11Trusted no`, as Fedora and Arch ship it), and the X security
    /// extension hides XKB from them: setxkbmap, through the same cookie, finds none (the
    /// control). The askpass reads the keys by the core protocol's rules: Shift, a dead key, and
    /// a Cyrillic letter xdotool maps on a spare keycode for the moment; Caps Lock, warned of
    /// once pressed (not before), makes a capital; nothing on stderr.
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
        var dialog = try desk.nextDialog()
        try desk.type("Secret 1!")
        try desk.key("dead_acute", "e", "Cyrillic_ef")
        try waitUntil("the keys typed") {
            // Read no window that is gone (an X error ends the test runner).
            guard askpass.child.isRunning else { throw TestFailure("the askpass ended: \(askpass.stderr)") }
            return try desk.entry(dialog).isDots(11)
        }
        #expect(KeyTests.warningInk(desk.pixels(&dialog)) == 0)
        try desk.key("Caps_Lock")
        defer { try? desk.key("Caps_Lock") }
        try waitUntil("Caps Lock warned of") { KeyTests.warningInk(desk.pixels(&dialog)) > 40 }
        try desk.key("a", "Return")
        #expect(try askpass.waitExit(timeout: 20) == 0)
        #expect(askpass.stdout == "Secret 1!\u{e9}\u{444}A\n")
        #expect(askpass.stderr.isEmpty, "\(askpass.stderr)")
    }

    /// The shared memory segments that exist now (`/proc/sysvipc/shm`), by shmid, with the
    /// process that created each.
    static func segments() throws -> [(id: String, creator: String)] {
        try String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8).split(separator: "\n").dropFirst().compactMap {
            let fields = $0.split(separator: " ")
            return fields.count > 4 ? (String(fields[1]), String(fields[4])) : nil
        }
    }

    /// The shared memory segments `pid` created that exist now, among those not in `before`
    /// (taken before it started): a segment an ended process left behind still names its
    /// creator's pid, which a new process may have been given again.
    static func segments(createdBy pid: pid_t, notIn before: Set<String>) throws -> [String] {
        try segments().filter { $0.creator == "\(pid)" && !before.contains($0.id) }.map(\.id)
    }

    /// Over TCP, as `ssh -X` forwards a display (to sshd's port, and on from ssh to the server's
    /// socket, so the server takes it for a local client of the user's), the server is another
    /// machine's, where a segment's number names some other program's segment, whose pixels it
    /// would show in the window: the prompt shares no memory with it. Once the window shows, the
    /// prompt makes its shared memory if it does, then starts watching the desktop's settings
    /// (here a real xsettingsd's), which the settings window's event mask shows; the control:
    /// the same server through a Unix-domain socket gets a segment.
    @Test func overTCPNoMemoryIsSharedWithTheServer() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        let settings = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let owner = x.owner(of: "_XSETTINGS_S0")
        let forwarded = try SlowLink(to: xvfb.display, delay: 0, tcp: true)
        for (display, shares) in [(forwarded.display, false), (xvfb.display, true)] {
            let before = Set(try Self.segments().map(\.id))
            let p = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "], display: display)
            try p.findWindowByPID()
            try waitUntil("the prompt watching the settings") {
                var attributes = XWindowAttributes()
                XGetWindowAttributes(x.display, owner, &attributes)
                return attributes.all_event_masks & PropertyChangeMask != 0
            }
            if shares { try waitUntil("a shared segment") { try !Self.segments(createdBy: p.pid, notIn: before).isEmpty } }
            #expect(try Self.segments(createdBy: p.pid, notIn: before).isEmpty != shares, "over \(display)")
            try p.xdotool(["type", "--delay", "20", "abc"])
            try p.keys("Return")
            #expect(try p.waitExit() == 0)
            #expect(p.stdout == "abc\n", "over \(display)")
        }
        #expect(settings.isRunning)
    }

    /// A prompt killed while the server was still taking its shared memory (the attach on its
    /// way over a slow link) leaves no segment behind: it is marked for removal from the start,
    /// and goes with its last user. Seen before the kill; gone after it.
    @Test func aPromptKilledWhileSharingItsMemoryLeavesNoSegment() throws {
        let xvfb = try Xvfb()
        let link = try SlowLink(to: xvfb.display, delay: 200)
        let before = Set(try Self.segments().map(\.id))
        let p = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "], display: link.display)
        var made: [String] = []
        try waitUntil("a shared segment", timeout: 20) {
            made = try Self.segments(createdBy: p.pid, notIn: before)
            return !made.isEmpty
        }
        kill(p.pid, SIGKILL)
        _ = p.child.wait(within: 10)
        try waitUntil("the segment gone with the prompt and the server's hold on it", timeout: 10) {
            try !Self.segments().contains { $0.id == made[0] }
        }
    }

    /// Over TCP the askpass sends its frames' one-colour tiles as rectangles to fill and only the
    /// rest as pixels: before its window mapped it had sent less than a third of its first
    /// frame's bytes (the link counts them), and the window holds the very pixels the same dialog
    /// shows through the Unix-domain socket, which gets them whole (the control). Still, the caret
    /// unblinking, so that both are read alike.
    @Test func overTCPTheFramesGoInFewerBytesAndShowTheSamePixels() throws {
        let desk = try CallerDesk()
        let link = try SlowLink(to: desk.display, delay: 0, tcp: true)
        var shown: [[UInt32]] = []
        for display in [link.display, desk.display] {
            let p = try PinBoxProcess(["askpass", "--animations", "off", "--",
                                       "Enter passphrase for /home/alice/.ssh/id_ed25519: "], display: display)
            var dialog = try desk.nextDialog()
            if display == link.display {
                let sent = try link.nextMap().bytes
                #expect(sent * 3 < dialog.width * dialog.height * 4, "\(sent) bytes for a \(dialog.width)x\(dialog.height) frame")
            }
            try desk.type("abc")
            shown.append(desk.pixels(&dialog))
            try desk.key("Return")
            #expect(try p.waitExit() == 0)
            #expect(p.stdout == "abc\n")
        }
        #expect(shown[0].count > 0 && shown[0] == shown[1])
    }

    /// The first frame is the window's background until the frame changes: the exposure a
    /// window manager makes as it frames the window after it showed is the server's to paint
    /// from it, and the frame does not cross the network again. Under openbox, over TCP: from
    /// the map to the end (Escape, once openbox has framed the window and it holds still), the
    /// askpass sends less than a tenth of a frame's bytes.
    @Test func aWindowFramedAfterItShowsIsNotSentAgain() throws {
        let managed = try WindowManagerTests.ManagedDesk()
        let desk = managed.desk
        let link = try SlowLink(to: desk.display, delay: 0, tcp: true)
        let p = try PinBoxProcess(["askpass", "--animations", "off", "--",
                                   "Enter passphrase for /home/alice/.ssh/id_ed25519: "], display: link.display)
        let before = try link.nextMap().bytes
        var dialog = try desk.nextDialog(focusing: false)
        let window = XClient.window(dialog.id)
        try waitUntil("openbox frames the dialog") { managed.parent(of: window) != managed.root }
        _ = desk.pixels(&dialog)
        try desk.key("Escape")
        #expect(try p.waitExit() == 1)
        let after = try link.nextClose() - before
        #expect(after * 10 < dialog.width * dialog.height * 4, "\(after) bytes after the map, a frame is \(dialog.width * dialog.height * 4)")
    }
}
