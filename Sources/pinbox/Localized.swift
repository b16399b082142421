// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// The program's own words in the user's language, through gettext and the catalogue
/// `pinbox.mo` that scripts/install compiles from po/LANG.po into PREFIX/share/locale. The
/// core chooses the words (`localized`, `Words`); this installs gettext as their lookup.
/// Words that come from callers (a prompt, a description) are shown as given, never looked up.
enum Translations {
    static let domain = "pinbox"

    /// Picks the language from LC_ALL / LC_MESSAGES / LANG and finds the catalogues beside the
    /// binary (PREFIX/bin/pinbox → PREFIX/share/locale). Only the message category is set:
    /// numbers keep being read and written the C way.
    static func start() {
        if setlocale(LC_MESSAGES, "") == nil, let language = requestedLanguage {
            // The user's locale is not generated on this machine (common for zh_CN.UTF-8 on a
            // minimal system): keep UTF-8 messages and name the language through LANGUAGE,
            // which gettext reads under any locale but plain "C".
            if setlocale(LC_MESSAGES, "C.UTF-8") != nil, getenv("LANGUAGE").map({ $0.pointee == 0 }) ?? true {
                setenv("LANGUAGE", language, 1)
            }
        }
        if let directory = localeDirectory {
            _ = bindtextdomain(domain, directory)
        }
        _ = bind_textdomain_codeset(domain, "UTF-8")
        _ = textdomain(domain)
        // gettext hands back its argument when there is no translation: copy while it is alive.
        Words.lookup = { text in text.withCString { String(cString: gettext($0)) } }
        Words.lookupPlural = { one, other, n in
            one.withCString { a in other.withCString { b in String(cString: ngettext(a, b, UInt(max(0, n)))) } }
        }
    }

    /// The pinentry's own words follow the language gpg-agent names for its client
    /// (`OPTION lc-messages`, else `lc-ctype`), as the agent's own texts do: a German gpg gets
    /// German headings around the agent's German description.
    static func follow(_ locale: String?) {
        guard let locale, !locale.isEmpty, locale != followed else { return }
        followed = locale
        let language = locale.split(separator: ".").first.map(String.init) ?? locale
        if language == "C" || language == "POSIX" {
            _ = setlocale(LC_MESSAGES, "C.UTF-8")
            setenv("LANGUAGE", "C", 1)
        } else {
            // Named through LANGUAGE too: the locale itself may not be generated here.
            if setlocale(LC_MESSAGES, locale) == nil { _ = setlocale(LC_MESSAGES, "C.UTF-8") }
            setenv("LANGUAGE", language, 1)
        }
        // gettext keeps what it looked up; a new textdomain call makes it look again.
        _ = textdomain(domain)
    }

    nonisolated(unsafe) private static var followed: String?

    /// The language part of the first locale variable set (`zh_CN` from `zh_CN.UTF-8`).
    private static var requestedLanguage: String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { continue }
            let language = value.split(separator: ".").first.map(String.init) ?? value
            return language == "C" || language == "POSIX" ? nil : language
        }
        return nil
    }

    /// PREFIX/share/locale for the binary at PREFIX/bin; nil when it cannot be found.
    private static var localeDirectory: String? {
        Installation.prefix.map { $0 + "/share/locale" }
    }
}
