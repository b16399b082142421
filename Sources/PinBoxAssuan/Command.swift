/// The commands the server knows, in the order HELP lists them: libassuan's built-ins, then
/// the ones a pinentry registers.
enum Command: CaseIterable {
    case nop, cancel, option, bye, auth, reset, end, help
    case setDesc, setPrompt, setKeyInfo, setRepeat, setRepeatError, setRepeatOK, setError, setOK, setNotOK
    case setCancel, getPin, confirm, message, setQualityBar, setQualityBarTooltip, setGenPin, setGenPinTooltip
    case getInfo, setTitle, setTimeout, clearPassphrase

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

    /// HELP's text: a usage line (what the list shows), then a sentence.
    var help: [String] {
        switch self {
        case .nop: ["NOP", "", "No operation; answers OK."]
        case .cancel: ["CANCEL", "", "Nothing to cancel between commands; answers Not implemented."]
        case .option: ["OPTION <NAME> [ [=] <VALUE> ]", "", "Sets an option; options survive RESET."]
        case .bye: ["BYE", "", "Ends the session."]
        case .auth: ["AUTH", "", "Reserved; answers Not implemented."]
        case .reset: ["RESET", "", "Forgets every SET* text; keeps the options and the timeout."]
        case .end: ["END", "", "Ends data sent by a client; unused here."]
        case .help: ["HELP [<COMMAND>]", "", "Lists the commands, or describes one."]
        case .setDesc: ["SETDESC <TEXT>", "", "The description shown above the entry (%XX escaped)."]
        case .setPrompt: ["SETPROMPT <TEXT>", "", "The entry's label; PIN, Admin PIN, PUK or Reset Code ask for card boxes."]
        case .setKeyInfo: ["SETKEYINFO <n|u|s>/<ID> | --clear", "", "Which key or cache entry is asked for."]
        case .setRepeat: ["SETREPEAT [<TEXT>]", "", "Ask the next PIN twice, with this label for the second entry."]
        case .setRepeatError: ["SETREPEATERROR <TEXT>", "", "Shown when the two entries differ."]
        case .setRepeatOK: ["SETREPEATOK <TEXT>", "", "Shown when the two entries agree."]
        case .setError: ["SETERROR <TEXT>", "", "An error for the next dialog only (a failed attempt)."]
        case .setOK: ["SETOK <TEXT>", "", "The OK button's label, _ before the mnemonic."]
        case .setNotOK: ["SETNOTOK <TEXT>", "", "A third button for CONFIRM, meaning no."]
        case .setCancel: ["SETCANCEL <TEXT>", "", "The Cancel button's label."]
        case .getPin: ["GETPIN", "", "Asks for a PIN or passphrase; answers it as one D line."]
        case .confirm: ["CONFIRM [--one-button]", "", "Asks a yes/no question; --one-button shows a message."]
        case .message: ["MESSAGE", "", "Shows a message with one button."]
        case .setQualityBar: ["SETQUALITYBAR [<LABEL>]", "", "Show a strength bar fed by INQUIRE QUALITY in the next GETPIN."]
        case .setQualityBarTooltip: ["SETQUALITYBAR_TT <TEXT>", "", "The strength bar's tooltip."]
        case .setGenPin: ["SETGENPIN <TEXT>", "", "Accepted; PinBox generates no passphrases."]
        case .setGenPinTooltip: ["SETGENPIN_TT <TEXT>", "", "Accepted; PinBox generates no passphrases."]
        case .getInfo: ["GETINFO version|pid|flavor|ttyinfo", "", "Answers one fact as a D line."]
        case .setTitle: ["SETTITLE <TEXT>", "", "The window title."]
        case .setTimeout: ["SETTIMEOUT <SECONDS>", "", "Give up after this long if nothing is typed (0: never)."]
        case .clearPassphrase: ["CLEARPASSPHRASE [<CACHEID>]", "", "PinBox caches nothing; answers OK."]
        }
    }

    /// Looks a name up as libassuan does: exactly, else with its lower-case ASCII raised.
    init?<C: Collection>(name: C) where C.Element == UInt8 {
        let upper = String(decoding: name.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
        guard let found = Command.allCases.first(where: { $0.name == upper }) else { return nil }
        self = found
    }
}
