// SPDX-License-Identifier: MIT
import CX11
import CSystem

/// Whether the session has accessibility on, asked the way a toolkit's bridge asks before it
/// connects: the `AT_SPI_BUS` property that at-spi-bus-launcher puts on the root window
/// (GNOME and KDE start it with the session; a bare X session can start it by hand), and
/// `NO_AT_BRIDGE=1` to keep the bridge off whatever the session says. Asked once a window has
/// shown (the check is a round trip or two), and once per process.
enum AccessibilitySwitch {
    nonisolated(unsafe) private static var answer: Bool?

    static func isOn(_ display: XDisplay) -> Bool {
        if let answer { return answer }
        let on = !disabledByEnvironment && hasBusProperty(display)
        answer = on
        return on
    }

    /// NO_AT_BRIDGE=1, as GTK and Qt read it.
    private static var disabledByEnvironment: Bool {
        guard let value = getenv("NO_AT_BRIDGE") else { return false }
        return String(cString: value) == "1"
    }

    private static func hasBusProperty(_ display: XDisplay) -> Bool {
        // Only if it exists: an atom nobody interned means the property cannot be there, and
        // asking creates nothing on the server.
        let atom = XInternAtom(display.handle, "AT_SPI_BUS", 1)
        guard atom != 0 else { return false }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(display.handle, display.root, atom, 0, 0, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        if let data { XFree(data) }
        return status == Success && type != 0
    }
}
