// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxX11

/// The terminal a dialog falls back to: opened without becoming anyone's controlling
/// terminal, switched to what a secret needs (the pinentry's dialogs: no echo, byte by byte,
/// no signals from keys; the askpass's: a line the terminal driver edits, echoed only when
/// what is typed may show), and put back as it was when the dialog ends. The saved modes live
/// in C (`pinbox_terminal_enter`), where the signal handlers restore them too.
final class TerminalDevice {
    let fd: Int32
    private var entered = false
    /// The terminal turns LF into CR LF itself (ONLCR): the dialogs' CR LF is written as LF.
    private var addsCarriageReturn: Int32 = 0
    /// The user's editing characters, as the terminal had them before the dialog.
    let editing: TerminalEditingKeys

    enum Reading {
        case bytes
        case line(echoed: Bool)
        /// The modes are left as they are: nothing is read (a notice).
        case asIs
    }

    /// Opens `path` and takes it over; the reason in C library words when it cannot.
    init(path: String, reading: Reading = .bytes) throws(Output.Failure) {
        let opened = pinbox_terminal_open(path)
        guard opened >= 0 else { throw Output.Failure(errno: pinbox_errno()) }
        fd = opened
        let mode = switch reading {
        case .bytes: PINBOX_TERMINAL_BYTES
        case .line(let echoed): echoed ? PINBOX_TERMINAL_LINE_ECHOED : PINBOX_TERMINAL_LINE_HIDDEN
        case .asIs: PINBOX_TERMINAL_AS_IS
        }
        guard pinbox_terminal_enter(fd, Int32(mode), &addsCarriageReturn) == 0 else {
            let error = pinbox_errno()
            close(fd)
            throw Output.Failure(errno: error)
        }
        entered = true
        var keys = [UInt8](repeating: 0, count: 5)
        pinbox_terminal_editing_keys(&keys)
        let set = keys.map { $0 == 0 ? nil : $0 }
        editing = TerminalEditingKeys(erase: set[0], kill: set[1], wordErase: set[2], endOfFile: set[3],
                                      interrupt: set[4])
    }

    deinit {
        restore()
        close(fd)
    }

    /// The terminal's own modes again (idempotent).
    func restore() {
        guard entered else { return }
        entered = false
        pinbox_terminal_restore()
    }

    /// Writes every byte; a terminal that went away is noticed by the next read.
    func write(_ output: [UInt8]) {
        var bytes = output
        if addsCarriageReturn != 0 {
            bytes = []
            for (i, byte) in output.enumerated() where !(byte == 0x0D && i + 1 < output.count && output[i + 1] == 0x0A) {
                bytes.append(byte)
            }
        }
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = CSystem.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && pinbox_errno() == EINTR { continue }
                guard n > 0 else { return }
                offset += n
            }
        }
    }

    /// What the poll loop saw.
    enum Event {
        /// One byte arrived: handed to `body`, then zeroed.
        case byte
        /// The terminal closed or failed (end of file, EIO after a hang-up).
        case hungUp
        /// Nobody reads our stdout any more (the agent died): nobody waits for the answer.
        case agentGone
        /// The deadline passed.
        case deadline
        /// The process was stopped (job control) and is back in the foreground with the
        /// dialog's modes: the shell wrote over the prompt meanwhile.
        case continued
    }

    /// Waits for a byte, the deadline (monotonic seconds) or a hang-up. A byte read is handed
    /// to `body` from a one-byte local that is zeroed after: the secret goes from the terminal
    /// to the dialog's locked buffer with no copy on the way. Not `reading`, what is typed stays
    /// for whoever reads the terminal next.
    func wait(until deadline: Double?, reading: Bool = true, now: () -> Double, _ body: (UInt8) -> Void) -> Event {
        // The agent's death shows on our stdout (nobody reads it); the end of stdin alone is a
        // script piped in, which still reads the answer.
        // The signal pipe says when a job-control stop is over (SIGCONT).
        var fds = [pollfd(fd: reading ? fd : -1, events: Int16(POLLIN), revents: 0), pollfd(fd: 1, events: 0, revents: 0),
                   pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)]
        while true {
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - now()
                if left <= 0 { return .deadline }
                timeout = Int32(min((left * 1000).rounded(.up), 60_000))
            }
            let ready = poll(&fds, 3, timeout)
            if ready < 0 && pinbox_errno() == EINTR { continue }
            if ready < 0 { return .hungUp }
            if ready == 0 { continue }  // the deadline is checked again above
            if fds[2].revents & Int16(POLLIN) != 0 {
                let signals = SignalPipe.drain()
                // A request to stop: the handler ends a pinentry itself; anywhere else, a cancel.
                if signals.quit { return .hungUp }
                if signals.continued { return .continued }
            }
            if fds[1].revents & Int16(POLLNVAL) != 0 { fds[1].fd = -1 }  // no stdout to watch
            if fds[1].revents & Int16(POLLHUP | POLLERR) != 0 { return .agentGone }
            let terminal = fds[0].revents
            if terminal & Int16(POLLIN) != 0 {
                var byte: UInt8 = 0
                let n = read(fd, &byte, 1)
                if n < 0 && pinbox_errno() == EINTR { continue }
                guard n == 1 else { return .hungUp }
                body(byte)
                byte = 0
                withUnsafeMutableBytes(of: &byte) { explicit_bzero($0.baseAddress!, 1) }
                return .byte
            }
            if terminal & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hungUp }
        }
    }
}
