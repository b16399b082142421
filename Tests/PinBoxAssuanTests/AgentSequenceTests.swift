// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
@testable import PinBoxCore
import Testing

/// What gpg-agent 2.2.40 sent to pinentry-gtk-2 1.2.1 for
/// `gpg-connect-agent 'GET_PASSPHRASE --data --repeat=0 myid X Passphrase: Please+enter'`,
/// recorded through a tee (TERM=xterm, DISPLAY=:77, no GPG_TTY), and the user typing `a%b+c d`.
let agentSequence = """
    OPTION no-grab
    OPTION ttytype=xterm
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
    OPTION touch-file=/tmp/tmp.QClDKbL2oq/S.gpg-agent
    OPTION owner=20471 vm
    GETINFO flavor
    GETINFO version
    GETINFO ttyinfo
    GETINFO pid
    SETKEYINFO u/myid
    SETDESC Please enter
    SETPROMPT Passphrase:
    GETPIN
    BYE

    """

@Suite struct AgentSequenceTests {
    @Test func theRecordedGpgAgentSessionGetsPinentrysAnswers() {
        var arguments = PinentryArguments()
        arguments.options.display = ":77"  // gpg-agent passes --display :77
        let identity = PinentryIdentity(version: "1.0.0", pid: 20479, greetingPid: 20469)
        let run = converse(agentSequence, FakeFrontEnd(pins: [.type(bytes("a%b+c d"))]), arguments: arguments,
                           identity: identity)
        // pinentry-gtk-2 answered the same, but for its flavor (gtk2), version (1.2.1) and pid.
        #expect(run.output == """
            OK Pleased to meet you, process 20469
            OK
            OK
            OK
            OK
            OK
            ERR 83886254 Unknown option <Pinentry>
            ERR 83886254 Unknown option <Pinentry>
            OK
            OK
            OK
            OK
            OK
            OK
            OK
            D pinbox
            OK
            D 1.0.0
            OK
            D - xterm :77 - \(geteuid())/\(getegid()) -
            OK
            D 20479
            OK
            OK
            OK
            OK
            D a%25b+c d
            OK
            OK closing connection

            """)
        #expect(run.end == .bye)
    }

    @Test func theDialogSeesWhatTheAgentSet() {
        let run = converse(agentSequence, FakeFrontEnd(pins: [.type(bytes("x"))]))
        let request = try! #require(run.server.frontEnd.pinRequests.first)
        #expect(request.description == "Please enter")
        #expect(request.prompt == "Passphrase:")
        #expect(request.keyInfo == .user("myid"))
        #expect(request.okLabel == "_OK")
        #expect(request.cancelLabel == "_Cancel")
        #expect(request.entry == .passphrase)
        #expect(request.limit.maxBytes == 255)
        #expect(request.grab == false)
        #expect(request.timeout == 0)
        #expect(request.qualityBar == nil && request.repeatPrompt == nil && request.error == nil)
        #expect(request.options.owner == Owner(pid: 20471, host: "vm"))  // a title can name the requester
        let options = run.server.options
        #expect(options.ttyType == "xterm")
        #expect(options.owner == Owner(pid: 20471, host: "vm"))
        #expect(options.touchFile == "/tmp/tmp.QClDKbL2oq/S.gpg-agent")
        #expect(options.allowExternalPasswordCache)
        #expect(options.defaultConfirmVisible == "Do you really want to make your passphrase visible on the screen?")
    }

    @Test func theTypedSecretIsWipedAfterTheReply() {
        let run = converse(agentSequence, FakeFrontEnd(pins: [.type(bytes("hunter2"))]))
        let secret = try! #require(run.server.frontEnd.handedOver.first)
        #expect(secret.isEmpty)
        secret.withWholeCapacity { #expect($0.allSatisfy { $0 == 0 }) }
    }

    /// gpg-agent 2.4 sends `owner=PID/UID HOST`, and a card request clears the key info.
    @Test func aCardRequestFromGpgAgent24() {
        let run = converse("""
            OPTION owner=4711/1000 host.example
            SETKEYINFO --clear
            SETDESC Please unlock the card%0A%0ANumber: D276 0001 2401%0AHolder: Alice
            SETPROMPT Admin PIN
            GETPIN
            BYE

            """, FakeFrontEnd(pins: [.type(bytes("12345678"))]))
        #expect(run.output == "OK Pleased to meet you\nOK\nOK\nOK\nOK\nD 12345678\nOK\nOK closing connection\n")
        let request = try! #require(run.server.frontEnd.pinRequests.first)
        #expect(request.entry == .card(.adminPIN))
        #expect(request.limit.maxBytes == 88)
        #expect(request.description == "Please unlock the card\n\nNumber: D276 0001 2401\nHolder: Alice")
        #expect(run.server.options.owner == Owner(pid: 4711, uid: 1000, host: "host.example"))
    }
}
