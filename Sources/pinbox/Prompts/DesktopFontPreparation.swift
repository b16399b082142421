// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender
import PinBoxX11

extension DialogSpec {
    /// Starts laying the dialog's text out in the desktop's face, on threads, where the desktop
    /// names one: text in a face goes to Pango, whose start is the dearest part of the first
    /// frame. Called once the settings can be read (with the resources, which ask who owns them),
    /// so that Pango starts while the role asks the display where the window goes.
    func prepareText(inTheFontOf display: XDisplay) {
        guard let font = display.desktopFont(), font.face != nil else { return }
        var spec = self
        spec.font = font
        TextLayout.prepare { measure in _ = try? spec.makePage(measure: measure) }
    }
}
