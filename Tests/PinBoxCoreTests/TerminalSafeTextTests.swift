// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Text a terminal is given, and a locale's character set")
struct TerminalSafeTextTests {
    @Test func controlsAndReorderingMarksAreWrittenOut() {
        #expect(TerminalSafeText.escaped("\u{1b}]0;PWNED\u{7}:5") == "\\u{1b}]0;PWNED\\u{7}:5")
        #expect(TerminalSafeText.escaped("a\nb\tc\rd\u{202e}e\u{85}") == "a\\nb\\tc\\rd\\u{202e}e\\u{85}")
        #expect(TerminalSafeText.escaped(":0 ключ 中") == ":0 ключ 中", "printable text as itself")
    }

    /// A display's or a terminal's name in an error: quoted, escaped, cut at 64 characters.
    @Test func aNameFromOutsideIsQuotedEscapedAndCut() {
        #expect(TerminalSafeText.quoted("/dev/\u{1b}]2;PWNED\u{7}x") == "'/dev/\\u{1b}]2;PWNED\\u{7}x'")
        #expect(TerminalSafeText.quoted(String(repeating: "a", count: 70)) == "'" + String(repeating: "a", count: 64) + "…'")
    }

    @Test func aLocalesCharacterSetFromItsDataOrItsName() throws {
        let utf8 = try #require(LocaleCodeset(locale: "C.UTF-8"))
        #expect(utf8.isUTF8 && utf8.mostBytes != nil, "installed: its own data")
        let named = try #require(LocaleCodeset(locale: "xx_YY.iso-8859-15@euro"))
        #expect(named.name == "iso-8859-15" && named.plain == "ISO885915" && named.mostBytes == nil && !named.isUTF8)
        #expect(LocaleCodeset(locale: "xx_YY.utf8")?.isUTF8 == true)
        #expect(LocaleCodeset(locale: "xx_YY") == nil, "neither installed nor named")
    }
}
