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
        fields[index].followCaret()
    }
}

extension Page {
    /// A click in entry `index` puts its caret at the place between two characters nearest the
    /// pointer, as in GTK's entries (`caretPlace`); dragged from there, the pointer selects
    /// (`selecting`).
    func placeCaret(in index: Int, at point: Point, selecting: Bool = false) {
        guard let place = caretPlace(in: index, at: point) else { return }
        _ = fields[index].field.placeCaret(at: place, selecting: selecting)
        fields[index].followCaret()
    }

    /// The place between two characters of entry `index` nearest `point`: between the dots, or
    /// between the characters of a name or a code. None in a passphrase the user chose to show:
    /// finding it would mean measuring the secret's text, which copies it.
    func caretPlace(in index: Int, at point: Point) -> Int? {
        let field = fields[index], x = point.x - geometry.fields[index].x, theme = field.drawnTheme
        let edges: [Double]
        if theme.drawsTextRun {
            guard field.holdsNoSecret else { return nil }
            let text = field.field.secret.withBytes { String(decoding: $0, as: UTF8.self) }
            edges = field.runEdges(text, theme: theme, measure: measure)
        } else {
            let slot = FieldScene.markSlot(0, layout: field.layout, padding: theme.padding)
            edges = (0...field.countShown).map { slot.x + Double($0) * slot.width }
        }
        guard let nearest = edges.indices.min(by: { abs(edges[$0] - x) < abs(edges[$1] - x) }) else { return nil }
        return (theme.drawsTextRun ? 0 : field.firstShown) + nearest
    }
}

extension PageField {
    /// Where the caret can stand in this entry drawn as one run of `text` (a name, a code: the
    /// measure copies it): before each character and after the last, from the field's origin,
    /// each as far along as the text before it is wide (from the right in a right-to-left
    /// name, which starts at the box's right), the run scrolled as the painter scrolls it.
    func runEdges(_ text: String, theme: Theme, measure: TextMeasure) -> [Double] {
        let s = layout.scale, font = theme.style(for: .filled).font
        let style = TextStyle(size: font.size * s, face: font.family == "DejaVu Sans" ? nil : font.family, bold: font.bold)
        let pad = (theme.padding > 0 ? theme.padding : 6) * s
        let scalars = Array(text.unicodeScalars)
        let edges = (0...scalars.count).map { k in
            k == 0 ? 0 : measure(String(String.UnicodeScalarView(scalars.prefix(k))), style, nil).width
        }
        let width = edges.last ?? 0, rightToLeft = field.secret.runsRightToLeft
        let place = FieldScene.placeRun(width: width, advance: edges[min(field.caret, edges.count - 1)],
                                        room: layout.bounds.width - 2 * pad, rightToLeft: rightToLeft)
        return edges.map { layout.bounds.x + pad + place.left + (rightToLeft ? width - $0 : $0) }
    }
}
