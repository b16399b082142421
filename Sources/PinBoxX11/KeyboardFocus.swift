// SPDX-License-Identifier: MIT
import CX11

/// Whether the keys come to this window, as the X server's focus events and crossings tell it.
/// Either the focus is the window (a window manager gave it, or the grab took it), or the focus
/// is PointerRoot (no window manager, and no grab: gpg-agent's `no-grab`), and then the keys go
/// to the window under the pointer, which the server says only in crossings (their `focus`
/// flag) and in FocusIn/FocusOut with detail NotifyPointer. GTK keeps the same two facts.
struct KeyboardFocus {
    /// The focus is this window.
    private var focused = false
    /// The pointer is over this window.
    private(set) var pointerInside = false
    /// The keys follow the pointer into this window.
    private var pointerFocus = false

    var hasKeys: Bool { focused || pointerFocus }

    /// A FocusIn (`came`) or FocusOut that is not a grab's.
    mutating func focusChanged(came: Bool, detail: Int32) {
        switch detail {
        case NotifyAncestor, NotifyVirtual:
            // Between this window and an ancestor of it, with the pointer inside: the keys went
            // from following the pointer to the focus, or back.
            if pointerInside { pointerFocus = !came }
            focused = came
        case NotifyNonlinear, NotifyNonlinearVirtual:
            focused = came
        case NotifyPointer:
            pointerFocus = came
        default:
            // A child's focus (NotifyInferior) leaves the keys where they were.
            break
        }
    }

    /// An EnterNotify (`entered`) or LeaveNotify; `focusFlag` is the event's `focus`: the
    /// focus is this window, an ancestor of it, or PointerRoot.
    mutating func crossed(entered: Bool, focusFlag: Bool, detail: Int32) {
        guard detail != NotifyInferior else { return }
        pointerInside = entered
        if focusFlag && !focused { pointerFocus = entered }
    }
}
