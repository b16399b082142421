// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

extension XDisplay {
    /// The colour scheme a prompt is drawn in: `explicit` when the user named one, else the
    /// desktop's. (Placeholder: the desktop's choice is not read yet.)
    public func colorScheme(explicit: ColorScheme?) -> ColorScheme {
        explicit ?? .light
    }
}
