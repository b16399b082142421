// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// `pinbox ask-password-agent`: a systemd password agent, the desktop's answer to the
/// questions systemd-cryptsetup, `systemd-ask-password` and services ask with no terminal (a
/// disk plugged in that must be unlocked, a key's passphrase at a service's start). It watches
/// the questions' directory (`SystemAgentWatch`) and gives each question a dialog of its own
/// in a process of its own (`SystemQuestionDialog`), so the watcher never holds a secret.
struct SystemAgentCommand {
    /// Where systemd drops its questions: root answers them, another user through polkit
    /// (systemd reads root's answers alone).
    static let systemDirectory = "/run/systemd/ask-password"

    var directory = systemDirectory
    /// `--watch`: stay and answer every question to come; else answer those waiting, then end.
    var watch = false
    /// `--answer FILE`: the dialog for one question (what the watcher starts).
    var answer: String?
    /// `--asked-again refused|mismatch`: why that question's asker asks it again.
    var askedAgain: SystemQuestionBoard.AskedAgain?
    /// Where and how each question's dialog shows.
    var dialog = AgentDialog()

    static let help = """
        usage: pinbox ask-password-agent [--watch] [options]

        Answers the system's password questions, as systemd's password agents do: the
        passphrase of a disk systemd-cryptsetup unlocks, a service's key, what
        systemd-ask-password asks when it has no terminal. Each question waiting in
        /run/systemd/ask-password gets a dialog of its own, with the asker's words and its
        command line; the answer goes back to the asker and nowhere else. A question the asker
        withdraws (it gave up, another agent answered it) closes its dialog.
        systemd takes answers from root alone: run in the user's session, the agent replies
        through polkit (pkexec systemd-reply-password) once its dialog has gone, and polkit
        decides, asking for an administrator's password where its rules say so; run as root,
        as systemd-tty-ask-password-agent is, it replies itself.

        Options:
          --watch                      keep watching and answer every question to come
          --query                      answer the questions waiting, then end (the default)
          --directory DIR              the questions' directory (default /run/systemd/ask-password;
                                       its owner or root answers there, another user
                                       through polkit where root owns it)
          --answer FILE                ask the one question in FILE (how the watching agent
                                       starts each dialog: a hang-up of stdin withdraws it)
          --asked-again refused|mismatch
                                       with --answer: say in red that the last answer was
                                       refused, or that its verification differed
        \(AgentDialog.help)

        Exit status: 0 when every question was seen to (answered, declined or withdrawn),
        2 a bad option, 3 the directory cannot be watched or its questions are not this
        user's to answer.
        """

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        while let option = try reader.nextOption() {
            switch option {
            case "--watch": try reader.flag(option); watch = true
            case "--query": try reader.flag(option); watch = false
            case "--directory": directory = try reader.value(for: option)
            case "--answer": answer = try reader.value(for: option)
            case "--asked-again": askedAgain = try reader.choice(for: option, of: SystemQuestionBoard.AskedAgain.self)
            default:
                guard try dialog.read(option, from: &reader) else {
                    throw UsageError("unknown option \(Excerpt.quoted(option)) for ask-password-agent "
                                     + "(see pinbox ask-password-agent --help)")
                }
            }
        }
    }

    func run() -> Int32 {
        if let answer {
            return SystemQuestionDialog(file: answer, directory: Self.folder(of: answer), command: self).run()
        }
        return SystemAgentWatch(command: self).run()
    }

    /// The directory a question's file is in.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
