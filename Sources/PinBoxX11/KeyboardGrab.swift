// SPDX-License-Identifier: MIT
import CX11

/// Takes the keyboard once the window is viewable, so no other X client sees the keystrokes
/// (as x11-ssh-askpass and pinentry do): the askpass and the pinentry by default, the demo and
/// the pay sheet with `--grab`. Another client may hold a grab for a moment (a menu closing),
/// so it retries every 50 ms for a second — from the event loop's deadline, never by sleeping —
/// then says so, once (`InputEvent.keyboardUnavailable`): the page then asks nothing. It goes
/// on trying, less often, and says when the keyboard is taken after all (`keyboardAvailable`),
/// as x11-ssh-askpass waits for a menu held open to close.
struct KeyboardGrab {
    static let retryInterval = 0.05
    static let patience = 1.0
    static let lateRetryInterval = 0.2
    static let focusPatience = 1.0

    /// What an attempt changed that the page must know.
    enum News {
        case none
        case unavailable
        case available
    }

    let wanted: Bool
    private var giveUpAt: Double?
    private(set) var nextAttempt: Double?
    private(set) var isHeld = false
    private var saidUnavailable = false
    private var focusTakenBackAt: Double?

    init(wanted: Bool) {
        self.wanted = wanted
    }

    mutating func windowMapped(now: Double) {
        guard wanted, !isHeld, giveUpAt == nil else { return }
        giveUpAt = now + Self.patience
        nextAttempt = now
    }

    /// The window stopped being viewable (a window manager minimised it or left its
    /// workspace): X let the grab go with it. The next map takes it again, with the same
    /// patience, as pinentry-gtk-2 grabs on every map.
    mutating func windowUnmapped() {
        isHeld = false
        giveUpAt = nil
        nextAttempt = nil
    }

    /// Tries when a try is due.
    mutating func attempt(window: XWindow, now: Double) -> News {
        guard let due = nextAttempt, now >= due, let giveUpAt else { return .none }
        let d = window.display.handle
        let result = XGrabKeyboard(d, window.id, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime))
        if result == GrabSuccess {
            isHeld = true
            nextAttempt = nil
            // Keys go to the grabbing window anyway; focus makes the cursor cell show.
            XSetInputFocus(d, window.id, RevertToParent, UInt(CurrentTime))
            defer { saidUnavailable = false }
            return saidUnavailable ? .available : .none
        }
        guard now < giveUpAt else {
            nextAttempt = now + Self.lateRetryInterval
            defer { saidUnavailable = true }
            return saidUnavailable ? .none : .unavailable
        }
        nextAttempt = now + Self.retryInterval
        return .none
    }

    /// Another window took the focus while this one holds the keyboard: the keys still come
    /// here, so the focus comes back, with them. Once a second at most: a client that takes it
    /// back on its own FocusOut would otherwise trade it with this one without end. A window
    /// manager may move the focus away just before it unmaps the window (xfwm4 and fluxbox
    /// iconifying): the server's BadMatch then is no news.
    mutating func takeFocusBack(window: XWindow, now: Double) {
        guard isHeld, now >= (focusTakenBackAt ?? -.infinity) + Self.focusPatience else { return }
        focusTakenBackAt = now
        _ = window.display.succeeds {
            XSetInputFocus(window.display.handle, window.id, RevertToParent, UInt(CurrentTime))
        }
    }

    mutating func release(window: XWindow) {
        guard isHeld else { return }
        XUngrabKeyboard(window.display.handle, UInt(CurrentTime))
        isHeld = false
    }
}
