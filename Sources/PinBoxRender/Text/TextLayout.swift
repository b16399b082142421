// SPDX-License-Identifier: MIT
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
    /// Text was left out to keep within the style's `maxHeight`; the last line ends with "…".
    public var truncated: Bool
}

/// Paragraphs of text in any language, measured and drawn the same way: what a dialog's title,
/// description, prompt and error line use. Newlines start paragraphs; `width` wraps lines at
/// word boundaries, and inside a word only when the word alone is wider; `style.maxHeight`
/// bounds the block, ending it with an ellipsis. Each paragraph runs in its own direction
/// (Arabic and Hebrew right to left, starting at the right edge when `.leading`). Control
/// characters and bidi overrides from the caller are neutralised (`TextSafety`).
///
/// One text engine, Pango, with one fast path: text DejaVu draws alone (Latin, Greek, Cyrillic:
/// `DejaVuCoverage`) goes straight through FreeType and Cairo (`DejaVuLayout`), unless a word of
/// it is wider than the line or the style names another face (the desktop's font); everything
/// else goes to Pango (`PangoText`), loaded the first time such text is measured or drawn and
/// never before, in the language of the locale (`setLanguage`).
public enum TextLayout {
    public static func metrics(_ text: String, style: TextStyle, width: Double?) -> TextMetrics {
        let text = TextSafety.displayable(text)
        if let plain = plainLayout(text, style: style, width: width) { return plain.metrics }
        if let (metrics, _) = PangoText.metrics(text, style: style, width: width) { return metrics }
        // Pango is not installed: DejaVu alone (missing glyphs show as boxes).
        return DejaVuLayout(text, style: style, width: width).metrics
    }

    /// DejaVu's layout of `text`, or nil where Pango lays it out: text DejaVu cannot draw alone,
    /// and plain text with a word wider than the line (a long path), which DejaVu's spaces-only
    /// breaking would cut between two letters where Pango breaks after a slash or a hyphen.
    private static func plainLayout(_ text: String, style: TextStyle, width: Double?) -> DejaVuLayout? {
        guard style.face == nil || style.monospace, DejaVuCoverage.isPlain(text) else { return nil }
        let layout = DejaVuLayout(text, style: style, width: width)
        return layout.splitAWord ? nil : layout
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
        if let plain = plainLayout(text, style: style, width: width) {
            return plain.draw(style: style, width: width, at: origin, on: canvas)
        }
        if PangoText.draw(text, style: style, width: width, at: origin, on: canvas) { return }
        DejaVuLayout(text, style: style, width: width).draw(style: style, width: width, at: origin, on: canvas)
    }

    /// Where the character at `index` (counted in Unicode scalars) of a one-line `text` is
    /// drawn, from the line's left edge, as `draw` without a width places it: in a right-to-left
    /// word the first letter is at the right (a mnemonic's underline goes under it).
    public static func span(ofCharacter index: Int, in text: String, style: TextStyle) -> (x: Double, width: Double) {
        let shown = TextSafety.displayable(text)
        if shown.unicodeScalars.count == text.unicodeScalars.count, style.face != nil || !DejaVuCoverage.isPlain(shown),
           let span = PangoText.span(ofCharacter: index, in: shown, style: style) {
            return span
        }
        // Left to right, as DejaVu draws: the characters before it, then through it.
        let scalars = text.unicodeScalars
        let before = String(String.UnicodeScalarView(scalars.prefix(max(0, index))))
        let through = String(String.UnicodeScalarView(scalars.prefix(max(0, index + 1))))
        let x0 = measure(before, style: style, width: nil).width
        return (x0, measure(through, style: style, width: nil).width - x0)
    }

    /// Sets the language of text drawn after it from a POSIX locale name (`ja_JP.UTF-8`), such as
    /// the pinentry's `lc-ctype` from gpg-agent; nil: from the environment (LC_ALL, LC_CTYPE,
    /// LANG), as without a call. Chooses the fonts and glyph forms Pango uses: 直 in a Japanese,
    /// a Simplified or a Traditional Chinese face. Loads nothing.
    public static func setLanguage(_ locale: String?) {
        TextLanguage.set(locale: locale)
    }

    /// A caller's title as the window's name: one line, control characters shown as U+FFFD and
    /// bidi overrides removed, as the dialog's own text is (the window manager draws it, and an
    /// override would turn "cod.exe" into "exe.doc" in the title bar).
    public static func windowTitle(_ text: String) -> String {
        TextSafety.oneLine(text)
    }

    /// Whether this process has loaded Pango (and with it HarfBuzz, fontconfig's fallback and GLib).
    public static var pangoLoaded: Bool { pinbox_pango_is_loaded() != 0 }

    /// Whether `text` goes to Pango whatever its width (else DejaVu draws it alone, unless a word
    /// of it is wider than the line).
    static func needsPango(_ text: String) -> Bool {
        !DejaVuCoverage.isPlain(TextSafety.displayable(text))
    }
}
