// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// `pinbox pinentry [options]` on `display`, asked for a PIN (SETDESC, GETPIN) as an agent
/// would, its window found; `close()` cancels it with Escape and says BYE. GTK_THEME is set
/// empty, so a theme in the runner's environment cannot decide what it draws.
final class PinentryDialog {
    let pinentry: Child
    let display: String
    /// The dialog's window, `0x…`.
    let window: String

    init(display: String, options: [String] = [], environment: [String: String] = [:]) throws {
        self.display = display
        pinentry = try Child([PinBoxProcess.binary, "pinentry"] + options,
                             environment: ["GTK_THEME": "", "DISPLAY": display].merging(environment) { $1 },
                             capture: true, interactive: true)
        pinentry.send("SETDESC Unlock the key%0Aof Alice\nGETPIN\n")
        let (status, ids) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pinentry.pid)],
                                    display: display)
        guard status == 0, let decimal = UInt(ids.split(separator: "\n").first ?? "") else {
            kill(pinentry.pid, SIGTERM)
            pinentry.wait()
            throw TestFailure("no pinentry window")
        }
        window = "0x" + String(decimal, radix: 16)
    }

    /// Cancels the dialog, ends the session, and returns what the pinentry said on stderr.
    func close() throws -> String {
        _ = try run(["xdotool", "key", "Escape"], display: display)
        pinentry.send("BYE\n")
        pinentry.wait()
        return String(decoding: pinentry.read().err, as: UTF8.self)
    }

    deinit {
        if pinentry.isRunning { kill(pinentry.pid, SIGTERM) }
        pinentry.wait()
    }
}
