// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// "Save in password manager" with the real gpg-agent (allow-external-password-cache is its
/// default), a real GNOME Keyring on a private session bus, and pinentry-gtk-2 as the other
/// program that reads and writes the same items. The key's passphrase is asked for its
/// encryption subkey: SETKEYINFO n/<keygrip>.
@Suite("pinentry-pinbox and the password manager", .endToEnd)
final class KeyringTests {
    let home = NSTemporaryDirectory() + "pinbox-keyring-\(UUID().uuidString)"
    var gnupg: String { home + "/gnupg" }
    let xvfb: Xvfb
    let keyring: KeyringSession
    private(set) var grip = ""
    var seen: Set<String> = []

    init() throws {
        try FileManager.default.createDirectory(atPath: home + "/gnupg", withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        xvfb = try Xvfb()
        keyring = try KeyringSession(root: home + "/session")
        try FileManager.default.createSymbolicLink(atPath: home + "/pinentry-pinbox",
                                                   withDestinationPath: PinBoxProcess.binary)
        try use(home + "/pinentry-pinbox")
        let made = try Child(["gpg", "--batch", "--pinentry-mode", "loopback", "--passphrase", "right one",
                              "--quick-gen-key", "keyring@example.org", "default", "default", "never"],
                             environment: environment, capture: true)
        // What gpg said, when it fails: once, under a machine loaded far past CI's, it exited 2.
        let status = made.wait()
        #expect(status == 0, "gpg --quick-gen-key: \(String(decoding: made.read().err, as: UTF8.self))")
        try "for your eyes only\n".write(toFile: home + "/plain.txt", atomically: true, encoding: .utf8)
        let encrypted = try run(["gpg", "--batch", "--trust-model", "always", "--recipient", "keyring@example.org",
                                 "--output", home + "/plain.gpg", "--encrypt", home + "/plain.txt"], environment: environment)
        #expect(encrypted.status == 0, "gpg --encrypt: \(encrypted.output)")
        // The encryption subkey's keygrip: the agent names the item after it.
        let listing = try run(["gpg", "--with-keygrip", "--with-colons", "--list-secret-keys"], environment: environment).output
        let lines = listing.split(separator: "\n")
        if let sub = lines.firstIndex(where: { $0.hasPrefix("ssb:") }),
           let grp = lines[sub...].first(where: { $0.hasPrefix("grp:") }) {
            grip = grp.split(separator: ":", omittingEmptySubsequences: false)[9].description
        }
        #expect(grip.count == 40)
        try forgetInAgent()
    }

    deinit {
        endAgent(home: gnupg)
        try? FileManager.default.removeItem(atPath: home)
    }

    var environment: [String: String] {
        keyring.environment.merging(["GNUPGHOME": gnupg, "DISPLAY": xvfb.display, "GPG_TTY": ""]) { $1 }
    }

    /// pinentry-program in gpg-agent.conf; the agent started anew. `gpgconf --kill` returns
    /// before the agent has gone: the next gpg could still reach the old agent, with the old
    /// pinentry, or fail to start a new one beside it. The agent removes its socket last.
    func use(_ pinentry: String) throws {
        try "pinentry-program \(pinentry)\n".write(toFile: gnupg + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        let socket = try run(["gpgconf", "--homedir", gnupg, "--list-dirs", "agent-socket"], environment: environment)
            .output.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? run(["gpgconf", "--homedir", gnupg, "--kill", "gpg-agent"], environment: environment)
        try waitUntil("the old gpg-agent gone", timeout: 10) { access(socket, F_OK) != 0 }
    }

    /// The agent forgets the passphrases it holds (gpgconf --reload), so the next one is asked.
    func forgetInAgent() throws {
        _ = try run(["gpgconf", "--homedir", gnupg, "--reload", "gpg-agent"], environment: environment)
    }

    func decrypt(_ extra: [String: String] = [:]) throws -> Child {
        try Child(["gpg", "--pinentry-mode", "ask", "--output", "-", "--decrypt", home + "/plain.gpg"],
                  environment: environment.merging(extra) { $1 }, capture: true)
    }

    /// Waits for `gpg` to end and says what it printed on stdout; what it said on stderr goes
    /// to `errors`, for a failure's message.
    func result(_ gpg: Child, timeout: Double = 20) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var out: [UInt8] = [], err: [UInt8] = []
        defer { errors = String(decoding: err, as: UTF8.self) }
        func take() { let (o, e) = gpg.read(); out += o; err += e }
        while gpg.isRunning {
            guard Date() < deadline else { throw TestFailure("gpg did not end; a dialog may be waiting") }
            gpg.waitReadable(seconds: 0.05)
            take()
        }
        take()
        return String(decoding: out, as: UTF8.self)
    }

    /// What the last gpg `result` waited for wrote on stderr.
    private(set) var errors = ""

    /// Waits for a window of `windowClass` not seen before (X reuses ids: a window is its
    /// process and id); its id.
    func window(_ windowClass: String) throws -> String {
        let deadline = Date().addingTimeInterval(15)
        while true {
            let ids = try run(["xdotool", "search", "--onlyvisible", "--class", windowClass], display: xvfb.display).output
            let fresh = ids.split(separator: "\n").map(String.init).first { id in
                let pid = (try? run(["xdotool", "getwindowpid", id], display: xvfb.display).output) ?? ""
                return !seen.contains(pid + "/" + id)
            }
            if let id = fresh {
                seen.insert(((try? run(["xdotool", "getwindowpid", id], display: xvfb.display).output) ?? "") + "/" + id)
                _ = try run(["xdotool", "windowfocus", "--sync", id], display: xvfb.display)
                return id
            }
            guard Date() < deadline else { throw TestFailure("no \(windowClass) window appeared") }
            usleep(20_000)
        }
    }

    func keys(_ arguments: [String]) throws {
        _ = try run(["xdotool"] + arguments, display: xvfb.display)
    }

    /// Decrypts with nobody at the keyboard: the passphrase can only come from the keyring. No
    /// PinBox window shows meanwhile.
    func expectDecryptedUnattended(sourceLocation: SourceLocation = #_sourceLocation) throws {
        let gpg = try decrypt()
        var windows = ""
        let deadline = Date().addingTimeInterval(20)
        while gpg.isRunning && Date() < deadline {
            windows += try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: xvfb.display).output
            usleep(20_000)
        }
        #expect(windows.isEmpty, "a dialog showed", sourceLocation: sourceLocation)
        #expect(try result(gpg) == "for your eyes only\n", "gpg said: \(errors)", sourceLocation: sourceLocation)
        #expect(gpg.wait() == 0, sourceLocation: sourceLocation)
    }

