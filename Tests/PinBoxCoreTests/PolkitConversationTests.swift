// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("polkit's authentications: which dialog when, and what goes to the helper")
struct PolkitConversationTests {
    private let words = PolkitQuestion(message: "Authentication is needed to run `/usr/bin/id' as the super user",
                                       user: "alice", prompt: "")

    private func asked(_ prompt: String, _ change: (inout PolkitQuestion) -> Void = { _ in }) -> PolkitConversation.Dialog {
        var question = words
        question.prompt = prompt
        change(&question)
        return .question(question)
    }

    private func begun() -> PolkitConversation {
        var conversation = PolkitConversation()
        #expect(conversation.hear(.began(words), now: 0) == [])
        return conversation
    }

    @Test func aPasswordAskedAnsweredAndAccepted() {
        var conversation = begun()
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 10) == [.open(asked("Password: "))])
        #expect(conversation.dialogEnded(answered: true) == [.respond])
        #expect(conversation.hear(.completed(authenticated: true), now: 20) == [])
        #expect(conversation.nextDeadline == nil)
    }

    @Test func aRefusedPasswordIsAskedAgainInRedOnce() {
        var conversation = begun()
        _ = conversation.hear(.request(prompt: "Password: ", echo: false), now: 10)
        _ = conversation.dialogEnded(answered: true)
        #expect(conversation.hear(.completed(authenticated: false), now: 20) == [.retry])
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 30)
                == [.open(asked("Password: ") { $0.askedAgain = true })])
        _ = conversation.dialogEnded(answered: true)
        #expect(conversation.hear(.completed(authenticated: false), now: 40) == [.retry])
        // Refused again: said again.
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 50)
                == [.open(asked("Password: ") { $0.askedAgain = true })])
    }

    @Test func aHelperThatFailsWithNothingAskedIsNotStartedAgain() {
        var conversation = begun()
        #expect(conversation.hear(.completed(authenticated: false), now: 10) == [.giveUp])
        // Nothing under way any more: a stray request opens nothing.
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 20) == [])
    }

    /// "Another user" from the question's dialog begins the authentication again (the C side
    /// says BEGIN for the next user); from a dialog withdrawn meanwhile it is a plain end.
    @Test func anotherUserBeginsAgainForTheNext() {
        var conversation = begun()
        _ = conversation.hear(.request(prompt: "Password: ", echo: false), now: 10)
        #expect(conversation.dialogAskedForAnotherUser() == [.anotherUser])
        var bob = words
        bob.user = "bob"
        #expect(conversation.hear(.began(bob), now: 20) == [])
        var asked = bob
        asked.prompt = "Password: "
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 30) == [.open(.question(asked))])
        #expect(conversation.dialogEnded(answered: true) == [.respond])

        var withdrawn = begun()
        _ = withdrawn.hear(.request(prompt: "Password: ", echo: false), now: 10)
        #expect(withdrawn.hear(.withdrawn, now: 20) == [.withdrawDialog])
        #expect(withdrawn.dialogAskedForAnotherUser() == [])
    }

    /// While PAM waits for the first user's finger, another user may be asked as well; once
    /// the authentication has failed (its failure's dialog open), there is no one to ask.
    @Test func anotherUserFromAWaitBeginsAgainButNotFromAFailure() {
        var waiting = begun()
        _ = waiting.hear(.message("Swipe your finger", isError: false), now: 10)
        #expect(waiting.tick(now: 10 + PolkitConversation.waitingDelay).count == 1)
        #expect(waiting.dialogAskedForAnotherUser() == [.anotherUser])
        #expect(waiting.nextDeadline == nil)

        var failed = begun()
        _ = failed.hear(.message("The account is locked", isError: true), now: 10)
        #expect(failed.hear(.completed(authenticated: false), now: 20).contains { if case .open(.failed) = $0 { true } else { false } })
        #expect(failed.dialogAskedForAnotherUser() == [])
    }

    @Test func cancelDismisses() {
        var conversation = begun()
        _ = conversation.hear(.request(prompt: "Password: ", echo: false), now: 10)
        #expect(conversation.dialogEnded(answered: false) == [.cancel])
        #expect(conversation.hear(.completed(authenticated: false), now: 20) == [], "it has ended already")
    }

    @Test func aWithdrawnAuthenticationClosesItsDialogAndItsEndSaysNothing() {
        var conversation = begun()
        _ = conversation.hear(.request(prompt: "Password: ", echo: false), now: 10)
        #expect(conversation.hear(.withdrawn, now: 20) == [.withdrawDialog])
        #expect(conversation.dialogEnded(answered: true) == [], "no answer goes anywhere")
        // The next authentication's question opens once the withdrawn dialog has closed.
        _ = conversation.hear(.began(words), now: 30)
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 40) == [.open(asked("Password: "))])
    }

    @Test func theNextAuthenticationWaitsForAWithdrawnDialogToClose() {
        var conversation = begun()
        _ = conversation.hear(.request(prompt: "Password: ", echo: false), now: 10)
        #expect(conversation.hear(.withdrawn, now: 20) == [.withdrawDialog])
        _ = conversation.hear(.began(words), now: 30)
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 40) == [])
        #expect(conversation.dialogEnded(answered: false) == [.open(asked("Password: "))])
    }

    @Test func wordsFollowedByAPromptGoWithItsDialog() {
        var conversation = begun()
        #expect(conversation.hear(.message("You have 2 days to change your password", isError: false), now: 10) == [])
        #expect(conversation.nextDeadline == 10 + PolkitConversation.waitingDelay)
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 20)
                == [.open(asked("Password: ") { $0.note = "You have 2 days to change your password" })])
        #expect(conversation.nextDeadline == nil)
        #expect(conversation.tick(now: 10_000_000) == [])
    }

    @Test func wordsWithNoPromptAfterThemGetADialogThatWaitsWithThem() {
        var conversation = begun()
        _ = conversation.hear(.message("Swipe your right index finger across the fingerprint reader", isError: false), now: 100)
        #expect(conversation.tick(now: 100 + PolkitConversation.waitingDelay - 1) == [], "not yet")
        var waiting = words
        waiting.note = "Swipe your right index finger across the fingerprint reader"
        #expect(conversation.tick(now: 100 + PolkitConversation.waitingDelay) == [.open(.waiting(waiting))])
        // New words replace the waiting dialog at once.
        #expect(conversation.hear(.message("Swipe again", isError: true), now: 200_000_000) == [.withdrawDialog])
        var again = words
        again.error = "Swipe again"
        #expect(conversation.dialogEnded(answered: false) == [.open(.waiting(again))])
        // The finger read: the helper ends, and so does the waiting dialog.
        #expect(conversation.hear(.completed(authenticated: true), now: 300_000_000) == [.withdrawDialog])
        #expect(conversation.dialogEnded(answered: false) == [])
    }

    @Test func aPromptAfterAWaitReplacesTheWaitingDialog() {
        var conversation = begun()
        _ = conversation.hear(.message("Place your finger on the reader", isError: false), now: 0)
        _ = conversation.tick(now: PolkitConversation.waitingDelay)
        // The reader timed out: PAM asks for the password instead.
        #expect(conversation.hear(.request(prompt: "Password: ", echo: false), now: 10_000_000) == [.withdrawDialog])
        #expect(conversation.dialogEnded(answered: false) == [.open(asked("Password: "))], "the finger's words said once")
    }

    @Test func cancellingTheWaitDismisses() {
        var conversation = begun()
        _ = conversation.hear(.message("Place your finger on the reader", isError: false), now: 0)
        _ = conversation.tick(now: PolkitConversation.waitingDelay)
        #expect(conversation.dialogEnded(answered: false) == [.cancel])
    }

    @Test func aWaitingDialogNeverHandsOnAnAnswer() {
        var conversation = begun()
        _ = conversation.hear(.message("Touch your security key", isError: false), now: 0)
        _ = conversation.tick(now: PolkitConversation.waitingDelay)
        #expect(conversation.dialogEnded(answered: true) == [.cancel])
    }

    @Test func wordsNoOneSawSayWhyItFailed() {
        var conversation = begun()
        _ = conversation.hear(.message("The account is locked due to 3 failed logins.", isError: true), now: 0)
        var failed = words
        failed.error = "The account is locked due to 3 failed logins."
        #expect(conversation.hear(.completed(authenticated: false), now: 10) == [.giveUp, .open(.failed(failed))])
        #expect(conversation.dialogEnded(answered: false) == [], "the authentication has ended already: nothing to cancel")
    }

    /// PAM's words shown while it waits (a locked account's, before PAM's fail delay ends)
    /// stay, with OK, when the helper then fails: the waiting dialog gives way to that one.
    @Test func wordsAWaitingDialogShowedStayWhenItFails() {
        var conversation = begun()
        _ = conversation.hear(.message("The account is locked", isError: true), now: 0)
        _ = conversation.tick(now: PolkitConversation.waitingDelay)
        #expect(conversation.hear(.completed(authenticated: false), now: 10_000_000) == [.giveUp, .withdrawDialog])
        var failed = words
        failed.error = "The account is locked"
        #expect(conversation.dialogEnded(answered: false) == [.open(.failed(failed))])
        #expect(conversation.dialogEnded(answered: false) == [])
    }

    /// Words followed by a prompt were said with it: a failure after the answer is a refusal,
    /// asked again, and a failure of the helper that then asks nothing says nothing old.
    @Test func wordsSaidWithAPromptAreNotWhyALaterFailureHappened() {
        var conversation = begun()
        _ = conversation.hear(.message("You have new mail", isError: false), now: 0)
        _ = conversation.hear(.request(prompt: "Password: ", echo: false), now: 10)
        #expect(conversation.dialogEnded(answered: false) == [.cancel])
        var other = begun()
        _ = other.hear(.message("You have new mail", isError: false), now: 0)
        _ = other.hear(.request(prompt: "Password: ", echo: false), now: 10)
        _ = other.dialogEnded(answered: true)
        #expect(other.hear(.completed(authenticated: false), now: 20) == [.retry])
        #expect(other.hear(.completed(authenticated: false), now: 30) == [.giveUp], "nothing old said")
    }
}
