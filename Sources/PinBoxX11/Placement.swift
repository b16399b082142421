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
        var point: Point
        if geometry.x != nil || geometry.y != nil {
            let x = Double(geometry.x ?? 0), y = Double(geometry.y ?? 0)
            point = Point(x: geometry.fromRight ? whole.width - 1 - x : x, y: geometry.fromBottom ? whole.height - 1 - y : y)
        } else {
            var rootReturn: Window = 0, child: Window = 0
            var px: Int32 = 0, py: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
            var mask: UInt32 = 0
            _ = XQueryPointer(handle, root, &rootReturn, &child, &px, &py, &wx, &wy, &mask)
            point = Point(x: Double(px), y: Double(py))
        }
        var monitors: [Rect] = []
        var count: Int32 = 0
        if hasRandR, let list = XRRGetMonitors(handle, root, 1, &count) {
            for i in 0..<Int(count) {
                let m = list[i]
                monitors.append(Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)))
            }
            XRRFreeMonitors(list)
        }
        return WindowFit.workArea(of: WindowFit.monitor(at: point, among: monitors) ?? whole,
                                  managed: windowManagerWorkArea())
    }

    /// The other PinBox windows showing on the screen, for a dialog to open beside them rather
    /// than over them (`WindowFit.placed`): their frames in root coordinates, the window
    /// manager's decoration included, and the largest decoration seen (what the new window's own
    /// frame will add). The window manager's client list when one keeps it, else the root's
    /// children; only the newest `limit` of them, so that a display crowded with windows (or a
    /// client making thousands) delays the dialog only a little. A window gone meanwhile is
    /// skipped.
    public func otherPinBoxFrames(limit: Int = 64) -> (frames: [Rect], decoration: Size) {
        var names: [UnsafeMutablePointer<CChar>?] = [strdup("_NET_CLIENT_LIST"), strdup("_NET_SUPPORTING_WM_CHECK"),
                                                     strdup("_NET_FRAME_EXTENTS")]
        defer { for name in names { free(name) } }
        var atoms: [Atom] = [0, 0, 0]
        _ = XInternAtoms(handle, &names, 3, 1, &atoms)
        var windows: [Window]
        if atoms[0] != 0, windowManagerIsRunning(check: atoms[1]) {
            windows = rootProperty(atoms[0], type: Atom(XA_WINDOW), count: 4096).map { Window($0) }
        } else {
            var rootReturn: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            guard XQueryTree(handle, root, &rootReturn, &parent, &children, &count) != 0, let children else { return ([], .zero) }
            windows = Array(UnsafeBufferPointer(start: children, count: Int(count)))
            XFree(children)
        }
        var frames: [Rect] = []
        var decoration = Size.zero
        let screen = screenBounds
        _ = succeeds {
            for window in windows.suffix(limit) where isPinBox(window) {
                var attributes = XWindowAttributes()
                guard XGetWindowAttributes(handle, window, &attributes) != 0, attributes.map_state == IsViewable else { continue }
                var x: Int32 = 0, y: Int32 = 0, child: Window = 0
                guard XTranslateCoordinates(handle, window, root, 0, 0, &x, &y, &child) != 0 else { continue }
                // Left, right, top, bottom. Any client can set them: a frame wider or taller
                // than the screen is no frame, and counts as none.
                let extents = property(atoms[2], of: window, type: Atom(XA_CARDINAL), count: 4).map { Double($0) }
                let (left, right, top, bottom) = extents.count == 4
                    && extents[0] + extents[1] <= screen.width && extents[2] + extents[3] <= screen.height
                    ? (extents[0], extents[1], extents[2], extents[3]) : (0, 0, 0, 0)
                let border = Double(attributes.border_width)
                frames.append(Rect(x: Double(x) - left - border, y: Double(y) - top - border,
                                   width: Double(attributes.width) + left + right + 2 * border,
                                   height: Double(attributes.height) + top + bottom + 2 * border))
                decoration = Size(width: max(decoration.width, left + right), height: max(decoration.height, top + bottom))
            }
        }
        return (frames, decoration)
    }

    private func isPinBox(_ window: Window) -> Bool {
        guard let hint = XAllocClassHint() else { return false }
        defer { XFree(hint) }
        guard XGetClassHint(handle, window, hint) != 0 else { return false }
        defer {
            if let name = hint.pointee.res_name { XFree(name) }
            if let name = hint.pointee.res_class { XFree(name) }
        }
        guard let name = hint.pointee.res_class else { return false }
        return strcmp(name, "PinBox") == 0
    }

    /// `_NET_WORKAREA` for the current desktop (`_NET_CURRENT_DESKTOP`, else the first); nil
    /// when no window manager set it, or when the one that set it is gone.
    private func windowManagerWorkArea() -> Rect? {
        // The names in one round trip; only if some client made them (a window manager).
        var names: [UnsafeMutablePointer<CChar>?] = [strdup("_NET_WORKAREA"), strdup("_NET_CURRENT_DESKTOP"),
                                                     strdup("_NET_SUPPORTING_WM_CHECK")]
        defer { for name in names { free(name) } }
        var atoms: [Atom] = [0, 0, 0]
        _ = XInternAtoms(handle, &names, 3, 1, &atoms)
        let workArea = atoms[0]
        guard workArea != 0, windowManagerIsRunning(check: atoms[2]) else { return nil }
        // Any client can set 0xFFFFFFFF, or a desktop no manager has.
        let desktop = Int(rootProperty(atoms[1], type: Atom(XA_CARDINAL), count: 1).first ?? 0)
        guard desktop < 1024 else { return nil }
        let values = rootProperty(workArea, type: Atom(XA_CARDINAL), count: 4 * (desktop + 1))
        let first = 4 * desktop
        guard values.count >= first + 4, values[first + 2] > 0, values[first + 3] > 0 else { return nil }
        return Rect(x: Double(values[first]), y: Double(values[first + 1]),
                    width: Double(values[first + 2]), height: Double(values[first + 3]))
    }

    /// Root properties outlive the window manager that set them: one that died, or was
    /// replaced by one that keeps no work area, leaves its panels' area behind. So the area
    /// counts only while the manager's check window, named on the root, still names itself
    /// (EWMH's `_NET_SUPPORTING_WM_CHECK`, which GTK checks the same way).
    private func windowManagerIsRunning(check: Atom) -> Bool {
        guard check != 0, let window = rootProperty(check, type: Atom(XA_WINDOW), count: 1).first, window != 0
        else { return false }
        var own: [UInt32] = []
        // A window that is gone answers BadWindow, which is no news to log.
        guard succeeds({ own = property(check, of: Window(window), type: Atom(XA_WINDOW), count: 1) }) else { return false }
        return own.first == window
    }

    private func rootProperty(_ property: Atom, type: Atom, count: Int) -> [UInt32] {
        self.property(property, of: root, type: type, count: count)
    }

    /// Up to `count` 32-bit values (CARDINALs, WINDOWs) of a window's property, unsigned as the
    /// protocol has them.
    private func property(_ property: Atom, of window: Window, type: Atom, count: Int) -> [UInt32] {
        guard property != 0, count > 0, count <= 4096 else { return [] }
        var actualType: Atom = 0, format: Int32 = 0, n: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(handle, window, property, 0, count, 0, type, &actualType, &format, &n, &after,
                                 &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        // Format 32 comes back as C longs, sign-extended by Xlib: 0xFFFFFFFF would read as -1.
        return data.withMemoryRebound(to: Int.self, capacity: Int(n)) {
            UnsafeBufferPointer(start: $0, count: Int(n)).map { UInt32(truncatingIfNeeded: $0) }
        }
    }
}
