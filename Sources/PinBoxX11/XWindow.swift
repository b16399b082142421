// SPDX-License-Identifier: MIT
import CX11
import CSystem
import PinBoxCore
import PinBoxRender

/// Where and how big the window opens: an X geometry string (`-geometry 400x300+10+20`).
public struct WindowGeometry: Equatable, Sendable {
    public var width: Int?
    public var height: Int?
    public var x: Int?
    public var y: Int?
    /// `-X` and `-Y` count from the screen's right and bottom edges, as in every X program
    /// (`400x200-0-0`: the bottom-right corner).
    public var fromRight = false
    public var fromBottom = false

    public init() {}

    /// Parses `WxH`, `WxH±X±Y` or `±X±Y` with Xlib's own parser; nil for anything else.
    public init?(parsing text: String) {
        var x: Int32 = 0, y: Int32 = 0
        var w: UInt32 = 0, h: UInt32 = 0
        let mask = XParseGeometry(text, &x, &y, &w, &h)
        guard mask != 0 else { return nil }
        if mask & WidthValue != 0 { width = Int(w) }
        if mask & HeightValue != 0 { height = Int(h) }
        if mask & XValue != 0 { self.x = Int(x) }
        if mask & YValue != 0 { self.y = Int(y) }
        fromRight = mask & XNegative != 0
        fromBottom = mask & YNegative != 0
        if let width, width < 1 || width > 16384 { return nil }
        if let height, height < 1 || height > 16384 { return nil }
    }
}

/// What the window is to the window manager (`_NET_WM_WINDOW_TYPE`).
public enum WindowType: Sendable {
    /// A program's main window: the demo.
    case normal
    /// A prompt another program asked for: kept above, centred, no taskbar fuss.
    case dialog
}

/// The top-level window, with the properties a well-behaved X client sets: WM_CLASS, a UTF-8
/// _NET_WM_NAME, _NET_WM_PID with WM_CLIENT_MACHINE, WM_HINTS (it takes input), the window type,
/// WM_DELETE_WINDOW and size hints. It has no background, so the server never clears it
/// before we copy our back buffer in: no flicker. (While it maps, its background is the first
/// frame itself: `BackBuffer.presentAsBackground`.)
public final class XWindow {
    let display: XDisplay
    let id: Window
    let gc: GC
    let visual: VisualChoice
    /// The size it was created with, before any window manager had its say.
    let createdSize: Size
    /// The work area it must fit when it grows (`resize(by:)`); empty when not known.
    public var maximum = Size.zero
    /// The area it opened in and stays in when it grows: the work area, else the screen.
    let area: Rect

    /// `instance` is the program's X resource instance name (WM_CLASS's first half), so that a
    /// window manager's rules can tell the roles apart as resources do.
    /// `area`: the work area it was sized for (`XDisplay.workArea(for:)`), which it opens in,
    /// at its corner when `geometry` names no place, and never leaves; nil: the screen.
    public init(display: XDisplay, title: String, instance: String, size: Size, minimum: Size,
                geometry: WindowGeometry, area: Rect? = nil, type: WindowType = .normal,
                transientFor parent: UInt? = nil) throws(X11Error) {
        self.display = display
        visual = try display.usableVisual()
        let d = display.handle
        // Where it was asked for, moved into its area and cut to it.
        let screen = display.screenBounds
        let within = area ?? screen
        self.area = within
        var asked = Rect(x: 0, y: 0, width: Double(max(1, geometry.width ?? Int(size.width))),
                         height: Double(max(1, geometry.height ?? Int(size.height))))
        asked.x = geometry.x.map { Double($0) + (geometry.fromRight ? screen.width - asked.width : 0) } ?? within.x
        asked.y = geometry.y.map { Double($0) + (geometry.fromBottom ? screen.height - asked.height : 0) } ?? within.y
        let placed = WindowFit.within(asked, area: within)
        let width = UInt32(placed.width), height = UInt32(placed.height)
        createdSize = placed.size
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = 0  // None: no server-side clearing
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Self.events
        var mask = UInt(CWBackPixmap | CWBitGravity | CWEventMask)
        if let colormap = visual.colormap {
            // A visual other than the parent's: its own colormap, and a border pixel, or BadMatch.
            attributes.colormap = colormap
            attributes.border_pixel = 0
            mask |= UInt(CWColormap | CWBorderPixel)
        }
        id = XCreateWindow(d, display.root, Int32(placed.x), Int32(placed.y), width, height, 0,
                           visual.depth, UInt32(InputOutput), visual.visual, mask, &attributes)
        gc = XCreateGC(d, id, 0, nil)
        XSetGraphicsExposures(d, gc, 0)
        setProperties(title: title, instance: instance, width: width, height: height, minimum: minimum,
                      geometry: geometry, type: type)
        // A pinentry started for a window (`--parent-wid`): the window manager keeps it above
        // that window and places it there.
        if let parent { XSetTransientForHint(d, id, Window(parent)) }
    }

