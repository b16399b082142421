// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore

/// A release and a press of the same key at one moment: a held key's repeat, or two keystrokes
/// typed as fast as XTEST can.
@Suite("Auto-repeat told from fast typing")
struct AutoRepeatTests {
    @Test func aKeyLetGoWithinTheDelayIsAKeystroke() {
        #expect(!AutoRepeat.isRepeat(downSince: 5_000, releasedAt: 5_000), "down and up in one millisecond")
        #expect(!AutoRepeat.isRepeat(downSince: 5_000, releasedAt: 5_000 + AutoRepeat.shortestDelay - 1))
    }

    @Test func aKeyHeldForTheDelayRepeats() {
        #expect(AutoRepeat.isRepeat(downSince: 5_000, releasedAt: 5_000 + AutoRepeat.shortestDelay))
        #expect(AutoRepeat.isRepeat(downSince: 5_000, releasedAt: 5_660), "X's default delay")
    }

    /// A key the window did not see go down was held before it had the keyboard: it repeats.
    @Test func aKeyHeldFromBeforeRepeats() {
        #expect(AutoRepeat.isRepeat(downSince: nil, releasedAt: 5_000))
    }

    /// The server's milliseconds wrap after 49.7 days: a press just before and a release just
    /// after are a millisecond apart, not 49 days.
    @Test func theServersClockWraps() {
        #expect(!AutoRepeat.isRepeat(downSince: UInt32.max, releasedAt: 0))
        #expect(AutoRepeat.isRepeat(downSince: UInt32.max - 50, releasedAt: 200))
    }
}
