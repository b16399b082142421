// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// What a screen reader finds in PinBox's prompts: the real at-spi2-core bus started in a
/// private session, the real binary on the test's Xvfb, read through pyatspi (what Orca and
/// Accerciser use). And, with accessibility off, that nothing of it is even loaded.
@Suite("Accessibility through AT-SPI", .endToEnd)
struct AccessibilityTests {
    /// Characters none of the dialogs' own words contain, typed as the secret.
    static let marker = "Zj7#X9!vW"

    /// xdotool's names for the marker's keys.
    static let markerKeys = ["Z", "j", "7", "numbersign", "X", "9", "exclam", "v", "W"]

    /// Whether a library of the accessibility stack is mapped into process `pid`.
    static func mapped(_ pid: pid_t) -> [String] {
        let maps = mappings(of: pid)
        let names = ["libatk", "libglib", "libgobject", "libdbus", "libatspi", "libpinbox-accessibility"]
        return Set(maps.split(separator: "\n").compactMap { line in
            names.first { line.contains("/" + $0) }
        }).sorted()
    }

    /// The announcement of `text` (`object:announcement`), for readers that hear announcements.
    static func announced(_ text: String) -> ([String: Any]) -> Bool {
        { $0["type"] as? String == "object:announcement" && $0["data"] as? String == text }
    }

    /// A notification saying `text` that becomes showing: what Orca 43 speaks of a line that appears.
    static func shown(_ text: String) -> ([String: Any]) -> Bool {
        { $0["type"] as? String == "object:state-changed:showing" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "notification" && $0["name"] as? String == text }
    }

    /// Waits until every one of `events` has been heard, in any order; returns all heard meanwhile.
    static func waitForEvents(_ probe: AtspiProbe, _ events: ([String: Any]) -> Bool...) throws -> [[String: Any]] {
        var heard: [[String: Any]] = []
        for matches in events where !heard.contains(where: matches) { heard += try probe.waitForEvent(matches) }
        return heard
    }

    /// An askpass asking `prompt` on a display of its own, with an accessibility bus, and its
    /// window as the bus shows it. The display and the bus go with the returned session.
    private func askpassOnTheBus(_ prompt: String) throws
        -> (xvfb: Xvfb, bus: AccessibilityBus, probe: AtspiProbe, askpass: PinBoxProcess, window: [String: Any]) {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let askpass = try PinBoxProcess(["askpass", prompt], display: xvfb.display, environment: bus.environment)
        try askpass.findWindowByPID()
        return (xvfb, bus, probe, askpass, try probe.window(of: "pinbox"))
    }

