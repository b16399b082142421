import CCairo
import CText
import PinBoxCore

/// The extent of a laid-out block of text, in device pixels.
public struct TextMetrics: Equatable, Sendable {
    /// The widest line's width (at most the wrapping width, unless one character is wider)
    /// and all lines' height. Marks above tall letters (Arabic hamza) may ink a pixel or two
    /// above the first line: leave the block some margin.
    public var size: Size
    /// From the top of the block to the first line's baseline: to line text up with a label.
    public var firstBaseline: Double
    public var lineCount: Int
}

/// Paragraphs of text in any language, measured and drawn the same way: what a dialog's title,
/// description, prompt and error line use. Newlines start paragraphs; `width` wraps lines at
/// spaces, and inside a word only when the word alone is wider. Each paragraph runs in its own
/// direction (Arabic and Hebrew right to left, starting at the right edge when `.leading`).
/// Control characters and bidi overrides from the caller are neutralised (`TextSafety`).
///
/// Latin, Greek and Cyrillic are drawn with DejaVu straight from FreeType, as the rest of
/// PinBox; anything else goes to Pango (shaping, bidi, fontconfig's fallback fonts), which is
/// loaded the first time such text is measured or drawn, and never before. Both paths use
/// DejaVu, the same hinting, Pango's whole-pixel advances, no kerning and the same line breaks
/// (`TextLineBreaks`), so Latin text measures, wraps and draws pixel for pixel the same on
/// either, and a layout does not jump when a string gains one Chinese character.
public enum TextLayout {
    public static func metrics(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        let text = TextSafety.displayable(text)
        if !TextScript.isPlain(text),
           let (metrics, _) = pangoMetrics(TextSafety.isolatingPaths(text), style: style, width: width) {
            return metrics
        }
        return plainMetrics(text, style: style, width: width)
    }

    /// The block's size: `metrics(...).size`.
    public static func measure(_ text: String, style: TextStyle, width: Double?) -> Size {
        metrics(text, style: style, width: width).size
    }

    /// Draws `text` with the block's top-left at `origin`. With a `width`, lines are placed
    /// within `origin.x ..< origin.x + width` (a right-to-left paragraph ends at its right
    /// edge); without, within the measured width.
    public static func draw(_ text: String, style: TextStyle, width: Double?, at origin: Point, on canvas: Canvas) {
        let text = TextSafety.displayable(text)
        if !TextScript.isPlain(text),
           drawPango(TextSafety.isolatingPaths(text), style: style, width: width, at: origin, on: canvas) { return }
        // Plain text, or Pango is not installed: DejaVu alone (missing glyphs show as boxes).
        drawPlain(text, style: style, width: width, at: origin, on: canvas)
    }

    /// Starts the slow part of laying out `text` in the background when it needs Pango (loading
    /// it, fontconfig's start-up, opening a fallback font: some 8 ms), so that it overlaps what the
    /// caller does next, such as connecting to X; returns at once. Plain text costs nothing.
    /// `metrics` and `draw` then find it ready, or wait for it.
    public static func prepare(_ text: String, style: TextStyle, width: Double?) {
        let text = TextSafety.displayable(text)
        guard !TextScript.isPlain(text) else { return }
        var pango = pangoStyle(style, width: width)
        TextSafety.isolatingPaths(text).withCString { pinbox_pango_prepare($0, &pango) }
    }

    /// Whether this process has loaded Pango (and with it HarfBuzz, fontconfig and GLib).
    public static var pangoLoaded: Bool { pinbox_pango_is_loaded() != 0 }

    /// Laid out by DejaVu alone, whatever the text (the fast path).
    static func plainMetrics(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        let plain = TextPlainLayout(text, style: style, width: width)
        return TextMetrics(size: plain.size, firstBaseline: plain.ascent, lineCount: plain.lines.count)
    }

    /// Laid out by Pango whatever the text, with the number of characters no font has; nil
    /// when Pango is not installed.
    static func pangoMetrics(_ text: String, style: TextStyle, width: Double?) -> (TextMetrics, missingGlyphs: Int)? {
        var style = pangoStyle(style, width: width)
        var metrics = pinbox_text_metrics()
        guard text.withCString({ pinbox_pango_measure($0, &style, &metrics) }) != 0 else { return nil }
        return (TextMetrics(size: Size(width: metrics.width, height: metrics.height),
                            firstBaseline: metrics.baseline, lineCount: Int(metrics.lines)),
                Int(metrics.unknown_glyphs))
    }

    /// Draws with DejaVu alone, whatever the text (the fast path).
    static func drawPlain(_ text: String, style: TextStyle, width: Double?, at origin: Point, on canvas: Canvas) {
        TextPlainLayout(text, style: style, width: width).draw(style: style, width: width, at: origin, on: canvas.cr)
    }

    /// Draws with Pango whatever the text; false when Pango is not installed.
    static func drawPango(_ text: String, style: TextStyle, width: Double?, at origin: Point, on canvas: Canvas) -> Bool {
        var pango = pangoStyle(style, width: width)
        let c = style.color
        return text.withCString {
            pinbox_pango_draw(UnsafeMutableRawPointer(canvas.cr), $0, &pango, origin.x, origin.y,
                              c.red, c.green, c.blue, c.alpha)
        } != 0
    }

    /// Whether `text` goes to Pango rather than DejaVu alone.
    static func needsPango(_ text: String) -> Bool {
        !TextScript.isPlain(TextSafety.displayable(text))
    }

    private static func pangoStyle(_ style: TextStyle, width: Double?) -> pinbox_text_style {
        pinbox_text_style(size: max(style.size, 0.1), bold: style.bold ? 1 : 0,
                          centre: style.alignment == .centre ? 1 : 0, wrap_width: width.map { max($0, 0) } ?? -1)
    }
}
