// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing
import PinBoxCore
@testable import PinBoxRender

/// An Arabic passphrase typed into the askpass and shown reads right to left, its letters
/// joined, as pinentry-gtk-2 shows it; no copy of it, in any of the forms drawing made of it,
/// is left once the askpass has answered. A Latin one loads nothing more than before.
@Suite("A shown right-to-left passphrase, end to end", .serialized, .endToEnd)
struct ShownRightToLeftEndToEndTests {
    /// Seven letters that all join: one word of ink when joined, seven shapes when not.
    static let passphrase = "نجمصغير"
    /// As DejaVu draws it from the left: reh final … noon initial, in presentation forms.
    static let visual = "\u{FEAE}\u{FEF4}\u{FED0}\u{FEBC}\u{FEE4}\u{FEA0}\u{FEE7}"
    /// The same forms in the order typed: how FriBidi holds them before reordering.
    static let shaped = String(String.UnicodeScalarView(visual.unicodeScalars.reversed()))

    @Test func anArabicPassphraseIsShownJoinedRightToLeftAndLeavesNoCopy() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "--", "Enter passphrase for /home/alice/.ssh/id_ed25519: "],
                                  display: desk.display)
        let dialog = try desk.nextDialog()
        let scan = try MemoryScan(pid: p.pid, markers: [Self.passphrase, Self.visual, Self.shaped])
        try desk.type(Self.passphrase)
        try waitUntil("seven dots") { try desk.entry(dialog).isDots(7) }
        try waitUntil("the control: the typed passphrase is found in memory while held") { try scan.now() >= 1 }

        try desk.key("alt+s")
        try waitUntil("the passphrase shown") { !(try desk.entry(dialog).isDots(7)) }
        let shown = try desk.entry(dialog, saving: "askpass-shown-arabic")
        #expect(shown.runs.count == 1, "one joined word: \(shown)")
        #expect(Self.ink(of: shown) == Self.ink(of: Self.visual), "drawn as DejaVu draws the joined forms, right to left")
        // The caret at the logical end: the left of a right-to-left word.
        var withCaret = shown
        try waitUntil("the caret on", timeout: 5) {
            withCaret = try desk.entry(dialog)
            return withCaret.caret != nil
        }
        #expect(withCaret.caret.map { $0 < shown.runs[0].lowerBound } == true, "caret \(String(describing: withCaret.caret)), ink \(shown.runs)")

        try desk.key("Return")
        #expect(try scan.atExit() == 0, "copies of the passphrase, typed, shaped or reordered, at the exit")
        #expect(try p.waitExit() == 0)
        #expect(p.stdout == Self.passphrase + "\n", "answered in the order typed")
    }

    /// Showing a Latin passphrase draws it as before, without FriBidi; the control: the first
    /// Arabic letter shown loads it.
    @Test func aLatinPassphraseShownLoadsNoFriBidi() throws {
        let desk = try CallerDesk()
        let p = try PinBoxProcess(["askpass", "Passphrase:"], display: desk.display)
        let dialog = try desk.nextDialog()
        try desk.type("s3cret")
        try desk.key("alt+s")
        try waitUntil("the passphrase shown") { !(try desk.entry(dialog).isDots(6)) }
        // Well after the drawing: nothing of FriBidi (nor of Pango, which would bring it).
        usleep(300_000)
        #expect(!Self.mapsFriBidi(p.pid))
        try desk.type("ن")
        try waitUntil("the Arabic letter shown loads FriBidi") { Self.mapsFriBidi(p.pid) }
        try desk.key("Escape")
        #expect(try p.waitExit() == 1)
    }

    private static func mapsFriBidi(_ pid: pid_t) -> Bool {
        mappings(of: pid).contains("libfribidi")
    }

    /// The entry's ink, cropped to the box around every pixel not white near its characters
    /// (the caret is left out of the picture already).
    private static func ink(of entry: EntryInk) -> [[UInt32]] {
        let width = entry.columns.count
        let rows = (0..<entry.rows.count).map { Array(entry.picture[($0 * width)..<(($0 + 1) * width)]) }
        guard let first = entry.runs.first, let last = entry.runs.last else { return [] }
        let left = max(0, first.lowerBound - entry.columns.lowerBound - 2)
        let right = min(width - 1, last.upperBound - entry.columns.lowerBound + 2)
        return crop(rows.map { Array($0[left...right]) })
    }

    /// `text` drawn as a shown passphrase's run is drawn (DejaVu Sans, the entry's size and
    /// colour, from a whole pixel), cropped as above.
    private static func ink(of text: String) -> [[UInt32]] {
        guard let canvas = try? Canvas(width: 240, height: 60) else { return [] }
        let style = Theme.passphrase.empty
        Array(text.utf8).withUnsafeBufferPointer {
            canvas.drawSecretRun($0, left: 20, middle: 30, font: style.font, pixelSize: style.font.size,
                                 color: style.textColor)
        }
        return crop((0..<canvas.height).map { y in (0..<canvas.width).map { canvas.pixel(x: $0, y: y) } })
    }

    private static func crop(_ rows: [[UInt32]]) -> [[UInt32]] {
        let inked = rows.indices.filter { rows[$0].contains { $0 != 0xffffff } }
        guard let top = inked.first, let bottom = inked.last else { return [] }
        let columns = rows[top...bottom].flatMap { row in row.indices.filter { row[$0] != 0xffffff } }
        guard let left = columns.min(), let right = columns.max() else { return [] }
        return rows[top...bottom].map { Array($0[left...right]) }
    }
}
