// SPDX-License-Identifier: MIT
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

    init(named: Preferences, window: Window) {
        self.named = named
        self.window = window
    }

    /// Starts watching: the root for a new owner, then the owner and what it says now.
    mutating func start(display: XDisplay) -> InputEvent? {
        XSelectInput(display.handle, display.root, StructureNotifyMask)
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
    /// another look than the last told; nil otherwise.
    mutating func update(display: XDisplay) -> InputEvent? {
        guard stale else { return nil }
        stale = false
        return read(display)
    }

    private mutating func read(_ display: XDisplay) -> InputEvent? {
        let (watched, settings) = display.readSettings(watching: true, ownWindow: window)
        owner = watched
        defer { portalChanged = false }
        if let settings {
            last = settings
        } else if !portalChanged {
            return nil
        }
        let (appearance, motion) = display.desktopChoices(named, settings: last)
        let style = InputEvent.desktopStyle(appearance.palette, motion)
        guard style != told else { return nil }
        told = style
        return style
    }
}
