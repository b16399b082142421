// SPDX-License-Identifier: MIT
import CX11
import CSystem
import PinBoxCore

extension XDisplay {
    /// How a prompt looks and moves: its appearance, on each axis what the user named, else
    /// the desktop's, as `Appearance.preferred` rules from `GTK_THEME` and the desktop's
    /// XSETTINGS; its motion, animated unless the user or the desktop says not, its caret
    /// blinking as the desktop's does (`Motion.preferred`); its font; and how its letters are
    /// rendered, from the settings or the Xft resources last read (`TextRendering.preferred`).
    /// The settings are read here, before the page is made; an open prompt follows them after
    /// (`SettingsWatch`). A theme's style sheet and the settings portal are read afresh for
    /// each dialog (`DesktopReads`).
    public func desktopChoices(_ named: Preferences) -> DesktopChoices {
        desktopReads = DesktopReads()
        defer { openingSettings = nil }
        return desktopChoices(named, settings: desktopSettings())
    }

    /// The desktop's font (`DesktopFont.preferred`), from the settings `desktopChoices` reads next
    /// (read now, or as the scale was read): what a role asks early, to start laying its text out
    /// in that face while it goes on with the display.
    public func desktopFont() -> DesktopFont? {
        DesktopFont.preferred(desktop: gtkSettings(desktopSettings()))
    }

    /// The same, from `settings` already read (`SettingsWatch`).
    func desktopChoices(_ named: Preferences, settings published: XSettings?) -> DesktopChoices {
        let settings = gtkSettings(published)
        let appearance = Appearance.preferred(scheme: named.scheme, contrast: named.contrast,
                                              environmentTheme: environment("GTK_THEME"),
                                              desktopSettings: { settings },
                                              prefersDark: GTKSettingsFiles.current.prefersDark,
                                              themeBackground: { self.desktopReads.background(of: $0) },
                                              portalScheme: { self.desktopReads.portalScheme() })
        return (appearance, Motion.preferred(animations: named.animations, desktop: settings),
                DesktopFont.preferred(desktop: settings),
                TextRendering.preferred(desktop: settings, resources: textRenderingResources))
    }

    public typealias DesktopChoices = (appearance: Appearance, motion: Motion, font: DesktopFont?, rendering: TextRendering)

    /// The most of the settings property read: 64 kB. The specification keeps large data out of
    /// it, and a desktop's daemon publishes a few dozen settings, a few kB. A larger property is
    /// read in its first 64 kB, whose whole records count; the rest is not asked for
    /// (`XSettings.isComplete` is then false), so a theme named past it is not seen.
    static let settingsReadLimit = 64 * 1024

    /// The desktop's XSETTINGS (the property of the window that owns `_XSETTINGS_S<screen>`);
    /// nil when no client owns the selection, the owner has no such property (or one of another
    /// type or format), or it went away between the two requests. Two round trips to the server
    /// (one when the owner was asked with the resources, `askSettingsOwner`), none to the owner:
    /// a hung or hostile owner cannot hold the prompt up. Read once as a dialog opens, for its
    /// scale and then its look (`desktopChoices`, which is the last to ask before the page is
    /// made); read afresh as the window shows (`SettingsWatch`).
    func desktopSettings() -> XSettings? {
        if let openingSettings { return openingSettings }
        let settings = readSettings(watching: false).settings
        openingSettings = .some(settings)
        return settings
    }

    /// The settings, and the window whose property changes are now reported (0 for none).
    /// `watching`: the owner's property changes are asked for, before it is read, so that no
    /// change after this read goes unseen (`SettingsWatch`); one request more, no round trip.
    /// Never on the root or on `ownWindow`, which any client can name as the owner: asking for
    /// an event on a window replaces what this client asked of it before, and the prompt would
    /// go deaf to its keys and clicks, or to the next settings daemon. Such an owner is read,
    /// not watched.
    func readSettings(watching: Bool, ownWindow: Window = 0) -> (watched: Window, settings: XSettings?) {
        let owner = settingsOwner(fresh: watching)
        guard owner != 0 else { return (0, nil) }
        let watched: Window = watching && owner != root && owner != ownWindow ? owner : 0
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = expectingTheirErrors {
            if watched != 0 { XSelectInput(handle, watched, PropertyChangeMask) }
            return XGetWindowProperty(handle, owner, atoms.xsettingsSettings, 0, Self.settingsReadLimit / 4, 0,
                                      atoms.xsettingsSettings, &type, &format, &count, &after, &data)
        }
        // Xlib may hand back a byte for a property of another type; it is Xlib's to free too.
        defer { if let data { XFree(data) } }
        guard status == Success, let data, type == atoms.xsettingsSettings, format == 8 else { return (watched, nil) }
        return (watched, XSettings(bytes: Array(UnsafeBufferPointer(start: data, count: min(Int(count), Self.settingsReadLimit)))))
    }

