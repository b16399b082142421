// SPDX-License-Identifier: MIT
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
    /// The face, as a Pango font description without its size ("Cantarell", "Noto Sans
    /// Medium": `DesktopFont.face`), the desktop's choice for a dialog's text; nil for DejaVu
    /// Sans. Monospaced text keeps DejaVu Sans Mono.
    public var face: String?
    public var bold: Bool
    /// Every character as wide as the next (DejaVu Sans Mono): for ASCII art.
    public var monospace: Bool
    public var color: Color
    public var alignment: Alignment
    /// The tallest the block may be, in device pixels, when it wraps to a width: the lines that
    /// do not fit are left out and the last one shown ends with an ellipsis (at least one line
    /// shows). Nil: as tall as the text.
    public var maxHeight: Double?

    public init(size: Double, face: String? = nil, bold: Bool = false, monospace: Bool = false,
                color: Color = .black, alignment: Alignment = .leading, maxHeight: Double? = nil) {
        self.size = size
        self.face = face
        self.bold = bold
        self.monospace = monospace
        self.color = color
        self.alignment = alignment
        self.maxHeight = maxHeight
    }
}
