// SPDX-License-Identifier: MIT
/// What the system password agent does about the questions in its directory: one dialog at a
/// time (disks unlocked together ask together: each question in turn, where the user knows
/// which one the keys go to), and a dialog ends, unanswered, as soon as its question is
/// withdrawn (the asker gave up, was answered by another agent, or ended) or its `NotAfter=`
/// passes. A question is asked once: answered, declined or unaskable, it is not asked again
/// while its file stays. An asker that asks again what was just answered says, by asking, that
/// the answer was refused (systemd-cryptsetup, after a wrong passphrase; or after its `verify`
/// question was answered otherwise than the first): the dialog says so, in red, as the
/// askpass does for sudo and ssh.
public struct SystemQuestionBoard: Equatable, Sendable {
    /// A question being asked, by its file's name, and when its asker stops waiting.
    public struct Asking: Equatable, Sendable {
        public var name: String
        public var notAfter: UInt64?
        var asker: Answer?
    }

    /// A question asked: by whom, in its words, and whether the user answered it.
    struct Answer: Equatable, Sendable {
        var pid: Int32
        var message: String
        var answered = false
    }

    /// Why a question is asked again.
    public enum AskedAgain: String, Equatable, Sendable, CaseIterable {
        /// The asker refused the answer (a wrong passphrase).
        case refused
        /// The answer to its verification differed from the first one.
        case mismatch

        /// The dialog's red line.
        public var sentence: String {
            switch self {
            case .refused: localized("That was not accepted: try again")
            case .mismatch: localized("does not match - try again")
            }
        }
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
        /// Why its asker asks it again, when it does.
        public var askedAgain: AskedAgain?
        /// The dialog to end unanswered.
        public var withdraw: String?
        /// Files that cannot be asked, and why (said once).
        public var refused: [(name: String, refusal: SystemQuestion.Refusal)] = []

        public static func == (a: Moves, b: Moves) -> Bool {
            a.ask == b.ask && a.askedAgain == b.askedAgain && a.withdraw == b.withdraw
                && a.refused.map { $0.name } == b.refused.map { $0.name }
                && a.refused.map { $0.refusal } == b.refused.map { $0.refusal }
        }
    }

    public private(set) var asking: Asking?
    /// Files already settled (answered, declined, refused or left unasked), kept while they stay.
    public private(set) var settled: [String] = []
    /// The latest questions asked, newest last.
    private(set) var answers: [Answer] = []
    /// The most kept: enough for the askers of one burst of questions.
    static let answersKept = 8

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
                    let asker = question.pid.map { Answer(pid: $0, message: question.message) }
                    asking = Asking(name: item.name, notAfter: question.notAfter, asker: asker)
                    moves.ask = item.name
                    moves.askedAgain = asker.flatMap(askedAgain)
                }
            }
        }
        if let asking, !names.contains(asking.name) || asking.notAfter.map({ now >= $0 }) == true {
            moves.withdraw = asking.name
        }
        return moves
    }

    /// Why `question` is asked again: its asker's latest question was this one, or this one's
    /// verification, and the user answered it.
    private func askedAgain(_ question: Answer) -> AskedAgain? {
        guard let last = answers.last(where: { $0.pid == question.pid }), last.answered else { return nil }
        if last.message == question.message { return .refused }
        let label = DialogSpec.label(question.message)
        return DialogSpec.label(last.message) == label + " (verification)" ? .mismatch : nil
    }

    /// The dialog for `name` has ended, however it ended; `answered` when it gave an answer.
    public mutating func ended(_ name: String, answered: Bool = false) {
        if asking?.name == name {
            if var asker = asking?.asker {
                asker.answered = answered
                answers.append(asker)
                if answers.count > Self.answersKept { answers.removeFirst() }
            }
            asking = nil
        }
        if !settled.contains(name) { settled.append(name) }
    }

    /// The moment the open dialog must end on its own (its `NotAfter=`), if any.
    public var nextDeadline: UInt64? { asking?.notAfter }

    /// No dialog is open.
    public var isIdle: Bool { asking == nil }
}
