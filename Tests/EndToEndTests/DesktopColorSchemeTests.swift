// SPDX-License-Identifier: MIT
import CX11
import Foundation
import Glibc
import Testing

/// A prompt follows the desktop's light or dark and contrast choices as the GTK prompts beside
/// it do on X11: the theme a real settings daemon (xsettingsd) publishes, or GTK_THEME; and a
/// client that owns the settings selection with anything at all in its property changes
/// nothing else.
@Suite("Prompts follow the desktop's dark or light and contrast choices, end to end", .endToEnd)
struct DesktopColorSchemeTests {
    @Test func aDarkDesktopThemeDrawsADarkPrompt() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita-dark\"\n")
        let prompt = try Self.askpass(on: xvfb)
        #expect(try Self.ground(prompt) == .dark)
        #expect(daemon.isRunning)
        try Self.answer(prompt)
    }

    /// The control: the same daemon with a light theme, and the prompt is light.
    @Test func aLightDesktopThemeDrawsALightPrompt() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let prompt = try Self.askpass(on: xvfb)
        #expect(try Self.ground(prompt) == .light)
        #expect(daemon.isRunning)
        try Self.answer(prompt)
    }

    /// The desktop's high contrast (GNOME's switch names the theme HighContrast), then its
    /// inverse: black on white, then white on black. The light desktop above is the control.
    @Test func aHighContrastDesktopThemeDrawsAHighContrastPrompt() throws {
        let xvfb = try Xvfb()
        for (theme, expected) in [("HighContrast", Ground.highContrast), ("HighContrastInverse", .highContrastInverse)] {
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"\(theme)\"\n")
            let prompt = try Self.askpass(on: xvfb)
            #expect(try Self.ground(prompt) == expected, "\(theme)")
            #expect(daemon.isRunning)
            try Self.answer(prompt)
        }
    }

    /// The user's `--contrast normal` wins over the desktop's high contrast; the scheme, not
    /// named, still follows it (dark under HighContrastInverse).
    @Test func theUsersContrastWinsOverTheDesktop() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"HighContrastInverse\"\n")
        let prompt = try Self.askpass(on: xvfb, options: ["--contrast", "normal"])
        #expect(try Self.ground(prompt) == .dark)
        #expect(daemon.isRunning)
        try Self.answer(prompt)
    }

    /// GTK_THEME names a dark variant: dark with no settings daemon at all; and a light one
    /// wins over the daemon's dark theme, as in a GTK program.
    @Test func gtkThemeDecidesWithOrWithoutADaemon() throws {
        let xvfb = try Xvfb()
        let dark = try Self.askpass(on: xvfb, environment: ["GTK_THEME": "Adwaita:dark"])
        #expect(try Self.ground(dark) == .dark)
        try Self.answer(dark)

        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita-dark\"\n")
        let light = try Self.askpass(on: xvfb, environment: ["GTK_THEME": "Adwaita"])
        #expect(try Self.ground(light) == .light)
        #expect(daemon.isRunning)
        try Self.answer(light)
    }

    /// The user's own `--color-scheme` wins over the desktop.
    @Test func theUsersChoiceWinsOverTheDesktop() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita-dark\"\n")
        let prompt = try Self.askpass(on: xvfb, options: ["--color-scheme", "light"])
        #expect(try Self.ground(prompt) == .light)
        #expect(daemon.isRunning)
        try Self.answer(prompt)
    }

    /// Any client can own `_XSETTINGS_S0` and write what it likes: too few bytes for a header, a
    /// byte order X does not have, a count of 4 G settings, a text of 4 GB, a record of a type
    /// XSETTINGS does not have, a dark theme name that is not UTF-8, 4 kB of random bytes, a dark
    /// theme in a property of 32-bit format or of type STRING, 1 MB of text, a dark theme named
    /// past the 64 kB read. The prompt opens, light, says nothing on stderr and answers.
    @Test(arguments: HostileSettings.allCases)
    func aHostileSettingsOwnerChangesNothing(_ hostile: HostileSettings) throws {
        let xvfb = try Xvfb()
        let owner = try XClient(xvfb.display)
        owner.ownSettings(hostile.bytes, type: hostile.type, format: hostile.format)
        let prompt = try Self.askpass(on: xvfb)
        #expect(try Self.ground(prompt) == .light, "\(hostile)")
        try Self.answer(prompt)
        #expect(owner.owner(of: "_XSETTINGS_S0") != 0, "the hostile owner held the selection throughout")
    }

    /// The positive control for the hostile owner: the same client, writing a well-formed dark
    /// theme (16 kB of other settings first, so the 64 kB read takes it whole), is followed.
    @Test func theSameClientWritingWellFormedSettingsIsFollowed() throws {
        let xvfb = try Xvfb()
        let owner = try XClient(xvfb.display)
        owner.ownSettings(HostileSettings.wellFormed(padding: 16 * 1024, theme: "Adwaita-dark"))
        let prompt = try Self.askpass(on: xvfb)
        #expect(try Self.ground(prompt) == .dark)
        try Self.answer(prompt)
    }

    /// Where a user meets it: a real gpg-agent, its pinentry PinBox, asked for a passphrase on a
    /// desktop whose settings daemon names a dark theme, then a high-contrast one, then a light
    /// one (the control). The pinentry reads the desktop at each dialog, so one agent serves all.
    @Test func gpgAgentsPinentryFollowsTheDesktop() throws {
        let desk = try CallerDesk()
        let home = desk.dir + "/gnupg"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        try "pinentry-program \(desk.pinentry)\n".write(toFile: home + "/gpg-agent.conf", atomically: true, encoding: .utf8)
        let environment = ["GNUPGHOME": home, "DISPLAY": desk.display, "GPG_TTY": "", "GTK_THEME": ""]
        defer { endAgent(home: home) }
        for (theme, expected) in [("Adwaita-dark", Ground.dark), ("HighContrast", .highContrast), ("Adwaita", .light)] {
            let daemon = try SettingsDaemon(display: desk.display, configuration: "Net/ThemeName \"\(theme)\"\n")
            let session = try Child(["gpg-connect-agent", "GET_PASSPHRASE --data --repeat=0 X\(theme) X X Y", "/bye"],
                                    environment: environment, capture: true)
            var dialog = try desk.nextDialog(timeout: 60)
            let pixels = desk.pixels(&dialog)
            #expect(Self.ground(of: try #require(pixels.first)) == expected, "\(theme)")
            try desk.type("sesame")
            try desk.key("Return")
            session.wait()
            #expect(String(decoding: session.read().out, as: UTF8.self).contains("D sesame"), "\(theme)")
            #expect(daemon.isRunning)
        }
    }

    /// A settings owner that destroys its window over and over, so that the window named in
    /// XGetSelectionOwner's answer is often gone when the property is asked for: BadWindow,
    /// which must neither print the "X error … carrying on" line nor end anything. Whichever
    /// answer a start gets, the prompt opens, drawn light or dark, and says nothing on stderr.
    /// The owner pauses once the prompt makes its window (after it read the settings): xdotool
    /// dies of the same BadWindow when a window it lists vanishes. A build that reads the
    /// property without its trap printed the line in 5 or 6 of the 6 starts, in 4 runs of 4.
    @Test func aSettingsOwnerThatKeepsVanishingIsNoError() throws {
        let xvfb = try Xvfb()
        let churn = VanishingOwner(display: xvfb.display)
        defer { churn.stop() }
        for _ in 0..<6 {
            let before = churn.cycles
            churn.resume()
            let prompt = try Self.askpass(on: xvfb, finding: false)
            try waitUntil("the prompt's window made; stderr: \(prompt.stderr)", timeout: 20) { churn.isPaused }
            #expect(churn.cycles > before, "the owner changed while the prompt started")
            try prompt.findWindowByPID()
            _ = try Self.ground(prompt)
            try Self.answer(prompt)
        }
    }
}

