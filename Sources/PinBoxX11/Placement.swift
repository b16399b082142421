import CX11
import PinBoxCore

extension XDisplay {
    /// Where a dialog of `size` (device pixels) opens: centred on the monitor under the pointer,
    /// where the user is looking when a program asks. The whole screen when RandR names no monitor.
    public func centredUnderPointer(_ size: Size) -> (x: Int, y: Int) {
        var rootReturn: Window = 0, child: Window = 0
        var px: Int32 = 0, py: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
        var mask: UInt32 = 0
        _ = XQueryPointer(handle, root, &rootReturn, &child, &px, &py, &wx, &wy, &mask)
        var area = Rect(x: 0, y: 0, width: Double(XDisplayWidth(handle, screen)),
                        height: Double(XDisplayHeight(handle, screen)))
        var count: Int32 = 0
        if let monitors = XRRGetMonitors(handle, root, 1, &count) {
            for i in 0..<Int(count) {
                let m = monitors[i]
                let r = Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height))
                if r.contains(Point(x: Double(px), y: Double(py))) { area = r }
            }
            XRRFreeMonitors(monitors)
        }
        return (Int(area.x + max(0, (area.width - size.width) / 2)), Int(area.y + max(0, (area.height - size.height) / 2)))
    }
}
