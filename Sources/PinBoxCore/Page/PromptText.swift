// SPDX-License-Identifier: MIT
// How the classifier reads an askpass prompt: words outside quotes and addresses.

/// A prompt prepared for reading: ssh's keyboard-interactive `(user@host) ` opening removed,
/// ASCII letters lower-cased (the prompts read here are English; nothing else is folded).
struct PromptText {
    /// The prompt's text, lower-cased, from its first word on.
    let lower: String
    /// The original, with the same opening removed (for the case-sensitive `PIN`).
    let original: String

    init(_ prompt: String) {
        var text = Substring(prompt)
        while text.first == " " { text = text.dropFirst() }
        // sshconnect2.c prefixes keyboard-interactive prompts with "(user@host) ".
        if text.first == "(", let close = text.firstIndex(of: ")"), text[..<close].contains("@") {
            text = text[text.index(after: close)...]
            while text.first == " " { text = text.dropFirst() }
        }
        original = String(text)
        lower = Self.lowercased(original)
    }

    func starts(with opening: String) -> Bool { lower.hasPrefix(opening) }

    /// Without the trailing colon and spaces a terminal prompt ends in.
    var trimmed: String {
        var text = lower
        while let last = text.unicodeScalars.last, last == " " || last == ":" { text.unicodeScalars.removeLast() }
        return text
    }

    /// The words outside quotes, lower-cased, with addresses and paths left out (`https://…`,
    /// `alice@host`, `/home/…`): a name or a file is never read as a kind.
    var words: [String] { Self.words(lower) }

    /// Which PIN the words ask for: `PIN` or `PUK` in capitals, as a word, outside quotes and
    /// addresses ("PINs" or "spinning" do not count).
    var pinKind: PINKind? {
        let words = Self.words(original)
        if words.contains("PUK") { return .puk }
        guard let i = words.firstIndex(of: "PIN") else { return nil }
        if i > 0, Self.lowercased(words[i - 1]) == "admin" { return .admin }
        return .user
    }

    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Unicode.Scalar?
        func flush() {
            while let last = word.unicodeScalars.last, last == ":" || last == "." { word.unicodeScalars.removeLast() }
            // An address or a path is one token, left out whole.
            if !word.isEmpty && !word.contains("@") && !word.contains("/") { words.append(word) }
            word = ""
        }
        for c in text.unicodeScalars {
            if let q = quote {
                if c == q || (q == "`" && c == "'") { quote = nil }
                continue
            }
            switch c {
            case "'" where !word.isEmpty:
                // An apostrophe inside a word ("can't", "host's") opens no quote.
                word.unicodeScalars.append(c)
            case "'", "\"", "`":
                flush()
                quote = c
            case " ", "\t", "\n", "\r", ",", ";", "(", ")", "[", "]", "?", "!":
                flush()
            default:
                word.unicodeScalars.append(c)
            }
        }
        flush()
        return words
    }

    static func lowercased(_ text: String) -> String {
        var result = ""
        for c in text.unicodeScalars {
            result.unicodeScalars.append(("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 0x20)! : c)
        }
        return result
    }

    static func index(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

extension Array where Element == String {
    /// Whether `phrase` occurs here as consecutive words.
    func containsPhrase(_ phrase: [String]) -> Bool {
        guard !phrase.isEmpty, phrase.count <= count else { return false }
        return (0...(count - phrase.count)).contains { self[$0..<$0 + phrase.count].elementsEqual(phrase) }
    }
}
