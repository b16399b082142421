// SPDX-License-Identifier: MIT
/// Per-cell dot presence over time: the fade-and-grow of seed 003.
///
/// In the seed each tick moves every box's alpha and scale toward its target (1 when it holds
/// a digit, 0 otherwise) by `1 / (15 × showDuration)`, which assumes a frame rate. Here the
/// same straight-line motion is a function of elapsed time, so a full change takes exactly
/// `duration` seconds at 30, 60 or 144 frames per second, and a still field needs no frames.
/// Other curves (`Easing`) shape the same motion; `seed` replays the per-tick steps.
/// Time is always passed in (`now`, seconds on a monotonic clock): the animator never reads it.
public struct Animator: Equatable, Sendable {
    /// Seed 003's `showDuration`.
    public static let defaultDuration = 0.2
    /// How long a refused input shows the error colour: held, then eased back over the last
    /// `cueFade` seconds.
    public static let cueDuration = 0.6
    public static let cueFade = 0.15
    /// The shake of a refused input: a horizontal swing that dies away over this long.
    public static let shakeDuration = 0.3
    /// The shake's widest swing, in points, and its number of swings.
    public static let shakeAmplitude = 6.0
    static let shakeCycles = 3.0
    /// How long a submit shows its success look (the check mark): in over `successIn`, held,
    /// out over `successOut`.
    public static let successDuration = 0.9
    public static let successIn = 0.15
    public static let successOut = 0.15

    public let duration: Double
    /// False for a user who asked for no animation (`Motion.animates`): every change shows at
    /// once and holds — a dot at full size, the error colour without the shake, the check mark
    /// whole — and the field asks for a frame only when something changes.
    public var moves = true
    /// The curve each dot follows (`--easing`); `linear` unless asked.
    public let easing: Easing
    /// The display's frame interval: the tick of the `seed` curve, which steps once a tick.
    public let tickInterval: Double
    /// Times closer than this are the same moment: sums of frame intervals drift by a few ulps,
    /// and a sliver of a frame at the end of a motion would be wasted work.
    static let epsilon = 1e-6
    private var tracks: [Track]
    private var cueStart = -Double.infinity
    private var successStart = -Double.infinity

    /// One cell's motion from `from` toward `target`, starting at `start`, along a curve.
    private struct Track: Equatable, Sendable {
        var from = 0.0
        var target = 0.0
        var start = -Double.infinity

        func value(at now: Double, in a: Animator) -> Double {
            guard a.moves, a.duration > 0, now < end(in: a) - Animator.epsilon else { return target }
            let elapsed = max(0, now - start)
            if a.easing == .seed {
                // Seed 003: a step of 1/(15 × showDuration) at every display tick so far.
                let ticks = (elapsed / a.tickInterval + Animator.epsilon).rounded(.down)
                let step = min(abs(target - from), ticks * a.seedStep)
                return target > from ? from + step : from - step
            }
            return a.easing.presence(from: from, to: target, progress: elapsed / (abs(target - from) * a.duration))
        }

        /// When the motion is over: a full change takes `duration`, a partial one its share
        /// (the seed's: as many whole ticks as its steps need).
        func end(in a: Animator) -> Double {
            guard a.moves else { return start }
            guard a.easing == .seed, a.duration > 0 else { return start + abs(target - from) * a.duration }
            return start + (abs(target - from) / a.seedStep - Animator.epsilon).rounded(.up) * a.tickInterval
        }
    }

    /// Seed 003's per-tick step, `d = 1 / (15 × showDuration)`.
    var seedStep: Double { 1 / (15 * duration) }

    /// `count` cells, all empty and still. `duration` 0 means changes show at once.
    /// `tickInterval` is the display's frame interval, used by the `seed` curve only.
    public init(count: Int, duration: Double = Animator.defaultDuration, easing: Easing = .linear,
                tickInterval: Double = 1.0 / 60) {
        self.duration = max(0, duration)
        self.easing = easing
        self.tickInterval = tickInterval > 0 ? tickInterval : 1.0 / 60
        tracks = Array(repeating: Track(), count: count)
    }

    public var count: Int { tracks.count }

