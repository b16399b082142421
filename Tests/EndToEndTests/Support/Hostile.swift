// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A pinentry driven line by line, as an agent drives it: commands on its stdin, its replies
/// collected as they come, its windows found by its PID on the test's own Xvfb.
final class PinentryDriver {
    let display: String
    let child: Child
    private var output: [UInt8] = []
    private var errors: [UInt8] = []
    /// Windows already answered: the next `window()` is a new one.
    private var seen: Set<String> = []

    /// `program`: the binary under test, unless a test names the build it needs.
    init(display: String, arguments: [String] = [], program: String = PinBoxProcess.binary) throws {
        self.display = display
        child = try Child([program, "pinentry"] + arguments, environment: ["DISPLAY": display],
                          capture: true, interactive: true)
        try waitOutput("OK Pleased to meet you")
    }

    deinit {
        if child.isRunning { kill(child.pid, SIGKILL) }
        child.wait()
    }

    var pid: pid_t { child.pid }
    var replies: String { drain(); return String(decoding: output, as: UTF8.self) }
    var stderr: String { drain(); return String(decoding: errors, as: UTF8.self) }

    private func drain() {
        let (o, e) = child.read()
        output += o
        errors += e
    }

    func send(_ text: String) { child.send(text) }

    /// Waits until the replies contain `text` `count` times; returns all replies so far.
    @discardableResult
    func waitOutput(_ text: String, count: Int = 1, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let all = replies
            if all.components(separatedBy: text).count - 1 >= count { return all }
            guard child.isRunning || all.contains(text), Date() < deadline else {
                throw TestFailure("no '\(text)' from the pinentry within \(timeout) s; replies:\n\(all)\nstderr:\n\(stderr)")
            }
            child.waitReadable(seconds: 0.02)
        }
    }

    /// The next window of this pinentry not seen before, focused (XTEST keys go there).
    @discardableResult
    func window(timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--pid", String(pid)], display: display)
            if let id = out.split(separator: "\n").map(String.init).first(where: { !seen.contains($0) }) {
                seen.insert(id)
                try xdotool(["windowfocus", "--sync", id])
                return id
            }
            guard child.isRunning, Date() < deadline else {
                throw TestFailure("no new pinentry window; replies:\n\(replies)\nstderr:\n\(stderr)")
            }
            usleep(20_000)
        }
    }

    /// Its windows on screen now.
    func visibleWindows() throws -> [String] {
        let (_, out) = try run(["xdotool", "search", "--onlyvisible", "--pid", String(pid)], display: display)
        return out.split(separator: "\n").map(String.init)
    }

    func type(_ text: String) throws { try xdotool(["type", "--delay", "20", text]) }
    func key(_ names: String...) throws { try xdotool(["key", "--delay", "15"] + names) }

    func xdotool(_ arguments: [String]) throws { try EndToEndTests.xdotool(arguments, display: display) }

    /// Waits for the end; returns the exit status.
    func waitExit(timeout: Double = 5) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while child.isRunning {
            guard Date() < deadline else { throw TestFailure("the pinentry did not exit within \(timeout) s") }
            child.waitReadable(seconds: 0.02)
            drain()
        }
        drain()
        return child.wait()
    }
}

/// Counts the copies of a marker secret in another process's memory (`/proc/PID/mem`), while
/// it runs and at its exit, stopped by ptrace before the kernel frees anything
/// (PTRACE_O_TRACEEXIT). PinBox makes itself not dumpable (PR_SET_DUMPABLE 0), so only root
/// (CAP_SYS_PTRACE) can do this, as the tests run in CI; another user, or the same one, cannot.
/// A Python helper does the tracing: ptrace is variadic in C, which Swift cannot call.
final class MemoryScan {
    private let helper: Child
    private var lines: [String] = []
    private var pending: [UInt8] = []

    convenience init(pid: pid_t, marker: String) throws {
        try self.init(pid: pid, markers: [marker])
    }

