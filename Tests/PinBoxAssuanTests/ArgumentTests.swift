// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore
import Testing

@Suite struct ArgumentTests {
    @Test func theFlagsGpgAgentAndUsersPass() throws {
        let a = PinentryArguments(parsing: ["--display", ":0", "-T", "/dev/pts/1", "--ttytype=xterm", "-Cde_DE.UTF-8",
                                                "-M", "C", "-o", "30", "-g", "--parent-wid", "0x400003", "-d"])
        #expect(a.action == .serve)
        #expect(a.options.display == ":0" && a.options.ttyName == "/dev/pts/1" && a.options.ttyType == "xterm")
        #expect(a.options.lcCtype == "de_DE.UTF-8" && a.options.lcMessages == "C")
        #expect(a.timeout == 30 && a.options.grab == false && a.options.parentWindow == 0x400003 && a.options.debug)
    }

    @Test func combinedShortFlagsAndLongForms() throws {
        let a = PinentryArguments(parsing: ["-dgD", ":1", "--timeout=5", "--no-global-grab", "--lc-messages", "en_US", "-W", "12"])
        #expect(a.options.debug && !a.options.grab && a.options.display == ":1" && a.timeout == 5)
        #expect(a.options.lcMessages == "en_US" && a.options.parentWindow == 12)
        #expect(PinentryArguments(parsing: []) == PinentryArguments())
    }

    @Test func helpAndVersion() throws {
        #expect(PinentryArguments(parsing: ["--help"]).action == .help)
        #expect(PinentryArguments(parsing: ["-h"]).action == .help)
        #expect(PinentryArguments(parsing: ["--version"]).action == .version)
    }

    /// Each mistake is said and passed over, and the rest of the line is used: pinentry's own
    /// parser warns and serves, and an agent that hears no greeting fails the request.
    @Test func mistakesArePassedOverNamingTheOptionNeverTheValue() {
        func ignored(_ arguments: [String]) -> [PinentryArgumentError] { PinentryArguments(parsing: arguments).ignored }
        #expect(ignored(["--display"]) == [.missingValue("--display")])
        #expect(ignored(["-o", "soon"]) == [.badNumber("--timeout")])
        #expect(ignored(["-o", "-5"]) == [.badNumber("--timeout")])
        #expect(ignored(["-W", "0x1FFFFFFFF"]) == [.badNumber("--parent-wid")])
        #expect(ignored(["--debug=1"]) == [.unexpectedValue("--debug")])
        #expect(ignored(["--frobnicate"]) == [.unknownOption("--frobnicate")])
        #expect(ignored(["-x"]) == [.unknownOption("-x")])
        #expect(ignored(["--paste", "of"]) == [.badChoice("--paste", "on or off")])
        // A stray word may be a PIN; a long or control-character option name is not echoed either.
        #expect(ignored(["123456"]) == [.unexpectedArgument("(not shown)")])
        #expect(ignored(["--" + String(repeating: "a", count: 100)]) == [.unknownOption("(not shown)")])
        #expect(ignored(["--a\u{1B}[2J"]) == [.unknownOption("(not shown)")])
        #expect(ignored(["--pin=123456"]) == [.unknownOption("--pin")])

        // What is right around a mistake is used; a bad value changes nothing.
        let a = PinentryArguments(parsing: ["--bogus", "--display", ":1", "--timeout=abc", "-xg", "-o", "7", "--paste=of"])
        #expect(a.ignored == [.unknownOption("--bogus"), .badNumber("--timeout"), .unknownOption("-x"),
                              .badChoice("--paste", "on or off")])
        #expect(a.options.display == ":1" && a.timeout == 7 && a.options.grab)
        // Except an unreadable --paste (a bad value, none, one dash): it refuses pastes.
        #expect(!a.paste && a.pasteUnreadable)
        for unreadable in [["--paste", "Off"], ["--paste"], ["--paste", "on", "--paste"], ["-paste", "off"], ["--paste="]] {
            let parsed = PinentryArguments(parsing: unreadable)
            #expect(!parsed.paste && parsed.pasteUnreadable, "\(unreadable)")
        }
        #expect(PinentryArguments(parsing: ["--paste", "on"]).paste && !PinentryArguments(parsing: ["--paste=off"]).paste)
        #expect(!PinentryArguments(parsing: ["--paste=off"]).pasteUnreadable)
        #expect(PinentryArguments(parsing: ["--display", ":0"]).ignored.isEmpty)
    }

    /// PinBox's own `--color-scheme`: light or dark, in any of the long forms; a bad value is
    /// said and passed over (the desktop's look is taken), never echoed.
    @Test func theColourSchemeIsLightOrDark() {
        #expect(PinentryArguments(parsing: []).preferences.scheme == nil)
        #expect(PinentryArguments(parsing: ["--color-scheme", "dark"]).preferences.scheme == .dark)
        #expect(PinentryArguments(parsing: ["--color-scheme=light"]).preferences.scheme == .light)
        #expect(PinentryArguments(parsing: ["--color-scheme", "dark", "--color-scheme", "light"]).preferences.scheme
            == .light)
        let bad = PinentryArguments(parsing: ["--color-scheme", "purple", "--display", ":1"])
        #expect(bad.preferences.scheme == nil && bad.options.display == ":1")
        #expect(bad.ignored == [.badChoice("--color-scheme", "light or dark")])
        #expect(bad.ignored.first?.message == "--color-scheme must be light or dark")
        #expect(PinentryArguments(parsing: ["--color-scheme"]).ignored == [.missingValue("--color-scheme")])
        #expect(PinentryArguments(parsing: ["--color-scheme", "Dark"]).preferences.scheme == nil,
                "as the option is spelled")
    }

    /// PinBox's own `--contrast`, read as `--color-scheme` is.
    @Test func theContrastIsNormalOrHigh() {
        #expect(PinentryArguments(parsing: []).preferences.contrast == nil)
        #expect(PinentryArguments(parsing: ["--contrast", "high"]).preferences.contrast == .high)
        #expect(PinentryArguments(parsing: ["--contrast=normal", "--color-scheme=dark"]).preferences.contrast == .normal)
        let bad = PinentryArguments(parsing: ["--contrast", "max", "--display", ":1"])
        #expect(bad.preferences.contrast == nil && bad.options.display == ":1")
        #expect(bad.ignored.first?.message == "--contrast must be normal or high")
        #expect(PinentryArguments(parsing: ["--contrast"]).ignored == [.missingValue("--contrast")])
    }

    /// `--animations on|off`, read as `--paste` is, into the preferences.
    @Test func animationsAreOnOrOff() {
        #expect(PinentryArguments(parsing: []).preferences.animations == nil)
        #expect(PinentryArguments(parsing: ["--animations", "off"]).preferences.animations == false)
        #expect(PinentryArguments(parsing: ["--animations=on"]).preferences.animations == true)
        let bad = PinentryArguments(parsing: ["--animations", "slow"])
        #expect(bad.preferences.animations == nil && bad.ignored.first?.message == "--animations must be on or off")
    }

    @Test func messagesAreOneShortLine() {
        let errors: [PinentryArgumentError] = [.unknownOption("--x"), .missingValue("--display"), .unexpectedValue("--debug"),
                                               .badNumber("--timeout"), .unexpectedArgument("(not shown)")]
        #expect(errors.map(\.message) == ["unknown option --x", "--display needs a value", "--debug takes no value",
                                          "--timeout expects a number",
                                          "unexpected argument (not repeated here); options start with -"])
    }
}
