// SPDX-License-Identifier: MIT
/// The secret read as a reader sees it, one character per cluster (Unicode's extended grapheme
/// clusters, which the standard library recognises: a letter and its accents, a syllable of an
/// Indic script, a flag, an emoji with its skin tone), for an entry that shows its characters.
/// Its caret stops only between clusters, as GTK's does at Pango's cursor positions: a
/// Cameroonian tone mark typed after its vowel, or a stress mark on a Russian vowel, is not a
/// place of its own. Places are character indices, as the field's caret is.
extension SecretBuffer {
    /// Where each cluster starts, in order, then the end: `body` is given each place until it
    /// returns false. The clusters are found from the start, the only place where the rules
    /// can begin (a pair of regional indicators is a flag counted from there).
    private func forEachClusterStart(_ body: (_ place: Int) -> Bool) {
        var recognizer = Unicode._CharacterRecognizer()
        var index = 0, offset = 0
        while offset < count {
            if recognizer.hasBreak(before: scalar(at: offset)), !body(index) { return }
            (index, offset) = (index + 1, characterEnd(after: offset))
        }
        _ = body(index)
    }

    /// The last place before character place `index` where a cluster starts (0 at the start).
    public func clusterStart(before index: Int) -> Int {
        var start = 0
        forEachClusterStart { place in
            guard place < index else { return false }
            start = place
            return true
        }
        return start
    }

    /// The first place after character place `index` where a cluster ends (the end at most).
    public func clusterEnd(after index: Int) -> Int {
        var end = index
        forEachClusterStart { place in
            end = place
            return place <= index
        }
        return end
    }

    /// For each of the `places` character places from the start, whether a cluster starts or
    /// ends there: where a caret may stand.
    public func clusterBoundaries(count places: Int) -> [Bool] {
        var boundaries = Array(repeating: false, count: places)
        forEachClusterStart { place in
            guard place < places else { return false }
            boundaries[place] = true
            return true
        }
        return boundaries
    }

    /// Whether BackSpace after the cluster that starts at `offset` takes it whole: as Pango
    /// decides for GTK's entries, an accent goes with its Latin, Greek or Cyrillic letter,
    /// while in other scripts (a Devanagari or Thai syllable) BackSpace takes back one
    /// character at a time, the way the cluster was typed.
    public func backSpaceTakesWholeCluster(startingAt offset: Int) -> Bool {
        let base = scalar(at: offset)
        return base.properties.isAlphabetic && base.isLatinGreekOrCyrillic
    }
}

extension Unicode.Scalar {
    /// Whether it lies in a block of the Latin, Greek or Cyrillic scripts (their extensions,
    /// the phonetic letters, the full-width Latin forms included).
    var isLatinGreekOrCyrillic: Bool {
        switch value {
        case 0x0041...0x02AF, 0x0370...0x052F, 0x1C80...0x1C8F, 0x1D00...0x1DBF, 0x1E00...0x1FFF, 0x2C60...0x2C7F,
             0x2DE0...0x2DFF, 0xA640...0xA69F, 0xA720...0xA7FF, 0xAB30...0xAB6F, 0xFB00...0xFB06, 0xFF21...0xFF5A: true
        default: false
        }
    }
}
