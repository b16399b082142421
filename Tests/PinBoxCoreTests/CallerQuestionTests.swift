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
        "Terminate shared connection to example.org? ",
        "Disable further multiplexing on shared connection to example.org? ",
        "Enter PIN for authenticator: ",
        "Enter passphrase (empty for no passphrase): ", "Enter new passphrase (empty for no passphrase): ",
        "Enter same passphrase again: ", "Enter old passphrase: ", "Enter passphrase: ", "Enter PIN for CA key: ",
        "Enter PIN for ED25519-SK key: ", "Enter lock password: ", "Again: ",
        "Allow forward to example.org:22? ",
        "Open local forward LOCALHOST:8080 -> db.internal:5432 on example.org?",
        "Open remote forward LOCALHOST:2222 -> localhost:22 on example.org?",
        "Open dynamic forward *:1080 -> * on example.org?",
        "Allow use of key alice@laptop?\npublic key authentication request for user \"alice\" to listed host",
        "Confirm user presence for key ED25519-SK\npublic key authentication request for user \"git\" to listed host",
        "Enter PIN and confirm user presence for ED25519-SK key SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw: ",
        "Please enter passphrase for disk WD_Elements (backup):", "Please enter recovery key for disk root:",
        "Please enter passphrase or recovery key for disk Samsung SSD (home):",
        "Please enter passphrase for disk WD_Elements (backup) (verification):",
        "Please enter recovery key for disk root (verification):",
        "Please enter passphrase or recovery key for disk home (verification):",
        "Please enter security token PIN:", "Please enter TPM2 PIN:", "Please enter LUKS2 token PIN:",
        "Please enter image passphrase:",
        "Please enter PIN for security token 'YubiKey PIV #12345' in order to unlock WD_Elements (backup):",
    ])
    func aQuestionReadWholeIsTheCallersWordsInEnglish(_ prompt: String) {
        #expect(CallerQuestion.described(prompt) == DialogSpec.label(prompt))
    }

    /// systemd's questions are read whole: a disk's second question, its verification, is its
    /// own sentence, and so is each of a token PIN's askings after a wrong one (systemd 252's
    /// pkcs11-util.c: the next tries, few tries left, the final try), the token and the disk
    /// in them as systemd named them.
    @Test func systemdsQuestionsAreReadWhole() {
        #expect(CallerQuestion.systemdQuestion("Please enter passphrase for disk home (verification)")
            == "Please enter passphrase for disk home (verification)")
        for text in ["Please enter PIN for security token 'YubiKey PIV #1' in order to unlock WD (backup) (try #2)",
                     "Please enter correct PIN for security token 'YubiKey PIV #1' in order to unlock WD (backup) (final try)",
                     "PIN has been entered incorrectly previously, please enter correct PIN for security token "
                        + "'YubiKey PIV #1' in order to unlock WD (backup)",
                     "Please enter PIN for security token 'YubiKey PIV #1' in order to unlock WD (backup)"] {
            #expect(CallerQuestion.systemdQuestion(text) == text, "\(text)")
        }
        #expect(CallerQuestion.names(in: "Please enter PIN for security token 'Key' in order to unlock home (try #3)",
                                     by: CallerQuestion.systemdTokenQuestions[0]) == ["Key", "home", "3"])
        for text in ["Please enter PIN for security token '' in order to unlock home",
                     "Please enter PIN for security token 'YubiKey' in order to unlock ",
                     "Please enter passphrase for disk ", "Please enter TPM2 PIN now", "Please enter passphrase"] {
            #expect(CallerQuestion.systemdQuestion(text) == nil, "\(text)")
        }
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

    /// A question asked again says why: ssh-keygen's new passphrase, that the two typed
    /// differed; any other (sudo's, ssh's, ssh-keygen's others), that the answer was refused.
    @Test func aQuestionAskedAgainSaysWhy() {
        #expect(CallerQuestion.askedAgain("Enter passphrase (empty for no passphrase): ")
                == "The passphrases did not match: type the new one again")
        for prompt in ["[sudo] password for alice: ", "Enter passphrase for key '/k': ", "Enter PIN for authenticator: ",
                       "Enter new passphrase (empty for no passphrase): "] {
            #expect(CallerQuestion.askedAgain(prompt) == "That was not accepted: try again", "\(prompt)")
        }
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
        "Again and again: ", "Enter passphrase again: ", "Enter PIN for key: ", "Allow forward to my host:22? ",
        "Open local forward LOCALHOST:8080 -> db:5432?", "Open dynamic forward LOCALHOST:1080 -> db:80 on example.org?",
        "Open local forward /run/my socket -> db:5432 on example.org?",
        "My own question?\npublic key authentication request for user \"alice\" to listed host",
        "Allow use of key alice@laptop?\npublic key authentication request for user alice to listed host",
        "Enter PIN and confirm user presence for my key SHA256:x: ",
    ])
    func anyOtherPromptIsShownAsItCame(_ prompt: String) {
        #expect(CallerQuestion.described(prompt) == nil)
    }
}

