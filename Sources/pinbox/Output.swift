import CSystem

/// Writes whole lines straight to a file descriptor: one `write` per line, so an event line is
/// never split or held in a buffer when the program is killed.
enum Output {
    static func line(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        bytes.append(0x0a)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n > 0 { offset += n } else if n < 0 && pinbox_errno() == EINTR { continue } else { return }
            }
        }
    }

    /// Writes secret bytes and a newline in one `writev`, straight from the caller's buffer:
    /// no `String`, no copy left behind.
    static func secretLine(_ bytes: UnsafeBufferPointer<UInt8>, to fd: Int32) {
        var newline: UInt8 = 0x0a
        withUnsafeMutablePointer(to: &newline) { nl in
            var parts = [iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count),
                         iovec(iov_base: UnsafeMutableRawPointer(nl), iov_len: 1)]
            _ = writev(fd, &parts, 2)
        }
    }

    static func error(_ message: String) {
        line("pinbox: \(message)", to: 2)
    }
}
