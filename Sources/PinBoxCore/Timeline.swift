// SPDX-License-Identifier: MIT
/// The animation's own clock: wall time (the monotonic clock the event loop reads) mapped to
/// the time the animators are asked about, so a tester can slow a 0.2 s fade down ×10,
/// freeze it, and step through it one display frame at a time, forwards and back.
///
/// Untouched (factor 1, never paused) it is the identity, to the bit. Changes re-anchor the
/// mapping at the wall time they happen, so animation time never jumps: slowing down mid-fade
/// continues the fade from where it is, only slower.
public struct Timeline: Equatable, Sendable {
    /// What the slow-motion toggle uses when `--slow` gives no factor (iOS's Slow Animations
    /// is about the same).
    public static let defaultSlowFactor = 10.0
    public static let slowRange = 1.0...1000.0

    /// The display's frame interval in wall time: one step moves the animation this far.
    public let frameInterval: Double
    /// The factor the toggle switches to.
    public let slowFactor: Double
    /// How many times slower than real the animation runs now: 1 or `slowFactor`.
    public private(set) var factor = 1.0
    public private(set) var isPaused = false
    private var anchorWall = 0.0
    private var anchorTime = 0.0
    /// While paused: how many frames the tester stepped from `anchorTime`. Kept as a count,
    /// so frame k is `anchorTime + k × frameInterval` exactly, not a sum that drifts.
    private var steps = 0

    /// A clock at real speed; `slowed` starts it at `slowFactor` (`--slow FACTOR`), `paused`
    /// frozen at wall time 0.
    public init(frameInterval: Double = 1.0 / 60, slowFactor: Double = Timeline.defaultSlowFactor,
                slowed: Bool = false, paused: Bool = false) {
        self.frameInterval = frameInterval > 0 ? frameInterval : 1.0 / 60
        self.slowFactor = max(Self.slowRange.lowerBound, min(Self.slowRange.upperBound, slowFactor))
        factor = slowed ? self.slowFactor : 1
        isPaused = paused
    }

    /// The animation time at wall time `wall`.
    public func time(at wall: Double) -> Double {
        if isPaused { return anchorTime + Double(steps) * frameInterval }
        return anchorTime + (wall - anchorWall) / factor
    }

    /// The wall time at which the animation reaches `time`; nil while paused (it never does
    /// on its own): the event loop turns the animators' deadlines into its own with this.
    public func wallTime(for time: Double) -> Double? {
        isPaused ? nil : anchorWall + (time - anchorTime) * factor
    }

    /// The animation time between two frames of the display: what the page passes to the
    /// animators as their frame interval, so a slowed animation still gets every frame.
    public var frameStep: Double { frameInterval / factor }

    public var isSlowed: Bool { factor != 1 }

    /// Slows down or speeds back up from this moment on.
    public mutating func setSlowed(_ slowed: Bool, at wall: Double) {
        reanchor(at: wall)
        factor = slowed ? slowFactor : 1
    }

    public mutating func toggleSlow(at wall: Double) {
        setSlowed(!isSlowed, at: wall)
    }

    /// Freezes the animation at the time it has reached.
    public mutating func pause(at wall: Double) {
        guard !isPaused else { return }
        reanchor(at: wall)
        isPaused = true
    }

    /// Runs on from the frame it shows.
    public mutating func resume(at wall: Double) {
        guard isPaused else { return }
        anchorTime = time(at: wall)
        anchorWall = wall
        steps = 0
        isPaused = false
    }

    public mutating func togglePause(at wall: Double) {
        if isPaused { resume(at: wall) } else { pause(at: wall) }
    }

    /// Moves a paused animation `frames` display frames forwards (or back, when negative);
    /// false, and nothing moves, while it runs.
    @discardableResult
    public mutating func step(by frames: Int) -> Bool {
        guard isPaused else { return false }
        steps += frames
        return true
    }

    private mutating func reanchor(at wall: Double) {
        anchorTime = time(at: wall)
        anchorWall = wall
        steps = 0
    }
}
