// SPDX-License-Identifier: MIT
import CSystem
import CX11
import PinBoxCore

extension XDisplay {
    /// The area a window may take, in device pixels: the monitor where `geometry` places it
    /// (the corner it names), else the monitor under the pointer (where the user is looking
    /// when a program asks); the whole screen when RandR names no monitor; less what the window
    /// manager keeps for panels (`_NET_WORKAREA`, when one sets it, `WindowFit.workArea`). A
    /// place no monitor shows takes the nearest monitor.
    public func workArea(for geometry: WindowGeometry = WindowGeometry()) -> Rect {
        let whole = screenBounds
        var point: Point?
        if geometry.x != nil || geometry.y != nil {
            let x = Double(geometry.x ?? 0), y = Double(geometry.y ?? 0)
            point = Point(x: geometry.fromRight ? whole.width - 1 - x : x, y: geometry.fromBottom ? whole.height - 1 - y : y)
        }
        // The pointer, the monitors and the window manager's word go out together.
        let pointer = point == nil ? pointerQuestion() : nil
        let monitorsAsked = monitorsQuestion()
        // Any client can set a desktop of 0xFFFFFFFF, or one no manager has: the first 1024 are read.
        let said = properties([
            PropertyQuestion(window: root, property: atoms.netSupportingWMCheck, type: Atom(XA_WINDOW), longs: 1),
            PropertyQuestion(window: root, property: atoms.netCurrentDesktop, type: Atom(XA_CARDINAL), longs: 1),
            PropertyQuestion(window: root, property: atoms.netWorkArea, type: Atom(XA_CARDINAL), longs: 4 * 1024),
        ])
        let monitors = self.monitors(monitorsAsked)
        if let pointer { point = self.pointer(pointer) }
        var managed: Rect?
        if windowManagerIsRunning(check: said[0]) {
            // `_NET_WORKAREA` for the current desktop (`_NET_CURRENT_DESKTOP`, else the first).
            let desktop = Int(said[1]?.values.first ?? 0)
            let values = said[2]?.values ?? []
            let first = 4 * desktop
            if desktop < 1024, values.count >= first + 4, values[first + 2] > 0, values[first + 3] > 0 {
                managed = Rect(x: Double(values[first]), y: Double(values[first + 1]),
                               width: Double(values[first + 2]), height: Double(values[first + 3]))
            }
        }
        return WindowFit.workArea(of: WindowFit.monitor(at: point ?? Point(x: 0, y: 0), among: monitors) ?? whole,
                                  managed: managed)
    }

    /// The other PinBox windows showing on the screen, for a dialog to open beside them rather
    /// than over them (`WindowFit.placed`): their frames in root coordinates, the window
    /// manager's decoration included, and the largest decoration seen (what the new window's own
    /// frame will add). The window manager's client list when one keeps it, else the root's
    /// children; only the newest `limit` of them, so that a display crowded with windows (or a
    /// client making thousands) delays the dialog only a little. A window gone meanwhile is
    /// skipped. Asked now; what is asked before `OtherPinBoxFrames.answer` rides with its
    /// first round trip.
    public func otherPinBoxFrames(limit: Int = 64) -> OtherPinBoxFrames {
        OtherPinBoxFrames(self, limit: limit)
    }

    /// Root properties outlive the window manager that set them: one that died, or was
    /// replaced by one that keeps no work area, leaves its panels' area behind. So they count
    /// only while the manager's check window, named on the root (`check`, as read), still names
    /// itself (EWMH's `_NET_SUPPORTING_WM_CHECK`, which GTK checks the same way). A window that
    /// is gone answers nothing. A window found naming itself is believed for a second after
    /// while the root names it (GDK believes one for 15 s): a dialog's opening reads the
    /// root twice, for its work area and for the windows beside it.
    func windowManagerIsRunning(check: PropertyAnswer?) -> Bool {
        guard let window = check?.values.first, window != 0 else { return false }
        if let seen = windowManagerSeen, seen.window == window, Clock.now() - seen.at < 1 { return true }
        let own = properties([PropertyQuestion(window: Window(window), property: atoms.netSupportingWMCheck,
                                               type: Atom(XA_WINDOW), longs: 1)])
        guard own[0]?.values.first == window else { return false }
        windowManagerSeen = (window, Clock.now())
        return true
    }
}

