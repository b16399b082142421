// SPDX-License-Identifier: MIT
/// Which accessibility bus address is taken from the root window's `AT_SPI_BUS` property. Any
/// client of the display can write that property, and a D-Bus address is more than a place:
/// `unixexec:` runs a program as the user, `tcp:` sends the accessibility traffic off the machine,
/// `autolaunch:` and its kin start daemons. So only what at-spi-bus-launcher itself writes is
/// taken: one local socket, `unix:` with `path=` or `abstract=` and an optional `guid=`, every
/// value in D-Bus's escaped form. `AT_SPI_BUS_ADDRESS` in the environment is the user's own
/// choice and is not judged here.
public enum AccessibilityBusAddress {
    /// Whether the session bus is asked for the accessibility bus when the display carries no
    /// `AT_SPI_BUS`: in a Wayland session (`WaylandSession`), where at-spi-bus-launcher writes no
    /// property and libatspi asks the launcher on the session bus instead. On X11 the property is
    /// there whenever accessibility could be on, and nothing of D-Bus is loaded to learn it is off.
    public static func isAskedOfTheSessionBus(waylandDisplay: String?, sessionType: String?) -> Bool {
        WaylandSession.isRunning(waylandDisplay: waylandDisplay, sessionType: sessionType)
    }

    /// Whether `address` names a single local socket, and nothing else.
    public static func isLocalSocket(_ address: String) -> Bool {
        let bytes = Array(address.utf8)
        let prefix = Array("unix:".utf8)
        guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return false }
        var keys: Set<String> = []
        // A `;` would be a second address: it is not a value's byte, so the keys refuse it.
        for pair in bytes[prefix.count...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return false }
            let key = String(decoding: pair[..<equals], as: UTF8.self)
            guard ["path", "abstract", "guid"].contains(key), keys.insert(key).inserted,
                  isEscapedValue(pair[(equals + 1)...]) else { return false }
        }
        // One socket: a path or an abstract name, not both, not neither.
        return keys.contains("path") != keys.contains("abstract")
    }

    /// A non-empty value in D-Bus's escaped form: the optionally-escaped bytes as they are, any
    /// other as `%` and two hex digits. A NUL would cut the socket's name short in C.
    private static func isEscapedValue(_ value: ArraySlice<UInt8>) -> Bool {
        guard !value.isEmpty else { return false }
        var i = value.startIndex
        while i < value.endIndex {
            let byte = value[i]
            if byte == UInt8(ascii: "%") {
                guard i + 2 < value.endIndex, let high = hexDigit(value[i + 1]), let low = hexDigit(value[i + 2]),
                      high * 16 + low != 0 else { return false }
                i += 3
            } else {
                guard isOptionallyEscaped(byte) else { return false }
                i += 1
            }
        }
        return true
    }

    /// The bytes D-Bus leaves unescaped in an address's values: `-0-9A-Za-z_/.\*`.
    private static func isOptionallyEscaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"),
             UInt8(ascii: "."), UInt8(ascii: "\\"), UInt8(ascii: "*"):
            return true
        default:
            return false
        }
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
