// SPDX-License-Identifier: MIT
/// The askpass names its caller where the caller's question does not say what the answer is
/// for. sudo's says whose password it wants ("[sudo] password for alice"), not the command it
/// will run with it: the dialog says it, as a polkit agent names the program it authorizes.
/// ssh-keygen's ("Enter old passphrase") name no key, and ssh-add's lock password is the same
/// question to lock the agent (-x) as to unlock it (-X). ssh, git and ssh-add's other questions
/// name the host, the key or the address themselves.
public enum AskpassCaller {
    /// The callers named whatever they ask, by their process name (`/proc/PID/comm`).
    public static let named: [String] = ["sudo", "sudoedit", "ssh-keygen"]

    /// ssh-add's questions that name no key file, with the colon and space it ends them with.
    static let sshAddsNamelessQuestions = ["Enter lock password: ", "Again: ", "Enter PIN for authenticator: ",
                                           "Enter passphrase for PKCS#11: "]

    /// The dialog's line for the caller whose process name is `name` and whose
    /// `/proc/PID/cmdline` is `commandLine` (a path in `home` written from `~`), asking
    /// `prompt`; nil for a caller not named, or nothing to read.
    public static func detail(name: String, commandLine: [UInt8]?, home: String? = nil, prompt: String = "") -> PageDetail? {
        guard named.contains(name) || (name == "ssh-add" && sshAddsNamelessQuestions.contains(prompt)), let commandLine,
              let text = CommandLineText.command(commandLine, home: home) else { return nil }
        return .askedBy(text)
    }
}
