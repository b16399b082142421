// SPDX-License-Identifier: MIT
import Foundation
import Glibc

/// Orca, the screen reader GNOME users run, started on an `AccessibilityBus` session as a user
/// starts it, and read through its own debug log: every line it speaks (`SPEECH OUTPUT`) and
/// every line it shows on a braille display (`BRAILLE LINE`) is written there as it presents
/// it. Silent: its speech is on, as a user's is, but it has no speech server to send it to (a
/// factory that does not exist, and no other to try), so no speech-dispatcher is started; it
/// still decides and logs all it would say. Its log is written line by line. Both are set in
/// Orca's customization file, which Orca runs at start-up. It ends with the object.
///
/// Orca runs once per user: started while another Orca of this user runs, it refuses (and
/// `--replace` would kill that one), so a suite of these tests runs one at a time.
final class OrcaSession {
    let log: String
    private let orca: Child
    /// The session it reads, kept until Orca has ended.
    private let bus: AccessibilityBus

    init(_ bus: AccessibilityBus) throws {
        let program = try which("orca")
        let others = try run(["pgrep", "-u", String(getuid()), "-x", "orca"]).output
        guard others.isEmpty else {
            throw TestFailure("another Orca runs for this user (pid \(others.split(separator: "\n").joined(separator: ", "))); "
                              + "Orca starts only one")
        }
        self.bus = bus
        let settings = bus.environment["XDG_DATA_HOME"]! + "/orca"
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try """
            import orca.debug, orca.settings
            orca.settings.speechServerFactory = "no_speech_server"
            orca.settings.speechFactoryModules = []
            orca.debug.debugFile.reconfigure(line_buffering=True)

            """.write(toFile: settings + "/orca-customizations.py", atomically: true, encoding: .utf8)
        log = bus.home + "/orca.log"
        orca = try Child([program, "--debug-file=" + log], environment: bus.environment, capture: true)
        // Listening once its registry loop starts: every listener is registered before it.
        try waitFor("Orca started") { $0.contains { $0.hasSuffix(" - ORCA: Starting") } }
    }

    deinit {
        if orca.isRunning { kill(orca.pid, SIGTERM) }
        let deadline = Date().addingTimeInterval(5)
        while orca.isRunning && Date() < deadline { usleep(20_000) }
        if orca.isRunning { kill(orca.pid, SIGKILL) }
        orca.wait()
    }

    /// Every entry of the log so far, one a line: Orca writes an entry's own line breaks (a
    /// dialog's text of several lines, spoken whole) as a new line indented past its timestamp,
    /// and those are joined back with a space.
    var lines: [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        var entries: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(Self.continued), !entries.isEmpty {
                entries[entries.count - 1] += " " + line.dropFirst(Self.continued.count)
            } else {
                entries.append(String(line))
            }
        }
        return entries
    }

    /// How a line that goes on an entry begins: as far in as the entries' timestamps reach.
    private static let continued = String(repeating: " ", count: 18)

    /// What Orca spoke, utterance by utterance, in order.
    var spoken: [String] { presented("SPEECH OUTPUT: '") }

    /// What Orca showed on the braille display, line by line, in order.
    var brailled: [String] { presented("BRAILLE LINE:  '") }

    private func presented(_ marker: String) -> [String] {
        lines.compactMap { line in
            guard let start = line.range(of: marker) else { return nil }
            var rest = line[start.upperBound...]
            // A speech line adds the voice after the utterance's closing quote: `{'established': …}`.
            if let voice = rest.range(of: "{'", options: .backwards) { rest = rest[..<voice.lowerBound] }
            while rest.last == " " { rest = rest.dropLast() }
            guard rest.last == "'" else { return nil }
            return String(rest.dropLast())
        }
    }

    /// Waits until the log's lines satisfy `condition`.
    func waitFor(_ what: String, timeout: Double = 20, _ condition: ([String]) -> Bool) throws {
        try waitUntil("Orca: \(what); it said \(spoken.suffix(8)), showed \(brailled.suffix(4))", timeout: timeout) {
            guard orca.isRunning else { throw TestFailure("Orca ended: \(String(decoding: orca.read().err, as: UTF8.self))") }
            return condition(lines)
        }
    }

    /// Waits until Orca has spoken `utterance`.
    func waitToSpeak(_ utterance: String, timeout: Double = 20) throws {
        try waitFor("to speak '\(utterance)'", timeout: timeout) { _ in spoken.contains(utterance) }
    }
}
