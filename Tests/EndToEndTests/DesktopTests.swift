// SPDX-License-Identifier: MIT
import Foundation
import Testing
import PinBoxCore
import PinBoxRender

/// At home on an X desktop: the version, X resources from `xrdb` and `-xrm`, the scale from
/// `Xft.dpi`, the man page, and what scripts/install and scripts/package put on a machine.
@Suite("Desktop", .endToEnd)
struct DesktopTests {
    /// The repository, found from this file's place in it.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The version as Sources/pinbox/Version.swift states it: the one place that holds it.
    static var sourceVersion: String {
        let text = (try? String(contentsOfFile: repository + "/Sources/pinbox/Version.swift", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("let pinboxVersion = ") } ?? ""
        return String(line.split(separator: "\"").dropFirst().first ?? "")
    }

    @Test func versionIsPrinted() throws {
        let p = try PinBoxProcess(["--version"], display: nil)
        #expect(try p.waitExit() == 0)
        #expect(!Self.sourceVersion.isEmpty)
        #expect(p.stdout == "pinbox \(Self.sourceVersion)\n" && p.stderr.isEmpty)
    }

    // MARK: X resources

    /// A private Xvfb with `resources` loaded by xrdb (as a desktop session does), then pinbox.
    final class ResourceWindow {
        let xvfb: Xvfb
        let pinbox: PinBoxProcess
        let x: XClient
        let scale: Double

        init(resources: String?, _ arguments: [String], scale: Double = 1, launcher: [String] = []) throws {
            xvfb = try Xvfb()
            if let resources { try loadResources(resources, display: xvfb.display) }
            pinbox = try PinBoxProcess(["--duration", "0"] + arguments, display: xvfb.display, launcher: launcher)
            x = try XClient(xvfb.display)
            self.scale = scale
        }

        deinit {
            x.abandon()
            xvfb.kill()
        }

        var ready: [String: Any] { get throws { try pinbox.waitFor("ready") } }

        /// Types one digit into the strip and returns the colour at the first cell's centre,
        /// where its dot is drawn, found by the layout rules the program uses.
        func firstDotColour() throws -> UInt32 {
            let window = try pinbox.waitReady()
            try pinbox.keys("1")
            try pinbox.waitFor("change")
            let ready = try ready
            let size = Size(width: Double(ready["width"] as! Int), height: Double(ready["height"] as! Int))
            let configuration = try FieldConfiguration(scale: scale)
            let layout = configuration.layout()
            let page = PageLayout(window: size, fieldSizes: [layout.bounds.size], scale: scale, labelled: false)
            let centre = layout.cells[0].mid
            // Without a fade, the dot shows in its final colour in the frame drawn with the change.
            var colour: UInt32 = 0xffffff
            try waitUntil("the first dot drawn on the white cell") {
                colour = x.pixel(window, x: Int(centre.x + page.fields[0].x), y: Int(centre.y + page.fields[0].y))
                return colour != 0xffffff
            }
            return colour
        }
    }

    @Test func aResourceFromXrdbColoursTheDots() throws {
        let w = try ResourceWindow(resources: "PinBox*dotColor: #ff0000\n", ["--style", "strip"])
        #expect(String(try w.firstDotColour(), radix: 16) == "ff0000")
    }

    @Test func xrmOverridesXrdb() throws {
        let w = try ResourceWindow(resources: "PinBox*dotColor: #ff0000\n",
                                   ["-xrm", "PinBox.dotColor: #0000ff", "--style", "strip"])
        #expect(String(try w.firstDotColour(), radix: 16) == "ff")
    }

    @Test func theCommandLineOverridesBoth() throws {
        let w = try ResourceWindow(resources: "PinBox*dotColor: #ff0000\n",
                                   ["-xrm", "PinBox.dotColor: #0000ff", "--dot-color", "#00ff00", "--style", "strip"])
        #expect(String(try w.firstDotColour(), radix: 16) == "ff00")
    }

    @Test func theInstanceNameIsTheProgramsOrName() throws {
        // Styled for another instance: not applied. Styled for the name given with -name: applied.
        let other = try ResourceWindow(resources: "pinbox-askpass*dotColor: #ff0000\n", ["--style", "strip"])
        #expect(try other.firstDotColour() == 0x000000)
        let named = try ResourceWindow(resources: "mine*dotColor: #ff0000\n", ["-name", "mine", "--style", "strip"])
        #expect(String(try named.firstDotColour(), radix: 16) == "ff0000")
    }

    @Test func aLinksNameIsItsInstanceName() throws {
        // Started through a link, the program looks resources up under the link's name.
        let directory = NSTemporaryDirectory() + "pinbox-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/mybox",
                                                   withDestinationPath: PinBoxProcess.binary)
        let xvfb = try Xvfb()
        try loadResources("mybox.style: round\npinbox.style: square\n", display: xvfb.display)
        let child = try Child([directory + "/mybox", "--quiet"], environment: ["DISPLAY": xvfb.display],
                              capture: true)
        var err: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        while child.isRunning && Date() < deadline { child.waitReadable(seconds: 0.05); err += child.read().err }
        err += child.read().err
        #expect(child.wait() == 2)
        let message = String(decoding: err, as: UTF8.self)
        #expect(message.contains("resource PinBox.style: must be one of") && message.contains("'round'"), "\(message)")
    }

    @Test("a bad resource is reported like a bad option, naming it", arguments: [
        ("PinBox*dotColor: blue\n", [], "pinbox: resource PinBox.dotColor: expects a colour as #rgb, #rrggbb or #rrggbbaa, not 'blue'\n"),
        (nil, ["-xrm", "PinBox.count: 0"], "pinbox: resource PinBox.count: must be between 1 and 100, not "),
        (nil, ["-xrm", "pinbox.plain: maybe"], "pinbox: resource PinBox.plain: expects true or false, not 'maybe'\n"),
        ("PinBox.style: round\n", [], "pinbox: resource PinBox.style: must be one of strip, paypass, boxes, grid"),
        ("PinBox.highlightBorderColor: blue\n", [], "pinbox: resource PinBox.highlightBorderColor: expects a colour"),
        // Good values alone that the field refuses together: the core names the setting, and the
        // setting a resource gave is named as that resource …
        (nil, ["--rows", "2", "-xrm", "PinBox.count: 7"], "pinbox: resource PinBox.count: 7 does not fill a grid of 2 rows × ? columns"),
        // … and one the command line gave (over the resource) as its option.
        ("PinBox.gap: 4\n", ["--style", "strip", "--gap", "2"], "pinbox: --gap means nothing on the strip style"),
    ] as [(String?, [String], String)])
    func badResource(_ resources: String?, _ arguments: [String], _ message: String) throws {
        let w = try ResourceWindow(resources: resources, arguments)
        #expect(try w.pinbox.waitExit(timeout: 10) == 2)
        #expect(w.pinbox.stderr.hasPrefix(message), "stderr: \(w.pinbox.stderr)")
        #expect(w.pinbox.stderr.filter { $0 == "\n" }.count == 1, "one line")
        #expect(w.pinbox.stdout.isEmpty, "no window, no event")
    }

