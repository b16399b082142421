// SPDX-License-Identifier: MIT
import CSystem

/// What the kernel says of a process (`/proc/PID/…`) and of this machine, for the roles that
/// name their caller: the askpass's (`AskpassRecall`), gpg-agent's client (`PinentryOwner`).
enum KernelRecords {
    /// A small file read whole, at most `limit` bytes; nil when it cannot be read or is empty
    /// (the process has ended). Only a regular file is read: never a FIFO that would wait.
    static func read(_ path: String, limit: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBufferPointer { pinbox_read_regular_file(path, $0.baseAddress, limit) }
        return count > 0 ? Array(buffer[..<count]) : nil
    }

    /// The askpass's caller: its `/proc/PID/stat` line (its name, its start) and its command
    /// line, each nil where it cannot be read.
    static var parent: (stat: String?, commandLine: [UInt8]?) {
        let process = "/proc/" + String(getppid())
        return (read(process + "/stat", limit: 1024).map { String(decoding: $0, as: UTF8.self) },
                read(process + "/cmdline", limit: 4096))
    }

    /// This machine's name, as `uname -n` gives it; empty when it has none.
    static var hostName: String {
        var host = [CChar](repeating: 0, count: 256)
        guard gethostname(&host, host.count - 1) == 0 else { return "" }
        return host.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
