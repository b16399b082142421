// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// ssh-add's key passphrases in a real GNOME Keyring, kept as GNOME's own ssh agent keeps them
/// (`unique` = `ssh-store:<key file>`): the real ssh-add and ssh-agent call pinbox-askpass, each
/// in the test's own home and session bus, started and ended by the test.
@Suite("ssh-add's passphrases in the keyring, end to end", .endToEnd)
final class SSHKeyringTests {
    let desk: SSHDesk
    private(set) var keyring: KeyringSession!
    var xvfb: Xvfb { desk.xvfb }
    var dir: String { desk.dir }
    var askpass: String { desk.askpass }
    var environment: [String: String] { desk.environment }

    init() throws {
        var session: KeyringSession?
        desk = try SSHDesk { dir in
            session = try KeyringSession(root: dir + "/home")
            return session!.environment
        }
        keyring = session
    }

    /// The keyring's bus and daemon end before the folder holding their home goes.
    deinit { keyring = nil }

    func keygen(_ name: String, passphrase: String) throws -> String { try desk.keygen(name, passphrase: passphrase) }
    func listed() throws -> String { try desk.listed() }

    /// The passphrase saved for `key`, as GNOME's ssh agent looks it up; "" for none.
    func saved(_ key: String) throws -> String {
        try run(["secret-tool", "lookup", "unique", "ssh-store:" + key], environment: keyring.environment).output
    }

    /// Waits for a dialog of a process other than `previous`, focuses it and presses `keys`
    /// (xdotool words: `type TEXT` or a key name); returns its pid and its height.
    @discardableResult
    func answer(_ keys: [[String]], previous: String? = nil) throws -> (pid: String, height: Int) {
        let (id, pid) = try desk.nextDialog(previous: previous)
        let height = try windowGeometry(id, display: xvfb.display).height
        for key in keys {
            try xdotool(key.first == "type" ? ["type", "--delay", "20"] + key.dropFirst() : ["key"] + key,
                        display: xvfb.display)
        }
        return (pid, height)
    }

    /// ssh-add, which must end by itself: no dialog is answered for it.
    func addUnasked(_ key: String) throws -> Int32 {
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        return add.wait(within: 20)
    }

    /// ssh-add of `key` (passphrase "correct horse"), whose dialog shows within 4 s (no
    /// keyring's deadline of seconds waited out before it) and adds the key once answered.
    /// What ssh-add wrote on stderr (the askpass's own lines among it) is returned.
    @discardableResult
    func addAskedPromptly(_ key: String, environment: [String: String]) throws -> String {
        let start = Date()
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        _ = try desk.nextDialog()
        #expect(Date().timeIntervalSince(start) < 4)
        try xdotool(["type", "--delay", "20", "correct horse"], display: xvfb.display)
        try xdotool(["key", "Return"], display: xvfb.display)
        #expect(add.wait(within: 20) == 0)
        return String(decoding: add.read().err, as: UTF8.self)
    }

    /// What the askpass says when the password manager does not answer in time.
    static let silentKeyring = "pinbox: the password manager on the session bus did not answer within a second"

    /// The box ticked, the passphrase is saved where GNOME's agent finds it, under its label;
    /// the next ssh-add of the key (the agent emptied, as after a new login) asks nothing.
    @Test func aTickedBoxSavesThePassphraseAndTheNextSsh_addAsksNothing() throws {
        let key = try keygen("saved", passphrase: "correct horse")
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        try answer([["type", "correct horse"], ["alt+s"], ["Return"]])
        #expect(add.wait(within: 20) == 0)
        #expect(!String(decoding: add.read().err, as: UTF8.self).contains(Self.silentKeyring), "the control: a keyring that answers")
        #expect(try saved(key) == "correct horse")
        #expect(try keyring.search("unique", "ssh-store:" + key).contains("label = Unlock password for: \(key)"))
        #expect(try run(["ssh-add", "-D"], environment: environment).status == 0)
        #expect(try !listed().contains(" saved (ED25519)"))
        #expect(try addUnasked(key) == 0)
        #expect(try listed().contains(" saved (ED25519)"))
    }

