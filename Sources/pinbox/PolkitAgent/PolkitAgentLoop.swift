// SPDX-License-Identifier: MIT
import CPolkit
import CSystem
import PinBoxCore
import PinBoxX11

/// The agent registered with polkitd, and its loop: GLib's descriptors (polkitd's calls, the
/// helper's lines) and the open dialog's in one `poll`, which sleeps between authentications.
/// Each question the helper asks gets a dialog process; its answer is read from the dialog's
/// standard output into the locked arena, handed to the helper, and wiped. A wrong password
/// is asked again, in red; Cancel dismisses the authentication.
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

    /// The authentication under way, as its dialogs tell it.
    private struct Authentication {
        var question: PolkitQuestion
        /// Whether a dialog was answered since the helper last started: a helper that fails
        /// with nothing asked is not started again.
        var answered = false
    }

    func run() -> Int32 {
        var why = [CChar](repeating: 0, count: 512)
        guard pinbox_polkit_register(command.process ?? 0, &why, why.count) == 0 else {
            fail(Self.text(why), status: .display)
        }
        if let fd = command.notifyFD { _ = close(fd) }
        var authentication: Authentication?
        var dialog: Dialog?
        defer { dialog?.close() }
        // A question asked while a withdrawn dialog is still closing waits for it.
        var waiting: PolkitQuestion?
        while true {
            take(into: &authentication, dialog: &dialog, waiting: &waiting)
            if dialog == nil, let question = waiting {
                waiting = nil
                dialog = start(question)
                if dialog == nil { pinbox_polkit_cancel() }
            }
            var fds = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: Self.glibRoom + 2)
            var timeout: Int32 = -1
            let glib = Int(pinbox_polkit_descriptors(&fds, Int32(Self.glibRoom), &timeout))
            fds[Self.glibRoom] = pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)
            fds[Self.glibRoom + 1] = pollfd(fd: dialog?.answer ?? -1, events: Int16(POLLIN), revents: 0)
            _ = poll(&fds, nfds_t(fds.count), timeout)
            if fds[Self.glibRoom].revents != 0 && SignalPipe.drain().quit { return 0 }
            pinbox_polkit_dispatch(&fds, Int32(glib))
            if fds[Self.glibRoom + 1].revents != 0, let open = dialog, open.read() {
                finish(open, authentication: &authentication)
                dialog = nil
            }
        }
    }

    /// The text a C function wrote into `buffer`, up to its NUL.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Room for GLib's descriptors (it asks for a few: its wake-up, the bus, the helper's pipes).
    private static let glibRoom = 16

    /// Takes what polkit said since the last look.
    private func take(into authentication: inout Authentication?, dialog: inout Dialog?, waiting: inout PolkitQuestion?) {
        var flag: Int32 = 0
        var text = [CChar](repeating: 0, count: 4096)
        while true {
            let kind = Int(pinbox_polkit_next_event(&flag, &text, text.count))
            guard kind != 0 else { return }
            let said = Self.text(text)
            switch kind {
            case Int(PINBOX_POLKIT_BEGIN):
                authentication = Authentication(question: Self.question())
            case Int(PINBOX_POLKIT_REQUEST):
                guard var question = authentication?.question else { continue }
                question.prompt = said
                question.echo = flag != 0
                waiting = question
                // What PAM said, and the red line of a refusal, go with this question alone.
                authentication?.question.error = ""
                authentication?.question.note = ""
                authentication?.question.askedAgain = false
            case Int(PINBOX_POLKIT_MESSAGE):
                if flag != 0 { authentication?.question.error = said } else { authentication?.question.note = said }
            case Int(PINBOX_POLKIT_COMPLETED):
                if flag == 0, authentication?.answered == true {
                    authentication?.answered = false
                    authentication?.question.askedAgain = true
                    pinbox_polkit_retry()
                } else {
                    if flag == 0 {
                        Output.error("polkit's helper failed with nothing asked: the authentication has failed")
                        pinbox_polkit_give_up()
                    }
                    authentication = nil
                }
            case Int(PINBOX_POLKIT_WITHDRAWN):
                dialog?.withdraw()
                waiting = nil
                authentication = nil
            default:
                break
            }
        }
    }

    /// The dialog ended: its answer goes to the helper, or the authentication is dismissed.
    private func finish(_ open: Dialog, authentication: inout Authentication?) {
        defer { open.close() }
        let status = pinbox_reap(open.pid)
        // Withdrawn: polkit has ended the authentication already.
        guard open.withdrawal >= 0, authentication != nil else { return }
        let secret = open.secret
        if status == ExitStatus.ok.rawValue && !secret.isEmpty {
            if secret[secret.count - 1] == UInt8(ascii: "\n") { secret.removeLast() }
            guard !secret.isFull else {
                pinbox_polkit_cancel()
                authentication = nil
                return
            }
            secret.append(0)
            secret.withBytes { bytes in
                pinbox_polkit_respond(UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self))
            }
            authentication?.answered = true
        } else {
            pinbox_polkit_cancel()
            authentication = nil
        }
    }

    /// The current authentication's question, before PAM's prompt: polkit's words, the user,
    /// and the program that asked.
    private static func question() -> PolkitQuestion {
        var question = PolkitQuestion(message: String(cString: pinbox_polkit_message()),
                                      user: String(cString: pinbox_polkit_user()), prompt: "")
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

    /// Starts the dialog process for `question`: this program with `polkit-agent --ask`.
    private func start(_ question: PolkitQuestion) -> Dialog? {
        var withdrawal: [Int32] = [-1, -1], answer: [Int32] = [-1, -1]
        guard pinbox_pipe_nonblocking(&withdrawal) == 0 else { return nil }
        guard pinbox_pipe_nonblocking(&answer) == 0 else {
            close(withdrawal[0]); close(withdrawal[1])
            return nil
        }
        var arguments = [ResourceArguments.programName, "polkit-agent", "--ask", question.message,
                         "--user", question.user, "--prompt", question.prompt]
        if question.echo { arguments.append("--echo") }
        if question.askedAgain { arguments.append("--asked-again") }
        if !question.error.isEmpty { arguments += ["--error", question.error] }
        if !question.note.isEmpty { arguments += ["--note", question.note] }
        if let asker = question.askedBy { arguments += ["--asked-by", asker] }
        var argv = (arguments + command.dialog.arguments).map { strdup($0) }
        argv.append(nil)
        let pid = pinbox_spawn_self(&argv, withdrawal[0], answer[1])
        let failure = pinbox_errno()
        for pointer in argv { free(pointer) }
        close(withdrawal[0])
        close(answer[1])
        guard pid > 0 else {
            Output.error("cannot start a dialog (\(String(cString: strerror(failure))))")
            close(withdrawal[1]); close(answer[0])
            return nil
        }
        return Dialog(pid: pid, withdrawal: withdrawal[1], answer: answer[0])
    }
}
