// SPDX-License-Identifier: MIT
/// The facts the window system knows of a key or button press before it means anything: who
/// sent it and whether the key was already down. The window system reports them; the rules
/// that decide what to do with them are `InputPolicy`'s.
public struct PressFacts: Equatable, Sendable {
    /// Sent by another client with XSendEvent, not by the keyboard (or XTEST, which the server
    /// treats as the keyboard).
    public var synthetic: Bool
    /// The key was already down: a repeat of the keyboard's auto-repeat.
    public var isRepeat: Bool
    /// The key erases (BackSpace, Delete).
    public var erases: Bool
    /// The key moves an entry's caret (the arrows, Home, End).
    public var movesCaret: Bool

    public init(synthetic: Bool = false, isRepeat: Bool = false, erases: Bool = false, movesCaret: Bool = false) {
        self.synthetic = synthetic
        self.isRepeat = isRepeat
        self.erases = erases
        self.movesCaret = movesCaret
    }
}

/// Which presses are taken at all, before they mean anything.
public enum InputPolicy {
    /// Whether a press is taken. `secretShown` is true while any field shows its characters as
    /// dots, and always on a prompt (`Page.admits`).
    ///
    /// - Forged presses are refused while a field shows dots: a secret must come from the
    ///   keyboard, as X11 password prompts have it (xterm's secure keyboard, x11-ssh-askpass).
    ///   Where digits are shown in clear, a forged press does no harm and tests may send them.
    /// - A held key types once: its repeats are dropped, or a key held a moment too long would
    ///   type a character twice into a secret no one can see. Only erasing keys and those that
    ///   move the caret repeat, so a long press can erase, or walk along what is typed.
    public static func admits(_ press: PressFacts, secretShown: Bool) -> Bool {
        if press.synthetic && secretShown { return false }
        if press.isRepeat && !press.erases && !press.movesCaret { return false }
        return true
    }
}
