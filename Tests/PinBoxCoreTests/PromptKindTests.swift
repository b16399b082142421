// SPDX-License-Identifier: MIT
import PinBoxCore
import Testing

/// The one prompt classifier, on the prompts real callers send (copied from OpenSSH's
/// readpass/sshconnect/ssh-add/ssh-agent/ssh-pkcs11/ssh-keygen, sudo, git's credential.c, and
/// gpg-agent's call-pinentry.c and divert-scd.c).
@Suite("Prompt classification")
struct PromptKindTests {
    static let fingerprint = "SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE"

    @Test(arguments: [
        // OpenSSH: ssh-add, ssh, ssh-keygen.
        ("Enter passphrase for /home/alice/.ssh/id_ed25519: ", PromptKind.passphrase),
        ("Enter passphrase for /home/alice/.ssh/id_ed25519 (will confirm each use): ", .passphrase),
        ("Bad passphrase, try again for /home/alice/.ssh/id_ed25519: ", .passphrase),
        ("Enter passphrase for key '/home/alice/.ssh/id_rsa': ", .passphrase),
        ("Enter passphrase for \"/tmp/k\": ", .passphrase),
        ("Enter old passphrase: ", .passphrase),
        ("Enter new passphrase (empty for no passphrase): ", .passphrase),
        ("Enter same passphrase again: ", .passphrase),
        // A file whose path holds "PIN" or "otp" is still a passphrase's.
        ("Enter passphrase for /home/PIN/otp/.ssh/id_ed25519: ", .passphrase),
        // Tokens and security keys: PIN boxes.
        ("Enter passphrase for PKCS#11: ", .pin(.user)),
        ("Enter PIN for 'OpenSC Card (alice)': ", .pin(.user)),
        ("Enter PIN for authenticator: ", .pin(.user)),
        ("Enter PIN for ED25519-SK key \(fingerprint): ", .pin(.user)),
        ("Enter PIN and confirm user presence for ECDSA-SK key \(fingerprint): ", .pin(.user)),
        ("Enter PIN for CA key: ", .pin(.user)),
        // Passwords: ssh, sudo, ssh-add -x.
        ("alice@example.org's password: ", .password),
        ("Enter alice@example.org's old password: ", .password),
        ("Retype alice@example.org's new password: ", .password),
        ("Password: ", .password),
        ("[sudo] password for alice: ", .password),
        ("Enter lock password: ", .password),
        // Keyboard-interactive prompts, as ssh shows them, prefixed with "(user@host) ".
        ("(alice@127.0.0.1) Password: ", .password),
        ("(alice@127.0.0.1) Verification code: ", .code),
        ("Verification code: ", .code),
        ("One-time password (OATH) for `alice': ", .code),
        ("Enter PASSCODE: ", .password),
        ("Enter security code:", .password),
        ("(alice@host) OTP: ", .code),
        // A secret's word wins: what is typed stays hidden.
        ("Password or OTP: ", .password),
        // git (credential.c): the user name shown, the password hidden, whatever the URL holds.
        ("Username for 'https://git.example.com': ", .username),
        ("Password for 'https://alice@git.example.com': ", .password),
        ("Password for 'https://PIN@git.example.com': ", .password),
        ("Username for 'https://PIN.example.com': ", .username),
        ("Username: ", .username),
        ("login: ", .username),
        // sudo -p with anything at all, and translated sudo: a hidden password.
        ("-> alice password: ", .password),
        ("--help", .password),
        ("[sudo] Passwort für alice: ", .password),
        ("[sudo] пароль для alice: ", .password),
        ("", .password),
        // PIN as a word in capitals, outside quotes and addresses.
        ("PIN: ", .pin(.user)),
        ("Admin PIN: ", .pin(.admin)),
        ("PUK: ", .pin(.puk)),
        ("Remember the PINs you chose: ", .password),
        ("spinning: ", .password),
    ])
    func askpassPrompts(_ prompt: String, _ kind: PromptKind) {
        #expect(PromptKind(askpass: prompt, hint: .none) == kind, "\(prompt)")
    }

