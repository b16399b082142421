// SPDX-License-Identifier: MIT
/// The commands the server knows, in the order HELP lists them: libassuan's built-ins, then
/// the ones a pinentry registers.
enum Command: Int {
    case nop, cancel, option, bye, auth, reset, end, help
    case setDesc, setPrompt, setKeyInfo, setRepeat, setRepeatError, setRepeatOK, setError, setOK, setNotOK
    case setCancel, getPin, confirm, message, setQualityBar, setQualityBarTooltip, setGenPin, setGenPinTooltip
    case getInfo, setTitle, setTimeout, clearPassphrase

    /// In declaration order (HELP lists them so).
    static var all: [Command] {
        var commands: [Command] = []
        var raw = 0
        while let command = Command(rawValue: raw) {
            commands.append(command)
            raw += 1
        }
        return commands
    }

    var name: String {
        switch self {
        case .nop: "NOP"
        case .cancel: "CANCEL"
        case .option: "OPTION"
        case .bye: "BYE"
        case .auth: "AUTH"
        case .reset: "RESET"
        case .end: "END"
        case .help: "HELP"
        case .setDesc: "SETDESC"
        case .setPrompt: "SETPROMPT"
        case .setKeyInfo: "SETKEYINFO"
        case .setRepeat: "SETREPEAT"
        case .setRepeatError: "SETREPEATERROR"
        case .setRepeatOK: "SETREPEATOK"
        case .setError: "SETERROR"
        case .setOK: "SETOK"
        case .setNotOK: "SETNOTOK"
        case .setCancel: "SETCANCEL"
        case .getPin: "GETPIN"
        case .confirm: "CONFIRM"
        case .message: "MESSAGE"
        case .setQualityBar: "SETQUALITYBAR"
        case .setQualityBarTooltip: "SETQUALITYBAR_TT"
        case .setGenPin: "SETGENPIN"
        case .setGenPinTooltip: "SETGENPIN_TT"
        case .getInfo: "GETINFO"
        case .setTitle: "SETTITLE"
        case .setTimeout: "SETTIMEOUT"
        case .clearPassphrase: "CLEARPASSPHRASE"
        }
    }

    /// HELP's usage line for the command (what the list shows).
    var usage: String {
        switch self {
        case .nop: "NOP"
        case .cancel: "CANCEL"
        case .option: "OPTION <NAME> [ [=] <VALUE> ]"
        case .bye: "BYE"
        case .auth: "AUTH"
        case .reset: "RESET"
        case .end: "END"
        case .help: "HELP [<COMMAND>]"
        case .setDesc: "SETDESC <TEXT>"
        case .setPrompt: "SETPROMPT <TEXT>"
        case .setKeyInfo: "SETKEYINFO <n|u|s>/<ID> | --clear"
        case .setRepeat: "SETREPEAT [<TEXT>]"
        case .setRepeatError: "SETREPEATERROR <TEXT>"
        case .setRepeatOK: "SETREPEATOK <TEXT>"
        case .setError: "SETERROR <TEXT>"
        case .setOK: "SETOK <TEXT>"
        case .setNotOK: "SETNOTOK <TEXT>"
        case .setCancel: "SETCANCEL <TEXT>"
        case .getPin: "GETPIN"
        case .confirm: "CONFIRM [--one-button]"
        case .message: "MESSAGE"
        case .setQualityBar: "SETQUALITYBAR [<LABEL>]"
        case .setQualityBarTooltip: "SETQUALITYBAR_TT <TEXT>"
        case .setGenPin: "SETGENPIN <TEXT>"
        case .setGenPinTooltip: "SETGENPIN_TT <TEXT>"
        case .getInfo: "GETINFO version|pid|flavor|ttyinfo"
        case .setTitle: "SETTITLE <TEXT>"
        case .setTimeout: "SETTIMEOUT <SECONDS>"
        case .clearPassphrase: "CLEARPASSPHRASE [<CACHEID>]"
        }
    }

    /// HELP's sentence about the command.
    var summary: String {
        switch self {
        case .nop: "No operation; answers OK."
        case .cancel: "Nothing to cancel between commands; answers Not implemented."
        case .option: "Sets an option; options survive RESET."
        case .bye: "Ends the session."
        case .auth: "Reserved; answers Not implemented."
        case .reset: "Forgets every SET* text; keeps the options and the timeout."
        case .end: "Ends data sent by a client; unused here."
        case .help: "Lists the commands, or describes one."
        case .setDesc: "The description shown above the entry (%XX escaped)."
        case .setPrompt: "The entry's label; PIN, Admin PIN, PUK or Reset Code ask for card boxes."
        case .setKeyInfo: "Which key or cache entry is asked for."
        case .setRepeat: "Ask the next PIN twice, with this label for the second entry."
        case .setRepeatError: "Shown when the two entries differ."
        case .setRepeatOK: "Shown when the two entries agree."
        case .setError: "An error for the next dialog only (a failed attempt)."
        case .setOK: "The OK button's label, _ before the mnemonic."
        case .setNotOK: "A third button for CONFIRM, meaning no."
        case .setCancel: "The Cancel button's label."
        case .getPin: "Asks for a PIN or passphrase; answers it as one D line."
        case .confirm: "Asks a yes/no question; --one-button shows a message."
        case .message: "Shows a message with one button."
        case .setQualityBar: "Show a strength bar fed by INQUIRE QUALITY in the next GETPIN."
        case .setQualityBarTooltip: "The strength bar's tooltip."
        case .setGenPin: "A Suggest button that fills the entries from INQUIRE GENPIN."
        case .setGenPinTooltip: "The Suggest button's tooltip."
        case .getInfo: "Answers one fact as a D line."
        case .setTitle: "The window title."
        case .setTimeout: "Give up after this long if nothing is typed (0: never)."
        case .clearPassphrase: "Forgets the password manager's passphrase for a cache ID."
        }
    }

    /// Looks a name up as libassuan does: exactly, else with its lower-case ASCII raised.
    init?<C: Collection>(name: C) where C.Element == UInt8 {
        let upper = String(decoding: name.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        guard let found = Command.all.first(where: { $0.name == upper }) else { return nil }
        self = found
    }
}
