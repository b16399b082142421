// SPDX-License-Identifier: MIT
import PinBoxCore

/// One question of a polkit authentication, in a process of its own (`pinbox polkit-agent
/// --ask MESSAGE …`, started by the agent): the answer goes on standard output, a pipe the
/// agent reads into its locked arena; Cancel, Escape or closing ends the process with status 1
/// and nothing written. Standard input is a pipe from the agent: its hang-up (polkit withdrew
/// the authentication, or the agent ended) closes the dialog unanswered. It may instead say
/// PAM's words while PAM waits for something other than typing (a finger on a reader), with
/// Cancel alone, or why the authentication failed, with OK. Where several users may answer,
/// "Another user" ends it with `anotherUser` and nothing written.
struct PolkitQuestionDialog {
    /// The status that asks the agent for the next user polkit listed.
    static let anotherUser: Int32 = 10

    enum Kind {
        case question, waiting, failure
    }

    let question: PolkitQuestion
    let kind: Kind
    let dialog: AgentDialog

    func run() -> Int32 {
        let spec = switch kind {
        case .question: question.dialog
        case .waiting: question.waitingDialog
        case .failure: question.failureDialog
        }
        return dialog.run(spec, controller: { page in
            PageController(page: page, delivery: kind == .question ? .standardOutput : .none, events: false, screenshots: nil)
        }, finish: { page, status in page.outcome == .notConfirmed ? Self.anotherUser : status })
    }
}
