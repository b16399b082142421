// SPDX-License-Identifier: MIT
extension Page {
    /// Follows the desktop while the prompt is open (`InputEvent.desktopStyle`): its colours,
    /// the entries' too, and its motion. A user who turns high contrast or dark on, or
    /// animations off, because the prompt in front of them is hard to read or to bear, sees it
    /// change at once, as a GTK prompt beside it does. Nothing typed, focused or laid out
    /// changes; the next frame is drawn whole in the new colours (its scene differs).
    func restyle(_ palette: Palette, _ motion: Motion) {
        if palette != self.palette {
            self.palette = palette
            for i in fields.indices { fields[i].paint(palette, onSheet: geometry.isPaySheet) }
        }
        if motion != self.motion { self.motion = motion }
    }
}
