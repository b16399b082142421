// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// A user's session with accessibility on, as GNOME or KDE start it: a session bus
/// (`dbus-run-session`) and at-spi2-core's `at-spi-bus-launcher`, which starts the
/// accessibility bus (the registry daemon is started on it when first asked for) and puts
/// `AT_SPI_BUS` on the display's root window. Everything lives in its own temporary home and
/// XDG directories, and goes away with it: the launcher is ended, and the buses with it.
final class AccessibilityBus {
    let home: String
    /// What a program of this session gets: the session bus, the home, the display.
    let environment: [String: String]
    private let session: Child
    private let launcher: pid_t
    /// The user whose session it is, when not the test's own (root's).
    let user: String?

    static let launcherPath = "/usr/libexec/at-spi-bus-launcher"

    /// `wayland`: the session is a Wayland one (`WAYLAND_DISPLAY` named, to a compositor that
    /// is not there: programs draw through the X display), whose launcher puts nothing on the
    /// root window; programs learn the accessibility bus from the launcher on the session bus.
    /// `user`: the session is that user's (its buses, its home), for programs run as that user.
    init(display: String, wayland: Bool = false, user: String? = nil) throws {
        self.user = user
        for (tool, package) in [("/usr/bin/dbus-run-session", "dbus-daemon"), (Self.launcherPath, "at-spi2-core"),
                                ("/usr/bin/python3", "python3")]
        where !FileManager.default.isExecutableFile(atPath: tool) {
            throw TestFailure("\(tool) is missing (apt-get install \(package))")
        }
        home = NSTemporaryDirectory() + "pinbox-a11y-\(UUID().uuidString)"
        let runtime = home + "/run"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        if let user { _ = try run(["chown", "-R", user, home]) }
        var environment = ["HOME": home, "XDG_RUNTIME_DIR": runtime, "XDG_CONFIG_HOME": home + "/config",
                           "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "DISPLAY": display,
                           "NO_AT_BRIDGE": "", "GSETTINGS_BACKEND": "memory"]
        if wayland { environment["WAYLAND_DISPLAY"] = "pinbox-no-compositor" }
        // The shell prints the session bus and its own pid, then becomes the launcher.
        session = try Child(Self.command(["dbus-run-session", "--", "/bin/sh", "-c",
                                          "echo \"$$ $DBUS_SESSION_BUS_ADDRESS\"; exec \(Self.launcherPath) --launch-immediately"],
                                         as: user),
                            environment: environment, capture: true)
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while !text.contains("\n") {
            guard session.isRunning, Date() < deadline else { throw TestFailure("dbus-run-session did not start") }
            session.waitReadable(seconds: 0.05)
            text += String(decoding: session.read().out, as: UTF8.self)
        }
        let line = text.prefix { $0 != "\n" }.split(separator: " ", maxSplits: 1)
        guard line.count == 2, let pid = pid_t(line[0]) else { throw TestFailure("dbus-run-session said '\(text)'") }
        launcher = pid
        environment["DBUS_SESSION_BUS_ADDRESS"] = String(line[1])
        self.environment = environment
        // Ready once the launcher has published the accessibility bus: on the session bus (a
        // Wayland session's launcher writes nothing on the display), else on the display.
        if wayland {
            // Asked of the bus, which starts nothing: a call to the launcher's own name would have
            // D-Bus start a second launcher (its service file) racing this one for the name.
            while try !run(command(["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.DBus",
                                    "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner", "string:org.a11y.Bus"]),
                           environment: environment).output.contains("boolean true") {
                guard session.isRunning, Date() < deadline else {
                    throw TestFailure("at-spi-bus-launcher gave no address on the session bus")
                }
                usleep(20_000)
            }
            return
        }
        let x = try XClient(display)
        while x.rootProperties["AT_SPI_BUS"] == nil {
            guard session.isRunning, Date() < deadline else {
                throw TestFailure("at-spi-bus-launcher put no AT_SPI_BUS on the root window")
            }
            usleep(20_000)
        }
    }

