// SPDX-License-Identifier: MIT
import CSystem

/// A locale's character set: as the locale's own data says when it is installed here
/// (`newlocale`, without touching the process's locale), else as its name says after the dot
/// (`de_DE.ISO-8859-1`). Nil when neither says.
public struct LocaleCodeset: Equatable, Sendable {
    /// As the locale data or the name gives it: `UTF-8`, `ISO-8859-1`.
    public let name: String
    /// The most bytes one character takes, when the locale is installed; nil when only its
    /// name spoke.
    public let mostBytes: Int32?

    public init?(locale: String) {
        var buffer = [CChar](repeating: 0, count: 64)
        var most: Int32 = 1
        if pinbox_locale_codeset(locale, &buffer, buffer.count, &most) == 0 {
            name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            mostBytes = most
        } else {
            guard let dot = locale.firstIndex(of: ".") else { return nil }
            name = String(locale[locale.index(after: dot)...].prefix { $0 != "@" })
            mostBytes = nil
        }
    }

    /// The name in capitals without hyphens or underscores, as spellings differ (`utf8`, `UTF-8`).
    public var plain: String { String(name.uppercased().unicodeScalars.filter { $0 != "-" && $0 != "_" }) }

    public var isUTF8: Bool { plain == "UTF8" }
}

extension LocaleCodeset {
    /// The locale of the character type in `environment`: the first of LC_ALL, LC_CTYPE and
    /// LANG that is set and not empty, as the C library reads it.
    public static func characterLocale(environment: (String) -> String?) -> String? {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environment(name), !value.isEmpty { return value }
        }
        return nil
    }

    /// The character type's locale of this process's environment.
    public static var environmentCharacterLocale: String? {
        characterLocale { getenv($0).map { String(cString: $0) } }
    }
}
