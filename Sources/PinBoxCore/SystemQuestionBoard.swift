// SPDX-License-Identifier: MIT
/// What the system password agent does about the questions in its directory: one dialog at a
/// time (disks unlocked together ask together: each question in turn, where the user knows
/// which one the keys go to), and a dialog ends, unanswered, as soon as its question is
/// withdrawn (the asker gave up, was answered by another agent, or ended) or its `NotAfter=`
/// passes. A question is asked once: answered, declined or unaskable, it is not asked again
/// while its file stays.
public struct SystemQuestionBoard: Equatable, Sendable {
    /// A question being asked, by its file's name, and when its asker stops waiting.
    public struct Asking: Equatable, Sendable {
        public var name: String
        public var notAfter: UInt64?
    }

    /// One of the directory's question files as read now: its question, or why it cannot be
    /// asked.
    public struct Found: Sendable {
        public var name: String
        public var question: Result<SystemQuestion, SystemQuestion.Refusal>

        public init(name: String, question: Result<SystemQuestion, SystemQuestion.Refusal>) {
            self.name = name
            self.question = question
        }
    }

    /// What to do now.
    public struct Moves: Equatable, Sendable {
        /// The file whose question gets a dialog now.
        public var ask: String?
        /// The dialog to end unanswered.
        public var withdraw: String?
        /// Files that cannot be asked, and why (said once).
        public var refused: [(name: String, refusal: SystemQuestion.Refusal)] = []

        public static func == (a: Moves, b: Moves) -> Bool {
            a.ask == b.ask && a.withdraw == b.withdraw
                && a.refused.map { $0.name } == b.refused.map { $0.name }
                && a.refused.map { $0.refusal } == b.refused.map { $0.refusal }
        }
    }

    public private(set) var asking: Asking?
    /// Files already settled (answered, declined, refused or left unasked), kept while they stay.
    public private(set) var settled: [String] = []

    public init() {}

    /// The directory now holds `found` (its question files only) at `now` (microseconds of
    /// `CLOCK_MONOTONIC`); `isRunning` says whether a process ID is still running.
    public mutating func update(_ found: [Found], now: UInt64, isRunning: (Int32) -> Bool) -> Moves {
        var moves = Moves()
        let names = found.map { $0.name }
        settled.removeAll { !names.contains($0) }
        for item in found where !settled.contains(item.name) && asking?.name != item.name {
            switch item.question {
            case .failure(let refusal):
                moves.refused.append((item.name, refusal))
                settled.append(item.name)
            case .success(let question):
                // An asker that has ended or stopped waiting is not asked for it.
                if !question.isWaiting(at: now) || question.pid.map(isRunning) == false {
                    settled.append(item.name)
                } else if asking == nil {
                    asking = Asking(name: item.name, notAfter: question.notAfter)
                    moves.ask = item.name
                }
            }
        }
        if let asking, !names.contains(asking.name) || asking.notAfter.map({ now >= $0 }) == true {
            moves.withdraw = asking.name
        }
        return moves
    }

    /// The dialog for `name` has ended, however it ended.
    public mutating func ended(_ name: String) {
        if asking?.name == name { asking = nil }
        if !settled.contains(name) { settled.append(name) }
    }

    /// The moment the open dialog must end on its own (its `NotAfter=`), if any.
    public var nextDeadline: UInt64? { asking?.notAfter }

    /// No dialog is open.
    public var isIdle: Bool { asking == nil }
}
