import CText

/// Which font draws each character of a paragraph of plain or unshaped text (`TextScript`),
/// decided as Pango 1.50 decides it (pango/itemize.c, pango-script.c), so the paragraph measures
/// and draws as it would through Pango: DejaVu for what it has, else the first font of
/// fontconfig's list that has the character (`pinbox_fallback_face`); a space goes with the
/// text before it, or with the text after it when that text's font comes earlier in the list
/// and both are in the same run of one script.
enum TextFontRuns {
    /// A Cairo font face, and its place in fontconfig's list (DejaVu's is 0).
    struct Choice: Equatable {
        var face: OpaquePointer
        var position: Int
    }

    /// Each scalar's font, and whether it is in a run of Chinese, Japanese or Korean script;
    /// nil when a character has no font at all (Pango then draws a box, and counts it).
    static func fonts(for paragraph: [Unicode.Scalar], bold: Bool, size: Double) -> [(choice: Choice, ideographic: Bool)]? {
        let dejaVu = Choice(face: bold ? Fonts.bold : Fonts.regular, position: 0)
        var chosen: [(choice: Choice, ideographic: Bool)] = []
        chosen.reserveCapacity(paragraph.count)
        for (run, script) in scriptRuns(paragraph) {
            let ideographic = [.han, .hiragana, .katakana, .hangul].contains(script)
            // The run's items: where each starts and its font (nil while only spaces are in it).
            var items: [(start: Int, choice: Choice?)] = []
            var firstSpace: Int?  // where the spaces that end the current item start
            for i in run {
                let scalar = paragraph[i]
                let isSpace = scalar == " " || scalar == "\u{A0}"
                var choice: Choice?
                if !isSpace {
                    if TextScript.isPlain(scalar) {
                        choice = dejaVu
                    } else {
                        var position: Int32 = 0
                        guard let face = pinbox_fallback_face(scalar.value, bold ? 1 : 0, size,
                                                              UnsafeRawPointer(Fonts.options), &position) else { return nil }
                        choice = Choice(face: OpaquePointer(face), position: Int(position))
                    }
                }
                let spacesBefore = firstSpace
                firstSpace = isSpace ? (firstSpace ?? i) : nil
                if let last = items.indices.last {
                    if items[last].choice == nil, choice != nil {
                        items[last].choice = choice  // leading spaces take the first font after them
                    } else if choice == nil {
                        choice = items[last].choice  // a space goes on with the item's font
                    }
                    if choice == items[last].choice { continue }
                    // A new font: spaces that end the item go with it when it comes earlier in
                    // the list ("less fallback"), unless the item was nothing but those spaces.
                    if let spaces = spacesBefore, items[last].start < spaces,
                       let new = choice, let old = items[last].choice, new.position < old.position {
                        items.append((spaces, choice))
                        continue
                    }
                }
                items.append((i, choice))
            }
            // A run of spaces alone takes the font Pango finds for a space: DejaVu.
            for (index, item) in items.enumerated() {
                let end = index + 1 < items.count ? items[index + 1].start : run.upperBound
                chosen.append(contentsOf: repeatElement((choice: item.choice ?? dejaVu, ideographic: ideographic), count: end - item.start))
            }
        }
        return chosen
    }

    /// The runs of one script, as pango_script_iter splits them: characters of no script of their
    /// own (digits, punctuation, spaces) join the run around them, and a closing bracket takes the
    /// script of the run its opening bracket was in.
    static func scriptRuns(_ scalars: [Unicode.Scalar]) -> [(Range<Int>, TextScript.Script)] {
        var runs: [(Range<Int>, TextScript.Script)] = []
        var openings: [(pair: UInt32, script: TextScript.Script)] = []
        var start = 0
        while start < scalars.count {
            var script = TextScript.Script.common
            var firstUnresolved = openings.count  // openings pushed in this run before its script was known
            var end = start
            while end < scalars.count {
                var found = TextScript.script(scalars[end])
                let pair = found == .common ? brackets[scalars[end].value] : nil
                if let pair {
                    if pair.opens {
                        if openings.count >= 128 { openings.removeAll() }
                        openings.append((pair.id, script))
                    } else if !openings.isEmpty {
                        while let last = openings.last, last.pair != pair.id { openings.removeLast() }
                        firstUnresolved = min(firstUnresolved, openings.count)
                        if let last = openings.last { found = last.script }
                    }
                }
                guard script == .common || found == .common || script == found else { break }
                if script == .common && found != .common {
                    script = found
                    for k in firstUnresolved..<openings.count { openings[k].script = script }
                    firstUnresolved = openings.count
                }
                if let pair, !pair.opens, !openings.isEmpty {
                    openings.removeLast()
                    firstUnresolved = min(firstUnresolved, openings.count)
                }
                end += 1
            }
            runs.append((start..<end, script))
            start = end
        }
        return runs
    }

    /// Pango's paired punctuation that plain and unshaped text can hold: the id is the opening's.
    private static let brackets: [UInt32: (id: UInt32, opens: Bool)] = {
        let pairs: [(UInt32, UInt32)] = [
            (0x28, 0x29), (0x3C, 0x3E), (0x5B, 0x5D), (0x7B, 0x7D), (0xAB, 0xBB), (0x2018, 0x2019),
            (0x201C, 0x201D), (0x2039, 0x203A), (0x2045, 0x2046), (0x3008, 0x3009), (0x300A, 0x300B),
            (0x300C, 0x300D), (0x300E, 0x300F), (0x3010, 0x3011), (0xFF08, 0xFF09),
        ]
        var table: [UInt32: (id: UInt32, opens: Bool)] = [:]
        for (open, close) in pairs {
            table[open] = (open, true)
            table[close] = (open, false)
        }
        return table
    }()
}