    /// An askpass asking for git's username on the bus, with `typed` typed into it once its
    /// entry has the focus, and heard to the last character.
    private func usernameOnTheBus(typed: String) throws
        -> (xvfb: Xvfb, bus: AccessibilityBus, probe: AtspiProbe, askpass: PinBoxProcess, window: [String: Any]) {
        let session = try askpassOnTheBus("Username for 'https://example.com': ")
        _ = try session.probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused"
            && $0["detail1"] as? Int == 1 && $0["role"] as? String == "text" }
        try session.askpass.xdotool(["type", "--delay", "20", typed])
        // The last character in (several typed within one frame come in one event).
        _ = try session.probe.waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && ($0["detail1"] as? Int ?? 0) + ($0["detail2"] as? Int ?? 0) == typed.unicodeScalars.count }
        return session
    }

    /// git's username shows as typed: a screen reader reads it as shown, from a text entry,
    /// where a passphrase gives bullets (below).
    @Test func gitsUsernameIsReadAsShown() throws {
        let session = try askpassOnTheBus("Username for 'https://example.com': ")
        let (probe, askpass) = (session.probe, session.askpass)
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "text" }
        try askpass.xdotool(["type", "--delay", "20", "alice"])
        _ = try probe.waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && $0["detail1"] as? Int == 4 }
        let entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "text" })
        #expect(entry["text"] as? String == "alice")
        // Each letter is where it is drawn: ink in each one's extents, none past the caret's place.
        let places = try #require(entry["characters"] as? [[Int]])
        #expect(places.count == 6 && entry["caret"] as? Int == 5, "\(places)")
        let x = try XClient(session.xvfb.display)
        let id = try #require(askpass.windowID)
        let frame = x.frame(of: id)
        func ink(from left: Int, to right: Int, around place: [Int]) -> Int {
            let middle = place[1] + place[3] / 2 - Int(frame.y)
            return (left..<right).reduce(0) { count, column in
                count + (middle - 5...middle + 5).filter { row in
                    let p = x.pixel(id, x: column - Int(frame.x), y: row)
                    return (p >> 16 & 0xff) + (p >> 8 & 0xff) + (p & 0xff) < 3 * 0x80
                }.count
            }
        }
        for place in places.dropLast() { #expect(ink(from: place[0], to: place[0] + place[2], around: place) > 0, "\(place)") }
        let caret = try #require(places.last)
        #expect(ink(from: caret[0] + 3, to: caret[0] + 40, around: caret) == 0, "nothing drawn past the caret \(caret)")
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "alice\n")
    }

    /// A letter and the tone mark typed after it (ɛ́, which has no precomposed form) are one
    /// character to a screen reader, as they are to the caret and in a GTK entry: the text at
    /// either offset of ɛ́, as Orca reads the character at the caret, is ɛ́ whole, from 1 to 3.
    /// The control: the letters around it are one each.
    @Test func aLetterWithItsToneMarkIsReadAsOneCharacter() throws {
        let session = try usernameOnTheBus(typed: "a\u{25B}\u{301}b")
        let (probe, askpass) = (session.probe, session.askpass)
        let entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "text" })
        #expect(entry["text"] as? String == "a\u{25B}\u{301}b")
        let read: [String] = try #require(entry["read"] as? [[Any]]).map { "\($0[0]) \($0[1]) \($0[2])" }
        #expect(read == ["a 0 1", "\u{25B}\u{301} 1 3", "\u{25B}\u{301} 1 3", "b 3 4"], "\(read)")
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "a\u{25B}\u{301}b\n")
    }

    /// The caret moved with Left and Home in git's username is heard where it went (Orca says
    /// the character it now stands at), and the entry's caret offset reads there; a letter typed
    /// then is heard inserted at that offset, and the name ends as the user mended it.
    @Test func aCaretMovedIsHeardWhereItWent() throws {
        let session = try usernameOnTheBus(typed: "alce")
        let (probe, askpass) = (session.probe, session.askpass)
        try askpass.keys("Left", "Left")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:text-caret-moved" && $0["detail1"] as? Int == 2 }
        var entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "text" })
        #expect(entry["caret"] as? Int == 2 && entry["text"] as? String == "alce")
        try askpass.xdotool(["type", "--delay", "20", "i"])
        _ = try probe.waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && $0["detail1"] as? Int == 2 && $0["detail2"] as? Int == 1 }
        try askpass.keys("Home")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:text-caret-moved" && $0["detail1"] as? Int == 0 }
        entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "text" })
        #expect(entry["caret"] as? Int == 0 && entry["text"] as? String == "alice")
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "alice\n")
    }

    /// Shift+Left and Ctrl+A are heard as selections, which a screen reader reads on the bus:
    /// the letters of a name, bullets for a passphrase's dots; typing over them replaces them.
    @Test func aSelectionIsHeardAndReadOnTheBus() throws {
        let session = try usernameOnTheBus(typed: "alice")
        let (probe, askpass) = (session.probe, session.askpass)
        try askpass.keys("shift+Left", "shift+Left")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:text-selection-changed" && $0["role"] as? String == "text" }
        func entry() throws -> [String: Any] { try #require(flatten(try probe.tree()).first { $0["role"] as? String == "text" }) }
        var selection: [Int]?
        try waitUntil("the last two letters selected on the bus, last \(selection ?? [])") {
            selection = try entry()["selection"] as? [Int]
            return selection == [3, 5]
        }
        try askpass.keys("ctrl+a")
        try waitUntil("all selected on the bus, last \(selection ?? [])") {
            selection = try entry()["selection"] as? [Int]
            return selection == [0, 5]
        }
        try askpass.xdotool(["type", "--delay", "20", "bob"])
        try waitUntil("the name typed over it, nothing selected") {
            let e = try entry()
            return e["text"] as? String == "bob" && e["selection"] == nil
        }
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "bob\n")

        // A passphrase's selection is its bullets.
        let hidden = try askpassOnTheBus("Passphrase:")
        _ = try hidden.probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused"
            && $0["detail1"] as? Int == 1 && $0["role"] as? String == "password text" }
        try hidden.askpass.xdotool(["type", "--delay", "20", "abc"])
        try hidden.askpass.keys("ctrl+a")
        var bullets: [String: Any] = [:]
        try waitUntil("the bullets selected on the bus, last \(bullets)") {
            bullets = try #require(flatten(try hidden.probe.tree()).first { $0["role"] as? String == "password text" })
            return bullets["selection"] as? [Int] == [0, 3]
        }
        #expect(bullets["text"] as? String == "•••")
        try hidden.askpass.keys("Return")
        #expect(try hidden.askpass.waitExit() == 0)
        #expect(hidden.askpass.stdout == "abc\n")
    }

    /// A right click in the passphrase entry opens its menu on the bus: menu items, the one
    /// highlighted focused (what Orca speaks: "Paste, menu item"), Delete greyed while nothing is
    /// selected; Select All chosen through the action interface selects the bullets, and the
    /// focus is back on the entry.
    @Test func theEntrysMenuIsOnTheBus() throws {
        let session = try askpassOnTheBus("Passphrase:")
        let (probe, askpass) = (session.probe, session.askpass)
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused"
            && $0["detail1"] as? Int == 1 && $0["role"] as? String == "password text" }
        try askpass.xdotool(["type", "--delay", "20", "abc"])
        func node(_ role: String, _ name: String? = nil) throws -> [String: Any]? {
            flatten(try probe.tree()).first { $0["role"] as? String == role && (name == nil || $0["name"] as? String == name) }
        }
        var entry = try #require(try node("password text"))
        try waitUntil("three bullets on the bus") {
            entry = try #require(try node("password text"))
            return entry["text"] as? String == "•••"
        }
        let extents = try #require(entry["extents"] as? [Int])
        _ = try run(["xdotool", "mousemove", String(extents[0] + extents[2] / 2), String(extents[1] + extents[3] / 2),
                     "click", "3"], display: session.xvfb.display)
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "menu item" && $0["name"] as? String == "Paste" }
        let items = flatten(try probe.tree()).filter { $0["role"] as? String == "menu item" }
        #expect(items.map { $0["name"] as? String } == ["Paste", "Delete", "Select All"])
        let states = items.map { Set($0["states"] as? [String] ?? []) }
        if states.count == 3 {
            #expect(states[0].isSuperset(of: ["showing", "enabled", "focused"]), "\(states[0])")
            #expect(states[1].contains("showing") && !states[1].contains("enabled"), "Delete greyed: \(states[1])")
            #expect(items[2]["keybinding"] as? String == "<Alt>a")
        }
        #expect(try probe.press("Select All"))
        try waitUntil("the bullets selected on the bus, last \(entry)") {
            entry = try #require(try node("password text"))
            return entry["selection"] as? [Int] == [0, 3] && (entry["states"] as? [String] ?? []).contains("focused")
        }
        #expect(try node("menu item", "Paste").map { ($0["states"] as? [String] ?? []).contains("showing") } == false,
                "the menu closed")
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "abc\n")
    }

    /// The desktop doubles its resolution (a settings daemon started at 192 dots per inch) while
    /// the prompt is open: the entry a magnifier or a reader finds on the bus is where the grown
    /// window draws it, twice as large, and still holds what was typed.
    @Test func aGrownPromptShowsItsNewPlacesOnTheBus() throws {
        let session = try askpassOnTheBus("Passphrase:")
        let (probe, askpass) = (session.probe, session.askpass)
        func entry() throws -> [String: Any] {
            try #require(flatten(try probe.tree()).first { $0["role"] as? String == "password text" })
        }
        try askpass.xdotool(["type", "--delay", "20", "ab"])
        let before = try #require(try entry()["extents"] as? [Int])
        let daemon = try SettingsDaemon(display: session.xvfb.display, configuration: "Xft/DPI \(192 * 1024)\n")
        var after = before
        try waitUntil("the entry twice as large on the bus, last seen \(after) from \(before)", timeout: 10) {
            after = try entry()["extents"] as? [Int] ?? before
            return abs(after[2] - 2 * before[2]) <= 4 && abs(after[3] - 2 * before[3]) <= 4
        }
        #expect(try entry()["text"] as? String == "••")
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "ab\n")
        #expect(daemon.isRunning)
    }

    /// A magnifier following the caret asks where the character at the caret is: each bullet is
    /// where its dot is drawn on the screen (the pixel at its middle is the dot's colour) and
    /// the caret's place, after them, is the empty cell next to the last dot (the entry's own
    /// colour). The control: the entry's ground is another colour than a dot's.
    @Test func aMagnifierFindsEachDotAndTheCaret() throws {
        let session = try askpassOnTheBus("Passphrase:")
        let (probe, askpass) = (session.probe, session.askpass)
        let x = try XClient(session.xvfb.display)
        let id = try #require(askpass.windowID)
        try askpass.xdotool(["type", "--delay", "20", "abc"])
        _ = try probe.waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && $0["detail1"] as? Int == 2 }
        let entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "password text" })
        #expect(entry["caret"] as? Int == 3)
        let places = try #require(entry["characters"] as? [[Int]])
        let extents = try #require(entry["extents"] as? [Int])
        #expect(places.count == 4, "\(places)")
        #expect(zip(places, places.dropFirst()).allSatisfy { $0[0] < $1[0] }, "left to right: \(places)")
        #expect(places.allSatisfy { $0[0] >= extents[0] && $0[0] + $0[2] <= extents[0] + extents[2] && $0[2] > 0 },
                "within the entry \(extents): \(places)")
        let frame = x.frame(of: id)
        func middle(_ place: [Int]) -> UInt32 {
            x.pixel(id, x: place[0] + place[2] / 2 - Int(frame.x), y: place[1] + place[3] / 2 - Int(frame.y))
        }
        // The entry's own colour, at its far end; the dots grow in: wait until the three middles
        // are one colour that is not it, and the caret's place is it.
        let ground = x.pixel(id, x: extents[0] + extents[2] - 4 - Int(frame.x), y: extents[1] + extents[3] / 2 - Int(frame.y))
        try waitUntil("three dots drawn where the bus says \(places) in \(frame): \(places.map(middle)), ground \(ground)",
                      timeout: 10) {
            let colours = places.map(middle)
            return Set(colours.prefix(3)).count == 1 && colours[0] != ground && colours[3] == ground
        }
        try askpass.keys("Return")
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == "abc\n")
    }

    /// A Wayland session (GNOME's default): the prompt draws through Xwayland, whose root window
    /// carries no `AT_SPI_BUS` (the launcher writes none there), and finds the accessibility bus
    /// as libatspi does, from the launcher on the session bus, once accessibility is on. The
    /// controls: with it off the prompt does not join the bus; nor does it in an X11 session
    /// whose display says nothing.
    @Test func aWaylandSessionsPromptIsOnTheBus() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display, wayland: true)
        #expect(try XClient(xvfb.display).rootProperties["AT_SPI_BUS"] == nil, "the display says nothing")
        let probe = try AtspiProbe(bus)
        func askpass(_ environment: [String: String]) throws -> PinBoxProcess {
            let p = try PinBoxProcess(["askpass", "Passphrase:"], display: xvfb.display, environment: environment)
            try p.findWindowByPID()
            return p
        }
        func absent() throws -> Bool { try probe.ask("app pinbox 2")["found"] as? Bool == false }
        // Off: the launcher is asked (libdbus comes in to ask it), and nothing joins the bus.
        let off = try askpass(bus.environment)
        try waitUntil("the launcher asked") { Self.mapped(off.pid).contains("libdbus") }
        #expect(try absent())
        #expect(!Self.mapped(off.pid).contains("libpinbox-accessibility"), "the plug-in stays unloaded while off")
        try DesktopColorSchemeTests.answer(off)

        try bus.turnOn()
        // An X11 session (no WAYLAND_DISPLAY) whose display says nothing: not asked, nothing loaded.
        var x11 = bus.environment
        x11["WAYLAND_DISPLAY"] = nil
        let plain = try askpass(x11)
        #expect(try absent())
        #expect(Self.mapped(plain.pid).isEmpty, "\(Self.mapped(plain.pid))")
        try DesktopColorSchemeTests.answer(plain)

        let on = try askpass(bus.environment)
        let window = try probe.window(of: "pinbox")
        #expect(window["role"] as? String == "dialog")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "password text" }
        try on.xdotool(["type", "--delay", "20", "pw"])
        _ = try probe.waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && $0["detail1"] as? Int == 1 }
        let entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "password text" })
        #expect(entry["text"] as? String == "••")
        try on.keys("Return")
        #expect(try on.waitExit() == 0 && on.stdout == "pw\n")
    }

    /// ssh's host-key question: readers speak a label's name, so the fingerprint is in it.
    @Test func theHostKeysFingerprintIsInItsLabelsName() throws {
        let fingerprint = "SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU"
        let session = try askpassOnTheBus("The authenticity of host 'example.com (192.0.2.1)' can't be established.\n"
                                          + "ED25519 key fingerprint is \(fingerprint).\n"
                                          + "Are you sure you want to continue connecting (yes/no/[fingerprint])? ")
        let label = try #require(flatten(session.window).first { $0["text"] as? String == fingerprint })
        #expect(label["role"] as? String == "label")
        #expect(label["name"] as? String == "ED25519 key fingerprint " + fingerprint)
        pastTheArmingDelay()
        #expect(try session.probe.press("No"))
        _ = try session.askpass.waitExit()
    }

    /// Caps Lock turned on while the dialog is up: the warning the window draws is a label a
    /// screen reader reads, and is said at once.
    @Test func capsLockTurnedOnIsSaidAndRead() throws {
        let session = try askpassOnTheBus("Enter passphrase for key '/tmp/id':")
        let (probe, askpass) = (session.probe, session.askpass)
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "password text" }
        #expect(!flatten(try probe.tree()).contains { $0["name"] as? String == "Caps Lock is on" })
        try askpass.keys("Caps_Lock")
        defer { try? askpass.keys("Caps_Lock") }
        // Announced, and shown: Orca 43 hears no announcement, and speaks a notification that shows.
        _ = try Self.waitForEvents(probe, Self.announced("Caps Lock is on"), Self.shown("Caps Lock is on"))
        let label = try #require(flatten(try probe.tree()).first { $0["name"] as? String == "Caps Lock is on" })
        #expect(label["role"] as? String == "notification")
        try askpass.keys("Escape")
        #expect(try askpass.waitExit() == 1)
    }

    /// ssh's password prompt is two words, a label Orca 43 does not read with a dialog: it is the
    /// window's description too, or the user never hears which account asks.
    @Test func aShortPromptIsTheWindowsDescription() throws {
        let session = try askpassOnTheBus("alice@example.com's password: ")
        let description = try #require(session.window["description"] as? String)
        #expect(description.hasPrefix("alice@example.com's password"))
        try session.askpass.keys("Escape")
        #expect(try session.askpass.waitExit() == 1)
    }

    @Test func theAskpassDialogIsReadTypedIntoAndAnsweredThroughATSPI() throws {
        let session = try askpassOnTheBus("Enter passphrase for key '/tmp/id':")
        let (probe, askpass, window) = (session.probe, session.askpass, session.window)
        #expect(window["role"] as? String == "dialog")
        #expect(window["name"] as? String == "Passphrase required")
        // ssh's prompt is the dialog's first label (without its closing colon), and only that:
        // no window description repeating it, as GTK's dialogs.
        #expect(window["description"] as? String == "")
        let nodes = flatten(window).dropFirst()
        #expect(nodes.map { $0["role"] as? String ?? "" }
                == ["label", "label", "password text", "notification", "label", "notification", "push button",
                    "push button", "push button", "menu item", "menu item", "menu item"])
        #expect(nodes.map { $0["name"] as? String ?? "" }
                == ["Enter passphrase for key '/tmp/id'", "Passphrase", "Passphrase", "", "", "", "Show", "Cancel", "OK",
                    "Paste", "Delete", "Select All"])
        // The entry's menu is closed: its items are there, and not showing.
        #expect(nodes.suffix(3).allSatisfy { !($0["states"] as? [String] ?? []).contains("showing") })
        let buttons = nodes.filter { $0["role"] as? String == "push button" }
        #expect(buttons.map { $0["keybinding"] as? String ?? "" } == ["<Alt>s", "<Alt>c", "<Alt>o"])
        #expect(buttons.map { $0["actions"] as? [String] ?? [] } == [["click"], ["click"], ["click"]])
        // The entry has the focus once the window has it.
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "password text" }

        // Typed: one bullet per character, and no character of the secret anywhere.
        _ = try probe.events()
        try askpass.xdotool(["key", "--delay", "15"] + Self.markerKeys)
        var heard = try probe.waitForEvent { ($0["type"] as? String ?? "").hasPrefix("object:text-changed:insert")
            && $0["detail1"] as? Int == Self.marker.count - 1 }
        var tree = try probe.tree()
        let entry = try #require(flatten(tree).first { $0["role"] as? String == "password text" })
        #expect(entry["text"] as? String == String(repeating: "\u{2022}", count: Self.marker.count))

        // Tab, past Show: the focus moves to Cancel, and a screen reader is told.
        try askpass.keys("Tab", "Tab")
        heard += try probe.waitForEvent { $0["name"] as? String == "Cancel"
            && ($0["type"] as? String == "focus:" || ($0["type"] as? String == "object:state-changed:focused"
                                                      && $0["detail1"] as? Int == 1)) }
        tree = try probe.tree()
        let cancel = try #require(flatten(tree).first { $0["name"] as? String == "Cancel" })
        #expect((cancel["states"] as? [String] ?? []).contains("focused"))
        let everything = readable(tree, heard)
        for c in Self.marker { #expect(!everything.contains(c), "'\(c)' of the secret reached the accessibility bus") }

        // OK pressed through the action interface answers with what was typed, whole.
        #expect(try probe.press("OK"))
        #expect(try askpass.waitExit() == 0)
        #expect(askpass.stdout == Self.marker + "\n")
        // The positive control of the search above: it finds the secret where it is.
        #expect(Self.marker.allSatisfy { askpass.stdout.contains($0) })
    }

    /// A passphrase longer than the row of dots: keys past the row's end scroll it, and a screen
    /// reader heard none of them (the text stayed as many bullets). Each is heard now, as the
    /// dot that left the row's start and the one that came at its end; and the caret moves with
    /// every key, for a magnifier or a braille display to follow (no caret event came at all).
    @Test func everyKeyOfALongPassphraseIsHeard() throws {
        let session = try askpassOnTheBus("Enter passphrase for key '/tmp/id':")
        let probe = session.probe
        _ = try probe.waitForEvent { $0["type"] as? String == "object:state-changed:focused" && $0["detail1"] as? Int == 1
            && $0["role"] as? String == "password text" }
        _ = try probe.events()
        let typed = 40
        try session.askpass.xdotool(["key", "--delay", "15"] + Array(repeating: "a", count: typed))
        func total(_ kind: String, in events: [[String: Any]]) -> Int {
            events.filter { $0["type"] as? String == "object:text-changed:" + kind }.reduce(0) { $0 + ($1["detail2"] as? Int ?? 0) }
        }
        var heard: [[String: Any]] = []
        let deadline = Date().addingTimeInterval(10)
        while total("insert", in: heard) < typed, Date() < deadline {
            heard += try probe.events()
            usleep(50_000)
        }
        let entry = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "password text" })
        let dots = (entry["text"] as? String ?? "").count
        #expect(dots > 20 && dots < typed, "the row shows fewer dots than there are characters: \(dots)")
        #expect(total("insert", in: heard) == typed, "a dot came for every key: \(heard)")
        #expect(total("delete", in: heard) == typed - dots, "a dot left the row's start for every key past its end")
        let carets = heard.filter { $0["type"] as? String == "object:text-caret-moved" }
        #expect(carets.count >= 1 && carets.last?["detail1"] as? Int == dots, "\(carets)")
        try session.askpass.keys("Return")
        #expect(try session.askpass.waitExit() == 0)
        #expect(session.askpass.stdout == String(repeating: "a", count: typed) + "\n")
    }

    /// With a US and a Russian layout, the entry's description names the active one in the
    /// user's language, with xkeyboard-config's words for it (what GNOME's switcher says), and
    /// names the other once Super+Space switches to it. With one layout it says nothing of it.
    @Test func theEntrySaysTheKeyboardLayoutInTheUsersLanguage() throws {
        let dir = NSTemporaryDirectory() + "pinbox-layout-words-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let program = try TranslationTests.installed(in: dir) + "/bin/pinbox"
        // With the accessibility plug-in found beside the binary under test, as beside the copy.
        let plugin = "libpinbox-accessibility.so"
        try FileManager.default.copyItem(atPath: (PinBoxProcess.binary as NSString).deletingLastPathComponent + "/" + plugin,
                                         toPath: dir + "/prefix/bin/" + plugin)
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let environment = bus.environment.merging(["LANG": "ru_RU.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""]) { $1 }
        let single = try PinBoxProcess(["askpass", "Enter passphrase for key:"], display: xvfb.display, environment: environment,
                                       program: program)
        try single.findWindowByPID()
        let plain = try #require(flatten(try probe.window(of: "pinbox")).first { $0["role"] as? String == "password text" })
        #expect(plain["description"] as? String == "", "one layout: nothing said of it")
        try single.keys("Escape")
        #expect(try single.waitExit() == 1)
        _ = try run(["setxkbmap", "-layout", "us,ru"], display: xvfb.display)
        let askpass = try PinBoxProcess(["askpass", "Enter passphrase for key:"], display: xvfb.display, environment: environment,
                                        program: program)
        try askpass.findWindowByPID()
        let entry = try #require(flatten(try probe.window(of: "pinbox")).first { $0["role"] as? String == "password text" })
        #expect(entry["description"] as? String == "Раскладка клавиатуры: Английская (США)")
        // By keycode (133 Super, 65 Space, 9 Escape): xdotool puts back the group it found.
        let keys = try XClient(xvfb.display)
        try keys.chord([133, 65])
        _ = try probe.waitForEvent { $0["type"] as? String == "object:property-change:accessible-description"
            && $0["description"] as? String == "Раскладка клавиатуры: Русская" }
        try keys.chord([9])
        #expect(try askpass.waitExit() == 1)
    }

    @Test func aPinBoxSaysHowManyDigitsAreEntered() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let askpass = try PinBoxProcess(["askpass", "--length", "6", "Enter PIN for token:"], display: xvfb.display,
                                        environment: bus.environment)
        try askpass.findWindowByPID()
        let window = try probe.window(of: "pinbox")
        let entry = try #require(flatten(window).first { $0["role"] as? String == "password text" })
        #expect(entry["description"] as? String == "0 of 6 entered")
        try askpass.keys("1", "2", "3")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:property-change:accessible-description"
            && $0["description"] as? String == "3 of 6 entered" }
        let after = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "password text" })
        #expect(after["description"] as? String == "3 of 6 entered")
        #expect(after["text"] as? String == "\u{2022}\u{2022}\u{2022}")
        #expect(try probe.press("Cancel"))
        #expect(try askpass.waitExit() == 1)
        #expect(askpass.stdout == "")
    }

    @Test func thePinentryDialogAnnouncesTheAgentsErrorAndCancelsThroughItsButton() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        var replies = ""
        let pinentry = try bus.pinentry(replies: &replies)
        pinentry.send("SETTITLE Unlock key\nSETDESC Please enter the passphrase to unlock the OpenPGP secret key\n"
                      + "SETPROMPT Passphrase:\nSETERROR Bad passphrase (try 2 of 3)\nGETPIN\n")
        let window = try probe.window(of: "pinbox")
        #expect(window["role"] as? String == "dialog")
        #expect(window["name"] as? String == "Unlock key")
        #expect(window["description"] as? String == "")
        let labels = flatten(window).filter { $0["role"] as? String == "label" }.map { $0["name"] as? String ?? "" }
        #expect(labels.contains("Please enter the passphrase to unlock the OpenPGP secret key"))
        let error = try #require(flatten(window).first { $0["name"] as? String == "Bad passphrase (try 2 of 3)" })
        #expect(error["role"] as? String == "notification")
        let entry = try #require(flatten(window).first { $0["role"] as? String == "password text" })
        #expect(entry["name"] as? String == "Passphrase")
        // The error is announced as the dialog appears, as Orca expects of an alert.
        // And shown, which Orca 43 speaks.
        _ = try Self.waitForEvents(probe, Self.announced("Bad passphrase (try 2 of 3)"),
                                   Self.shown("Bad passphrase (try 2 of 3)"))
        #expect(try probe.press("Cancel"))
        try pinentry.readUntil("ERR 83886179", into: &replies)
        pinentry.send("BYE\n")
        try pinentry.readUntil("OK closing", into: &replies)
        #expect(pinentry.wait() == 0)
    }

    /// The real gpg-agent names the program it asks for (`OPTION owner`): the dialog says it
    /// under the description ("Asked by", then gpg's command line, shortened to fit), as a
    /// label a screen reader reads; and the passphrase typed there signs.
    @Test func thePinentryNamesTheProgramThatAskedTheAgent() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let home = try TestGnupgHome()
        let (sign, signature) = try home.startSigning(passphrase: "right one", in: bus.environment)
        let dialog = try probe.window(of: "pinentry-pinbox")
        let asked = try #require(flatten(dialog).first { ($0["name"] as? String ?? "").hasPrefix("Asked by ") },
                                 "\(flatten(dialog).map { $0["name"] as? String ?? "" })")
        #expect(asked["role"] as? String == "label")
        let command = asked["text"] as? String ?? ""
        #expect(command == "gpg --pinentry-mode ask --local-user … --sign …/message.txt")
        #expect(asked["name"] as? String == "Asked by " + command)
        _ = try run(["xdotool", "search", "--sync", "--onlyvisible", "--class", "PinBox", "windowfocus", "--sync"],
                    display: xvfb.display)
        try xdotool(["type", "--delay", "20", "right one"], display: xvfb.display)
        _ = try run(["xdotool", "key", "Return"], display: xvfb.display)
        #expect(sign.wait(within: 30) == 0, "\(String(decoding: sign.read().err, as: UTF8.self))")
        #expect(FileManager.default.fileExists(atPath: signature))
    }

    /// A blind user making a key with the real ssh-keygen, from a desktop: each question is
    /// read as ssh-keygen asks it, with the "Asked by" line naming its command (the question
    /// names no key); when the repeat differed, the new passphrase asked again announces why,
    /// and the repeat after it announces nothing. The key is made with the passphrase typed
    /// twice alike.
    @Test func sshKeygensQuestionsAndTheirMismatchAreHeard() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let askpass = bus.home + "/pinbox-askpass"
        try FileManager.default.createSymbolicLink(atPath: askpass, withDestinationPath: PinBoxProcess.binary)
        let key = bus.home + "/id_ed25519"
        let keygen = try Child(["ssh-keygen", "-q", "-t", "ed25519", "-C", "anna@laptop", "-f", key],
                               environment: bus.environment.merging(["SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
                                                                     "LANG": "C"]) { $1 },
                               capture: true)
        defer { if keygen.isRunning { kill(keygen.pid, SIGKILL) } }
        let mismatch = "The passphrases did not match: type the new one again"
        // ssh-keygen waits for each askpass to end before it starts the next: the one
        // application named pinbox-askpass is this question's.
        func nextQuestion(typing typed: String) throws -> (labels: [String], error: String, heard: [[String: Any]]) {
            try probe.nextQuestion(of: "pinbox-askpass", pressing: typed.map(String.init), display: xvfb.display)
        }
        func answer() throws { try probe.answer(display: xvfb.display) }
        let command = "ssh-keygen -q -t ed25519 -C anna@laptop -f ~/id_ed25519"
        let first = try nextQuestion(typing: "eins")
        #expect(first.labels.prefix(2) == ["Enter passphrase (empty for no passphrase)", "Asked by " + command], "\(first.labels)")
        #expect(first.error == "")
        try answer()
        let repeated = try nextQuestion(typing: "zwei")
        #expect(repeated.labels.prefix(2) == ["Enter same passphrase again", "Asked by " + command], "\(repeated.labels)")
        #expect(repeated.error == "")
        try answer()
        let again = try nextQuestion(typing: "drei")
        #expect(again.labels.prefix(2) == ["Enter passphrase (empty for no passphrase)", "Asked by " + command], "\(again.labels)")
        #expect(again.error == mismatch)
        // Said as the dialog appeared: heard while it took the focus, or still to come.
        var heard = again.heard
        for said in [Self.announced(mismatch), Self.shown(mismatch)] where !heard.contains(where: said) {
            heard += try probe.waitForEvent(said)
        }
        try answer()
        let last = try nextQuestion(typing: "drei")
        #expect(last.labels.first == "Enter same passphrase again" && last.error == "", "the repeat asked again says nothing")
        #expect(!last.heard.contains(where: Self.announced(mismatch)))
        try answer()
        #expect(keygen.wait() == 0, "\(String(decoding: keygen.read().err, as: UTF8.self))")
        #expect(try run(["ssh-keygen", "-y", "-P", "drei", "-f", key]).status == 0)
    }

    @Test func theRepeatsMismatchIsAnnounced() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        var replies = ""
        let pinentry = try bus.pinentry(replies: &replies)
        pinentry.send("SETPROMPT New passphrase:\nSETREPEAT Repeat:\nSETREPEATERROR Passphrases do not match\nGETPIN\n")
        _ = try probe.window(of: "pinbox")
        _ = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pinentry.pid), "windowfocus", "--sync"],
                    display: xvfb.display)
        _ = try run(["xdotool", "key", "--delay", "15", "a", "b", "Return", "a", "c", "Return"], display: xvfb.display)
        _ = try Self.waitForEvents(probe, Self.announced("Passphrases do not match"), Self.shown("Passphrases do not match"))
        let mismatch = flatten(try probe.tree()).first { $0["name"] as? String == "Passphrases do not match" }
        let states = mismatch?["states"] as? [String] ?? []
        #expect(states.contains("showing"))
        #expect(try probe.press("Cancel"))
        try pinentry.readUntil("ERR 83886179", into: &replies)
        pinentry.send("BYE\n")
        #expect(pinentry.wait() == 0)
    }

    @Test func thePaymentSheetsNumberPadIsPressedThroughTheActionInterface() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let pay = try PinBoxProcess(["pay", "--amount", "¥25.00", "--payee", "Coffee shop"], display: xvfb.display,
                                    environment: bus.environment)
        try pay.waitReady()
        let window = try probe.window(of: "pinbox")
        #expect(window["role"] as? String == "dialog")
        #expect(window["name"] as? String == "Enter payment password")
        #expect(window["description"] as? String == "Coffee shop ¥25.00")
        let buttons = flatten(window).filter { $0["role"] as? String == "push button" }.map { $0["name"] as? String ?? "" }
        #expect(buttons == ["Close", "Forgot password?", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "Delete"])
        #expect(try probe.press("7"))
        try pay.waitFor("change") { $0["length"] as? Int == 1 }
        _ = try probe.waitForEvent { $0["description"] as? String == "1 of 6 entered" }
        #expect(try probe.press("Forgot password?"))
        try pay.waitFor("forgot")
        #expect(try probe.press("Close"))
        #expect(try pay.waitExit() == 1)
    }

    @Test func theDemoPageIsAFrameOfLabelledEntries() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        let demo = try PinBoxProcess(["--style", "boxes", "--count", "4"], display: xvfb.display,
                                     environment: bus.environment)
        try demo.waitReady()
        let window = try probe.window(of: "pinbox")
        #expect(window["role"] as? String == "frame")
        let entry = try #require(flatten(window).first { $0["role"] as? String == "password text" })
        #expect(entry["description"] as? String == "0 of 4 entered")
        try demo.keys("4", "2")
        _ = try probe.waitForEvent { $0["description"] as? String == "2 of 4 entered" }
        kill(demo.pid, SIGTERM)
        _ = try demo.waitExit()
    }

    /// A progress bar, as pinentry-gtk-2's, which Orca 43 speaks as it changes ("40 percent"):
    /// a level bar it never does.
    @Test func theQualityBarIsAProgressBarThatFollowsTheAgentsRating() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        var replies = ""
        let pinentry = try bus.pinentry(replies: &replies)
        pinentry.send("SETQUALITYBAR Quality:\nSETPROMPT New passphrase:\nGETPIN\n")
        let window = try probe.window(of: "pinbox")
        let bar = try #require(flatten(window).first { $0["role"] as? String == "progress bar" })
        #expect(bar["name"] as? String == "Quality")  // (drawn, and named, without its colon)
        #expect(bar["value"] as? [Double] == [0, 0, 100])
        _ = try run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", String(pinentry.pid), "windowfocus", "--sync"],
                    display: xvfb.display)
        _ = try run(["xdotool", "key", "a"], display: xvfb.display)
        try pinentry.readUntil("INQUIRE QUALITY a", into: &replies)
        pinentry.send("D 40\nEND\n")
        _ = try probe.waitForEvent { $0["type"] as? String == "object:property-change:accessible-value" }
        let rated = try #require(flatten(try probe.tree()).first { $0["role"] as? String == "progress bar" })
        #expect(rated["value"] as? [Double] == [40, 0, 100])
        #expect(rated["description"] as? String == "Fair")
        #expect(try probe.press("Cancel"))
        try pinentry.readUntil("ERR 83886179", into: &replies)
        pinentry.send("BYE\n")
        #expect(pinentry.wait() == 0)
    }

    @Test func aTouchNoticeSaysWhatItWaitsFor() throws {
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let probe = try AtspiProbe(bus)
        var environment = bus.environment
        environment["SSH_ASKPASS_PROMPT"] = "none"
        let notice = try PinBoxProcess(["askpass", "Confirm user presence for key ED25519-SK SHA256:abc"],
                                       display: xvfb.display, environment: environment)
        let window = try probe.window(of: "pinbox")
        #expect(window["role"] as? String == "alert")
        #expect(window["name"] as? String == "Security device")
        let cue = try #require(flatten(window).first { $0["role"] as? String == "status bar" })
        #expect(cue["name"] as? String == "Waiting for your security key or card reader")
        kill(notice.pid, SIGTERM)
        #expect(try notice.waitExit() == 1)
    }

    /// Installed without its Recommends (ATK, the bridge), the plug-in is there but cannot
    /// load: the message named the build folder's fallback ("$ORIGIN/libpinbox-accessibility.so:
    /// No such file"), sending the user to reinstall PinBox. It gives the installed plug-in's
    /// own reason now (here a broken file stands for it: "file too short").
    @Test func aPlugInThatCannotLoadSaysWhy() throws {
        let dir = NSTemporaryDirectory() + "pinbox-plugin-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for folder in ["/bin", "/lib/pinbox"] {
            try FileManager.default.createDirectory(atPath: dir + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: PinBoxProcess.binary, toPath: dir + "/bin/pinbox")
        try Data("not a library".utf8).write(to: URL(fileURLWithPath: dir + "/lib/pinbox/libpinbox-accessibility.so"))
        let xvfb = try Xvfb()
        // Accessibility on, as a session with the AT-SPI bus says it.
        _ = try run(["xprop", "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", "unix:path=/nonexistent"],
                    display: xvfb.display)
        let p = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display, program: dir + "/bin/pinbox")
        try p.findWindowByPID()
        try waitUntil("the plug-in's failure said") { p.stderr.contains("plug-in cannot be loaded") }
        #expect(p.stderr.contains("libpinbox-accessibility.so: file too short"), "\(p.stderr)")
        #expect(!p.stderr.contains("$ORIGIN"), "\(p.stderr)")
        kill(p.pid, SIGTERM)
        #expect(try p.waitExit() == 1)
        // With no plug-in at all, it says where it looked.
        try FileManager.default.removeItem(atPath: dir + "/lib/pinbox/libpinbox-accessibility.so")
        let q = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display, program: dir + "/bin/pinbox")
        try q.findWindowByPID()
        try waitUntil("the plug-in's absence said") { q.stderr.contains("plug-in cannot be loaded") }
        #expect(q.stderr.contains("(\(dir)/bin/../lib/pinbox/libpinbox-accessibility.so: no such file)"), "\(q.stderr)")
        kill(q.pid, SIGTERM)
        #expect(try q.waitExit() == 1)
    }

    /// A session whose accessibility bus takes connections and never answers (its daemon
    /// frozen, or hung): the bridge's connection blocked the prompt for ever, its window shown
    /// and deaf to keys, and ssh, sudo or gpg waited with it. The bridge connects on a thread of
    /// its own now, and the prompt answers what is typed. The control: the bridge did start
    /// (the accessibility stack is mapped), so the bus was tried.
    @Test func aBusThatNeverAnswersLeavesThePromptWorking() throws {
        let xvfb = try Xvfb()
        let silent = try SilentSocket(path: NSTemporaryDirectory() + "pinbox-a11y-\(UUID().uuidString).socket")
        _ = try run(["xprop", "-root", "-f", "AT_SPI_BUS", "8s", "-set", "AT_SPI_BUS", "unix:path=" + silent.path],
                    display: xvfb.display)
        let p = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display)
        try p.findWindowByPID()
        try waitUntil("the bridge is starting") { Self.mapped(p.pid).contains("libdbus") }
        try p.xdotool(["type", "--delay", "15", "ok"])
        try p.keys("Return")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == "ok\n")
        // Nothing said: the bus neither answered nor refused.
        #expect(p.stderr.isEmpty, "\(p.stderr)")
    }

    /// BackSpace is told to the screen reader through the registry, whose answer the bridge
    /// awaits: a registry that has stopped answering (here stopped) holds each BackSpace for
    /// the bridge's deadline, and loses nothing typed meanwhile, before it or after it.
    @Test func aRegistryThatStoppedAnsweringLosesNoKey() throws {
        let session = try askpassOnTheBus("Password:")
        let registry = try session.bus.registry()
        kill(registry, SIGSTOP)
        defer { kill(registry, SIGCONT) }
        try session.askpass.xdotool(["type", "--delay", "15", "abx"])
        let erased = Date()
        try session.askpass.keys("BackSpace")
        try session.askpass.xdotool(["type", "--delay", "15", "c"])
        try session.askpass.keys("Return")
        #expect(try session.askpass.waitExit(timeout: 10) == 0)
        #expect(session.askpass.stdout == "abc\n")
        // The control: BackSpace did wait for the registry (the bridge's deadline, at least once).
        #expect(Date().timeIntervalSince(erased) >= 0.45)
    }

    @Test func withAccessibilityOffNothingOfItIsLoaded() throws {
        // The positive control: with the bus on, the dialog maps the plug-in and the stack.
        let xvfb = try Xvfb()
        let bus = try AccessibilityBus(display: xvfb.display)
        let on = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display, environment: bus.environment)
        try on.findWindowByPID()
        let started = Date()
        while Self.mapped(on.pid).count < 6 {
            guard Date() < started.addingTimeInterval(10) else {
                throw TestFailure("the accessibility stack never loaded: \(Self.mapped(on.pid)); \(on.stderr)")
            }
            usleep(10_000)
        }
        let loadTime = Date().timeIntervalSince(started)
        #expect(Self.mapped(on.pid) == ["libatk", "libatspi", "libdbus", "libglib", "libgobject", "libpinbox-accessibility"])

        // NO_AT_BRIDGE=1 on the same display, and a display without the bus: nothing, for
        // well past the time it took to load above.
        var environment = bus.environment
        environment["NO_AT_BRIDGE"] = "1"
        let refused = try PinBoxProcess(["askpass", "Password:"], display: xvfb.display, environment: environment)
        try refused.findWindowByPID()
        let plain = try Xvfb()
        let off = try PinBoxProcess(["askpass", "Password:"], display: plain.display)
        try off.findWindowByPID()
        let until = Date().addingTimeInterval(max(1, 3 * loadTime))
        while Date() < until {
            #expect(Self.mapped(refused.pid) == [])
            #expect(Self.mapped(off.pid) == [])
            usleep(50_000)
        }
        for p in [on, refused, off] { kill(p.pid, SIGTERM) }
        #expect(try off.waitExit() == 1)
        #expect(off.stderr == "")
    }
}
