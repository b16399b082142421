// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure that keeps to `style.maxHeight` as the renderer
/// does: every character half an em wide, lines 1.3 em tall, the lines that do not fit left out
/// (at least one).
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let lineHeight = (style.size * 1.3).rounded(.up)
    let paragraphs = text.split(separator: "\n", omittingEmptySubsequences: false)
    var lines = 0.0, widest = 0.0
    for paragraph in paragraphs {
        let line = Double(paragraph.unicodeScalars.count) * style.size / 2
        lines += width.map { max(1, (line / max($0, 1)).rounded(.up)) } ?? 1
        widest = max(widest, min(line, width ?? line))
    }
    if width != nil, let most = style.maxHeight { lines = min(lines, max(1, (most / lineHeight).rounded(.down))) }
    return Size(width: widest, height: lines * lineHeight)
}

private func layout(_ edit: (inout DialogSpec) -> Void) throws -> DialogLayout {
    var spec = DialogSpec(kind: .entry(.passphrase))
    edit(&spec)
    let page = try spec.makePage(measure: measure)
    guard case .dialog(let layout) = page.geometry else { throw BoundsTestError.notADialog }
    return layout
}

private enum BoundsTestError: Error { case notADialog }

@Suite("Dialogs stay within the screen whatever the texts")
struct DialogBoundsTests {
    @Test(arguments: [1.0, 2.0])
    func longTextsLeaveTheDialogWithinSeventyPercentOfASmallScreen(scale: Double) throws {
        let many = String(repeating: "line\n", count: 900)
        let long = String(repeating: "word ", count: 3000)
        let full = try layout {
            $0.scale = scale
            $0.title = long
            $0.description = many + long
            $0.prompt = long
            $0.repeatPrompt = long
            $0.error = long
            $0.qualityLabel = "Quality"
        }
        #expect(full.content.height <= 537 * scale, "\(full.content)")
        // The entries and buttons are inside the window.
        for rect in full.fields + full.buttons { #expect(rect.maxY <= full.content.height, "\(rect)") }
        // The description still shows lines, the other texts a few each.
        let m = DialogLayout.Metrics()
        #expect(full.description.height >= 3 * (m.textSize * 1.3 * scale).rounded(.up))
        #expect(full.labels.allSatisfy { $0.height <= 2 * (m.labelSize * 1.3 * scale).rounded(.up) })
        #expect(full.error.height <= Double(m.errorLines) * (m.labelSize * 1.3 * scale).rounded(.up))
    }

    /// An agent's button labels (SETOK, SETCANCEL, SETNOTOK) of hundreds of characters leave
    /// the dialog narrower than a small screen: each label at most `buttonLabelMaximum` wide.
    @Test(arguments: [1.0, 2.0])
    func longButtonLabelsLeaveTheDialogNarrowerThanASmallScreen(scale: Double) throws {
        let long = String(repeating: "Ja, Schutz ist nicht erforderlich ", count: 9)
        var spec = DialogSpec(kind: .confirm(notOK: true))
        (spec.scale, spec.okLabel, spec.cancelLabel, spec.notOKLabel) = (scale, long, long, long)
        let page = try spec.makePage(measure: measure)
        guard case .dialog(let wide) = page.geometry else { throw BoundsTestError.notADialog }
        let m = DialogLayout.Metrics()
        #expect(wide.content.width <= 1024 * scale, "\(wide.content)")
        for rect in wide.buttons {
            #expect(rect.width <= (m.buttonLabelMaximum + 2 * m.buttonPadding) * scale && rect.maxX <= wide.content.width)
        }
        // The control: labels of a usual length are not cut.
        let usual = try layout { $0.okLabel = "_Yes, protection is not needed" }
        let ok = usual.buttons[usual.buttons.count - 1]
        #expect(ok.width == (Double("Yes, protection is not needed".count) * m.textSize / 2 + 2 * m.buttonPadding).rounded(.up))
    }

    @Test func theDescriptionTakesWhatTheRestLeaves() throws {
        let many = String(repeating: "line\n", count: 900)
        let plain = try layout { $0.title = "Unlock"; $0.description = many }
        let crowded = try layout {
            $0.title = "Unlock"
            $0.description = many
            $0.repeatPrompt = "Repeat"
            $0.error = "Wrong"
            $0.qualityLabel = "Quality"
        }
        #expect(plain.descriptionLimit > crowded.descriptionLimit)
        // Both grow to the maximum, no further.
        for dialog in [plain, crowded] {
            #expect(dialog.content.height <= 537 && dialog.content.height > 537 - 20, "\(dialog.content)")
        }
    }

    @Test func shortTextsAreNotTouched() throws {
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.title = "Unlock"
        spec.description = "Enter the passphrase for key:"
        spec.error = "Bad passphrase"
        func geometry(_ measure: @escaping TextMeasure) throws -> DialogLayout {
            guard case .dialog(let layout) = try spec.makePage(measure: measure).geometry else {
                throw BoundsTestError.notADialog
            }
            return layout
        }
        let bounded = try geometry(measure)
        let unbounded = try geometry { text, style, width in
            var style = style
            style.maxHeight = nil
            return measure(text, style, width)
        }
        #expect(bounded == unbounded)
    }

    /// A description cut at the usual height grows into a taller screen: an askpass prompt of
    /// forty lines reads whole on a 1024-pixel screen, at 1× and 2× (on a screen twice as tall).
    @Test(arguments: [1.0, 2.0])
    func aLongDescriptionGrowsIntoATallerScreen(scale: Double) throws {
        let forty = (1...40).map { "line \($0)" }.joined(separator: "\n")
        let lineHeight = (DialogLayout.Metrics().textSize * 1.3 * scale).rounded(.up)
        let usual = try layout { $0.scale = scale; $0.description = forty }
        #expect(usual.description.height < 40 * lineHeight, "the control: cut at the usual height")
        let tall = try layout { $0.scale = scale; $0.description = forty; $0.room = 1024 * scale }
        #expect(tall.description.height == 40 * lineHeight)
        #expect(tall.content.height <= (1024 - DialogLayout.Metrics().screenMargin) * scale, "\(tall.content)")
        // Past the screen it is cut again, the entry and buttons inside the window.
        let endless = try layout { $0.scale = scale; $0.description = forty + String(repeating: "\nmore", count: 900)
                                   $0.room = 1024 * scale }
        #expect(endless.content.height <= (1024 - DialogLayout.Metrics().screenMargin) * scale)
        #expect(endless.content.height > 1024 * scale - 2 * DialogLayout.Metrics().screenMargin * scale)
        for rect in endless.fields + endless.buttons { #expect(rect.maxY <= endless.content.height, "\(rect)") }
    }

    /// A text that fits the usual height is measured once, as the text thread measured it
    /// ahead, however tall the screen: the same layout, and no second measure.
    @Test func aShortDescriptionIsMeasuredOnceWhateverTheScreen() throws {
        var measured: [TextStyle] = []
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.description = "Enter the passphrase for key:"
        func geometry() throws -> DialogLayout {
            measured = []
            let page = try spec.makePage { text, style, width in
                if text == spec.description { measured.append(style) }
                return measure(text, style, width)
            }
            guard case .dialog(let layout) = page.geometry else { throw BoundsTestError.notADialog }
            return layout
        }
        let usual = try geometry()
        let before = measured
        spec.room = 2160
        #expect(try geometry() == usual)
        #expect(measured == before)
        #expect(measured.count == 1)
    }
}
