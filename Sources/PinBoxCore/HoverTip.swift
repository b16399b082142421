// SPDX-License-Identifier: MIT
/// A tooltip over one area of the window, as GTK shows one: once the pointer has rested on the
/// area for `delay` (a pointer only passing over it shows nothing), until the pointer leaves
/// the area or the window, or a key, a click or the window losing the focus hides it. Hidden
/// that way with the pointer still on the area, it shows again only after the pointer moves
/// and rests once more. Times are the page's monotonic seconds; the rule keeps no clock of its
/// own, so a deadline (`nextChange`) is all the event loop needs: no timer runs while the
/// pointer is elsewhere.
public struct HoverTip: Equatable, Sendable {
    /// How long the pointer rests before the tip shows (GTK's `gtk-tooltip-timeout`).
    public static let delay = 0.5

    /// When the pointer last came to rest on the area (its last move there before the tip
    /// showed); nil while it is elsewhere, or since something hid the tip.
    public private(set) var restingSince: Double?

    public init() {}

    /// The pointer moved, at `now`, onto the area (`onArea`) or off it. A move on the area
    /// before the tip shows starts the wait again; once it shows, the tip stays while the
    /// pointer stays on the area.
    public mutating func pointerMoved(onArea: Bool, at now: Double) {
        guard onArea else { return hide() }
        if !isShown(at: now) { restingSince = now }
    }

    /// The pointer left the window, a key or a click came, or the window lost the focus.
    public mutating func hide() {
        restingSince = nil
    }

    /// Whether the tip shows at `now`.
    public func isShown(at now: Double) -> Bool {
        guard let since = restingSince else { return false }
        return now >= since + Self.delay
    }

    /// When the tip shows next, if the pointer stays where it is: the one wake-up the rule
    /// asks for; nil while it shows already or the pointer is elsewhere.
    public func nextChange(after now: Double) -> Double? {
        guard let since = restingSince, since + Self.delay > now else { return nil }
        return since + Self.delay
    }
}

/// The pointer as a tooltip follows it, besides the clicks and keys the page already takes:
/// asked of the window system only while the page has a tooltip to show
/// (`Page.wantsPointerMotion`), so a dialog without one is never woken by the pointer.
public enum HoverInput: Equatable, Sendable {
    /// The pointer moved to a point (device pixels), no button held.
    case moved(Point)
    /// The pointer left the window.
    case left
    /// A key went down, whatever it makes: a modifier alone (Shift) makes no other input, and
    /// hides a tooltip all the same.
    case keyPressed
}