    /// The control: the box left unticked saves nothing, and the next ssh-add asks again.
    @Test func anUntickedBoxSavesNothing() throws {
        let key = try keygen("unsaved", passphrase: "correct horse")
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        try answer([["type", "correct horse"], ["Return"]])
        #expect(add.wait(within: 20) == 0)
        #expect(try saved(key).isEmpty)
        #expect(try run(["ssh-add", "-D"], environment: environment).status == 0)
        let again = try Child(["ssh-add", key], environment: environment, capture: true)
        try answer([["type", "correct horse"], ["Return"]])
        #expect(again.wait(within: 20) == 0)
    }

    /// What GNOME's ssh agent saved ("Automatically unlock this key whenever I'm logged in":
    /// `unique` = `ssh-store:<key>`, schema org.freedesktop.Secret.Generic) answers.
    @Test func aPassphraseGnomesAgentSavedAnswers() throws {
        let key = try keygen("gnome", passphrase: "battery staple")
        try keyring.store(label: "Unlock password for: gnome", attributes: [
            "unique", "ssh-store:" + key, "xdg:schema", "org.freedesktop.Secret.Generic"], secret: "battery staple")
        #expect(try addUnasked(key) == 0)
        #expect(try listed().contains(" gnome (ED25519)"))
    }

    /// A saved passphrase that is wrong (the key's passphrase changed): ssh-add asks again in its
    /// own words, and that question opens the dialog, its box ticked; the right passphrase
    /// typed replaces the saved one. Unticked, the saved one is forgotten. The saved item is
    /// secret-tool's, with no schema name: the new one replaces it all the same, rather than
    /// standing beside it for a lookup to find either.
    @Test(arguments: [true, false]) func aWrongSavedPassphraseOpensTheDialog(keepTicked: Bool) throws {
        let key = try keygen("changed", passphrase: "new passphrase")
        try keyring.store(label: "Unlock password for: changed", attributes: ["unique", "ssh-store:" + key],
                          secret: "old passphrase")
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        try answer([["type", "new passphrase"]] + (keepTicked ? [] : [["alt+s"]]) + [["Return"]])
        #expect(add.wait(within: 20) == 0)
        #expect(try listed().contains(" changed (ED25519)"))
        #expect(try saved(key) == (keepTicked ? "new passphrase" : ""))
        let items = try keyring.search("unique", "ssh-store:" + key).components(separatedBy: "\nlabel = ").count - 1
        #expect(items == (keepTicked ? 1 : 0), "\(items) items for the key")
    }

    /// The passphrase passes between the keyring and the locked buffer, and nowhere else: typed
    /// and saved, and answered from the keyring, no copy of it (as UTF-8 or as code points) is
    /// in the askpass's memory at its exit. The control: while typed, it is found there.
    @Test func aSavedPassphraseLeavesNoCopyBehind() throws {
        let marker = "Hq4Rt7Ly", key = dir + "/scanned"
        let question = "Enter passphrase for \(key): "
        let typed = try Child([askpass, question], environment: environment, capture: true)
        let scan = try MemoryScan(pid: typed.pid, marker: marker)
        try answer([["type", marker]])
        try waitUntil("the control: the typed passphrase is held") { try scan.now() >= 1 }
        try xdotool(["key", "alt+s", "Return"], display: xvfb.display)
        #expect(try scan.atExit() == 0, "copies at the exit after saving")
        #expect(typed.wait(within: 20) == 0)
        #expect(String(decoding: typed.read().out, as: UTF8.self) == marker + "\n")
        #expect(try saved(key) == marker)
        // Answered from the keyring, with no window: a shell that becomes the askpass once told
        // (exec keeps the pid), so that the scan is there before it reads anything.
        let waiting = try Child(["sh", "-c", "read go; exec \"$0\" \"$@\"", askpass, question],
                                environment: environment, capture: true, interactive: true)
        let quiet = try MemoryScan(pid: waiting.pid, marker: marker)
        waiting.send("go\n")
        #expect(try quiet.atExit() == 0, "copies at the exit after answering from the keyring")
        #expect(waiting.wait(within: 20) == 0)
        #expect(String(decoding: waiting.read().out, as: UTF8.self) == marker + "\n")
    }

