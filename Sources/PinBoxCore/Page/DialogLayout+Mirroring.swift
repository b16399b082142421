// SPDX-License-Identifier: MIT
/// A right-to-left dialog is its left-to-right layout seen in a mirror, as GTK mirrors a
/// dialog for Arabic or Hebrew: every rectangle keeps its size and height, and moves across
/// the text column to the other side. The buttons' order in the content (and with it the Tab
/// order) stays, so focus still moves in reading order: from the right.
extension DialogLayout {
    /// Mirrors every rectangle about the text column from `left`, `width` wide.
    mutating func mirror(left: Double, width: Double) {
        func flip(_ r: Rect) -> Rect {
            r == .zero ? r : Rect(x: left + width - (r.x - left) - r.width, y: r.y, width: r.width, height: r.height)
        }
        description = flip(description)
        detailLabel = flip(detailLabel)
        detail = flip(detail)
        picture = flip(picture)
        labels = labels.map(flip)
        fields = fields.map(flip)
        keyboard = keyboard.map(flip)
        keyboardLayoutName = keyboardLayoutName.map(flip)
        error = flip(error)
        cue = cue.map(flip)
        quality = quality.map(flip)
        notes = notes.map(flip)
        suggestion = suggestion.map(flip)
        suggestionNote = suggestionNote.map(flip)
        buttons = buttons.map(flip)
    }

    /// Whether the dialog runs right to left, mirrored.
    public var mirrored: Bool { direction == .rightToLeft }
}
