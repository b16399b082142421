// SPDX-License-Identifier: MIT
/// One question of a polkit authentication: polkit asks a user to prove who they are before a
/// program does something as another (pkexec, a disk's unlocking, a service's change). Its
/// helper runs PAM, and PAM asks: usually the user's password, sometimes a code or a PIN.
/// polkitd's message says what is authorized, in the user's language.
public struct PolkitQuestion: Equatable, Sendable {
    /// polkit's message: "Authentication is needed to run `/usr/bin/id' as the super user".
    public var message: String
    /// The user whose password PAM checks.
    public var user: String
    /// PAM's prompt, as the helper passed it ("Password: ").
    public var prompt: String
    /// Whether PAM said the answer may be shown as typed.
    public var echo = false
    /// The command line of the program that asked, when known.
    public var askedBy: String?
    /// Whether the last answer was refused: the user is asked again.
    public var askedAgain = false
    /// PAM's own error: said in red.
    public var error = ""
    /// What PAM said for the user to read.
    public var note = ""
    /// Whether polkit lists other users who may answer instead (several administrators): the
    /// question's dialog, and the one that waits for a device, offer to ask another of them.
    public var otherUsers = false

    public init(message: String, user: String, prompt: String) {
        self.message = message
        self.user = user
        self.prompt = prompt
    }

    /// The dialog that asks it: polkit's message as its heading's words, the user named in the
    /// entry's label where PAM asks for a password, what the prompt's words ask for (a code is
    /// shown as typed, a PIN gets PIN boxes).
    public var dialog: DialogSpec {
        var kind = PromptKind(askpass: prompt, hint: .none)
        // Whatever its words, PAM waits for an answer: never a yes or a no.
        if !kind.hasEntry { kind = .password }
        if case .hostKey = kind { kind = .password }
        var spec = framed(kind)
        // TRANSLATORS: polkit's question for a user's password; %s is the user's login name, as alice.
        spec.prompt = Self.isPasswordPrompt(prompt) ? localized("%s's password", user) : DialogSpec.label(prompt)
        spec.error = error.isEmpty && askedAgain ? SystemQuestionBoard.AskedAgain.refused.sentence : error
        spec.notes = note
        spec.alternativeLabel = anotherUser
        if echo {
            spec.showsTyping = true
            spec.reveal = nil
        }
        return spec
    }

    /// The dialog shown while PAM waits for something other than typing (a finger on a
    /// fingerprint reader, a security key's touch) after saying what (`note`, or `error`):
    /// polkit's message, PAM's words under it, the wait cue, and Cancel.
    public var waitingDialog: DialogSpec {
        var spec = framed(.deviceWait)
        spec.notes = note
        spec.error = error
        spec.noticeCancels = true
        spec.alternativeLabel = anotherUser
        return spec
    }

    /// The button that asks the next user polkit listed instead, where it listed several.
    private var anotherUser: String? {
        // TRANSLATORS: a button of polkit's question where several users (administrators) may
        // answer: the next of them is asked instead.
        otherUsers ? localized("Another _user") : nil
    }

    /// The dialog that says why an authentication failed with nothing asked: polkit's message,
    /// PAM's words in red under it, and OK.
    public var failureDialog: DialogSpec {
        var spec = framed(.information)
        spec.error = error.isEmpty ? note : error
        return spec
    }

    /// A dialog of `kind` with what each of this question's dialogs shows: polkit's message,
    /// and the program that asked.
    private func framed(_ kind: PromptKind) -> DialogSpec {
        var spec = DialogSpec(prompt: kind)
        spec.description = message
        spec.detail = askedBy.map(PageDetail.askedBy)
        return spec
    }

    /// Which command line names the program that asked. pkexec is the program that asks for
    /// itself (the command it will run as another user is in its own command line); for any
    /// other caller (a service such as udisks) the subject is who asked for the action.
    public static func asker(subject: String?, caller: String?, callerIsPkexec: Bool) -> String? {
        callerIsPkexec ? caller ?? subject : subject ?? caller
    }

    /// PAM's plain password prompt, in English (a translated one is shown in its own words).
    static func isPasswordPrompt(_ prompt: String) -> Bool {
        PromptText.lowercased(DialogSpec.label(prompt)) == "password"
    }
}
