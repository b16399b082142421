// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// ssh's picture of a host key (`VisualHostKey`) is ASCII art: its right border is a straight
/// line only in a fixed-width font.
@Suite("The host key's picture")
struct HostKeyPictureTests {
    static let picture = [
        "+--[ED25519 256]--+", "| .               |", "|+                |", "|=o               |",
        "|o*+              |", "|E+o..   S .      |", "|=Bo+ o + o .     |", "|*=* o B o . .    |",
        "|*.o=.B = . o     |", "|.o..*o+   .      |", "+----[SHA256]-----+",
    ]

    /// The rightmost inked column of each of the picture's rows drawn in `rect` on `canvas`.
    private func rightEdges(_ canvas: Canvas, in rect: Rect) -> [Int] {
        let background = canvas.pixel(x: Int(rect.maxX) - 1, y: Int(rect.y))
        let rowHeight = rect.height / Double(Self.picture.count)
        return (0..<Self.picture.count).map { row in
            let top = Int(rect.y + Double(row) * rowHeight), bottom = Int(rect.y + Double(row + 1) * rowHeight)
            return (top..<bottom).compactMap { y in
                (Int(rect.x)..<Int(rect.maxX)).last { canvas.pixel(x: $0, y: y) != background }
            }.max() ?? -1
        }
    }

    @Test func theDialogDrawsItInAFixedWidthFontUnderTheFingerprint() throws {
        let question = HostKeyQuestion(text: "The authenticity of host 'example.org' can't be established.",
                                       keyType: "ED25519", fingerprint: "SHA256:mVPwvezndPv/ARoIadVY98vAC0g+P/5633yTC4d/wXE",
                                       picture: Self.picture, acceptsFingerprint: true)
        let page = try DialogSpec(prompt: .hostKey(question)).makePage(measure: TextLayout.measure)
        _ = page.handle(.resize(page.preferredSize), now: 0)
        let canvas = try Canvas(width: Int(page.preferredSize.width), height: Int(page.preferredSize.height))
        PagePainter.draw(page.scene(at: 1), on: canvas)
        guard case .dialog(let layout) = page.geometry else {
            Issue.record("not a dialog")
            return
        }
        #expect(layout.picture.y > layout.detail.maxY && layout.picture.maxY < layout.fields[0].y)
        let edges = rightEdges(canvas, in: layout.picture)
        #expect(Set(edges.dropFirst().dropLast()).count == 1, "every row's border in one column: \(edges)")
        #expect(edges.allSatisfy { $0 > Int(layout.picture.x) })
    }

    /// The control: set in the dialog's proportional font, the same rows end in different columns.
    @Test func aProportionalFontWouldBreakItsBorder() throws {
        let text = Self.picture.joined(separator: "\n")
        for monospace in [true, false] {
            let style = TextStyle(size: 13.5, monospace: monospace)
            let size = TextLayout.measure(text, style: style, width: nil)
            let canvas = try Canvas(width: Int(size.width) + 20, height: Int(size.height.rounded(.up)))
            TextLayout.draw(text, style: style, width: nil, at: Point(x: 0, y: 0), on: canvas)
            let rect = Rect(x: 0, y: 0, width: Double(canvas.width), height: size.height.rounded(.up))
            let rows = Set(rightEdges(canvas, in: rect).dropFirst().dropLast()).count
            #expect(monospace ? rows == 1 : rows > 3)
        }
    }
}
