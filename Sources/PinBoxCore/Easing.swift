// SPDX-License-Identifier: MIT
/// How a dot's presence (its alpha and its scale, 0…1) moves from where it is toward its
/// target: the curves a designer compares with `--easing`.
///
/// A dot's ink — what the eye sees — is its alpha times its area, so it grows as presence³:
/// under `linear` a dot has an eighth of its ink halfway through and is barely visible for
/// the first ~90 ms of 0.2 s. The `ink-…` curves are defined on the ink instead, and
/// `ink-ease-out` has half the ink a fifth of the way in.
public enum Easing: String, CaseIterable, Sendable {
    /// Presence proportional to time: seed 003's intent (0.2 s, straight lines). The demo
    /// page's default (the seeds' own curve); prompts use `promptDefault`.
    case linear
    /// Seed 003 replayed literally: each display tick moves presence by
    /// `1 / (15 × showDuration)`, so at 60 Hz and 0.2 s a dot is full after 3 ticks (50 ms),
    /// whatever the duration says, and it moves in steps between ticks.
    case seed
    /// Cubic ease-out on presence: `1 − (1 − u)³`.
    case easeOut = "ease-out"
    /// Ink proportional to time: presence `∛u`, the dot's ink grows evenly.
    case inkLinear = "ink-linear"
    /// Cubic ease-out on ink: ink `1 − (1 − u)³`, half of it at u ≈ 0.206.
    case inkEaseOut = "ink-ease-out"

    /// The curve of the askpass's, the pinentry's and the payment sheet's dots: a prompt must
    /// feel immediate. Under `linear` a dot has 2 % of its ink 50 ms after the key (t³), while
    /// the seed on the phone drew it whole in 3 ticks (50 ms); `ink-ease-out` gives 59 % at
    /// 50 ms and moves smoothly, where `seed` jumps in steps (docs/design.md).
    public static let promptDefault = Easing.inkEaseOut

    /// The presence of a dot that moves from `from` to `target` (each 0…1) and has run for
    /// `progress` of its motion (0…1). Only the smooth curves: `seed` steps by ticks and is
    /// worked out by `Animator` from the elapsed time.
    public func presence(from: Double, to target: Double, progress u: Double) -> Double {
        let u = min(1, max(0, u))
        switch self {
        case .linear, .seed:
            return from + (target - from) * u
        case .easeOut:
            return from + (target - from) * Self.cubicOut(u)
        case .inkLinear, .inkEaseOut:
            // Move the ink, then take the presence that gives it.
            let a = from * from * from, b = target * target * target
            let share = self == .inkLinear ? u : Self.cubicOut(u)
            return Self.cubeRoot(a + (b - a) * share)
        }
    }

    /// The ink of a dot at `presence`, 0…1: alpha × scale².
    public static func ink(_ presence: Double) -> Double {
        presence * presence * presence
    }

    static func cubicOut(_ u: Double) -> Double {
        let v = 1 - u
        return 1 - v * v * v
    }

    /// ∛x for x in 0…1 without the C library (the core stays pure Swift): bisection to the
    /// last bit, so the result is the same on every machine.
    static func cubeRoot(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<64 {
            let mid = (lo + hi) / 2
            if mid * mid * mid < x { lo = mid } else { hi = mid }
        }
        return hi
    }
}
