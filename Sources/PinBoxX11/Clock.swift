// SPDX-License-Identifier: MIT
import CSystem

/// Seconds on the monotonic clock: what the animator's `now` means in the window.
public enum Clock {
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
