// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// Ends the gpg-agent a test started in `home` and everything it started. A stand-in scdaemon
/// still inside an inquiry held the agent's lock, gpgconf's own `scd killscd` waited on it, and
/// the agent, the stand-in and that gpg-connect-agent outlived the test run: the stand-ins go
/// first, then the agent as gpgconf ends it, then whatever still runs with `home` in its
/// arguments. The home is the test's own (a fresh UUID), so only what the test started matches.
func endAgent(home: String) {
    for pid in processes(mentioning: home + "/scdaemon") { kill(pid, SIGKILL) }
    _ = try? run(["gpgconf", "--homedir", home, "--kill", "all"])
    for pid in processes(mentioning: home) { kill(pid, SIGKILL) }
}

/// The processes (this one aside) whose command line holds `text`, read from /proc.
func processes(mentioning text: String) -> [pid_t] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
    return entries.compactMap { pid_t($0) }.filter { pid in
        pid != getpid() && commandLine(of: pid).contains(text)
    }
}

/// A process's arguments joined by spaces; empty when it is gone. Read to the end: procfs
/// files say they are empty.
private func commandLine(of pid: pid_t) -> String {
    let fd = open("/proc/\(pid)/cmdline", O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &chunk, chunk.count)
        guard n > 0 else { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
}
