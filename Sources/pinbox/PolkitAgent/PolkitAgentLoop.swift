// SPDX-License-Identifier: MIT
import CPolkit
import CSystem
import PinBoxCore
import PinBoxX11

/// The agent registered with polkitd, and its loop: GLib's descriptors (polkitd's calls, the
/// helper's lines) and the open dialog's in one `poll`, which sleeps between authentications.
/// What it hears goes to the core's `PolkitConversation`, whose moves it carries out: each
/// dialog is a process of its own, whose answer is read from its standard output into the
/// locked arena, handed to the helper, and wiped.
struct PolkitAgentLoop {
    let command: PolkitAgentCommand

    /// The dialog process of the question under way, and what this side holds of it.
    private struct Dialog {
        var pid: Int32
        /// Closed to withdraw the question: the dialog closes, unanswered.
        var withdrawal: Int32
        /// The dialog's standard output: its answer, then a hang-up when it has ended.
        var answer: Int32
        let secret = SecretBuffer(capacity: 4096)

        mutating func withdraw() {
            if withdrawal >= 0 { _ = CSystem.close(withdrawal) }
            withdrawal = -1
        }

        /// Reads what the dialog wrote; true once it has ended (its output hung up).
        func read() -> Bool {
            while !secret.isFull {
                let n = secret.append(upTo: .max) { room in CSystem.read(answer, room.baseAddress, room.count) }
                if n == 0 { return true }
                if n < 0 { return pinbox_errno() != EAGAIN && pinbox_errno() != EINTR }
            }
            // More than any answer: it is not one.
            secret.wipe()
            return true
        }

        func close() {
            for fd in [withdrawal, answer] where fd >= 0 { _ = CSystem.close(fd) }
            secret.wipe()
        }
    }

