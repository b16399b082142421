// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("polkit's questions: the dialog that asks them, and who asked")
struct PolkitQuestionTests {
    private let message = "Authentication is needed to run `/usr/bin/id' as the super user"

    @Test func pamsPasswordPromptNamesTheUserWhosePasswordItIs() {
        let spec = PolkitQuestion(message: message, user: "alice", prompt: "Password: ").dialog
        #expect(spec.description == message)
        #expect(spec.prompt == "alice's password")
        #expect(spec.kind == .entry(PromptKind.password.entry) && !spec.showsTyping && spec.reveal != nil)
        #expect(spec.error.isEmpty && spec.detail == nil)
    }

    @Test func anotherPromptIsShownInItsOwnWords() {
        var question = PolkitQuestion(message: message, user: "alice", prompt: "Passwort: ")
        #expect(question.dialog.prompt == "Passwort")
        question.prompt = "Verification code: "
        question.echo = true
        let code = question.dialog
        #expect(code.prompt == "Verification code" && code.showsTyping && code.reveal == nil)
    }

    @Test func aRefusalIsSaidInRedUnlessPAMSaidWhy() {
        var question = PolkitQuestion(message: message, user: "alice", prompt: "Password: ")
        question.askedAgain = true
        #expect(question.dialog.error == "That was not accepted: try again")
        question.error = "Your account has expired; please contact your system administrator."
        #expect(question.dialog.error == question.error)
        question.note = "You have new mail."
        #expect(question.dialog.notes == "You have new mail.")
    }

    /// Where polkit lists several users (administrators), the dialog has "Another user" before
    /// Cancel, and Alt+U ends it unanswered as "not OK" (the agent then asks the next user);
    /// with one user, no such button, and Alt+U types nothing special.
    @Test func whereOthersMayAnswerAnotherUserCanBeAsked() throws {
        func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
            Size(width: Double(text.unicodeScalars.count) * style.size * 0.6, height: (style.size * 1.2).rounded(.up))
        }
        var question = PolkitQuestion(message: message, user: "alice", prompt: "Password: ")
        let alone = try question.dialog.makePage(measure: measure)
        #expect(!alone.content.buttons.contains { $0.role == .notOK })
        _ = alone.handle(.mnemonic("u"), now: 1)
        #expect(alone.outcome == nil)
        question.otherUsers = true
        let page = try question.dialog.makePage(measure: measure)
        let roles = page.content.buttons.map(\.role)
        #expect(Array(roles.suffix(3)) == [.notOK, .cancel, .ok], "\(roles)")
        let another = page.content.buttons.first { $0.role == .notOK }
        #expect(another?.text == "Another user" && another?.mnemonic == "u")
        _ = page.handle(.mnemonic("u"), now: 1)
        #expect(page.outcome == .notConfirmed)
        // The wait for a finger offers it too, before Cancel; a failure's OK does not.
        question.note = "Swipe your finger"
        let waiting = try question.waitingDialog.makePage(measure: measure)
        #expect(waiting.content.buttons.map(\.role) == [.notOK, .cancel])
        #expect(!(try question.failureDialog.makePage(measure: measure)).content.buttons.contains { $0.role == .notOK })
    }

    @Test func theProgramThatAskedIsPkexecOrTheSubject() {
        let pkexec = PolkitQuestion.asker(subject: "bash", caller: "pkexec /usr/bin/id -u", callerIsPkexec: true)
        #expect(pkexec == "pkexec /usr/bin/id -u")
        let disks = PolkitQuestion.asker(subject: "nautilus", caller: "/usr/libexec/udisks2/udisksd", callerIsPkexec: false)
        #expect(disks == "nautilus")
        #expect(PolkitQuestion.asker(subject: nil, caller: "udisksd", callerIsPkexec: false) == "udisksd")
        #expect(PolkitQuestion.asker(subject: nil, caller: nil, callerIsPkexec: false) == nil)
        var question = PolkitQuestion(message: message, user: "alice", prompt: "Password: ")
        question.askedBy = pkexec
        #expect(question.dialog.detail == .askedBy("pkexec /usr/bin/id -u"))
    }
}