@Suite("Caller questions: ssh's host-key question, line by line")
struct HostKeyQuestionWordsTests {
    /// With no catalogue (English), ssh's question as the dialog shows it is ssh's own words,
    /// to the letter: a new host, one whose key is known by other names (listed as ssh wrote
    /// them), one with keys of another type known, and the questions ssh asks again.
    @Test(arguments: [
        "The authenticity of host 'example.org (192.0.2.7)' can't be established.\n"
            + "ED25519 key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "This key is not known by any other names.\nAre you sure you want to continue connecting (yes/no/[fingerprint])? ",
        "The authenticity of host '[127.0.0.1]:2222 ([127.0.0.1]:2222)' can't be established,\n"
            + "but keys of different type are already known for this host.\n"
            + "RSA key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "This host key is known by the following other names/addresses:\n    ~/.ssh/known_hosts:3: web1\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ",
        "Please type 'yes', 'no' or the fingerprint: ",
        "Please type 'yes' or 'no': ",
        "Warning: the ED25519 host key for 'example.org' differs from the key for the IP address '192.0.2.7'\n"
            + "Offending key for IP in /home/alice/.ssh/known_hosts:3\nMatching host key in /home/alice/.ssh/known_hosts:1\n"
            + "Are you sure you want to continue connecting (yes/no)? ",
        Self.manyNamesAndDNS,
        "Matching host key fingerprint found in DNS.\nAre you sure you want to continue connecting (yes/no)? ",
        "Accept updated hostkeys? (yes/no): ",
    ])
    func inEnglishTheQuestionIsSshsOwnWords(_ prompt: String) throws {
        let question = try #require(HostKeyQuestion(ssh: prompt))
        #expect(CallerQuestion.hostKey(question.text) == question.text)
    }

    /// ssh's question with DNS's finding (VerifyHostKeyDNS) and more names than it lists.
    static let manyNamesAndDNS: String = {
        let names: String = (1...8).map { (n: Int) -> String in "    ~/.ssh/known_hosts:\(n): web\(n)\n" }.joined()
        return "The authenticity of host 'example.org (192.0.2.7)' can't be established.\n"
            + "ED25519 key fingerprint is SHA256:4QEs3+ZJ1mQ9Tg0BWzYJtW3vM7b0wq8bP7pJ4pXvzNw.\n"
            + "No matching host key fingerprint found in DNS.\n"
            + "This host key is known by the following other names/addresses:\n" + names
            + "    (3 additional names omitted)\nAre you sure you want to continue connecting (yes/no/[fingerprint])? "
    }()

    /// Every line the function says again is one of ssh's, whole: a line with more or less
    /// (a name ssh listed, DNS's finding, another program's words) is not one of them.
    @Test func onlySshsWholeLinesAreRead() {
        #expect(CallerQuestion.hostKeyLines.allSatisfy { !$0.contains("%") && !$0.hasSuffix(" ") })
        for line in ["    ~/.ssh/known_hosts:3: web1", "Matching host key fingerprint found in DNS", "    (additional names omitted)",
                     "    (-2 additional names omitted)", "(3 additional names omitted)",
                     "This key is not known by any other names", "Are you sure you want to continue connecting? ",
                     "The authenticity of host '' can't be established.",
                     "Warning: the ED25519 host key for 'example.org' differs", "Offending key for IP in "] {
            #expect(!CallerQuestion.hostKeyLines.contains(line), "\(line)")
            #expect(CallerQuestion.hostKey(line) == line)
        }
    }
}
