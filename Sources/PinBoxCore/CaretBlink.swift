// SPDX-License-Identifier: MIT
/// The caret of a text entry: where the next character goes. It blinks while the window has the
/// focus, and stops blinking (shown, still) a while after the last key, as GTK's does
/// (`gtk-cursor-blink-timeout`): an idle dialog then asks for no frame at all, and its process
/// sleeps.
public struct CaretBlink: Equatable, Sendable {
    /// False: the caret never blinks, shown still (GTK's `gtk-cursor-blink`).
    public var blinks = true
    /// One blink: shown for the first half, hidden for the second (GTK's `gtk-cursor-blink-time`).
    public var period = 1.2
    /// Seconds after the last key (or the focus coming back) when it stops blinking.
    public var timeout = 10.0

    public init() {}

    /// Whether the caret shows at `now`, for a blink that started at `since`.
    public func isShown(at now: Double, since start: Double) -> Bool {
        let elapsed = now - start
        guard blinks, elapsed >= 0, elapsed < timeout else { return true }
        return elapsed.truncatingRemainder(dividingBy: period) < period / 2
    }

    /// When the caret next turns on or off, or nil once it has stopped blinking.
    public func nextChange(after now: Double, since start: Double) -> Double? {
        let elapsed = max(0, now - start)
        guard blinks, elapsed < timeout else { return nil }
        let half = period / 2
        let next = ((elapsed / half).rounded(.down) + 1) * half
        // The last change shows it for good.
        return start + min(next, timeout)
    }
}
