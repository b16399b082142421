// SPDX-License-Identifier: MIT
import CX11
import CSystem
import PinBoxCore

extension XDisplay {
    /// How a prompt looks and moves: its appearance, on each axis what the user named, else
    /// the desktop's, as `Appearance.preferred` rules from `GTK_THEME` and the desktop's
    /// XSETTINGS; and its motion, animated unless the user or the desktop says not, its caret
    /// blinking as the desktop's does (`Motion.preferred`). The settings are read once, here.
    public func desktopChoices(_ named: Preferences) -> (appearance: Appearance, motion: Motion) {
        let settings = desktopSettings()
        let appearance = Appearance.preferred(scheme: named.scheme, contrast: named.contrast,
                                              environmentTheme: getenv("GTK_THEME").map { String(cString: $0) },
                                              desktopSettings: { settings })
        return (appearance, Motion.preferred(animations: named.animations, desktop: settings))
    }

    /// The most of the settings property read: 64 kB. The specification keeps large data out of
    /// it, and a desktop's daemon publishes a few dozen settings, a few kB. A larger property is
    /// read in its first 64 kB, whose whole records count; the rest is not asked for
    /// (`XSettings.isComplete` is then false), so a theme named past it is not seen.
    static let settingsReadLimit = 64 * 1024

    /// The desktop's XSETTINGS (the property of the window that owns `_XSETTINGS_S<screen>`);
    /// nil when no client owns the selection, the owner has no such property (or one of another
    /// type or format), or it went away between the two requests. Two round trips to the server,
    /// none to the owner: a hung or hostile owner cannot hold the prompt up.
    func desktopSettings() -> XSettings? {
        let owner = XGetSelectionOwner(handle, atoms.xsettingsSelection)
        guard owner != 0 else { return nil }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = expectingItsError {
            XGetWindowProperty(handle, owner, atoms.xsettingsSettings, 0, Self.settingsReadLimit / 4, 0,
                               atoms.xsettingsSettings, &type, &format, &count, &after, &data)
        }
        // Xlib may hand back a byte for a property of another type; it is Xlib's to free too.
        defer { if let data { XFree(data) } }
        guard status == Success, let data, type == atoms.xsettingsSettings, format == 8 else { return nil }
        return XSettings(bytes: Array(UnsafeBufferPointer(start: data, count: min(Int(count), Self.settingsReadLimit))))
    }

    /// Runs `request`, one request that waits for its reply, while an error for that request is
    /// expected rather than news: the settings' owner may destroy its window between
    /// XGetSelectionOwner's answer and XGetWindowProperty (a daemon restarting, or one that
    /// wants to see us fail), and that BadWindow must neither print the "X error … carrying on"
    /// line nor end anything. An error Xlib hands over while waiting, for another request,
    /// still goes to the handler that was there. No XSync: Xlib delivers the error of a request
    /// it waits on before the call returns, so the trap is the request's own round trip (as
    /// GDK's error traps do), where `succeeds` would add two.
    private func expectingItsError<Result>(_ request: () -> Result) -> Result {
        awaitedSerial = XNextRequest(handle)
        handlerBeforeTrap = XSetErrorHandler(trapAwaitedError)
        defer { XSetErrorHandler(handlerBeforeTrap) }
        return request()
    }
}

/// The serial of the one request whose error `expectingItsError` swallows, and the handler
/// every other error is passed on to. One thread talks to X; Xlib's handler is process-wide.
nonisolated(unsafe) private var awaitedSerial: UInt = 0
nonisolated(unsafe) private var handlerBeforeTrap: XErrorHandler?

private func trapAwaitedError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    if let event, event.pointee.serial == awaitedSerial { return 0 }
    return handlerBeforeTrap?(display, event) ?? 0
}