    @Test func aTickedBoxSavesThePassphraseWherePinentrysItemsAre() throws {
        let gpg = try decrypt()
        _ = try window("PinBox")
        try keys(["type", "--delay", "20", "right one"])
        try keys(["key", "alt+s", "Return"])
        #expect(try result(gpg) == "for your eyes only\n")
        let item = try keyring.search("keygrip", "n/" + grip)
        for line in ["label = GnuPG: n/\(grip)", "secret = right one", "schema = org.gnupg.Passphrase",
                     "attribute.stored-by = GnuPG Pinentry", "attribute.keygrip = n/\(grip)"] {
            #expect(item.contains(line), "\(item)")
        }
        try forgetInAgent()
        try expectDecryptedUnattended()
        // pinentry-gtk-2 finds it too.
        try use("/usr/bin/pinentry-gtk-2")
        try expectDecryptedUnattended()
    }

    @Test func anUntickedBoxSavesNothing() throws {
        let gpg = try decrypt()
        _ = try window("PinBox")
        try keys(["type", "--delay", "20", "right one"])
        try keys(["key", "Return"])
        #expect(try result(gpg) == "for your eyes only\n")
        #expect(!(try keyring.search("keygrip", "n/" + grip)).contains("GnuPG"))
    }

    /// The item pinentry-gtk-2 saves through its own window (its checkbox ticked with the
    /// agent's mnemonic, Alt+S) answers PinBox's lookup.
    @Test func anItemPinentryGtk2SavedIsFound() throws {
        try use(try which("pinentry-gtk-2"))
        let gpg = try decrypt()
        _ = try window("pinentry")
        try keys(["type", "--delay", "20", "right one"])
        try keys(["key", "alt+s", "alt+o"])
        #expect(try result(gpg) == "for your eyes only\n")
        #expect(try keyring.search("stored-by", "GnuPG Pinentry").contains("attribute.keygrip = n/\(grip)"))
        try use(home + "/pinentry-pinbox")
        try expectDecryptedUnattended()
    }

