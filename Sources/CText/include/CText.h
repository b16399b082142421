#ifndef PINBOX_CTEXT_H
#define PINBOX_CTEXT_H
// Text that needs shaping or bidi, drawn by Pango over Cairo; and, for text that needs fonts
// other than DejaVu but no shaping (Chinese, Japanese, Korean), the fonts Pango would use. Pango
// is not linked: the first call that needs it loads libpangocairo with dlopen, so a process that
// never shows such text never maps Pango, HarfBuzz or GLib, and one that shows only Latin, Greek
// or Cyrillic never starts fontconfig either (its start-up alone costs some 3 ms). Every
// function is safe to call from any thread.

/// The extent of a laid-out block of text, in device pixels.
typedef struct {
    double width;
    double height;
    /// From the top of the block to the first line's baseline.
    double baseline;
    int lines;
    /// Characters no installed font has, drawn as boxes.
    int unknown_glyphs;
} pinbox_text_metrics;

/// How a paragraph is set: an absolute size in device pixels, DejaVu Sans first and fontconfig's
/// fallback for what it lacks, wrapped at word (then character) boundaries when wrap_width >= 0.
typedef struct {
    double size;
    int bold;
    /// 1 centres each line; 0 starts it at the paragraph's own side (right for Arabic, Hebrew).
    int centre;
    /// Device pixels; negative for no wrapping.
    double wrap_width;
} pinbox_text_style;

/// Loads Pango if it is not loaded yet; 1 when it is usable, 0 when the library is missing.
int pinbox_pango_load(void);

/// 1 once Pango has been loaded by this process, without loading it.
int pinbox_pango_is_loaded(void);

/// 1 when /proc/self/maps names a Pango library, however it came (dlopen or linking): what
/// the start-up probe and the tests check to prove plain text never brings Pango in.
int pinbox_pango_is_mapped(void);

/// Lays out `utf8` (NUL-terminated, valid UTF-8) and reports its extent. Returns 0 when Pango
/// cannot be loaded (metrics are then zero).
int pinbox_pango_measure(const char *utf8, const pinbox_text_style *style, pinbox_text_metrics *metrics);

/// Draws `utf8` laid out as by pinbox_pango_measure on the cairo_t `cairo`, the block's top-left
/// at (x, y), in the colour (red, green, blue, alpha). Returns 0 when Pango cannot be loaded.
int pinbox_pango_draw(void *cairo, const char *utf8, const pinbox_text_style *style, double x, double y,
                      double red, double green, double blue, double alpha);

/// Starts loading Pango and laying out `utf8` once, on a thread of its own, and returns at once:
/// dlopen, fontconfig's start-up (parsing its configuration) and opening the fallback fonts then
/// run while the caller connects to X. A later measure or draw waits for it (they share a lock)
/// rather than doing the work again. Does nothing when no thread can be started.
void pinbox_pango_prepare(const char *utf8, const pinbox_text_style *style);

/// The Cairo font face (a cairo_font_face_t) Pango would draw `character` with in a paragraph of
/// DejaVu Sans at `pixel_size` device pixels, bold or not, rendered with `font_options` (a
/// cairo_font_options_t): the first font of fontconfig's list sorted for that paragraph that has
/// the character, completed as Pango completes it (the configuration's hinting, synthetic bold).
/// `position` receives the font's place in that list, which Pango compares when a space could go
/// with either of two fonts. The face belongs to a cache that lives as long as the process.
/// NULL when no installed font has the character, when the process has set LC_CTYPE to a
/// language (Pango would then choose fonts per script), or for a 65th size (the cache keeps 64):
/// such text goes to Pango. Safe from any thread; the first call waits for fontconfig's start-up.
void *pinbox_fallback_face(unsigned int character, int bold, double pixel_size, const void *font_options,
                           int *position);

/// A font's vertical extents in Pango units (1024 to a device pixel), as HarfBuzz reads them.
typedef struct {
    int ascender;
    /// Below the baseline: negative.
    int descender;
    /// 1 when the font has an OpenType BASE table (its own baselines).
    int has_baselines;
} pinbox_font_extents_t;

/// The extents of `scaled_font` (a cairo_scaled_font_t made from a FreeType face) at
/// `pixel_size`, as Pango 1.50 gets them from HarfBuzz: OS/2's typographic ascender and
/// descender when the font sets USE_TYPO_METRICS, else hhea's, scaled and rounded as HarfBuzz
/// does. Returns 0 when the font has neither table.
int pinbox_font_extents(void *scaled_font, double pixel_size, pinbox_font_extents_t *extents);

/// Starts fontconfig's start-up on a thread of its own (when pinbox_fallback_face can answer at
/// all), for a caller that will soon need a fallback face; returns at once.
void pinbox_fallback_prepare(void);

#endif
