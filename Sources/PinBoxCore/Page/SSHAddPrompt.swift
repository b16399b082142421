// SPDX-License-Identifier: MIT

/// ssh-add's question for a key file's passphrase, which names the file: "Enter passphrase for
/// /home/anna/.ssh/id_ed25519: ", and after a wrong answer "Bad passphrase, try again for …: ";
/// either may end in " (will confirm each use)" (`ssh-add -c`). The file's path names the
/// passphrase's item in the keyring, as GNOME Keyring's ssh agent names it, so a saved
/// passphrase can answer the first question with no dialog, and the second, asked only after
/// a wrong answer, always opens one. ssh's own question ("Enter passphrase for key '…':") is
/// not taken: ssh asks again in the same words after a wrong answer, so a wrong saved answer
/// would be given every time. Nor is a path that is not absolute: it is the caller's, from
/// where the caller stands.
public struct SSHAddPrompt: Equatable, Sendable {
    /// The key file's absolute path, as ssh-add names it.
    public let keyFile: String
    /// The question after a wrong answer.
    public let isRetry: Bool
    /// The key is added with `-c`: ssh-agent will confirm each use.
    public let confirmsEachUse: Bool

    init(keyFile: String, isRetry: Bool, confirmsEachUse: Bool = false) {
        self.keyFile = keyFile
        self.isRetry = isRetry
        self.confirmsEachUse = confirmsEachUse
    }

    private static let confirming = " (will confirm each use)"

    public init?(_ prompt: String) {
        var text = Substring(prompt)
        while text.last == " " { text.removeLast() }
        guard text.last == ":" else { return nil }
        text.removeLast()
        confirmsEachUse = text.hasSuffix(Self.confirming)
        if confirmsEachUse { text.removeLast(Self.confirming.count) }
        let first = "Enter passphrase for ", again = "Bad passphrase, try again for "
        if text.hasPrefix(first) {
            text.removeFirst(first.count)
            isRetry = false
        } else if text.hasPrefix(again) {
            text.removeFirst(again.count)
            isRetry = true
        } else {
            return nil
        }
        guard text.first == "/", !text.contains("\n") else { return nil }
        keyFile = String(text)
    }
}
