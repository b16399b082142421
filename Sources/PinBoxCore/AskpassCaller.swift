// SPDX-License-Identifier: MIT
/// The askpass names its caller where the caller's question does not say what the answer is
/// for. sudo's says whose password it wants ("[sudo] password for alice"), not the command it
/// will run with it: the dialog says it, as a polkit agent names the program it authorizes.
/// ssh, ssh-add and git name the host, the key or the address in their questions themselves.
public enum AskpassCaller {
    /// The callers named, by their process name (`/proc/PID/comm`).
    public static let named: [String] = ["sudo", "sudoedit"]

    /// The dialog's line for the caller whose process name is `name` and whose
    /// `/proc/PID/cmdline` is `commandLine` (a path in `home` written from `~`); nil for a
    /// caller not named, or nothing to read.
    public static func detail(name: String, commandLine: [UInt8]?, home: String? = nil) -> PageDetail? {
        guard named.contains(name), let commandLine,
              let text = CommandLineText.command(commandLine, home: home) else { return nil }
        return .askedBy(text)
    }
}