    @Test func sshHintsDecideBeforeTheWords() {
        #expect(PromptKind(askpass: "Allow use of key /home/alice/.ssh/id_ed25519?\nKey fingerprint \(Self.fingerprint).",
                           hint: .confirm) == .confirm)
        #expect(PromptKind(askpass: "Confirm user presence for key ED25519-SK \(Self.fingerprint)",
                           hint: .notice) == .deviceWait)
        #expect(AskpassHint(environment: "confirm") == .confirm)
        #expect(AskpassHint(environment: "none") == .notice)
        #expect(AskpassHint(environment: nil) == .none)
        #expect(AskpassHint(environment: "whatever") == .none)
    }

    @Test func theHostKeyQuestionOfOpenSSH92() throws {
        let prompt = "The authenticity of host '[127.0.0.1]:2222 ([127.0.0.1]:2222)' can't be established.\n"
            + "ED25519 key fingerprint is \(Self.fingerprint).\n"
            + "This key is not known by any other names.\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
        guard case .hostKey(let q) = PromptKind(askpass: prompt, hint: .none) else {
            Issue.record("not a host-key question")
            return
        }
        #expect(q.keyType == "ED25519")
        #expect(q.fingerprint == Self.fingerprint)
        #expect(q.acceptsFingerprint)
        #expect(q.text == "The authenticity of host '[127.0.0.1]:2222 ([127.0.0.1]:2222)' can't be established.\n"
            + "This key is not known by any other names.\nAre you sure you want to continue connecting?")
    }

    /// `ssh -o VisualHostKey=yes`: the key's picture follows the fingerprint's line.
    static let picture = [
        "+--[ED25519 256]--+", "| .               |", "|+                |", "|=o               |",
        "|o*+              |", "|E+o..   S .      |", "|=Bo+ o + o .     |", "|*=* o B o . .    |",
        "|*.o=.B = . o     |", "|.o..*o+   .      |", "+----[SHA256]-----+",
    ]

    @Test func theHostKeysPictureIsTakenOutOfTheText() throws {
        let prompt = "The authenticity of host 'example.org (192.0.2.1)' can't be established.\n"
            + "ED25519 key fingerprint is \(Self.fingerprint).\n"
            + Self.picture.joined(separator: "\n") + "\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
        guard case .hostKey(let q) = PromptKind(askpass: prompt, hint: .none) else {
            Issue.record("not a host-key question")
            return
        }
        #expect(q.picture == Self.picture)
        #expect(q.fingerprint == Self.fingerprint)
        #expect(q.text == "The authenticity of host 'example.org (192.0.2.1)' can't be established.\n"
            + "Are you sure you want to continue connecting?")
        // Lines that only look like a frame stay the caller's words: rows of another width, or
        // no closing line.
        for broken in [Array(Self.picture.prefix(3)) + ["|short|"] + Self.picture.suffix(1), Array(Self.picture.prefix(5))] {
            let text = "ED25519 key fingerprint is \(Self.fingerprint).\n" + broken.joined(separator: "\n")
                + "\nAre you sure you want to continue connecting (yes/no)? "
            guard case .hostKey(let q) = PromptKind(askpass: text, hint: .none) else {
                Issue.record("not a host-key question")
                continue
            }
            #expect(q.picture == nil)
            #expect(q.text.contains(broken[1]))
        }
    }

    @Test func theHostKeyQuestionOfLaterOpenSSH() throws {
        let prompt = "The authenticity of host 'example.org (192.0.2.1)' can't be established.\n"
            + "ECDSA key fingerprint is: \(Self.fingerprint)\n"
            + "Are you sure you want to continue connecting (yes/no/[fingerprint])? "
        guard case .hostKey(let q) = PromptKind(askpass: prompt, hint: .none) else {
            Issue.record("not a host-key question")
            return
        }
        #expect(q.keyType == "ECDSA" && q.fingerprint == Self.fingerprint)
    }

    @Test func sshsOtherYesNoQuestions() {
        let again = PromptKind(askpass: "Please type 'yes', 'no' or the fingerprint: ", hint: .none)
        #expect(again == .hostKey(HostKeyQuestion(text: "Please type 'yes', 'no' or the fingerprint",
                                                  acceptsFingerprint: true)))
        let ip = "Warning: the ED25519 host key for 'example.org' differs from the key for the IP address "
            + "'192.0.2.1'\nOffending key for IP in /home/alice/.ssh/known_hosts:3\n"
            + "Are you sure you want to continue connecting (yes/no)? "
        guard case .hostKey(let q) = PromptKind(askpass: ip, hint: .none) else {
            Issue.record("not a yes/no question")
            return
        }
        #expect(!q.acceptsFingerprint && q.fingerprint == nil)
        #expect(q.text.hasSuffix("Are you sure you want to continue connecting?"))
        guard case .hostKey(let update) = PromptKind(askpass: "Accept updated hostkeys? (yes/no): ", hint: .none) else {
            Issue.record("not a yes/no question")
            return
        }
        #expect(update.text == "Accept updated hostkeys?" && !update.acceptsFingerprint)
    }

    /// git URL-decodes a user name, so a submodule's URL can put ssh's choices inside git's
    /// password prompt. Only ssh's own question ends with them: the password stays hidden.
    @Test(arguments: ["(yes/no/[fingerprint])?", "(yes/no)?", "(yes/no):"])
    func theChoicesInsideAnotherPromptAreNotTheQuestion(_ choices: String) {
        #expect(PromptKind(askpass: "Password for 'https://\(choices)@github.com': ", hint: .none) == .password)
        #expect(PromptKind(askpass: "Username for 'https://\(choices).example': ", hint: .none) == .username)
        // The control: at the end, as ssh writes it, the same words are the question.
        guard case .hostKey = PromptKind(askpass: "Continue connecting \(choices) ", hint: .none) else {
            Issue.record("\(choices) at the end is not a question")
            return
        }
    }

    @Test func aFingerprintIsNeverBrokenAndKeepsItsEnd() throws {
        // ssh 9.2 ends the sentence with a full stop, which base64 never holds.
        let kind = PromptKind(askpass: "x\nRSA key fingerprint is MD5:12:34:56.\ny (yes/no/[fingerprint])? ", hint: .none)
        guard case .hostKey(let q) = kind else { Issue.record("not a host key"); return }
        #expect(q.fingerprint == "MD5:12:34:56" && q.keyType == "RSA")
    }

    // MARK: gpg-agent: the request's shape, never its translated words

    @Test func theAgentsPassphraseRequests() {
        // A key's passphrase, in any language.
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Passphrase:", namesKey: true)) == .passphrase)
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Passphrase:", namesKey: false)) == .passphrase)
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Passwort:", namesKey: true)) == .passphrase)
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Фраза-пароль:", namesKey: false,
                                               repeats: true)) == .passphrase)
        // "PIN" with a key named: the key's passphrase dialog, whatever its prompt says.
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "PIN", namesKey: true)) == .passphrase)
    }

    @Test func theAgentsCardPrompts() {
        // divert-scd.c sends "PIN" as written, in every language, with SETKEYINFO --clear.
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "PIN")) == .pin(.user))
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "PIN:")) == .pin(.user))
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Admin PIN")) == .pin(.admin))
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "PUK")) == .pin(.puk))
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Reset Code")) == .pin(.resetCode))
        // Translated Admin PIN prompts are not read: a passphrase entry takes them.
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Admin-PIN")) == .passphrase)
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "PIN администратора")) == .passphrase)
        // A GET_PASSPHRASE whose prompt merely contains "PIN" is not a card's.
        #expect(PromptKind(agent: AgentRequest(command: .getPin, prompt: "Enter the PIN@host")) == .passphrase)
    }

    @Test func theAgentsConfirmationsAndMessages() {
        #expect(PromptKind(agent: AgentRequest(command: .confirm)) == .confirm)
        #expect(PromptKind(agent: AgentRequest(command: .confirm, okLabelSent: true)) == .confirm)
        #expect(PromptKind(agent: AgentRequest(command: .message)) == .information)
        // agent_show_message names its button; the pinpad popup sends none and is ended by the agent.
        #expect(PromptKind(agent: AgentRequest(command: .oneButton, okLabelSent: true)) == .information)
        #expect(PromptKind(agent: AgentRequest(command: .oneButton)) == .deviceWait)
    }

    // MARK: headings and entries

    @Test func headingsByKind() {
        #expect(PromptKind.password.heading == "Password required")
        #expect(PromptKind.passphrase.heading == "Passphrase required")
        #expect(PromptKind.pin(.user).heading == "PIN required")
        #expect(PromptKind.username.heading == "Username required")
        #expect(PromptKind.code.heading == "Verification code")
        #expect(PromptKind.confirm.heading == "Confirm")
        #expect(PromptKind.information.heading == "Information")
        #expect(PromptKind.deviceWait.heading == "Security device")
        let question = HostKeyQuestion(text: "x", keyType: "ED25519", fingerprint: Self.fingerprint,
                                       acceptsFingerprint: true)
        #expect(PromptKind.hostKey(question).heading == "Unknown host key")
    }

    @Test func namesAndCodesAreShownSecretsAreNot() {
        #expect(PromptKind.username.showsTyping && PromptKind.code.showsTyping)
        #expect(!PromptKind.password.showsTyping && !PromptKind.passphrase.showsTyping)
        #expect(!PromptKind.pin(.user).showsTyping)
        #expect(PromptKind.password.canReveal && PromptKind.passphrase.canReveal)
        #expect(!PromptKind.username.canReveal && !PromptKind.pin(.user).canReveal)
        // No length known: one box, never six suggesting six are needed.
        #expect(PromptKind.pin(.admin).entry == .openPIN(shown: 1))
        #expect(PromptKind.pin(.user).entry == .openPIN(shown: 1))
        #expect(PromptKind.username.entry == .passphrase)
    }
}