    /// The registry daemon (at-spi2-registryd) of this session's accessibility bus, once the bus
    /// has started it. The bus starts it as D-Bus starts a service, detached from any parent, so
    /// it is told from another session's by the bus it was started for, which lives in this
    /// session's home (`DBUS_STARTER_ADDRESS` in its environment).
    func registry() throws -> pid_t {
        var found: pid_t?
        try waitUntil("the accessibility registry started", timeout: 10) {
            found = try run(["pgrep", "-x", "at-spi2-registr"]).output.split(separator: "\n").compactMap { pid_t($0) }
                .first { pid in
                    let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
                    return environ.split(separator: 0).contains {
                        let entry = String(decoding: $0, as: UTF8.self)
                        return entry.hasPrefix("DBUS_STARTER_ADDRESS=") && entry.contains(home + "/")
                    }
                }
            return found != nil
        }
        return found!
    }

    /// Turns accessibility on as a desktop's switch does: the launcher's `org.a11y.Status`
    /// `IsEnabled` (GNOME's "toolkit-accessibility"), which programs that ask the session bus read.
    func turnOn() throws {
        let set = try run(command(["dbus-send", "--session", "--print-reply", "--dest=org.a11y.Bus", "/org/a11y/bus",
                                   "org.freedesktop.DBus.Properties.Set", "string:org.a11y.Status", "string:IsEnabled",
                                   "variant:boolean:true"]), environment: environment)
        guard set.status == 0 else { throw TestFailure("IsEnabled could not be set: \(set.output)") }
    }

    /// `argv` run as this session's user (its environment kept), to reach its buses.
    func command(_ argv: [String]) -> [String] { Self.command(argv, as: user) }

    private static func command(_ argv: [String], as user: String?) -> [String] {
        user.map { ["runuser", "-m", "-u", $0, "--"] + argv } ?? argv
    }

    deinit {
        // The launcher ends its accessibility bus (and so the registry); dbus-run-session then
        // ends the session bus.
        kill(launcher, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while session.isRunning && Date() < deadline { usleep(20_000) }
        try? FileManager.default.removeItem(atPath: home)
    }
}

extension AccessibilityBus {
    /// `pinbox pinentry` in this session, as gpg-agent starts it, its greeting read into `replies`.
    func pinentry(replies: inout String) throws -> Child {
        let pinentry = try Child([PinBoxProcess.binary, "pinentry"], environment: environment, capture: true,
                                 interactive: true)
        try pinentry.readUntil("OK Pleased", into: &replies)
        return pinentry
    }
}

/// Tests/accessibility/atspi_probe.py: an AT-SPI client (pyatspi, as Orca and Accerciser read
/// applications) that answers one JSON line per command and records every event it hears.
final class AtspiProbe {
    private let child: Child
    private var buffer: [UInt8] = []

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("accessibility/atspi_probe.py").path
    }

    init(_ bus: AccessibilityBus) throws {
        child = try Child(bus.command(["/usr/bin/python3", Self.script]), environment: bus.environment, capture: true,
                          interactive: true)
        let hello = try next(timeout: 20)
        if let error = hello["error"] as? String { throw TestFailure(error) }
        guard hello["listening"] as? Bool == true else { throw TestFailure("the AT-SPI probe said \(hello)") }
    }

    deinit {
        child.closeInput()
        let deadline = Date().addingTimeInterval(5)
        while child.isRunning && Date() < deadline { child.waitReadable(seconds: 0.05) }
    }

    /// Sends one command; returns its answer.
    func ask(_ command: String, timeout: Double = 30) throws -> [String: Any] {
        child.send(command + "\n")
        let answer = try next(timeout: timeout)
        if let error = answer["error"] as? String { throw TestFailure("the AT-SPI probe, on '\(command)': \(error)") }
        return answer
    }

