// SPDX-License-Identifier: MIT
import PinBoxAssuan
import Testing

/// A caller's locale name reaches `setlocale` and gettext's `LANGUAGE`: only names shaped like
/// one are taken (`LocaleName`), and a path is never one.
@Suite struct LocaleNameTests {
    /// Every name `locale -a` lists on a Debian system has the shape, and the forms agents send.
    @Test(arguments: ["C", "POSIX", "C.UTF-8", "C.utf8", "de_DE.UTF-8", "de_DE", "de", "ru_RU.KOI8-R",
                      "zh_TW.Big5", "ja_JP.eucJP", "en_US.ISO-8859-15", "sr_RS@latin", "ca_ES.UTF-8@valencia",
                      "es_419.UTF-8", "ber_MA", "be_BY@tarask", "uz_UZ.utf8@cyrillic", "en_DK.ISO_8859-1"])
    func namesAreTaken(_ name: String) {
        #expect(LocaleName.accepted(name) == name)
    }

    /// Paths (the catalogue or locale data they would load), empty parts, other bytes.
    @Test(arguments: ["", "../../../tmp/evil", "/tmp/evil", "de/../../x", "..", ".", "de_DE.UTF-8/x",
                      "de_DE.", "de_", "de@", "_DE", ".UTF-8", "@latin", "de DE", "de_DE.UTF-8 ", "de\u{0}",
                      "de_DE.UTF-8@a@b", "de_DE_AT", "dé", "de:fr", "1de", "verylonglanguage",
                      "de_DE." + String(repeating: "8", count: 33), String(repeating: "a", count: 65)])
    func othersAreNot(_ text: String) {
        #expect(LocaleName.accepted(text) == nil)
    }

    /// An OPTION that names no locale is answered OK, as pinentry answers it, and leaves the
    /// one before in place; the command line's flags are read the same way.
    @Test func aValueThatIsNoNameLeavesTheOptionAsItWas() {
        var options = PinentryOptions()
        let answered = [("lc-messages", "ru_RU.UTF-8"), ("lc-messages", "../../../tmp/evil"), ("lc-ctype", "/tmp/evil")]
            .map { options.apply(name: $0.0, value: Array($0.1.utf8)) }
        #expect(answered == [true, true, true])
        #expect(options.lcMessages == "ru_RU.UTF-8" && options.lcCtype == nil)
        let a = PinentryArguments(parsing: ["--lc-ctype", "ja_JP.UTF-8", "--lc-ctype=../x", "-M", "/tmp/x"])
        #expect(a.options.lcCtype == "ja_JP.UTF-8" && a.options.lcMessages == nil)
    }
}
