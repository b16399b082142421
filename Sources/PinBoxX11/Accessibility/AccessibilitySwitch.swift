// SPDX-License-Identifier: MIT
import CPortal
import CX11
import CSystem
import PinBoxCore

/// Whether the session has accessibility on, asked the way a toolkit's bridge asks before it
/// connects: the `AT_SPI_BUS` property that at-spi-bus-launcher puts on the root window
/// (GNOME and KDE start it with the session; a bare X session can start it by hand), else, in a
/// Wayland session, whose launcher writes none, the launcher itself on the session bus (its
/// `org.a11y.Status` and `GetAddress`, as libatspi and Qt ask); and `NO_AT_BRIDGE=1` to keep
/// the bridge off whatever the session says. Asked once a window has
/// shown (the check is a round trip or two), and once per process. The property's value is the
/// bus's address, which the bridge is given when it is one local socket
/// (`AccessibilityBusAddress`): any client of the display can write it. The user's own
/// `AT_SPI_BUS_ADDRESS` goes first, as the bridge's library takes it.
enum AccessibilitySwitch {
    nonisolated(unsafe) private static var answer: String??

    /// The accessibility bus's address when the session has accessibility on; nil otherwise.
    static func busAddress(_ display: XDisplay) -> String? {
        if let answer { return answer }
        var address: String?
        if disabledByEnvironment {
            address = nil
        } else if let property = busProperty(display) {
            address = ownAddress ?? trusted(property)
        } else if AccessibilityBusAddress.isAskedOfTheSessionBus(waylandDisplay: environment("WAYLAND_DISPLAY"),
                                                                  sessionType: environment("XDG_SESSION_TYPE")) {
            address = ownAddress ?? sessionBusAddress()
        }
        answer = .some(address)
        return address
    }

    /// The user's own `AT_SPI_BUS_ADDRESS`, which libatspi takes before asking anyone.
    private static var ownAddress: String? {
        environment("AT_SPI_BUS_ADDRESS").flatMap { $0.isEmpty ? nil : $0 }
    }

    /// How long the launcher has to say: a session bus that does not answer holds the prompt,
    /// once its window has shown, no longer.
    static let sessionBusMilliseconds: Int32 = 250

    /// The address at-spi-bus-launcher gives on the session bus when it has accessibility on
    /// (a Wayland session), when it is one local socket.
    private static func sessionBusAddress() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let found = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                pinbox_accessibility_bus_of_session($0.baseAddress, Int32($0.count), sessionBusMilliseconds)
            }
        }
        guard found == 1 else { return nil }
        let address = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
        return AccessibilityBusAddress.isLocalSocket(address) ? address : nil
    }

    /// The address to connect to when the root window says accessibility is on and the user
    /// named none: the property's when it is one local socket. Refused, the bridge is not started
    /// at all: its library would read the property itself.
    private static func trusted(_ property: String) -> String? {
        guard AccessibilityBusAddress.isLocalSocket(property) else {
            // The address is not repeated: another client wrote it, and it goes to a terminal.
            var message = "pinbox: the accessibility bus address on the root window (AT_SPI_BUS) is not a local socket; "
                + "accessibility is not connected\n"
            message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            return nil
        }
        return property
    }

    /// NO_AT_BRIDGE=1, as GTK and Qt read it.
    private static var disabledByEnvironment: Bool {
        environment("NO_AT_BRIDGE") == "1"
    }

    /// The launcher's `AT_SPI_BUS` on the root window, as libatspi reads it (a string).
    private static func busProperty(_ display: XDisplay) -> String? {
        // Only if it exists: an atom nobody interned means the property cannot be there, and
        // asking creates nothing on the server.
        let atom = XInternAtom(display.handle, "AT_SPI_BUS", 1)
        guard atom != 0 else { return nil }
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // A D-Bus address is short; 1024 longs is far more than any.
        let status = XGetWindowProperty(display.handle, display.root, atom, 0, 1024, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type != 0 else { return nil }
        guard format == 8, let data else { return "" }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
