// SPDX-License-Identifier: MIT
import Foundation
import Synchronization
import Testing
import PinBoxCore
@testable import PinBoxRender

/// The window draws its text while `TextLayout.prepare` may still be drawing the page's other
/// texts ahead, in grey, on a thread of its own. A line drawn by subpixels meanwhile (on a desktop
/// that asks for them) looks as it does drawn alone: its colour fringes filtered as fontconfig's
/// default filters them, not rasterised with the other thread's filter (none).
@Suite struct TextOnTwoThreadsTests {
    private static let text = "Enter the passphrase for your key"
    private static let subpixel = TextRendering(antialiasing: .subpixel(.rgb), hinting: .slight)

    @Test func aLineDrawnWhileAnotherThreadDrawsLooksAsDrawnAlone() throws {
        // Sizes no other test draws at, so that every glyph is rasterised here, not taken from
        // Cairo's cache: the other thread's in bold, the window's in the regular face.
        let aheadDrawn = Atomic<Int>(0), stop = Atomic<Bool>(false)
        let ahead = Thread {
            var size = 9.0137
            while !stop.load(ordering: .relaxed) {
                let style = TextStyle(size: size, bold: true)
                let layout = DejaVuLayout("Cancel  OK  Show passphrase", style: style, width: nil)
                if let canvas = try? Canvas(width: Int(layout.size.width) + 4, height: Int(layout.size.height) + 4) {
                    layout.draw(style: style, width: nil, at: Point(x: 0, y: 0), on: canvas)
                }
                aheadDrawn.add(1, ordering: .relaxed)
                size = size < 40 ? size + 0.0137 : 9.0137
            }
        }
        ahead.start()
        while aheadDrawn.load(ordering: .relaxed) == 0 { Thread.sleep(forTimeInterval: 0.001) }
        let before = aheadDrawn.load(ordering: .relaxed)
        let sizes = (0..<60).map { 31.0071 + Double($0) * 0.0731 }
        let drawnMeanwhile = try sizes.map { try Self.fastLine(size: $0) }
        let after = aheadDrawn.load(ordering: .relaxed)
        stop.store(true, ordering: .relaxed)
        // The other thread drew while the lines were drawn: it is what they raced against.
        #expect(after > before, "the other thread drew \(after - before) lines meanwhile")

        // Drawn alone, through Pango (its own faces and caches), the same lines: pixel for pixel.
        var differing: [String] = []
        for (size, meanwhile) in zip(sizes, drawnMeanwhile) {
            let alone = try Canvas(width: meanwhile.width, height: meanwhile.height)
            alone.textRendering = Self.subpixel
            #expect(PangoText.draw(Self.text, style: TextStyle(size: size), width: nil, at: Point(x: 20, y: 20), on: alone))
            // Drawn by subpixels: the ink has colour fringes.
            #expect(pixels(meanwhile).contains { $0 & 0xff != ($0 >> 16) & 0xff })
            let count = zip(pixels(meanwhile), pixels(alone)).filter { $0 != $1 }.count
            if count > 0 { differing.append("\((size * 1000).rounded() / 1000) px: \(count)") }
        }
        #expect(differing.isEmpty, "pixels differing from the line drawn alone: \(differing)")
    }

    /// The line drawn by DejaVu's fast path, by subpixels, at `size`, at (20, 20).
    private static func fastLine(size: Double) throws -> Canvas {
        let style = TextStyle(size: size)
        let layout = DejaVuLayout(text, style: style, width: nil)
        let canvas = try Canvas(width: Int(layout.size.width) + 40, height: Int(layout.size.height) + 40)
        canvas.textRendering = subpixel
        layout.draw(style: style, width: nil, at: Point(x: 20, y: 20), on: canvas)
        return canvas
    }
}
