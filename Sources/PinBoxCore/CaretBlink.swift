// SPDX-License-Identifier: MIT
/// The caret of a text entry: where the next character goes. It blinks while the window has the
/// focus, and stops blinking (shown, still) a while after the last key, as GTK's does
/// (`gtk-cursor-blink-timeout`): an idle dialog then asks for no frame at all, and its process
/// sleeps.
public struct CaretBlink: Equatable, Sendable {
    /// False: the caret never blinks, shown still (GTK's `gtk-cursor-blink`).
    public var blinks = true
    /// One blink (GTK's `gtk-cursor-blink-time`). As in GTK's entries, a key or the focus
    /// coming back shows the caret for a whole blink; then each blink hides it for its first
    /// third and shows it for the other two, so it is seen more than it is not.
    public var period = 1.2
    /// Seconds after the last key (or the focus coming back) when it stops blinking.
    public var timeout = 10.0

    public init() {}

    /// Whether the caret shows at `now`, for a blink that started at `since`.
    public func isShown(at now: Double, since start: Double) -> Bool {
        phase(now - start).shown
    }

    /// When the caret next turns on or off, or nil once it has stopped blinking.
    public func nextChange(after now: Double, since start: Double) -> Double? {
        phase(max(0, now - start)).ends.map { start + $0 }
    }

    /// Whether the caret shows `elapsed` seconds into its blinking, and when that ends (in the
    /// same seconds; nil when it shows for good). The last change shows it.
    private func phase(_ elapsed: Double) -> (shown: Bool, ends: Double?) {
        guard blinks, elapsed >= 0, elapsed < timeout else { return (true, nil) }
        guard elapsed >= period else { return (true, min(period, timeout)) }
        let blinkStart = period * (elapsed / period).rounded(.down)
        let hidden = elapsed < blinkStart + period / 3
        return (!hidden, min(blinkStart + (hidden ? period / 3 : period), timeout))
    }
}
