// SPDX-License-Identifier: MIT
/// Until XKB's detectable auto-repeat is on (a moment after the window shows), the X server
/// repeats a held key as a release and a press of it at the same moment. A password manager's
/// auto-type or a token typing `cccccc` through XTEST makes the same pair: a key let go and
/// pressed again within the millisecond. What tells them apart is how long the key was down:
/// a key repeats only once it has been held for the keyboard's repeat delay (660 ms by
/// default in X, a few hundred milliseconds in desktops' settings), while a typed key is let
/// go within a few milliseconds of its press.
public enum AutoRepeat {
    /// Down for less than this, a key let go is a keystroke, whatever comes behind it.
    public static let shortestDelay: UInt32 = 100

    /// Whether a release with a press of the same key queued behind it at the same moment is
    /// that key's auto-repeat. `downSince` is when the key went down (the server's milliseconds,
    /// which wrap), nil when the window did not see it go down (held since before the window had
    /// the keyboard): then it repeats, as a key held from a terminal's Return does.
    public static func isRepeat(downSince: UInt32?, releasedAt time: UInt32) -> Bool {
        guard let downSince else { return true }
        return time &- downSince >= shortestDelay
    }
}
