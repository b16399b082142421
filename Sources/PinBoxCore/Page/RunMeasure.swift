// SPDX-License-Identifier: MIT
/// How wide the painter draws the first `prefix` bytes of an entry's `text` as part of the
/// whole run (`FieldPainter.drawTextRun`): the text is the entry's UTF-8 where it lies, a shown
/// passphrase's locked buffer, and is not copied unless `style.plain` says it holds no secret.
/// The core measures with it where the caret stands in a run, how far the run scrolls and
/// which place a click lands on, as the painter draws them.
public typealias RunMeasure = (_ text: UnsafeBufferPointer<UInt8>, _ prefix: Int, _ style: RunStyle) -> Double

/// How an entry's run of text is drawn, for its measure.
public struct RunStyle: Equatable, Sendable {
    public var font: FontSpec
    /// The font's size in device pixels.
    public var pixelSize: Double
    public var rendering: TextRendering
    /// The text holds no secret (a name, a code): where DejaVu cannot draw it alone, the text
    /// engine lays it out, which keeps copies of it.
    public var plain: Bool

    public init(font: FontSpec, pixelSize: Double, rendering: TextRendering, plain: Bool) {
        self.font = font
        self.pixelSize = pixelSize
        self.rendering = rendering
        self.plain = plain
    }
}
