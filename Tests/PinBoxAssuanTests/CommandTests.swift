// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import Testing

/// Replies to each command, byte for byte. Unless a comment says otherwise, each expected line
/// was first obtained from pinentry-tty 1.2.1 fed the same input through a pipe.
@Suite struct CommandTests {
    @Test func builtInsAnswerAsLibassuanDoes() {
        let run = converse("NOP\nnop\nCANCEL\nAUTH\nEND\nD 42\nFOO bar\nD\n  NOP\n\tNOP\n# a comment\n\nBYE\nNOP\n")
        #expect(run.output == """
            OK Pleased to meet you
            OK
            OK
            ERR 536870981 Not implemented <User defined source 1>
            ERR 536870981 Not implemented <User defined source 1>
            ERR 536870981 Not implemented <User defined source 1>
            ERR 536870981 Not implemented <User defined source 1>
            ERR 536871187 Unknown IPC command <User defined source 1>
            ERR 536871187 Unknown IPC command <User defined source 1>
            ERR 536871188 IPC syntax error <User defined source 1> - leading white-space
            ERR 536871188 IPC syntax error <User defined source 1> - leading white-space
            OK closing connection

            """)
        #expect(run.end == .bye)
    }

    /// libassuan skips only a line with no bytes; a line that starts with NUL is a command with
    /// an empty name, answered with its syntax error (assuan-handler.c, dispatch_command). A NUL
    /// later in the line ends the command's name as it ends a C string.
    /// A system error as libgpg-error numbers it (pinentry-curses' `83918929 No such file or
    /// directory` for a GPG_TTY that names nothing); an errno it has no number for is its
    /// "unknown errno", not a system code.
    @Test func systemErrorsCarryLibgpgErrorsCodes() {
        #expect(AssuanError.system(ENOENT, "No such file or directory").line
            == "ERR 83918929 No such file or directory <Pinentry>")
        #expect(AssuanError.system(ENOTTY, "x").code == 83918950 && AssuanError.system(EACCES, "x").code == 83918849)
        #expect(AssuanError.system(EISDIR, "x").code == 5 << 24 | 1 << 15 | 51)
        #expect(AssuanError.system(9999, "x").code == 5 << 24 | 16382)
    }

    @Test func aLineThatStartsWithNulIsASyntaxError() {
        let run = converse("\u{0}\n\u{0}GETPIN\nNOP\u{0}junk\nBYE\n")
        #expect(run.output == """
            OK Pleased to meet you
            ERR 536871188 IPC syntax error <User defined source 1> - leading white-space
            ERR 536871188 IPC syntax error <User defined source 1> - leading white-space
            OK
            OK closing connection

            """)
    }

    @Test func everySetCommandAnswersOK() {
        let commands = ["SETDESC d", "SETPROMPT p", "SETTITLE t", "SETOK o", "SETCANCEL c", "SETNOTOK n", "SETERROR e",
                        "SETREPEAT r", "SETREPEATERROR re", "SETREPEATOK ro", "SETQUALITYBAR", "SETQUALITYBAR_TT tt",
                        "SETGENPIN g", "SETGENPIN_TT gt", "SETTIMEOUT 5", "SETKEYINFO n/ABCD", "SETKEYINFO --clear",
                        "setdesc lower case", "SetPrompt mixed"]
        let run = converse(commands.joined(separator: "\n") + "\n")
        #expect(run.output == "OK Pleased to meet you\n" + String(repeating: "OK\n", count: commands.count))
        let texts = run.server.texts
        #expect(texts.description == "lower case" && texts.prompt == "mixed" && texts.title == "t")
        #expect(texts.ok == "o" && texts.cancel == "c" && texts.notOK == "n" && texts.error == "e")
        #expect(texts.repeatPrompt == "r" && texts.repeatError == "re" && texts.repeatOK == "ro")
        #expect(texts.qualityBar == "Quality:" && texts.qualityBarTooltip == "tt")
        #expect(texts.generatePinLabel == "g" && texts.generatePinTooltip == "gt")
        #expect(texts.timeout == 5 && texts.keyInfo == nil)
    }

    @Test func everyOptionGpgAgentSendsIsAccepted() {
        let names = ["grab", "no-grab", "display=:0", "ttyname=/dev/pts/3", "ttytype=xterm-256color", "ttyalert=beep",
                     "lc-ctype=de_DE.UTF-8", "lc-messages=de_DE.UTF-8", "owner=123 host", "owner=123/1000 host",
                     "parent-wid=4194307", "touch-file=/run/user/1000/gnupg/S.gpg-agent", "debug-wait=0",
                     "default-ok=_OK", "default-cancel=_Cancel", "default-prompt=PIN:", "default-pwmngr=_Save",
                     "default-cf-visi=Really?", "default-tt-visi=Show", "default-tt-hide=Hide", "default-capshint=Caps Lock is on",
                     "allow-external-password-cache", "allow-emacs-prompt", "invisible-char=*", "formatted-passphrase",
                     "formatted-passphrase-hint=Blocks%20of%20five", "constraints-enforce", "constraints-hint-short=At%20least%208",
                     "constraints-hint-long=Long%0Ahint", "constraints-error-title=Weak", "--ttyname /dev/pts/4",
                     "  lc-ctype  =  C  "]
        let run = converse(names.map { "OPTION " + $0 }.joined(separator: "\n") + "\n")
        #expect(run.output == "OK Pleased to meet you\n" + String(repeating: "OK\n", count: names.count))
        let o = run.server.options
        #expect(o.grab == false && o.display == ":0" && o.ttyName == "/dev/pts/4" && o.ttyType == "xterm-256color")
        #expect(o.ttyAlert == "beep" && o.lcCtype == "C" && o.lcMessages == "de_DE.UTF-8")
        #expect(o.owner == Owner(pid: 123, uid: 1000, host: "host") && o.parentWindow == 4194307)
        #expect(o.defaultOK == "_OK" && o.defaultCapsHint == "Caps Lock is on" && o.invisibleChar == "*")
        #expect(o.allowEmacsPrompt && o.formattedPassphrase && o.constraintsEnforce)
        #expect(o.formattedPassphraseHint == "Blocks of five" && o.constraintsHintShort == "At least 8")
        #expect(o.constraintsHintLong == "Long\nhint" && o.constraintsErrorTitle == "Weak")
    }

    @Test func optionMistakes() {
        let run = converse("""
            OPTION bogus
            OPTION pinentry-user-data=x
            OPTION Grab
            OPTION grab=1
            OPTION no-grab=x
            OPTION allow-external-password-cache=1
            OPTION -x
            OPTION
            OPTION =x
            OPTION ttyname=

            """)
        #expect(run.output == """
            OK Pleased to meet you
            ERR 83886254 Unknown option <Pinentry>
            ERR 83886254 Unknown option <Pinentry>
            ERR 83886254 Unknown option <Pinentry>
            ERR 83886254 Unknown option <Pinentry>
            ERR 83886254 Unknown option <Pinentry>
            ERR 83886254 Unknown option <Pinentry>
            ERR 536871188 IPC syntax error <User defined source 1> - option should not begin with one dash
            ERR 536871188 IPC syntax error <User defined source 1> - argument required
            ERR 536871188 IPC syntax error <User defined source 1> - no option name given
            ERR 536871188 IPC syntax error <User defined source 1> - option argument expected

            """)
    }

    @Test func getInfo() {
        var arguments = PinentryArguments()
        arguments.options.display = ":0"
        let identity = PinentryIdentity(version: "2.5", pid: 31337, greetingPid: nil,
                                        deviceStatus: { $0 == "/dev/pts/7" ? "20620/1000/5" : nil })
        let run = converse("""
            GETINFO flavor
            GETINFO version
            GETINFO pid
            GETINFO ttyinfo
            OPTION ttyname=/dev/pts/7
            OPTION ttytype=xterm
            GETINFO ttyinfo
            OPTION ttyname=/nonexistent
            GETINFO ttyinfo
            getinfo  flavor
            GETINFO flavor x
            GETINFO FLAVOR
            GETINFO

            """, arguments: arguments, identity: identity)
        let ids = "\(geteuid())/\(getegid())"
        #expect(run.output == """
            OK Pleased to meet you
            D pinbox
            OK
            D 2.5
            OK
            D 31337
            OK
            D - - :0 - \(ids) -
            OK
            OK
            OK
            D /dev/pts/7 xterm :0 20620/1000/5 \(ids) -
            OK
            OK
            D /nonexistent xterm :0 ? \(ids) -
            OK
            D pinbox
            OK
            ERR 83886360 IPC parameter error <Pinentry>
            ERR 83886360 IPC parameter error <Pinentry>
            ERR 83886360 IPC parameter error <Pinentry>

            """)
    }

    /// The list and texts are PinBox's own (pinentry lists bare names and has no text for its
    /// commands); the codes of the two errors are libassuan's.
    @Test func help() {
        let run = converse("HELP\nHELP nop\nHELP GETPIN\nHELP bogus\n")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "OK Pleased to meet you")
        let listed = lines[1...].prefix { $0.hasPrefix("# ") }.map { $0.dropFirst(2).split(separator: " ")[0] }
        #expect(listed == ["NOP", "CANCEL", "OPTION", "BYE", "AUTH", "RESET", "END", "HELP", "SETDESC", "SETPROMPT",
                           "SETKEYINFO", "SETREPEAT", "SETREPEATERROR", "SETREPEATOK", "SETERROR", "SETOK", "SETNOTOK",
                           "SETCANCEL", "GETPIN", "CONFIRM", "MESSAGE", "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETGENPIN",
                           "SETGENPIN_TT", "GETINFO", "SETTITLE", "SETTIMEOUT", "CLEARPASSPHRASE"])
        #expect(Array(lines[30...]) == [
            "OK",
            "# NOP", "# ", "# No operation; answers OK.", "OK",
            "# GETPIN", "# ", "# Asks for a PIN or passphrase; answers it as one D line.", "OK",
            "ERR 536871087 Unknown command <User defined source 1>",
            "",
        ])
    }

    @Test func resetClearsTheTextsButKeepsOptionsAndTimeout() {
        let run = converse("""
            OPTION no-grab
            OPTION default-ok=_Yes please
            SETDESC first
            SETPROMPT PIN
            SETOK Go
            SETERROR Bad PIN
            SETKEYINFO n/0123
            SETTIMEOUT 30
            RESET
            GETPIN

            """, FakeFrontEnd(pins: [.cancel]))
        #expect(run.output.hasPrefix("OK Pleased to meet you\n" + String(repeating: "OK\n", count: 9)))
        let request = try! #require(run.server.frontEnd.pinRequests.first)
        #expect(request.description == nil && request.error == nil && request.keyInfo == nil)
        #expect(request.prompt == "PIN:")
        #expect(request.okLabel == "_Yes please")  // the option survived
        #expect(request.grab == false)
        #expect(request.timeout == 30)  // pinentry keeps the timeout across RESET too
    }

    @Test func theSessionEndsAtTheEndOfInputWithoutBye() {
        let run = converse("NOP\nNOP")  // the last line has no LF: dropped, as libassuan drops it
        #expect(run.output == "OK Pleased to meet you\nOK\n")
        #expect(run.end == .endOfInput)
    }

    @Test func aNulEndsTheLineAsInC() {
        let run = converse([UInt8]("SETDESC ab".utf8) + [0] + [UInt8]("cd\nNOP".utf8) + [0, 0x0A])
        #expect(run.output == "OK Pleased to meet you\nOK\nOK\n")
        #expect(run.server.texts.description == "ab")
    }

    @Test func crlfLinesWork() {
        let run = converse("SETDESC a\r\nNOP\r\n")
        #expect(run.output == "OK Pleased to meet you\nOK\nOK\n")
        #expect(run.server.texts.description == "a")
    }

    @Test func writeFailureEndsTheSession() {
        let run = converse("NOP\nNOP\nNOP\nNOP\n", failAfter: 2)
        #expect(run.end == .clientGone)
        #expect(run.output == "OK Pleased to meet you\nOK\n")
        #expect(run.server.clientGone)
    }

    @Test func aFailedGreetingEndsAtOnce() {
        let run = converse("GETPIN\n", FakeFrontEnd(pins: [.type(bytes("1234"))]), failAfter: 0)
        #expect(run.end == .clientGone)
        #expect(run.server.frontEnd.pinRequests.isEmpty)  // no dialog for a client that is gone
    }
}