    private func next(timeout: Double) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let end = buffer.firstIndex(of: 0x0a) {
                let line = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                guard let object = (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any] else {
                    throw TestFailure("the AT-SPI probe wrote '\(String(decoding: line, as: UTF8.self))'")
                }
                return object
            }
            let (out, err) = child.read()
            buffer += out
            if out.isEmpty {
                guard child.isRunning, Date() < deadline else {
                    throw TestFailure("the AT-SPI probe gave no answer; stderr:\n\(String(decoding: err, as: UTF8.self))")
                }
                child.waitReadable(seconds: 0.05)
            }
        }
    }

    /// Waits for the application named `name` to show a window; returns that window's tree.
    func window(of name: String) throws -> [String: Any] {
        let answer = try ask("app \(name) 20")
        guard answer["found"] as? Bool == true, let app = answer["tree"] as? [String: Any],
              let window = (app["children"] as? [[String: Any]])?.first
        else { throw TestFailure("no application '\(name)' with a window on the accessibility bus: \(answer)") }
        return window
    }

    func tree() throws -> [String: Any] {
        let app = try ask("tree")["tree"] as? [String: Any]
        guard let window = (app?["children"] as? [[String: Any]])?.first else { throw TestFailure("no window: \(String(describing: app))") }
        return window
    }

    /// The events heard since the last call.
    func events() throws -> [[String: Any]] { try ask("events")["events"] as? [[String: Any]] ?? [] }

    /// Waits until an event matching `matches` has been heard; returns every event heard meanwhile.
    func waitForEvent(timeout: Double = 10, _ matches: ([String: Any]) -> Bool) throws -> [[String: Any]] {
        var heard: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            heard += try events()
            if heard.contains(where: matches) { return heard }
            guard Date() < deadline else { throw TestFailure("no such event within \(timeout) s; heard: \(heard)") }
            usleep(50_000)
        }
    }

    func press(_ button: String) throws -> Bool { try ask("press \(button)")["pressed"] as? Bool == true }
}

extension AtspiProbe {
    /// The next question of a caller that asks one after another (ssh-keygen, systemd-cryptsetup):
    /// its passphrase entry takes the focus, then `keys` are pressed into it on `display` (every
    /// character heard). Its window, the one application named `application` (the caller asks
    /// the next question only once this one is answered), as the bus shows it: its labels, its
    /// error line's text, and every event heard meanwhile.
    func nextQuestion(of application: String, pressing keys: [String], display: String) throws
        -> (labels: [String], error: String, heard: [[String: Any]]) {
        var heard = try waitForEvent { $0["type"] as? String == "object:state-changed:focused"
            && $0["detail1"] as? Int == 1 && $0["role"] as? String == "password text" }
        let nodes = flatten(try window(of: application))
        try xdotool(["key", "--delay", "15"] + keys, display: display)
        heard += try waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && ($0["detail1"] as? Int ?? 0) + ($0["detail2"] as? Int ?? 0) == keys.count }
        return (nodes.filter { $0["role"] as? String == "label" }.map { $0["name"] as? String ?? "" },
                nodes.first { $0["role"] as? String == "notification" && !($0["name"] as? String ?? "").isEmpty }?["name"]
                    as? String ?? "", heard)
    }

    /// Return pressed on `display`, what was heard before it dropped.
    func answer(display: String) throws {
        _ = try events()
        _ = try run(["xdotool", "key", "Return"], display: display)
    }
}

/// Every object of a tree as a flat list, the window first.
func flatten(_ node: [String: Any]) -> [[String: Any]] {
    [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(flatten)
}

/// Everything a screen reader can read: every object's name, description and text, and every
/// event's source name, description and text.
func readable(_ tree: [String: Any], _ events: [[String: Any]]) -> String {
    let nodes = flatten(tree).map { n in ["name", "description", "text", "keybinding"].map { n[$0] as? String ?? "" } }
    let heard = events.map { e in ["name", "description", "data"].map { e[$0] as? String ?? "" } }
    return (nodes + heard).flatMap { $0 }.joined(separator: "\n")
}
