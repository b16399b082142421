// SPDX-License-Identifier: MIT
/// A key's fingerprint that a line of an askpass question other than ssh's host-key question
/// ends in and names as one: ssh-agent's `Allow use of key alice?` / `Key fingerprint
/// SHA256:….` (`ssh-add -c`), ssh's `Confirm user presence for key ED25519-SK SHA256:…`.
/// Wrapped as words, the fingerprint was cut wherever the line ran out, in the middle of what
/// the user compares with `ssh-add -l`; taken out, it is the dialog's detail, shown whole as
/// the host key's is. A sentence that merely ends in one (`changed from … to SHA256:…`) keeps
/// it: taken out, it would leave the sentence without its end.
public struct PromptFingerprint: Equatable, Sendable {
    /// The question without the fingerprint, and without its line when that line only named it.
    public var text: String
    /// The line's own words when they name the fingerprint (ssh-agent's `Key fingerprint`, in
    /// the user's language), else PinBox's.
    public var label: String
    public var fingerprint: String

    /// Nil when no line ends in a fingerprint it names, or when the question holds more than
    /// one: ssh-agent puts the key's comment, unfiltered, before its own line, and a comment
    /// may say `Key fingerprint` of another key. Which one ssh-agent wrote only its order
    /// tells, so the question stays as written, every line in it.
    public init?(_ prompt: String) {
        var lines = prompt.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let holding = lines.indices.filter { lines[$0].split(separator: " ").contains { Self.fingerprint(String($0)) != nil } }
        guard holding.count == 1, let i = holding.first else { return nil }
        var words = lines[i].split(separator: " ").map(String.init)
        guard let last = words.last, let print = Self.fingerprint(last) else { return nil }
        words.removeLast()
        let rest = words.joined(separator: " ")
        var naming = rest
        for ending in [":", " is"] where naming.hasSuffix(ending) { naming.removeLast(ending.count) }
        if PromptText.lowercased(naming).hasSuffix("fingerprint") {
            // ssh-agent's own words, which it never translates, in the user's language.
            label = naming == "Key fingerprint" ? localized("Key fingerprint") : naming
            lines.remove(at: i)
        } else if words.count >= 2, PromptText.lowercased(words[words.count - 2]) == "key" {
            // `… for key ED25519-SK SHA256:…`: the key, named by its type, then its fingerprint.
            label = localized("Key fingerprint")
            lines[i] = rest
        } else {
            return nil
        }
        fingerprint = print
        text = lines.joined(separator: "\n")
    }

    /// `SHA256:` and base64, or `MD5:` and hex pairs (`FingerprintHash`), with no full stop
    /// (one after it closes the caller's sentence).
    static func fingerprint(_ word: String) -> String? {
        var word = word
        if word.hasSuffix(".") { word.removeLast() }
        for hash in ["SHA256:", "MD5:"] where word.hasPrefix(hash) {
            let digest = word.unicodeScalars.dropFirst(hash.count)
            let digits = digest.allSatisfy {
                ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "+" || $0 == "/" || $0 == "=" || $0 == ":"
            }
            return digits && digest.count >= 16 ? word : nil
        }
        return nil
    }
}

extension DialogSpec {
    /// Shows a fingerprint at the end of a line of the description whole, as the detail.
    public mutating func takeFingerprintOut() {
        guard detail == nil, let found = PromptFingerprint(description) else { return }
        description = found.text
        detail = PageDetail(label: found.label, text: found.fingerprint)
    }
}