    func run() -> Int32 {
        var why = [CChar](repeating: 0, count: 512)
        guard pinbox_polkit_register(command.process ?? 0, &why, why.count) == 0 else {
            fail(Self.text(why), status: .display)
        }
        if let fd = command.notifyFD { _ = close(fd) }
        var conversation = PolkitConversation()
        var dialog: Dialog?
        defer { dialog?.close() }
        while true {
            var moves: [PolkitConversation.Move] = []
            for heard in Self.heard() {
                moves += conversation.hear(heard, now: pinbox_monotonic_microseconds())
            }
            moves += conversation.tick(now: pinbox_monotonic_microseconds())
            carryOut(moves, conversation: &conversation, dialog: &dialog)
            var fds = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: Self.glibRoom + 2)
            var timeout: Int32 = -1
            let glib = Int(pinbox_polkit_descriptors(&fds, Int32(Self.glibRoom), &timeout))
            if let due = conversation.nextDeadline {
                let now = pinbox_monotonic_microseconds()
                let wait = Int32(min((due - min(due, now)) / 1000 + 1, 60_000))
                timeout = timeout < 0 ? wait : min(timeout, wait)
            }
            fds[Self.glibRoom] = pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)
            fds[Self.glibRoom + 1] = pollfd(fd: dialog?.answer ?? -1, events: Int16(POLLIN), revents: 0)
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[Self.glibRoom].revents != 0 && SignalPipe.drain().quit { return 0 }
            pinbox_polkit_dispatch(&fds, Int32(glib))
            if fds[Self.glibRoom + 1].revents != 0, let open = dialog, open.read() {
                dialog = nil
                let status = pinbox_reap(open.pid)
                let answered = status == ExitStatus.ok.rawValue && !open.secret.isEmpty
                let moves = status == PolkitQuestionDialog.anotherUser ? conversation.dialogAskedForAnotherUser()
                    : conversation.dialogEnded(answered: answered)
                carryOut(moves, conversation: &conversation, dialog: &dialog, answer: open.secret)
                open.close()
            }
        }
    }

    /// Carries out the conversation's moves; `answer` is the secret of the dialog that ended.
    private func carryOut(_ moves: [PolkitConversation.Move], conversation: inout PolkitConversation,
                          dialog: inout Dialog?, answer: SecretBuffer? = nil) {
        for move in moves {
            switch move {
            case .open(let shown):
                dialog = start(shown)
                // Not started (said why): as if the user had declined.
                if dialog == nil { carryOut(conversation.dialogEnded(answered: false), conversation: &conversation, dialog: &dialog) }
            case .withdrawDialog:
                dialog?.withdraw()
            case .respond:
                guard let answer else { continue }
                if answer[answer.count - 1] == UInt8(ascii: "\n") { answer.removeLast() }
                // A NUL after it, for the helper's string (no dialog's answer fills the buffer).
                guard !answer.isFull else {
                    pinbox_polkit_cancel()
                    continue
                }
                answer.append(0)
                answer.withBytes { bytes in
                    pinbox_polkit_respond(UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self))
                }
                answer.wipe()
            case .cancel:
                pinbox_polkit_cancel()
            case .retry:
                pinbox_polkit_retry()
            case .anotherUser:
                pinbox_polkit_another_user()
            case .giveUp:
                Output.error("polkit's helper failed with nothing asked: the authentication has failed")
                pinbox_polkit_give_up()
            }
        }
    }

    /// What polkit and its helper said since the last look.
    private static func heard() -> [PolkitConversation.Heard] {
        var heard: [PolkitConversation.Heard] = []
        var flag: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 4096)
        while true {
            let kind = Int(pinbox_polkit_next_event(&flag, &buffer, buffer.count))
            let said = text(buffer)
            switch kind {
            case 0: return heard
            case Int(PINBOX_POLKIT_BEGIN): heard.append(.began(question()))
            case Int(PINBOX_POLKIT_REQUEST): heard.append(.request(prompt: said, echo: flag != 0))
            case Int(PINBOX_POLKIT_MESSAGE): heard.append(.message(said, isError: flag != 0))
            case Int(PINBOX_POLKIT_COMPLETED): heard.append(.completed(authenticated: flag != 0))
            case Int(PINBOX_POLKIT_WITHDRAWN): heard.append(.withdrawn)
            default: break
            }
        }
    }

    /// The text a C function wrote into `buffer`, up to its NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Room for GLib's descriptors (it asks for a few: its wake-up, the bus, the helper's pipes).
    private static let glibRoom = 16

    /// The current authentication's question, before PAM's prompt: polkit's words, the user,
    /// and the program that asked.
    private static func question() -> PolkitQuestion {
        var question = PolkitQuestion(message: String(cString: pinbox_polkit_message()),
                                      user: String(cString: pinbox_polkit_user()), prompt: "")
        question.otherUsers = pinbox_polkit_user_count() > 1
        func commandLine(of key: String) -> [UInt8]? {
            guard let detail = pinbox_polkit_detail(key), let pid = Int32(String(cString: detail)), pid > 0 else { return nil }
            return KernelRecords.read("/proc/\(pid)/cmdline", limit: 4096)
        }
        let caller = commandLine(of: "polkit.caller-pid")
        // pkexec's own name is the first word of its command line (its program is root's to read).
        let callerName = caller?.split(separator: 0).first?.split(separator: UInt8(ascii: "/")).last
        question.askedBy = PolkitQuestion.asker(subject: commandLine(of: "polkit.subject-pid").flatMap { CommandLineText.command($0) },
                                                caller: caller.flatMap { CommandLineText.command($0) },
                                                callerIsPkexec: callerName.map { Array($0) } == Array("pkexec".utf8))
        return question
    }

    /// Starts the dialog process for `shown`: this program with `polkit-agent --ask`.
    private func start(_ shown: PolkitConversation.Dialog) -> Dialog? {
        let (question, kind): (PolkitQuestion, String?) = switch shown {
        case .question(let question): (question, nil)
        case .waiting(let question): (question, "--wait")
        case .failed(let question): (question, "--failed")
        }
        var arguments = ["polkit-agent", "--ask", question.message, "--user", question.user, "--prompt", question.prompt]
        if let kind { arguments.append(kind) }
        if question.echo { arguments.append("--echo") }
        if question.askedAgain { arguments.append("--asked-again") }
        if question.otherUsers { arguments.append("--other-users") }
        if !question.error.isEmpty { arguments += ["--error", question.error] }
        if !question.note.isEmpty { arguments += ["--note", question.note] }
        if let asker = question.askedBy { arguments += ["--asked-by", asker] }
        guard let started = command.dialog.start(arguments, for: "polkit's question") else { return nil }
        return Dialog(pid: started.pid, withdrawal: started.withdrawal, answer: started.output)
    }
}
