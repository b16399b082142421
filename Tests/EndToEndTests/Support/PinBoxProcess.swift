// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// The real `pinbox` binary, started with arguments, its JSON events collected as they come.
final class PinBoxProcess {
    let child: Child
    let display: String?
    private var outBuffer: [UInt8] = []
    private var errBuffer: [UInt8] = []
    private(set) var windowID: String?

    /// The binary under test: `$PINBOX_BINARY` when set (scripts/test points it at the release
    /// build, the one people run), else the one built next to this test bundle.
    static var binary: String {
        if let path = ProcessInfo.processInfo.environment["PINBOX_BINARY"], !path.isEmpty { return path }
        return builtBeside
    }

    /// The build of the same configuration as the tests (debug): the one next to this bundle.
    static var builtBeside: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The test runner may live inside the .xctest folder, or beside it.
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        return dir.appendingPathComponent("pinbox").path
    }

    /// `launcher` goes before the binary: a program that sets something up and execs it.
    /// `program`: the binary, or a link to it whose name is a role.
    init(_ arguments: [String], display: String?, environment: [String: String] = [:],
         launcher: [String] = [], descriptors: [Int32: Child.Descriptor] = [:], program: String = binary) throws {
        self.display = display
        var env = environment
        env["DISPLAY"] = display ?? ""
        child = try Child(launcher + [program] + arguments, environment: env, capture: true,
                          descriptors: descriptors)
    }

    var pid: pid_t { child.pid }

    private func drain() {
        let (out, err) = child.read()
        outBuffer += out
        errBuffer += err
    }

    var stdout: String { drain(); return String(decoding: outBuffer, as: UTF8.self) }
    var stderr: String { drain(); return String(decoding: errBuffer, as: UTF8.self) }

    /// Every event so far, parsed.
    var events: [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// The events named `name`.
    func events(_ name: String) -> [[String: Any]] { events.filter { $0["event"] as? String == name } }

    /// Waits until `count` events named `name` (matching `where`) have arrived; returns the last.
    @discardableResult
    func waitFor(_ name: String, count: Int = 1, timeout: Double = 5,
                 where matches: ([String: Any]) -> Bool = { _ in true }) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let found = events(name).filter(matches)
            if found.count >= count { return found[count - 1] }
            guard Date() < deadline else {
                throw TestFailure("no \(count)× '\(name)' event within \(timeout) s; stdout:\n\(stdout)\nstderr:\n\(stderr)")
            }
            child.waitReadable(seconds: 0.02)
        }
    }

    /// Waits for the window, focuses it (XTEST keys go to the focused window), returns its id.
    @discardableResult
    func waitReady(focus: Bool = true) throws -> String {
        let ready = try waitFor("ready")
        let id = ready["window"] as! String
        windowID = id
        if focus { try xdotool(["windowfocus", "--sync", id]) }
        return id
    }

    /// Finds the window by its _NET_WM_PID when no events are printed (--quiet, askpass), and
    /// focuses it. Gives up when the program ends first or after `timeout` seconds.
    func findWindowByPID(timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // --onlyvisible: a window is found by its _NET_WM_PID before it is mapped, and cannot
            // take the focus until it is. No --sync: it would wait forever for a program that died.
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--pid", String(pid)], display: display)
            if let decimal = out.split(separator: "\n").first, let id = UInt(decimal) {
                windowID = "0x" + String(id, radix: 16)
                try xdotool(["windowfocus", "--sync", windowID!])
                return
            }
            guard child.isRunning, Date() < deadline else {
                throw TestFailure("no window with _NET_WM_PID \(pid); stderr:\n\(stderr)")
            }
            usleep(20_000)
        }
    }

    /// Runs xdotool against this program's display.
    func xdotool(_ arguments: [String]) throws {
        guard let display else { throw TestFailure("xdotool \(arguments): this program has no display") }
        try EndToEndTests.xdotool(arguments, display: display)
    }

    /// Real key presses through XTEST, with a small gap so each is its own event.
    func keys(_ names: String...) throws {
        try xdotool(["key", "--delay", "15"] + names)
    }

    /// Waits for the program to end; returns its exit status.
    func waitExit(timeout: Double = 5) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning {
            guard Date() < deadline else {
                throw TestFailure("pinbox did not exit within \(timeout) s; stderr:\n\(stderr)")
            }
            child.waitReadable(seconds: 0.02)
            drain()
        }
        drain()
        return child.wait()
    }
}
