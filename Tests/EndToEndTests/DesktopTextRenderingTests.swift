// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// The prompts render their letters as the desktop asks every program to: smoothing off
/// (`Xft/Antialias 0`, or `Xft.antialias: false` in the resources of a bare window manager),
/// subpixel smoothing for an LCD panel (`Xft/RGBA`), hinting. Driven by a real xsettingsd and
/// `xrdb`; the caret does not blink, so the window holds still between changes.
@Suite("The prompts render text as the desktop asks, end to end", .endToEnd)
struct DesktopTextRenderingTests {
    static let still = DesktopFontFollowingTests.still

    /// Red, green and blue apart: a subpixel fringe, or the focused entry's accent ring (the
    /// prompt's words are grey).
    static func isColoured(_ p: UInt32) -> Bool {
        let (r, g, b) = (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
        return max(r, g, b) - min(r, g, b) > 24
    }

    /// The rows of words above the focused entry, once the window holds still: every row above
    /// the first one the entry's accent ring crosses for more than half the window's width.
    static func words(of id: String, _ x: XClient) -> [UInt32] {
        let width = Int(x.frame(of: id).width)
        let all = x.stillPixels(id)
        guard width > 0 else { return [] }
        let rows = stride(from: 0, to: all.count - width + 1, by: width).map { all[$0..<$0 + width] }
        let ring = rows.firstIndex { $0.filter(isColoured).count > width / 2 } ?? rows.count
        return rows[..<ring].flatMap { $0 }
    }

    /// How many colours the words have, and how many of their pixels are coloured.
    static func shades(_ words: [UInt32]) -> (colours: Int, coloured: Int) {
        (Set(words).count, words.filter(isColoured).count)
    }

    /// Smoothing turned off, then subpixel smoothing, then nothing said, while a passphrase is
    /// typed: ink and ground only, then coloured edges, then the very pixels of the start (the
    /// control for both); the window's size never changes, and the passphrase arrives whole.
    @Test func anOpenPromptFollowsTheDesktopsRendering() throws {
        let (xvfb, daemon, prompt) = try DesktopScaleFollowingTests.prompt(under: Self.still)
        let x = try XClient(xvfb.display)
        let id = try #require(prompt.windowID)
        let frame = x.frame(of: id)
        let first = Self.words(of: id, x)
        let smooth = Self.shades(first)
        #expect(smooth.colours > 10 && smooth.coloured == 0, "grey smoothing: \(smooth)")
        try prompt.xdotool(["type", "--delay", "20", "se"])

        try daemon.reload(Self.still + "Xft/Antialias 0\nXft/Hinting 1\nXft/HintStyle \"hintfull\"\n")
        var seen = smooth
        try waitUntil("ink and ground only: last seen \(seen)", timeout: 10) {
            seen = Self.shades(Self.words(of: id, x))
            return seen.colours <= 3
        }
        #expect(x.frame(of: id).size == frame.size)
        try prompt.xdotool(["type", "--delay", "20", "sa"])

        try daemon.reload(Self.still + "Xft/Antialias 1\nXft/RGBA \"rgb\"\n")
        try waitUntil("subpixel fringes: last seen \(seen)", timeout: 10) {
            seen = Self.shades(Self.words(of: id, x))
            return seen.coloured > 20
        }

        try daemon.reload(Self.still)
        try waitUntil("the first pixels again", timeout: 10) {
            Self.words(of: id, x) == first
        }
        #expect(x.frame(of: id).size == frame.size)
        try prompt.xdotool(["type", "--delay", "20", "me"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "sesame\n", "nothing typed was lost or doubled")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
    }

    /// With no settings daemon (a bare window manager), the resources say it: an open askpass
    /// smooths its text (the control), then draws ink and ground only once `xrdb` has merged
    /// `Xft.antialias: false`, as the next one does from the start; typed text arrives whole.
    @Test func theResourcesSayItWhereNoDaemonRuns() throws {
        let xvfb = try Xvfb()
        let x = try XClient(xvfb.display)
        let open = try DesktopColorSchemeTests.askpass(on: xvfb)
        let id = try #require(open.windowID)
        let before = Self.shades(Self.words(of: id, x))
        #expect(before.colours > 10, "the control: \(before)")
        try open.xdotool(["type", "--delay", "20", "pw"])
        let merged = try run(["xrdb", "-nocpp", "-merge"], display: xvfb.display, input: Array("Xft.antialias: false\n".utf8))
        #expect(merged.status == 0, "xrdb: \(merged.output)")
        var seen = before
        try waitUntil("the open prompt's ink and ground only: last seen \(seen)", timeout: 10) {
            seen = Self.shades(Self.words(of: id, x))
            return seen.colours <= 3
        }
        try open.keys("Return")
        #expect(try open.waitExit() == 0)
        #expect(open.stdout == "pw\n" && open.stderr.isEmpty, "\(open.stdout) \(open.stderr)")

        let next = try DesktopColorSchemeTests.askpass(on: xvfb)
        let after = Self.shades(Self.words(of: try #require(next.windowID), x))
        #expect(after.colours <= 3, "\(after)")
        try DesktopColorSchemeTests.answer(next)
    }

    /// gpg-agent's pinentry reads the settings at each dialog: the one opened after
    /// `Xft/RGBA "bgr"` has coloured edges, the one before (the control) none.
    @Test func thePinentrysNextDialogTakesTheRendering() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: Self.still)
        let x = try XClient(xvfb.display)
        func shades() throws -> (colours: Int, coloured: Int) {
            let dialog = try PinentryDialog(display: xvfb.display)
            try waitUntil("the dialog mapped") { x.frame(of: dialog.window).width > 1 }
            let shades = Self.shades(Self.words(of: dialog.window, x))
            #expect(try dialog.close().isEmpty)
            return shades
        }
        let before = try shades()
        #expect(before.colours > 10 && before.coloured == 0, "the control: \(before)")
        try daemon.reload(Self.still + "Xft/Antialias 1\nXft/RGBA \"bgr\"\n")
        let after = try shades()
        #expect(after.coloured > 20, "\(after)")
    }
}
