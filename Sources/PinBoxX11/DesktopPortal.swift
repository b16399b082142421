// SPDX-License-Identifier: MIT
import CPortal
import CSystem
import PinBoxCore

/// The desktop's settings portal, asked for its light or dark preference where the desktop
/// keeps it there (`ColorScheme.keptInPortal`): libdbus is loaded, and the bus called, only then.
/// The connection the answer came on is kept while the dialog is open, and the portal's
/// changes of the preference are heard on it (`SettingsWatch`), as a libadwaita program
/// follows them.
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
        return ColorScheme.keptInPortal(currentDesktop: environment("XDG_CURRENT_DESKTOP"))
            && (environment("GTK_THEME") ?? "").isEmpty
    }

    /// The descriptor to poll for the portal's changes; nil when none are heard (the portal
    /// was not asked, or did not answer).
    static var descriptor: Int32? {
        let fd = pinbox_portal_descriptor()
        return fd >= 0 ? fd : nil
    }

    /// The preference the portal last announced since asked, without waiting: nil for no news,
    /// `.some(nil)` for "no preference".
    static func news() -> ColorScheme?? {
        let said = pinbox_portal_news()
        return said < 0 ? nil : .some(ColorScheme(portal: said))
    }

    /// Stops hearing the portal: the dialog ended.
    static func stopListening() { pinbox_portal_stop_listening() }
}
