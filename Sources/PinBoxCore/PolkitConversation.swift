// SPDX-License-Identifier: MIT
/// A polkit agent's authentications as polkit's helper conducts them, and what the agent does
/// about each thing it hears: which dialog to open and when, when to hand the answer on, ask
/// again, give up or dismiss. The helper runs PAM, and PAM asks (a password, a code), says
/// things (an error, "Swipe your finger"), or waits for a device with nothing to type. Plain
/// rules; `PolkitAgentLoop` carries them out, one dialog process at a time.
public struct PolkitConversation: Sendable {
    /// What the agent hears from polkit and its helper.
    public enum Heard: Equatable, Sendable {
        /// An authentication begins: its words, before any prompt.
        case began(PolkitQuestion)
        /// PAM asks; `echo` when the answer may be shown.
        case request(prompt: String, echo: Bool)
        /// PAM says something for the user to read, or an error.
        case message(String, isError: Bool)
        /// The helper ended, the user authenticated or not.
        case completed(authenticated: Bool)
        /// polkitd withdrew the authentication (its caller ended).
        case withdrawn
    }

    /// A dialog the agent opens.
    public enum Dialog: Equatable, Sendable {
        /// An entry for PAM's prompt.
        case question(PolkitQuestion)
        /// PAM's words while it waits for something other than typing, with Cancel.
        case waiting(PolkitQuestion)
        /// PAM's last words, when the authentication failed with nothing asked after them (a
        /// locked account, an expired one): a message, with OK.
        case failed(PolkitQuestion)
    }

    /// What the agent does.
    public enum Move: Equatable, Sendable {
        /// Starts a dialog process (none is open).
        case open(Dialog)
        /// Closes the open dialog, unanswered: its end is reported as any other.
        case withdrawDialog
        /// Hands the answer of the dialog that ended to the helper.
        case respond
        /// Dismisses the authentication: the user declined.
        case cancel
        /// Starts the helper again for the same user: PAM refused the answer.
        case retry
        /// Ends the authentication, failed: the helper failed with nothing asked.
        case giveUp
        /// Ends the helper unheard and begins again for the next user polkit listed.
        case anotherUser
    }

    /// How long PAM's words wait for a prompt before a dialog of their own says them, so that
    /// words followed at once by a prompt (most) show in the prompt's dialog, not in a flash.
    public static let waitingDelay: UInt64 = 300_000

    /// The authentication under way: its words, and what goes with its next dialog (PAM's
    /// words, whether the last answer was refused).
    private var current: PolkitQuestion?
    /// Whether an answer went to the helper since it last started.
    private var answered = false
    /// The open dialog, and whether it was withdrawn (its end then says nothing).
    private var open: (dialog: Dialog, withdrawn: Bool)?
    /// The dialog to open once the open one has closed.
    private var next: Dialog?
    /// When PAM last said something no dialog has said yet (microseconds).
    private var saidAt: UInt64?
    /// PAM's last words since its last prompt, shown or not: why it failed, if it fails now.
    private var lastWords: PolkitQuestion?

    public init() {}

    /// When `tick` has something to do: PAM's words waited long enough for a prompt.
    public var nextDeadline: UInt64? { saidAt.map { $0 + Self.waitingDelay } }

    public mutating func hear(_ heard: Heard, now: UInt64) -> [Move] {
        switch heard {
        case .began(let question):
            current = question
            answered = false
            saidAt = nil
            lastWords = nil
            return []
        case .request(let prompt, let echo):
            guard var question = current else { return [] }
            question.prompt = prompt
            question.echo = echo
            forgetWhatWasSaid()
            lastWords = nil
            return show(.question(question))
        case .message(let text, let isError):
            guard current != nil else { return [] }
            if isError { current?.error = text } else { current?.note = text }
            lastWords = current
            // A waiting dialog says the new words at once; otherwise they wait for a prompt.
            if case .waiting? = open?.dialog, open?.withdrawn == false, let question = current {
                forgetWhatWasSaid()
                return show(.waiting(question))
            }
            saidAt = now
            return []
        case .completed(let authenticated):
            // (A dismissed authentication has ended here already.)
            guard current != nil else { return [] }
            if !authenticated, answered {
                answered = false
                current?.askedAgain = true
                lastWords = nil
                return closeWaiting() + [.retry]
            }
            // PAM's last words, with nothing asked after them, say why it failed (a locked
            // account): a dialog of their own, with OK, in place of a waiting one.
            let why = lastWords
            let moves = (authenticated ? [] : [.giveUp]) + end()
            guard !authenticated, let why else { return moves }
            return moves + show(.failed(why))
        case .withdrawn:
            return end()
        }
    }

    /// PAM's words have waited long enough for a prompt: a dialog of their own says them.
    public mutating func tick(now: UInt64) -> [Move] {
        guard let due = nextDeadline, now >= due else { return [] }
        saidAt = nil
        guard let question = current, open == nil, next == nil else { return [] }
        forgetWhatWasSaid()
        return show(.waiting(question))
    }

    /// The open dialog's process ended; `answered` when it wrote an answer and ended well.
    public mutating func dialogEnded(answered withAnswer: Bool) -> [Move] {
        guard let ended = open else { return [] }
        open = nil
        if ended.withdrawn {
            guard let dialog = next else { return [] }
            next = nil
            return show(dialog)
        }
        // The authentication it told of has ended already.
        if case .failed = ended.dialog { return [] }
        if withAnswer, case .question = ended.dialog {
            answered = true
            return [.respond]
        }
        return [.cancel] + end()
    }

    /// The open dialog (a question, or a wait for a device) ended asking for another of the
    /// users polkit listed: the authentication begins again for the next (its own words, its
    /// own dialog).
    public mutating func dialogAskedForAnotherUser() -> [Move] {
        guard current != nil, let ended = open, !ended.withdrawn else { return dialogEnded(answered: false) }
        if case .failed = ended.dialog { return dialogEnded(answered: false) }
        open = nil
        saidAt = nil
        return [.anotherUser]
    }

    /// Opens `dialog`, or withdraws the open one first and opens it after.
    private mutating func show(_ dialog: Dialog) -> [Move] {
        guard let shown = open else {
            open = (dialog, false)
            return [.open(dialog)]
        }
        next = dialog
        guard !shown.withdrawn else { return [] }
        open?.withdrawn = true
        return [.withdrawDialog]
    }

    /// A waiting dialog goes when the helper has ended: there is nothing more to wait for.
    private mutating func closeWaiting() -> [Move] {
        guard case .waiting? = open?.dialog, open?.withdrawn == false else { return [] }
        open?.withdrawn = true
        return [.withdrawDialog]
    }

    /// PAM's words and a refusal go with one dialog only.
    private mutating func forgetWhatWasSaid() {
        current?.note = ""
        current?.error = ""
        current?.askedAgain = false
        saidAt = nil
    }

    /// The authentication has ended: a dialog still open goes, unanswered.
    private mutating func end() -> [Move] {
        current = nil
        answered = false
        next = nil
        saidAt = nil
        lastWords = nil
        guard open?.withdrawn == false else { return [] }
        open?.withdrawn = true
        return [.withdrawDialog]
    }
}
