// SPDX-License-Identifier: MIT
/// How text a user gave (an option's value, a display name) is written into a message for a
/// terminal: controls and the marks that reorder text on screen written out as escapes, so a
/// value can neither drive the terminal nor make the line read otherwise.
public enum TerminalSafeText {
    /// The escape `scalar` is written as (`\n`, `\u{1b}`), or nil when it is shown as itself.
    public static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0a: "\\n"
        case 0x09: "\\t"
        case 0x0d: "\\r"
        case 0..<0x20, 0x7f, 0x80..<0xa0, 0x200e, 0x200f, 0x202a...0x202e, 0x2066...0x2069:
            "\\u{" + String(scalar.value, radix: 16) + "}"
        default: nil
        }
    }

    /// A name from outside (a display, a terminal's path) as an error repeats it: quoted,
    /// escapes written out, and cut short, since `DISPLAY` or the agent's `ttyname` can hold
    /// anything a caller put there.
    public static func quoted(_ name: String) -> String {
        let limit = 64
        let shown = name.unicodeScalars.count > limit ? String(name.unicodeScalars.prefix(limit)) + "…" : name
        return "'" + escaped(shown) + "'"
    }

    /// `text` with every such character escaped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if let escape = escape(scalar) { out += escape } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
