/// How a block of text is set: what a dialog's title, description, prompt and error line ask
/// of the renderer. Plain data; `TextLayout` in PinBoxRender measures and draws with it.
public struct TextStyle: Equatable, Sendable {
    /// Where each line of a paragraph sits across the block's width.
    public enum Alignment: Equatable, Sendable {
        /// At the paragraph's start: the left for Latin or Chinese, the right for Arabic and Hebrew.
        case leading
        /// In the middle.
        case centre
    }

    /// The font size (the em), in device pixels.
    public var size: Double
    public var bold: Bool
    public var color: Color
    public var alignment: Alignment

    public init(size: Double, bold: Bool = false, color: Color = .black, alignment: Alignment = .leading) {
        self.size = size
        self.bold = bold
        self.color = color
        self.alignment = alignment
    }
}
