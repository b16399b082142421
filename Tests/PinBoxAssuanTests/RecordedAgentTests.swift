// SPDX-License-Identifier: MIT
import PinBoxAssuan
import Testing

/// More of what gpg-agent 2.2.40 sends, recorded through a tee in front of this module
/// (`gpg --pinentry-mode ask --symmetric` with a 7-character passphrase, then
/// `gpg-connect-agent 'GET_CONFIRMATION Allow+this?'`, and `SCD CHECKPIN` through a stand-in scdaemon
/// that answers with `INQUIRE NEEDPIN ||Please unlock the card…` or `|A|Please enter the Admin PIN…`). Each session starts with the opening
/// sequence of `agentSequence`; only what follows it differs.
@Suite struct RecordedAgentTests {
    static let opening = agentSequence.split(separator: "\n").prefix { !$0.hasPrefix("SETKEYINFO") }
        .map { $0 + "\n" }.joined()
    static let openingReplies = "OK Pleased to meet you\n" + String(repeating: "OK\n", count: 5)
        + "ERR 83886254 Unknown option <Pinentry>\n" + "ERR 83886254 Unknown option <Pinentry>\n"
        + String(repeating: "OK\n", count: 7)

    func afterOpening(_ output: String) -> String {
        // The four GETINFO answers (8 lines) follow the 14 OPTION replies.
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(output.hasPrefix(Self.openingReplies))
        return lines[23...].joined(separator: "\n")
    }

    /// A new symmetric passphrase: asked twice in one dialog, PIN_REPEATED saves a second one.
    @Test func symmetricEncryptionAsksTwiceInOneDialog() {
        let run = converse(Self.opening + """
            SETKEYINFO u/SB8B4FA26F3B9F155
            SETDESC Enter passphrase%0A
            SETPROMPT Passphrase:
            SETREPEATERROR does not match - try again
            SETGENPIN Suggest
            SETGENPIN_TT Suggest a random passphrase.
            SETREPEAT Repeat:
            GETPIN
            BYE

            """, FakeFrontEnd(pins: [.type(bytes("a%b+c d"), repeated: true)]))
        #expect(afterOpening(run.output) == """
            OK
            OK
            OK
            OK
            OK
            OK
            OK
            S PIN_REPEATED
            D a%25b+c d
            OK
            OK closing connection

            """)
        let request = run.server.frontEnd.pinRequests[0]
        #expect(request.description == "Enter passphrase\n")
        #expect(request.repeatPrompt == RepeatPrompt(prompt: "Repeat:", mismatchError: "does not match - try again"))
        #expect(request.generatePinLabel == "Suggest")
        #expect(request.entry == EntryKind.passphrase)
        #expect(request.limit.maxBytes == 255)
    }

    /// The agent's "insecure passphrase" question: OK takes it, Cancel asks for a new one.
    @Test func weakPassphraseConfirmation() {
        let session = Self.opening + """
            SETDESC Warning: You have entered an insecure passphrase.%0A%0AA passphrase should be at least 8 characters long.
            SETOK Take this one anyway
            SETCANCEL Enter new passphrase
            CONFIRM
            BYE

            """
        let taken = converse(session, FakeFrontEnd(confirms: [.ok]))
        #expect(afterOpening(taken.output) == "OK\nOK\nOK\nOK\nOK closing connection\n")
        let refused = converse(session, FakeFrontEnd(confirms: [.cancelled]))
        #expect(afterOpening(refused.output)
            == "OK\nOK\nOK\nERR 83886179 Operation cancelled <Pinentry>\nOK closing connection\n")
        var expected = ConfirmRequest(
            description: "Warning: You have entered an insecure passphrase.\n\nA passphrase should be at least 8 characters long.",
            okLabel: "Take this one anyway", cancelLabel: "Enter new passphrase", grab: false, options: taken.server.options)
        // Both answers named, no third: the affirmative is drawn as destructive.
        expected.destructive = true
        #expect(taken.server.frontEnd.confirmRequests[0] == expected)
    }

    @Test func getConfirmation() {
        let session = Self.opening + "SETDESC Allow this?\nCONFIRM\nBYE\n"
        #expect(afterOpening(converse(session, FakeFrontEnd(confirms: [.ok])).output) == "OK\nOK\nOK closing connection\n")
        #expect(afterOpening(converse(session, FakeFrontEnd(confirms: [.notOK])).output)
            == "OK\nERR 83886194 Not confirmed <Pinentry>\nOK closing connection\n")
    }

    /// scdaemon's NEEDPIN, as the agent passes it on: flags and the \x1e/\x1f marks gone, key info cleared.
    @Test(arguments: [("PIN", "Please unlock the card%0A%0ANumber: D276 0001 2401%0AHolder: Alice", CardSecret.pin),
                      ("Admin PIN", "Please enter the Admin PIN%0A%0ANumber: D276 0001 2401", CardSecret.adminPIN)])
    func cardPin(prompt: String, description: String, secret: CardSecret) {
        let run = converse(Self.opening + """
            SETKEYINFO --clear
            SETDESC \(description)
            SETPROMPT \(prompt)
            GETPIN
            BYE

            """, FakeFrontEnd(pins: [.type(bytes("a%b+c d"))]))
        #expect(afterOpening(run.output) == "OK\nOK\nOK\nD a%25b+c d\nOK\nOK closing connection\n")
        let request = run.server.frontEnd.pinRequests[0]
        #expect(request.entry == .card(secret))
        #expect(request.limit == .cardPIN)
        #expect(request.prompt == prompt)
    }
}
