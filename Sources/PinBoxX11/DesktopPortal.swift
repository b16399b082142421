// SPDX-License-Identifier: MIT
import CPortal
import CSystem
import PinBoxCore

/// The desktop's settings portal, asked for its light or dark preference where the desktop
/// keeps it there (`ColorScheme.keptInPortal`): libdbus is loaded, and the bus called, only then.
public enum DesktopPortal {
    /// Asks now, on a thread, where the answer may be wanted: on such a desktop, with no
    /// `GTK_THEME` and no scheme the user `named`. A prompt calls this as it starts to connect
    /// to X, so that the answer comes while it does.
    public static func prepare(_ named: Preferences) {
        guard named.scheme == nil, isAsked else { return }
        pinbox_portal_prepare()
    }

    /// The portal's light or dark preference; nil for none, or none to be had.
    static func colorScheme() -> ColorScheme? {
        isAsked ? ColorScheme(portal: pinbox_portal_color_scheme()) : nil
    }

    private static var isAsked: Bool {
        func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        return ColorScheme.keptInPortal(currentDesktop: environment("XDG_CURRENT_DESKTOP"))
            && (environment("GTK_THEME") ?? "").isEmpty
    }
}
