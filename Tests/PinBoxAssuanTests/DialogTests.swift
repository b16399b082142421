// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

/// GETPIN, CONFIRM and MESSAGE: the request the dialog gets and the reply to each way it ends.
/// Replies were checked against pinentry-gtk-2 1.2.1 under Xvfb (see docs/pinentry.md).
@Suite struct DialogTests {
    @Test func thePinIsEscapedInOneDataLine() {
        let typed: [UInt8] = bytes("a%b+c d\r\ne") + [0xC3, 0xA9, 0x01, 0x7F]
        let run = converse("GETPIN\n", FakeFrontEnd(pins: [.type(typed)]))
        #expect(run.output.utf8.elementsEqual(bytes("OK Pleased to meet you\nD a%25b+c d%0D%0Ae") + [0xC3, 0xA9, 0x01, 0x7F]
            + bytes("\nOK\n")))
    }

    @Test func anEmptyPinIsJustOK() {
        let run = converse("SETREPEAT Again\nGETPIN\n", FakeFrontEnd(pins: [.type([], repeated: true)]))
        #expect(run.output == "OK Pleased to meet you\nOK\nOK\n")
    }

    @Test func the255BytesPinboxAllowsFitOneLineEvenAllEscaped() {
        let run = converse("GETPIN\n", FakeFrontEnd(pins: [.type([UInt8](repeating: 0x25, count: 255))]))
        #expect(run.output == "OK Pleased to meet you\nD " + String(repeating: "%25", count: 255) + "\nOK\n")
    }

    /// A front end that ignored the limit still gets no line over 1000 bytes: libassuan's wrap.
    @Test func anOverlongAnswerIsWrappedAsLibassuanWraps() {
        let run = converse("GETPIN\n", FakeFrontEnd(pins: [.type([UInt8](repeating: 0x41, count: 1200))]))
        #expect(run.output == "OK Pleased to meet you\nD " + String(repeating: "A", count: 996) + "\nD "
            + String(repeating: "A", count: 204) + "\nOK\n")
    }

    @Test func argumentsDecodePercentButKeepPlus() {
        let run = converse("SETDESC 100%25+ a%0Ab%0D%C3%A9 %zz %4\nSETPROMPT caf%c3%a9:\nSETERROR %00hidden\nGETPIN\n")
        let request = try! #require(run.server.frontEnd.pinRequests.first)
        #expect(request.description == "100%+ a\nb\ré %zz %4")
        #expect(request.prompt == "café:")
        #expect(request.error == "")
    }

    @Test func cancel() {
        let run = converse("GETPIN\n", FakeFrontEnd(pins: [.cancel]))
        #expect(run.output == "OK Pleased to meet you\nERR 83886179 Operation cancelled <Pinentry>\n")
    }

    @Test func windowClosed() {
        let run = converse("GETPIN\n", FakeFrontEnd(pins: [.close]))
        #expect(run.output == "OK Pleased to meet you\nS BUTTON_INFO close\nERR 83886179 Operation cancelled <Pinentry>\n")
    }

    @Test func timeout() {
        let run = converse("SETTIMEOUT 7\nGETPIN\nCONFIRM\nMESSAGE\n",
                           FakeFrontEnd(pins: [.timeout], confirms: [.timedOut], messages: [.timedOut]))
        let timedOut = "S ERROR pinbox.? 83886142 \nERR 83886142 Timeout <Pinentry>\n"
        #expect(run.output == "OK Pleased to meet you\nOK\n" + timedOut + timedOut + timedOut)
        #expect(run.server.frontEnd.pinRequests[0].timeout == 7)
        #expect(run.server.frontEnd.confirmRequests[0].timeout == 7)
    }

    @Test func timeoutFromTheCommandLineUntilSettimeout() throws {
        let arguments = PinentryArguments(parsing: ["--timeout", "12"])
        let run = converse("GETPIN\nSETTIMEOUT 3\nGETPIN\nSETTIMEOUT 0\nGETPIN\n", arguments: arguments)
        #expect(run.server.frontEnd.pinRequests.map(\.timeout) == [12, 3, 0])
    }

    @Test func repeatMatched() {
        let run = converse("""
            SETREPEAT Repeat:
            SETREPEATERROR does not match
            SETREPEATOK Passphrases match.
            GETPIN
            GETPIN

            """, FakeFrontEnd(pins: [.type(bytes("secret"), repeated: true), .type(bytes("again"), repeated: true)]))
        // The second GETPIN asked no repeat (SETREPEAT lasts one dialog), so no PIN_REPEATED.
        #expect(run.output == "OK Pleased to meet you\nOK\nOK\nOK\nS PIN_REPEATED\nD secret\nOK\nD again\nOK\n")
        let requests = run.server.frontEnd.pinRequests
        #expect(requests[0].repeatPrompt == RepeatPrompt(prompt: "Repeat:", mismatchError: "does not match",
                                                         matchText: "Passphrases match."))
        #expect(requests[1].repeatPrompt == nil)
    }

    /// A dialog that did not check the repeat (or the user gave up on it) sends no PIN_REPEATED:
    /// the agent then asks again itself.
    @Test func repeatNotConfirmed() {
        let run = converse("SETREPEAT\nGETPIN\n", FakeFrontEnd(pins: [.type(bytes("secret"), repeated: false)]))
        #expect(run.output == "OK Pleased to meet you\nOK\nD secret\nOK\n")
        #expect(run.server.frontEnd.pinRequests[0].repeatPrompt?.mismatchError == "does not match - try again")
    }

    @Test func errorAndQualityBarLastOneDialog() {
        let run = converse("SETERROR Bad Passphrase (try 2 of 3)\nSETQUALITYBAR\nGETPIN\nGETPIN\n",
                           FakeFrontEnd(pins: [.cancel, .cancel]))
        let requests = run.server.frontEnd.pinRequests
        #expect(requests[0].error == "Bad Passphrase (try 2 of 3)")
        #expect(requests[0].qualityBar == QualityBar(label: "Quality:", tooltip: nil))
        #expect(requests[1].error == nil && requests[1].qualityBar == nil)
    }

    @Test func confirmOutcomes() {
        let input = "SETDESC Allow?\nSETOK _Allow\nSETNOTOK _Deny\n" + String(repeating: "CONFIRM\n", count: 5)
        let run = converse(input, FakeFrontEnd(confirms: [.ok, .notOK, .cancelled, .closed, .timedOut]))
        #expect(run.output == """
            OK Pleased to meet you
            OK
            OK
            OK
            OK
            ERR 83886194 Not confirmed <Pinentry>
            ERR 83886179 Operation cancelled <Pinentry>
            S BUTTON_INFO close
            ERR 83886179 Operation cancelled <Pinentry>
            S ERROR pinbox.? 83886142 
            ERR 83886142 Timeout <Pinentry>

            """)
        let request = run.server.frontEnd.confirmRequests[0]
        #expect(request == ConfirmRequest(description: "Allow?", okLabel: "_Allow", notOKLabel: "_Deny"))
    }

    @Test func oneButtonConfirmAndMessage() {
        let run = converse("""
            SETDESC Use the reader's pinpad for input.
            CONFIRM --one-button
            MESSAGE
            MESSAGE

            """, FakeFrontEnd(messages: [.dismissed, .closed, .dismissed]))
        #expect(run.output == "OK Pleased to meet you\nOK\nOK\nS BUTTON_INFO close\nOK\nOK\n")
        #expect(run.server.frontEnd.confirmRequests.isEmpty)
        #expect(run.server.frontEnd.messageRequests.count == 3)
        #expect(run.server.frontEnd.messageRequests.allSatisfy { $0.isMessage })
        #expect(run.server.frontEnd.messageRequests[0].description == "Use the reader's pinpad for input.")
    }

    @Test func labelsFallBackToTheAgentsDefaults() {
        let run = converse("OPTION default-ok=_Bestätigen\nOPTION default-cancel=_Abbrechen\nOPTION default-prompt=PIN%3A\nGETPIN\n")
        let request = try! #require(run.server.frontEnd.pinRequests.first)
        #expect(request.okLabel == "_Bestätigen" && request.cancelLabel == "_Abbrechen" && request.prompt == "PIN:")
    }

    /// The default label is no card's prompt: with no SETPROMPT a long passphrase is taken whole
    /// (it was a card PIN, cut at 88 bytes); the card's own `SETPROMPT PIN` is still one.
    @Test func theDefaultPromptAsksForAPassphrase() {
        let long = String(repeating: "y", count: 107)
        for script in ["GETPIN\n", "OPTION default-prompt=PIN%3A\nGETPIN\n"] {
            let run = converse("SETDESC Enter the master password\n" + script, FakeFrontEnd(pins: [.type(bytes(long))]))
            #expect(run.server.frontEnd.pinRequests.first?.entry == .passphrase)
            #expect(run.server.frontEnd.pinRequests.first?.limit == .passphrase)
            #expect(run.output.hasSuffix("D \(long)\nOK\n"), "\(run.output)")
        }
        let card = converse("SETPROMPT PIN\nGETPIN\n")
        #expect(card.server.frontEnd.pinRequests.first?.entry == .card(.pin))
    }
}
