// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// ssh-add's questions name the key file whose saved passphrase may answer them; nothing else
/// is taken for one.
struct SSHAddPromptTests {
    @Test func ssh_addsQuestionsNameTheKeyFile() {
        #expect(SSHAddPrompt("Enter passphrase for /home/anna/.ssh/id_ed25519: ")
                == SSHAddPrompt(keyFile: "/home/anna/.ssh/id_ed25519", isRetry: false))
        #expect(SSHAddPrompt("Bad passphrase, try again for /home/anna/.ssh/id_ed25519: ")
                == SSHAddPrompt(keyFile: "/home/anna/.ssh/id_ed25519", isRetry: true))
        // ssh-add -c
        #expect(SSHAddPrompt("Enter passphrase for /k/my key (will confirm each use): ")
                == SSHAddPrompt(keyFile: "/k/my key", isRetry: false, confirmsEachUse: true))
        #expect(SSHAddPrompt("Bad passphrase, try again for /k/id (will confirm each use):")
                == SSHAddPrompt(keyFile: "/k/id", isRetry: true, confirmsEachUse: true))
    }

    @Test func otherQuestionsAreNotTaken() {
        for prompt in ["Enter passphrase for key '/home/anna/.ssh/id_ed25519': ",  // ssh's own
                       "Enter passphrase for id_ed25519: ",  // a path from where ssh-add stands
                       "Enter passphrase for PKCS#11: ",
                       "Enter passphrase for key:",
                       "Enter passphrase for /home/anna/.ssh/id_ed25519",  // no colon: not the question
                       "Enter passphrase for /a\n/b: ",
                       "[sudo] password for anna: ",
                       "Enter PIN for 'ECDSA key': "] {
            #expect(SSHAddPrompt(prompt) == nil, "\(prompt)")
        }
    }
}