    /// A saved passphrase that no longer opens the key: gpg-agent 2.2 gives up at once when
    /// the pinentry's cache was wrong, and CLEAR_PASSPHRASE has the pinentry remove it
    /// (CLEARPASSPHRASE); the next decryption asks again.
    @Test func aStaleItemIsClearedThroughTheAgent() throws {
        try keyring.store(label: "GnuPG: n/\(grip)", attributes: ["xdg:schema", "org.gnupg.Passphrase",
                                                                 "stored-by", "GnuPG Pinentry", "keygrip", "n/" + grip],
                          secret: "stale one")
        let stale = try decrypt()
        #expect(try result(stale).isEmpty && stale.wait() != 0)
        let cleared = try run(["gpg-connect-agent", "CLEAR_PASSPHRASE --mode=normal \(grip)", "/bye"], environment: environment)
        #expect(cleared.output == "OK\n", "\(cleared.output)")
        #expect(!(try keyring.search("keygrip", "n/" + grip)).contains("GnuPG"))
        let gpg = try decrypt()
        _ = try window("PinBox")
        try keys(["type", "--delay", "20", "right one"])
        try keys(["key", "Return"])
        #expect(try result(gpg) == "for your eyes only\n")
    }

    /// A locked keyring, or none on the bus, offers no box (and asks nothing of anyone): the
    /// dialog is as tall as one with no password manager at all.
    /// A session bus that takes the connection and never answers (a hung daemon, a stale
    /// socket someone listens on) held the pinentry before its window for ever, as it holds
    /// pinentry-gtk-2: the dialog never showed and gpg waited. The password manager gets a few
    /// seconds, then the dialog asks without it.
    @Test func aSessionBusThatNeverAnswersDelaysTheDialogOnlyAMoment() throws {
        let bus = try SilentSocket(path: home + "/hung-bus")
        try use(home + "/pinentry-pinbox")
        let start = Date()
        let gpg = try decrypt(["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + bus.path])
        _ = try window("PinBox")
        #expect(Date().timeIntervalSince(start) < 12)
        try keys(["type", "--delay", "20", "right one"])
        try keys(["key", "Return"])
        #expect(try result(gpg) == "for your eyes only\n", "gpg said: \(errors)")
    }

    /// A keyring daemon that holds its name but answers nothing (hung; here stopped) held the
    /// pinentry before its window for libsecret's deadline of five seconds. The question whether
    /// it answers gets a second, then the dialog asks without it. The control: going again, the
    /// daemon answers the next pinentry (started anew) from the item it kept, with no dialog.
    @Test func aKeyringThatStoppedAnsweringDelaysTheDialogOnlyAMoment() throws {
        try keyring.store(label: "GnuPG: n/\(grip)", attributes: ["xdg:schema", "org.gnupg.Passphrase",
                                                                 "stored-by", "GnuPG Pinentry", "keygrip", "n/" + grip],
                          secret: "right one")
        keyring.freeze()
        defer { keyring.thaw() }
        let start = Date()
        let gpg = try decrypt()
        _ = try window("PinBox")
        #expect(Date().timeIntervalSince(start) < 4)
        try keys(["type", "--delay", "20", "right one"])
        try keys(["key", "Return"])
        #expect(try result(gpg) == "for your eyes only\n", "gpg said: \(errors)")
        keyring.thaw()
        try use(home + "/pinentry-pinbox")
        try expectDecryptedUnattended()
    }

    @Test func noBoxWithoutAnUnlockedKeyring() throws {
        func height(_ extra: [String: String] = [:]) throws -> Int {
            let gpg = try decrypt(extra)
            let id = try window("PinBox")
            let geometry = try run(["xdotool", "getwindowgeometry", id], display: xvfb.display).output
            try keys(["key", "Escape"])
            _ = try result(gpg)
            let size = geometry.split(separator: "\n").first { $0.contains("Geometry:") }?.split(separator: "x").last
            return Int(size.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
        }
        let offered = try height()
        try keyring.lock()
        try use(home + "/pinentry-pinbox")
        let locked = try height()
        #expect(locked > 0 && locked < offered, "\(locked) vs \(offered)")
        // No session bus named: nothing is started to find one, and no box.
        try use(home + "/pinentry-pinbox")
        let runtime = home + "/empty-runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        #expect(try height(["DBUS_SESSION_BUS_ADDRESS": "", "XDG_RUNTIME_DIR": runtime]) == locked)
        #expect(!(try keyring.search("keygrip", "n/" + grip)).contains("GnuPG"))
    }
}
