// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// What the keyboard shows a person typing (`KeyboardState`), read with plain Xlib (and XCB) from
/// the X server's XKB state: Caps Lock and the active group from XkbGetState and StateNotify
/// events, the layouts' short names from the root window's `_XKB_RULES_NAMES` (what setxkbmap set).
/// No keymap is compiled for it, so it is known before the first frame.
struct KeyboardIndicators {
    private(set) var state = KeyboardState(switchable: !WaylandSession.isRunning(
        waylandDisplay: environment("WAYLAND_DISPLAY"), sessionType: environment("XDG_SESSION_TYPE")))

    /// The state as it is now, asked once a dialog is made: the layouts' names asked first,
    /// so that they come back in the round trip XkbGetState waits for.
    mutating func read(_ display: OpaquePointer, root: Window, rulesNames: Atom) {
        let names = Self.askLayouts(display, root: root, rulesNames: rulesNames)
        var now = XkbStateRec()
        if XkbGetState(display, UInt32(XkbUseCoreKbd), &now) == Success {
            state.capsLock = UInt32(now.locked_mods) & UInt32(LockMask) != 0
            state.group = Int(now.group)
        }
        state.layouts = Self.layouts(names.answer())
    }

    /// Without XKB (an untrusted client): Caps Lock from the core modifiers, as the pointer's
    /// state or a real key event carries them.
    mutating func updateCore(modifiers: UInt32) {
        state.capsLock = modifiers & UInt32(LockMask) != 0
    }

    /// XKB's StateNotify: Caps Lock locked or unlocked, another group active.
    mutating func update(_ event: XkbStateNotifyEvent) {
        state.capsLock = UInt32(event.locked_mods) & UInt32(LockMask) != 0
        state.group = Int(event.group)
    }

    /// A new keyboard description: the names of its layouts, when the keymap has as many.
    mutating func setLayouts(_ names: [String]) {
        state.layouts = names
    }

    /// The keymap's names of its layouts, in words (`KeyboardState.descriptions`).
    mutating func setDescriptions(_ names: [String]) {
        state.descriptions = names
    }

    /// The root's `_XKB_RULES_NAMES`, asked now and answered with the next round trip.
    static func askLayouts(_ display: OpaquePointer, root: Window, rulesNames: Atom) -> PendingProperty {
        PendingProperty(CX11.XGetXCBConnection(display),
                        XDisplay.PropertyQuestion(window: root, property: rulesNames, type: Atom(XA_STRING), longs: 1024))
    }

    /// The layouts named on the root now (one round trip).
    static func layouts(_ display: OpaquePointer, root: Window, rulesNames: Atom) -> [String] {
        layouts(askLayouts(display, root: root, rulesNames: rulesNames).answer())
    }

    /// The layouts named in `_XKB_RULES_NAMES` ("evdev\0pc105\0us,ru\0\0grp:…"): the third
    /// string, split at commas. Any client can write that property, so only short names of
    /// letters, digits, '-' and '_' are believed; anything else gives none.
    static func layouts(_ property: XDisplay.PropertyAnswer?) -> [String] {
        guard let property, property.format == 8 else { return [] }
        let fields = property.bytes.split(separator: 0, omittingEmptySubsequences: false)
        guard fields.count > 2 else { return [] }
        return shortNames(fields[2].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { Array($0) })
    }

    /// The names, if every one is short and plain; else none.
    static func shortNames(_ names: [[UInt8]]) -> [String] {
        for name in names {
            guard (1...12).contains(name.count), name.allSatisfy(isNameByte) else { return [] }
        }
        return names.map { String(decoding: $0, as: UTF8.self) }
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (0x30...0x39).contains(b) || (0x41...0x5a).contains(b) || (0x61...0x7a).contains(b) || b == 0x2d || b == 0x5f
    }
}
