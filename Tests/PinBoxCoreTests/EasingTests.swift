// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Easing curves")
struct EasingTests {
    /// Drives an animator the way the event loop does, from a key at 0 until it is still;
    /// returns the times of the frames drawn.
    private func frames(_ a: Animator, fps: Double) -> [Double] {
        var now = 0.0, times: [Double] = []
        while let next = a.nextDeadline(after: now, frameInterval: 1 / fps) {
            now = next
            times.append(now)
        }
        return times
    }

    @Test func linearIsTodaysDefault() {
        #expect(Animator(count: 1).easing == .linear)
        var a = Animator(count: 1, easing: .linear)
        a.setLength(1, at: 0)
        #expect(a.presence(of: 0, at: 0.05) == 0.25)
        #expect(a.presence(of: 0, at: 0.1) == 0.5)
        // Ink grows as presence³: an eighth of it halfway through, 1/64 at a quarter.
        #expect(Easing.ink(a.presence(of: 0, at: 0.05)) == 0.015625)
    }

    @Test func seedIsFullAfterThreeTicksAt60Hz() {
        var a = Animator(count: 6, duration: 0.2, easing: .seed, tickInterval: 1.0 / 60)
        a.setLength(1, at: 0)
        #expect(a.presence(of: 0, at: 0) == 0)
        #expect(abs(a.presence(of: 0, at: 1.0 / 60) - 1.0 / 3) < 1e-12)
        // Between ticks it holds: the seed moves only when the display link fires.
        #expect(abs(a.presence(of: 0, at: 0.025) - 1.0 / 3) < 1e-12)
        #expect(abs(a.presence(of: 0, at: 2.0 / 60) - 2.0 / 3) < 1e-12)
        #expect(a.presence(of: 0, at: 3.0 / 60) == 1)
        #expect(a.restTime(after: 0) == 0.05)
        let times = frames(a, fps: 60)
        #expect(times.count == 3, "frames at \(times)")
        #expect(abs(times.last! - 0.05) < 1e-12)
    }

    @Test func seedStepsAtTheDisplaysRate() {
        // 120 Hz: the same three steps of 1/3 in half the time, as on a ProMotion phone.
        var fast = Animator(count: 1, duration: 0.2, easing: .seed, tickInterval: 1.0 / 120)
        fast.setLength(1, at: 0)
        #expect(fast.presence(of: 0, at: 3.0 / 120) == 1)
        #expect(frames(fast, fps: 120).count == 3)
        // A 0.4-s showDuration makes d = 1/6: six ticks.
        var slow = Animator(count: 1, duration: 0.4, easing: .seed, tickInterval: 1.0 / 60)
        slow.setLength(1, at: 0)
        #expect(abs(slow.presence(of: 0, at: 1.0 / 60) - 1.0 / 6) < 1e-12)
        #expect(slow.presence(of: 0, at: 6.0 / 60) == 1)
        #expect(frames(slow, fps: 60).count == 6)
    }

    @Test func seedFadesOutInStepsToo() {
        var a = Animator(count: 1, easing: .seed)
        a.settle(length: 1)
        a.setLength(0, at: 1)
        #expect(abs(a.presence(of: 0, at: 1 + 1.0 / 60 + 1e-9) - 2.0 / 3) < 1e-9)
        #expect(a.presence(of: 0, at: 1.05 + 1e-9) == 0)
    }

    @Test func easeOutIsCubicOnPresence() {
        var a = Animator(count: 1, easing: .easeOut)
        a.setLength(1, at: 0)
        #expect(a.presence(of: 0, at: 0.1) == 0.875)
        #expect(a.presence(of: 0, at: 0.2) == 1)
        #expect(frames(a, fps: 60).count == 12, "the duration is the same as linear's")
    }

    @Test func inkEaseOutHasHalfTheInkInTheFirstQuarter() {
        var a = Animator(count: 1, easing: .inkEaseOut)
        a.setLength(1, at: 0)
        // A quarter of 0.2 s: ink 1 − 0.75³ = 0.578125.
        #expect(abs(Easing.ink(a.presence(of: 0, at: 0.05)) - 0.578125) < 1e-12)
        // Half the ink at u = 1 − ∛0.5 ≈ 0.2063.
        #expect(Easing.ink(a.presence(of: 0, at: 0.2 * 0.2062)) < 0.5)
        #expect(Easing.ink(a.presence(of: 0, at: 0.2 * 0.2064)) > 0.5)
        #expect(a.presence(of: 0, at: 0.2) == 1)
    }

    @Test func inkCurvesFadeOutInInkToo() {
        var a = Animator(count: 1, easing: .inkEaseOut)
        a.settle(length: 1)
        a.setLength(0, at: 0)
        #expect(abs(Easing.ink(a.presence(of: 0, at: 0.05)) - 0.421875) < 1e-12)
        var even = Animator(count: 1, easing: .inkLinear)
        even.setLength(1, at: 0)
        #expect(abs(Easing.ink(even.presence(of: 0, at: 0.1)) - 0.5) < 1e-12)
    }

    @Test func everyCurveComesToRestAndStopsAskingForFrames() {
        for easing in Easing.allCases {
            var a = Animator(count: 2, easing: easing)
            a.setLength(2, at: 0)
            let times = frames(a, fps: 60)
            #expect(a.presence(of: 1, at: times.last!) == 1, "\(easing)")
            #expect(a.nextDeadline(after: times.last!, frameInterval: 1.0 / 60) == nil, "\(easing)")
            #expect(Easing(rawValue: easing.rawValue) == easing)
        }
    }

    @Test func cubeRootIsExactWhereItCanBe() {
        #expect(Easing.cubeRoot(0.125) == 0.5)
        #expect(Easing.cubeRoot(0) == 0 && Easing.cubeRoot(1) == 1)
        #expect(abs(Easing.cubeRoot(0.5) - 0.7937005259840998) < 1e-15)
    }
}
