// SPDX-License-Identifier: MIT
import Foundation
import Testing

/// `pinbox pay` follows the desktop as the askpass does: dark under a dark GTK theme, black and
/// white under GNOME's high-contrast switch, and it changes while it is open, keeping the digits
/// typed. Driven by the real xsettingsd; the user's option and the sheet's resources decide
/// instead.
@Suite("The payment sheet follows the desktop, end to end", .endToEnd)
struct PayDesktopTests {
    /// The band under the number pad, which runs to the window's foot: one colour in each of
    /// the four palettes (the light and high-contrast sheets are both white, their bands not).
    enum Band: Equatable {
        case light, dark, highContrast, highContrastInverse, neither(UInt32)

        init(_ pixel: UInt32) {
            switch pixel & 0xffffff {
            case 0xd5d8dd: self = .light
            case 0x1a1a1a: self = .dark
            case 0xffffff: self = .highContrast
            case 0x000000: self = .highContrastInverse
            case let other: self = .neither(other)
            }
        }
    }

    /// The sheet on `xvfb`, ready, with its events (and the digits, `--reveal`) on stdout.
    /// GTK_THEME is set empty, so the runner's own cannot decide the test; `environment` over it.
    static func sheet(on xvfb: Xvfb, options: [String] = [], environment: [String: String] = [:]) throws -> PinBoxProcess {
        let p = try PinBoxProcess(["pay", "--reveal", "--amount", "¥25.00"] + options, display: xvfb.display,
                                  environment: ["GTK_THEME": ""].merging(environment) { $1 })
        _ = try p.waitReady()
        return p
    }

    /// Waits until the band at the sheet's foot is `expected`.
    static func waitForBand(_ expected: Band, of p: PinBoxProcess, _ what: String) throws {
        let x = try XClient(try #require(p.display))
        let id = try #require(p.windowID)
        let height = try p.waitFor("ready")["height"] as! Int
        var seen = Band.neither(0)
        try waitUntil("\(what): \(expected), last seen \(seen); stderr: \(p.stderr)", timeout: 10) {
            seen = Band(x.pixel(id, x: 1, y: height - 2))
            return seen == expected
        }
    }

    /// Types the digits that are left and waits for the sheet to hand over all six.
    static func finish(_ p: PinBoxProcess, typing digits: String) throws {
        try p.xdotool(["type", "--delay", "20", digits])
        #expect(try p.waitFor("submit")["pin"] as? String == "123456", "nothing typed was lost or doubled")
        #expect(try p.waitExit() == 0)
        #expect(p.stderr.isEmpty, "\(p.stderr)")
    }

    @Test func anOpenSheetTurnsAsTheDesktopDoesAndKeepsTheDigits() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita\"\n")
        let p = try Self.sheet(on: xvfb)
        try Self.waitForBand(.light, of: p, "the seeds' sheet under a light theme (the control)")
        try p.xdotool(["type", "--delay", "20", "12"])
        try p.waitFor("change", count: 2)
        try daemon.reload("Net/ThemeName \"Adwaita-dark\"\n")
        try Self.waitForBand(.dark, of: p, "a dark desktop")
        try p.xdotool(["type", "--delay", "20", "34"])
        try p.waitFor("change", count: 4)
        try daemon.reload("Net/ThemeName \"HighContrast\"\n")
        try Self.waitForBand(.highContrast, of: p, "GNOME's high-contrast switch")
        try Self.finish(p, typing: "56")
        #expect(daemon.isRunning)
    }

    @Test func aDarkHighContrastDesktopDrawsTheSheetWhiteOnBlack() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"HighContrastInverse\"\n")
        let p = try Self.sheet(on: xvfb)
        try Self.waitForBand(.highContrastInverse, of: p, "HighContrastInverse")
        try Self.finish(p, typing: "123456")
        #expect(daemon.isRunning)
    }

    /// The user's `--color-scheme light` holds under a dark desktop; the sheet's own resource
    /// turns it dark with no desktop around; the command line wins over the resource.
    @Test func theUsersOptionAndResourcesDecideInstead() throws {
        let xvfb = try Xvfb()
        do {
            let daemon = try SettingsDaemon(display: xvfb.display, configuration: "Net/ThemeName \"Adwaita-dark\"\n")
            let named = try Self.sheet(on: xvfb, options: ["--color-scheme", "light"])
            try Self.waitForBand(.light, of: named, "--color-scheme light under a dark desktop")
            try Self.finish(named, typing: "123456")
            let left = try Self.sheet(on: xvfb)
            try Self.waitForBand(.dark, of: left, "the same desktop, nothing named (the control)")
            try Self.finish(left, typing: "123456")
            #expect(daemon.isRunning)
        }
        try loadResources("PinBox.pay.colorScheme: dark\nPinBox.pay.contrast: high\n", display: xvfb.display)
        let resourced = try Self.sheet(on: xvfb)
        try Self.waitForBand(.highContrastInverse, of: resourced, "PinBox.pay.colorScheme and .contrast")
        try Self.finish(resourced, typing: "123456")
        let overruled = try Self.sheet(on: xvfb, options: ["--contrast", "normal"])
        try Self.waitForBand(.dark, of: overruled, "--contrast normal over the resource")
        try Self.finish(overruled, typing: "123456")
    }
}
