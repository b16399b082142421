import CSystem

/// Turns signals into bytes on a pipe the event loop polls beside the X connection, so a
/// signal wakes the loop and is handled there, never inside the handler (the self-pipe trick).
/// SIGUSR1 asks for a screenshot; SIGINT, SIGTERM and SIGHUP ask to quit.
enum SignalPipe {
    // Plain integers, not an array: the handler must not touch anything reference-counted.
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1
    nonisolated(unsafe) private static var writeEnd: Int32 = -1

    static func install() {
        guard readEnd < 0 else { return }
        var pair: [Int32] = [-1, -1]
        guard pinbox_pipe_nonblocking(&pair) == 0 else { return }
        readEnd = pair[0]
        writeEnd = pair[1]
        // A parent may have started us with these blocked (threaded launchers do): unblock
        // them, or a screenshot request or a polite kill would never arrive.
        var set = sigset_t()
        sigemptyset(&set)
        for number in [SIGUSR1, SIGINT, SIGTERM, SIGHUP] {
            _ = signal(number, handler)
            sigaddset(&set, number)
        }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Drains the pipe: whether a screenshot was asked for, whether to quit.
    static func drain() -> (screenshot: Bool, quit: Bool) {
        var screenshot = false, quit = false
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = read(readEnd, &buffer, buffer.count)
            guard n > 0 else { break }
            for byte in buffer[0..<n] {
                if byte == UInt8(SIGUSR1) { screenshot = true } else { quit = true }
            }
        }
        return (screenshot, quit)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        let saved = pinbox_errno()
        var byte = UInt8(truncatingIfNeeded: signal)
        _ = write(SignalPipe.writeEnd, &byte, 1)
        pinbox_set_errno(saved)
    }
}
