// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// PinBox in a Wayland session, GNOME's and Plasma's default, where it runs through Xwayland:
/// weston with its keyboard and mouse on a private Xvfb (`WaylandDesk`), so every key and click
/// comes through the compositor, as a user's do, and a Wayland terminal and clipboard beside it.
@Suite("A Wayland session: the prompt through Xwayland", .serialized, .endToEnd)
final class WaylandTests {
    private func askpass(_ prompt: String, on desk: WaylandDesk) throws -> Child {
        try desk.start([PinBoxProcess.binary, "askpass", prompt], capture: true)
    }

    private func answer(of askpass: Child) -> String {
        String(decoding: askpass.read().out, as: UTF8.self)
    }

    /// The user works in a Wayland terminal when git asks for a password: the compositor gives
    /// the dialog the keyboard, and a Russian passphrase with an accent typed on a dead key, at
    /// the keyboard of a session with two layouts, goes to the dialog and none of it into the
    /// terminal, which has the keyboard back once the dialog is gone.
    @Test func aPassphraseTypedAtTheKeyboardGoesToTheDialogNotTheTerminal() throws {
        let desk = try WaylandDesk(layouts: "us,ru", variants: "intl,")
        let terminal = try desk.terminal()
        let git = try askpass("Password for 'https://alice@git.example.com':", on: desk)
        try desk.waitForKeyboard(on: desk.dialog())
        try desk.key("s", "dead_acute", "e")
        try desk.type("ключ")
        try desk.key("Return")

        #expect(git.wait(within: 20) == 0)
        #expect(answer(of: git) == "séключ\n")
        try desk.type("back", into: terminal)
        #expect(!terminal.received.contains("s") && !terminal.received.contains("ключ"), "\(terminal.received)")
    }

    /// A password copied in a Wayland password manager (wl-copy, as KeePassXC's Copy on Wayland)
    /// pastes into the passphrase with Ctrl+V: the compositor offers it to X programs as the
    /// CLIPBOARD selection.
    @Test func aPasswordCopiedInAWaylandProgramPastesIntoThePassphrase() throws {
        let desk = try WaylandDesk()
        try desk.copy("Tr0ub4dor&3")
        let ssh = try askpass("Enter passphrase for /home/alice/.ssh/id_ed25519:", on: desk)
        try desk.waitForKeyboard(on: desk.dialog())
        try desk.key("ctrl+v", "Return")

        #expect(ssh.wait(within: 20) == 0)
        #expect(answer(of: ssh) == "Tr0ub4dor&3\n")
    }

    /// A username copied from git's prompt pastes into a Wayland window; a passphrase selected
    /// and copied the same way never reaches the Wayland clipboard, and the terminal pastes what
    /// was there before it.
    @Test func aNameCopiedPastesIntoAWaylandWindowAndAPassphraseNever() throws {
        let desk = try WaylandDesk()
        let terminal = try desk.terminal()
        let besideTheDialog = WaylandDesk.Terminal.corner

        let name = try askpass("Username for 'https://git.example.com':", on: desk)
        try desk.waitForKeyboard(on: desk.dialog())
        try desk.type("alice")
        try desk.key("ctrl+a", "ctrl+c")
        var typed = terminal.received
        try desk.click(x: besideTheDialog.x, y: besideTheDialog.y)
        try desk.key("ctrl+shift+v")
        try waitUntil("the name pasted into the terminal (it has '\(terminal.received)')") {
            terminal.received == typed + "alice"
        }
        kill(name.pid, SIGTERM)
        #expect(name.wait(within: 20) == 1)

        try desk.copy("before")
        let password = try askpass("Password:", on: desk)
        try desk.waitForKeyboard(on: desk.dialog())
        try desk.type("s3cret")
        try desk.key("ctrl+a", "ctrl+c")
        typed = terminal.received
        try desk.click(x: besideTheDialog.x, y: besideTheDialog.y)
        try desk.key("ctrl+shift+v")
        try waitUntil("the clipboard's earlier text pasted into the terminal (it has '\(terminal.received)')") {
            terminal.received == typed + "before"
        }
        #expect(!terminal.received.contains("s3cret"))
        kill(password.pid, SIGTERM)
        #expect(password.wait(within: 20) == 1)
        #expect(answer(of: password).isEmpty)
    }

