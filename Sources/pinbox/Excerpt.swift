// SPDX-License-Identifier: MIT
import PinBoxCore

/// What a usage error may repeat of a value the user gave: a short, printable excerpt. A value
/// can be huge, hold escape sequences that would drive the terminal, or be a PIN typed in the
/// wrong place; the error names the option and shows only what is safe to show.
enum Excerpt {
    /// The longest excerpt, in characters, before it is cut with an ellipsis.
    static let limit = 32
    /// A run of this many digits could be a PIN: it is masked.
    static let digitRun = 4

    /// `text` quoted, with control characters written as escapes, digit runs masked and the
    /// length bounded.
    static func quoted(_ text: String) -> String {
        var out = ""
        var shown = 0
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.first {
            guard shown < limit else { return "'" + out + "…'" }
            let digits = scalars.prefix { $0.properties.numericType != nil }
            if digits.count >= digitRun {
                out += "****"
                scalars = scalars.dropFirst(digits.count)
                shown += 4
                continue
            }
            scalars = scalars.dropFirst()
            shown += 1
            if let escape = TerminalSafeText.escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return "'" + out + "'"
    }
}
