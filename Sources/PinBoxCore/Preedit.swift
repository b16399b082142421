// SPDX-License-Identifier: MIT
/// What the desktop's input method is composing in an entry that holds no secret, not typed
/// yet: a Korean syllable still open to its next jamo, a Chinese word's pinyin before its
/// characters are chosen. Drawn at the entry's caret, underlined, as GTK's entries draw it.
public struct Preedit: Equatable, Sendable {
    public var text: String
    /// Where the method's caret stands in `text`, in characters.
    public var caret: Int

    public init(text: String, caret: Int) {
        self.text = text
        self.caret = max(0, min(caret, text.unicodeScalars.count))
    }
}
