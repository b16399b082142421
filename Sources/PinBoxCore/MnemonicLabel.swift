// SPDX-License-Identifier: MIT
/// A label with its mnemonic marked by `_` (GTK's `_OK`, `Select _All`, `すべて選択(_A)`): the
/// text shown, and the letter Alt answers with, underlined. `__` is an underscore.
public struct MnemonicLabel: Equatable, Sendable {
    /// The label as shown, without mnemonic marks.
    public let text: String
    /// Where the mnemonic letter is in `text` (a character index), to underline it.
    public let mnemonicIndex: Int?
    /// The mnemonic, lower-cased.
    public let mnemonic: Unicode.Scalar?

    public init(_ label: String) {
        var text = "", index: Int?, key: Unicode.Scalar?
        var count = 0
        var marked = false
        for scalar in label.unicodeScalars {
            if marked {
                marked = false
                if scalar != "_" && index == nil {
                    index = count
                    key = Self.lowercased(scalar)
                }
            } else if scalar == "_" {
                marked = true
                continue
            }
            text.unicodeScalars.append(scalar)
            count += 1
        }
        self.text = text
        mnemonicIndex = index
        mnemonic = key
    }

    /// In any script: a Russian label's `_Отмена` is answered by the key's lower-case о.
    static func lowercased(_ s: Unicode.Scalar) -> Unicode.Scalar {
        if (0x41...0x5a).contains(s.value) { return Unicode.Scalar(s.value + 0x20)! }
        guard s.value >= 0x80 else { return s }
        let lower = s.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : s
    }
}
