// SPDX-License-Identifier: MIT
extension Page {
    /// Follows the desktop while the prompt is open (`InputEvent.desktopStyle`): its colours,
    /// the entries' too, its motion, a dialog's font and how its letters are rendered. A user
    /// who turns high contrast or dark on, animations off, their font larger or smoothing off,
    /// because the prompt in front of them is hard to read or to bear, sees it change at once,
    /// as a GTK prompt beside it does. Nothing typed or focused changes; the next frame is drawn
    /// whole in the new colours (its scene differs). A new font lays the dialog out again, its
    /// entries made afresh as for a new scale, as large as fits `area` (`WindowFit`); a new
    /// rendering draws the same layout's letters otherwise.
    func restyle(_ palette: Palette, _ motion: Motion, _ font: DesktopFont?, _ rendering: TextRendering,
                 fitting area: Size?) {
        if palette != self.palette {
            self.palette = palette
            for i in fields.indices { fields[i].paint(palette, onSheet: geometry.isPaySheet) }
        }
        if motion != self.motion { self.motion = motion }
        textRendering = rendering
        if font != self.font, isDialog, outcome == nil { fit(askedScale ?? scale, font: font, area: area) }
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
        fit(asked, font: font, area: area)
    }

    /// The page was made at a smaller scale than `asked`, to fit the screen (`WindowFit`): a
    /// later fit (a smaller font, `restyle`) starts again from what was asked.
    public func madeSmaller(than asked: Double) {
        if asked != scale { askedScale = asked }
    }

    /// Lays the page out at scale `asked` in `font`, then smaller until it fits `area`; made
    /// smaller, it remembers what was asked, for the next fit to start from.
    private func fit(_ asked: Double, font: DesktopFont?, area: Size?) {
        var s = asked
        guard laidOut(at: s, font: font), let area else { return }
        defer { madeSmaller(than: asked) }
        for _ in 0..<6 {
            guard let next = WindowFit.nextScale(after: s, size: preferredSize, area: area) else { break }
            s = next
            guard laidOut(at: s, font: font) else { return }
        }
    }

    /// The page at scale `s` in `font`: its entries made again and grafted (the prompt's, set
    /// aside while another program holds the keyboard, included), its description measured
    /// again. False, nothing changed, when the maker cannot make them.
    private func laidOut(at s: Double, font: DesktopFont?) -> Bool {
        let entries = promptBeforeRefusal?.fields ?? fields
        guard let made = remake?(s, font), made.count == entries.count else { return false }
        let grafted = zip(made, entries).map { $0.grafted(from: $1) }
        (scale, self.font) = (s, font)
        let m = metrics
        if var prompt = promptBeforeRefusal {
            prompt.fields = grafted
            prompt.content.descriptionWidth = DialogLayout.descriptionWidth(prompt.content, measure: measure,
                                                                            metrics: m, scale: s)
            promptBeforeRefusal = prompt
        } else {
            fields = grafted
        }
        if isDialog {
            content.descriptionWidth = DialogLayout.descriptionWidth(content, measure: measure, metrics: m, scale: s)
        }
        relayout()
        return true
    }
}
