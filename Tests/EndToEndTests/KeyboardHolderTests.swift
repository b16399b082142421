// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// Two prompts opened at once (a script running two ssh commands): the second said "another
/// program is holding the keyboard", though the holder was PinBox's own first prompt. A PinBox
/// window holding the keyboard says so through a lock in the user's runtime directory
/// (`KeyboardClaim`), and the second names it; a holder that is not PinBox is still "another
/// program", even with a PinBox window (itself refused) on the display.
@Suite("Who holds the keyboard, as a refused prompt tells it", .endToEnd)
struct KeyboardHolderTests {
    /// The runtime directory every program of a session shares (`XDG_RUNTIME_DIR`, 0700).
    private func session(_ desk: CallerDesk) throws -> [String: String] {
        let runtime = desk.dir + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return ["XDG_RUNTIME_DIR": runtime]
    }

    /// Types `ok` and Return: the askpass answers with it, and ends.
    private func answersOK(_ p: PinBoxProcess, on desk: CallerDesk) throws {
        try desk.type("ok")
        try desk.key("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
    }

    @Test func theSecondOfTwoPromptsNamesTheFirstAsTheHolder() throws {
        let desk = try CallerDesk()
        let environment = try session(desk)
        let first = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display, environment: environment)
        _ = try desk.nextDialog()
        let prober = try desk.client()
        let probe = prober.makeWindow()
        try waitUntil("the first holds the keyboard") { prober.keyboardIsHeldElsewhere(probe: probe) }
        let second = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display, environment: environment)
        var two = try desk.nextDialog(focusing: false)
        try waitUntil("the second says it cannot grab the keyboard") { second.stderr.contains("cannot grab the keyboard") }
        #expect(second.stderr.contains("another PinBox window holds it"), "\(second.stderr)")
        #expect(!second.stderr.contains("another program"), "\(second.stderr)")
        // The first answers; the second then asks, and answers too.
        try answersOK(first, on: desk)
        try waitUntil("the second asks once the first has let the keyboard go") {
            EntryInk(desk.pixels(&two), width: two.width, height: two.height) != nil
        }
        try answersOK(second, on: desk)
    }

    /// The controls: a holder that is not PinBox is "another program", for a first prompt and
    /// for a second one beside it, whose PinBox window holds no keyboard (refused itself).
    @Test func aHolderThatIsNotPinBoxIsAnotherProgram() throws {
        let desk = try CallerDesk()
        let environment = try session(desk)
        let grabber = try desk.client()
        #expect(grabber.grabKeyboard(grabber.makeWindow()))
        var prompts: [PinBoxProcess] = []
        defer {
            for p in prompts where p.child.isRunning { kill(p.pid, SIGTERM) }
            grabber.ungrabKeyboard()
        }
        for _ in 0..<2 {
            let p = try PinBoxProcess(["askpass", "--", "Password: "], display: desk.display, environment: environment)
            prompts.append(p)
            _ = try desk.nextDialog(focusing: false)
            try waitUntil("the prompt says it cannot grab the keyboard") { p.stderr.contains("cannot grab the keyboard") }
            #expect(p.stderr.contains("another program holds it"), "\(p.stderr)")
            #expect(!p.stderr.contains("PinBox"), "\(p.stderr)")
        }
        for p in prompts {
            kill(p.pid, SIGTERM)
            #expect(try p.waitExit() != 0)
        }
    }
}
