// SPDX-License-Identifier: MIT
/// PinBox's own words on their way to the screen. The core names them in English (the
/// catalogue's keys); the program installs its gettext lookup here at start, so the headings,
/// labels and messages the core chooses come out in the user's language. Words that come from
/// callers (an ssh prompt, a gpg-agent description, a label the agent sent) are never looked up.
///
/// po/update finds the words to translate by the names `localized` and `localizedPlural`:
/// call them with string literals only.
public enum Words {
    /// The catalogue's translation of a message, or the message itself.
    nonisolated(unsafe) public static var lookup: (String) -> String = { $0 }
    /// The catalogue's form of a message for a count (ngettext): languages have one to six.
    nonisolated(unsafe) public static var lookupPlural: (String, String, Int) -> String = { one, other, n in
        n == 1 ? one : other
    }

    /// Puts each of `values` in place of the next `%s` of `text`, so a translation can move
    /// them; `%%` is a percent sign.
    static func filled(_ text: String, _ values: [String]) -> String {
        guard !values.isEmpty else { return text }
        var result = ""
        var next = values.makeIterator()
        var afterPercent = false
        for c in text.unicodeScalars {
            if afterPercent {
                switch c {
                case "s": result += next.next() ?? ""
                case "%": result += "%"
                default: result += "%"; result.unicodeScalars.append(c)
                }
                afterPercent = false
            } else if c == "%" {
                afterPercent = true
            } else {
                result.unicodeScalars.append(c)
            }
        }
        return afterPercent ? result + "%" : result
    }
}

/// `text` in the user's language; each `%s` in it takes the next of `values`.
public func localized(_ text: String, _ values: String...) -> String {
    Words.filled(Words.lookup(text), values)
}

/// `text` as it is, marked for translation: words kept in a table in English (the workbench's
/// keys, which `--help` prints) and translated by `localized` where a window shows them.
public func localizedLater(_ text: String) -> String { text }

/// The form of a message for `count` in the user's language (`%s` takes `values`, usually the
/// count written out): "All 6 digits are in", in Russian "Все 6 цифр", "Все 2 цифры".
public func localizedPlural(_ one: String, _ other: String, _ count: Int, _ values: String...) -> String {
    Words.filled(Words.lookupPlural(one, other, count), values)
}
