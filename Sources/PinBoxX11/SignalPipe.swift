// SPDX-License-Identifier: MIT
import CSystem

/// Turns signals into bytes on a pipe the event loop polls beside the X connection, so a
/// signal wakes the loop and is handled there, never inside the handler (the self-pipe trick).
/// SIGUSR1 asks for a screenshot, SIGUSR2 on the workbench a recording; every other signal
/// that would end the process asks to quit (the C side, `pinbox_signals_install`, writes
/// `PINBOX_WAKE_STOP` for those, wipes the secrets at once and gives the loop one second to
/// get out). SIGCONT writes only when a terminal dialog took its modes back after a stop.
public enum SignalPipe {
    nonisolated(unsafe) public private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var installed = false

    public static func install() {
        guard !installed else { return }
        installed = true
        var pair: [Int32] = [-1, -1]
        // With no descriptor left for the pipe (a tiny RLIMIT_NOFILE) the handlers go in all the
        // same: they wipe the secrets and end the process within a second (the watchdog); only
        // the loop's wake-up is lost.
        if pinbox_pipe_nonblocking(&pair) == 0 { readEnd = pair[0] }
        _ = pinbox_signals_install(pair[1])
    }

    /// Drains the pipe: whether a screenshot was asked for, a recording toggled (SIGUSR2 on the
    /// workbench), whether to quit, whether a terminal dialog was continued after a job-control
    /// stop and has its modes back (`pinbox_terminal_reclaim`).
    public static func drain() -> (screenshot: Bool, record: Bool, quit: Bool, continued: Bool) {
        var screenshot = false, record = false, quit = false, continued = false
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            guard n > 0 else { break }
            for byte in buffer[0..<n] {
                switch Int32(byte) {
                case SIGUSR1: screenshot = true
                case SIGUSR2: record.toggle()
                case PINBOX_WAKE_CONTINUED: continued = true
                default: quit = true
                }
            }
        }
        return (screenshot, record, quit, continued)
    }
}
