// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// Fcitx 5 on a display, serving XIM, with two input methods (the US keyboard, then the Korean
/// one, fcitx5-hangul, which Ctrl+Space turns to), on a private session bus in a home of its
/// own; it ends with the object. A client finds it as `XMODIFIERS=@im=fcitx` (`environment`).
/// Its XIM draws what it composes in its own window, unless told to leave that to the client
/// (`onTheSpot`: its "Use On The Spot Style" setting).
final class FcitxSession {
    private let bus: SessionBus
    private let daemon: Child
    private let remoteEnvironment: [String: String]

    /// What a program needs to use it.
    let environment = ["XMODIFIERS": "@im=fcitx"]

    init(display: String, x: XClient, root: String, onTheSpot: Bool = false) throws {
        _ = try which("fcitx5")
        bus = try SessionBus(root: root)
        var env = bus.environment
        env["DISPLAY"] = display
        env["LANG"] = "C.UTF-8"
        let profile = """
            [Groups/0]
            Name=Default
            Default Layout=us
            DefaultIM=hangul

            [Groups/0/Items/0]
            Name=keyboard-us
            Layout=

            [Groups/0/Items/1]
            Name=hangul
            Layout=

            [GroupOrder]
            0=Default

            """
        try FileManager.default.createDirectory(atPath: root + "/config/fcitx5", withIntermediateDirectories: true)
        remoteEnvironment = env
        try profile.write(toFile: root + "/config/fcitx5/profile", atomically: true, encoding: .utf8)
        if onTheSpot {
            try FileManager.default.createDirectory(atPath: root + "/config/fcitx5/conf", withIntermediateDirectories: true)
            try "UseOnTheSpot=True\n".write(toFile: root + "/config/fcitx5/conf/xim.conf", atomically: true, encoding: .utf8)
        }
        // Only what XIM and the Korean method need: no Wayland, no panel, no other frontend.
        daemon = try Child(["fcitx5", "--disable=all", "--enable=xcb,xim,keyboard,hangul,dbus"], environment: env,
                           capture: true)
        try waitUntil("Fcitx's XIM server on \(display)", timeout: 20) {
            guard daemon.isRunning else { throw TestFailure("fcitx5 ended: \(String(decoding: daemon.read().err, as: UTF8.self))") }
            return x.owner(of: "@server=fcitx") != 0
        }
    }

    /// Turns the Korean method on as a user does, with `press` (Ctrl+Space), once the method
    /// has the dialog's input context in focus: a key pressed before that reaches the dialog
    /// alone, and the method would stay off. Returns once the method says it is on.
    func turnOn(by press: () throws -> Void) throws {
        // fcitx5-remote says 0 while no input context has the focus, 1 while the focused
        // one's method is off, 2 once it is on.
        func state() throws -> String {
            try run(["fcitx5-remote"], environment: remoteEnvironment).output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        var now = ""
        // Fcitx connects to the dialog's XIM while it starts its addons: on a loaded machine
        // that has taken longer than the default wait.
        try waitUntil("an input context of Fcitx's in focus (fcitx5-remote: \(now))", timeout: 20) {
            now = try state()
            return now == "1"
        }
        try press()
        try waitUntil("Fcitx's Korean method on (fcitx5-remote: \(now))", timeout: 20) {
            now = try state()
            return now == "2"
        }
    }

    deinit {
        if daemon.isRunning {
            kill(daemon.pid, SIGTERM)
            _ = daemon.wait()
        }
    }
}
