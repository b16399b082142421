/// What text from another program becomes before it is laid out. A description comes from
/// ssh, sudo or gpg-agent, which pass on what they were given: it may hold control characters
/// or bidi overrides, and a prompt that asks for a secret must show what it says.
enum TextSafety {
    /// `text` with line ends made `\n`, tabs made spaces, other control characters (C0, DEL,
    /// C1) shown as U+FFFD, and the explicit bidi embeddings, overrides and isolates removed:
    /// an unterminated right-to-left override would otherwise show the rest of the prompt (a
    /// key's name, a fingerprint) reversed. Directions still come from the letters themselves.
    /// Spaces at the end of a line are dropped: ssh's prompts end with one, which would widen
    /// the block and shift a centred line.
    static func displayable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var afterCarriageReturn = false
        var spaces = String.UnicodeScalarView() // held back until something follows them on the line
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A where afterCarriageReturn: continue // the \n of \r\n
            case 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                spaces = String.UnicodeScalarView()
                result.append("\n")
                continue
            case 0x202A...0x202E, 0x2066...0x2069: continue
            default: break
            }
            if isSpace(scalar.value) {
                spaces.append(scalar.value == 0x09 ? " " : scalar)
                continue
            }
            result.append(contentsOf: spaces)
            spaces = String.UnicodeScalarView()
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Tab and the Unicode space separators (Zs).
    private static func isSpace(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x20 || value == 0xA0 || value == 0x1680 || (0x2000...0x200A).contains(value)
            || value == 0x202F || value == 0x205F || value == 0x3000
    }

    /// `text` with every file path ("/…", "~/…") set in its own isolate (FSI … PDI), for the
    /// Pango path only: in a right-to-left paragraph a path's leading slash would otherwise
    /// join the Arabic or Hebrew around it and show at the path's far end ("home/u/.ssh/id/"),
    /// not the file the prompt names. Left-to-right text looks the same either way.
    static func isolatingPaths(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let startsWord = i == 0 || scalars[i - 1] == " " || scalars[i - 1] == "\n"
            let isPath = scalars[i] == "/" || (scalars[i] == "~" && i + 1 < scalars.count && scalars[i + 1] == "/")
            guard startsWord, isPath else {
                result.append(scalars[i])
                i += 1
                continue
            }
            result.append("\u{2068}")
            while i < scalars.count, scalars[i] != " ", scalars[i] != "\n" {
                result.append(scalars[i])
                i += 1
            }
            result.append("\u{2069}")
        }
        return String(result)
    }
}
