// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// Text drawn as the desktop asks (`TextRendering`): smoothing off leaves ink and ground only,
/// subpixel smoothing colours the edges, hinting moves outlines but never the line; on DejaVu's
/// fast path, through Pango, and in a dialog's entry.
@Suite("Text in the desktop's rendering")
struct TextRenderingDrawTests {
    static let sharp = TextRendering(antialiasing: .none, hinting: .full)

    /// Latin and Cyrillic on the fast path; Chinese, and a face of the desktop's, through Pango.
    static let texts: [(String, String?)] = [("Enter passphrase for key", nil), ("Введите пароль", nil),
                                             ("请输入密码", nil), ("Enter passphrase", "DejaVu Serif")]

    /// `text` drawn black on white in `rendering`.
    static func drawn(_ text: String, face: String? = nil, _ rendering: TextRendering) throws -> Canvas {
        try withTextLanguage("zh_CN.UTF-8") {
            let style = TextStyle(size: 15, face: face)
            let size = TextLayout.measure(text, style: style, width: nil)
            let canvas = try Canvas(width: Int(size.width) + 20, height: Int(size.height) + 20)
            canvas.textRendering = rendering
            TextLayout.draw(text, style: style, width: nil, at: Point(x: 10, y: 10), on: canvas)
            return canvas
        }
    }

    /// Pixels whose red, green and blue are not alike: a subpixel fringe.
    static func coloured(_ canvas: Canvas) -> Int {
        pixels(canvas).filter { p in
            let (r, g, b) = (Int(p >> 16 & 0xff), Int(p >> 8 & 0xff), Int(p & 0xff))
            return max(r, g, b) - min(r, g, b) > 24
        }.count
    }

    @Test(arguments: texts)
    func smoothingOffLeavesInkAndGroundOnly(_ text: String, face: String?) throws {
        let grey = Set(pixels(try Self.drawn(text, face: face, .standard)))
        #expect(grey.count > 10, "the control: grey smoothing shades the edges (\(grey.count) colours)")
        for rendering in [Self.sharp, TextRendering(antialiasing: .none)] {
            let canvas = try Self.drawn(text, face: face, rendering)
            #expect(Set(pixels(canvas)) == [0xff00_0000, 0xffff_ffff] || Set(pixels(canvas)) == [0x0000_0000, 0x00ff_ffff],
                    "\(text) in \(rendering): \(Set(pixels(canvas)).count) colours")
            #expect(Ink(canvas).count > 50, "the text is drawn")
        }
    }

    @Test(arguments: texts)
    func subpixelSmoothingColoursTheEdges(_ text: String, face: String?) throws {
        #expect(Self.coloured(try Self.drawn(text, face: face, .standard)) == 0, "the control: grey is grey")
        var drawings: [[UInt32]] = []
        for order in TextRendering.SubpixelOrder.allCases {
            let canvas = try Self.drawn(text, face: face, TextRendering(antialiasing: .subpixel(order)))
            #expect(Self.coloured(canvas) > 20, "\(text) by \(order) subpixels")
            drawings.append(pixels(canvas))
        }
        #expect(Set(drawings).count == drawings.count, "each order its own fringes")
    }

    /// Hinting fits outlines to the pixels: other pixels, the line as long and as tall. (Not
    /// the Chinese: WenQuanYi's fontconfig file turns its hinting off, for GTK too.)
    @Test(arguments: texts.filter { !TextLayout.needsPango($0.0) })
    func hintingMovesOutlinesNotTheLine(_ text: String, face: String?) throws {
        let unhinted = try Self.drawn(text, face: face, .standard)
        for hinting in [TextRendering.Hinting.slight, .full] {
            let hinted = try Self.drawn(text, face: face, TextRendering(hinting: hinting))
            #expect(pixels(hinted) != pixels(unhinted), "\(text) hinted \(hinting)")
            let (a, b) = (Ink(unhinted), Ink(hinted))
            #expect(abs(a.minX - b.minX) <= 1 && abs(a.maxX - b.maxX) <= 2 && abs(a.minY - b.minY) <= 1,
                    "\(text) hinted \(hinting): \(a) → \(b)")
        }
    }

    /// The painter draws a page in its scene's rendering: a dialog's words and a shown name
    /// (git's username, drawn cell by cell) both change, and nothing is laid out otherwise.
    @Test func aDialogIsPaintedInItsScenesRendering() throws {
        let page = try DialogSpec(prompt: .username).makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        for c in "alice".unicodeScalars { _ = page.handle(.character(c), now: 0) }
        guard case .dialog(let layout) = page.geometry else { Issue.record("not a dialog"); return }
        func painted(_ rendering: TextRendering) throws -> (all: [UInt32], entry: [UInt32]) {
            var scene = page.scene(at: 30)
            scene.textRendering = rendering
            let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
            PagePainter.draw(scene, on: canvas)
            #expect(canvas.textRendering == rendering)
            let box = layout.fields[0]
            return (pixels(canvas),
                    (Int(box.y)..<Int(box.maxY)).flatMap { y in (Int(box.x)..<Int(box.maxX)).map { canvas.pixel(x: $0, y: y) } })
        }
        let standard = try painted(.standard), again = try painted(.standard), sharp = try painted(Self.sharp)
        #expect(standard.all == again.all, "the control: the same scene paints the same pixels")
        #expect(sharp.entry != standard.entry, "the name's letters")
        #expect(sharp.all != standard.all)
        #expect(Set(sharp.all).count < Set(standard.all).count, "fewer shades")
    }
}
