/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CTEXT_H
#define PINBOX_CTEXT_H
// Text DejaVu cannot draw alone (Chinese, Japanese, Korean, Arabic, Hebrew, combining marks…),
// laid out and drawn by Pango over Cairo. Pango is not linked: the first call that needs it loads
// libpangocairo with dlopen, so a process that never shows such text never maps Pango, HarfBuzz
// or GLib, and never starts fontconfig's fallback. Every function is safe to call from any thread.

/// The extent of a laid-out block of text, in device pixels.
typedef struct {
    double width;
    double height;
    /// From the top of the block to the first line's baseline.
    double baseline;
    int lines;
    /// Characters no installed font has, drawn as boxes.
    int unknown_glyphs;
    /// 1 when text was left out to keep within max_height (the last line then ends with "…").
    int truncated;
} pinbox_text_metrics;

/// How a paragraph is set: an absolute size in device pixels, DejaVu Sans first and fontconfig's
/// fallback (for the language, see pinbox_pango_set_language) for what it lacks, wrapped at word
/// boundaries, and inside a word too long for a line between characters, when wrap_width >= 0.
typedef struct {
    double size;
    /// The face, as a Pango font description without its size ("Cantarell", "Noto Sans Medium"):
    /// the desktop's choice, first instead of DejaVu Sans; NULL for DejaVu Sans.
    const char *face;
    int bold;
    /// 1 sets DejaVu Sans Mono first instead: every character as wide as the next.
    int monospace;
    /// 1 centres each line; 0 starts it at the paragraph's own side (right for Arabic, Hebrew).
    int centre;
    /// Device pixels; negative for no wrapping.
    double wrap_width;
    /// Device pixels; negative for no bound. With a wrap width, the lines that do not fit are
    /// left out and the last one shown ends with an ellipsis; at least one line is shown.
    double max_height;
} pinbox_text_style;

/// Loads Pango if it is not loaded yet; 1 when it is usable, 0 when the library is missing.
int pinbox_pango_load(void);

/// 1 once Pango has been loaded by this process, without loading it.
int pinbox_pango_is_loaded(void);

/// 1 when /proc/self/maps names a Pango library, however it came (dlopen or linking): what
/// the start-up probe and the tests check to prove plain text never brings Pango in.
int pinbox_pango_is_mapped(void);

/// The language Pango chooses fonts and glyph forms for (Japanese, Simplified or Traditional
/// Chinese forms of the same ideograph): a locale's name or language part ("ja_JP", "zh_TW"),
/// named to Pango as fontconfig names it ("ja", "zh-tw"); "C" or "POSIX" for no language; NULL or
/// "" for Pango's default. Applies to every layout made after it, and is kept for Pango when it
/// is not loaded yet.
void pinbox_pango_set_language(const char *tag);

/// Lays out `utf8` (NUL-terminated, valid UTF-8) and reports its extent. Returns 0 when Pango
/// cannot be loaded (metrics are then zero).
int pinbox_pango_measure(const char *utf8, const pinbox_text_style *style, pinbox_text_metrics *metrics);

/// Draws `utf8` laid out as by pinbox_pango_measure on the cairo_t `cairo`, the block's top-left
/// at (x, y), in the colour (red, green, blue, alpha). Each line's ink is clipped to its own line
/// (the block's first and last lines may ink a quarter of a line past the block): a letter carrying
/// hundreds of combining marks stays on its line. Its letters are rasterised with `font_options`
/// (a cairo_font_options_t: smoothing, hinting). Returns 0 when Pango cannot be loaded.
int pinbox_pango_draw(void *cairo, const void *font_options, const char *utf8, const pinbox_text_style *style,
                      double x, double y, double red, double green, double blue, double alpha);

/// Where the character at byte `index` of `utf8` is drawn, laid out as by pinbox_pango_measure
/// and unwrapped: from the block's left edge (`x`) and across (`width`), whatever its direction
/// (the first letter of a right-to-left word is at its right). Returns 0 when Pango cannot be
/// loaded.
int pinbox_pango_span(const char *utf8, const pinbox_text_style *style, int index, double *x, double *width);

/// Starts loading Pango and laying out `utf8` once, on a thread of its own, and returns at once:
/// dlopen, fontconfig's start-up (parsing its configuration) and opening the fallback fonts then
/// run while the caller connects to X. A later measure or draw waits for it (they share a lock)
/// rather than doing the work again. Does nothing when no thread can be started.
void pinbox_pango_prepare(const char *utf8, const pinbox_text_style *style);

#endif
