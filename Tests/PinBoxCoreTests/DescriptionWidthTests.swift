// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide, lines 1.3 em
/// tall, paragraphs at `\n`, wrapped at `width` when given, kept to `style.maxHeight` (at least
/// one line) as the renderer does.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let lineHeight = (style.size * 1.3).rounded(.up)
    var lines = 0.0, widest = 0.0
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        let line = Double(paragraph.unicodeScalars.count) * style.size / 2
        lines += width.map { max(1, (line / max($0, 1)).rounded(.up)) } ?? 1
        widest = max(widest, min(line, width ?? line))
    }
    if width != nil, let most = style.maxHeight { lines = min(lines, max(1, (most / lineHeight).rounded(.down))) }
    return Size(width: widest, height: lines * lineHeight)
}

private enum WidthTestError: Error { case notADialog }

private func layout(_ description: String, scale: Double = 1, room: Double? = nil,
                    measure: @escaping TextMeasure = measure) throws -> DialogLayout {
    var spec = DialogSpec(prompt: .passphrase)
    spec.description = description
    spec.prompt = "Passphrase:"
    spec.scale = scale
    spec.room = room
    guard case .dialog(let layout) = try spec.makePage(measure: measure).geometry else { throw WidthTestError.notADialog }
    return layout
}

@Suite("A description's lines set whole up to a width")
struct DescriptionWidthTests {
    /// What gpg-agent sends to unlock a key: four lines it broke itself.
    static let gpg = "Please enter the passphrase to unlock the OpenPGP secret key:\n\"Alice <alice@example.org>\"\n"
        + "3072-bit RSA key, ID 0123456789ABCDEF,\ncreated 2026-01-01."
    static let metrics = DialogLayout.Metrics()
    static func lineHeight(_ scale: Double) -> Double { (metrics.textSize * 1.3 * scale).rounded(.up) }
    /// The stand-in's width of one line of `characters` at `scale`.
    static func width(_ characters: Int, _ scale: Double) -> Double { Double(characters) * metrics.textSize * scale / 2 }

    /// The rule alone: the widest line up to the bound, never narrower than usual; past it, usual.
    @Test func theColumnIsTheWidestLineUpToTheBound() {
        func column(_ width: Double) -> Double {
            DescriptionWidth(text: "x", style: TextStyle(size: 13.5), natural: Size(width: width, height: 18)).column(usual: 400, widest: 560)
        }
        #expect(column(0) == 400)
        #expect(column(250) == 400)
        #expect(column(400.2) == 401)
        #expect(column(529.5) == 530)
        #expect(column(560) == 560)
        #expect(column(560.5) == 400)
        #expect(column(2000) == 400)
    }

    /// gpg-agent's description: each of its lines whole (four lines, not eight), the column as
    /// wide as the widest, the entry and the buttons' right edge with it; at 1× and 2×.
    @Test(arguments: [1.0, 2.0])
    func gpgsLinesStandWhole(scale: Double) throws {
        let longest = Self.gpg.split(separator: "\n").map { (line: Substring) in line.unicodeScalars.count }.max() ?? 0
        let widest = Self.width(longest, scale)
        try #require(widest > Self.metrics.width * scale && widest <= Self.metrics.descriptionWidest * scale,
                     "the control: the widest line is between the usual width and the bound")
        let dialog = try layout(Self.gpg, scale: scale)
        #expect(dialog.textWidth == widest.rounded(.up))
        #expect(dialog.description.width == dialog.textWidth)
        #expect(dialog.description.height == 4 * Self.lineHeight(scale))
        #expect(dialog.content.width == dialog.textWidth + 2 * Self.metrics.margin * scale)
        // The entry widens with the column to its edge, where the buttons end, though the
        // column is no whole number of the entry's 14-pt cells.
        let cell = Theme.passphrase.cellSize.width * scale
        try #require(dialog.textWidth.truncatingRemainder(dividingBy: cell) != 0, "the control: a column of part cells")
        #expect(dialog.fields[0].width == dialog.textWidth, "entry \(dialog.fields[0].width) in a column \(dialog.textWidth) wide")
        #expect(dialog.fields[0].maxX == dialog.description.maxX)
        #expect(dialog.buttons.map { $0.maxX }.max() == dialog.description.maxX)
    }

    /// A paragraph wider than the bound wraps at the usual width, as before: a long askpass
    /// prompt keeps the dialog its usual width.
    @Test(arguments: [1.0, 2.0])
    func aLongParagraphWrapsAtTheUsualWidth(scale: Double) throws {
        let long = String(repeating: "word ", count: 20) + "end"
        try #require(Self.width(long.count, scale) > Self.metrics.descriptionWidest * scale)
        let dialog = try layout(Self.gpg + "\n" + long, scale: scale)
        #expect(dialog.textWidth == Self.metrics.width * scale)
        // gpg's first line wraps in two, its three others stand, the long one wraps in two.
        #expect(dialog.description.height == 7 * Self.lineHeight(scale))
    }

    /// A short description leaves the column its usual width.
    @Test func aShortDescriptionKeepsTheUsualWidth() throws {
        #expect(try layout("Enter passphrase for key:").textWidth == Self.metrics.width)
    }

    /// The description is measured once, unwrapped: that measure widens the column, and the
    /// layout takes the description's height from it rather than measuring it at that width.
    @Test func gpgsDescriptionIsMeasuredOnce() throws {
        var measured: [(TextStyle, Double?)] = []
        _ = try layout(Self.gpg) { text, style, width in
            if text == Self.gpg { measured.append((style, width)) }
            return measure(text, style, width)
        }
        #expect(measured.count == 1)
        #expect(measured.first?.1 == nil, "measured unwrapped")
    }

    /// Many short lines past the height bound are cut, as before: the natural measure is too
    /// tall to stand for the cut description, which is measured within the bound.
    @Test func manyShortLinesAreStillCut() throws {
        let many = (1...200).map { "line \($0)" }.joined(separator: "\n")
        let dialog = try layout(many)
        #expect(dialog.description.height <= dialog.descriptionLimit)
        #expect(dialog.content.height <= Self.metrics.maximumHeight)
        #expect(dialog.textWidth == Self.metrics.width)
    }
}
