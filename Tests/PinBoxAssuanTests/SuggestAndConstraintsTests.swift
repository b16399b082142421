// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import PinBoxTestSupport
import Testing

/// INQUIRE GENPIN (the Suggest button) and INQUIRE CHECKPIN (`enforce-passphrase-constraints`),
/// the lines as pinentry 1.3's pinentry_inq_genpin and pinentry_inq_checkpin write them and as
/// gpg-agent's inq_cb answers them.
@Suite struct SuggestAndConstraintsTests {
    @Test func suggestAsksTheAgentAndHandsTheSuggestionOver() {
        let run = converse(gpgAgent24NewPassphrase + """
            D qrx5n3kzj8tbw7yfd1gp4ame6ocus9
            END
            BYE

            """, FakeFrontEnd(pins: [.suggest]))
        #expect(run.output.hasSuffix("""
            OK
            INQUIRE GENPIN
            S PIN_REPEATED
            D qrx5n3kzj8tbw7yfd1gp4ame6ocus9
            OK
            OK closing connection

            """))
        // default-yes and default-no are unknown to pinentry too: the only errors are those two.
        #expect(run.output.split(separator: "\n").filter { $0.hasPrefix("ERR") }.count == 2)
        let request = run.server.frontEnd.pinRequests[0]
        #expect(request.generatePinLabel == "Suggest" && request.generatePinTooltip == "Suggest a random passphrase.")
        let options = request.options
        #expect(options.formattedPassphrase && options.formattedPassphraseHint == "Note: The blanks are not part of the passphrase.")
        #expect(options.constraintsEnforce && options.constraintsHintShort == "Please use letters and digits.")
        #expect(options.constraintsHintLong == "Please use letters and digits.\nExtra constraints are enforced, for example\nthe use of common car number plates.")
        #expect(options.constraintsErrorTitle == "Passphrase Not Allowed")
        #expect(run.server.frontEnd.suggestions == [bytes("qrx5n3kzj8tbw7yfd1gp4ame6ocus9")])
        // The suggestion was handed over in locked memory and wiped once written.
        #expect(run.server.frontEnd.handedOver.allSatisfy { $0.isEmpty })
    }

    /// CHECKPIN before the dialog submits: the agent's reason comes back decoded; a bare END
    /// passes. The line carries the passphrase escaped as QUALITY does.
    @Test func checkpinRefusesThenPasses() {
        let run = converse(gpgAgent24NewPassphrase + """
            D Warning: You have entered an insecure passphrase.%0A%0AA passphrase should be at least 8 characters long.%0AA passphrase should contain at least 1 digit or%0Aspecial character.
            END
            END
            BYE

            """, FakeFrontEnd(pins: [.checkEach([bytes("a b+c%"), bytes("longer 1 one")])]))
        #expect(run.output.hasSuffix("""
            OK
            INQUIRE CHECKPIN a+b%2Bc%25
            INQUIRE CHECKPIN longer+1+one
            S PIN_REPEATED
            D longer 1 one
            OK
            OK closing connection

            """))
        #expect(run.server.frontEnd.checks == [
            .refused("Warning: You have entered an insecure passphrase.\n\nA passphrase should be at least 8 characters long.\nA passphrase should contain at least 1 digit or\nspecial character."),
            .passed,
        ])
    }

    /// No `constraints-enforce`: no inquiry, every passphrase passes (the agent checks after).
    @Test func withoutEnforcementNothingIsAsked() {
        let run = converse("SETREPEAT Repeat:\nGETPIN\n", FakeFrontEnd(pins: [.checkEach([bytes("x")])]))
        #expect(run.output == "OK Pleased to meet you\nOK\nS PIN_REPEATED\nD x\nOK\n")
        #expect(run.server.frontEnd.checks == [.passed])
    }

    /// No SETGENPIN: Suggest asks nothing. The agent's CAN or ERR, or its going away, give no
    /// suggestion; a suggestion longer than an entry takes is refused whole, never cut.
    @Test(arguments: [
        ("GETPIN\n", false),
        ("SETGENPIN Suggest\nGETPIN\nCAN\n", true),
        ("SETGENPIN Suggest\nGETPIN\nERR 1 nope\n", true),
        ("SETGENPIN Suggest\nGETPIN\nD abc\n", true),
        ("SETGENPIN Suggest\nGETPIN\nD " + String(repeating: "a", count: 256) + "\nEND\n", true),
    ])
    func noSuggestion(script: String, asks: Bool) {
        let run = converse(script, FakeFrontEnd(pins: [.suggest]))
        #expect(run.server.frontEnd.suggestions == [nil])
        #expect(run.output.contains("INQUIRE GENPIN") == asks)
        #expect(run.output.hasSuffix("ERR 83886179 Operation cancelled <Pinentry>\n") || !run.output.contains("GETPIN"))
    }

    /// The suggestion's D line may come split over reads and escaped; only the first D counts.
    @Test(arguments: [1, 3, 64])
    func escapedSuggestion(chunk: Int) {
        let run = converse("SETGENPIN Suggest\nGETPIN\n# note\nD a%25b%0Ac\nD second\nEND\nNOP\n",
                           FakeFrontEnd(pins: [.suggest]), chunk: chunk)
        #expect(run.server.frontEnd.suggestions == [bytes("a%b\nc")])
        #expect(run.output.hasSuffix("INQUIRE GENPIN\nD a%25b%0Ac\nOK\nOK\n"))
    }
}

/// How the agent's offers read, the same in the window and on the terminal.
@Suite struct AgentOfferTextTests {
    func request(_ edit: (inout PinentryOptions) -> Void) -> PinRequest {
        var options = PinentryOptions()
        edit(&options)
        return PinRequest(options: options)
    }

    @Test func constraintHints() {
        #expect(request { $0.constraintsHintShort = "Short." }.constraintHints == "", "only when enforced")
        #expect(request { $0.constraintsEnforce = true; $0.constraintsHintShort = "Short." }.constraintHints == "Short.")
        #expect(request {
            $0.constraintsEnforce = true
            $0.constraintsHintShort = "Short."
            $0.constraintsHintLong = "Short."
        }.constraintHints == "Short.")
        #expect(request {
            $0.constraintsEnforce = true
            $0.constraintsHintShort = "Short."
            $0.constraintsHintLong = "Longer.\nLines."
        }.constraintHints == "Short.\nLonger.\nLines.")
        #expect(request { $0.constraintsEnforce = true; $0.constraintsHintLong = "Long." }.constraintHints == "Long.")
    }

    @Test func refusalUnderTheAgentsTitle() {
        #expect(request { $0.constraintsErrorTitle = "Nicht erlaubt" }.refusal("Zu kurz.") == "Nicht erlaubt\nZu kurz.")
        #expect(request { _ in }.refusal("Too short.") == "Passphrase Not Allowed\nToo short.")
    }

    @Test func whetherADisplayIsNamed() {
        var options = PinentryOptions()
        #expect(!options.namesDisplay(environment: nil) && !options.namesDisplay(environment: ""))
        #expect(options.namesDisplay(environment: ":0"))
        options.display = ":1"
        #expect(options.namesDisplay(environment: nil))
        options.display = ""
        #expect(!options.namesDisplay(environment: ""))
    }
}
