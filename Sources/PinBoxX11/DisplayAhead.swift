// SPDX-License-Identifier: MIT
import CSystem

/// A connection to the X server opened on a thread of its own while the program does other
/// work, and taken when the first window needs it. A pinentry is started with the display
/// named (gpg-agent passes `--display`), then answers a score of the agent's commands, each
/// awaited by the agent, before the GETPIN that wants a window: the connection and its first
/// round trips are made meanwhile, and leave the request's way to the window. Only one thread
/// uses the connection at a time: this one until `take` has waited for it, then the caller's.
public final class DisplayAhead {
    /// The name it connects to (nil: `$DISPLAY`).
    public let name: String?
    private var thread: UInt = 0
    private var running = false
    private var opened: XDisplay?

    public init(name: String?) {
        self.name = name
        // Not retained: `take` or `deinit` waits for the thread before this object can go.
        let context = Unmanaged.passUnretained(self).toOpaque()
        running = pinbox_run_joinable({ context in
            let ahead = Unmanaged<DisplayAhead>.fromOpaque(context!).takeUnretainedValue()
            ahead.opened = try? XDisplay(name: ahead.name)
            return nil
        }, context, &thread) == 0
    }

    deinit { finish() }

    /// Waits for the thread to be done. Xlib reads the environment while it connects: the
    /// caller waits before it changes the environment or the locale (`setenv`, `setlocale`).
    public func finish() {
        guard running else { return }
        pinbox_join(thread)
        running = false
    }

    /// The connection, once the thread has made it; nil when it could not be made, or when
    /// the window is wanted on another display (the caller then connects itself, and says why
    /// when that fails). A second call finds nothing.
    public func take(name wanted: String?) -> XDisplay? {
        finish()
        defer { opened = nil }
        return wanted == name ? opened : nil
    }
}
