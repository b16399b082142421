// SPDX-License-Identifier: MIT
/// An entry's caret: where typing goes in, what BackSpace and Delete take, moved by the
/// arrows, Home and End, as in GTK's entries. PIN boxes have none: their next box is the place.
extension Page {
    /// A typed character, in at the caret of field `index`. In the middle of what is typed, the
    /// dots after it move up a place and the new one grows in where it went.
    func type(_ c: Unicode.Scalar, into index: Int, now: Double, into effects: inout [PageEffect]) {
        let field = fields[index].field
        let (caret, length) = (field.caret, field.length)
        let events = field.type(c)
        if field.length > length && caret < length {
            fields[index].animator.insert(at: caret, at: animationTime(now) - animationFrameStep)
        }
        apply(events, to: index, now: now, into: &effects)
    }

    /// Moves the caret of entry `index`. Where it shows dots, a word at a time goes to its start
    /// or its end, as GTK's does: stopping at words would show where the secret's words end.
    func moveCaret(_ move: CaretMove, in index: Int) {
        var move = move
        if !fields[index].revealed {
            if move == .wordBack { move = .start }
            if move == .wordForward { move = .end }
        }
        _ = fields[index].field.moveCaret(move)
    }
}
