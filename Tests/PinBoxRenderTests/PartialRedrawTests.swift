// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// The window draws a frame only where it differs from the one before
/// (`FieldScene.changedAreas`): drawn that way, frame after frame, the picture must be the one
/// each frame drawn whole gives, to the pixel, or a dot, a caret or a cell would be left behind.
@Suite("A frame drawn where it changed is the frame drawn whole")
struct PartialRedrawTests {
    static let origin = Point(x: 20, y: 10)
    static let page = Color(rgb: 0xf4f5f7)

    /// Draws `scenes` in turn on one canvas, each only where it changed (the page's colour,
    /// then the field, clipped, as the window's painter does), and compares each with the scene
    /// drawn whole on a canvas of its own. Returns the areas drawn.
    @discardableResult
    func drawInTurn(_ scenes: [FieldScene]) throws -> [Rect] {
        let bounds = scenes[0].reach.offsetBy(dx: Self.origin.x, dy: Self.origin.y)
        let width = Int(bounds.maxX + 20), height = Int(bounds.maxY + 10)
        let running = try Canvas(width: width, height: height)
        running.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: Self.page)
        FieldPainter.draw(scenes[0], at: Self.origin, on: running)
        var areas: [Rect] = []
        for (step, (before, scene)) in zip(scenes, scenes.dropFirst()).enumerated() {
            for area in scene.changedAreas(since: before) {
                let clip = area.offsetBy(dx: Self.origin.x, dy: Self.origin.y).integral
                areas.append(clip)
                running.clipped(to: clip) { running.fill(clip, with: Self.page) }
                FieldPainter.draw(scene, at: Self.origin, on: running, clip: clip)
            }
            let whole = try Canvas(width: width, height: height)
            whole.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: Self.page)
            FieldPainter.draw(scene, at: Self.origin, on: whole)
            let a = running.pixels(), b = whole.pixels()
            let differing = a.indices.filter { a[$0] != b[$0] }
            let first = differing.first.map { "(\($0 % width), \($0 / width)): \(String(a[$0], radix: 16)) for \(String(b[$0], radix: 16))" } ?? ""
            #expect(differing.isEmpty, "step \(step + 1): \(differing.count) pixels differ from the frame drawn whole, first \(first)")
        }
        return areas
    }

    /// The frames of typing `typed` characters, then deleting `deleted`, `keyGap` seconds apart,
    /// each key's animation sampled every frame of 60 Hz, with the caret shown when `caret`.
    func frames(_ configuration: FieldConfiguration, typed: Int, deleted: Int, caret: Bool,
                keyGap: Double = 0.1, focused: Bool = true) -> [FieldScene] {
        var (field, animator) = configuration.makeField()
        var scenes: [FieldScene] = []
        var now = 0.0
        func sample(until end: Double) {
            while now < end {
                var scene = FieldScene(field: field, animator: animator, layout: configuration.layout(),
                                       theme: configuration.theme, focused: focused, at: now)
                scene.caret = caret
                scenes.append(scene)
                now += 1.0 / 60
            }
        }
        sample(until: 0.05)
        for key in 0..<(typed + deleted) {
            _ = key < typed ? field.type(UInt8(ascii: "7")) : field.deleteBackward()
            animator.setLength(field.length, at: now)
            sample(until: now + keyGap)
        }
        return scenes
    }

    @Test(arguments: [1.0, 2.0])
    func aPassphraseEntrysDotsAndCaret(scale: Double) throws {
        let entry = try FieldConfiguration(theme: .passphrase, count: 28, scale: scale)
        let areas = try drawInTurn(frames(entry, typed: 5, deleted: 2, caret: true))
        // Away from the entry's rounded ends, a slot or two at a time, not the whole entry.
        let narrow = areas.filter { $0.width < entry.layout().bounds.width / 4 }
        #expect(areas.count > 20 && narrow.count >= areas.count / 2, "\(narrow.count) of \(areas.count) narrow")
    }

    @Test func anEntryWithoutItsCaret() throws {
        let entry = try FieldConfiguration(theme: .passphrase, count: 12)
        try drawInTurn(frames(entry, typed: 4, deleted: 1, caret: false))
    }

    @Test(arguments: ["strip", "paypass", "boxes", "grid"])
    func theBuiltInLooks(name: String) throws {
        let look = try FieldConfiguration(theme: Theme.named(name)!)
        try drawInTurn(frames(look, typed: 4, deleted: 1, caret: false))
    }

    /// The caret's old and new places are redrawn for themselves, not only because the cursor
    /// cell beside them changes too.
    @Test func theCaretWithoutACursorCell() throws {
        let entry = try FieldConfiguration(theme: .passphrase, count: 28)
        try drawInTurn(frames(entry, typed: 5, deleted: 2, caret: true, focused: false))
    }

    /// Typed faster than the animation: the dots of several keys grow at once.
    @Test func keysFasterThanTheirAnimation() throws {
        let entry = try FieldConfiguration(theme: .passphrase, count: 28)
        try drawInTurn(frames(entry, typed: 6, deleted: 3, caret: true, keyGap: 0.03))
    }
}
