// SPDX-License-Identifier: MIT
import PinBoxCore

/// The standard pinentry command line: what gpg-agent and users pass to any pinentry.
/// `-D/--display`, `-T/--ttyname`, `-N/--ttytype`, `-C/--lc-ctype`, `-M/--lc-messages`,
/// `-o/--timeout`, `-g/--no-global-grab`, `-W/--parent-wid`, `-d/--debug`, `--help`,
/// `--version`; also pinentry's `-a/--ttyalert` (the terminal's alert) and `-c/--colors`
/// (accepted, curses-only),
/// and PinBox's own `--paste`, `--color-scheme`, `--contrast` and `--animations`.
/// Values come as `--name value`, `--name=value`, `-X value` or `-Xvalue`; flags combine (`-dg`).
public struct PinentryArguments: Equatable, Sendable {
    /// What the program should do.
    public enum Action: Equatable, Sendable {
        case serve, help, version
    }

    public var action = Action.serve
    /// The starting options (display, tty, locale, grab, parent window, debug).
    public var options = PinentryOptions()
    /// `-o`: seconds before a dialog gives up; SETTIMEOUT overrides it.
    public var timeout: Int?
    /// `--paste off` (PinBox's own): a passphrase entry refuses pastes too. Not an Assuan
    /// OPTION: only whoever starts the pinentry decides it.
    public var paste = true
    /// A `--paste` that could not be read: pastes are refused, as with `off`.
    public private(set) var pasteUnreadable = false
    /// `--color-scheme light|dark`, `--contrast normal|high` and `--animations on|off`
    /// (PinBox's own): the dialogs' colours and motion; nil, the desktop's. Not Assuan OPTIONs
    /// either: the agent knows nothing of the desktop. A bad value is passed over as any
    /// mistake is, and the desktop's choice is taken.
    public var preferences = Preferences()

    public init() {}

    /// What the command line held that could not be used, each passed over as pinentry's own
    /// parser does (it warns and serves): a pinentry that stopped before its greeting over an
    /// option it does not know would fail the agent's every request.
    public private(set) var ignored: [PinentryArgumentError] = []