// MARK: - The prompt and its ground

extension DesktopColorSchemeTests {
    enum Ground: Equatable { case light, dark, highContrast, highContrastInverse, neither(UInt32) }

    /// `pinbox askpass "Passphrase:"` on `xvfb`, its window found and focused. GTK_THEME is
    /// set empty unless given (GTK, and PinBox, take an empty one as unset), so a theme in the
    /// runner's own environment cannot decide the test.
    static func askpass(on xvfb: Xvfb, options: [String] = [], environment: [String: String] = [:],
                        finding: Bool = true) throws -> PinBoxProcess {
        var env = ["GTK_THEME": ""]
        env.merge(environment) { $1 }
        let p = try PinBoxProcess(["askpass"] + options + ["Passphrase:"], display: xvfb.display, environment: env)
        if finding { try p.findWindowByPID() }
        return p
    }

    /// The page's ground, read at the window's top-left corner once the dialog is drawn and
    /// still: with no background of its own (`None`), an undrawn window shows what was behind
    /// it, so a drawn one is told by its text's many anti-aliased shades.
    static func ground(_ p: PinBoxProcess) throws -> Ground {
        try ground(of: try #require(p.windowID), display: p.display!, "stderr: \(p.stderr)")
    }

    /// The same for the window `id` on `display`; `context` goes into the failure's words.
    static func ground(of id: String, display: String, _ context: String = "") throws -> Ground {
        let x = try XClient(display)
        var pixels: [UInt32] = []
        try waitUntil("the dialog drawn (\(Set(pixels).count) colours); \(context)", timeout: 10) {
            pixels = x.stillPixels(id)
            return Set(pixels).count > 16
        }
        return ground(of: x.pixel(id, x: 2, y: 2))
    }

    /// Light or dark, normal or high contrast, told by one pixel of the page's ground: only
    /// the high-contrast pages are pure white or pure black.
    static func ground(of corner: UInt32) -> Ground {
        if corner & 0xffffff == 0xffffff { return .highContrast }
        if corner & 0xffffff == 0 { return .highContrastInverse }
        let channels = [corner >> 16 & 0xff, corner >> 8 & 0xff, corner & 0xff]
        if channels.allSatisfy({ $0 >= 0xd0 }) { return .light }
        if channels.allSatisfy({ $0 <= 0x50 }) { return .dark }
        return .neither(corner)
    }

    /// Types a passphrase and Return: the prompt answered it, and said nothing on stderr.
    static func answer(_ p: PinBoxProcess) throws {
        try p.xdotool(["type", "--delay", "20", "pw"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "pw\n")
        #expect(p.stderr.isEmpty, "\(p.stderr)")
    }
}

// MARK: - Settings owners

/// The real xsettingsd on a test's Xvfb, with its own configuration file; ended with the test.
final class SettingsDaemon {
    private let child: Child
    private let directory: String

    init(display: String, configuration: String) throws {
        directory = NSTemporaryDirectory() + "pinbox-xsettingsd-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let file = directory + "/xsettingsd.conf"
        try configuration.write(toFile: file, atomically: true, encoding: .utf8)
        child = try Child(["xsettingsd", "-c", file], environment: ["DISPLAY": display], capture: true)
        // Owned, and its property written: only then can a prompt read the theme.
        let x = try XClient(display)
        try waitUntil("xsettingsd owning _XSETTINGS_S0 with its settings; it said: "
                      + String(decoding: child.read().err, as: UTF8.self), timeout: 10) {
            let owner = x.owner(of: "_XSETTINGS_S0")
            return owner != 0 && x.properties(of: "0x" + String(owner, radix: 16))["_XSETTINGS_SETTINGS"] != nil
        }
    }

    var isRunning: Bool { child.isRunning }

    /// Writes `configuration` over the daemon's file and has it read again (SIGHUP), as a
    /// desktop's settings panel makes its daemon publish a change.
    func reload(_ configuration: String) throws {
        try configuration.write(toFile: directory + "/xsettingsd.conf", atomically: true, encoding: .utf8)
        kill(child.pid, SIGHUP)
    }

    deinit {
        kill(child.pid, SIGTERM)
        _ = child.wait()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// What a hostile owner of `_XSETTINGS_S0` writes, each a way to break a careless reader.
enum HostileSettings: String, CaseIterable, CustomTestStringConvertible {
    case noHeader, unknownByteOrder, fourBillionSettings, fourGigabyteText, unknownType, themeNotUTF8
    case randomBytes, format32, typeString, oneMegabyte, themePastTheReadLimit

    var testDescription: String { rawValue }

    var bytes: [UInt8] {
        switch self {
        case .noHeader: return [0, 0, 0]
        case .unknownByteOrder: return [2, 0, 0, 0] + Self.card32(1) + Self.card32(1) + Self.stringRecord("Net/ThemeName", "Adwaita-dark")
        case .fourBillionSettings: return Self.header(count: .max)
        case .fourGigabyteText:
            return Self.header(count: 1) + [1, 0] + Self.card16(13) + Array("Net/ThemeName".utf8) + [0, 0, 0]
                + Self.card32(0) + Self.card32(.max) + Array("Adwaita-dark".utf8)
        case .unknownType:
            return Self.header(count: 2) + [7, 0] + Self.card16(4) + Array("Oops".utf8) + Self.card32(0) + Self.card32(1)
                + Self.stringRecord("Net/ThemeName", "Adwaita-dark")
        case .themeNotUTF8:
            return Self.header(count: 1) + Self.stringRecord("Net/ThemeName", bytes: Array("Adwaita-dark".utf8) + [0xff])
        case .randomBytes:
            var state: UInt32 = 0x2545_f491
            return (0..<4096).map { _ in
                state ^= state << 13; state ^= state >> 17; state ^= state << 5
                return UInt8(truncatingIfNeeded: state)
            }
        case .format32, .typeString: return Self.wellFormed(padding: 0, theme: "Adwaita-dark")
        case .oneMegabyte: return Self.header(count: 1) + Self.stringRecord("Gtk/Junk", String(repeating: "x", count: 1 << 20))
        case .themePastTheReadLimit: return Self.wellFormed(padding: 64 * 1024, theme: "Adwaita-dark")
        }
    }

    var type: String { self == .typeString ? "STRING" : "_XSETTINGS_SETTINGS" }
    var format: Int32 { self == .format32 ? 32 : 8 }

    /// A property as a daemon writes it (least significant byte first): `padding` bytes of an
    /// unrelated text setting, then `Net/ThemeName`.
    static func wellFormed(padding: Int, theme: String) -> [UInt8] {
        header(count: 2) + stringRecord("Gtk/Junk", String(repeating: "x", count: padding)) + stringRecord("Net/ThemeName", theme)
    }

    static func header(count: UInt32) -> [UInt8] { [0, 0, 0, 0] + card32(1) + card32(count) }
    static func card16(_ n: UInt16) -> [UInt8] { [UInt8(n & 0xff), UInt8(n >> 8)] }
    static func card32(_ n: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) } }
    static func padded(_ b: [UInt8]) -> [UInt8] { b + Array(repeating: 0, count: (4 - b.count % 4) % 4) }

    static func stringRecord(_ name: String, _ value: String) -> [UInt8] { stringRecord(name, bytes: Array(value.utf8)) }
    static func stringRecord(_ name: String, bytes value: [UInt8]) -> [UInt8] {
        [1, 0] + card16(UInt16(name.utf8.count)) + padded(Array(name.utf8)) + card32(0) + card32(UInt32(value.count)) + padded(value)
    }
}

extension XClient {
    /// Owns `_XSETTINGS_S0` through a window of this client's holding `bytes` as its
    /// `_XSETTINGS_SETTINGS` property, as any client of the display can.
    func ownSettings(_ bytes: [UInt8], type: String = "_XSETTINGS_SETTINGS", format: Int32 = 8) {
        let w = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
        // Format 32 is given as C longs, one per 32-bit item.
        if format == 32 {
            let longs = stride(from: 0, to: bytes.count - 3, by: 4).map { i in
                Int(bytes[i]) | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2]) << 16 | Int(bytes[i + 3]) << 24
            }
            longs.withUnsafeBytes {
                _ = XChangeProperty(display, w, atom("_XSETTINGS_SETTINGS"), atom(type), 32, PropModeReplace,
                                    $0.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(longs.count))
            }
        } else {
            XChangeProperty(display, w, atom("_XSETTINGS_SETTINGS"), atom(type), 8, PropModeReplace, bytes, Int32(bytes.count))
        }
        XSetSelectionOwner(display, atom("_XSETTINGS_S0"), w, UInt(CurrentTime))
        XSync(display, 0)
    }

