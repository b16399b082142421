// SPDX-License-Identifier: MIT
// The pointer: a click focuses an entry or presses a button; the pay sheet's number pad types
// as a phone's does, when a key is let go on.

extension Page {
    func click(at point: Point, now: Double, into effects: inout [PageEffect]) {
        // A key of an on-screen number pad goes down here and types when let go on it.
        if case .paySheet(let layout) = geometry, let i = layout.keyIndex(at: point) {
            pressedKey = i
            pressedKeyHeld = true
            return
        }
        if let i = geometry.fields.firstIndex(where: { $0.contains(point) }) {
            setFocus(i, into: &effects)
        } else if let b = geometry.buttons.firstIndex(where: { $0.contains(point) }) {
            setFocus(fields.count + b, into: &effects)
            press(content.buttons[b].role, now: now, into: &effects)
        }
    }

    /// The pointer moves with the button down: the number pad's key shows held only while the
    /// pointer is still on it.
    func drag(to point: Point) {
        if let i = pressedKey, case .paySheet(let layout) = geometry {
            pressedKeyHeld = layout.keyRects[i].contains(point)
        }
    }

    /// The button goes up: the input the number pad's key types, if it was let go on that key
    /// (dragged away, nothing is typed).
    func release(at point: Point) -> InputEvent? {
        guard let i = pressedKey, case .paySheet(let layout) = geometry else { return nil }
        pressedKey = nil
        pressedKeyHeld = false
        return layout.keyRects[i].contains(point) ? PaySheetLayout.keys[i].input : nil
    }
}
