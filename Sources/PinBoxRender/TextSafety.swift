/// What text from another program becomes before it is laid out. A description comes from
/// ssh, sudo or gpg-agent, which pass on what they were given: it may hold control characters
/// or bidi overrides, and a prompt that asks for a secret must show what it says.
enum TextSafety {
    /// `text` with line ends made `\n`, tabs made spaces, other control characters (C0, DEL,
    /// C1) shown as U+FFFD, and the explicit bidi embeddings, overrides and isolates removed:
    /// an unterminated right-to-left override would otherwise show the rest of the prompt (a
    /// key's name, a fingerprint) reversed. Directions still come from the letters themselves.
    static func displayable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A where afterCarriageReturn: continue // the \n of \r\n
            case 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029: result.append("\n")
            case 0x09: result.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: result.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069: continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
