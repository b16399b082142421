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
        /// The first try since the window was mapped failed: what is typed goes to the
        /// program holding the keyboard, for now.
        case refused
        case unavailable
        /// The same, and the keyboard is another PinBox window's (`KeyboardClaim`).
        case unavailableToPinBox
        case available
    }

    let wanted: Bool
    /// Tells this user's other PinBox windows that this one holds the keyboard, and tells this
    /// one when another does; nil without a runtime directory.
    private var claim: KeyboardClaim?
    private var giveUpAt: Double?
    private(set) var nextAttempt: Double?
    private(set) var isHeld = false
    private var saidUnavailable = false
    /// A try failed since the window was mapped, and none has succeeded since.
    private var refused = false
    private var focusTakenBackAt: Double?
    /// When the focus, lost while the keyboard is held, is to be taken back.
    private(set) var focusDue: Double?

    init(wanted: Bool, claim: KeyboardClaim? = nil) {
        self.wanted = wanted
        self.claim = wanted ? claim : nil
    }

    /// Every key comes to the window because of the grab: held, or not yet tried (a window that
    /// grabs is drawn focused from its first frame); not once a try has failed, until it has it
    /// after all: another program holds the keyboard, and a window drawn focused with its caret
    /// (and a focused entry on the accessibility bus) said the keys came here when they went there.
    var givesTheKeys: Bool { wanted && (isHeld || !refused) }

    mutating func windowMapped(now: Double) {
        guard wanted, !isHeld, giveUpAt == nil else { return }
        giveUpAt = now + Self.patience
        nextAttempt = now
    }

    /// The window stopped being viewable (a window manager minimised it or left its
    /// workspace): X let the grab go with it. The next map takes it again, with the same
    /// patience, as pinentry-gtk-2 grabs on every map.
    mutating func windowUnmapped() {
        claim?.drop()
        isHeld = false
        refused = false
        focusDue = nil
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
            claim?.take()
            refused = false
            nextAttempt = nil
            // Keys go to the grabbing window anyway; focus makes the cursor cell show.
            XSetInputFocus(d, window.id, RevertToParent, UInt(CurrentTime))
            defer { saidUnavailable = false }
            return saidUnavailable ? .available : .none
        }
        guard now < giveUpAt else {
            nextAttempt = now + Self.lateRetryInterval
            defer { saidUnavailable = true }
            guard !saidUnavailable else { return .none }
            return result == AlreadyGrabbed && claim?.isHeldElsewhere == true ? .unavailableToPinBox : .unavailable
        }
        nextAttempt = now + Self.retryInterval
        defer { refused = true }
        return refused ? .none : .refused
    }

    /// Another window took the focus while this one holds the keyboard: the keys still come
    /// here, so the focus comes back, with them (`takeFocusBackIfDue`). Once a second at most,
    /// and never dropped: a client that takes it back on its own FocusOut would otherwise trade
    /// it with this one as fast as the server allows, and a user's second click on another
    /// window within the second must still be answered.
    mutating func focusLost(now: Double) {
        guard isHeld else { return }
        focusDue = max(now, (focusTakenBackAt ?? -.infinity) + Self.focusPatience)
    }

    /// Takes the focus back when it is due and still elsewhere. A window manager may move it
    /// away just before it unmaps the window (xfwm4 and fluxbox iconifying): the server's
    /// BadMatch then is no news.
    mutating func takeFocusBackIfDue(window: XWindow, now: Double) {
        guard let due = focusDue, now >= due else { return }
        focusDue = nil
        guard isHeld else { return }
        let d = window.display.handle
        var focused: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(d, &focused, &revert)
        guard focused != window.id else { return }
        focusTakenBackAt = now
        _ = window.display.succeeds { XSetInputFocus(d, window.id, RevertToParent, UInt(CurrentTime)) }
    }

    mutating func release(window: XWindow) {
        guard isHeld else { return }
        claim?.drop()
        XUngrabKeyboard(window.display.handle, UInt(CurrentTime))
        isHeld = false
    }
}
