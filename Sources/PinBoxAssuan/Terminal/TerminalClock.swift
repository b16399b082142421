// SPDX-License-Identifier: MIT
/// What a terminal dialog waits for besides the next byte: the end of a lone Escape's wait (it
/// may yet start a key's sequence) and the agent's timeout, counted from the last activity until
/// something is typed (then the dialog waits for the user, as pinentry-gtk-2 does). Both
/// terminal dialogs read their keys through one.
struct TerminalClock {
    private var keys: TerminalKeyReader
    private var lastActivity: Double
    /// The agent's SETTIMEOUT in seconds; 0 for none.
    private let timeout: Int
    /// The entry's text has changed: the timeout no longer runs.
    private var typedInto = false

    init(timeout: Int, now: Double, editing: TerminalEditingKeys) {
        keys = TerminalKeyReader(editing: editing)
        self.timeout = timeout
        lastActivity = now
    }

    /// Something happened at `now` (a byte, the agent's answer): the timeout counts from there.
    mutating func touch(_ now: Double) {
        lastActivity = now
    }

    /// The entry's text changed.
    mutating func typed() {
        typedInto = true
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
        timeoutDeadline.map { now >= $0 } ?? false
    }

    private var timeoutDeadline: Double? {
        timeout > 0 && !typedInto ? lastActivity + Double(timeout) : nil
    }

    /// When the host must call `advance(to:)` next, if ever.
    var deadline: Double? {
        switch (keys.deadline, timeoutDeadline) {
        case (let a?, let b?): return min(a, b)
        case (let a, let b): return a ?? b
        }
    }
}