    /// A resource reaches every style; one that means nothing on the style shown (the man page's
    /// own `PinBox*dotColor` on a plain field, a gap on the strip) is left out, not an error,
    /// in the demo and in `--askpass`. The same setting on the command line is refused (above).
    @Test(arguments: [["--plain"], ["--style", "tfgrid"], ["--askpass", "--plain"]])
    func aResourceMeantForOtherStylesIsPassedOver(_ arguments: [String]) throws {
        let w = try ResourceWindow(resources: "PinBox*dotColor: #333333\nPinBox.gap: 4\n", arguments)
        try w.pinbox.findWindowByPID()
        #expect(w.pinbox.stderr.isEmpty, "stderr: \(w.pinbox.stderr)")
    }

    @Test func aFlagResourceTurnsItOn() throws {
        // PinBox.quiet: true is --quiet: the window opens and reports nothing.
        let w = try ResourceWindow(resources: "PinBox.quiet: true\nPinBox.plain: false\n", ["--style", "strip"])
        let (status, out) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(w.pinbox.pid)],
                                    display: w.xvfb.display)
        #expect(status == 0 && !out.isEmpty, "the window is there")
        #expect(w.pinbox.stdout.isEmpty)
    }

    // MARK: HiDPI

    @Test func xftDpi192DrawsTheWindowAtTwiceTheSize() throws {
        let one = try ResourceWindow(resources: nil, ["--style", "strip"])
        let onesReady = try one.ready
        let hidpi = try ResourceWindow(resources: "Xft.dpi: 192\nPinBox*dotColor: #ff0000\n", ["--style", "strip"], scale: 2)
        let ready = try hidpi.ready
        let explicit = try ResourceWindow(resources: nil, ["--style", "strip", "--scale", "2"], scale: 2)
        let explicitReady = try explicit.ready
        let (w1, h1) = (onesReady["width"] as! Int, onesReady["height"] as! Int)
        let (w2, h2) = (ready["width"] as! Int, ready["height"] as! Int)
        // The same window as --scale 2, and the same layout in points as at 1×.
        #expect(w2 == explicitReady["width"] as! Int && h2 == explicitReady["height"] as! Int)
        #expect(abs(w2 - 2 * w1) <= 1 && abs(h2 - 2 * h1) <= 1, "\(w1)×\(h1) at 1×, \(w2)×\(h2) at 192 dpi")
        // The dot sits where the 2× layout puts it, in the resource's colour.
        #expect(String(try hidpi.firstDotColour(), radix: 16) == "ff0000")
        // The screenshot is at 2× too.
        let directory = NSTemporaryDirectory() + "pinbox-hidpi-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let shot = try ResourceWindow(resources: "Xft.dpi: 192\n", ["--style", "strip", "--screenshot-dir", directory])
        try shot.pinbox.waitReady()
        kill(shot.pinbox.pid, SIGUSR1)
        let path = try shot.pinbox.waitFor("screenshot")["path"] as! String
        let canvas = try Canvas(png: path)
        #expect((canvas.width, canvas.height) == (w2, h2))
    }

    @Test func theAskpassFollowsXftDpiAndItsResources() throws {
        /// The askpass dialog's size in pixels, on a server with `resources` loaded.
        func dialogSize(_ resources: String?, _ options: [String] = []) throws -> (Int, Int) {
            let xvfb = try Xvfb()
            if let resources { try loadResources(resources, display: xvfb.display) }
            let askpass = try PinBoxProcess(["askpass"] + options + ["Passphrase:"], display: xvfb.display)
            return try windowSize(of: askpass.pid, display: xvfb.display)
        }
        let one = try dialogSize(nil), two = try dialogSize("Xft.dpi: 192\n")
        // The same dialog as --scale 2 (twice as tall; its width is the dialog layout's business).
        #expect(two == (try dialogSize(nil, ["--scale", "2"])), "\(two) at 192 dpi")
        #expect(one.1 > 100 && abs(two.1 - 2 * one.1) <= 3, "\(one) at 96 dpi, \(two) at 192")
        #expect(try dialogSize("Xft.dpi: 192\nPinBox.askpass.scale: 1\n") == one, "the role's resource over Xft.dpi")
        // The link's name reaches the role started as a command too (it once reached only the link).
        #expect(try dialogSize("pinbox-askpass*scale: 2\n") == two, "pinbox-askpass*scale under pinbox askpass")

        // A bad value is said and passed over: the caller waits for an answer (issue 22).
        #expect(try dialogSize("PinBox*scale: 0\n") == one)
        let xvfb = try Xvfb()
        try loadResources("PinBox*scale: 0\n", display: xvfb.display)
        let bad = try PinBoxProcess(["askpass", "Passphrase:"], display: xvfb.display)
        try bad.findWindowByPID()
        kill(bad.pid, SIGTERM)
        #expect(try bad.waitExit(timeout: 10) == 1)
        #expect(bad.stderr.hasPrefix("pinbox: resource PinBox.scale: must be between 0.5 and 8, not '0'; ignored"),
                "\(bad.stderr)")
        #expect(bad.stdout.isEmpty)
    }

    @Test func thePaymentSheetFollowsXftDpiAndItsRolesScale() throws {
        /// The sheet's size in pixels, on a server with `resources` loaded.
        func sheetSize(_ resources: String?, _ options: [String] = []) throws -> (Int, Int) {
            let xvfb = try Xvfb()
            if let resources { try loadResources(resources, display: xvfb.display) }
            let pay = try PinBoxProcess(["pay", "--amount", "1", "--quiet"] + options, display: xvfb.display)
            return try windowSize(of: pay.pid, display: xvfb.display)
        }
        let one = try sheetSize(nil), two = try sheetSize("Xft.dpi: 192\n")
        #expect(two == (try sheetSize(nil, ["--scale", "2"])), "\(two) at 192 dpi, \(one) at 96")
        #expect(one.1 > 100 && two.1 > one.1 * 3 / 2, "\(one) at 96 dpi, \(two) at 192")
        #expect(try sheetSize("Xft.dpi: 192\nPinBox.pay.scale: 1\n") == one, "the role's resource over Xft.dpi")
        #expect(try sheetSize("Xft.dpi: 192\n", ["--scale", "1"]) == one, "the command line over both")
    }

    @Test func thePinentryFollowsXftDpiAndItsRolesScale() throws {
        /// The size of the dialog GETPIN opens, on a server with `resources` loaded; what the
        /// pinentry said on stderr.
        func dialogSize(_ resources: String?) throws -> (size: (Int, Int), stderr: String) {
            let xvfb = try Xvfb()
            if let resources { try loadResources(resources, display: xvfb.display) }
            let pinentry = try Child([PinBoxProcess.binary, "pinentry"], environment: ["DISPLAY": xvfb.display],
                                     capture: true, interactive: true)
            defer {
                if pinentry.isRunning { kill(pinentry.pid, SIGTERM) }
                pinentry.wait()
            }
            pinentry.send("SETDESC Unlock the key%0Aof Alice\nGETPIN\n")
            let size = try windowSize(of: pinentry.pid, display: xvfb.display)
            _ = try run(["xdotool", "key", "Escape"], display: xvfb.display)
            pinentry.send("BYE\n")
            pinentry.wait()
            return (size, String(decoding: pinentry.read().err, as: UTF8.self))
        }
        let one = try dialogSize(nil).size, two = try dialogSize("Xft.dpi: 192\n").size
        // Twice the size, give or take the rounding of each block's height.
        #expect(two.0 == 2 * one.0 && one.1 > 100 && abs(two.1 - 2 * one.1) <= 8, "\(one) at 96 dpi, \(two) at 192")
        #expect(try dialogSize("Xft.dpi: 192\nPinBox.pinentry.scale: 1\n").size == one, "the role's resource over Xft.dpi")
        // The link's name reaches the role started as a command too (it once reached only the link).
        #expect(try dialogSize("pinentry-pinbox*scale: 2\n").size == two, "pinentry-pinbox*scale under pinbox pinentry")
        // A bad value cannot be a usage error (the agent would only hear a cancel): said, passed over.
        let bad = try dialogSize("PinBox*scale: 0\n")
        #expect(bad.size == one)
        #expect(bad.stderr.contains("resource PinBox.scale: must be between 0.5 and 8"), "\(bad.stderr)")
    }

    /// Where no `Xft.dpi` is set, the desktop's XSETTINGS (a real xsettingsd) give the scale,
    /// as they give it to GTK programs: `Xft/DPI`, else `Gdk/WindowScalingFactor`. The
    /// resource, where there is one, still comes first, and the command line over both.
    @Test func theDesktopsSettingsScaleWhereXftDpiIsNotSet() throws {
        /// The askpass's size in pixels under `settings` published by xsettingsd, with
        /// `resources` loaded, and the pinentry's GETPIN dialog's on the same server.
        func sizes(_ settings: String, resources: String? = nil, _ options: [String] = []) throws
            -> (askpass: (Int, Int), pinentry: (Int, Int)) {
            let xvfb = try Xvfb()
            if let resources { try loadResources(resources, display: xvfb.display) }
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: settings)
            let askpass = try PinBoxProcess(["askpass"] + options + ["Passphrase:"], display: xvfb.display)
            let askpassSize = try windowSize(of: askpass.pid, display: xvfb.display)
            kill(askpass.pid, SIGTERM)
            _ = try askpass.waitExit(timeout: 10)
            let pinentry = try PinentryDialog(display: xvfb.display)
            let pinentrySize = try windowSize(of: pinentry.pinentry.pid, display: xvfb.display)
            #expect(try pinentry.close().isEmpty)
            #expect(daemon.isRunning)
            return (askpassSize, pinentrySize)
        }
        let theme = "Net/ThemeName \"Adwaita\"\n"
        let one = try sizes(theme)
        let twice = try sizes(theme, ["--scale", "2"]).askpass
        // gsd-xsettings at scale 2: the factor, and the resolution with the factor in it.
        let gnome = try sizes(theme + "Gdk/WindowScalingFactor 2\nGdk/UnscaledDPI 98304\nXft/DPI 196608\n")
        #expect(gnome.askpass == twice, "\(gnome.askpass) under Xft/DPI 192, \(twice) at --scale 2, \(one.askpass) at 1")
        #expect(gnome.pinentry.0 == 2 * one.pinentry.0 && abs(gnome.pinentry.1 - 2 * one.pinentry.1) <= 8,
                "\(gnome.pinentry) under Xft/DPI 192, \(one.pinentry) at 1")
        #expect(try sizes(theme + "Xft/DPI 147456\n").askpass == (try sizes(theme, ["--scale", "1.5"]).askpass),
                "Xft/DPI 144 is 1.5×")
        #expect(try sizes(theme + "Gdk/WindowScalingFactor 2\n").askpass == twice, "the factor alone")
        #expect(try sizes(theme + "Xft/DPI -1\n").askpass == one.askpass, "GTK's -1: the default")
        // The user's own xrdb line over the desktop's settings; the command line over both.
        let resourceFirst = try sizes(theme + "Xft/DPI 196608\n", resources: "Xft.dpi: 96\n")
        #expect(resourceFirst.askpass == one.askpass && resourceFirst.pinentry == one.pinentry)
        #expect(try sizes(theme + "Xft/DPI 196608\n", ["--scale", "1"]).askpass == one.askpass)
    }

    /// `GDK_SCALE`, which a bare X session's user sets for GTK programs: where no resolution is
    /// named, the askpass is drawn at it, over the desktop's window scale, as a GTK program is;
    /// under a named resolution (the desktop's `Xft/DPI`) it changes nothing.
    @Test func gdkScaleScalesWhereNoResolutionIsNamed() throws {
        let xvfb = try Xvfb()
        func size(_ environment: [String: String], _ options: [String] = []) throws -> (Int, Int) {
            let askpass = try PinBoxProcess(["askpass"] + options + ["Passphrase:"], display: xvfb.display,
                                            environment: environment)
            defer { kill(askpass.pid, SIGTERM); _ = try? askpass.waitExit(timeout: 10) }
            return try windowSize(of: askpass.pid, display: xvfb.display)
        }
        let one = try size([:]), twice = try size([:], ["--scale", "2"])
        #expect(try size(["GDK_SCALE": "2"]) == twice, "\(one) at 1, \(twice) at --scale 2")
        #expect(try size(["GDK_SCALE": "2"], ["--scale", "1"]) == one, "the command line over it")
        do {
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Gdk/WindowScalingFactor 3\n")
            #expect(try size(["GDK_SCALE": "2"]) == twice, "over the desktop's window scale")
            #expect(daemon.isRunning)
        }
        let named = try SettingsDaemon(display: xvfb.display, configuration: "Xft/DPI 98304\n")
        #expect(try size(["GDK_SCALE": "2"]) == one, "under the desktop's Xft/DPI 96")
        #expect(named.isRunning)
    }

    @Test func scaleResourceAndOptionOverrideXftDpi() throws {
        let resource = try ResourceWindow(resources: "Xft.dpi: 192\nPinBox.scale: 1\n", ["--style", "strip"])
        let option = try ResourceWindow(resources: "Xft.dpi: 192\n", ["--style", "strip", "--scale", "1"])
        let plain = try ResourceWindow(resources: nil, ["--style", "strip"])
        let widths = try [resource, option, plain].map { try $0.ready["width"] as! Int }
        #expect(Set(widths).count == 1, "\(widths)")
    }

    // MARK: The man page

    @Test func theManPageIsLintCleanAndNamesEveryOption() throws {
        let page = Self.repository + "/man/pinbox.1"
        let (status, output) = try runAll(["mandoc", "-T", "lint", "-W", "warning", page])
        #expect(status == 0 && output.isEmpty, "mandoc -T lint:\n\(output)")
        // As man(1) lays it out in an 80-column terminal (man-db asks groff for 78): a line
        // groff cannot break, such as a long JSON example, runs past the edge and is warned of.
        let (_, warnings) = try runAll(["sh", "-c", "groff -mandoc -Tutf8 -ww -rLL=78n -rLT=78n \"$1\" >/dev/null", "sh", page])
        #expect(warnings.isEmpty, "groff at 80 columns:\n\(warnings)")
        let text = try String(contentsOfFile: page, encoding: .utf8)
        for help in [["--help"], ["render", "--help"]] {
            let p = try PinBoxProcess(help, display: nil)
            #expect(try p.waitExit() == 0)
            let missing = Self.options(in: p.stdout).subtracting(["--some-option"]).filter { !text.contains("Fl -" + $0.dropFirst(2)) }
            #expect(missing.isEmpty, "pinbox(1) does not name \(missing.sorted())")
        }
    }

    /// Every `--long-option` a help text mentions.
    static func options(in help: String) -> Set<String> {
        var found = Set<String>()
        let scalars = Array(help.unicodeScalars)
        var i = 0
        while i + 2 < scalars.count {
            if scalars[i] == "-", scalars[i + 1] == "-", i == 0 || scalars[i - 1] == " " || scalars[i - 1] == "(" {
                var j = i + 2
                while j < scalars.count, scalars[j] == "-" || CharacterSet.lowercaseLetters.contains(scalars[j]) { j += 1 }
                if j > i + 2 { found.insert(String(String.UnicodeScalarView(scalars[i..<j]))) }
                i = j
            } else {
                i += 1
            }
        }
        return found
    }

    // MARK: Install and package

    /// The release build as scripts/install takes it (built with `--disable-local-rpath`):
    /// scripts/test builds it and names it in `$PINBOX_RELEASE_BINARY`. No test builds anything.
    static func releaseBinary() throws -> String {
        try built("PINBOX_RELEASE_BINARY", "the release build")
    }

    /// The release build installed by scripts/install under a new temporary prefix named for
    /// `name`, which the caller removes; a failed install leaves nothing behind.
    static func installed(named name: String) throws -> String {
        let prefix = NSTemporaryDirectory() + "pinbox-\(name)-\(UUID().uuidString)"
        let (status, output) = try runAll([repository + "/scripts/install", "--prefix", prefix, "--binary", try releaseBinary()])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: prefix)
            throw TestFailure("scripts/install failed:\n\(output)")
        }
        return prefix
    }

    /// The Debian package scripts/test makes once from that build, named in `$PINBOX_DEB`.
    static func debianPackage() throws -> String {
        try built("PINBOX_DEB", "the Debian package (scripts/package)")
    }

    private static func built(_ variable: String, _ what: String) throws -> String {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else {
            throw TestFailure("\(variable) is not set: scripts/test builds \(what) and names it there")
        }
        guard FileManager.default.fileExists(atPath: path) else {
            throw TestFailure("\(variable) names \(path), which does not exist")
        }
        return path
    }

    /// What `readelf --dynamic` and `--program-headers` say of a binary: its NEEDED libraries,
    /// whether it binds every symbol at start, and whether it has a RUNPATH and a RELRO segment.
    struct LinkFacts {
        var needed: [String] = []
        var bindNow = false
        var runpath = false
        var relro = false

        init(_ binary: String) throws {
            let (status, dynamic) = try run(["readelf", "--dynamic", binary])
            guard status == 0 else { throw TestFailure("readelf --dynamic \(binary) failed") }
            for line in dynamic.split(separator: "\n") {
                if line.contains("(NEEDED)"), let name = line.split(separator: "[").last?.split(separator: "]").first {
                    needed.append(String(name))
                }
                if line.contains("(FLAGS)") && line.contains("BIND_NOW") || line.contains("(FLAGS_1)") && line.contains(" NOW") {
                    bindNow = true
                }
                if line.contains("(RUNPATH)") || line.contains("(RPATH)") { runpath = true }
            }
            relro = try run(["readelf", "--program-headers", "--wide", binary]).output.contains("GNU_RELRO")
        }
    }

    /// The release build links the system's shared libraries as Debian ships them (no copy of
    /// Cairo, FreeType or fontconfig inside, nothing exported for Pango to bind to), loads giflib
    /// only when a GIF starts and libxkbcommon once the window shows (the package depends on both
    /// all the same), binds every symbol at start behind a read-only relocation table,
    /// and carries no RUNPATH; and it draws a dialog in Chinese and Arabic as the debug build does.
    @Test func theReleaseBuildLinksTheSystemsLibrariesSharedAndHardened() throws {
        let release = try Self.releaseBinary()
        let facts = try LinkFacts(release)
        for library in ["libcairo.so.2", "libX11.so.6", "libX11-xcb.so.1", "libfreetype.so.6", "libfontconfig.so.1", "libc.so.6"] {
            #expect(facts.needed.contains(library), "NEEDED: \(facts.needed)")
        }
        for loaded in ["libgif", "libpango", "libxkbcommon"] {
            #expect(!facts.needed.contains { $0.hasPrefix(loaded) }, "NEEDED: \(facts.needed)")
        }
        #expect(facts.bindNow && facts.relro, "-z now and -z relro")
        #expect(!facts.runpath, "a RUNPATH in \(release): build it with --disable-local-rpath, as scripts/test does")
        let (_, symbols) = try run(["nm", "--dynamic", "--defined-only", release])
        for name in ["cairo_show_glyphs", "FT_Load_Glyph", "FcFontMatch"] {
            #expect(!symbols.contains(" \(name)\n"), "\(name) is exported: a copy of its library is inside")
        }

        let out = NSTemporaryDirectory() + "pinbox-link-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let debug = PinBoxProcess.builtBeside
        try #require(FileManager.default.fileExists(atPath: debug), "no debug build at \(debug)")
        for description in ["请输入密钥的密码：Ελληνικά русский العربية", "请输入密钥 /root/.ssh/id_ed25519 的密码："] {
            var pictures: [[UInt8]] = []
            for (name, binary) in [("release", release), ("debug", debug)] {
                let png = "\(out)/\(name).png"
                let (status, output) = try runAll([binary, "render", "--dialog", "passphrase",
                                                   "--description", description, "--out", png])
                try #require(status == 0, "\(name): \(output)")
                pictures.append(Array(try Data(contentsOf: URL(fileURLWithPath: png))))
            }
            #expect(pictures[0] == pictures[1], "the release and debug builds draw \(description) alike")
        }
    }

    /// A dialog whose text Pango draws: Pango, loaded at run time, binds to the Cairo and
    /// FreeType the program draws with, so the process maps one of each. Pango's own library in
    /// the map is the control that it was loaded at all; giflib is not there (no GIF was asked for).
    @Test func aDialogDrawnThroughPangoMapsOneCairoAndOneFreeType() throws {
        let xvfb = try Xvfb()
        let askpass = try PinBoxProcess(["askpass", "请输入密钥的密码：Ελληνικά русский العربية"], display: xvfb.display)
        _ = try windowSize(of: askpass.pid, display: xvfb.display)
        let maps = mappings(of: askpass.pid)
        let files = Set(maps.split(separator: "\n").compactMap { line -> String? in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first,
                  path.hasPrefix("/") else { return nil }
            return String(path)
        })
        func mapped(_ library: String) -> [String] {
            files.filter { URL(fileURLWithPath: $0).lastPathComponent.hasPrefix(library + ".so") }.sorted()
        }
        #expect(mapped("libpango-1.0").count == 1, "Pango is not loaded: \(files.sorted())")
        #expect(mapped("libcairo").count == 1, "\(mapped("libcairo"))")
        #expect(mapped("libfreetype").count == 1, "\(mapped("libfreetype"))")
        #expect(mapped("libgif").isEmpty, "giflib is loaded before any GIF")
    }

    @Test func installPutsEverythingUnderThePrefix() throws {
        let prefix = try Self.installed(named: "prefix")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let binary = try Self.releaseBinary()
        let fm = FileManager.default
        // Installed, the program looks for its libraries where the system keeps them, and only there.
        let installed = try LinkFacts(prefix + "/bin/pinbox")
        #expect(!installed.runpath && installed.bindNow, "the installed binary has a RUNPATH, or binds lazily")
        for file in ["bin/pinbox", "share/man/man1/pinbox.1.gz", "share/applications/pinbox.desktop",
                     "share/doc/pinbox/pinentry.md",
                     "share/bash-completion/completions/pinbox", "share/zsh/site-functions/_pinbox",
                     "share/fish/vendor_completions.d/pinbox.fish",
                     "share/icons/hicolor/48x48/apps/pinbox.png", "share/icons/hicolor/128x128/apps/pinbox.png",
                     "share/icons/hicolor/256x256/apps/pinbox.png"] {
            #expect(fm.fileExists(atPath: prefix + "/" + file), "\(file) is missing")
        }
        // The role links point at the binary, and every name runs it.
        for role in ["pinbox-askpass", "pinentry-pinbox"] {
            #expect(try fm.destinationOfSymbolicLink(atPath: "\(prefix)/bin/\(role)") == "pinbox")
            #expect(try fm.destinationOfSymbolicLink(atPath: "\(prefix)/share/man/man1/\(role).1.gz") == "pinbox.1.gz")
        }
        // The pinentry names itself, as every pinentry does; to the askpass "--version" is a
        // prompt like any other.
        for name in ["pinbox", "pinentry-pinbox"] {
            let (status, out) = try run(["\(prefix)/bin/\(name)", "--version"])
            #expect(status == 0 && out == "\(name) \(Self.sourceVersion)\n", "\(name) --version: \(out)")
        }
        // The pinentry's help names this installation's paths: its link, its guide. (It said
        // /usr/local/bin, and a document the package did not hold.)
        let (helpStatus, help) = try run(["\(prefix)/bin/pinentry-pinbox", "--help"])
        #expect(helpStatus == 0 && help.contains("pinentry-program \(prefix)/bin/pinentry-pinbox\n")
                && help.contains("See \(prefix)/share/doc/pinbox/pinentry.md."), "\(help)")
        // The control: a build tree has neither, and says where they come from instead.
        let (_, built) = try run([binary, "pinentry", "--help"])
        #expect(built.contains("(a link to this program; scripts/install makes it)")
                && built.contains("See docs/pinentry.md in PinBox's source."), "\(built)")
        // The askpass link is the askpass: what is typed comes back on stdout, as ssh reads it.
        let xvfb = try Xvfb()
        let askpass = try Child(["\(prefix)/bin/pinbox-askpass", "Passphrase for key:"],
                                environment: ["DISPLAY": xvfb.display], capture: true)
        let (found, window) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(askpass.pid)],
                                      display: xvfb.display)
        try #require(found == 0, "no askpass window")
        let id = String(window.split(separator: "\n").first ?? "")
        #expect(try run(["xdotool", "windowfocus", "--sync", id, "type", "--delay", "15", "pin 4+2"],
                        display: xvfb.display).status == 0)
        #expect(try run(["xdotool", "key", "Return"], display: xvfb.display).status == 0)
        var typed: [UInt8] = []
        let deadline = Date().addingTimeInterval(10)
        while askpass.isRunning && Date() < deadline { askpass.waitReadable(seconds: 0.05); typed += askpass.read().out }
        typed += askpass.read().out
        #expect(askpass.wait() == 0)
        #expect(String(decoding: typed, as: UTF8.self) == "pin 4+2\n")

        // The icons are the sizes their folders say.
        for px in [48, 128, 256] {
            let icon = try Canvas(png: "\(prefix)/share/icons/hicolor/\(px)x\(px)/apps/pinbox.png")
            #expect((icon.width, icon.height) == (px, px))
        }
        // The man page is the one in the tree, and man can show it.
        let (manStatus, page) = try runAll(["mandoc", "-T", "utf8", "\(prefix)/share/man/man1/pinbox.1.gz"])
        #expect(manStatus == 0 && page.contains("pinentry-pinbox") && page.contains("Xft.dpi"))
        let (validStatus, validOut) = try runAll([try which("desktop-file-validate"),
                                                  "\(prefix)/share/applications/pinbox.desktop"])
        #expect(validStatus == 0 && validOut.isEmpty, "desktop-file-validate: \(validOut)")
        let (bashStatus, bashOut) = try runAll(["bash", "-n", "\(prefix)/share/bash-completion/completions/pinbox"])
        #expect(bashStatus == 0, "bash -n: \(bashOut)")
        let (zshStatus, zshOut) = try runAll([try which("zsh"), "-n", "\(prefix)/share/zsh/site-functions/_pinbox"])
        #expect(zshStatus == 0, "zsh -n: \(zshOut)")
        let (fishStatus, fishOut) = try runAll([try which("fish"), "--no-execute",
                                                "\(prefix)/share/fish/vendor_completions.d/pinbox.fish"])
        #expect(fishStatus == 0, "fish --no-execute: \(fishOut)")
    }

    @Test func langZhCNPicksTheChineseCatalogue() throws {
        let prefix = try Self.installed(named: "zh")
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let catalogue = prefix + "/share/locale/zh_CN/LC_MESSAGES/pinbox.mo"
        let (_, text) = try run(["msgunfmt", catalogue])
        #expect(text.contains("msgstr \"请输入支付密码\""), "the installed catalogue: \(text)")
        // Without /proc (a chroot, a sandbox) the program finds its prefix, and the catalogue, from
        // the path it was started by: the pay sheet is drawn in Chinese all the same. The control:
        // in English it is drawn otherwise.
        func payPicture(_ lang: String, withoutProc: Bool) throws -> Data {
            let png = prefix + "/pay-\(lang)-\(withoutProc).png"
            let command = "\(prefix)/bin/pinbox render --pay --out \(png)"
            let argv = withoutProc ? ["unshare", "--mount", "--fork", "sh", "-c", "umount -l /proc && exec " + command]
                                   : ["sh", "-c", "exec " + command]
            let (status, output) = try run(argv, environment: ["LANG": lang, "LC_ALL": "", "LANGUAGE": ""])
            try #require(status == 0, "\(argv): \(output)")
            return try Data(contentsOf: URL(fileURLWithPath: png))
        }
        let withProc = try payPicture("zh_CN.UTF-8", withoutProc: false)
        #expect(try payPicture("zh_CN.UTF-8", withoutProc: true) == withProc, "translated without /proc")
        #expect(try payPicture("C", withoutProc: true) != withProc)

        // The same window in English and in Chinese: the title and labels differ, nothing else.
        func screenshot(_ lang: String) throws -> Canvas {
            let xvfb = try Xvfb()
            let directory = NSTemporaryDirectory() + "pinbox-zh-shot-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let child = try Child([prefix + "/bin/pinbox", "--screenshot-dir", directory],
                                  environment: ["DISPLAY": xvfb.display, "LANG": lang, "LC_ALL": "", "LANGUAGE": ""],
                                  capture: true)
            var out = ""
            let deadline = Date().addingTimeInterval(10)
            func wait(for event: String) throws {
                while !out.contains("\"event\":\"\(event)\"") {
                    guard Date() < deadline, child.isRunning else { throw TestFailure("no \(event) event: \(out)") }
                    child.waitReadable(seconds: 0.05)
                    out += String(decoding: child.read().out, as: UTF8.self)
                }
            }
            try wait(for: "ready")
            kill(child.pid, SIGUSR1)
            try wait(for: "screenshot")
            let line = out.split(separator: "\n").first { $0.contains("\"screenshot\"") }!
            let path = line.split(separator: "\"").dropLast().last!
            return try Canvas(png: String(path))
        }
        let english = try screenshot("C"), chinese = try screenshot("zh_CN.UTF-8")
        try #require((english.width, english.height) == (chinese.width, chinese.height))
        var titleDiffers = 0, fieldsDiffer = 0
        let titleBand = english.height / 10
        for y in 0..<english.height {
            for x in stride(from: 0, to: english.width, by: 2) where english.pixel(x: x, y: y) != chinese.pixel(x: x, y: y) {
                if y < titleBand { titleDiffers += 1 } else { fieldsDiffer += 1 }
            }
        }
        #expect(titleDiffers > 50, "the title is drawn in other words")
        #expect(fieldsDiffer > 0, "the labels too")
    }

    @Test func theDebianPackageHoldsTheProgramAndLintianFindsNoErrorOrWarning() throws {
        let path = try Self.debianPackage()
        let deb = URL(fileURLWithPath: path).lastPathComponent
        #expect(deb.hasPrefix("pinbox_\(Self.sourceVersion)-1_"))
        let out = NSTemporaryDirectory() + "pinbox-deb-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }

        let (_, contents) = try run(["dpkg-deb", "--contents", path])
        for entry in ["./usr/bin/pinbox", "./usr/bin/pinbox-askpass -> pinbox", "./usr/bin/pinentry-pinbox -> pinbox",
                      "./usr/share/man/man1/pinbox.1.gz", "./usr/share/doc/pinbox/copyright",
                      "./usr/share/doc/pinbox/changelog.Debian.gz", "./usr/share/doc/pinbox/pinentry.md.gz",
                      "./usr/share/applications/pinbox.desktop",
                      "./usr/share/metainfo/example.a_seed_cba6a5ba.pinbox.metainfo.xml",
                      "./usr/share/icons/hicolor/48x48/apps/pinbox.png",
                      "./usr/share/bash-completion/completions/pinbox",
                      "./usr/share/zsh/vendor-completions/_pinbox",
                      "./usr/share/fish/vendor_completions.d/pinbox.fish",
                      "./usr/share/fish/vendor_completions.d/pinentry-pinbox.fish -> pinbox.fish",
                      "./usr/share/locale/zh_CN/LC_MESSAGES/pinbox.mo",
                      "./usr/lib/pinbox/libpinbox-accessibility.so"] {
            #expect(contents.contains(entry), "dpkg-deb --contents lacks \(entry)")
        }
        #expect(contents.contains("root/root"), "files belong to root")
        // Depends as dpkg-shlibdeps computes it: the shared libraries the binary links, and the
        // ones it loads with dlopen (Pango for text DejaVu cannot draw alone, FriBidi for a shown
        // Hebrew or Arabic passphrase, giflib for GIFs, libxkbcommon and Xlib's XCB connection for keys).
        let (_, depends) = try run(["dpkg-deb", "--field", path, "Depends"])
        for package in ["libc6", "libcairo2", "libx11-6", "libfreetype6", "libfontconfig1", "libpangocairo-1.0-0",
                        "libfribidi0", "libgif7", "fonts-dejavu-core", "libglib2.0-0",
                        "libxkbcommon0", "libxkbcommon-x11-0", "libx11-xcb1"] {
            #expect(depends.contains(package + " ") || depends.contains(package + ",") || depends.hasSuffix(package + "\n"),
                    "Depends lacks \(package): \(depends)")
        }
        // The accessibility plug-in's libraries are recommended: the program runs without them.
        let (_, recommends) = try run(["dpkg-deb", "--field", path, "Recommends"])
        for package in ["libatk-bridge2.0-0", "libatk1.0-0"] {
            #expect(recommends.contains(package + " ") && !depends.contains(package), "\(package): \(depends) / \(recommends)")
        }
        #expect(depends.contains("libcairo2 (>= "), "a version from the symbols file: \(depends)")
        // The program inside is the release build, as installed: no RUNPATH, every symbol bound at start.
        let root = out + "/root"
        #expect(try run(["dpkg-deb", "--extract", path, root]).status == 0)
        let facts = try LinkFacts(root + "/usr/bin/pinbox")
        #expect(!facts.runpath && facts.bindNow && facts.relro)
        // The pinentry's guide is compressed, as Debian's policy asks, and its help names it so.
        let (_, help) = try run([root + "/usr/bin/pinbox", "pinentry", "--help"])
        #expect(help.contains("See \(root)/usr/share/doc/pinbox/pinentry.md.gz."), "\(help)")
        // The accessibility plug-in: no RUNPATH, none of Swift's runtime, and the installed
        // program finds it beside itself when the session has accessibility on.
        let plugin = root + "/usr/lib/pinbox/libpinbox-accessibility.so"
        let pluginFacts = try LinkFacts(plugin)
        #expect(!pluginFacts.runpath && pluginFacts.bindNow && pluginFacts.relro)
        let (_, needed) = try run(["readelf", "--dynamic", plugin])
        #expect(needed.contains("Library soname: [libpinbox-accessibility.so]"), "no build folder in its name: \(needed)")
        #expect(needed.contains("[libatk-bridge-2.0.so.0]") && !needed.contains("swift"), "\(needed)")
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let askpass = try Child([root + "/usr/bin/pinbox", "askpass", "Password:"], environment: bus.environment,
                                capture: true)
        let deadline = Date().addingTimeInterval(10)
        while !AccessibilityTests.mapped(askpass.pid).contains("libpinbox-accessibility") {
            guard Date() < deadline, askpass.isRunning else {
                throw TestFailure("the installed program did not load \(plugin): \(AccessibilityTests.mapped(askpass.pid))")
            }
            usleep(20_000)
        }
        let (_, maps) = try run(["cat", "/proc/\(askpass.pid)/maps"])
        #expect(maps.contains(plugin))
        kill(askpass.pid, SIGTERM)
        #expect(askpass.wait() == 1)
        // The copyright file is the machine-readable one from the tree, and says PinBox is MIT (Expat).
        let copyright = try String(contentsOfFile: root + "/usr/share/doc/pinbox/copyright", encoding: .utf8)
        #expect(copyright == (try String(contentsOfFile: Self.repository + "/share/debian/copyright", encoding: .utf8)))
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"))
        #expect(copyright.contains("\nFiles: *\nCopyright: 2026 The PinBox developers\nLicense: Expat\n"))
        let licence = try String(contentsOfFile: Self.repository + "/LICENSE", encoding: .utf8)
        #expect(licence.hasPrefix("MIT License\n\nCopyright (c) 2026 The PinBox developers\n"))
        // The maintainer scripts register the roles as alternatives, as pinentry-fltk does.
        let control = out + "/control"
        #expect(try run(["dpkg-deb", "--control", path, control]).status == 0)
        let postinst = try String(contentsOfFile: control + "/postinst", encoding: .utf8)
        #expect(postinst.contains("--install /usr/bin/pinentry pinentry /usr/bin/pinentry-pinbox "))
        #expect(postinst.contains("--install /usr/bin/ssh-askpass ssh-askpass /usr/bin/pinbox-askpass "))
        let prerm = try String(contentsOfFile: control + "/prerm", encoding: .utf8)
        #expect(prerm.contains("--remove pinentry /usr/bin/pinentry-pinbox"))

        // Every override says why, in the one comment line above it.
        let overrides = try String(contentsOfFile: Self.repository + "/share/debian/lintian-overrides", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for (i, line) in overrides.enumerated() where !line.hasPrefix("#") {
            #expect(i > 0 && overrides[i - 1].hasPrefix("# ") && (i < 2 || !overrides[i - 2].hasPrefix("#")),
                    "the override '\(line)' needs one comment line above it")
        }
        // lintian as a maintainer runs it: no error and no warning.
        let lintian = try which("lintian")
        let (status, report) = try runAll([lintian, "--fail-on", "error,warning", path])
        let findings = report.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        #expect(findings.isEmpty && status == 0, "lintian (exit \(status)):\n\(report)")
    }

    /// The package's postinst, run in a scratch root (`update-alternatives --root`) beside the
    /// peers Debian registers at its lowest priorities: x11-ssh-askpass (10) and pinentry-tty (30).
    /// Installing PinBox must leave their choice alone; in a root with no peer, PinBox is chosen.
    @Test func installingThePackageChangesNoOnesPrompt() throws {
        let deb = try Self.debianPackage()
        let alternatives = try which("update-alternatives")
        func chosen(withPeers: Bool) throws -> String {
            let root = NSTemporaryDirectory() + "pinbox-root-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            let script = """
                set -e
                R="$1"; deb="$2"; ua="$3"
                mkdir -p "$R/var/lib/dpkg/alternatives" "$R/etc/alternatives" "$R/bin" "$R/control"
                dpkg-deb --extract "$deb" "$R"
                dpkg-deb --control "$deb" "$R/control"
                printf '#!/bin/sh\\nexec %s --root %s "$@"\\n' "$ua" "$R" > "$R/bin/update-alternatives"
                chmod +x "$R/bin/update-alternatives"
                if [ "$4" = peers ]; then
                  mkdir -p "$R/usr/libexec/ssh-askpass"
                  for f in /usr/libexec/ssh-askpass/x11-ssh-askpass /usr/bin/pinentry-tty; do
                    : > "$R$f"; chmod +x "$R$f"
                  done
                  "$ua" --root "$R" --quiet --install /usr/bin/ssh-askpass ssh-askpass /usr/libexec/ssh-askpass/x11-ssh-askpass 10
                  "$ua" --root "$R" --quiet --install /usr/bin/pinentry pinentry /usr/bin/pinentry-tty 30
                fi
                PATH="$R/bin:$PATH" sh -e "$R/control/postinst" configure
                for name in ssh-askpass pinentry; do "$ua" --root "$R" --query "$name" | grep '^Value:'; done
                """
            let (status, output) = try runAll(["sh", "-c", script, "sh", root, deb, alternatives, withPeers ? "peers" : "alone"])
            #expect(status == 0, "\(output)")
            return output
        }
        #expect(try chosen(withPeers: true)
            == "Value: /usr/libexec/ssh-askpass/x11-ssh-askpass\nValue: /usr/bin/pinentry-tty\n")
        #expect(try chosen(withPeers: false) == "Value: /usr/bin/pinbox-askpass\nValue: /usr/bin/pinentry-pinbox\n")
    }

    /// scripts/test packaged the release build under a maintainer's hardened umask (077, which
    /// dpkg-deb refuses for a control directory); packaged again under a group-writable one (002),
    /// the .deb is the same to the byte: its modes are Debian's, not the builder's.
    @Test func thePackageIsTheSameWhateverTheBuildersUmask() throws {
        let hardened = try Self.debianPackage()
        let out = NSTemporaryDirectory() + "pinbox-umask-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, output) = try runAll(["bash", "-c", "umask 002; exec \"$0\" \"$@\"", Self.repository + "/scripts/package",
                                           "--out", out, "--binary", try Self.releaseBinary()])
        try #require(status == 0, "scripts/package under umask 002:\n\(output)")
        let again = out + "/" + URL(fileURLWithPath: hardened).lastPathComponent
        let (_, listing) = try run(["dpkg-deb", "--contents", again])
        #expect(!listing.contains("drwxrwx"), "a group-writable directory:\n\(listing)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: again)) == Data(contentsOf: URL(fileURLWithPath: hardened)))
    }
}

/// The size in pixels of the visible window process `pid` shows, once it shows one.
func windowSize(of pid: pid_t, display: String) throws -> (Int, Int) {
    let (status, ids) = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pid)], display: display)
    try #require(status == 0, "no window from process \(pid)")
    let id = String(ids.split(separator: "\n").first ?? "")
    let (_, out) = try run(["xdotool", "getwindowgeometry", "--shell", id], display: display)
    func value(_ key: String) -> Int {
        Int(out.split(separator: "\n").first { $0.hasPrefix(key + "=") }?.dropFirst(key.count + 1) ?? "") ?? 0
    }
    return (value("WIDTH"), value("HEIGHT"))
}

/// Runs a command to completion; returns its exit status and its stdout and stderr together
/// (the scripts report on stderr).
func runAll(_ argv: [String]) throws -> (status: Int32, output: String) {
    let child = try Child(argv, capture: true)
    var out: [UInt8] = []
    while child.isRunning {
        child.waitReadable(seconds: 0.1)
        let (o, e) = child.read()
        out += o + e
    }
    let (o, e) = child.read()
    out += o + e
    return (child.wait(), String(decoding: out, as: UTF8.self))
}

/// Loads `resources` into the server's RESOURCE_MANAGER as a desktop session does. From a file,
/// not stdin: a pipe's write end can leak into a child another test starts at the same moment,
/// and xrdb would then wait for an end of input that never comes.
func loadResources(_ resources: String, display: String) throws {
    let file = NSTemporaryDirectory() + "pinbox-resources-\(UUID().uuidString)"
    try resources.write(toFile: file, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: file) }
    let (status, _) = try run(["xrdb", "-nocpp", "-load", file], display: display)
    guard status == 0 else { throw TestFailure("xrdb failed with \(status)") }
}