/// `XDisplay.otherPinBoxFrames`: the window manager's list and the root's children asked (for a
/// display with no window manager, in the same round trip rather than one more), then read.
public struct OtherPinBoxFrames {
    private let display: XDisplay
    private let limit: Int
    private let tree: xcb_query_tree_cookie_t
    private let list: PendingProperty
    private let check: PendingProperty

    init(_ display: XDisplay, limit: Int) {
        self.display = display
        self.limit = limit
        let c = display.xcb
        tree = xcb_query_tree(c, xcb_window_t(truncatingIfNeeded: display.root))
        let atoms = display.atoms
        list = PendingProperty(c, XDisplay.PropertyQuestion(window: display.root, property: atoms.netClientList,
                                                            type: Atom(XA_WINDOW), longs: 4096))
        check = PendingProperty(c, XDisplay.PropertyQuestion(window: display.root, property: atoms.netSupportingWMCheck,
                                                             type: Atom(XA_WINDOW), longs: 1))
    }

    /// The frames and the largest decoration. Once only.
    public func answer() -> (frames: [Rect], decoration: Size) {
        let (managed, checked) = (list.answer(), check.answer())
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        let children = xcb_query_tree_reply(display.xcb, tree, &error)
        defer { free(error); free(children) }
        let windows: [Window]
        if let managed, display.windowManagerIsRunning(check: checked) {
            windows = managed.values.map { Window($0) }
        } else if let children, let first = xcb_query_tree_children(children) {
            let count = Int(xcb_query_tree_children_length(children))
            windows = UnsafeBufferPointer(start: first, count: count).map { Window($0) }
        } else {
            return ([], .zero)
        }
        let newest = Array(windows.suffix(limit))
        let classes = display.properties(newest.map {
            XDisplay.PropertyQuestion(window: $0, property: Atom(XA_WM_CLASS), type: Atom(XA_STRING), longs: 64)
        })
        let pinboxes = zip(newest, classes).filter { Self.isPinBox(class: $0.1) }.map { $0.0 }
        var frames: [Rect] = []
        var decoration = Size.zero
        let screen = display.screenBounds
        for case let place? in display.places(of: pinboxes, extents: display.atoms.netFrameExtents) where place.viewable {
            // Left, right, top, bottom. Any client can set them: a frame wider or taller
            // than the screen is no frame, and counts as none.
            let extents = place.extents.map { Double($0) }
            let (left, right, top, bottom) = extents.count == 4
                && extents[0] + extents[1] <= screen.width && extents[2] + extents[3] <= screen.height
                ? (extents[0], extents[1], extents[2], extents[3]) : (0, 0, 0, 0)
            frames.append(Rect(x: place.x - left - place.border, y: place.y - top - place.border,
                               width: place.width + left + right + 2 * place.border,
                               height: place.height + top + bottom + 2 * place.border))
            decoration = Size(width: max(decoration.width, left + right), height: max(decoration.height, top + bottom))
        }
        return (frames, decoration)
    }

    /// Whether a window's WM_CLASS (the instance's name, then the class's, each ended by a NUL)
    /// names PinBox's class.
    private static func isPinBox(class answer: XDisplay.PropertyAnswer?) -> Bool {
        guard let answer, answer.format == 8 else { return false }
        let names = answer.bytes.split(separator: 0, omittingEmptySubsequences: false)
        return names.count > 1 && names[1].elementsEqual("PinBox".utf8)
    }
}
