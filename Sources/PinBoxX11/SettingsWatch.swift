// SPDX-License-Identifier: MIT
import CSystem
import CX11
import PinBoxCore

/// Follows the desktop's XSETTINGS while a prompt is open, as a GTK program does: its light or
/// dark, its contrast and its motion (`XDisplay.desktopChoices`, on the axes the user left to
/// the desktop). The owner of the settings selection is watched for changes of its property,
/// and the root window for the MANAGER message a new owner sends (a settings daemon started,
/// or restarted). An owner that goes away with no other to follow leaves the prompt as it is:
/// no settings is not the desktop asking for the defaults, and a daemon's restart does not
/// flash the prompt. Where the settings portal was asked for the desktop's light or dark
/// preference (GNOME's), its changes are heard too, on the connection the answer came on
/// (`DesktopPortal`): a change makes the watch read again, as an XSETTINGS one does.
///
/// Any client can own the selection and rewrite its property as often as it likes: each
/// burst of such events costs one read (two round trips), and only a change in what the
/// prompt looks like reaches the page. A PropertyNotify another client sent, rather than
/// the server, is passed over; a MANAGER message is always a client's, and only makes the
/// watch read again. An owner named as the root or as the prompt's own window is read, never
/// watched (`XDisplay.readSettings`).
///
/// Where the user named no scale (`Preferences.scale`), the screen's resolution is followed
/// too: the desktop's `Xft/DPI`, and the `Xft.dpi` resource, which desktops rewrite beside it
/// (the root's RESOURCE_MANAGER is watched and read again, as Xlib keeps the text it had at
/// connection). A change of the scale they make is the page's `.desktopScale`, bounded by
/// `--scale`'s range and, in the page, by the work area: a client that writes a huge
/// resolution gets a window no larger than the screen, as at start. The resources read again
/// say how text is rendered too (`Xft.antialias`, …), where no settings daemon says it.
struct SettingsWatch {
    /// The axes the user named: the desktop decides only the others.
    let named: Preferences
    /// The prompt's window, which is never watched as an owner (`XDisplay.readSettings`).
    let window: Window
    /// The window whose property is watched; 0 while there is none (nobody owns the
    /// selection, or the owner named is the root or the prompt's window).
    private var owner: Window = 0
    /// An event said the settings may have changed since they were last read.
    private var stale = false
    /// What the page was last told: a read that makes the same look tells it nothing.
    private var told: InputEvent?
    /// The settings last read: what the portal's change is read with while no client owns
    /// the selection (then the other axes hold still).
    private var last: XSettings?
    /// The portal's preference changed since the last read.
    private var portalChanged = false
    /// The work area the window must stay in: a larger scale is taken only as far as it fits.
    let area: Size
    /// The scale the page was last told (nil: none yet; the page keeps the one it was made at).
    private var toldScale: Double?
    /// The resources may have changed since last read.
    private var resourcesStale = true

    init(named: Preferences, window: Window, area: Size) {
        self.named = named
        self.window = window
        self.area = area
    }

    /// Starts watching: the root for a new owner (and for its resources, when the scale is
    /// followed), then the owner and what it says now.
    mutating func start(display: XDisplay) -> [InputEvent] {
        XSelectInput(display.handle, display.root, StructureNotifyMask | (named.scale == nil ? PropertyChangeMask : 0))
        portalChanged = display.desktopReads.hearPortal()  // what it said since the page was made
        return read(display)
    }

    /// The descriptor to poll for the portal's changes; nil when it is not heard.
    var portalDescriptor: Int32? { DesktopPortal.descriptor }

    /// The portal's descriptor is readable: its news is taken, and a changed preference read
    /// after the burst.
    mutating func hearPortal(display: XDisplay) {
        if display.desktopReads.hearPortal() { (stale, portalChanged) = (true, true) }
    }

    /// Whether `event` is news of the settings (then it is noted, to read after the burst).
    mutating func notice(_ event: XEvent, display: XDisplay) -> Bool {
        switch event.type {
        case PropertyNotify where event.xproperty.window == display.root:
            let atom = event.xproperty.atom
            let resources = atom == Atom(XA_RESOURCE_MANAGER) || atom == display.atoms.screenResources
            if event.xproperty.send_event == 0 && resources { (stale, resourcesStale) = (true, true) }
            return true
        case PropertyNotify:
            guard event.xproperty.window == owner, owner != 0 else { return false }
            if event.xproperty.send_event == 0 && event.xproperty.atom == display.atoms.xsettingsSettings { stale = true }
            return true
        case ClientMessage:
            guard event.xclient.window == display.root, event.xclient.message_type == display.atoms.manager else {
                return false
            }
            if Atom(event.xclient.data.l.1) == display.atoms.xsettingsSelection { stale = true }
            return true
        default:
            return false
        }
    }

    /// After a burst of events: what the page looks like now, when one said the settings
    /// changed, there are settings to read (or the portal's preference changed), and they make
    /// another look than the last told; and the scale, when it is followed and changed. None
    /// otherwise.
    mutating func update(display: XDisplay) -> [InputEvent] {
        guard stale else { return [] }
        stale = false
        return read(display)
    }

    private mutating func read(_ display: XDisplay) -> [InputEvent] {
        let (watched, settings) = display.readSettings(watching: true, ownWindow: window)
        owner = watched
        defer { portalChanged = false }
        if let settings { last = settings }
        let renderingResourcesChanged = rereadResources(display)
        var news: [InputEvent] = []
        if settings != nil || portalChanged || renderingResourcesChanged {
            let (appearance, motion, font, rendering) = display.desktopChoices(named, settings: last)
            let style = InputEvent.desktopStyle(appearance.palette, motion, font, rendering, area: area)
            if style != told {
                told = style
                news.append(style)
            }
        }
        if named.scale == nil {
            let scale = screenScale(display)
            if scale != toldScale {
                toldScale = scale
                news.append(.desktopScale(scale, area: area))
            }
        }
        return news
    }

    /// The resources' `Xft.dpi`, read again when they changed.
    private var dpiResource: String?

    /// Reads the resources again where they are followed (the root's are watched with the
    /// scale) and changed since: their `Xft.dpi` for the scale, and their `Xft.*` for how text
    /// is rendered (`XDisplay.textRenderingResources`), which a bare window manager's user
    /// changes with `xrdb` while no settings daemon runs. Whether the latter changed.
    private mutating func rereadResources(_ display: XDisplay) -> Bool {
        guard named.scale == nil, resourcesStale else { return false }
        resourcesStale = false
        let before = display.textRenderingResources
        dpiResource = XResources(current: display).dpiResource
        return display.textRenderingResources != before
    }

    /// The scale the screen's resolution asks for now, as it was read when the page was made
    /// (`ScreenResolution`): the resources' `Xft.dpi`, else the settings' `Xft/DPI` (the last
    /// an owner published: none now is not the desktop asking for the default), else
    /// `GDK_SCALE`; 1 where none says.
    private mutating func screenScale(_ display: XDisplay) -> Double {
        let dpi = ScreenResolution.dpi(resource: dpiResource, desktop: { display.gtkSettings(last) },
                                       environmentScale: environment("GDK_SCALE"))
        return dpi.map(ScreenResolution.scale) ?? 1
    }
}
