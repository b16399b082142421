// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// A stand-in for the renderer's text measure: every character half an em wide.
private func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    let line = Double(text.unicodeScalars.count) * style.size / 2
    let lines = width.map { max(1, (line / $0).rounded(.up)) } ?? 1
    return Size(width: min(line, width ?? line), height: lines * (style.size * 1.3).rounded(.up))
}

/// A prompt refused the keyboard says who holds it when PinBox knows: another PinBox window
/// (two prompts opened at once, `KeyboardClaim`), which the user answers or closes first;
/// else "another program", as before.
@Suite("The keyboard's holder, named when known")
struct KeyboardHolderTests {
    @Test func anotherPinBoxWindowIsNamed() throws {
        let p = try DialogSpec(prompt: .password).makePage(measure: measure)
        _ = p.handle(.character("a"), now: 0)
        let effects = p.handle(.keyboardHeldByPinBox, now: 1)
        #expect(p.content.title == "Keyboard in use")
        #expect(p.content.description.hasPrefix("Another PinBox window is holding the keyboard"))
        #expect(p.fields.isEmpty, "no entry whose keys would go elsewhere")
        #expect(p.content.buttons.map(\.text) == ["Close"])
        #expect(effects == [.report(.focus("ok"))])
        // The rest as for any holder: back as it opened once the keyboard is free…
        _ = p.handle(.keyboardAvailable, now: 2)
        #expect(p.content.title == "Password required" && p.fields.count == 1)
        // …and given up after a while, exit 3.
        let waited = try DialogSpec(prompt: .password).makePage(measure: measure)
        _ = waited.handle(.keyboardHeldByPinBox, now: 1)
        #expect(waited.advance(to: 1 + KeyboardRefusal.duration) == [.finish(.keyboardUnavailable)])
    }

    /// The control: a holder PinBox does not know is "another program".
    @Test func anUnknownHolderIsAnotherProgram() throws {
        let p = try DialogSpec(prompt: .password).makePage(measure: measure)
        _ = p.handle(.keyboardUnavailable, now: 1)
        #expect(p.content.description.hasPrefix("Another program is holding the keyboard"))
    }
}
