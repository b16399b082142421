// SPDX-License-Identifier: MIT
import Testing
import PinBoxCore
@testable import PinBoxRender

/// polkit's dialog while PAM waits for a device: PAM's words drawn above the wait cue, under
/// polkit's message, and Cancel the one button.
private struct NotADialog: Error {}

@Suite("A notice that waits says what for")
struct WaitingNoticePaintingTests {
    private func drawn(note: String) throws -> (Canvas, Page, DialogLayout) {
        var question = PolkitQuestion(message: "Authentication is needed to run `/usr/bin/id' as the super user",
                                      user: "alice", prompt: "")
        question.note = note
        let page = try question.waitingDialog.makePage(measure: TextLayout.measure)
        let canvas = try DialogGoldenTests.render(page, typed: 0)
        guard case .dialog(let layout) = page.geometry else { throw NotADialog() }
        return (canvas, page, layout)
    }

    /// Pixels in `rect` darker than the ground: the ink of text drawn there.
    private func ink(_ canvas: Canvas, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.y)..<Int(rect.maxY) {
            for x in Int(rect.x)..<Int(rect.maxX) where canvas.pixel(x: x, y: y) & 0xff < 0x90 { count += 1 }
        }
        return count
    }

    @Test func pamsWordsAreDrawnAboveTheCueWithCancelAlone() throws {
        let (canvas, page, layout) = try drawn(note: "Swipe your right index finger across the fingerprint reader")
        let notes = try #require(layout.notes, "the words have their place")
        #expect(ink(canvas, in: notes) > 100, "the words are drawn")
        #expect(page.content.buttons.map(\.role) == [.cancel])
        #expect(page.content.waitCue)
        // The control: with no words, nothing is laid out for them.
        let (_, _, bare) = try drawn(note: "")
        #expect(bare.notes == nil)
    }
}
