// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// One system question's dialog, in a process of its own (`pinbox ask-password-agent --answer
/// FILE`, started by the watcher): the asker's words, its command line, and an entry. The
/// answer goes to the asker from the locked arena (`SystemReply`); Cancel declines. Its
/// standard input is a pipe from the watcher: a hang-up there means the question was
/// withdrawn (or the watcher ended), and the dialog closes with nothing sent.
struct SystemQuestionDialog {
    let file: String
    let directory: String
    let command: SystemAgentCommand

    func run() -> Int32 {
        let question: SystemQuestion
        switch SystemQuestionFile.read(file, directory: directory) {
        case .success(let read): question = read
        case .failure(let refusal):
            let name = String(file.split(separator: "/").last ?? "")
            fail("question \(Excerpt.quoted(name)) is not asked: \(refusal.message)", status: .usage)
        }
        // An asker that has ended or stopped waiting is not asked for it.
        guard question.isWaiting(at: pinbox_monotonic_microseconds()),
              question.pid.map({ pinbox_process_exists($0) != 0 }) != false else { return 0 }
        var spec = question.dialog
        if let again = command.askedAgain { spec.error = again.sentence }
        if let pid = question.pid, let line = KernelRecords.read("/proc/\(pid)/cmdline", limit: 4096),
           let text = CommandLineText.command(line) {
            spec.detail = .askedBy(text)
        }
        let reply = SystemReply(socket: question.socket)
        // Through polkit, the answer waits for the window to go: polkit may ask for an
        // administrator's password in a window of its own, which needs the keyboard this one holds.
        let status = command.dialog.run(spec, continuing: !reply.isDirect, controller: { page in
            PageController(page: page, delivery: reply.isDirect ? .handOver { reply.send($0) } : .keep,
                           events: false, screenshots: nil)
        }, finish: { page, status in
            guard !reply.isDirect else { return status }
            defer { page.wipe() }
            guard page.outcome == .submitted else { return status }
            return (reply.send(page.fields[0].field.secret) ?? .ok).rawValue
        })
        // Cancelled, closed or timed out, with the question still standing: the asker hears
        // that the user declined, rather than wait on.
        if status == ExitStatus.cancelled.rawValue && !Self.isWithdrawn {
            _ = reply.send(nil)
        }
        return status
    }

    /// Whether the watcher hung up the pipe that is standard input: the question was withdrawn.
    private static var isWithdrawn: Bool {
        var fd = pollfd(fd: 0, events: 0, revents: 0)
        return poll(&fd, 1, 0) == 1 && fd.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }
}
