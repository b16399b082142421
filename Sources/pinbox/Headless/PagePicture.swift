// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// A page drawn into a PNG file at its natural size, as the window would show it at `now`:
/// what `render --dialog`, `--pay` and `--demo` write.
enum PagePicture {
    /// Brings `page` to the state a picture shows: laid out at its natural size, the window
    /// focused if asked, `text` typed, its last character at time 0. A character the entry refuses is a usage error.
    static func stage(_ page: Page, focused: Bool, typing text: String) throws(UsageError) {
        _ = page.handle(.resize(page.preferredSize), now: 0)
        if focused { _ = page.handle(.windowFocus(true), now: 0) }
        // Typed long before, but the last character at 0: `--at` shows only its dot moving, as
        // the window would a moment after the last key.
        let scalars = Array(text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            for effect in page.handle(.character(scalar), now: i == scalars.count - 1 ? 0 : -60) {
                if case .report(.rejected(_, let reason)) = effect {
                    throw UsageError("--text: the entry refused a character (\(reason.rawValue))")
                }
            }
        }
    }

    static func write(_ page: Page, at now: Double, to path: String) throws(UsageError) {
        let size = page.preferredSize
        let scene = page.scene(at: now)
        do throws(RenderError) {
            let canvas = try Canvas(width: Int(size.width), height: Int(size.height))
            PagePainter.draw(scene, on: canvas)
            try canvas.writePNG(to: path)
        } catch {
            throw UsageError(error.message)
        }
    }
}
