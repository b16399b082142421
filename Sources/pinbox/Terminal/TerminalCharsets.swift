// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxCore

/// The terminal's character set, from gpg-agent's `OPTION lc-ctype` (the locale where gpg
/// runs). The locale's own data says it when the locale is installed here (`newlocale`, without
/// touching the process's locale); else the name after the dot. UTF-8, no locale, `C` and
/// plain ASCII pass bytes through as pinentry-tty does; a one-byte set is converted both ways
/// (iconv reads its upper half once); any other multi-byte set takes ASCII only.
enum TerminalCharsets {
    static func charset(forLocale name: String?) -> TerminalCharset {
        guard let name, !name.isEmpty, name != "C", name != "POSIX", let locale = LocaleCodeset(locale: name)
        else { return .utf8 }
        let codeset = locale.name, plain = locale.plain
        if locale.isUTF8 || plain == "ANSIX3.41968" || plain == "ASCII" || plain == "USASCII" { return .utf8 }
        // Known only by name: iconv decides.
        guard (locale.mostBytes ?? 1) <= 1 else { return .asciiOnly(name: codeset) }
        var table = [UInt32](repeating: 0, count: 128)
        guard pinbox_charset_high_half(codeset, &table) == 0 else { return .asciiOnly(name: codeset) }
        return .singleByte(name: codeset, high: table.map { $0 == 0 ? nil : Unicode.Scalar($0) })
    }
}
