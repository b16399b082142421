// SPDX-License-Identifier: MIT
/// The strength bar's tooltip (pinentry's SETQUALITYBAR_TT), shown inside the dialog when the
/// pointer rests on the bar's row, as pinentry-gtk-2 shows it on hover (`HoverTip` is the rule).
/// The window asks for the pointer's moves only while there is a tooltip to show.
extension Page {
    /// Whether the window should report the pointer's moves (`.hover`): only a dialog still open
    /// with a strength bar that has a tooltip, or with an entry's menu open, whose items follow
    /// the pointer. Any other page is never woken by the pointer.
    public var wantsPointerMotion: Bool { outcome == nil && (qualityTipArea != nil || menu != nil) }

    /// Where the pointer must rest for the tooltip: the bar's whole row, its label and words too.
    var qualityTipArea: Rect? {
        guard content.qualityTooltip != nil, case .dialog(let layout) = geometry else { return nil }
        return layout.quality
    }

    /// Whether the tooltip shows at `now`.
    public func showsQualityTip(at now: Double) -> Bool {
        qualityTipArea != nil && qualityTip.isShown(at: now)
    }

    /// When the tooltip would show, if the pointer stays on the bar.
    func qualityTipDeadline(after now: Double) -> Double? {
        qualityTipArea == nil ? nil : qualityTip.nextChange(after: now)
    }

    /// The pointer's moves show it; leaving, any key, a click and the focus going hide it.
    func followQualityTip(_ input: InputEvent, now: Double) {
        guard let area = qualityTipArea else { return }
        switch input {
        case .hover(.moved(let point)): qualityTip.pointerMoved(onArea: area.contains(point), at: now)
        case .hover(.left), .hover(.keyPressed), .windowFocus(false), .hidden: qualityTip.hide()
        default: if input.isUserInput { qualityTip.hide() }
        }
    }
}