    deinit {
        XFreeGC(display.handle, gc)
        XDestroyWindow(display.handle, id)
    }

    /// The events the window asks for. Release and drag with the left button: a number pad's
    /// key types when let go on it; with the right one: an entry's menu, opened by its press,
    /// follows the pointer to the item its release chooses (the press's implicit grab reports
    /// only the moves asked for when it began).
    static let events = KeyPressMask | KeyReleaseMask | ButtonPressMask | ButtonReleaseMask | Button1MotionMask
        | Button3MotionMask
        | ExposureMask | StructureNotifyMask | FocusChangeMask | EnterWindowMask | LeaveWindowMask | PropertyChangeMask

    /// Asks for the pointer's every move too, or stops asking: only while the page has a tooltip
    /// to show, so that no other page is woken by a pointer crossing it.
    func followPointer(_ on: Bool) {
        XSelectInput(display.handle, id, Self.events | (on ? PointerMotionMask : 0))
    }

    /// The window's X id, as X tools print it (`0x…`).
    public var idString: String { "0x" + String(id, radix: 16) }

    public func map() {
        XMapRaised(display.handle, id)
    }

    /// `_NET_WM_ICON`: one square picture of `size` pixels, rows of ARGB (not premultiplied),
    /// which taskbars and window switchers show.
    func setIcon(size: Int, argb: [UInt32]) {
        guard size > 0, argb.count == size * size else { return }
        // Format 32 goes as C longs: the two sizes, then the pixels.
        var values = [UInt(size), UInt(size)] + argb.map { UInt($0) }
        values.withUnsafeMutableBytes {
            _ = XChangeProperty(display.handle, id, XInternAtom(display.handle, "_NET_WM_ICON", 0), Atom(XA_CARDINAL),
                                32, PropModeReplace, $0.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                Int32(2 + argb.count))
        }
    }

    /// Grows or shrinks the window from its size `current` by `delta`, and lowers or raises the
    /// least size the window manager allows to `minimum`: the page's content changed size (a
    /// line shown or hidden). The ConfigureNotify that follows brings the new size to the loop.
    func resize(by delta: Size, from current: Size, minimum: Size) {
        let d = display.handle
        if let hints = XAllocSizeHints() {
            var supplied = 0
            _ = XGetWMNormalHints(d, id, hints, &supplied)
            hints.pointee.flags |= PMinSize
            let least = WindowFit.clamp(minimum, to: maximum)
            hints.pointee.min_width = Int32(least.width)
            hints.pointee.min_height = Int32(least.height)
            XSetWMNormalHints(d, id, hints)
            XFree(hints)
        }
        // Never below what the page needs: a window manager that restored a size it saved
        // before the page grew (fluxbox, after a maximise) leaves the deltas short.
        let size = WindowFit.clamp(Size(width: max(minimum.width, current.width + delta.width),
                                        height: max(minimum.height, current.height + delta.height)), to: maximum)
        // Grown past its area's edge (a prompt at the foot of the screen, a scale doubled): moved
        // back in, as a prompt is never left where part of it cannot be seen.
        var x: Int32 = 0, y: Int32 = 0, child: Window = 0
        if delta.width > 0 || delta.height > 0, XTranslateCoordinates(d, id, display.root, 0, 0, &x, &y, &child) != 0 {
            let grown = Rect(x: Double(x), y: Double(y), width: size.width, height: size.height)
            let inside = WindowFit.within(grown, area: area)
            if inside.x != grown.x || inside.y != grown.y {
                XMoveResizeWindow(d, id, Int32(inside.x), Int32(inside.y), UInt32(size.width), UInt32(size.height))
                return
            }
        }
        resize(to: size)
    }

