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

extension Page {
    /// Follows the screen's resolution while the prompt is open (`InputEvent.desktopScale`): a
    /// user who turns Large Text on because the prompt in front of them is too small to read
    /// sees it grow at once, as a GTK prompt beside it does. The entries are made afresh at the
    /// new scale, as the page's maker made them (`remake`), and take over what the old ones held
    /// (`PageField.grafted`): what is typed and its animation, what shows, the focus, every line
    /// and button stay. As large as fits `area`, up to `asked`, as the page was when it was made
    /// (`WindowFit`). A page with no maker to ask (the workbench) keeps its scale.
    func rescale(to asked: Double, fitting area: Size) {
        guard FieldConfiguration.scaleRange.contains(asked), asked != askedScale ?? scale, outcome == nil,
              remake != nil else { return }
        askedScale = asked
        var s = asked
        guard laidOut(at: s) else { return }
        for _ in 0..<6 {
            guard let next = WindowFit.nextScale(after: s, size: preferredSize, area: area) else { break }
            s = next
            guard laidOut(at: s) else { return }
        }
    }

    /// The page at scale `s`: its entries made again and grafted (the prompt's, set aside while
    /// another program holds the keyboard, included), its description measured again. False,
    /// nothing changed, when the maker cannot make them.
    private func laidOut(at s: Double) -> Bool {
        let entries = promptBeforeRefusal?.fields ?? fields
        guard let made = remake?(s), made.count == entries.count else { return false }
        let grafted = zip(made, entries).map { $0.grafted(from: $1) }
        scale = s
        if var prompt = promptBeforeRefusal {
            prompt.fields = grafted
            prompt.content.descriptionWidth = DialogLayout.descriptionWidth(prompt.content, measure: measure, scale: s)
            promptBeforeRefusal = prompt
        } else {
            fields = grafted
        }
        if isDialog { content.descriptionWidth = DialogLayout.descriptionWidth(content, measure: measure, scale: s) }
        relayout()
        return true
    }
}
