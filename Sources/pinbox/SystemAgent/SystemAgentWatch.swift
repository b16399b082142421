// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxX11

/// The agent's watch over the questions' directory: reads it again whenever inotify says it
/// changed, starts a dialog process for the next question (`SystemQuestionBoard` decides), and
/// ends a dialog whose question was withdrawn, or whose asker ended, by closing the pipe that
/// is its standard input (the dialog closes on that hang-up, unanswered). The dialog's standard
/// output is a pipe back here that hangs up when the dialog has ended. It blocks in `poll`
/// between changes.
struct SystemAgentWatch {
    let command: SystemAgentCommand

    /// The dialog process and what this side holds of it.
    private struct Dialog {
        var name: String
        var pid: Int32
        /// Closed to withdraw the question; -1 once closed.
        var withdrawal: Int32
        /// Hangs up when the dialog has ended.
        var ended: Int32
        /// Readable when the asker has ended (a pidfd): one killed leaves its file behind.
        var asker: Int32

        func close() {
            for fd in [withdrawal, ended, asker] where fd >= 0 { _ = CSystem.close(fd) }
        }

        /// Withdraws the question: the dialog closes, unanswered.
        mutating func withdraw() {
            if withdrawal >= 0 { _ = CSystem.close(withdrawal) }
            withdrawal = -1
        }
    }

    func run() -> Int32 {
        let directory = command.directory
        if let refusal = Self.notOursToAnswer(directory) { fail(refusal, status: .display) }
        // Where no question was ever asked, systemd has made no directory: none waits; one to
        // watch is made as systemd's own agents make it.
        if pinbox_is_directory(directory) == 0 {
            guard command.watch else { return 0 }
            let failure = pinbox_make_directories(directory, 0o755)
            if failure != 0 {
                fail("cannot make \(Excerpt.quoted(directory)) (\(String(cString: strerror(failure))))", status: .display)
            }
        }
        let watch = pinbox_directory_watch(directory)
        guard watch >= 0 else {
            fail("cannot watch \(Excerpt.quoted(directory)) (\(String(cString: strerror(pinbox_errno()))))", status: .display)
        }
        defer { close(watch) }
        var board = SystemQuestionBoard()
        var dialog: Dialog?
        defer { dialog?.close() }
        while true {
            let now = pinbox_monotonic_microseconds()
            let found = questions(in: directory)
            let moves = board.update(found, now: now, isRunning: { pinbox_process_exists($0) != 0 })
            for (name, refusal) in moves.refused {
                Output.error("question \(Excerpt.quoted(name)) is not asked: \(refusal.message)")
            }
            if let name = moves.ask {
                let asker = found.first { $0.name == name }.flatMap { try? $0.question.get().pid }
                dialog = start(name, in: directory, asker: asker, askedAgain: moves.askedAgain)
                // Not started (said why): the next question, if any, at once.
                if dialog == nil { board.ended(name); continue }
            }
            if moves.withdraw != nil { dialog?.withdraw() }
            if !command.watch && board.isIdle { return 0 }
            // Wait for the directory, the dialog's end or its asker's, a signal, or NotAfter=.
            // A descriptor of -1 is passed over by poll: no dialog, or one already withdrawn.
            let standing = (dialog?.withdrawal ?? -1) >= 0
            let asking = standing ? dialog?.asker ?? -1 : -1
            var fds = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: dialog?.ended ?? -1, events: 0, revents: 0),
                       pollfd(fd: asking, events: Int16(POLLIN), revents: 0)]
            var timeout: Int32 = -1
            if let deadline = board.nextDeadline, standing {
                timeout = Int32(min((deadline - min(deadline, now)) / 1000 + 1, 3_600_000))
            }
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[1].revents != 0 && SignalPipe.drain().quit { return ExitStatus.cancelled.rawValue }
            if fds[0].revents != 0 { _ = pinbox_directory_watch_drain(watch) }
            if fds[3].revents != 0 { dialog?.withdraw() }
            if fds[2].revents != 0, let open = dialog {
                open.close()
                board.ended(open.name, answered: pinbox_reap(open.pid) == ExitStatus.ok.rawValue)
                dialog = nil
            }
        }
    }

    /// Why this process may not answer the questions in `directory`: root's questions (systemd
    /// reads root's answers alone, and its sockets let no one else write) are answered by root,
    /// or by another user through polkit (`SystemReply`); another user's, by that user or root.
    /// Nil when it may.
    static func notOursToAnswer(_ directory: String) -> String? {
        var mode: UInt32 = 0, uid: UInt32 = 0, gid: UInt32 = 0
        guard pinbox_file_status(directory, &mode, &uid, &gid) == 0 else { return nil }
        let me = geteuid()
        guard me != 0 && uid != me else { return nil }
        if uid == 0 {
            guard SystemReply.replyProgram == nil else { return nil }
            return "the questions in \(Excerpt.quoted(directory)) are answered by root, or through polkit, and "
                + "pkexec or systemd-reply-password is not installed: install pkexec, or run pinbox "
                + "ask-password-agent as root"
        }
        return "the questions in \(Excerpt.quoted(directory)) are answered by their owner or root only"
    }

    /// The directory's question files, each read as its owner left it.
    private func questions(in directory: String) -> [SystemQuestionBoard.Found] {
        Self.names(in: directory).filter(SystemQuestion.isQuestionFile).map { name in
            .init(name: name, question: SystemQuestionFile.read(directory + "/" + name, directory: directory))
        }
    }

    private static func names(in directory: String) -> [String] {
        var buffer = [CChar](repeating: 0, count: 64 * 1024)
        let used = buffer.withUnsafeMutableBufferPointer { pinbox_directory_names(directory, $0.baseAddress, $0.count) }
        guard used > 0 else { return [] }
        return buffer[..<used].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    /// Starts the dialog process for question file `name`: this program with
    /// `ask-password-agent --answer FILE` and the dialog's options.
    private func start(_ name: String, in directory: String, asker: Int32?,
                       askedAgain: SystemQuestionBoard.AskedAgain?) -> Dialog? {
        let arguments = ["ask-password-agent", "--answer", directory + "/" + name]
            + (askedAgain.map { ["--asked-again", $0.rawValue] } ?? [])
        guard let started = command.dialog.start(arguments, for: Excerpt.quoted(name)) else { return nil }
        return Dialog(name: name, pid: started.pid, withdrawal: started.withdrawal, ended: started.output,
                      asker: asker.map(pinbox_process_watch) ?? -1)
    }
}
