// SPDX-License-Identifier: MIT
/// An entry's caret: where typing goes in, what BackSpace and Delete take, moved by the
/// arrows, Home and End, as in GTK's entries. PIN boxes have none: their next box is the place.
extension Page {
    /// A typed character, in at the caret of field `index` (in place of the selected ones). In
    /// the middle of what is typed, the dots after it move up a place and the new one grows in
    /// where it went.
    func type(_ c: Unicode.Scalar, into index: Int, now: Double, into effects: inout [PageEffect]) {
        let field = fields[index].field
        let events = field.type(c)
        if events.contains(where: { if case .changed = $0 { true } else { false } }) && field.caret < field.length {
            fields[index].animator.insert(at: field.caret - 1, at: animationTime(now) - animationFrameStep)
        }
        apply(events, to: index, now: now, into: &effects)
    }

    /// Text typed at once (an input method's), each character as if typed.
    func type(_ text: String, into index: Int, now: Double, into effects: inout [PageEffect]) {
        for c in text.unicodeScalars { type(c, into: index, now: now, into: &effects) }
    }

    /// Moves the caret of entry `index` as the arrow `move` comes from points: Left and Right
    /// move it across the screen, so in text shown right to left (Hebrew, Arabic) Left goes
    /// forward in the text, as in GTK's entries. Where it shows dots, a word at a time goes to
    /// its start or its end, as GTK's does: stopping at words would show where the secret's
    /// words end. `selecting` (Shift held) selects what the caret passes.
    func moveCaret(_ move: CaretMove, in index: Int, selecting: Bool = false) {
        var move = move
        if fields[index].drawnTheme.drawsTextRun && fields[index].field.secret.runsRightToLeft { move = move.mirrored }
        if !fields[index].revealed {
            if move == .wordBack { move = .start }
            if move == .wordForward { move = .end }
        }
        _ = fields[index].field.moveCaret(move, selecting: selecting)
        followCaret(in: index)
    }
}

extension Page {
    /// A click in entry `index` puts its caret at the place between two characters nearest the
    /// pointer, as in GTK's entries (`caretPlace`); dragged from there, the pointer selects
    /// (`selecting`).
    func placeCaret(in index: Int, at point: Point, selecting: Bool = false) {
        guard let place = caretPlace(in: index, at: point) else { return }
        _ = fields[index].field.placeCaret(at: place, selecting: selecting)
        followCaret(in: index)
    }

    /// The place between two characters of entry `index` nearest `point`: between the dots, or
    /// between the characters of a run of text (a name, a code, a passphrase the user chose to
    /// show, measured where it lies).
    func caretPlace(in index: Int, at point: Point) -> Int? {
        let field = fields[index], x = point.x - geometry.fields[index].x, theme = field.drawnTheme
        let edges: [Double]
        if theme.drawsTextRun {
            guard let runEdges = runEdges(of: index) else { return nil }
            edges = runEdges
        } else {
            let slot = FieldScene.markSlot(0, layout: field.layout, padding: theme.padding)
            edges = (0...field.countShown).map { slot.x + Double($0) * slot.width }
        }
        let first = theme.drawsTextRun ? 0 : field.firstShown, places = field.field.caretPlaces
        guard let nearest = edges.indices.filter({ first + $0 < places.count && places[first + $0] })
            .min(by: { abs(edges[$0] - x) < abs(edges[$1] - x) }) else { return nil }
        return first + nearest
    }

    /// Keeps entry `index`'s row where its caret shows, scrolled only as far as it needs, for
    /// the next change to scroll from: its cells (`PageField.firstShown`), and its run of text
    /// where it draws one (`PageField.runScroll`).
    func followCaret(in index: Int) {
        fields[index].followCaret()
        guard let (width, advance) = runExtent(of: index) else { return }
        fields[index].scrollRun(width: width, advance: advance)
    }

    /// How wide entry `index`'s run of text is, and the text before its caret; nil where it
    /// draws no run, or nothing measures it.
    private func runExtent(of index: Int) -> (width: Double, advance: Double)? {
        guard let (measure, style) = runMeasure(of: index) else { return nil }
        let secret = fields[index].field.secret, caret = secret.offset(ofCharacter: fields[index].field.caret)
        return secret.withBytes { text in
            let width = measure(text, text.count, style)
            return (width, caret == text.count ? width : measure(text, caret, style))
        }
    }

    /// Where entry `index`'s caret stands, from the field's origin, as the painter draws it:
    /// between two dots, or along its run of text, scrolled as it is; nil where a run is not
    /// measured.
    func caretOffset(in index: Int) -> Double? {
        let field = fields[index], theme = field.drawnTheme
        guard theme.drawsTextRun else {
            let slot = FieldScene.markSlot(0, layout: field.layout, padding: theme.padding)
            return slot.x + Double(max(0, field.field.caret - field.firstShown)) * slot.width
        }
        guard let (width, advance) = runExtent(of: index) else { return nil }
        let place = field.placeRun(width: width, advance: advance)
        return place.left + place.caret
    }

    /// Where the caret can stand in entry `index`'s run of text: before each character and
    /// after the last, from the field's origin, each as far along as the text before it is
    /// wide (from the right in a right-to-left run, which starts at the box's right), the run
    /// scrolled as the painter scrolls it. Nil where it draws no run, or nothing measures it.
    func runEdges(of index: Int) -> [Double]? {
        guard let (measure, style) = runMeasure(of: index) else { return nil }
        let field = fields[index], secret = field.field.secret
        let advances = secret.withBytes { text in
            // The place after each character, walked once.
            var ends = [0]
            while let last = ends.last, last < text.count { ends.append(secret.characterEnd(after: last)) }
            return ends.map { $0 == 0 ? 0 : measure(text, $0, style) }
        }
        let width = advances.last ?? 0, rightToLeft = secret.runsRightToLeft
        let left = field.placeRun(width: width, advance: advances[min(field.field.caret, advances.count - 1)]).left
        return advances.map { left + (rightToLeft ? width - $0 : $0) }
    }

    /// How far the clause the input method converts in entry `index` starts into what it is
    /// composing there (`Preedit.marked`), as wide as the text before it is: 0 where it marks
    /// none, or nothing measures it.
    func markedClauseOffset(in index: Int) -> Double {
        guard let (i, composed) = preedit, i == index, let clause = composed.marked.first, clause.lowerBound > 0,
              let (measure, style) = runMeasure(of: index) else { return 0 }
        // The bytes of the characters before it, measured where they lie in the whole.
        let before = composed.text.unicodeScalars.prefix(clause.lowerBound).reduce(0) { $0 + UTF8.width($1) }
        return Array(composed.text.utf8).withUnsafeBufferPointer { measure($0, before, style) }
    }

    /// The measure of entry `index`'s run of text, and how it is drawn: nil where it shows dots
    /// or cells, or the window gave no measure.
    private func runMeasure(of index: Int) -> (RunMeasure, RunStyle)? {
        let field = fields[index], theme = field.drawnTheme
        guard theme.drawsTextRun, let runMeasure else { return nil }
        let font = theme.style(for: .filled).font
        return (runMeasure, RunStyle(font: font, pixelSize: font.size * field.layout.scale, rendering: textRendering,
                                     plain: field.holdsNoSecret && field.revealed))
    }
}