    /// `size` cut to the screen's: the most of the window anybody can see, and the most its back
    /// buffer holds. Any client can resize any window, up to 32767 × 32767 pixels (4 GB of
    /// pixels to draw), and without a window manager nothing stands in its way. The server is
    /// asked for the screen's size (RandR may have grown it since the connection) only when
    /// `size` is larger than the size Xlib knows.
    func withinScreen(_ size: Size) -> Size {
        var screen = display.screenBounds.size
        if size.width > screen.width || size.height > screen.height {
            var root: Window = 0, x: Int32 = 0, y: Int32 = 0
            var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            if XGetGeometry(display.handle, display.root, &root, &x, &y, &width, &height, &border, &depth) != 0 {
                screen = Size(width: Double(width), height: Double(height))
            }
        }
        return WindowFit.clamp(size, to: screen)
    }

    /// Sets the window's size; the ConfigureNotify that follows brings it to the loop.
    func resize(to size: Size) {
        XResizeWindow(display.handle, id, UInt32(size.width), UInt32(size.height))
    }

    /// Takes the window off the screen at once and drops every event already queued, keys
    /// included: a dialog that has been answered takes no more input (a pinentry's next dialog
    /// must not receive keys typed into this one). Waits for the server to have done it.
    public func withdraw() {
        XUnmapWindow(display.handle, id)
        XSync(display.handle, 1)  // discard: True
    }

    /// The desktop's error bell, rung for this window, unless the user turned GTK's off
    /// (`gtk-error-bell` in settings.ini). XKB's bell names the window, so that a window manager
    /// can flash it for a user who cannot hear it (GNOME's and Xfce's visual alerts) or play the
    /// desktop's alert sound; a server without XKB for this client rings its own.
    func ringErrorBell() {
        guard GTKSettingsFiles.current.errorBell != false else { return }
        if XkbBell(display.handle, id, 0, 0) == 0 { XBell(display.handle, 0) }
    }

    /// Back to no background (see `BackBuffer.presentAsBackground`): exposures are left for us
    /// to paint from the back buffer, never cleared or painted by the server.
    func dropBackground() {
        XSetWindowBackgroundPixmap(display.handle, id, 0)
    }

