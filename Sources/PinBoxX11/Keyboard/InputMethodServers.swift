// SPDX-License-Identifier: MIT
import CX11

/// Watches for an input method's server to come (started, or restarted after it ended) while a
/// name wants one and none answers, as Xlib's XRegisterIMInstantiateCallback does: a server
/// registers its name in the root's XIM_SERVERS property. While watching, every change of a
/// root property wakes the window; only then.
struct InputMethodServers {
    private var atom: Atom = 0
    /// The root's event mask before the watch; nil while not watching.
    private var maskBefore: Int?
    /// Whether a server came or went since the last look.
    private(set) var changed = false

    /// Starts watching (the root's property changes selected beside what the window already
    /// selects there), or stops (its mask as it was); either way, a new look begins.
    mutating func watch(_ on: Bool, display: XDisplay) {
        if on, maskBefore == nil {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display.handle, display.root, &attributes)
            if atom == 0 { atom = XInternAtom(display.handle, "XIM_SERVERS", 0) }
            maskBefore = attributes.your_event_mask
            XSelectInput(display.handle, display.root, attributes.your_event_mask | PropertyChangeMask)
        } else if !on, let before = maskBefore {
            XSelectInput(display.handle, display.root, before)
            maskBefore = nil
        }
        changed = false
    }

    /// Whether `event` says a server came or went (the server's own, not one another client
    /// sent): noted for the next look.
    mutating func notice(_ event: XEvent, display: XDisplay) -> Bool {
        guard maskBefore != nil, event.type == PropertyNotify, event.xproperty.window == display.root,
              event.xproperty.atom == atom else { return false }
        if event.xproperty.send_event == 0 { changed = true }
        return true
    }
}
