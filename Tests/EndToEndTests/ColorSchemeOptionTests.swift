// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import PinBoxCore
import PinBoxRender
import Testing

/// Light or dark, normal or high contrast, as the user names them: `--color-scheme` and
/// `--contrast` on the askpass's and the pinentry's command lines, the `colorScheme` and
/// `contrast` resources under either role's names, `pinbox render`'s options; a bad value
/// refused on the command line, said and passed over in a resource or by the pinentry (whose
/// agent waits for a greeting). The page's ground is read at a known place, the dialog's
/// top-left margin, from the X server. (The desktop's own choice, GTK_THEME and XSETTINGS, is
/// DesktopColorSchemeTests'.)
@Suite("Colour scheme and contrast options and resources, end to end", .endToEnd)
struct ColorSchemeOptionTests {
    /// Where the page's ground shows: inside the dialog's margin, nothing drawn over it.
    static let corner = (x: 3, y: 3)
    static let dark = 0x242424 as UInt32
    static let light = 0xf5f6f8 as UInt32
    static let highContrast = 0xffffff as UInt32
    static let highContrastInverse = 0x000000 as UInt32
    static let grounds: Set = [dark, light, highContrast, highContrastInverse]

    /// GTK_THEME empty (taken as unset): a theme in the runner's environment decides nothing.
    static let neutral = ["GTK_THEME": ""]

    /// `pinbox askpass [options] Passphrase:` on a new Xvfb with `resources` loaded; the colour
    /// at `corner` once the page is drawn there; the askpass cancelled.
    func askpassGround(_ options: [String], resources: String? = nil,
                       environment: [String: String] = neutral) throws -> (ground: UInt32, stderr: String) {
        let xvfb = try Xvfb()
        if let resources { try loadResources(resources, display: xvfb.display) }
        let p = try PinBoxProcess(["askpass"] + options + ["Passphrase:"], display: xvfb.display, environment: environment)
        try p.findWindowByPID()
        let ground = try drawnGround(of: try #require(p.windowID), display: xvfb.display)
        try p.keys("Escape")
        #expect(try p.waitExit() == 1)
        return (ground, p.stderr)
    }

    /// The page's colour at `corner` once the window shows a drawn dialog: one of the four
    /// grounds (an undrawn window shows whatever was behind it).
    func drawnGround(of id: String, display: String) throws -> UInt32 {
        let x = try XClient(display)
        defer { x.abandon() }
        var seen: UInt32 = 0
        try waitUntil("the page drawn: \(String(seen, radix: 16)) at the corner", timeout: 10) {
            seen = x.pixel(id, x: Self.corner.x, y: Self.corner.y)
            return Self.grounds.contains(seen)
        }
        // The entry and a button: drawn too, so the page is whole (not a background alone).
        try waitUntil("the dialog drawn", timeout: 10) { Set(x.stillPixels(id)).count > 16 }
        return x.pixel(id, x: Self.corner.x, y: Self.corner.y)
    }

    @Test func theAskpassOptionDrawsDarkOrLight() throws {
        #expect(try askpassGround(["--color-scheme", "dark"]).ground == Self.dark)
        #expect(try askpassGround(["--color-scheme", "light"]).ground == Self.light)
        // Named, it wins over the desktop's dark theme.
        #expect(try askpassGround(["--color-scheme", "light"], environment: ["GTK_THEME": "Adwaita:dark"]).ground
            == Self.light)
        // The control: with nothing named and no desktop saying dark, light.
        #expect(try askpassGround([]).ground == Self.light)
    }

