// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// A child process started with posix_spawn: default signal handling and nothing blocked
/// (Foundation's Process passes on the test runner's blocked signals, so SIGTERM would not
/// reach the child), its output read without blocking, its exit reaped with waitpid.
final class Child {
    let pid: pid_t
    /// What was started, for the message when it has to be killed.
    private let argv: [String]
    private var outFD: Int32 = -1
    private var errFD: Int32 = -1
    private(set) var status: Int32?

    /// Starts `argv[0]` (a path or a name on PATH). `input` is written to its stdin, which then
    /// closes; without `capture` its output goes to /dev/null.
    /// What a hostile or careless parent can do to a standard descriptor before the exec.
    enum Descriptor {
        case closed
        /// Opened on a path for writing, e.g. /dev/full.
        case writing(String)
    }

    /// With `interactive`, stdin stays open for `send` until `closeInput`.
    private var inFD: Int32 = -1

    init(_ argv: [String], environment: [String: String] = [:], input: [UInt8]? = nil, capture: Bool = false,
         descriptors: [Int32: Descriptor] = [:], interactive: Bool = false) throws {
        let program = try argv[0].hasPrefix("/") ? argv[0] : which(argv[0])
        self.argv = argv
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var stdinPipe: [Int32] = [-1, -1], outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        // Close-on-exec: children started at the same time by other tests must not inherit our ends.
        closeOnExecPipe(&stdinPipe)
        posix_spawn_file_actions_adddup2(&actions, stdinPipe[0], 0)
        if capture {
            closeOnExecPipe(&outPipe)
            closeOnExecPipe(&errPipe)
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        // Nothing else the runner has open goes to the child: a pipe another test made a moment
        // ago (Foundation's are not close-on-exec) held by a long-lived child here would keep
        // that test from ever reading its end of file.
        _ = glibc.addCloseFrom(&actions, 3)
        for (fd, what) in descriptors.sorted(by: { $0.key < $1.key }) {
            switch what {
            case .closed: posix_spawn_file_actions_addclose(&actions, fd)
            case .writing(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY, 0)
            }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        // A session of its own: no child has the terminal the suite may run in, so a prompt that
        // falls back to its terminal (the askpass, the pinentry) finds none, as under CI, rather
        // than ask on the tester's. (POSIX_SPAWN_SETSID, glibc's 0x80, is not in Swift's Glibc.)
        let newSession: Int32 = 0x80
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | newSession))

        var env = [String: String]()
        var i = 0
        while let entry = environ[i] {
            let s = String(cString: entry)
            if let eq = s.firstIndex(of: "=") { env[String(s[..<eq])] = String(s[s.index(after: eq)...]) }
            i += 1
        }
        env.merge(environment) { $1 }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArgs + cEnv).forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attributes, cArgs, cEnv)
        close(stdinPipe[0])
        if capture { close(outPipe[1]); close(errPipe[1]) }
        guard rc == 0 else { throw TestFailure("cannot start \(program): error \(rc)") }
        self.pid = pid
        if let input {
            var offset = 0
            while offset < input.count {
                let n = input[offset...].withUnsafeBytes { write(stdinPipe[1], $0.baseAddress!, $0.count) }
                guard n > 0 else { break }
                offset += n
            }
        }
        if interactive { inFD = stdinPipe[1] } else { close(stdinPipe[1]) }
        if capture {
            outFD = outPipe[0]
            errFD = errPipe[0]
            for fd in [outFD, errFD] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
    }

    deinit {
        closeInput()
        if status == nil { kill(pid, SIGKILL); _ = wait() }
        if outFD >= 0 { close(outFD) }
        if errFD >= 0 { close(errFD) }
    }

    /// Writes to the child's stdin (started `interactive`).
    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { write(inFD, $0.baseAddress!, $0.count) }
    }

    func closeInput() {
        if inFD >= 0 { close(inFD) }
        inFD = -1
    }

    /// Closes our end of the child's stdout, as a reader that goes away does: its next write
    /// meets a broken pipe.
    func closeStdoutReader() {
        if outFD >= 0 { close(outFD) }
        outFD = -1
    }

    /// Whatever the child wrote since the last call: (stdout, stderr).
    func read() -> (out: [UInt8], err: [UInt8]) {
        func drain(_ fd: Int32) -> [UInt8] {
            var all: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
            while fd >= 0 {
                let n = Glibc.read(fd, &chunk, chunk.count)
                guard n > 0 else { break }
                all += chunk[0..<n]
            }
            return all
        }
        return (drain(outFD), drain(errFD))
    }

    /// Blocks until the child `fd` is readable or `seconds` pass.
    func waitReadable(seconds: Double) {
        var fds = [pollfd(fd: outFD, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, 1, Int32(seconds * 1000))
    }

    /// The exit status if it has ended (128 + signal when killed), without waiting.
    func exitStatusIfEnded() -> Int32? {
        if let status { return status }
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        status = Self.decode(raw)
        return status
    }

    /// Waits for the end; returns the exit status. A child still running after `seconds` (a
    /// client waiting for a prompt that never came, a lost key) is killed and the test fails
    /// saying so: a hang must fail its test, never hold the whole run.
    @discardableResult
    func wait(within seconds: Double = 120) -> Int32 {
        var waited = 0.0
        while exitStatusIfEnded() == nil {
            if waited >= seconds {
                kill(pid, SIGKILL)
                Issue.record("\(argv.prefix(3).joined(separator: " ")) (pid \(pid)) did not end within \(Int(seconds)) s; killed")
                var raw: Int32 = 0
                while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
                status = Self.decode(raw)
                break
            }
            usleep(10_000)
            waited += 0.01
        }
        return status!
    }

    var isRunning: Bool { exitStatusIfEnded() == nil }

    private static func decode(_ raw: Int32) -> Int32 {
        raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
    }
}

/// A pipe whose ends are not inherited by anything exec'd (posix_spawn's dup2 clears the flag
/// on the copy it makes for the child), close-on-exec from the start: another test's spawn
/// between making the pipe and marking it would take its ends along.
private func closeOnExecPipe(_ ends: inout [Int32]) {
    _ = glibc.pipe2(&ends, O_CLOEXEC)
}

/// Two GNU functions Swift's Glibc module does not declare (they need _GNU_SOURCE), looked up
/// in the C library itself.
private struct GNUFunctions {
    let pipe2: @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    let addCloseFrom: @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    init() {
        func symbol<F>(_ name: String, as: F.Type) -> F {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                fatalError("\(name) is not in the C library")
            }
            return unsafeBitCast(address, to: F.self)
        }
        pipe2 = symbol("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
        addCloseFrom = symbol("posix_spawn_file_actions_addclosefrom_np",
                              as: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }
}

private let glibc = GNUFunctions()

extension Child {
    /// Reads the program's output into `text` until a line starting with `prefix` has come (a
    /// pinentry's replies): fails with what was read if the program ends or `timeout` passes
    /// first.
    func readUntil(_ prefix: String, into text: inout String, timeout: Double = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        func arrived() -> Bool { text.split(separator: "\n").contains { $0.hasPrefix(prefix) } }
        while !arrived() {
            // A program that has ended may still have its last lines in the pipe: read them first.
            let ended = !isRunning
            waitReadable(seconds: ended ? 0 : 0.05)
            text += String(decoding: read().out, as: UTF8.self)
            guard arrived() || (Date() < deadline && !ended) else { throw TestFailure("no '\(prefix)' in:\n\(text)") }
        }
    }
}
