// SPDX-License-Identifier: MIT
import CSystem
import CText
import PinBoxCore

/// The language Pango sets text in. One ideograph has different glyph forms in Japanese and in
/// Simplified and Traditional Chinese (直, 骨, 化), and fontconfig picks the font for the
/// language: Japanese text under `ja_JP` draws with a Japanese face, Traditional Chinese under
/// `zh_TW` with a Traditional one. The language comes from the locale's character type, as a C
/// program's `setlocale(LC_CTYPE, "")` would take it (LC_ALL, else LC_CTYPE, else LANG), unless
/// the caller names a locale (the pinentry: gpg-agent's `lc-ctype`). DejaVu's fast path has
/// no language-dependent forms and ignores it.
enum TextLanguage {
    /// The language part of a POSIX locale name, as Pango reads it: "ja_JP" from
    /// "ja_JP.UTF-8", "sr_RS" from "sr_RS@latin", "C" from "C.UTF-8"; nil for an empty name.
    static func tag(locale: String) -> String? {
        let name = locale.unicodeScalars.prefix { $0 != "." && $0 != "@" }
        return name.isEmpty ? nil : String(name)
    }

    /// Sets the language from `locale`, or from the environment when nil.
    static func set(locale: String?) {
        _ = environmentLanguage  // so that it never overrides this one later
        apply(locale ?? LocaleCodeset.environmentCharacterLocale)
    }

    /// Sets the environment's language unless a language was set already.
    static func useEnvironmentUnlessSet() {
        _ = environmentLanguage
    }

    /// Set once, the first time a language is needed.
    private static let environmentLanguage: Bool = {
        apply(LocaleCodeset.environmentCharacterLocale)
        return true
    }()

    private static func apply(_ locale: String?) {
        if let language = locale.flatMap({ tag(locale: $0) }) {
            language.withCString { pinbox_pango_set_language($0) }
        } else {
            pinbox_pango_set_language(nil)
        }
    }
}
