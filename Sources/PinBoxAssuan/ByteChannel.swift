// SPDX-License-Identifier: MIT
import CSystem

/// Where the server reads the client's bytes from: stdin in the binary, a recorded transcript
/// in the tests. Generic rather than an existential so the same code compiles as Embedded Swift.
public protocol ByteSource {
    /// Reads at most `buffer.count` bytes; returns how many (0 at end of input, -1 on error).
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}

/// Where the server's reply lines go: stdout in the binary, a capture in the tests.
public protocol ByteSink {
    /// Writes every byte or reports failure; a failure means the client is gone.
    mutating func write(_ bytes: UnsafeRawBufferPointer) -> Bool
}

/// A file descriptor as a byte source (the binary passes 0), retrying interrupted reads.
public struct FileDescriptorSource: ByteSource {
    public let descriptor: Int32
    public init(descriptor: Int32) { self.descriptor = descriptor }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = CSystem.read(descriptor, buffer.baseAddress, buffer.count)
            if n < 0 && pinbox_errno() == EINTR { continue }
            return n
        }
    }
}

/// A file descriptor as a byte sink (the binary passes 1): loops over partial writes and
/// interruptions, and reports any other failure (EPIPE when the agent has gone).
public struct FileDescriptorSink: ByteSink {
    public let descriptor: Int32
    public init(descriptor: Int32) { self.descriptor = descriptor }

    public mutating func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard var next = bytes.baseAddress else { return true }
        var left = bytes.count
        while left > 0 {
            let n = CSystem.write(descriptor, next, left)
            if n < 0 {
                if pinbox_errno() == EINTR { continue }
                return false
            }
            if n == 0 { return false }
            next += n
            left -= n
        }
        return true
    }
}
