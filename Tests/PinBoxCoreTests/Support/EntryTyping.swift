// SPDX-License-Identifier: MIT
@testable import PinBoxCore

/// A text measure that opens no font: each character half as wide as the text is tall.
func roughTextMeasure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
    Size(width: Double(text.unicodeScalars.count) * style.size / 2, height: (style.size * 1.3).rounded(.up))
}

/// The same for an entry's run of text, measured where it lies: its first `prefix` bytes, a
/// character as wide as half the font's size.
func roughRunMeasure(_ text: UnsafeBufferPointer<UInt8>, _ prefix: Int, _ style: RunStyle) -> Double {
    let characters = text.prefix(prefix).filter { $0 & 0xC0 != 0x80 }.count
    return Double(characters) * style.pixelSize / 2
}

extension PinField {
    /// A text entry of `capacity` characters that pastes as typed, with `typed` typed into it.
    static func entry(_ typed: String, capacity: Int = 100, byteLimit: Int? = nil) throws -> PinField {
        let f = try PinField(capacity: capacity, pastePolicy: .text, accepts: .text, byteLimit: byteLimit)
        for c in typed.unicodeScalars { _ = f.type(c) }
        return f
    }

    /// What it holds, as text.
    var contents: String { secret.withBytes { String(decoding: $0, as: UTF8.self) } }
}

extension Page {
    /// The dialog a caller's `kind` of prompt opens, its window focused, its runs of text
    /// measured as its window would.
    static func focusedPrompt(_ kind: PromptKind) throws -> Page {
        let page = try DialogSpec(prompt: kind).makePage(measure: roughTextMeasure)
        page.runMeasure = roughRunMeasure
        _ = page.handle(.windowFocus(true), now: 0)
        return page
    }

    /// Hands it `inputs`, one after another, at `now`.
    func feed(_ inputs: [InputEvent], at now: Double = 1) {
        for input in inputs { _ = handle(input, now: now) }
    }

    /// Types `text`, a key a character.
    func typeText(_ text: String, at now: Double = 1) {
        feed(text.unicodeScalars.map { .character($0) }, at: now)
    }

    /// What its first entry holds.
    var typedText: String { fields[0].field.contents }
}

extension CopiedText {
    /// `text`'s bytes, as copied.
    init(text: String) {
        let bytes = SecretBuffer(capacity: max(1, text.utf8.count))
        bytes.append(contentsOf: Array(text.utf8))
        self.init(bytes)
    }
}
