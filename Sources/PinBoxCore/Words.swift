// SPDX-License-Identifier: MIT
/// PinBox's own words on their way to the screen. The core names them in English (the
/// catalogue's keys); the program installs its gettext lookup here at start, so the headings,
/// labels and messages the core chooses come out in the user's language. Words that come from
/// callers (an ssh prompt, a gpg-agent description, a label the agent sent) are never looked up;
/// the few questions of ssh and git PinBox reads whole are said again in its own words
/// (`CallerQuestion`).
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

    /// Puts each of `values` in place of the next `%s` of `text`, or of the `%N$s` that names
    /// it (C's numbered form, for a translation that puts them in another order: "%2$s 上的进程
    /// %1$s"); `%%` is a percent sign. Anything else after `%` stays as written.
    static func filled(_ text: String, _ values: [String]) -> String {
        guard !values.isEmpty else { return text }
        var result = String.UnicodeScalarView()
        var next = 0
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            i += 1
            guard c == "%", i < scalars.count else { result.append(c); continue }
            if scalars[i] == "s" || scalars[i] == "%" {
                if scalars[i] == "%" { result.append("%") } else if next < values.count {
                    result.append(contentsOf: values[next].unicodeScalars)
                    next += 1
                }
                i += 1
                continue
            }
            // `%N$s`: the digits, then `$s`.
            var j = i, number = 0
            while j < scalars.count, scalars[j].value >= 0x30, scalars[j].value <= 0x39, number < 100 {
                number = number * 10 + Int(scalars[j].value - 0x30)
                j += 1
            }
            if j > i, j + 1 < scalars.count, scalars[j] == "$", scalars[j + 1] == "s" {
                if number >= 1, number <= values.count { result.append(contentsOf: values[number - 1].unicodeScalars) }
                i = j + 2
            } else {
                result.append(c)
            }
        }
        return String(result)
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
