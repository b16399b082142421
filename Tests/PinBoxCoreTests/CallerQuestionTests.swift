// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

@Suite("Caller questions: ssh's and git's, in the user's language")
struct CallerQuestionTests {
    /// With no catalogue (English), each question read whole is the caller's own words to the
    /// letter, less the colon: what the dialog showed before.
    @Test(arguments: [
        "Enter passphrase for /home/alice/.ssh/id_ed25519: ",
        "Enter passphrase for id_rsa (will confirm each use): ",
        "Enter passphrase for key '/home/alice/.ssh/id_ed25519': ",
        "Username for 'https://github.com': ",
        "Password for 'https://alice@github.com': ",
        "alice@example.org's password: ",
        "git@192.0.2.7's password:",
        "Enter PIN for ED25519-SK key /home/alice/.ssh/id_ed25519_sk: ",
        "Enter PIN for 'SoftHSM token': ",
        "Confirm user presence for key ED25519-SK",
        "Allow use of key alice@laptop?",
        "(alice@example.org) Password: ",
        "Enter passphrase for /home/alice/my keys/id_rsa: ",
        "Add key /home/alice/.ssh/id_ed25519 (alice@laptop) to agent?",
        "Add key /home/alice/my keys/id_rsa (work (old)) to agent?",
        "Allow shared connection to example.org? ",
    ])
    func aQuestionReadWholeIsTheCallersWordsInEnglish(_ prompt: String) {
        #expect(CallerQuestion.described(prompt) == DialogSpec.label(prompt))
    }

    /// After a wrong answer ssh-add's first question is asked again (the refusal goes on the
    /// red line), -c's note kept, for any file it names, a relative one too.
    @Test func theQuestionAfterAWrongAnswerIsTheFirstOne() {
        #expect(CallerQuestion.askedBefore("Bad passphrase, try again for /home/anna/.ssh/id_ed25519: ")
                == "Enter passphrase for /home/anna/.ssh/id_ed25519")
        #expect(CallerQuestion.askedBefore("Bad passphrase, try again for /k/id (will confirm each use):")
                == "Enter passphrase for /k/id (will confirm each use)")
        #expect(CallerQuestion.askedBefore("Bad passphrase, try again for id_ed25519: ") == "Enter passphrase for id_ed25519")
        #expect(CallerQuestion.askedBefore("Enter passphrase for id_ed25519: ") == nil)
        #expect(CallerQuestion.askedBefore("Bad passphrase, try again for : ") == nil)
    }

    /// Anything else is shown as it came: a custom prompt, sudo's, a question with a line break
    /// or a control character, an opening with nothing after it, a password with no account.
    @Test(arguments: [
        "[sudo] password for alice: ", "Passphrase: ", "Enter passphrase for key '/k':\nAgain: ",
        "Enter passphrase for \u{1B}[2J/k: ", "Enter passphrase for : ", "Username for '': ",
        "root's password: ", "my alice@host's password: ", "Verification code: ",
        // The touch notice before its fingerprint is taken out: that is read on the English.
        "Confirm user presence for key ED25519-SK SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw",
        "Enter PIN for ED25519-SK: ", "(alice@example.org) Verification code: ", "(alice) Password: ",
        "Enter passphrase for the backup: ",
        "Allow use of key alice@laptop?\nKey fingerprint SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.",
        "Add key /k/id to agent?", "Add key (alice) to agent?", "Allow shared connection to my laptop? ",
        "Allow shared connection to ? ",
    ])
    func anyOtherPromptIsShownAsItCame(_ prompt: String) {
        #expect(CallerQuestion.described(prompt) == nil)
    }
}
