// SPDX-License-Identifier: MIT
/// What the desktop's input method is composing in an entry that holds no secret, not typed
/// yet: a Korean syllable still open to its next jamo, a Chinese word's pinyin before its
/// characters are chosen, a Japanese name's clauses being converted. Drawn at the entry's caret,
/// underlined, as GTK's entries draw it.
public struct Preedit: Equatable, Sendable {
    public var text: String
    /// Where the method's caret stands in `text`, in characters.
    public var caret: Int
    /// The runs of characters the method shows apart (XIM's reversed or highlighted look): the
    /// clause it is converting, whose candidates it offers, drawn on the selection's colour. In
    /// order, apart from each other, within `text`.
    public var marked: [Range<Int>]

    public init(text: String, caret: Int, marked: [Range<Int>] = []) {
        let count = text.unicodeScalars.count
        self.text = text
        self.caret = max(0, min(caret, count))
        var runs: [Range<Int>] = []
        for run in marked.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let low = max(run.lowerBound, runs.last?.upperBound ?? 0), high = min(run.upperBound, count)
            if low < high { runs.append(low..<high) }
        }
        self.marked = runs
    }

    /// The runs of `marked[i]` set, over `count` characters.
    public static func runs(count: Int, marked: (Int) -> Bool) -> [Range<Int>] {
        var runs: [Range<Int>] = [], start: Int?
        for i in 0...count {
            let on = i < count && marked(i)
            if on, start == nil { start = i }
            if !on, let s = start {
                runs.append(s..<i)
                start = nil
            }
        }
        return runs
    }
}
