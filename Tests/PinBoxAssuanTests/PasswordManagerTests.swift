// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

/// A Secret Service in a dictionary: what the server asks of the password manager and when.
final class FakeKeyring {
    var items: [String: [UInt8]] = [:]
    var usable = true
    var failing = false
    var lookups: [String] = []
    var saves: [String] = []

    var store: PasswordStore {
        PasswordStore(
            isUsable: { self.usable },
            lookUp: { key in
                self.lookups.append(key)
                if self.failing { return .failed }
                guard let bytes = self.items[key] else { return .nothing }
                let secret = SecretBuffer(capacity: max(1, bytes.count))
                for b in bytes { secret.append(b) }
                return .passphrase(secret)
            },
            save: { key, bytes in
                self.saves.append(key)
                self.items[key] = Array(bytes)
                return true
            },
            clear: { key in
                if self.failing { return .failed }
                return self.items.removeValue(forKey: key) == nil ? .notFound : .removed
            })
    }
}

/// "Save in password manager", as pinentry's cmd_getpin and password-cache.c use it.
@Suite struct PasswordManagerTests {
    func run(_ script: String, _ frontEnd: FakeFrontEnd = FakeFrontEnd(), keyring: FakeKeyring)
        -> (output: String, server: TestServer) {
        let server = PinentryServer(frontEnd: frontEnd, input: ScriptedSource(bytes: bytes(script), chunk: 5),
                                    output: CaptureSink(), identity: testIdentity)
        server.passwordStore = keyring.store
        _ = server.run()
        return (server.outputText, server)
    }

    static let allowed = "OPTION allow-external-password-cache\nOPTION default-pwmngr=_Save in password manager\n"