    /// The field now holds `length` digits: cells below it head for 1, the rest for 0.
    /// Cells already heading the right way keep their motion.
    public mutating func setLength(_ length: Int, at now: Double) {
        for i in tracks.indices {
            let target: Double = i < length ? 1 : 0
            guard tracks[i].target != target else { continue }
            let current = tracks[i].value(at: now, in: self)
            tracks[i] = Track(from: current, target: target, start: now)
        }
    }

    /// A character went in at `index`, before others: their dots move up a cell, motion and all,
    /// and the new one grows from nothing in its place.
    public mutating func insert(at index: Int, at now: Double) {
        guard index < tracks.count else { return }
        tracks.insert(Track(from: 0, target: 1, start: now), at: index)
        tracks.removeLast()
    }

    /// Shows `length` digits at rest at once, as if they had been there all along.
    public mutating func settle(length: Int) {
        for i in tracks.indices {
            let v: Double = i < length ? 1 : 0
            tracks[i] = Track(from: v, target: v, start: -.infinity)
        }
    }

    /// How far cell `index`'s dot has appeared, 0…1: its alpha and its scale.
    public func presence(of index: Int, at now: Double) -> Double {
        tracks[index].value(at: now, in: self)
    }

    /// Starts the error look of a refused input: the error colour replaces the borders and
    /// the field shakes. A success look still showing gives way.
    public mutating func cue(at now: Double) {
        cueStart = now
        successStart = -.infinity
    }

    /// How much the borders have turned to the error colour: 1 while held, easing to 0.
    public func cueStrength(at now: Double) -> Double {
        let t = now - cueStart
        guard t >= 0, t < Self.cueDuration - Self.epsilon else { return 0 }
        return moves ? min(1, (Self.cueDuration - t) / Self.cueFade) : 1
    }

    /// The field's horizontal offset in points: a sine of `shakeCycles` swings whose width
    /// falls linearly to 0 at `shakeDuration`; 0 before and after.
    public func shakeOffset(at now: Double) -> Double {
        let t = now - cueStart
        guard moves, t > 0, t < Self.shakeDuration - Self.epsilon else { return 0 }
        let progress = t / Self.shakeDuration
        return Self.shakeAmplitude * (1 - progress) * Self.sine(2 * .pi * Self.shakeCycles * progress)
    }

    /// Starts the success look of a submit. The dots fade out as usual once the field is
    /// emptied; the check mark grows in over them.
    public mutating func succeed(at now: Double) {
        successStart = now
        cueStart = -.infinity
    }

    /// The success look's strength, 0…1: rising, held at 1, falling.
    public func successStrength(at now: Double) -> Double {
        let t = now - successStart
        guard t >= 0, t < Self.successDuration - Self.epsilon else { return 0 }
        return moves ? min(1, t / Self.successIn, (Self.successDuration - t) / Self.successOut) : 1
    }

    /// When the last motion ends, or nil when every cell, the error and the success looks are
    /// already still.
    public func restTime(after now: Double) -> Double? {
        var latest = -Double.infinity
        for t in tracks { latest = max(latest, t.end(in: self)) }
        latest = max(latest, cueStart + Self.cueDuration, successStart + Self.successDuration)
        return latest > now + Self.epsilon ? latest : nil
    }

    /// sin(x) without the C library: the core stays pure Swift. A Taylor series after
    /// reducing x to −π…π, good to 1e-7 — far below a pixel.
    static func sine(_ x: Double) -> Double {
        var x = x.truncatingRemainder(dividingBy: 2 * .pi)
        if x > .pi { x -= 2 * .pi } else if x < -.pi { x += 2 * .pi }
        // Fold into −π/2…π/2, where the series converges fast.
        if x > .pi / 2 { x = .pi - x } else if x < -.pi / 2 { x = -.pi - x }
        let x2 = x * x
        var term = x, sum = x
        for n in stride(from: 2.0, through: 16.0, by: 2) {
            term *= -x2 / (n * (n + 1))
            sum += term
        }
        return sum
    }

    /// When the next frame is needed: one `frameInterval` from now, but never past the end of
    /// the motion, so the last frame shows the dots exactly at rest. Nil when nothing moves —
    /// the event loop then sleeps until an X event arrives.
    /// Held still (`moves` false), the one frame needed is the one at the end.
    public func nextDeadline(after now: Double, frameInterval: Double) -> Double? {
        guard let rest = restTime(after: now) else { return nil }
        guard moves else { return rest }
        let next = now + frameInterval
        return rest < next + Self.epsilon ? rest : next
    }
}
