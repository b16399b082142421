// SPDX-License-Identifier: MIT
import CSystem
import PinBoxRender

/// Where screenshots go: a directory opened once at start-up, so a missing, unwritable or
/// empty name is an error before the window opens rather than at the first Print, and every
/// file lands in the directory that was checked even if its name is later moved or replaced.
final class ScreenshotDirectory {
    /// The name as given, for the `screenshot` event's path.
    let name: String
    private let fd: Int32
    private var taken = 0

    /// `nil` means the working directory.
    init(_ path: String?) throws(UsageError) {
        let path = path ?? "."
        guard !path.isEmpty else { throw UsageError("--screenshot-dir needs a directory, not an empty name") }
        let fd = pinbox_open_directory(path)
        guard fd >= 0 else { throw Self.unusable(path, errno: pinbox_errno()) }
        guard faccessat(fd, ".", W_OK | X_OK, 0) == 0 else {
            let e = pinbox_errno()
            close(fd)
            throw Self.unusable(path, errno: e)
        }
        self.fd = fd
        name = path
    }

    deinit { close(fd) }

    /// Saves `canvas` as a new file `pinbox-TIMESTAMP-PID-N.png`; returns its path.
    func save(_ canvas: Canvas) throws(RenderError) -> String {
        let (out, path) = try create(suffix: "png")
        defer { close(out) }
        try canvas.writePNG(toFileDescriptor: out, name: path)
        return path
    }

    /// Opens a new file `pinbox-TIMESTAMP-PID-N.SUFFIX` for writing (a recording); returns its
    /// descriptor, which the caller closes, and its path.
    func create(suffix: String) throws(RenderError) -> (fd: Int32, path: String) {
        taken += 1
        let file = "pinbox-\(Self.timestamp())-\(getpid())-\(taken).\(suffix)"
        let path = (name.hasSuffix("/") ? name : name + "/") + file
        // Never over an existing file, never through a planted link; readable by this user only
        // (it shows what was typed, as dots or as characters).
        let out = pinbox_create_file(fd, file, 0o600)
        guard out >= 0 else { throw RenderError("cannot write \(path): \(String(cString: strerror(pinbox_errno())))") }
        return (out, path)
    }

    private static func unusable(_ path: String, errno number: Int32) -> UsageError {
        var reason = String(cString: strerror(number))
        if path.unicodeScalars.contains("\u{FFFD}") { reason += "; the name is not valid UTF-8" }
        return UsageError("--screenshot-dir \(Excerpt.quoted(path)) cannot be used: \(reason)")
    }

    private static func timestamp() -> String {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