    private func setProperties(title: String, instance: String, width: UInt32, height: UInt32, minimum: Size,
                               geometry: WindowGeometry, type: WindowType) {
        let d = display.handle, atoms = display.atoms
        let title = TextLayout.windowTitle(title)
        // _NET_WM_NAME in UTF-8 for today's window managers; WM_NAME for old ones, in Latin-1
        // (ICCCM's STRING) when the title has only Latin-1 characters, else as UTF8_STRING, as
        // Xlib's Xutf8SetWMProperties does: never UTF-8 bytes labelled Latin-1.
        let utf8 = Array(title.utf8)
        for property in [atoms.netWMName, atoms.netWMIconName] {
            XChangeProperty(d, id, property, atoms.utf8String, 8, PropModeReplace, utf8, Int32(utf8.count))
        }
        let latin1 = title.unicodeScalars.allSatisfy { $0.value <= 0xff }
        let (nameType, name) = latin1 ? (Atom(XA_STRING), title.unicodeScalars.map { UInt8($0.value) })
            : (atoms.utf8String, utf8)
        for property in [Atom(XA_WM_NAME), Atom(XA_WM_ICON_NAME)] {
            XChangeProperty(d, id, property, nameType, 8, PropModeReplace, name, Int32(name.count))
        }
        var pid = Int(getpid())
        withUnsafeBytes(of: &pid) {
            _ = XChangeProperty(d, id, atoms.netWMPID, Atom(XA_CARDINAL), 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        // EWMH: a _NET_WM_PID means nothing without the machine it is a process of.
        var host = [CChar](repeating: 0, count: 256)
        if gethostname(&host, host.count - 1) == 0 {
            var machine = XTextProperty()
            host.withUnsafeMutableBufferPointer { buffer in
                var list: UnsafeMutablePointer<CChar>? = buffer.baseAddress
                if XStringListToTextProperty(&list, 1, &machine) != 0 {
                    XSetWMClientMachine(d, id, &machine)
                    XFree(machine.value)
                }
            }
        }
        // The window takes keyboard input from the window manager (the input hint), and starts
        // in the normal state, not iconified.
        // A prompt also asks for the user's attention (the urgency hint, for window managers
        // that flash a taskbar entry rather than read _NET_WM_STATE).
        if let hints = XAllocWMHints() {
            hints.pointee.flags = InputHint | StateHint | (type == .dialog ? XUrgencyHint : 0)
            hints.pointee.input = 1
            hints.pointee.initial_state = NormalState
            XSetWMHints(d, id, hints)
            XFree(hints)
        }
        var windowType = type == .dialog ? atoms.netWMWindowTypeDialog : atoms.netWMWindowTypeNormal
        withUnsafeBytes(of: &windowType) {
            _ = XChangeProperty(d, id, atoms.netWMWindowType, Atom(XA_ATOM), 32, PropModeReplace,
                                $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        // A prompt stays above other windows and asks for attention from the moment it maps
        // (EWMH: the state a window manager reads at map time), so a window raised later cannot
        // hide it while the user types, thinking they type into it.
        if type == .dialog {
            let state = [atoms.netWMStateAbove, atoms.netWMStateDemandsAttention]
            state.withUnsafeBytes {
                _ = XChangeProperty(d, id, atoms.netWMState, Atom(XA_ATOM), 32, PropModeReplace,
                                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(state.count))
            }
        }
        let instanceName = strdup(instance), className = strdup("PinBox")
        if let hint = XAllocClassHint() {
            hint.pointee.res_name = instanceName
            hint.pointee.res_class = className
            XSetClassHint(d, id, hint)
            XFree(hint)
        }
        free(instanceName)
        free(className)
        var deleteWindow = atoms.wmDeleteWindow
        XSetWMProtocols(d, id, &deleteWindow, 1)
        if let hints = XAllocSizeHints() {
            var flags = PMinSize | PSize | PBaseSize
            if geometry.width != nil || geometry.height != nil { flags |= USSize }
            if geometry.x != nil || geometry.y != nil { flags |= USPosition | PWinGravity }
            hints.pointee.flags = flags
            // The corner the offsets count from, so a window manager keeps its frame there.
            hints.pointee.win_gravity = geometry.fromRight
                ? (geometry.fromBottom ? SouthEastGravity : NorthEastGravity)
                : (geometry.fromBottom ? SouthWestGravity : NorthWestGravity)
            hints.pointee.width = Int32(width)
            hints.pointee.height = Int32(height)
            hints.pointee.base_width = Int32(width)
            hints.pointee.base_height = Int32(height)
            hints.pointee.min_width = Int32(minimum.width)
            hints.pointee.min_height = Int32(minimum.height)
            XSetWMNormalHints(d, id, hints)
            XFree(hints)
        }
    }
}
