// SPDX-License-Identifier: MIT
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
        // Built as UTF-8 bytes: appending to a String scalar by scalar costs several times as much.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        var lineEnd = 0  // where the line's held-back spaces start
        var afterCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { afterCarriageReturn = scalar.value == 0x0D }
            switch scalar.value {
            case 0x0A where afterCarriageReturn: continue // the \n of \r\n
            case 0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029:
                result.removeSubrange(lineEnd...)
                result.append(0x0A)
                lineEnd = result.count
                continue
            case 0x202A...0x202E, 0x2066...0x2069: continue
            case 0x09: result.append(0x20); continue
            case _ where isSpace(scalar.value): UTF8.encode(scalar) { result.append($0) }; continue
            case 0x00...0x1F, 0x7F...0x9F: UTF8.encode("\u{FFFD}") { result.append($0) }
            default: UTF8.encode(scalar) { result.append($0) }
            }
            lineEnd = result.count
        }
        result.removeSubrange(lineEnd...)
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` as one line a window manager may show (a title): `displayable`, its lines joined
    /// by spaces.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(displayable(text).unicodeScalars.map { $0 == "\n" ? " " : $0 }))
    }

    /// Tab and the Unicode space separators (Zs).
    private static func isSpace(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x20 || value == 0xA0 || value == 0x1680 || (0x2000...0x200A).contains(value)
            || value == 0x202F || value == 0x205F || value == 0x3000
    }

    /// `text` with every file path ("/…", "~/…") set in its own isolate (FSI … PDI), for the
    /// Pango path only: in a right-to-left paragraph a path's leading slash would otherwise
    /// join the Arabic or Hebrew around it and show at the path's far end ("home/u/.ssh/id/"),
    /// not the file the prompt names. A path in quotes or brackets ('/…', "/…", (/…), «/…»,
    /// as ssh and gpg write them) is isolated with its opening mark. Left-to-right text looks
    /// the same either way.
    static func isolatingPaths(_ text: String) -> String {
        // On UTF-8 bytes: "/", "~", space, newline and the ASCII marks are never part of
        // another character.
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        func isPath(at i: Int) -> Bool {
            i < bytes.count && (bytes[i] == 0x2F || (bytes[i] == 0x7E && i + 1 < bytes.count && bytes[i + 1] == 0x2F))
        }
        var i = 0
        while i < bytes.count {
            let startsWord = i == 0 || bytes[i - 1] == 0x20 || bytes[i - 1] == 0x0A
            let mark = startsWord ? openingMarks.first { bytes[i...].starts(with: $0) }?.count ?? 0 : 0
            guard startsWord, isPath(at: i + mark) else {
                result.append(bytes[i])
                i += 1
                continue
            }
            result += [0xE2, 0x81, 0xA8]  // U+2068 FIRST STRONG ISOLATE
            while i < bytes.count, bytes[i] != 0x20, bytes[i] != 0x0A {
                result.append(bytes[i])
                i += 1
            }
            result += [0xE2, 0x81, 0xA9]  // U+2069 POP DIRECTIONAL ISOLATE
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// What may open a quoted or bracketed path: ' " ( [ < ` « “ ‘ (as UTF-8).
    private static let openingMarks: [[UInt8]] = [[0x27], [0x22], [0x28], [0x5B], [0x3C], [0x60], [0xC2, 0xAB],
                                                  [0xE2, 0x80, 0x9C], [0xE2, 0x80, 0x98]]
}
