// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A Unix socket that takes connections and never answers (the kernel queues them; nobody
/// accepts): a hung session bus or X server, as a client meets one. Closed and removed with
/// the object.
final class SilentSocket {
    let path: String
    private let fd: Int32

    init(path: String) throws {
        self.path = path
        unlink(path)
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else {
            if fd >= 0 { close(fd) }
            throw TestFailure("cannot listen on \(path)")
        }
    }

    deinit {
        close(fd)
        unlink(path)
    }
}
