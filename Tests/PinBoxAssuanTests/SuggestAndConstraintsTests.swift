// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

/// INQUIRE GENPIN (the Suggest button) and INQUIRE CHECKPIN (`enforce-passphrase-constraints`),
/// the lines as pinentry 1.3's pinentry_inq_genpin and pinentry_inq_checkpin write them and as
/// gpg-agent's inq_cb answers them.
@Suite struct SuggestAndConstraintsTests {
    /// gpg-agent 2.4.7 asking for a new symmetric passphrase (`gpg -c`, `GET_PASSPHRASE
    /// --newsymkey`) with `enforce-passphrase-constraints`, `pinentry-formatted-passphrase` and
    /// the two constraint hints enabled in help.txt. Written from agent/call-pinentry.c
    /// (start_pinentry, agent_get_passphrase, setup_formatted_passphrase, setup_genpin,
    /// setup_enforced_constraints, inq_cb) line by line; the escaping is try_percent_escape's
    /// (`%`, TAB, CR, LF, FF, VT) and assuan_send_data's (`%`, CR, LF).
    static let agent24 = """
        OPTION no-grab
        OPTION ttyname=/dev/pts/3
        OPTION ttytype=xterm-256color
        OPTION lc-ctype=en_US.UTF-8
        OPTION lc-messages=en_US.UTF-8
        OPTION allow-external-password-cache
        OPTION default-ok=_OK
        OPTION default-cancel=_Cancel
        OPTION default-yes=_Yes
        OPTION default-no=_No
        OPTION default-prompt=PIN:
        OPTION default-pwmngr=_Save in password manager
        OPTION default-cf-visi=Do you really want to make your passphrase visible on the screen?
        OPTION default-tt-visi=Make passphrase visible
        OPTION default-tt-hide=Hide passphrase
        OPTION default-capshint=Caps Lock is on
        OPTION touch-file=/run/user/1000/gnupg/S.gpg-agent
        OPTION owner=4321/1000 host
        GETINFO flavor
        GETINFO version
        GETINFO ttyinfo
        GETINFO pid
        SETKEYINFO u/S7F15B1F1E58418A0
        SETDESC Enter passphrase%0A
        SETPROMPT Passphrase:
        OPTION formatted-passphrase
        OPTION formatted-passphrase-hint=Note%3a The blanks are not part of the passphrase.
        SETREPEATERROR does not match - try again
        SETREPEATOK Passphrases match.
        SETGENPIN Suggest
        SETGENPIN_TT Suggest a random passphrase.
        OPTION constraints-enforce
        OPTION constraints-hint-short=Please use letters and digits.
        OPTION constraints-hint-long=Please use letters and digits.%0AExtra constraints are enforced, for example%0Athe use of common car number plates.
        OPTION constraints-error-title=Passphrase Not Allowed
        SETREPEAT Repeat:
        GETPIN

        """

    @Test func suggestAsksTheAgentAndHandsTheSuggestionOver() {
        let run = converse(Self.agent24 + """
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
        let run = converse(Self.agent24 + """
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
