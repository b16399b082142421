// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan

/// The terminal's character set, from gpg-agent's `OPTION lc-ctype` (the locale where gpg
/// runs). The locale's own data says it when the locale is installed here (`newlocale`, without
/// touching the process's locale); else the name after the dot. UTF-8, no locale, `C` and
/// plain ASCII pass bytes through as pinentry-tty does; a one-byte set is converted both ways
/// (iconv reads its upper half once); any other multi-byte set takes ASCII only.
enum TerminalCharsets {
    static func charset(forLocale name: String?) -> TerminalCharset {
        guard let name, !name.isEmpty, name != "C", name != "POSIX" else { return .utf8 }
        var buffer = [CChar](repeating: 0, count: 64)
        var most: Int32 = 1
        var codeset: String
        if pinbox_locale_codeset(name, &buffer, buffer.count, &most) == 0 {
            codeset = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        } else {
            guard let dot = name.firstIndex(of: ".") else { return .utf8 }
            codeset = String(name[name.index(after: dot)...].prefix { $0 != "@" })
            most = 0  // unknown: iconv decides
        }
        let plain = String(codeset.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
        if plain == "UTF8" || plain == "ANSIX3.41968" || plain == "ASCII" || plain == "USASCII" { return .utf8 }
        guard most <= 1 else { return .asciiOnly(name: codeset) }
        var table = [UInt32](repeating: 0, count: 128)
        guard pinbox_charset_high_half(codeset, &table) == 0 else { return .asciiOnly(name: codeset) }
        return .singleByte(name: codeset, high: table.map { $0 == 0 ? nil : Unicode.Scalar($0) })
    }
}
