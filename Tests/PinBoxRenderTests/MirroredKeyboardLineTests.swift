// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// The keyboard's line under a mirrored dialog's entry (Arabic, Hebrew): the Caps Lock warning
/// at the dialog's start, its right edge, whatever the warning's own script (gpg-agent, which
/// has no Arabic or Hebrew translation, sends its English `default-capshint`), and the active
/// layout's name at the line's end, its left.
@Suite("The Caps Lock line of a mirrored dialog")
struct MirroredKeyboardLineTests {
    /// A mirrored passphrase dialog with Caps Lock on and two layouts, the second active.
    private func painted(warning: String, direction: TextDirection = .rightToLeft,
                         layouts: [String] = ["us", "ara"], group: Int = 1) throws -> (Canvas, Rect) {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.direction = direction
        spec.prompt = "عبارة المرور"
        spec.capsLockWarning = warning
        let page = try spec.makePage(measure: TextLayout.measure)
        _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: layouts, group: group)), now: 0)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        guard case .dialog(let layout) = page.geometry, let row = layout.keyboard else { throw LineError.noLine }
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 0), on: canvas)
        return (canvas, row)
    }

    private enum LineError: Error { case noLine }

    /// The xs of the row's ink: the warning's brown (red well over blue), the layout name's grey
    /// (blue at least red), each blended with the page at its edges.
    private func inks(_ canvas: Canvas, _ row: Rect, to right: Int? = nil) -> (warning: [Int], layout: [Int]) {
        var warning: [Int] = [], layout: [Int] = []
        for y in Int(row.y)..<Int(row.maxY) {
            for x in Int(row.x)..<(right ?? Int(row.maxX)) {
                let p = canvas.pixel(x: x, y: y)
                let r = Int(p >> 16 & 0xff), b = Int(p & 0xff)
                guard min(r, b) < 0xc0 else { continue }
                if r > b + 0x40 { warning.append(x) }
                if b >= r { layout.append(x) }
            }
        }
        return (warning, layout)
    }

    @Test(arguments: ["مفتاح Caps Lock مفعَّل", "מקש Caps Lock פעיל", "Caps Lock is on"])
    func theWarningStartsAtTheRightEdgeAndTheLayoutSitsAtTheLeft(_ warning: String) throws {
        let (canvas, row) = try painted(warning: warning)
        let (ink, layout) = inks(canvas, row)
        #expect(ink.count > 20 && layout.count > 5, "\(warning): \(ink.count) \(layout.count)")
        // The warning's last pixel within two of the right edge; the layout's name at the left.
        #expect(row.maxX - Double(ink.max() ?? 0) <= 3, "\(warning): ends at \(ink.max() ?? 0), row \(row)")
        #expect(Double(layout.min() ?? 0) - row.x <= 3 && Double(layout.max() ?? 0) < Double(ink.min() ?? 0),
                "\(warning): the layout \(layout.min() ?? 0)…\(layout.max() ?? 0), the warning from \(ink.min() ?? 0)")
    }

    /// The control: left to right, the warning starts at the left edge and the layout ends the line.
    @Test func leftToRightTheWarningStartsAtTheLeft() throws {
        let (canvas, row) = try painted(warning: "Caps Lock is on", direction: .leftToRight)
        let (ink, layout) = inks(canvas, row)
        #expect(Double(ink.min() ?? 999) - row.x <= 3, "starts at \(ink.min() ?? 0), row \(row)")
        #expect(row.maxX - Double(layout.max() ?? 0) <= 3 && (layout.min() ?? 0) > (ink.max() ?? 0))
    }

    /// A keymap's long name for its layout (Xwayland's, where no rules name the layouts) is
    /// ellipsized within two thirds of the line, clear of the warning, and nothing of it is
    /// drawn past the line's end.
    @Test func aLongLayoutNameIsEllipsizedClearOfTheWarning() throws {
        let long = "English (US, intl., with dead keys), as a keymap names it at length"
        let (canvas, row) = try painted(warning: "Caps Lock is on", direction: .leftToRight, layouts: [long, "Russian"],
                                        group: 0)
        let (ink, layout) = inks(canvas, row, to: canvas.width)
        #expect(layout.count > 20 && ink.count > 20, "\(layout.count) \(ink.count)")
        #expect(Double(layout.max() ?? 9999) < row.maxX && row.maxX - Double(layout.max() ?? 0) <= 3,
                "the name ends at \(layout.max() ?? 0), the line at \(row.maxX)")
        #expect(Double(layout.min() ?? 0) >= row.maxX - (row.width * 2 / 3).rounded(.down) - 1,
                "the name starts at \(layout.min() ?? 0), in \(row)")
        #expect((layout.min() ?? 0) > (ink.max() ?? 0), "clear of the warning")
    }
}
