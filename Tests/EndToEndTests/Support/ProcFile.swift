// SPDX-License-Identifier: MIT
import Glibc

/// The whole text of a file under /proc, read to its end. Such files say they are empty, and
/// `String(contentsOfFile:)` stops after their first page: a library mapped past the first 35
/// lines or so of `/proc/PID/maps` would be missed, and a test that it is not loaded would pass
/// for nothing (so would one that it is, fail by chance).
func procFile(_ path: String) -> String {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        guard n > 0 else { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// What a process has mapped, as `/proc/PID/maps` lists it, whole.
func mappings(of pid: pid_t) -> String {
    procFile("/proc/\(pid)/maps")
}
