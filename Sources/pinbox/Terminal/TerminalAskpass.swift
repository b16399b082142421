// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxCore
import PinBoxX11

/// The askpass on the caller's terminal when no window can be shown; the rules are the core's
/// `TerminalPrompt`, this reads, writes and waits. The line goes from the terminal straight
/// into locked memory, byte by byte, and out on stdout as the window's answer does.
struct TerminalAskpass {
    let prompt: TerminalPrompt
    /// Seconds from the question to a cancel: the driver edits the line, so no key is seen
    /// before Enter to count from.
    let timeout: Double?

    /// Why no terminal could be had, in C library words; nil once asked.
    private(set) var failure: String?

    /// The way the program ends, or nil (and `failure`) when there is no terminal to ask on.
    mutating func ask() -> ExitStatus? {
        let reading: TerminalDevice.Reading = switch prompt.reading {
        case .nothing: .asIs
        case .line(let echoed): .line(echoed: echoed)
        }
        let device: TerminalDevice
        do throws(Output.Failure) {
            device = try TerminalDevice(path: "/dev/tty", reading: reading)
        } catch {
            failure = "no terminal to ask on either (/dev/tty: \(error.reason))"
            return nil
        }
        defer { device.restore() }
        // Started in the background (`sudo -A … &`), it stopped while taking the terminal and
        // was continued by `fg`: that is over before anything is written, so the question is
        // written once, below what the shell wrote meanwhile. A request to stop is a cancel.
        if SignalPipe.drain().quit { return .cancelled }
        // The locale the caller runs in, whose character set the terminal uses.
        let charset = TerminalCharsets.charset(forLocale: LocaleCodeset.environmentCharacterLocale)
        let opening = charset.encode(prompt.opening)
        device.write(charset.encode(prompt.heading) + opening)
        let deadline = timeout.map { Clock.now() + $0 }
        let line = SecretBuffer(capacity: 4096)
        defer { line.wipe() }
        var status: ExitStatus?
        while status == nil {
            var ended = false
            let event = device.wait(until: deadline, reading: prompt.reading != .nothing, now: Clock.now) { byte in
                if byte == 0x0A { ended = true } else if !line.isFull { line.append(byte) }
            }
            switch event {
            case .byte:
                guard ended else { continue }
                if case .line(echoed: false) = prompt.reading { device.write([0x0D, 0x0A]) }
                switch line.withBytes({ prompt.verdict($0) }) {
                case .answer:
                    let answer = prompt.answer(line)
                    defer { answer.wipe() }
                    status = Output.handOver(answer) ?? .ok
                case .yes: status = .ok
                case .no: status = .cancelled
                case .again(let say):
                    line.wipe()
                    device.write(charset.encode(say) + [0x0D, 0x0A] + opening)
                }
            case .continued:
                device.write([0x0D, 0x0A] + opening)
            case .deadline, .hungUp, .agentGone:
                // Left on a line of its own: what the shell writes next starts there.
                if prompt.reading != .nothing { device.write([0x0D, 0x0A]) }
                status = .cancelled
            }
        }
        return status
    }
}
