// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore

/// ssh-add's key passphrases in the password manager, kept as GNOME Keyring's ssh agent keeps
/// them (`SSHAddPrompt`; the Secret Service through libsecret, loaded for these questions only):
/// a saved passphrase answers ssh-add's first question with no dialog; the dialog offers to
/// save what is typed, ticked when an item is there, and unticked forgets it. ssh-add asks again
/// after a wrong answer, in other words, and that question always opens the dialog.
struct AskpassKeyring {
    let question: SSHAddPrompt
    let store: PasswordStore
    /// An item was there when the dialog opened.
    private(set) var saved = false

    /// For ssh-add's passphrase questions, when a Secret Service runs on the session bus and
    /// answers (none is started for a prompt, and a hung one is not waited for) and its default
    /// collection is unlocked (nobody is asked to unlock it for a prompt).
    init?(prompt: String, kind: PromptKind) {
        guard case .passphrase = kind, let question = SSHAddPrompt(prompt), Keyring.isRunning else { return nil }
        let store = Keyring.store(.ssh)
        guard store.isUsable() else { return nil }
        self.question = question
        self.store = store
    }

    /// Looks the key's item up; for the first question, answers from it: the exit status, or
    /// nil when the dialog is to ask.
    mutating func answer() -> Int32? {
        guard case .passphrase(let secret) = store.lookUp(question.keyFile) else { return nil }
        defer { secret.wipe() }
        saved = true
        guard !question.isRetry else { return nil }
        return (Output.handOver(secret) ?? .ok).rawValue
    }

    /// The dialog's checkbox, ticked when an item is there.
    func offer(in spec: inout DialogSpec) {
        spec.savePasswordLabel = localized("_Save in password manager")
        spec.savePasswordTicked = saved
    }

    /// Keeps what the user chose once the answer went out: the passphrase saved (replacing the
    /// item), or the item there forgotten.
    func keep(_ page: Page, field index: Int) {
        if page.agent.savePassword {
            _ = page.fields[index].field.secret.withBytes { store.save(question.keyFile, $0) }
        } else if saved {
            _ = store.clear(question.keyFile)
        }
    }
}
