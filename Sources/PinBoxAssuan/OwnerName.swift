// SPDX-License-Identifier: MIT
import PinBoxCore

/// Which program asked, as a dialog names it. gpg-agent tells its pinentry the client it asks
/// for (`OPTION owner`), and every pinentry names it in its title when the agent sent none
/// (pinentry.c's `pinentry_get_title`: "[4200]@host (gpg --sign report.txt)"). The agent's
/// description says what is asked for; only this says which of the user's programs asked.
public enum OwnerName {
    /// `owner` named: its command line when it runs on this machine (`hostName`) as the user the
    /// agent says (gpg-agent 2.4 sends the client's user; 2.2 sends none, and then it must be
    /// `userID`, this process's: the agent's socket is the user's own), read from its
    /// `/proc/PID/status` and `/proc/PID/cmdline` (nil where they could not be read); else its
    /// process number, and the machine's name when it is another one's. A path in `home` is
    /// written from `~`.
    public static func text(of owner: Owner, hostName: String, userID: Int, home: String? = nil, status: String?,
                            commandLine: [UInt8]?) -> String {
        let pid = String(owner.pid)
        // TRANSLATORS: under "Asked by": a program known only by its process number.
        guard let host = owner.host else { return localized("process %s", pid) }
        // TRANSLATORS: under "Asked by": a program on another machine (a process number, then
        // the machine's name), whose gpg-agent reaches this one's.
        guard host == hostName else { return localized("process %s on %s", pid, CommandLineText.shown(host)) }
        // pinentry's check: the process's name and its real user, from the kernel's own record.
        guard let status, let name = field("Name", of: status),
              let uid = field("Uid", of: status).flatMap({ Int($0.prefix { $0 != "\t" && $0 != " " }) }),
              uid == owner.uid ?? userID else {
            return localized("process %s", pid)
        }
        if let commandLine, let command = CommandLineText.command(commandLine, home: home) { return command }
        return CommandLineText.shown(name)
    }

    /// The value of a `Name:\tvalue` line of `/proc/PID/status`.
    static func field(_ name: String, of status: String) -> String? {
        let opening = name + ":\t"
        for line in status.split(separator: "\n") where line.hasPrefix(opening) {
            return String(line.dropFirst(opening.count))
        }
        return nil
    }
}
