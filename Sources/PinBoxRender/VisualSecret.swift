// SPDX-License-Identifier: MIT
import CBidi
import PinBoxCore

/// A shown secret in the order it is read: Hebrew and Arabic right to left, Arabic's letters
/// joined. DejaVu draws glyph after glyph from the left, so the characters are first put in
/// visual order and Arabic in its presentation forms, by FriBidi (Sources/CBidi), rather than
/// by Pango, which keeps copies of its text. Every copy of the characters lies in locked
/// scratch, wiped as soon as the run is drawn; text with no right-to-left character is drawn
/// from the field's buffer as before, and never loads FriBidi.
enum VisualSecret {
    /// Calls `body` with the UTF-8 of `text` (logical order, the field's buffer) as it is to be
    /// drawn, and whether its paragraph runs right to left (its first strong character's
    /// direction). `text` itself, left to right, when it has no right-to-left character or
    /// FriBidi cannot be loaded.
    static func with<R>(_ text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Bool) -> R) -> R {
        var count = 0
        var rightToLeft = false
        forEachScalar(text) { value in
            count += 1
            // A cheap test that only decides whether FriBidi is asked, which then finds each
            // character's own direction.
            if !rightToLeft && TextDirection.isOfRightToLeftScript(value) { rightToLeft = true }
        }
        guard rightToLeft, count < Int(Int32.max) / 16, pinbox_bidi_load() != 0 else { return body(text, false) }
        let characters = rounded(count * 4), visualBytes = rounded(count * 4)
        let scratch = pinbox_bidi_scratch_size(Int32(count))
        return SecretScratch.with(bytes: characters + visualBytes + scratch) { base in
            let utf32 = base.bindMemory(to: UInt32.self, capacity: count)
            var i = 0
            forEachScalar(text) { value in
                utf32[i] = value
                i += 1
            }
            let visual = (base + characters).bindMemory(to: UInt8.self, capacity: count * 4)
            var paragraph: Int32 = 0
            let written = pinbox_bidi_visual(utf32, Int32(count), visual, base + characters + visualBytes, &paragraph)
            guard written >= 0 else { return body(text, false) }
            return body(UnsafeBufferPointer(start: visual, count: written), paragraph != 0)
        }
    }

    /// Each character of `text` (valid UTF-8, as the field's buffer holds it) as its scalar value.
    private static func forEachScalar(_ text: UnsafeBufferPointer<UInt8>, _ body: (UInt32) -> Void) {
        var i = 0
        while i < text.count {
            let lead = UInt32(text[i])
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = length == 1 ? lead : lead & (0xFF >> UInt32(length + 1))
            var j = 1
            while j < length && i + j < text.count {
                value = value << 6 | UInt32(text[i + j] & 0x3F)
                j += 1
            }
            body(value)
            i += length
        }
    }

    private static func rounded(_ bytes: Int) -> Int { (bytes + 15) / 16 * 16 }
}