    @Test func aSavedPassphraseAnswersWithNoDialog() {
        let keyring = FakeKeyring()
        keyring.items["n/ABCDEF"] = bytes("kept%secret")
        let result = run(Self.allowed + "SETKEYINFO n/ABCDEF\nGETPIN\nBYE\n", keyring: keyring)
        #expect(result.output == """
            OK Pleased to meet you
            OK
            OK
            OK
            S PASSWORD_FROM_CACHE
            D kept%25secret
            OK
            OK closing connection

            """)
        #expect(result.server.frontEnd.pinRequests.isEmpty)
        #expect(keyring.lookups == ["n/ABCDEF"])
    }

    @Test func afterTheAgentsErrorTheSavedOneIsNotUsedAndATickReplacesIt() {
        let keyring = FakeKeyring()
        keyring.items["n/ABCDEF"] = bytes("stale")
        let result = run(Self.allowed + """
            SETKEYINFO n/ABCDEF
            GETPIN
            SETERROR Bad Passphrase (try 2 of 3)
            GETPIN
            BYE

            """, FakeFrontEnd(pins: [.typeAndSave(bytes("fresh"))]), keyring: keyring)
        #expect(result.output.hasSuffix("""
            S PASSWORD_FROM_CACHE
            D stale
            OK
            OK
            D fresh
            OK
            OK closing connection

            """))
        let asked = result.server.frontEnd.pinRequests
        #expect(asked.count == 1 && asked[0].error == "Bad Passphrase (try 2 of 3)")
        #expect(asked[0].savePasswordLabel == "_Save in password manager")
        #expect(keyring.items["n/ABCDEF"] == bytes("fresh") && keyring.lookups.count == 1)
    }

    /// A wrong passphrase saved with the box ticked, then refused by the agent: the retry's box
    /// starts ticked (the user's choice for the session, in sight), so the right one replaces
    /// the wrong one. An untick ends the choice; RESET forgets it.
    @Test func theTickIsKeptForTheSessionSoARetryReplacesAWrongSave() {
        let keyring = FakeKeyring()
        let result = run(Self.allowed + """
            SETKEYINFO n/ABCDEF
            GETPIN
            SETERROR Bad Passphrase (try 2 of 3)
            GETPIN
            GETPIN
            GETPIN
            RESET
            OPTION allow-external-password-cache
            SETKEYINFO n/ABCDEF
            SETERROR Bad Passphrase (try 2 of 3)
            GETPIN

            """, FakeFrontEnd(pins: [.typeAndSave(bytes("wrong")), .typeLeavingTheBox(bytes("right")),
                                    .type(bytes("unticked")), .typeLeavingTheBox(bytes("after")),
                                    .typeLeavingTheBox(bytes("reset"))]), keyring: keyring)
        #expect(result.output.contains("D right\nOK\n"))
        let asked = result.server.frontEnd.pinRequests
        #expect(asked.map(\.savePasswordTicked) == [false, true, true, false, false])
        #expect(keyring.items["n/ABCDEF"] == bytes("right"))
    }

    @Test func anUntickedBoxSavesNothing() {
        let keyring = FakeKeyring()
        let result = run(Self.allowed + "SETKEYINFO u/S123\nGETPIN\n",
                         FakeFrontEnd(pins: [.type(bytes("typed"))]), keyring: keyring)
        #expect(result.output.hasSuffix("D typed\nOK\n"))
        #expect(keyring.items.isEmpty && keyring.saves.isEmpty && keyring.lookups == ["u/S123"])
    }

    /// The box is offered only when the agent allows it, names the key and the keyring can be
    /// used without a prompt; the store is never read for a new passphrase (SETREPEAT).
    @Test(arguments: [
        ("SETKEYINFO n/AB\n", true, false, "_Save in password manager"),
        ("OPTION default-pwmngr=_Save in password manager\nSETKEYINFO n/AB\n", false, false, nil),
        (allowed + "SETKEYINFO --clear\n", true, false, nil),
        (allowed, true, false, nil),
        (allowed + "SETKEYINFO n/AB\n", false, true, nil),
        (allowed + "SETKEYINFO s/AB\nSETREPEAT Repeat:\n", true, false, "_Save in password manager"),
    ] as [(String, Bool, Bool, String?)])
    func whenTheBoxIsOffered(setup: String, usable: Bool, locked: Bool, label: String?) {
        let keyring = FakeKeyring()
        keyring.usable = usable && !locked
        let script = (setup.hasPrefix("SETKEYINFO") ? "OPTION allow-external-password-cache\n" : "") + setup + "GETPIN\n"
        let result = run(script, FakeFrontEnd(pins: [.type(bytes("x"))]), keyring: keyring)
        #expect(result.server.frontEnd.pinRequests.first?.savePasswordLabel == label)
        #expect(!keyring.lookups.contains { _ in setup.contains("SETREPEAT") })
    }

    @Test func withoutTheAgentsLabelTheBoxHasPinentrysWords() {
        let keyring = FakeKeyring()
        let result = run("OPTION allow-external-password-cache\nSETKEYINFO n/AB\nGETPIN\n",
                         FakeFrontEnd(pins: [.cancel]), keyring: keyring)
        #expect(result.server.frontEnd.pinRequests[0].savePasswordLabel == "_Save in password manager")
    }

    /// One lookup per session, as in pinentry; RESET and the option again allow another.
    @Test func theStoreIsReadOncePerSession() {
        let keyring = FakeKeyring()
        _ = run(Self.allowed + """
            SETKEYINFO n/A
            GETPIN
            GETPIN
            RESET
            SETKEYINFO n/A
            GETPIN
            OPTION allow-external-password-cache
            GETPIN

            """, FakeFrontEnd(pins: [.cancel, .cancel, .cancel, .cancel]), keyring: keyring)
        #expect(keyring.lookups == ["n/A", "n/A", "n/A"])
    }

    /// A failing service is given up for the session: no more lookups, no box.
    @Test func aFailingStoreIsGivenUp() {
        let keyring = FakeKeyring()
        keyring.failing = true
        let result = run(Self.allowed + "SETKEYINFO n/A\nGETPIN\nRESET\nSETKEYINFO n/A\nGETPIN\n",
                         FakeFrontEnd(pins: [.cancel, .cancel]), keyring: keyring)
        #expect(keyring.lookups == ["n/A"])
        #expect(result.server.frontEnd.pinRequests.map { $0.savePasswordLabel } == [nil, nil])
        #expect(result.output.hasSuffix("ERR 83886179 Operation cancelled <Pinentry>\nOK\nOK\nERR 83886179 Operation cancelled <Pinentry>\n"))
    }

    /// pinentry's answers: OK when an item went, "Invalid value" when none was there, the general
    /// error when no keyring can be asked.
    @Test func clearPassphrase() {
        let keyring = FakeKeyring()
        keyring.items["n/AB"] = bytes("x")
        let result = run("CLEARPASSPHRASE n/AB  \nCLEARPASSPHRASE n/AB\n", keyring: keyring)
        #expect(result.output == """
            OK Pleased to meet you
            OK
            ERR 83886341 Invalid value passed to IPC <Pinentry>

            """)
        keyring.usable = false
        #expect(run("CLEARPASSPHRASE n/AB\n", keyring: keyring).output.hasSuffix("ERR 83886337 General IPC error <Pinentry>\n"))
        #expect(converse("CLEARPASSPHRASE u/x\n").output.hasSuffix("ERR 83886337 General IPC error <Pinentry>\n"))
    }

    @Test func theSavedPassphraseIsWipedOnceWritten() {
        let keyring = FakeKeyring()
        keyring.items["n/A"] = bytes("wipe me")
        var handed: SecretBuffer?
        let store = keyring.store
        let server = PinentryServer(frontEnd: FakeFrontEnd(), input: ScriptedSource(bytes: bytes(Self.allowed + "SETKEYINFO n/A\nGETPIN\n"), chunk: 64),
                                    output: CaptureSink(), identity: testIdentity)
        server.passwordStore = PasswordStore(isUsable: { true }, lookUp: { key in
            let found = store.lookUp(key)
            if case .passphrase(let s) = found { handed = s }
            return found
        }, save: store.save, clear: store.clear)
        _ = server.run()
        #expect(server.outputText.contains("D wipe me\n"))
        #expect(handed?.isEmpty == true)
    }
}