    /// With two layouts, Xwayland's root names only the one it started with, and the keymap the
    /// compositor gave it names its layouts in words: the line under the entry shows the active
    /// one's name whole, as the screen reader reads it (it showed the first 24 characters).
    @Test func theLayoutsNameFromTheCompositorIsShownWhole() throws {
        let desk = try WaylandDesk(layouts: "us,ru", variants: "intl,")
        let bus = try AccessibilityBus(display: desk.display, wayland: true)
        try bus.turnOn()
        let probe = try AtspiProbe(bus)
        let ssh = try desk.start([PinBoxProcess.binary, "askpass", "Enter passphrase for key:"], environment: bus.environment)
        try desk.waitForKeyboard(on: desk.dialog())
        let texts = flatten(try probe.window(of: "pinbox")).compactMap { $0["text"] as? String }
        #expect(texts.contains("English (US, intl., with dead keys)"), "\(texts)")
        kill(ssh.pid, SIGTERM)
        #expect(ssh.wait(within: 20) == 1)
    }

    /// The compositor keeps the keyboard's layout, and the prompt follows it. A click on the
    /// layout's name switches nothing behind its back (a group locked on Xwayland alone typed ф
    /// for the key of A until a Shift press had the compositor say its own group, and the
    /// passphrase went on in Latin: "фBc"), nor does Super+Space, which weston leaves to the
    /// focused window; the compositor's own switch (Alt+Shift in its keymap) has the key of A
    /// type ф.
    @Test func theCompositorKeepsTheLayoutAndThePromptFollowsIt() throws {
        let desk = try WaylandDesk(layouts: "us,ru", options: "grp:alt_shift_toggle")
        let bus = try AccessibilityBus(display: desk.display, wayland: true)
        try bus.turnOn()
        let probe = try AtspiProbe(bus)
        let ssh = try desk.start([PinBoxProcess.binary, "askpass", "Enter passphrase for key:"], environment: bus.environment,
                                 capture: true)
        try desk.waitForKeyboard(on: desk.dialog())
        // Where the name is on screen, as the bus says (Xwayland's root is the compositor's screen).
        let name = try #require(flatten(try probe.window(of: "pinbox")).first { $0["text"] as? String == "English (US)" })
        let extents = try #require(name["extents"] as? [Int], "\(name)")
        try desk.click(x: extents[0] + extents[2] / 2, y: extents[1] + extents[3] / 2)
        try desk.key("a", "shift+b", "c", "super+space", "d")
        // By keycode (64 Alt, 50 Shift, 38 the key of A): xdotool would put the group back.
        try desk.press(keycodes: [64, 50])
        try desk.press(keycodes: [38])
        try desk.key("Return")

        #expect(ssh.wait(within: 20) == 0)
        #expect(answer(of: ssh) == "aBcdф\n")
    }

    /// gpg signs in a Wayland session: gpg-agent hands the session on to pinentry-pinbox, whose
    /// dialog is on the accessibility bus (asked of the session bus: a Wayland session's launcher
    /// writes nothing on the display), takes the passphrase at the compositor's keyboard, and
    /// switches no layout behind the compositor's back (a click on the layout's name and then the
    /// key of A typed ф, and the signature failed, on f7518a4).
    @Test func gpgSignsWithThePassphraseTypedAtTheCompositorsKeyboard() throws {
        let desk = try WaylandDesk(layouts: "us,ru")
        let bus = try AccessibilityBus(display: desk.display, wayland: true)
        try bus.turnOn()
        let probe = try AtspiProbe(bus)
        let home = try TestGnupgHome()
        let (sign, signature) = try home.startSigning(passphrase: "aBc ключ", in: bus.environment)

        try desk.waitForKeyboard(on: desk.dialog(timeout: 30))
        let dialog = try probe.window(of: "pinentry-pinbox")
        let name = try #require(flatten(dialog).first { $0["text"] as? String == "English (US)" })
        let extents = try #require(name["extents"] as? [Int], "\(name)")
        try desk.click(x: extents[0] + extents[2] / 2, y: extents[1] + extents[3] / 2)
        try desk.key("a", "shift+b", "c", "space")
        try desk.type("ключ")
        try desk.key("Return")
        #expect(sign.wait(within: 30) == 0, "\(String(decoding: sign.read().err, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: signature))
    }
}
