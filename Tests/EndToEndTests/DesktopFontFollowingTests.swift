// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// The prompts set their text in the desktop's interface font, as GTK's dialogs do: the face
/// and size a user chose for every window (GNOME Tweaks' "Interface Text", KDE's "General"
/// font), which their settings daemon publishes as `Gtk/FontName`. Driven by a real xsettingsd
/// reloading its configuration; the caret does not blink (`Net/CursorBlink 0`), so the window
/// holds still between changes and its pixels can be compared.
@Suite("The prompts take the desktop's font, end to end", .endToEnd)
struct DesktopFontFollowingTests {
    static let still = "Net/CursorBlink 0\n"

    static func font(_ description: String) -> String { still + "Gtk/FontName \"\(description)\"\n" }

    /// The window's top rows, where the prompt's words are, once they hold still.
    static func words(of id: String, _ x: XClient, width: Double) -> [UInt32] {
        x.stillPixels(id, width: Int(width), height: 40)
    }

    static func pangoMapped(_ p: PinBoxProcess) -> Bool { mappings(of: p.pid).contains("libpango-1.0") }

    /// The open askpass follows the font as the user changes it: twice the size makes the
    /// dialog about twice as wide, still in DejaVu Sans without Pango; a serif face at that size
    /// draws other letters through Pango in about as much room; the first face again draws the
    /// very same pixels (the control: what changed was the face); no font named brings the
    /// dialog's own size back. What is typed between the changes arrives whole.
    @Test func anOpenPromptFollowsTheDesktopsFont() throws {
        let (xvfb, daemon, prompt) = try DesktopScaleFollowingTests.prompt(under: Self.still)
        let x = try XClient(xvfb.display)
        let id = try #require(prompt.windowID)
        let first = x.frame(of: id)
        try prompt.xdotool(["type", "--delay", "20", "se"])

        try daemon.reload(Self.font("DejaVu Sans 20"))
        var frame = first
        try waitUntil("twice the text, about twice as wide: last seen \(frame) from \(first)", timeout: 10) {
            frame = x.frame(of: id)
            return frame.width > 1.7 * first.width
        }
        #expect(frame.height > 1.3 * first.height, "\(first) → \(frame)")
        let sans = Self.words(of: id, x, width: frame.width)
        #expect(!Self.pangoMapped(prompt), "DejaVu Sans is drawn without Pango")
        try prompt.xdotool(["type", "--delay", "20", "sa"])

        try daemon.reload(Self.font("DejaVu Serif 20"))
        try waitUntil("the serif face drawn", timeout: 10) {
            let now = Self.words(of: id, x, width: frame.width)
            return !now.isEmpty && now != sans
        }
        #expect(Self.pangoMapped(prompt), "another face is drawn by Pango")
        let serif = x.frame(of: id)
        #expect(abs(serif.width - frame.width) < 0.15 * frame.width && abs(serif.height - frame.height) < 0.15 * frame.height,
                "the same size in another face: \(frame) → \(serif)")

        try daemon.reload(Self.font("DejaVu Sans 20"))
        try waitUntil("DejaVu Sans's pixels again", timeout: 10) {
            x.frame(of: id).size == frame.size && Self.words(of: id, x, width: frame.width) == sans
        }

        try daemon.reload(Self.still)
        try waitUntil("the dialog's own size again: last seen \(x.frame(of: id)) from \(first)", timeout: 10) {
            x.frame(of: id).size == first.size
        }
        try prompt.xdotool(["type", "--delay", "20", "me"])
        try prompt.keys("Return")
        #expect(try prompt.waitExit() == 0)
        #expect(prompt.stdout == "sesame\n", "nothing typed was lost or doubled")
        #expect(prompt.stderr.isEmpty, "\(prompt.stderr)")
    }

    /// gpg-agent's pinentry reads the settings at each dialog: its next dialog opens in the
    /// font set between two. The control: the first one, without, is the smaller.
    @Test func thePinentrysNextDialogOpensInTheFont() throws {
        let xvfb = try Xvfb()
        let daemon = try SettingsDaemon(display: xvfb.display, configuration: Self.still)
        let x = try XClient(xvfb.display)
        let plain = try PinentryDialog(display: xvfb.display)
        try waitUntil("the dialog mapped") { x.frame(of: plain.window).width > 1 }
        let first = x.frame(of: plain.window)
        #expect(try plain.close().isEmpty)
        try daemon.reload(Self.font("Nimbus Sans 18"))
        let set = try PinentryDialog(display: xvfb.display)
        try waitUntil("the dialog mapped") { x.frame(of: set.window).width > 1 }
        let second = x.frame(of: set.window)
        #expect(second.width > 1.5 * first.width && second.height > 1.2 * first.height, "\(first) → \(second)")
        #expect(try set.close().isEmpty)
    }

    /// Any client can own the settings: a size no screen holds leaves the prompt on the screen
    /// and answering; a face's name longer than any font's is not taken (the dialog keeps its
    /// own size: the control for the first, whose window grows).
    @Test func aHostileFontKeepsThePromptOnTheScreen() throws {
        let (xvfb, daemon, prompt) = try DesktopScaleFollowingTests.prompt(under: Self.still)
        let x = try XClient(xvfb.display)
        let id = try #require(prompt.windowID)
        let first = x.frame(of: id)
        try daemon.reload(Self.font("Sans 100000"))
        var frame = first
        try waitUntil("the prompt grown as far as the screen allows, last seen \(frame)", timeout: 10) {
            frame = x.frame(of: id)
            return frame.width > 2 * first.width
        }
        let screen = x.screen
        #expect(frame.x >= 0 && frame.y >= 0 && frame.maxX <= screen.width && frame.maxY <= screen.height,
                "\(frame) on a \(screen) screen")
        try daemon.reload(Self.font(String(repeating: "Very Long Family ", count: 40) + "30"))
        try waitUntil("a face no font has the name of is not taken: last seen \(x.frame(of: id)), at first \(first)",
                      timeout: 10) {
            x.frame(of: id).size == first.size
        }
        try DesktopColorSchemeTests.answer(prompt)
    }
}