    /// Writes `bytes` over the property of the window that owns `_XSETTINGS_S0`, one round trip.
    func rewriteSettings(_ bytes: [UInt8]) {
        XChangeProperty(display, owner(of: "_XSETTINGS_S0"), atom("_XSETTINGS_SETTINGS"), atom("_XSETTINGS_SETTINGS"), 8,
                        PropModeReplace, bytes, Int32(bytes.count))
        XSync(display, 0)
    }
}

/// A client on its own thread that, one round trip after another, makes a window holding a
/// dark theme, takes `_XSETTINGS_S0` with it and destroys the window that owned it before: the
/// selection always has an owner, one that is about to vanish. (Against a C client making the
/// same two requests as PinBox, 99 in 100 property reads met a window already gone.) It pauses,
/// its last owner left in place, when another client makes a window, until `resume`.
/// Sendable by hand: its state is behind `lock`, and its connection is its thread's alone.
final class VanishingOwner: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private var paused = true
    /// Set by `resume`: one owner comes and goes before a pause is honoured, so a window
    /// created while the thread was still draining its events cannot stop the churn before
    /// it starts again.
    private var owesACycle = false
    private var count = 0
    private var finished = false
    /// The thread hears of new windows: a prompt started before would make its window unseen.
    private var listening = false

    /// Returns once the thread hears of new windows.
    init(display: String) {
        let settings = HostileSettings.wellFormed(padding: 0, theme: "Adwaita-dark")
        Thread { [self] in
            defer { lock.withLock { finished = true } }
            guard let d = XOpenDisplay(display) else { return }
            defer { XCloseDisplay(d) }
            let selection = XInternAtom(d, "_XSETTINGS_S0", 0), property = XInternAtom(d, "_XSETTINGS_SETTINGS", 0)
            XSelectInput(d, XDefaultRootWindow(d), SubstructureNotifyMask)
            XSync(d, 0)
            lock.withLock { listening = true }
            var ours = Set<Window>(), previous: Window = 0
            while !lock.withLock({ stopping }) {
                if lock.withLock({ paused && !owesACycle }) {
                    usleep(1000)
                } else {
                    let w = XCreateSimpleWindow(d, XDefaultRootWindow(d), 0, 0, 1, 1, 0, 0, 0)
                    ours.insert(w)
                    XChangeProperty(d, w, property, property, 8, PropModeReplace, settings, Int32(settings.count))
                    XSetSelectionOwner(d, selection, w, UInt(CurrentTime))
                    if previous != 0 { XDestroyWindow(d, previous) }
                    previous = w
                    lock.withLock { (count, owesACycle) = (count + 1, false) }
                }
                XSync(d, 0)
                var event = XEvent()
                while XPending(d) > 0 {
                    XNextEvent(d, &event)
                    if event.type == CreateNotify, !ours.contains(event.xcreatewindow.window) {
                        lock.withLock { paused = true }
                    }
                }
            }
        }.start()
        while !lock.withLock({ listening || finished }) { usleep(1000) }
    }

    /// How many owners came and went.
    var cycles: Int { lock.withLock { count } }
    /// Paused, and the cycle `resume` owes made: a prompt that made its window before the
    /// thread had its turn must not be taken for one that started under a changing owner.
    var isPaused: Bool { lock.withLock { paused && !owesACycle } }
    func resume() { lock.withLock { (paused, owesACycle) = (false, true) } }

    /// Ends the thread and waits for it (its connection must not outlive the Xvfb).
    func stop() {
        lock.withLock { stopping = true }
        while !lock.withLock({ finished }) { usleep(1000) }
    }
}