    @Test func theAskpassResourceDrawsDarkAndTheOptionWinsOverIt() throws {
        let dark = try askpassGround([], resources: "pinbox-askpass*colorScheme: dark\n")
        #expect(dark.ground == Self.dark && dark.stderr.isEmpty, "\(dark.stderr)")
        #expect(try askpassGround([], resources: "PinBox.askpass.colorScheme: dark\n").ground == Self.dark)
        #expect(try askpassGround(["--color-scheme", "light"], resources: "pinbox-askpass*colorScheme: dark\n").ground
            == Self.light)
    }

    /// High contrast, white or black by the scheme; named, it wins over the desktop's
    /// high-contrast theme both ways.
    @Test func theAskpassContrastOptionDrawsHighOrNormal() throws {
        #expect(try askpassGround(["--contrast", "high"]).ground == Self.highContrast)
        #expect(try askpassGround(["--contrast", "high", "--color-scheme", "dark"]).ground == Self.highContrastInverse)
        #expect(try askpassGround(["--contrast", "normal"], environment: ["GTK_THEME": "HighContrast"]).ground
            == Self.light)
        // The one axis named, the other the desktop's: high contrast, made dark.
        #expect(try askpassGround(["--color-scheme", "dark"], environment: ["GTK_THEME": "HighContrast"]).ground
            == Self.highContrastInverse)
        // The control for the first: the same desktop, nothing named.
        #expect(try askpassGround([], environment: ["GTK_THEME": "HighContrast"]).ground == Self.highContrast)
    }

    @Test func theAskpassContrastResourceIsTakenAndABadOneSaid() throws {
        let high = try askpassGround([], resources: "pinbox-askpass*contrast: high\n")
        #expect(high.ground == Self.highContrast && high.stderr.isEmpty, "\(high.stderr)")
        #expect(try askpassGround(["--contrast", "normal"], resources: "PinBox.askpass.contrast: high\n").ground
            == Self.light)
        let bad = try askpassGround([], resources: "PinBox*contrast: max\n")
        #expect(bad.ground == Self.light)
        #expect(bad.stderr == "pinbox: resource PinBox.contrast: must be one of normal, high, not 'max'; ignored\n",
                "\(bad.stderr)")
    }

    @Test func aBadValueOnTheCommandLineIsAUsageError() throws {
        let contrast = try PinBoxProcess(["askpass", "--contrast", "max", "Password:"], display: nil)
        #expect(try contrast.waitExit() == 2)
        #expect(contrast.stderr == "pinbox: --contrast must be one of normal, high, not 'max'\n", "\(contrast.stderr)")
        let p = try PinBoxProcess(["askpass", "--color-scheme", "purple", "Password:"], display: nil)
        #expect(try p.waitExit() == 2)
        #expect(p.stderr == "pinbox: --color-scheme must be one of light, dark, not 'purple'\n", "\(p.stderr)")
        #expect(p.stdout.isEmpty)
        let render = try PinBoxProcess(["render", "--dialog", "passphrase", "--color-scheme", "Dark", "--out",
                                        NSTemporaryDirectory() + "never-\(UUID().uuidString).png"], display: nil)
        #expect(try render.waitExit() == 2)
        #expect(render.stderr.hasPrefix("pinbox: --color-scheme must be one of light, dark"), "\(render.stderr)")
    }

    /// A resource is no command line: its bad value is said, naming the resource, and passed
    /// over, as the askpass's other resources are; the caller still gets its dialog.
    @Test func aBadResourceIsSaidAndPassedOver() throws {
        let bad = try askpassGround([], resources: "PinBox*colorScheme: purple\n")
        #expect(bad.ground == Self.light)
        #expect(bad.stderr == "pinbox: resource PinBox.colorScheme: must be one of light, dark, not 'purple'; ignored\n",
                "\(bad.stderr)")
    }

    /// The pinentry's dialog for GETPIN, its ground at `corner`, and what it said on stderr.
    func pinentryGround(_ options: [String], resources: String? = nil) throws -> (ground: UInt32, stderr: String) {
        let xvfb = try Xvfb()
        if let resources { try loadResources(resources, display: xvfb.display) }
        let dialog = try PinentryDialog(display: xvfb.display, options: options)
        let ground = try drawnGround(of: dialog.window, display: xvfb.display)
        return (ground, try dialog.close())
    }

    @Test func thePinentryOptionAndResourceDrawDark() throws {
        #expect(try pinentryGround(["--color-scheme", "dark"]).ground == Self.dark)
        #expect(try pinentryGround([], resources: "PinBox.pinentry.colorScheme: dark\n").ground == Self.dark)
        #expect(try pinentryGround([], resources: "pinentry-pinbox*colorScheme: dark\n").ground == Self.dark)
        // The command line over the resource; the control.
        #expect(try pinentryGround(["--color-scheme=light"], resources: "PinBox.pinentry.colorScheme: dark\n").ground
            == Self.light)
        #expect(try pinentryGround([]).ground == Self.light)
    }

    @Test func thePinentryContrastOptionAndResourceDrawHighContrast() throws {
        #expect(try pinentryGround(["--contrast", "high"]).ground == Self.highContrast)
        #expect(try pinentryGround(["--color-scheme=dark"], resources: "PinBox.pinentry.contrast: high\n").ground
            == Self.highContrastInverse)
        #expect(try pinentryGround(["--contrast=normal"], resources: "pinentry-pinbox*contrast: high\n").ground
            == Self.light)
        let bad = try pinentryGround(["--contrast", "max"])
        #expect(bad.ground == Self.light)
        #expect(bad.stderr.contains("pinbox: --contrast must be normal or high; ignored"), "\(bad.stderr)")
    }

    /// As any mistake on a pinentry's command line: said, passed over, the agent served.
    @Test func thePinentrysBadValuesAreSaidAndPassedOver() throws {
        let option = try pinentryGround(["--color-scheme", "purple"])
        #expect(option.ground == Self.light)
        #expect(option.stderr.contains("pinbox: --color-scheme must be light or dark; ignored"), "\(option.stderr)")
        let resource = try pinentryGround([], resources: "PinBox.pinentry.colorScheme: purple\n")
        #expect(resource.ground == Self.light)
        let said = "resource PinBox.pinentry.colorScheme: must be one of light, dark, not 'purple'; ignored"
        #expect(resource.stderr.contains(said), "\(resource.stderr)")
    }

    /// `pinbox render --dialog` draws light and normal unless told: no desktop to ask.
    @Test func renderDrawsTheAppearanceItIsGiven() throws {
        let cases: [([String], UInt32)] = [([], Self.light), (["--color-scheme", "light"], Self.light),
                                           (["--color-scheme", "dark"], Self.dark),
                                           (["--contrast", "high"], Self.highContrast),
                                           (["--contrast", "high", "--color-scheme", "dark"], Self.highContrastInverse)]
        for (options, ground) in cases {
            let out = NSTemporaryDirectory() + "pinbox-scheme-\(UUID().uuidString).png"
            defer { try? FileManager.default.removeItem(atPath: out) }
            let p = try PinBoxProcess(["render", "--dialog", "passphrase", "--out", out] + options,
                                      display: nil, environment: ["GTK_THEME": "HighContrastInverse"])
            #expect(try p.waitExit() == 0, "\(p.stderr)")
            let picture = try Canvas(png: out)
            #expect(picture.pixel(x: Self.corner.x, y: Self.corner.y) == ground, "\(options)")
        }
    }

    /// bash completes the values, for the askpass and the pinentry alike.
    @Test func bashCompletesTheValues() throws {
        let completion = DesktopTests.repository + "/share/bash-completion/pinbox"
        let script = """
            source /usr/share/bash-completion/bash_completion || exit 9
            source "$1"
            complete_line() {
              COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
              COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _pinbox "${COMP_WORDS[0]}" "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"
              echo "$*|${COMPREPLY[*]}"
            }
            complete_line pinbox askpass --color-scheme ''
            complete_line pinentry-pinbox --color-scheme d
            complete_line pinbox render --color-scheme ''
            complete_line pinbox askpass --contrast ''
            complete_line pinentry-pinbox --contrast h
            complete_line pinbox askpass --animations ''
            """
        let (status, output) = try runAll(["bash", "-c", script, "bash", completion])
        #expect(status == 0, "\(output)")
        #expect(output.split(separator: "\n").map(String.init) == [
            "pinbox askpass --color-scheme |light dark",
            "pinentry-pinbox --color-scheme d|dark",
            "pinbox render --color-scheme |light dark",
            "pinbox askpass --contrast |normal high",
            "pinentry-pinbox --contrast h|high",
            "pinbox askpass --animations |on off",
        ])
    }
}
