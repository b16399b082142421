// SPDX-License-Identifier: MIT
// Selecting with the pointer, as in GTK's entries: a click puts the caret, a drag from there
// selects, a double click selects a word, a triple click everything.

extension Page {
    /// Tab or Shift+Tab moves the focus to `index`. An entry reached so shows all it holds
    /// selected, so that what is typed next replaces it, as GTK's (`gtk-entry-select-on-focus`)
    /// and Qt's entries do; a click into it puts the caret instead.
    func tab(to index: Int, into effects: inout [PageEffect]) {
        let before = focus
        setFocus(index, into: &effects)
        if focus != before, let i = focusedField, fields[i].hasCaret { selectAll(in: i) }
    }

    /// Selects all entry `index` holds (Ctrl+A, Select All, the focus reaching it by Tab).
    func selectAll(in index: Int) {
        if fields[index].field.selectAll() { followCaret(in: index) }
    }

    /// How far apart, in device pixels, two clicks may land and still make a double click
    /// (GTK's default).
    static let doubleClickDistance = 5.0

    /// The button went down at `point` in entry `index`, at `now`. A click puts the caret (and
    /// the drag that may follow selects from there); a second click soon after, in the same
    /// place, selects the word there, or all of an entry whose words do not show (dots); a
    /// third, everything.
    /// `extending` (Shift held): the selection reaches to there, and a drag goes on with it.
    func pressEntry(_ index: Int, at point: Point, extending: Bool = false, now: Double) {
        if extending {
            (selectingIn, lastEntryClick) = (index, nil)
            return placeCaret(in: index, at: point, selecting: true)
        }
        let last = lastEntryClick
        let again = last.map {
            $0.field == index && now - $0.at <= motion.doubleClick
                && abs($0.point.x - point.x) <= Self.doubleClickDistance && abs($0.point.y - point.y) <= Self.doubleClickDistance
        } ?? false
        let count = again ? (last!.count % 3) + 1 : 1
        lastEntryClick = (index, point, now, count)
        selectingIn = count == 1 ? index : nil
        let field = fields[index]
        switch count {
        case 1:
            return placeCaret(in: index, at: point)
        case 2 where field.drawnTheme.drawsTextRun:
            _ = field.field.selectWord()
        default:
            _ = field.field.selectAll()
        }
        followCaret(in: index)
    }
}
