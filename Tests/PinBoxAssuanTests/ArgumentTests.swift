// SPDX-License-Identifier: MIT
import PinBoxAssuan
import Testing

@Suite struct ArgumentTests {
    @Test func theFlagsGpgAgentAndUsersPass() throws {
        let a = try PinentryArguments(parsing: ["--display", ":0", "-T", "/dev/pts/1", "--ttytype=xterm", "-Cde_DE.UTF-8",
                                                "-M", "C", "-o", "30", "-g", "--parent-wid", "0x400003", "-d"])
        #expect(a.action == .serve)
        #expect(a.options.display == ":0" && a.options.ttyName == "/dev/pts/1" && a.options.ttyType == "xterm")
        #expect(a.options.lcCtype == "de_DE.UTF-8" && a.options.lcMessages == "C")
        #expect(a.timeout == 30 && a.options.grab == false && a.options.parentWindow == 0x400003 && a.options.debug)
    }

    @Test func combinedShortFlagsAndLongForms() throws {
        let a = try PinentryArguments(parsing: ["-dgD", ":1", "--timeout=5", "--no-global-grab", "--lc-messages", "en_US", "-W", "12"])
        #expect(a.options.debug && !a.options.grab && a.options.display == ":1" && a.timeout == 5)
        #expect(a.options.lcMessages == "en_US" && a.options.parentWindow == 12)
        #expect(try PinentryArguments(parsing: []) == PinentryArguments())
    }

    @Test func helpAndVersion() throws {
        #expect(try PinentryArguments(parsing: ["--help"]).action == .help)
        #expect(try PinentryArguments(parsing: ["-h"]).action == .help)
        #expect(try PinentryArguments(parsing: ["--version"]).action == .version)
    }

    @Test func mistakesNameTheOptionNeverTheValue() {
        #expect(throws: PinentryArgumentError.missingValue("--display")) { try PinentryArguments(parsing: ["--display"]) }
        #expect(throws: PinentryArgumentError.badNumber("--timeout")) { try PinentryArguments(parsing: ["-o", "soon"]) }
        #expect(throws: PinentryArgumentError.badNumber("--timeout")) { try PinentryArguments(parsing: ["-o", "-5"]) }
        #expect(throws: PinentryArgumentError.badNumber("--parent-wid")) { try PinentryArguments(parsing: ["-W", "0x1FFFFFFFF"]) }
        #expect(throws: PinentryArgumentError.unexpectedValue("--debug")) { try PinentryArguments(parsing: ["--debug=1"]) }
        #expect(throws: PinentryArgumentError.unknownOption("--frobnicate")) { try PinentryArguments(parsing: ["--frobnicate"]) }
        #expect(throws: PinentryArgumentError.unknownOption("-x")) { try PinentryArguments(parsing: ["-x"]) }
        // A stray word may be a PIN; a long or control-character option name is not echoed either.
        #expect(throws: PinentryArgumentError.unexpectedArgument("(not shown)")) { try PinentryArguments(parsing: ["123456"]) }
        #expect(throws: PinentryArgumentError.unknownOption("(not shown)")) {
            try PinentryArguments(parsing: ["--" + String(repeating: "a", count: 100)])
        }
        #expect(throws: PinentryArgumentError.unknownOption("(not shown)")) { try PinentryArguments(parsing: ["--a\u{1B}[2J"]) }
        #expect(throws: PinentryArgumentError.unknownOption("--pin")) { try PinentryArguments(parsing: ["--pin=123456"]) }
    }

    @Test func messagesAreOneShortLine() {
        let errors: [PinentryArgumentError] = [.unknownOption("--x"), .missingValue("--display"), .unexpectedValue("--debug"),
                                               .badNumber("--timeout"), .unexpectedArgument("(not shown)")]
        #expect(errors.map(\.message) == ["unknown option --x", "--display needs a value", "--debug takes no value",
                                          "--timeout expects a number",
                                          "unexpected argument (not repeated here); options start with -"])
    }
}
