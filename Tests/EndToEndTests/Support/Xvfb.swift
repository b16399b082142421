// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A private Xvfb for one test, on a display number it picks itself (`-displayfd`), so tests
/// run side by side without sharing a keyboard focus; it goes away with the test.
final class Xvfb {
    let display: String
    private let server: Child

    /// `options` go to Xvfb as they are (`-extension MIT-SHM` takes an extension away).
    init(size: String = "1280x1024x24", options: [String] = []) throws {
        server = try Child(["Xvfb", "-displayfd", "1", "-screen", "0", size, "-nolisten", "tcp", "-noreset"] + options,
                           capture: true)
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.hasSuffix("\n") {
            guard server.isRunning, Date() < deadline else { throw TestFailure("Xvfb did not start") }
            server.waitReadable(seconds: 0.1)
            text += String(decoding: server.read().out, as: UTF8.self)
        }
        display = ":" + text.trimmingCharacters(in: .whitespacesAndNewlines)
        _ = socket
    }

    /// Kills the server, as a crash or a pulled cable would. Its socket's file stays behind, and
    /// is removed here only while it is still the one this server made: the server's abstract
    /// socket goes with it, so another test's Xvfb may already have taken the number and made the
    /// file anew, and unlinking that one would leave a client that connects by the file's path
    /// (slow_link.py did) unable to reach it ("cannot open the X display", seen once in CI).
    func kill() {
        guard server.isRunning else { return }
        Glibc.kill(server.pid, SIGKILL)
        server.wait()
        let number = display.dropFirst()
        unlink("/tmp/.X\(number)-lock")
        let path = "/tmp/.X11-unix/X\(number)"
        if let socket, Self.inode(path) == socket { unlink(path) }
    }

    /// The socket file's inode as the server made it (nil if there was none).
    private lazy var socket: ino_t? = Self.inode("/tmp/.X11-unix/X\(display.dropFirst())")

    private static func inode(_ path: String) -> ino_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_ino : nil
    }

    deinit { kill() }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The full path of a program on PATH.
func which(_ name: String) throws -> String {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    throw TestFailure("\(name) is not installed (scripts/install-deps installs it)")
}

/// Runs a command to completion on `display`; returns its exit status and standard output.
@discardableResult
func run(_ argv: [String], display: String? = nil, input: [UInt8]? = nil) throws -> (status: Int32, output: String) {
    try run(argv, environment: display.map { ["DISPLAY": $0] } ?? [:], input: input)
}

/// X, Y, WIDTH and HEIGHT of a window, as xdotool sees them (-1 for what it does not say).
func windowGeometry(_ id: String, display: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
    let (_, out) = try run(["xdotool", "getwindowgeometry", "--shell", id], display: display)
    func value(_ key: String) -> Int {
        Int(out.split(separator: "\n").first { $0.hasPrefix(key + "=") }?.dropFirst(key.count + 1) ?? "") ?? -1
    }
    return (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
}

/// Runs a command to completion with `environment` added to the runner's; returns its exit
/// status and standard output.
@discardableResult
func run(_ argv: [String], environment: [String: String], input: [UInt8]? = nil) throws -> (status: Int32, output: String) {
    let child = try Child(argv, environment: environment, input: input, capture: true)
    var out: [UInt8] = []
    // A helper that hangs (a stuck selection owner, a search that never matches) must fail the
    // test, not hold the whole run.
    let deadline = Date().addingTimeInterval(60)
    while child.isRunning {
        guard Date() < deadline else {
            kill(child.pid, SIGKILL)
            throw TestFailure("\(argv) did not finish within 60 s")
        }
        child.waitReadable(seconds: 0.05)
        out += child.read().out
    }
    out += child.read().out
    return (child.wait(), String(decoding: out, as: UTF8.self))
}
