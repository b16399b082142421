// SPDX-License-Identifier: MIT
/// What a terminal dialog waits for besides the next byte: the end of a lone Escape's wait (it
/// may yet start a key's sequence) and the agent's timeout, counted from the last activity.
/// Both terminal dialogs read their keys through one.
struct TerminalClock {
    private var keys = TerminalKeyReader()
    private var lastActivity: Double
    /// The agent's SETTIMEOUT in seconds; 0 for none.
    private let timeout: Int

    init(timeout: Int, now: Double) {
        self.timeout = timeout
        lastActivity = now
    }

    /// Something happened at `now` (a byte, the agent's answer): the timeout counts from there.
    mutating func touch(_ now: Double) {
        lastActivity = now
    }

    /// The keys `byte` completes; a byte is activity.
    mutating func feed(_ byte: UInt8, now: Double) -> [TerminalKey] {
        lastActivity = now
        return keys.feed(byte, now: now)
    }

    /// A key whose wait is over by `now` (a lone Escape).
    mutating func advance(to now: Double) -> TerminalKey? {
        keys.advance(to: now)
    }

    /// Whether the agent's timeout has passed at `now`.
    func timedOut(at now: Double) -> Bool {
        timeout > 0 && now >= lastActivity + Double(timeout)
    }

    /// When the host must call `advance(to:)` next, if ever.
    var deadline: Double? {
        let end = timeout > 0 ? lastActivity + Double(timeout) : nil
        switch (keys.deadline, end) {
        case (let a?, let b?): return min(a, b)
        case (let a, let b): return a ?? b
        }
    }
}
