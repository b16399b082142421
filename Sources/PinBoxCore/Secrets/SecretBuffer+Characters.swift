// SPDX-License-Identifier: MIT
/// The secret read and edited as UTF-8 characters, for the editing keys: the window's entries,
/// whose caret can stand anywhere in what is typed, and the terminal's, which edit its end.
/// Positions are byte offsets on character boundaries; every edit stays in the locked buffer.
extension SecretBuffer {
    /// Where the character that ends at `end` starts: UTF-8 continuation bytes are 10xxxxxx.
    public func characterStart(before end: Int) -> Int {
        var start = end - 1
        while start > 0 && self[start] & 0xc0 == 0x80 { start -= 1 }
        return start
    }

    /// Where the character that starts at `start` ends.
    public func characterEnd(after start: Int) -> Int {
        var end = start + 1
        while end < count && self[end] & 0xc0 == 0x80 { end += 1 }
        return end
    }

    /// Where the last character's bytes start.
    public var lastCharacterStart: Int { characterStart(before: count) }

    /// The byte offset of character `index` (`count` for the end).
    public func offset(ofCharacter index: Int) -> Int {
        var offset = 0
        for _ in 0..<index where offset < count { offset = characterEnd(after: offset) }
        return offset
    }

    /// The character whose bytes start at `start`, decoded with the standard library's decoder.
    public func scalar(at start: Int) -> Unicode.Scalar {
        withBytes { bytes in
            var iterator = bytes[start...].makeIterator()
            var decoder = Unicode.UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return "\u{FFFD}" }
            return scalar
        }
    }

    /// Whether the text is a right-to-left paragraph: its first letter is of a right-to-left
    /// script, as the bidirectional algorithm's first strong character decides (digits and
    /// punctuation have no direction of their own).
    public var runsRightToLeft: Bool {
        var offset = 0
        while offset < count {
            let s = scalar(at: offset)
            if s.properties.isAlphabetic { return TextDirection.isOfRightToLeftScript(s.value) }
            offset = characterEnd(after: offset)
        }
        return false
    }

    /// The last character (not empty).
    public var lastScalar: Unicode.Scalar { scalar(at: lastCharacterStart) }

    /// Takes back the last character, all of its bytes (not empty).
    public func removeLastCharacter() {
        removeBytes(lastCharacterStart..<count)
    }

    /// Takes back the last word and what separates it from the end (spaces, an `@`, a dot),
    /// as readline's, GTK's and the terminal driver's word erase do; how many characters went.
    public func removeLastWord() -> Int {
        let (start, characters) = wordStart(before: count)
        removeBytes(start..<count)
        return characters
    }

    /// Where the word before `offset` starts, with what separates it from `offset`, and how many
    /// characters lie between: where Ctrl+BackSpace deletes back to and Ctrl+Left goes.
    public func wordStart(before offset: Int) -> (offset: Int, characters: Int) {
        var start = offset, characters = 0, inWord = false
        while start > 0 {
            let previous = characterStart(before: start)
            let isWordCharacter = scalar(at: previous).isWordCharacter
            if inWord && !isWordCharacter { break }
            inWord = inWord || isWordCharacter
            start = previous
            characters += 1
        }
        return (start, characters)
    }

    /// Where the word after `offset` ends, what separates it from `offset` included, and how many
    /// characters lie between: where Ctrl+Right goes.
    public func wordEnd(after offset: Int) -> (offset: Int, characters: Int) {
        var end = offset, characters = 0, inWord = false
        while end < count {
            let isWordCharacter = scalar(at: end).isWordCharacter
            if inWord && !isWordCharacter { break }
            inWord = inWord || isWordCharacter
            end = characterEnd(after: end)
            characters += 1
        }
        return (end, characters)
    }

    /// How many characters of the word `offset` stands in, or at either end of, lie before it
    /// and after it (separators are no word): what a double click selects.
    public func word(around offset: Int) -> (before: Int, after: Int) {
        var start = offset, end = offset, before = 0, after = 0
        while start > 0 {
            let previous = characterStart(before: start)
            guard scalar(at: previous).isWordCharacter else { break }
            (start, before) = (previous, before + 1)
        }
        while end < count, scalar(at: end).isWordCharacter {
            (end, after) = (characterEnd(after: end), after + 1)
        }
        return (before, after)
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
