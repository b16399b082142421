// SPDX-License-Identifier: MIT
import PinBoxCore

/// An entry's menu (`EntryMenu`), drawn over the dialog as GTK draws a menu: a box in the
/// entry's colours with a thin border, an item to a row, the highlighted one on the accent
/// colour, a greyed one in the secondary text's colour; each label's mnemonic underlined.
enum MenuPainter {
    static func draw(_ menu: EntryMenu, scale s: Double, palette: Palette, mirrored: Bool, on canvas: Canvas) {
        let radius = 6 * s
        canvas.fillRounded(menu.box, radius: radius, with: palette.entryBackground)
        canvas.strokeInside(menu.box, width: Layout.devicePixels(1, scale: s), radius: radius, color: palette.border)
        for (k, item) in menu.items.enumerated() {
            let highlighted = menu.highlighted == k && item.enabled
            if highlighted { canvas.fillRounded(item.box, radius: 4 * s, with: palette.accent) }
            let color = highlighted ? palette.onAccent : item.enabled ? palette.text : palette.secondaryText
            let label = MnemonicText(item.label.text, mnemonic: item.label.mnemonicIndex,
                                     style: TextStyle(size: menu.textSize, face: menu.face, color: color),
                                     most: item.box.width - 2 * menu.inset)
            let x = mirrored ? item.box.maxX - menu.inset - label.size.width : item.box.x + menu.inset
            label.draw(at: Point(x: x.rounded(), y: (item.box.y + (item.box.height - label.size.height) / 2).rounded()),
                       scale: s, on: canvas)
        }
    }
}
