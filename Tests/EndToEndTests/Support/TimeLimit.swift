// SPDX-License-Identifier: MIT
import Testing

extension Trait where Self == TimeLimitTrait {
    /// How long an end-to-end test may run before it counts as hung. Swift Testing starts a
    /// test's clock when it starts the test, and it starts most of a run's tests together, then
    /// runs them as its threads come free: on two cores a test's time is mostly its wait for a
    /// turn, up to the length of the whole run. The limit is above any run's length, so that it
    /// only ever names a test that hangs; scripts/test bounds the whole run besides.
    static var endToEnd: Self { .timeLimit(.minutes(10)) }
}
