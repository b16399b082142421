// SPDX-License-Identifier: MIT
// The pointer: a click focuses an entry; a button, and a key of the pay sheet's number pad, go
// down under it and act when it is let go on them, as GTK's and Xaw's buttons do, so a press
// that lands on the wrong button can still be dragged off it.

extension Page {
    /// Where the pointer takes another shape, while the page is open: a text cursor over the
    /// entries, as over any text entry; a hand over the payment sheet's link, as over any link
    /// (its × and keys are buttons, which keep the window's pointer, as GTK's do).
    public var pointerAreas: [PointerArea] {
        guard outcome == nil else { return [] }
        let entries = geometry.fields.map { PointerArea($0, .text) }
        switch geometry {
        case .paySheet(let layout): return entries + [PointerArea(layout.forgot, .link)]
        case .dialog(let layout):
            // The layout's name is a link where a click on it switches (`KeyboardState.switchable`).
            guard keyboard.switchable, let name = layout.keyboardLayoutName else { return entries }
            return entries + [PointerArea(name, .link)]
        case .workbench: return entries
        }
    }

    func click(at point: Point, extending: Bool = false, now: Double, into effects: inout [PageEffect]) {
        if case .paySheet(let layout) = geometry, let i = layout.keyIndex(at: point) {
            pressedKey = i
            pressedKeyHeld = true
            return
        }
        if case .dialog(let layout) = geometry, keyboard.switchable, layout.keyboardLayoutName?.contains(point) == true {
            return switchLayout(forward: true, into: &effects)
        }
        if let i = geometry.fields.firstIndex(where: { $0.contains(point) }) {
            setFocus(i, into: &effects)
            if i < fields.count && fields[i].hasCaret { pressEntry(i, at: point, extending: extending, now: now) }
        } else if let b = geometry.buttons.firstIndex(where: { $0.contains(point) }) {
            setFocus(fields.count + b, into: &effects)
            pressedButton = (b, content.buttons[b].role)
            pressedButtonHeld = true
        }
    }

    /// The pointer moves with the button down: what went down shows held only while the
    /// pointer is still on it.
    func drag(to point: Point) {
        if let i = selectingIn, i < fields.count { placeCaret(in: i, at: point, selecting: true) }
        if let i = pressedKey, case .paySheet(let layout) = geometry {
            pressedKeyHeld = layout.keyRects[i].contains(point)
        }
        if pressedButton != nil {
            pressedButtonHeld = pressedButtonNow.map { geometry.buttons[$0].contains(point) } ?? false
        }
    }

    /// The button that went down under the pointer, while it is still there as it was.
    var pressedButtonNow: Int? {
        guard let (b, role) = pressedButton, b < content.buttons.count, b < geometry.buttons.count,
              content.buttons[b].role == role else { return nil }
        return b
    }

    /// The button goes up: the input it makes, if it was let go on what it went down on (a
    /// number pad's key types, a button is pressed); dragged away, nothing.
    func release(at point: Point) -> InputEvent? {
        defer {
            (pressedKey, pressedKeyHeld) = (nil, false)
            (pressedButton, pressedButtonHeld) = (nil, false)
            selectingIn = nil
        }
        if pressedButton != nil {
            return pressedButtonNow.flatMap { geometry.buttons[$0].contains(point) ? .pressButton($0) : nil }
        }
        guard let i = pressedKey, case .paySheet(let layout) = geometry else { return nil }
        return layout.keyRects[i].contains(point) ? PaySheetLayout.keys[i].input : nil
    }
}
