// SPDX-License-Identifier: MIT
import PinBoxCore

/// One question of a polkit authentication, in a process of its own (`pinbox polkit-agent
/// --ask MESSAGE …`, started by the agent): the answer goes on standard output, a pipe the
/// agent reads into its locked arena; Cancel, Escape or closing ends the process with status 1
/// and nothing written. Standard input is a pipe from the agent: its hang-up (polkit withdrew
/// the authentication, or the agent ended) closes the dialog unanswered. With `waits`, it
/// says PAM's words while PAM waits for something other than typing (a finger on a reader),
/// with Cancel alone.
struct PolkitQuestionDialog {
    let question: PolkitQuestion
    let waits: Bool
    let dialog: AgentDialog

    func run() -> Int32 {
        dialog.run(waits ? question.waitingDialog : question.dialog) { page in
            PageController(page: page, delivery: waits ? .none : .standardOutput, events: false, screenshots: nil)
        }
    }
}
