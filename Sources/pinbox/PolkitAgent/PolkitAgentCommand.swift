// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// `pinbox polkit-agent`: polkit's authentication agent for a desktop that has none (a window
/// manager's session: i3, Openbox, a kiosk). When pkexec, a disk's unlocking or a service's
/// change needs the user to prove who they are, polkitd asks the agent of the user's session;
/// without one, the program fails ("No authentication agent found"). The agent holds no
/// window: each question gets a dialog process of its own (`PolkitQuestionDialog`), and its
/// answer goes from there to polkit's helper through the agent (`PolkitAgentLoop`).
struct PolkitAgentCommand {
    /// `--process PID`: the agent of that process alone (as `pkttyagent --process`), rather
    /// than of this process's login session.
    var process: Int32?
    /// `--notify-fd FD`: closed once the agent is registered (as pkttyagent's).
    var notifyFD: Int32?
    /// `--ask MESSAGE`: the dialog for one question (what the agent starts).
    var question: PolkitQuestion?
    /// What that dialog is: PAM's question, PAM's words while it waits for something other than
    /// typing (`--wait`), or why the authentication failed (`--failed`).
    var shows = PolkitQuestionDialog.Kind.question
    /// Where and how each question's dialog shows.
    var dialog = AgentDialog()

    static let help = """
        usage: pinbox polkit-agent [--process PID] [options]

        polkit's authentication agent: when pkexec, a disk being unlocked or a service asks
        polkit for something that needs a password, the user's password is asked in a
        PinBox dialog, with polkit's words and the command line of the program that asked;
        what is typed goes to polkit's helper and nowhere else. A wrong password is asked
        again, in red, until the right one or Cancel. Start it with the session (a desktop
        with its own agent, GNOME's or KDE's, needs none).

        Options:
          --process PID                the agent of that process alone (a pkexec it runs),
                                       rather than of this login session
          --notify-fd FD               close FD once the agent is registered
        \(AgentDialog.help)

        Exit status: 0 after SIGTERM or SIGINT, 2 a bad option, 3 polkit did not take the
        agent (no login session, polkitd not running, another agent there already).
        """

    init(arguments: some Collection<String>) throws(UsageError) {
        var reader = ArgumentReader(arguments)
        var asked: (message: String?, user: String?, prompt: String?) = (nil, nil, nil)
        var echo = false, askedAgain = false, otherUsers = false
        var error = "", note = "", askedBy: String?
        while let option = try reader.nextOption() {
            switch option {
            case "--process": process = Int32(try reader.integer(for: option, in: 1...Int(Int32.max)))
            case "--notify-fd": notifyFD = Int32(try reader.integer(for: option, in: 0...65_535))
            case "--ask": asked.message = try reader.value(for: option)
            case "--user": asked.user = try reader.value(for: option)
            case "--prompt": asked.prompt = try reader.value(for: option)
            case "--echo": try reader.flag(option); echo = true
            case "--wait": try reader.flag(option); shows = .waiting
            case "--failed": try reader.flag(option); shows = .failure
            case "--asked-again": try reader.flag(option); askedAgain = true
            case "--other-users": try reader.flag(option); otherUsers = true
            case "--error": error = try reader.value(for: option)
            case "--note": note = try reader.value(for: option)
            case "--asked-by": askedBy = try reader.value(for: option)
            default:
                guard try dialog.read(option, from: &reader) else {
                    throw UsageError("unknown option \(Excerpt.quoted(option)) for polkit-agent "
                                     + "(see pinbox polkit-agent --help)")
                }
            }
        }
        guard let message = asked.message else { return }
        var question = PolkitQuestion(message: message, user: asked.user ?? "", prompt: asked.prompt ?? "Password: ")
        question.echo = echo
        question.askedAgain = askedAgain
        question.otherUsers = otherUsers
        question.error = error
        question.note = note
        question.askedBy = askedBy
        self.question = question
    }

    func run() -> Int32 {
        if let question { return PolkitQuestionDialog(question: question, kind: shows, dialog: dialog).run() }
        return PolkitAgentLoop(command: self).run()
    }
}