    /// Asks who owns the settings now, to be read by the next `desktopSettings`: asked with the
    /// resources as a dialog opens (`XResources`), the question costs no round trip of its own.
    func askSettingsOwner() {
        guard openingSettings == nil, settingsOwnerAsked == nil else { return }
        settingsOwnerAsked = xcb_get_selection_owner(xcb, xcb_atom_t(truncatingIfNeeded: atoms.xsettingsSelection))
    }

    /// The settings' owner: the answer asked ahead when there is one, unless `fresh` (the watch
    /// asks after it has selected the root's events, so that no new owner goes unseen).
    private func settingsOwner(fresh: Bool) -> Window {
        if let asked = settingsOwnerAsked {
            settingsOwnerAsked = nil
            if !fresh {
                var error: UnsafeMutablePointer<xcb_generic_error_t>?
                let reply = xcb_get_selection_owner_reply(xcb, asked, &error)
                defer { free(error); free(reply) }
                return Window(reply?.pointee.owner ?? 0)
            }
            xcb_discard_reply(xcb, asked.sequence)
        }
        return XGetSelectionOwner(handle, atoms.xsettingsSelection)
    }

    /// Runs `requests`, the last of which waits for its reply, while an error for any of them is
    /// expected rather than news: the settings' owner may destroy its window between
    /// XGetSelectionOwner's answer and the requests on that window (a daemon restarting, or one
    /// that wants to see us fail), and that BadWindow must neither print the "X error … carrying
    /// on" line nor end anything. An error Xlib hands over while waiting, for a request made
    /// before, still goes to the handler that was there. No XSync: the server answers in order,
    /// so Xlib delivers the errors of these requests before the last one's reply, and the trap
    /// is that request's own round trip (as GDK's error traps do), where `succeeds` would add two.
    private func expectingTheirErrors<Result>(_ requests: () -> Result) -> Result {
        firstAwaitedSerial = XNextRequest(handle)
        handlerBeforeTrap = XSetErrorHandler(trapAwaitedErrors)
        defer { XSetErrorHandler(handlerBeforeTrap) }
        return requests()
    }
}

/// The serial of the first request whose error `expectingTheirErrors` swallows, and the
/// handler every other error is passed on to. One thread talks to X; Xlib's handler is
/// process-wide.
nonisolated(unsafe) private var firstAwaitedSerial: UInt = 0
nonisolated(unsafe) private var handlerBeforeTrap: XErrorHandler?

private func trapAwaitedErrors(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    if let event, event.pointee.serial >= firstAwaitedSerial { return 0 }
    return handlerBeforeTrap?(display, event) ?? 0
}

/// The reads of the desktop's look that are not X's: a theme's style sheet (a file of up to
/// 256 kB) and the settings portal's answer (a D-Bus round trip). Done once as a dialog opens,
/// they are kept for the settings watch while it is open: a settings owner rewriting its
/// property in a loop costs two round trips a burst, not a file read and a D-Bus call, and the
/// watch's first read, just after the map, repeats neither. A new theme name is read once.
struct DesktopReads {
    /// The last theme read, and the ground its sheet gives (nil: none said).
    private var sheet: (theme: String, background: Color?)?
    /// The portal's answer, once asked (nil inside: none to be had).
    private var portal: ColorScheme??

    mutating func background(of theme: String) -> Color? {
        if let sheet, sheet.theme == theme { return sheet.background }
        let background = ThemeStyleSheet.background(of: theme)
        sheet = (theme, background)
        return background
    }

    mutating func portalScheme() -> ColorScheme? {
        if let portal { return portal }
        let answer = DesktopPortal.colorScheme()
        portal = .some(answer)
        return answer
    }

    /// Takes the portal's news of its preference while the dialog is open: whether it changed
    /// what was kept.
    mutating func hearPortal() -> Bool {
        guard let said = DesktopPortal.news(), let portal, said != portal else { return false }
        self.portal = .some(said)
        return true
    }
}
