// SPDX-License-Identifier: MIT
import CSystem
import CX11

/// Who holds the keyboard, as far as PinBox can tell. X says only that a grab failed, not
/// whose it is; a PinBox window that holds the keyboard says so to this user's other PinBox
/// processes through a lock (`pinbox_keyboard_claim_take`) on a file of the user's runtime
/// directory named for the display, taken once the grab is held and let go before it is. A
/// prompt refused the keyboard while that lock is held knows the holder is PinBox's own, and
/// says so; else, or with no runtime directory, it says "another program", as before. Another
/// user's program cannot hold the lock (the file must be this user's own regular file); a
/// PinBox window merely shown on the display (itself refused) holds none.
struct KeyboardClaim {
    let path: String
    private var fd: Int32 = -1

    /// The claim for `display`, in `$XDG_RUNTIME_DIR`; nil without one.
    init?(display: OpaquePointer) {
        guard let runtime = environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/"),
              let name = XDisplayString(display).map({ String(cString: $0) }) else { return nil }
        path = runtime + "/pinbox-keyboard-" + Self.fileName(display: name)
    }

    /// The display's name as a file name: ":0", "unix:0" and ":0.1" are the same server's
    /// keyboard (one per display, whatever the screen); a remote display keeps its host.
    static func fileName(display: String) -> String {
        var host = "", number = display
        if let colon = display.lastIndex(of: ":") {
            host = String(display[..<colon])
            number = String(display[display.index(after: colon)...])
        }
        if let dot = number.firstIndex(of: ".") { number = String(number[..<dot]) }
        if host == "unix" || host.hasPrefix("/") { host = "" }
        let safe = (host + "_" + number).unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
                ? Character(scalar) : "_"
        }
        return String(safe)
    }

    var isTaken: Bool { fd >= 0 }

    /// Takes the claim (the grab is held); stays without it when it cannot.
    mutating func take() {
        guard fd < 0 else { return }
        fd = pinbox_keyboard_claim_take(path)
    }

    /// Lets it go (before the grab goes, or once it has gone with the window).
    mutating func drop() {
        pinbox_keyboard_claim_drop(fd)
        fd = -1
    }

    /// Another PinBox window holds the claim, and with it the keyboard.
    var isHeldElsewhere: Bool { fd < 0 && pinbox_keyboard_claim_held(path) != 0 }
}
