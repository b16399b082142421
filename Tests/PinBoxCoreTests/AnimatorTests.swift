// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Animator")
struct AnimatorTests {
    @Test func aDotFadesAndGrowsInOverTheDuration() {
        var a = Animator(count: 6)
        a.setLength(1, at: 10)
        #expect(a.presence(of: 0, at: 10) == 0)
        #expect(abs(a.presence(of: 0, at: 10.1) - 0.5) < 1e-9)
        #expect(a.presence(of: 0, at: 10.2) == 1)
        #expect(a.presence(of: 0, at: 99) == 1)
        #expect(a.presence(of: 1, at: 10.1) == 0)
    }

    @Test func aDeletedDotShrinksAndFadesOut() {
        var a = Animator(count: 6)
        a.settle(length: 3)
        a.setLength(2, at: 0)
        #expect(a.presence(of: 2, at: 0) == 1)
        #expect(abs(a.presence(of: 2, at: 0.1) - 0.5) < 1e-9)
        #expect(a.presence(of: 2, at: 0.2) == 0)
        #expect(a.presence(of: 1, at: 0.1) == 1)
    }

    @Test func reversingMidwayStartsFromWhereTheDotIs() {
        var a = Animator(count: 1)
        a.setLength(1, at: 0)
        a.setLength(0, at: 0.05)
        #expect(abs(a.presence(of: 0, at: 0.05) - 0.25) < 1e-9)
        #expect(a.presence(of: 0, at: 0.10) == 0)
        #expect(a.restTime(after: 0.05) == 0.1)
    }

    @Test("the same values at any frame rate", arguments: [30.0, 60.0, 144.0])
    func frameRateIndependent(_ fps: Double) {
        var a = Animator(count: 6)
        var now = 0.0
        a.setLength(1, at: now)
        var frames = 0
        // Drive it the way the event loop does: ask for the next deadline, jump to it.
        while let next = a.nextDeadline(after: now, frameInterval: 1 / fps) {
            now = next
            frames += 1
        }
        #expect(abs(now - 0.2) < 1e-9, "the animation lasts showDuration")
        #expect(a.presence(of: 0, at: now) == 1)
        #expect(frames == Int((0.2 * fps).rounded(.up)))
        #expect(abs(a.presence(of: 0, at: 0.1) - 0.5) < 1e-9)
    }

    @Test func atRestThereIsNoDeadline() {
        var a = Animator(count: 6)
        #expect(a.nextDeadline(after: 0, frameInterval: 1.0 / 60) == nil)
        a.setLength(3, at: 1)
        #expect(a.nextDeadline(after: 1, frameInterval: 1.0 / 60) == 1 + 1.0 / 60)
        #expect(a.nextDeadline(after: 1.19, frameInterval: 1.0 / 60) == 1.2)
        #expect(a.nextDeadline(after: 1.2, frameInterval: 1.0 / 60) == nil)
    }

    @Test func zeroDurationShowsChangesAtOnce() {
        var a = Animator(count: 6, duration: 0)
        a.setLength(2, at: 5)
        #expect(a.presence(of: 1, at: 5) == 1)
        #expect(a.nextDeadline(after: 5, frameInterval: 1.0 / 60) == nil)
    }

    @Test func settleShowsDigitsAtRest() {
        var a = Animator(count: 4)
        a.settle(length: 2)
        #expect((0..<4).map { a.presence(of: $0, at: 0) } == [1, 1, 0, 0])
        #expect(a.restTime(after: 0) == nil)
    }

    @Test func errorCueFadesAndThenRests() {
        var a = Animator(count: 1)
        a.cue(at: 2)
        #expect(a.cueStrength(at: 2) == 1)
        #expect(a.cueStrength(at: 2 + Animator.cueDuration / 2) > 0.4)
        #expect(a.cueStrength(at: 2 + Animator.cueDuration) == 0)
        #expect(a.nextDeadline(after: 2 + Animator.cueDuration, frameInterval: 0.016) == nil)
    }

    @Test func aRefusalHoldsTheErrorColourThenEasesBack() {
        var a = Animator(count: 6)
        a.cue(at: 1)
        #expect(a.cueStrength(at: 1) == 1 && a.cueStrength(at: 1.4) == 1)
        #expect(abs(a.cueStrength(at: 1 + Animator.cueDuration - Animator.cueFade / 2) - 0.5) < 1e-9)
        #expect(a.cueStrength(at: 1 + Animator.cueDuration) == 0)
        #expect(a.nextDeadline(after: 1.59, frameInterval: 1.0 / 60) == 1.6)
        #expect(a.nextDeadline(after: 1.6, frameInterval: 1.0 / 60) == nil)
    }

    @Test func aRefusalShakesForAThirdOfASecondThenStops() {
        var a = Animator(count: 6)
        a.cue(at: 5)
        #expect(a.shakeOffset(at: 5) == 0)
        // Three swings that die away: the first peak is near the full amplitude.
        let offsets = stride(from: 5.0, through: 5.3, by: 0.005).map { a.shakeOffset(at: $0) }
        #expect(offsets.max()! > 4.5 && offsets.max()! <= Animator.shakeAmplitude)
        #expect(offsets.min()! < -3)
        let crossings = zip(offsets, offsets.dropFirst()).filter { $0 < 0 && $1 >= 0 || $0 > 0 && $1 <= 0 }.count
        #expect((5...6).contains(crossings), "\(crossings) zero crossings")
        #expect(a.shakeOffset(at: 5 + Animator.shakeDuration) == 0 && a.shakeOffset(at: 9) == 0)
        // The frames keep coming while it moves: the deadline never skips past a swing.
        #expect(a.nextDeadline(after: 5.1, frameInterval: 1.0 / 60)! <= 5.1 + 1.0 / 60 + 1e-9)
    }

    @Test func aSubmitShowsSuccessThenComesToRest() {
        var a = Animator(count: 6)
        a.settle(length: 6)
        a.succeed(at: 2)
        a.setLength(0, at: 2)
        #expect(a.successStrength(at: 2) == 0)
        #expect(abs(a.successStrength(at: 2 + Animator.successIn / 2) - 0.5) < 1e-9)
        #expect(a.successStrength(at: 2.5) == 1)
        #expect(a.presence(of: 0, at: 2.2) == 0, "the dots have faded under the check mark")
        #expect(a.successStrength(at: 2 + Animator.successDuration) == 0)
        #expect(a.nextDeadline(after: 2.5, frameInterval: 1.0 / 60) != nil)
        #expect(a.nextDeadline(after: 2 + Animator.successDuration, frameInterval: 1.0 / 60) == nil)
        // A refusal cuts the success look short.
        a.succeed(at: 10)
        a.cue(at: 10.1)
        #expect(a.successStrength(at: 10.2) == 0 && a.cueStrength(at: 10.2) == 1)
    }

    @Test func theSineIsTheSine() {
        for x in stride(from: -20.0, through: 20.0, by: 0.37) {
            let s = Animator.sine(x), c = Animator.sine(x + .pi / 2)
            #expect(abs(s * s + c * c - 1) < 1e-6, "sin² + cos² at \(x)")
        }
        #expect(abs(Animator.sine(.pi / 6) - 0.5) < 1e-9)
    }
}
