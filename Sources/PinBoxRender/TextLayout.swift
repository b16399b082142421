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
/// PinBox; Chinese, Japanese and Korean the same way, with the fonts fontconfig gives for them
/// (as Pango would pick them: `TextFontRuns`); anything else goes to Pango (shaping, bidi),
/// which is loaded the first time such text is measured or drawn, and never before. Both paths
/// use the same fonts, hinting, Pango's whole-pixel advances, no kerning and the same line
/// breaks (`TextLineBreaks`), so such text measures, wraps and draws pixel for pixel the same
/// on either, and a layout does not jump when a string gains one Arabic letter.
public enum TextLayout {
    public static func metrics(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        let text = TextSafety.displayable(text)
        if let layout = ownLayout(text, style: style, width: width) { return layout.metrics }
        if let (metrics, _) = pangoMetrics(TextSafety.isolatingPaths(text), style: style, width: width) {
            return metrics
        }
        return TextPlainLayout.dejaVuOnly(text, style: style, width: width).metrics
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
        if let layout = ownLayout(text, style: style, width: width) {
            layout.draw(style: style, width: width, at: origin, on: canvas.cr)
        } else if !drawPango(TextSafety.isolatingPaths(text), style: style, width: width, at: origin, on: canvas) {
            // Pango is not installed: DejaVu alone (missing glyphs show as boxes).
            TextPlainLayout.dejaVuOnly(text, style: style, width: width)
                .draw(style: style, width: width, at: origin, on: canvas.cr)
        }
    }

    /// Laid out by PinBox itself, without Pango: nil when the text needs shaping, or a
    /// character has no font.
    static func ownLayout(_ text: String, style: TextStyle, width: Double?) -> TextPlainLayout? {
        TextScript.route(text) == .pango ? nil : TextPlainLayout(text, style: style, width: width)
    }

    /// Starts the slow part of laying out `text` in the background, so that it overlaps what the
    /// caller does next, such as connecting to X; returns at once. For text that needs Pango:
    /// loading it, fontconfig's start-up, opening a fallback font (some 8 ms); for Chinese,
    /// Japanese or Korean: fontconfig's start-up (some 3 ms). Plain text costs nothing.
    /// `metrics` and `draw` then find it ready, or wait for it.
    public static func prepare(_ text: String, style: TextStyle, width: Double?) {
        let text = TextSafety.displayable(text)
        switch TextScript.route(text) {
        case .dejaVu: return
        case .withFallbackFonts: pinbox_fallback_prepare()
        case .pango:
            var pango = pangoStyle(style, width: width)
            TextSafety.isolatingPaths(text).withCString { pinbox_pango_prepare($0, &pango) }
        }
    }

    /// Whether this process has loaded Pango (and with it HarfBuzz, fontconfig and GLib).
    public static var pangoLoaded: Bool { pinbox_pango_is_loaded() != 0 }

    /// Laid out by PinBox itself whatever the text: DejaVu and the fallback fonts, or DejaVu
    /// alone when a character has no font.
    static func plainMetrics(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        plainLayout(text, style: style, width: width).metrics
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

    /// Draws as PinBox lays text out itself, whatever the text (see `plainMetrics`).
    static func drawPlain(_ text: String, style: TextStyle, width: Double?, at origin: Point, on canvas: Canvas) {
        plainLayout(text, style: style, width: width).draw(style: style, width: width, at: origin, on: canvas.cr)
    }

    private static func plainLayout(_ text: String, style: TextStyle, width: Double?) -> TextPlainLayout {
        TextPlainLayout(text, style: style, width: width) ?? .dejaVuOnly(text, style: style, width: width)
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

    /// How `text` is drawn: DejaVu alone, with fallback fonts, or by Pango.
    static func route(_ text: String) -> TextScript.Route {
        TextScript.route(TextSafety.displayable(text))
    }

    private static func pangoStyle(_ style: TextStyle, width: Double?) -> pinbox_text_style {
        pinbox_text_style(size: max(style.size, 0.1), bold: style.bold ? 1 : 0,
                          centre: style.alignment == .centre ? 1 : 0, wrap_width: width.map { max($0, 0) } ?? -1)
    }
}
