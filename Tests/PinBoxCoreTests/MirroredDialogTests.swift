// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

/// gpg-agent's new-passphrase dialog with everything it can have: a checkbox, Suggest, Show,
/// the strength bar, notes, the keyboard's line and an error, in `direction`.
private func page(_ direction: TextDirection, kind: DialogSpec.Kind = .entry(.passphrase)) throws -> Page {
    var spec = DialogSpec(kind: kind)
    spec.direction = direction
    spec.description = "Please enter a passphrase to protect the new key"
    spec.prompt = "Passphrase"
    spec.repeatPrompt = "Repeat"
    spec.error = "Wrong passphrase"
    spec.qualityLabel = "Quality"
    spec.notes = "At least 8 characters"
    spec.savePasswordLabel = "_Save in password manager"
    spec.suggestLabel = "Suggest"
    spec.reveal = RevealButton()
    let page = try spec.makePage(measure: measure)
    _ = page.handle(.keyboard(KeyboardState(capsLock: true, layouts: ["English (US)", "Hebrew"])), now: 0)
    return page
}

private func layout(_ page: Page) throws -> DialogLayout {
    guard case .dialog(let layout) = page.geometry else { throw MirrorTestError.notADialog }
    return layout
}

private enum MirrorTestError: Error { case notADialog }

private func rect(_ layout: DialogLayout, _ page: Page, _ role: PageButton.Role) throws -> Rect {
    layout.buttons[try #require(page.content.buttons.firstIndex { $0.role == role })]
}

/// Arabic and Hebrew dialogs are mirrored, as GTK mirrors them: OK at the left edge.
@Suite("Dialog layout: mirrored right to left")
struct MirroredDialogTests {
    /// Every rectangle of the right-to-left layout is the left-to-right one's mirror image
    /// about the text column: same size and height, the other side.
    @Test func everyRectangleIsMirroredAboutTheColumn() throws {
        let ltr = try layout(try page(.leftToRight)), rtl = try layout(try page(.rightToLeft))
        #expect(!ltr.mirrored && rtl.mirrored)
        #expect(ltr.content == rtl.content)
        let left = ltr.error.x, right = ltr.error.x + ltr.textWidth
        func mirrored(_ r: Rect) -> Rect { Rect(x: left + right - r.maxX, y: r.y, width: r.width, height: r.height) }
        let pairs: [(String, Rect?, Rect?)] = [
            ("description", ltr.description, rtl.description), ("error", ltr.error, rtl.error),
            ("keyboard", ltr.keyboard, rtl.keyboard), ("layout's name", ltr.keyboardLayoutName, rtl.keyboardLayoutName),
            ("quality", ltr.quality, rtl.quality),
            ("notes", ltr.notes, rtl.notes), ("suggestion", ltr.suggestion, rtl.suggestion),
        ] + zip(ltr.labels, rtl.labels).map { ("label", $0, $1) } + zip(ltr.fields, rtl.fields).map { ("field", $0, $1) }
            + zip(ltr.buttons, rtl.buttons).map { ("button", $0, $1) }
        for (name, a, b) in pairs {
            let a = try #require(a, "\(name)"), b = try #require(b, "\(name)")
            #expect(b == mirrored(a), "\(name): \(a) mirrored is not \(b)")
        }
    }

    /// The button row read from the left: OK, Cancel, then Show and Suggest at the right edge;
    /// the checkbox at the right of its row.
    @Test func okIsAtTheLeftEdgeAndShowAtTheRight() throws {
        let page = try page(.rightToLeft), l = try layout(page)
        let left = l.error.x, right = l.error.x + l.textWidth
        let ok = try rect(l, page, .ok), cancel = try rect(l, page, .cancel)
        let show = try rect(l, page, .reveal), suggest = try rect(l, page, .suggest)
        let save = try rect(l, page, .savePassword)
        #expect(ok.x == left, "\(ok)")
        #expect(cancel.x > ok.maxX && show.x > cancel.maxX && suggest.x > show.maxX, "\(l.buttons)")
        #expect(suggest.maxX == right && save.maxX == right)
        #expect(ok.y == cancel.y && cancel.y == show.y && save.y < ok.y)
    }

    /// Tab goes in reading order, from the right as the eye reads Arabic or Hebrew: the
    /// entries, the checkbox, then the button row from its right edge to OK.
    @Test func tabFollowsTheMirroredRowFromTheRight() throws {
        let page = try page(.rightToLeft), l = try layout(page)
        var xs: [Double] = []
        for _ in 0..<page.fields.count { _ = page.handle(.focusNext, now: 0) }
        for _ in 1..<page.content.buttons.count {
            _ = page.handle(.focusNext, now: 0)
            xs.append(try rect(l, page, try #require(PageButton.Role(rawValue: page.focusName))).maxX)
        }
        #expect(xs == xs.sorted(by: >) && xs.count == 4, "\(page.focusName) \(xs)")
    }

    /// A left-to-right dialog is as it was: OK at the right edge, Show at the left.
    @Test func aLeftToRightDialogKeepsOKAtTheRight() throws {
        let page = try page(.leftToRight), l = try layout(page)
        let left = l.error.x, right = l.error.x + l.textWidth
        #expect(try rect(l, page, .ok).maxX == right)
        #expect(try rect(l, page, .suggest).x == left && rect(l, page, .savePassword).x == left)
    }

    /// The translation names the direction, as GTK's do; anything but `default:RTL` (an
    /// untranslated language's `default:LTR`, a mistake) leaves the dialog left to right.
    @Test func theTranslationNamesTheDirection() {
        #expect(TextDirection.named("default:RTL") == .rightToLeft)
        for other in ["default:LTR", "RTL", "", "default:rtl"] { #expect(TextDirection.named(other) == .leftToRight) }
        #expect(TextDirection.ofTranslation == .leftToRight, "no catalogue: English")
    }
}