    /// A session that runs no password manager, though one is installed (the bus could start
    /// gnome-keyring): ssh-add's question loads no libsecret and starts no keyring daemon (which
    /// would open locked and stay); the dialog asks, with no box. The control: the same bus
    /// starts one for a program that asks it through libsecret.
    @Test func aKeyringThatIsNotRunningIsNotStarted() throws {
        let key = try keygen("idle", passphrase: "correct horse")
        try keyring.stopDaemon()
        let add = try Child(["ssh-add", key], environment: environment, capture: true)
        let (_, pid) = try desk.nextDialog()
        let maps = mappings(of: try #require(pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines))))
        #expect(maps.contains("libdbus-1"), "the bus was asked")
        #expect(!maps.contains("libsecret"), "libsecret was loaded for a session with no password manager")
        _ = try run(["xdotool", "key", "Escape"], display: xvfb.display)
        add.wait(within: 20)
        #expect(try !keyring.isRunning(), "a keyring daemon was started for the question")
        _ = try keyring.search("unique", "nothing")
        #expect(try keyring.isRunning(), "the control: the bus starts one for libsecret")
    }

    /// A session bus that takes the connection and never answers (a hung daemon, a stale socket
    /// someone listens on): the question whether a keyring runs gets a second, then the dialog
    /// asks without it, and the askpass says why on stderr. Through libsecret it waited out
    /// libsecret's deadline of seconds, twice, before the window.
    @Test func aSessionBusThatNeverAnswersDelaysTheDialogOnlyAMoment() throws {
        let key = try keygen("hung", passphrase: "correct horse")
        let bus = try SilentSocket(path: NSTemporaryDirectory() + "pinbox-bus-\(UUID().uuidString.prefix(8))")
        var hung = environment
        hung["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + bus.path
        #expect(try addAskedPromptly(key, environment: hung).contains(Self.silentKeyring))
    }

    /// A session bus that is gone (its socket refuses the connection): nothing runs there, and
    /// the askpass says nothing of a keyring (the control for the two cases above and below,
    /// which it does).
    @Test func aSessionBusThatIsGoneIsNoSilentKeyring() throws {
        let key = try keygen("gone", passphrase: "correct horse")
        var gone = environment
        gone["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + dir + "/no-bus-here"
        #expect(!(try addAskedPromptly(key, environment: gone)).contains(Self.silentKeyring))
    }

    /// A keyring daemon that holds its name but answers nothing (hung; here stopped): the
    /// question whether it answers gets a second, then the dialog asks without it, with no box
    /// (nothing is saved or forgotten), and the askpass says why on stderr. Through libsecret the window waited out libsecret's
    /// deadline of five seconds. The control: the same daemon going again answers the next
    /// ssh-add from the item it kept, with no dialog.
    @Test func aKeyringThatStoppedAnsweringDelaysTheDialogOnlyAMoment() throws {
        let key = try keygen("frozen", passphrase: "correct horse")
        try keyring.store(label: "Unlock password for: frozen", attributes: ["unique", "ssh-store:" + key],
                          secret: "correct horse")
        keyring.freeze()
        defer { keyring.thaw() }
        let said = try addAskedPromptly(key, environment: environment)
        #expect(said.contains(Self.silentKeyring), "the user told why there is no box: \(said)")
        keyring.thaw()
        #expect(try run(["ssh-add", "-D"], environment: environment).status == 0)
        #expect(try addUnasked(key) == 0)
        #expect(try listed().contains(" frozen (ED25519)"))
    }

    /// A keyring that is locked offers nothing: the dialog has no box (it is as tall as one
    /// with no session bus at all), and nothing is saved. The control: unlocked, the box makes
    /// the dialog taller.
    @Test func aLockedKeyringOffersNoBox() throws {
        let key = try keygen("locked", passphrase: "correct horse")
        func height(_ environment: [String: String]) throws -> Int {
            let add = try Child(["ssh-add", key], environment: environment, capture: true)
            let (_, height) = try answer([["Escape"]])
            add.wait(within: 20)
            try waitUntil("the dialog closed") {
                try run(["xdotool", "search", "--onlyvisible", "--class", "PinBox"], display: xvfb.display).output.isEmpty
            }
            return height
        }
        let offering = try height(environment)
        var noBus = environment
        noBus["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=/nonexistent"
        let plain = try height(noBus)
        #expect(offering > plain)
        try keyring.lock()
        #expect(try height(environment) == plain)
        #expect(try saved(key).isEmpty)
    }
}
