// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// Writes whole lines straight to a file descriptor: one `write` per line, so an event line is
/// never split or held in a buffer when the program is killed. Every write is checked: a
/// closed or full output is an error the caller hears about, never a silent success.
enum Output {
    /// Why a write failed: the C library's words for errno.
    struct Failure: Error {
        let number: Int32
        let reason: String
        init(errno number: Int32) {
            self.number = number
            reason = String(cString: strerror(number))
        }
    }

    static func line(_ text: String, to fd: Int32) throws(Failure) {
        var bytes = Array(text.utf8)
        bytes.append(0x0a)
        let error = bytes.withUnsafeBytes { buffer in
            var part = iovec(iov_base: UnsafeMutableRawPointer(mutating: buffer.baseAddress), iov_len: buffer.count)
            return writeAll(fd, &part, count: 1)
        }
        if error != 0 { throw Failure(errno: error) }
    }

    /// The one way an answer leaves the program, and only because the user asked: `secret` and
    /// a newline on stdout, never once a signal asked the program to stop (the handler may have
    /// wiped the secret by then). While it is written, and while `written` runs with it (the
    /// askpass saves it in the password manager there), a signal leaves it whole. nil when it
    /// went; else how the program ends: `.cancelled` (a signal came first: nothing written) or
    /// `.undelivered` (stdout refused it, said on stderr: the caller would read an empty answer).
    static func handOver(_ secret: SecretBuffer, written: () -> Void = {}) -> ExitStatus? {
        defer { pinbox_delivery_end() }
        guard pinbox_delivery_begin() == 0 else { return .cancelled }
        let failure = secret.withBytes { bytes -> Failure? in
            do throws(Failure) {
                try secretLine(bytes, to: 1)
                return nil
            } catch {
                return error
            }
        }
        guard let failure else {
            written()
            return nil
        }
        error("cannot hand the PIN over on standard output (\(failure.reason))")
        return .undelivered
    }

    /// Writes secret bytes and a newline straight from the caller's buffer: no `String`, no
    /// copy left behind; one `writev` when the reader keeps up, as readers of a pipe expect.
    /// `before` and `after` (no secret in them) go round it on the same line.
    static func secretLine(_ bytes: UnsafeBufferPointer<UInt8>, before: String = "", after: String = "",
                           to fd: Int32) throws(Failure) {
        let head = Array(before.utf8), tail = Array(after.utf8) + [0x0a]
        let error = head.withUnsafeBytes { head in
            tail.withUnsafeBytes { tail in
                var parts = [iovec(iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress), iov_len: head.count),
                             iovec(iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress), iov_len: bytes.count),
                             iovec(iov_base: UnsafeMutableRawPointer(mutating: tail.baseAddress), iov_len: tail.count)]
                return parts.withUnsafeMutableBufferPointer { writeAll(fd, $0.baseAddress!, count: $0.count) }
            }
        }
        if error != 0 { throw Failure(errno: error) }
    }

    /// An error line on stderr. When even stderr cannot be written there is nobody to tell.
    static func error(_ message: String) {
        try? line("pinbox: \(message)", to: 2)
    }

    /// `writev` until every part is written: retried after a signal, resumed after a short write,
    /// and waited for (a second at most) when a non-blocking reader's pipe is full. Returns 0,
    /// or the errno that stopped it.
    private static func writeAll(_ fd: Int32, _ parts: UnsafeMutablePointer<iovec>, count: Int) -> Int32 {
        var first = 0
        while first < count {
            if parts[first].iov_len == 0 { first += 1; continue }
            let n = writev(fd, parts + first, Int32(count - first))
            if n < 0 {
                let e = pinbox_errno()
                if e == EINTR { continue }
                if e == EAGAIN || e == EWOULDBLOCK {
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    if poll(&p, 1, 1000) > 0 { continue }
                }
                return e
            }
            var written = n
            while written > 0 && first < count {
                let length = parts[first].iov_len
                if written >= length {
                    written -= length
                    parts[first].iov_len = 0
                    first += 1
                } else {
                    parts[first].iov_base += written
                    parts[first].iov_len -= written
                    written = 0
                }
            }
        }
        return 0
    }
}
