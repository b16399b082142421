// SPDX-License-Identifier: MIT
/// The menu a right click, the Menu key or Shift+F10 opens on a prompt's entry, as GTK's
/// entries open theirs: Cut and Copy (in an entry that holds no secret: a secret is never
/// copied, so a passphrase's menu has neither), Paste (a password manager's copy, for whoever
/// pastes with the mouse), Delete (what is selected) and Select All, each greyed where it would
/// do nothing. It is drawn inside the window, from where it was opened, and laid out here in
/// device pixels.
public struct EntryMenu: Equatable, Sendable {
    public enum Action: Equatable, Sendable, CaseIterable {
        case cut, copy, paste, delete, selectAll

        /// GTK's words for its entries' menu, the same in every language it is translated to.
        var label: String {
            switch self {
            // TRANSLATORS: an entry's menu, as GTK's entries have it: GTK's own translation of
            // "Cu_t", "_Copy", "_Paste", "_Delete" and "Select _All" is the one users know. The
            // underscore marks the letter Alt chooses it with.
            case .cut: localized("Cu_t")
            case .copy: localized("_Copy")
            case .paste: localized("_Paste")
            case .delete: localized("_Delete")
            case .selectAll: localized("Select _All")
            }
        }
    }

    public struct Item: Equatable, Sendable {
        public let action: Action
        public let label: MnemonicLabel
        /// It would do something now: greyed, and passed over by Up and Down, where not.
        public let enabled: Bool
        /// Its row, in the window.
        public let box: Rect
    }

    /// The entry it acts on.
    public let field: Int
    public let items: [Item]
    /// The whole menu, in the window.
    public let box: Rect
    /// Its labels' size in device pixels, their face (the dialog's), and how far in from an
    /// item's start they begin.
    public let textSize: Double
    public let face: String?
    public let inset: Double
    /// The item Return activates, drawn in the accent colour: the one under the pointer, or
    /// the one Up and Down moved to.
    public var highlighted: Int?

    /// The menu of entry `field` with `actions`, each enabled or not, opened at `anchor` in a
    /// window of `window`: below and after it where there is room, above or before it where
    /// there is not (before: to its left, or to its right in a right-to-left dialog), always
    /// inside the window. Its labels are set as the dialog's text (`metrics`), sizes in points
    /// scaled by `scale`.
    public init(field: Int, actions: [(Action, Bool)], at anchor: Point, window: Size, scale s: Double,
                metrics: DialogLayout.Metrics, rightToLeft: Bool, measure: TextMeasure) {
        self.field = field
        let style = TextStyle(size: metrics.textSize * s, face: metrics.face), inset = (12 * s).rounded()
        (face, textSize, self.inset) = (style.face, style.size, inset)
        let labels = actions.map { MnemonicLabel($0.0.label) }
        let rowHeight = (28 * s).rounded(), pad = (5 * s).rounded()
        let widest = labels.map { measure($0.text, style, nil).width }.max() ?? 0
        let width = max((120 * s).rounded(), (widest + 2 * inset).rounded(.up) + 2 * pad)
        let height = Double(actions.count) * rowHeight + 2 * pad
        var x = rightToLeft ? anchor.x - width : anchor.x
        if x + width > window.width { x = anchor.x - width }
        if x < 0 { x = rightToLeft ? anchor.x : 0 }
        x = max(0, min(x, window.width - width))
        var y = anchor.y
        if y + height > window.height { y = anchor.y - height }
        y = max(0, min(y, window.height - height))
        let box = Rect(x: x.rounded(), y: y.rounded(), width: width, height: height)
        self.box = box
        items = actions.enumerated().map { k, entry in
            Item(action: entry.0, label: labels[k], enabled: entry.1,
                 box: Rect(x: box.x + pad, y: box.y + pad + Double(k) * rowHeight, width: width - 2 * pad,
                           height: rowHeight))
        }
    }

    /// The item whose row holds `point`, enabled or not.
    public func item(at point: Point) -> Int? {
        items.indices.first { items[$0].box.contains(point) }
    }

    /// The enabled item `step` rows away from the highlighted one (or from before the first,
    /// or after the last, when none is), going round; nil when none is enabled.
    func item(movedBy step: Int) -> Int? {
        let count = items.count
        guard count > 0, step != 0 else { return highlighted }
        var k = highlighted ?? (step > 0 ? -1 : count)
        for _ in 0..<count {
            k = ((k + step.signum()) % count + count) % count
            if items[k].enabled { return k }
        }
        return nil
    }

    /// The enabled item answered by the mnemonic `keys` (Alt and its letter, in any layout).
    func item(answering keys: [Unicode.Scalar]) -> Int? {
        items.indices.first { k in items[k].enabled && items[k].label.mnemonic.map(keys.contains) == true }
    }
}
