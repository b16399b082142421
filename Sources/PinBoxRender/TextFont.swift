import CCairo
import CText

/// A font face at one size as PinBox's own text layout uses it, with the metrics Pango 1.50
/// gives the same face (pangocairo-font.c, HarfBuzz's extents): each run of text on a line is as
/// tall as its font's ascender and descender rounded out to whole pixels, and on a line that
/// starts with Chinese, Japanese or Korean the other fonts' runs move so that the fonts'
/// ideographic baselines line up (pango-layout.c, apply_baseline_shift).
/// The scaled fonts are the caller's to release (`release()`).
struct TextFont {
    let face: OpaquePointer
    /// Advances unhinted, as Pango reads them.
    let unhinted: OpaquePointer
    /// Hinted metrics: the glyphs as drawn (as Pango's font draws them).
    let hinted: OpaquePointer
    /// Above and below the baseline, in Pango units (1024 to a pixel), whole pixels.
    let ascent: Int
    let descent: Int
    /// HarfBuzz's ideographic baseline for a font without a BASE table: a tenth of the em box
    /// above its bottom (the descender), in Pango units.
    let ideographicBaseline: Int
    /// The font has a BASE table of its own, which PinBox does not read.
    let hasBaselines: Bool

    init(_ face: OpaquePointer, size: Double) {
        self.face = face
        unhinted = TextFont.scaledFont(face, size: size, hintMetrics: false)
        hinted = TextFont.scaledFont(face, size: size, hintMetrics: true)
        var extents = pinbox_font_extents_t()
        if pinbox_font_extents(UnsafeMutableRawPointer(hinted), max(size, 0.1), &extents) != 0 {
            ascent = (Int(extents.ascender) + 1023) / 1024 * 1024
            descent = (-Int(extents.descender) + 1023) / 1024 * 1024
            ideographicBaseline = Int(extents.descender) + Int(extents.ascender - extents.descender) / 10
            hasBaselines = extents.has_baselines != 0
        } else {
            // Not a font file FreeType reads tables from: Cairo's rounded extents.
            var cairo = cairo_font_extents_t()
            cairo_scaled_font_extents(hinted, &cairo)
            ascent = Int((cairo.ascent * 1024).rounded())
            descent = Int((cairo.descent * 1024).rounded())
            ideographicBaseline = -descent + (ascent + descent) / 10
            hasBaselines = false
        }
    }

    func release() {
        cairo_scaled_font_destroy(unhinted)
        cairo_scaled_font_destroy(hinted)
    }

    /// `face` at `size`, hinted as `Canvas.drawText` draws DejaVu.
    private static func scaledFont(_ face: OpaquePointer, size: Double, hintMetrics: Bool) -> OpaquePointer {
        var matrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, max(size, 0.1), max(size, 0.1))
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_copy(Fonts.options)!
        cairo_font_options_set_hint_metrics(options, hintMetrics ? CAIRO_HINT_METRICS_ON : CAIRO_HINT_METRICS_OFF)
        defer { cairo_font_options_destroy(options) }
        return cairo_scaled_font_create(face, &matrix, &identity, options)!
    }
}
