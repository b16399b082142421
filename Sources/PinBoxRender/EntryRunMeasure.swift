// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

extension Canvas {
    /// How wide the first `prefix` bytes of an entry's `text` (UTF-8) are drawn as part of its
    /// whole run (`FieldPainter.drawTextRun`): by the text engine where the text holds no secret
    /// and DejaVu cannot draw all of it, else glyph by glyph from where it lies, in the order
    /// it is read (`VisualSecret`).
    func entryRunAdvance(_ text: UnsafeBufferPointer<UInt8>, prefix: Int, style: RunStyle) -> Double {
        let part = UnsafeBufferPointer(rebasing: text[..<min(max(prefix, 0), text.count)])
        if style.plain && TextLayout.needsPango(String(decoding: text, as: UTF8.self)) {
            return TextLayout.metrics(String(decoding: part, as: UTF8.self),
                                      style: TextStyle(size: style.pixelSize, bold: style.font.bold), width: nil).size.width
        }
        return VisualSecret.with(part) { run, _ in secretRunWidth(run, font: style.font, pixelSize: style.pixelSize) }
    }
}

/// The painter's measure of an entry's run of text, for the core (`Page.runMeasure`): where a
/// click in a shown passphrase lands, how far a long name scrolls. It measures on a canvas of
/// its own, made the first time a run is measured, rasterised as the window's is.
public enum EntryRunMeasure {
    public static func measure(_ text: UnsafeBufferPointer<UInt8>, _ prefix: Int, _ style: RunStyle) -> Double {
        if canvas == nil { canvas = try? Canvas(width: 1, height: 1) }
        guard let canvas else { return 0 }
        canvas.textRendering = style.rendering
        let width = canvas.entryRunAdvance(text, prefix: prefix, style: style)
        // Cairo worked on a secret's characters below this call: nothing of them stays there.
        if !style.plain { pinbox_scrub_stack() }
        return width
    }

    nonisolated(unsafe) private static var canvas: Canvas?
}