    /// Counts the copies of every one of `markers` together.
    init(pid: pid_t, markers: [String]) throws {
        guard getuid() == 0 else {
            throw TestFailure("scanning a PinBox process's memory needs root: it is not dumpable (PR_SET_DUMPABLE 0)")
        }
        let script = NSTemporaryDirectory() + "pinbox-memscan-\(UUID().uuidString).py"
        try Self.script.write(toFile: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: script) }
        helper = try Child(["/usr/bin/python3", script, String(pid)] + markers, capture: true, interactive: true)
        let first = try line()
        guard first == "ready" else { throw TestFailure("the memory scanner could not trace \(pid): \(first)") }
    }

    deinit {
        helper.closeInput()
        if helper.isRunning { kill(helper.pid, SIGTERM) }
        helper.wait()
    }

    /// The marker's copies in the running process now.
    func now() throws -> Int {
        helper.send("scan\n")
        return try number(after: "scan")
    }

    /// The marker's copies when the process reached its exit (call once it is ending).
    func atExit(timeout: Double = 10) throws -> Int {
        try number(after: "exit", timeout: timeout)
    }

    private func number(after word: String, timeout: Double = 10) throws -> Int {
        let text = try line(timeout: timeout)
        let parts = text.split(separator: " ")
        guard parts.count == 2, parts[0] == word, let n = Int(parts[1]) else {
            throw TestFailure("the memory scanner said '\(text)', not '\(word) N'")
        }
        return n
    }

    private func line(timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                defer { pending.removeSubrange(0...newline) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            guard Date() < deadline else { throw TestFailure("the memory scanner said nothing within \(timeout) s") }
            helper.waitReadable(seconds: 0.02)
            let (out, err) = helper.read()
            pending += out
            if !err.isEmpty { pending += Array("error ".utf8) + err + [0x0A] }
        }
    }

    static let script = """
        #!/usr/bin/python3
        # Traces one process (PTRACE_SEIZE with PTRACE_O_TRACEEXIT) and counts markers' copies in its
        # memory, as UTF-8 and as UTF-32 (an array of Swift's Unicode.Scalar, or a C program's
        # code points): on "scan" from stdin while it runs, and by itself when it stops at its exit,
        # before the kernel frees anything. Signals the process gets are passed on. Prints "ready",
        # then "scan N" and "exit N" lines. Needs root: the process is not dumpable.
        import ctypes, os, select, sys

        PTRACE_CONT, PTRACE_DETACH, PTRACE_SEIZE = 7, 17, 0x4206
        PTRACE_O_TRACEEXIT, PTRACE_EVENT_EXIT, PTRACE_EVENT_STOP, PTRACE_LISTEN = 0x40, 6, 128, 0x4208
        libc = ctypes.CDLL(None, use_errno=True)
        libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
        libc.ptrace.restype = ctypes.c_long
        pid = int(sys.argv[1])
        markers = [form for marker in sys.argv[2:] for form in (marker.encode(), marker.encode("utf-32-le"))]

        def scan():
            found = 0
            with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", 0) as mem:
                for line in maps:
                    fields = line.split()
                    if "r" not in fields[1] or (len(fields) > 5 and fields[5] in ("[vvar]", "[vsyscall]", "[vvar_vclock]")):
                        continue
                    start, end = (int(x, 16) for x in fields[0].split("-"))
                    try:
                        data = os.pread(mem.fileno(), end - start, start)
                    except OSError:
                        continue
                    found += sum(data.count(marker) for marker in markers)
            return found

        if libc.ptrace(PTRACE_SEIZE, pid, None, ctypes.c_void_p(PTRACE_O_TRACEEXIT)) != 0:
            print("error ptrace", ctypes.get_errno(), flush=True)
            sys.exit(1)
        print("ready", flush=True)
        while True:
            ready, _, _ = select.select([sys.stdin], [], [], 0.01)
            if ready:
                command = sys.stdin.readline().strip()
                if command == "scan":
                    print("scan", scan(), flush=True)
                elif command == "":
                    break
            try:
                waited, status = os.waitpid(pid, os.WNOHANG | 0x40000000)  # __WALL
            except ChildProcessError:
                print("gone", flush=True)
                break
            if waited == 0:
                continue
            if os.WIFEXITED(status) or os.WIFSIGNALED(status):
                print("gone", flush=True)
                break
            if os.WIFSTOPPED(status):
                event = status >> 16
                if event == PTRACE_EVENT_EXIT:
                    print("exit", scan(), flush=True)
                    libc.ptrace(PTRACE_DETACH, pid, None, None)
                    break
                if event == PTRACE_EVENT_STOP:
                    libc.ptrace(PTRACE_LISTEN, pid, None, None)
                else:
                    libc.ptrace(PTRACE_CONT, pid, None, ctypes.c_void_p(os.WSTOPSIG(status)))
        """
}
