// SPDX-License-Identifier: MIT
/// The secret read as UTF-8 characters from its end, for the editing keys that take back a
/// character or a word: the window's entries and the terminal's both store UTF-8.
extension SecretBuffer {
    /// Where the last character's bytes start: UTF-8 continuation bytes are 10xxxxxx.
    public var lastCharacterStart: Int {
        var start = count - 1
        while start > 0 && self[start] & 0xc0 == 0x80 { start -= 1 }
        return start
    }

    /// The last character (not empty), decoded with the standard library's UTF-8 decoder.
    public var lastScalar: Unicode.Scalar {
        let start = lastCharacterStart
        return withBytes { bytes in
            var iterator = bytes[start...].makeIterator()
            var decoder = Unicode.UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
            return scalar
        }
    }

    /// Takes back the last character, all of its bytes (not empty).
    public func removeLastCharacter() {
        for _ in lastCharacterStart..<count { removeLast() }
    }

    /// Takes back the last word and what separates it from the end (spaces, an `@`, a dot),
    /// as readline's, GTK's and the terminal driver's word erase do; how many characters went.
    public func removeLastWord() -> Int {
        var inWord = false, removed = 0
        while !isEmpty {
            let isWordCharacter = lastScalar.isWordCharacter
            if inWord && !isWordCharacter { break }
            inWord = inWord || isWordCharacter
            removeLastCharacter()
            removed += 1
        }
        return removed
    }
}

extension Unicode.Scalar {
    /// A character a word is made of: letters, digits and their marks, and the connectors
    /// that join words into one (`_`), as Unicode's word boundaries (GTK's, through Pango)
    /// and the terminal driver's word erase have it.
    public var isWordCharacter: Bool {
        let p = properties
        switch p.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
             .connectorPunctuation: return true
        default: return p.isAlphabetic
        }
    }
}