    /// Parses `arguments` (without the program name); a mistake is recorded in `ignored`, and
    /// the argument that holds it left out.
    public init(parsing arguments: [String]) {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                if let extra = rest.first { ignored.append(.unexpectedArgument(PinentryArgumentError.shown(extra))) }
                break
            }
            do throws(PinentryArgumentError) {
                try take(argument, from: &rest)
            } catch {
                ignored.append(error)
                // A paste switch that cannot be read (a bad or no value, one dash) fails closed.
                if argument.drop(while: { $0 == "-" }).hasPrefix("paste") { (paste, pasteUnreadable) = (false, true) }
            }
        }
    }

    /// One argument, and its value from `rest` when it takes one there.
    private mutating func take(_ argument: String, from rest: inout ArraySlice<String>) throws(PinentryArgumentError) {
        let bytes = Array(argument.utf8)
        if bytes.count >= 2 && bytes[0] == 0x2D && bytes[1] == 0x2D {
            var name = argument
            var inline: String?
            if let equals = bytes.firstIndex(of: 0x3D) {
                name = String(decoding: bytes[..<equals], as: UTF8.self)
                inline = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
            }
            guard let option = Option.allCases.first(where: { $0.longName == name }) else { throw .unknownOption(PinentryArgumentError.shown(name)) }
            if option.takesValue {
                guard let value = inline ?? rest.popFirst() else { throw .missingValue(option.longName) }
                try apply(option, value)
            } else {
                guard inline == nil else { throw .unexpectedValue(option.longName) }
                try apply(option, nil)
            }
        } else if bytes.count >= 2 && bytes[0] == 0x2D {
            // Short options, possibly several flags in one word; a value ends the word, and so
            // does a letter it does not know (whether a value follows it cannot be told).
            var index = 1
            while index < bytes.count {
                let letter = bytes[index]
                guard let option = Self.short(letter) else {
                    throw .unknownOption(PinentryArgumentError.shown("-" + String(decoding: [letter], as: UTF8.self)))
                }
                index += 1
                if option.takesValue {
                    let attached = String(decoding: bytes[index...], as: UTF8.self)
                    guard let value = index < bytes.count ? attached : rest.popFirst() else {
                        throw .missingValue(option.longName)
                    }
                    try apply(option, value)
                    return
                }
                try apply(option, nil)
            }
        } else {
            throw .unexpectedArgument(PinentryArgumentError.shown(argument))
        }
    }

    private mutating func apply(_ option: Option, _ value: String?) throws(PinentryArgumentError) {
        let text = value ?? ""
        switch option {
        case .display: options.display = text
        case .ttyName: options.ttyName = text
        case .ttyType: options.ttyType = text
        case .lcCtype: options.lcCtype = LocaleName.accepted(text) ?? options.lcCtype
        case .lcMessages: options.lcMessages = LocaleName.accepted(text) ?? options.lcMessages
        case .ttyAlert: options.ttyAlert = text
        case .colors: break
        case .timeout:
            guard let seconds = Self.wholeNumber(text), seconds <= 86_400 else { throw .badNumber(option.longName) }
            timeout = seconds
        case .parentWindow:
            guard let id = Self.windowID(text) else { throw .badNumber(option.longName) }
            options.parentWindow = id == 0 ? nil : id
        case .noGlobalGrab: options.grab = false
        case .paste: paste = try Self.onOff(text, for: option)
        case .colorScheme:
            guard let scheme = ColorScheme(rawValue: text) else { throw .badChoice(option.longName, "light or dark") }
            preferences.scheme = scheme
        case .contrast:
            guard let chosen = Contrast(rawValue: text) else { throw .badChoice(option.longName, "normal or high") }
            preferences.contrast = chosen
        case .animations: preferences.animations = try Self.onOff(text, for: option)
        case .debug: options.debug = true
        case .help: if action == .serve { action = .help }
        case .version: if action == .serve { action = .version }
        }
    }

    /// `on` or `off`, as `option` (`--paste`, `--animations`) takes it.
    private static func onOff(_ text: String, for option: Option) throws(PinentryArgumentError) -> Bool {
        switch text {
        case "on": return true
        case "off": return false
        default: throw .badChoice(option.longName, "on or off")
        }
    }

    private enum Option: CaseIterable {
        case display, ttyName, ttyType, lcCtype, lcMessages, timeout, noGlobalGrab, parentWindow, debug
        case ttyAlert, colors, help, version, paste, colorScheme, contrast, animations

        var longName: String {
            switch self {
            case .display: "--display"
            case .ttyName: "--ttyname"
            case .ttyType: "--ttytype"
            case .lcCtype: "--lc-ctype"
            case .lcMessages: "--lc-messages"
            case .timeout: "--timeout"
            case .noGlobalGrab: "--no-global-grab"
            case .parentWindow: "--parent-wid"
            case .debug: "--debug"
            case .ttyAlert: "--ttyalert"
            case .colors: "--colors"
            case .help: "--help"
            case .version: "--version"
            case .paste: "--paste"
            case .colorScheme: "--color-scheme"
            case .contrast: "--contrast"
            case .animations: "--animations"
            }
        }

        var letter: UInt8? {
            switch self {
            case .display: 0x44  // D
            case .ttyName: 0x54  // T
            case .ttyType: 0x4E  // N
            case .lcCtype: 0x43  // C
            case .lcMessages: 0x4D  // M
            case .timeout: 0x6F  // o
            case .noGlobalGrab: 0x67  // g
            case .parentWindow: 0x57  // W
            case .debug: 0x64  // d
            case .ttyAlert: 0x61  // a
            case .colors: 0x63  // c
            case .help: 0x68  // h
            case .version, .paste, .colorScheme, .contrast, .animations: nil
            }
        }

        var takesValue: Bool {
            switch self {
            case .noGlobalGrab, .debug, .help, .version: false
            default: true
            }
        }
    }

    private static func short(_ letter: UInt8) -> Option? {
        Option.allCases.first { $0.letter == letter }
    }

    private static func wholeNumber(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= 9, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return bytes.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// A window ID in decimal or 0x hex, as X tools print them.
    private static func windowID(_ text: String) -> UInt? {
        var bytes = Array(text.utf8)[...]
        var radix: UInt = 10
        if bytes.starts(with: [0x30, 0x78]) || bytes.starts(with: [0x30, 0x58]) {
            radix = 16
            bytes = bytes.dropFirst(2)
        }
        guard !bytes.isEmpty, bytes.count <= (radix == 16 ? 8 : 10) else { return nil }
        var value: UInt = 0
        for byte in bytes {
            guard let digit = PercentCoding.hexValue(byte), UInt(digit) < radix else { return nil }
            value = value * radix + UInt(digit)
        }
        return value <= 0xFFFF_FFFF ? value : nil
    }
}

/// A command-line mistake. `message` names the option but never repeats a value the user
/// typed: a stray argument may be a PIN, and a long or control-character one would garble
/// the terminal; an option name is shown only when short and printable.
public enum PinentryArgumentError: Error, Equatable, Sendable {
    case unknownOption(String)
    case missingValue(String)
    case unexpectedValue(String)
    case badNumber(String)
    case unexpectedArgument(String)
    case badChoice(String, String)

    public var message: String {
        switch self {
        case .unknownOption(let name): "unknown option \(name)"
        case .missingValue(let name): "\(name) needs a value"
        case .unexpectedValue(let name): "\(name) takes no value"
        case .badNumber(let name): "\(name) expects a number"
        case .unexpectedArgument: "unexpected argument (not repeated here); options start with -"
        case .badChoice(let name, let choices): "\(name) must be \(choices)"
        }
    }

    /// `text` if it is short, printable ASCII and free of digits, else a placeholder.
    static func shown(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let safe = bytes.count <= 40 && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && !($0 >= 0x30 && $0 <= 0x39) }
        return safe ? text : "(not shown)"
    }
}
