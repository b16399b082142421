// SPDX-License-Identifier: MIT
import CText
import PinBoxCore

/// Text laid out and drawn by Pango (through CText, which loads it on first use): every text
/// DejaVu cannot draw alone. Pango itemises, picks fonts for the language (`TextLanguage`),
/// shapes with HarfBuzz, runs each paragraph in its own direction, wraps at word boundaries
/// (inside a word too long for a line, between characters) and ellipsizes past a height.
enum PangoText {
    /// Laid out by Pango, with the number of characters no font has; nil when Pango is not
    /// installed. `text` has been through `TextSafety.displayable`.
    static func metrics(_ text: String, style: TextStyle, width: Double?) -> (TextMetrics, missingGlyphs: Int)? {
        TextLanguage.useEnvironmentUnlessSet()
        var metrics = pinbox_text_metrics()
        let given = bounded(text, style: style, width: width)
        guard withCStyle(style, width: width, { pango in
            TextSafety.isolatingPaths(given.text).withCString { pinbox_pango_measure($0, &pango, &metrics) }
        }) != 0 else { return nil }
        return (TextMetrics(size: Size(width: metrics.width, height: metrics.height), firstBaseline: metrics.baseline,
                            lineCount: Int(metrics.lines), truncated: metrics.truncated != 0 || given.cut),
                Int(metrics.unknown_glyphs))
    }

    /// Draws as `metrics` lays out; false when Pango is not installed.
    static func draw(_ text: String, style: TextStyle, width: Double?, at origin: Point, on canvas: Canvas) -> Bool {
        TextLanguage.useEnvironmentUnlessSet()
        let c = style.color
        return withCStyle(style, width: width) { pango in
            prepared(text, style: style, width: width).withCString {
                pinbox_pango_draw(UnsafeMutableRawPointer(canvas.cr), UnsafeRawPointer(canvas.fontOptions), $0, &pango,
                                  origin.x, origin.y, c.red, c.green, c.blue, c.alpha)
            }
        } != 0
    }

    /// Where character `index` (counted in Unicode scalars) of one unwrapped line of `text` is
    /// drawn (see `pinbox_pango_span`); nil when Pango is not installed. `text` has been through
    /// `TextSafety.displayable`, which leaves no isolate in it: every isolate in what Pango is
    /// given was put around a path (`prepared`), and is passed over to find the character.
    static func span(ofCharacter index: Int, in text: String, style: TextStyle) -> (x: Double, width: Double)? {
        TextLanguage.useEnvironmentUnlessSet()
        let given = prepared(text, style: style, width: nil)
        var bytes = 0, seen = 0
        for scalar in given.unicodeScalars {
            if !(0x2066...0x2069).contains(scalar.value) {
                if seen == index { break }
                seen += 1
            }
            bytes += UTF8.width(scalar)
        }
        guard index >= 0, seen == index, bytes < given.utf8.count else { return nil }
        var x = 0.0, width = 0.0
        guard withCStyle(style, width: nil, { pango in
            given.withCString { pinbox_pango_span($0, &pango, Int32(bytes), &x, &width) }
        }) != 0 else { return nil }
        return (x, width)
    }

    /// Starts loading Pango and laying `text` out on a thread (see `TextLayout.prepare`).
    static func prepare(_ text: String, style: TextStyle, width: Double?) {
        TextLanguage.useEnvironmentUnlessSet()
        withCStyle(style, width: width) { pango in
            prepared(text, style: style, width: width).withCString { pinbox_pango_prepare($0, &pango) }
        }
    }

    /// What Pango is given: at most what a bounded block can show (`bounded`), file paths in
    /// isolates (`TextSafety.isolatingPaths`).
    private static func prepared(_ text: String, style: TextStyle, width: Double?) -> String {
        TextSafety.isolatingPaths(bounded(text, style: style, width: width).text)
    }

    /// `text` cut to what a block of `width` and `style.maxHeight` could ever show, with "…"
    /// for the rest (`cut`). Pango shapes the whole of a paragraph before it ellipsizes it, and
    /// takes more than linear time over many paragraphs, however few lines are shown. As many
    /// lines fit as ems of height, and one; each holds at most one character per quarter em of
    /// its width (no letter, digit or sign is narrower: a text of marks and spacing hints alone
    /// ends sooner); and each paragraph takes a line at least.
    static func bounded(_ text: String, style: TextStyle, width: Double?) -> (text: String, cut: Bool) {
        guard let width, let height = style.maxHeight else { return (text, false) }
        let em = max(style.size, 1)
        let lines = Int(min(max(height, 0) / em, 10_000)) + 1
        let perLine = Int(min(max(width, 0) / (em / 4), 10_000)) + 1
        let scalars = text.unicodeScalars
        var end = scalars.startIndex
        var count = 0, paragraphs = 1
        while end != scalars.endIndex && count < lines * perLine {
            if scalars[end] == "\n" {
                if paragraphs == lines { break }
                paragraphs += 1
            }
            scalars.formIndex(after: &end)
            count += 1
        }
        guard end != scalars.endIndex else { return (text, false) }
        // Only empty lines left out: nothing the reader misses, no sign.
        guard scalars[end...].contains(where: { $0 != "\n" }) else { return (String(scalars[..<end]), false) }
        return (String(scalars[..<end]) + "…", true)
    }

    /// `style` as CText takes it, for the length of `body` (it points into the face's bytes).
    private static func withCStyle<R>(_ style: TextStyle, width: Double?,
                                      _ body: (inout pinbox_text_style) -> R) -> R {
        func call(_ face: UnsafePointer<CChar>?) -> R {
            var c = pinbox_text_style(size: max(style.size, 0.1), face: face, bold: style.bold ? 1 : 0,
                                      monospace: style.monospace ? 1 : 0, centre: style.alignment == .centre ? 1 : 0,
                                      wrap_width: width.map { max($0, 0) } ?? -1,
                                      max_height: style.maxHeight.map { max($0, 0) } ?? -1)
            return body(&c)
        }
        guard let face = style.face else { return call(nil) }
        return face.withCString { call($0) }
    }
}
