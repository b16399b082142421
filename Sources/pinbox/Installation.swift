// SPDX-License-Identifier: MIT
import CSystem

/// Where this binary was installed, read from /proc/self/exe: PREFIX for PREFIX/bin/pinbox, so
/// that what it finds and names (its translations, its documents, its role links) is under
/// the prefix it runs from, whichever that is. Where /proc is not mounted (a chroot, a
/// sandbox), the path it was started by, with its links resolved, says the same.
enum Installation {
    /// The folder of the binary; nil when it cannot be read.
    static var binaryDirectory: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if n <= 0 {
            // The kernel keeps the path execve was given (a shell's PATH search makes it whole).
            let started = getauxval(UInt(AT_EXECFN))
            guard started != 0, realpath(UnsafePointer<CChar>(bitPattern: UInt(started)), &buffer) != nil else { return nil }
        }
        let path = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        parts.removeLast()  // pinbox
        return parts.joined(separator: "/")
    }

    /// PREFIX, for the binary at PREFIX/bin.
    static var prefix: String? {
        guard var parts = binaryDirectory?.split(separator: "/", omittingEmptySubsequences: false),
              parts.count >= 2 else { return nil }
        parts.removeLast()  // bin
        return parts.joined(separator: "/")
    }
}
