// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A shell command on a fresh pseudo-terminal, through util-linux's `script`: what the
/// terminal shows is read back as it comes, and keys are typed into it as a user would.
final class Pty {
    let child: Child
    /// Everything the terminal has shown so far, as bytes and as UTF-8 text.
    private(set) var shownBytes: [UInt8] = []
    var shown: String { String(decoding: shownBytes, as: UTF8.self) }

    /// Runs `command` under `sh -c` on a new pty. `script -q -e`: no banner, its status is
    /// the command's.
    init(_ command: String, environment: [String: String]) throws {
        child = try Child(["script", "-q", "-e", "-c", command, "/dev/null"],
                          environment: environment.merging(["SHELL": "/bin/sh"]) { $1 },
                          capture: true, interactive: true)
    }

    deinit {
        if child.isRunning { kill(child.pid, SIGKILL) }
    }

    /// Reads what has come.
    func pump(for seconds: Double = 0.05) {
        child.waitReadable(seconds: seconds)
        shownBytes += child.read().out
    }

    /// Waits until `text` has shown `count` times in all.
    func waitFor(_ text: String, count: Int = 1, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while shown.components(separatedBy: text).count - 1 < count {
            guard Date() < deadline else {
                throw TestFailure("the terminal never showed \(text.debugDescription) \(count) times; it showed \(shown.debugDescription)")
            }
            guard child.isRunning else {
                pump(for: 0)
                if shown.components(separatedBy: text).count - 1 >= count { return }
                throw TestFailure("the command ended before \(text.debugDescription) showed: \(shown.debugDescription)")
            }
            pump(for: 0.05)
        }
    }

    /// Types `keys` into the terminal.
    func type(_ keys: String) {
        child.send(keys)
    }

    /// Types bytes that need not be UTF-8 (a terminal in another character set).
    func type(bytes: [UInt8]) {
        child.send(bytes)
    }

    /// Waits for the command to end; its exit status.
    func finish(timeout: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning {
            guard Date() < deadline else { throw TestFailure("the command did not end: \(shown.debugDescription)") }
            pump(for: 0.05)
        }
        pump(for: 0)
        child.closeInput()
        return child.wait()
    }
}

/// Whether a pty's modes were the same after a dialog as before (`stty -a` written into `dir`'s
/// `before` and `after` by the command), the first those of a terminal a user types at.
func terminalModesKept(in dir: String) throws -> Bool {
    let before = try String(contentsOfFile: dir + "/before", encoding: .utf8)
    let after = try String(contentsOfFile: dir + "/after", encoding: .utf8)
    #expect(before.contains("icanon") && before.contains(" echo "))
    return before == after
}

/// The processes whose command line contains `needle` (a path only this test uses), by pid;
/// or whose environment does (`file` "environ"), its variables then parted by spaces.
func processes(containing needle: String, in file: String = "cmdline") -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { name -> pid_t? in
        guard let pid = pid_t(name),
              let data = FileManager.default.contents(atPath: "/proc/\(name)/\(file)") else { return nil }
        let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
        return line.contains(needle) ? pid : nil
    }
}

/// Waits until no process's command line (or `file`, as above) contains `needle`.
func waitGone(_ needle: String, in file: String = "cmdline", timeout: Double = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !processes(containing: needle, in: file).isEmpty {
        guard Date() < deadline else { throw TestFailure("\(needle) is still running") }
        usleep(20_000)
    }
}

/// Waits until a process's command line contains `needle`; its pid.
func waitStarted(_ needle: String, timeout: Double = 20) throws -> pid_t {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        if let pid = processes(containing: needle).first { return pid }
        guard Date() < deadline else { throw TestFailure("\(needle) never started") }
        usleep(20_000)
    }
}

/// The children of `parent` whose program name (`comm`, at most 15 characters) starts with `name`.
func children(of parent: pid_t, named name: String) -> [pid_t] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> pid_t? in
        guard let pid = pid_t(entry), let data = FileManager.default.contents(atPath: "/proc/\(entry)/stat") else { return nil }
        let stat = String(decoding: data, as: UTF8.self)
        // pid (comm) state ppid …: comm may hold spaces, so read around its parentheses.
        guard let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let comm = String(stat[stat.index(after: open)..<close])
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        guard fields.count > 1, pid_t(fields[1]) == parent, name.hasPrefix(comm) || comm.hasPrefix(name) else { return nil }
        return pid
    }
}

/// The pinentry the gpg-agent of `home` is running (the agent starts it under its own name,
/// `pinentry-pinbox`, with no path).
func waitForPinentry(agentHome home: String, timeout: Double = 20) throws -> pid_t {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
        for agent in processes(containing: "gpg-agent --homedir \(home)") {
            if let pid = children(of: agent, named: "pinentry-pinbox").first { return pid }
        }
        guard Date() < deadline else { throw TestFailure("the agent of \(home) started no pinentry") }
        usleep(20_000)
    }
}

/// Waits until process `pid` has ended (it is not ours to reap: only its disappearing counts).
func waitEnded(_ pid: pid_t, timeout: Double = 10) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while FileManager.default.fileExists(atPath: "/proc/\(pid)/stat") {
        if let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat"),
           String(decoding: data, as: UTF8.self).contains(") Z ") { return }  // a zombie has ended
        guard Date() < deadline else { throw TestFailure("process \(pid) is still running") }
        usleep(20_000)
    }
}
