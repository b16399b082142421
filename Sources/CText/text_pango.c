/* SPDX-License-Identifier: MIT */
// Pango, loaded on first use. Compiled against Pango's headers so every call is type-checked,
// but not linked: each function is looked up with dlsym in the library dlopen returns.
#include "CText.h"
#include "CSystem.h"
#include "fontconfig_start.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>

// Every Pango (and GLib) function used below; each gets a pointer p_NAME of NAME's own type.
#define PINBOX_PANGO_FUNCTIONS(X)                 \
    X(g_object_unref)                             \
    X(pango_cairo_font_map_new)                   \
    X(pango_font_map_create_context)              \
    X(pango_cairo_context_set_font_options)       \
    X(pango_cairo_context_get_font_options)       \
    X(pango_context_set_round_glyph_positions)    \
    X(pango_context_set_language)                 \
    X(pango_language_from_string)                 \
    X(pango_attr_list_new)                        \
    X(pango_attr_list_insert)                     \
    X(pango_attr_font_features_new)               \
    X(pango_attr_insert_hyphens_new)              \
    X(pango_font_description_new)                 \
    X(pango_font_description_from_string)         \
    X(pango_font_description_free)                \
    X(pango_font_description_set_family)          \
    X(pango_font_description_set_weight)          \
    X(pango_font_description_set_absolute_size)   \
    X(pango_layout_new)                           \
    X(pango_layout_set_attributes)                \
    X(pango_layout_set_font_description)          \
    X(pango_layout_set_auto_dir)                  \
    X(pango_layout_set_alignment)                 \
    X(pango_layout_set_width)                     \
    X(pango_layout_set_height)                    \
    X(pango_layout_set_wrap)                      \
    X(pango_layout_set_ellipsize)                 \
    X(pango_layout_set_text)                      \
    X(pango_layout_is_ellipsized)                 \
    X(pango_layout_get_pixel_extents)             \
    X(pango_layout_get_baseline)                  \
    X(pango_layout_get_line_count)                \
    X(pango_layout_get_line_readonly)             \
    X(pango_layout_get_unknown_glyphs_count)      \
    X(pango_layout_get_iter)                      \
    X(pango_layout_iter_free)                     \
    X(pango_layout_iter_next_line)                \
    X(pango_layout_iter_at_last_line)             \
    X(pango_layout_iter_get_line_readonly)        \
    X(pango_layout_iter_get_line_extents)         \
    X(pango_layout_iter_get_baseline)             \
    X(pango_layout_index_to_pos)                  \
    X(pango_cairo_show_layout_line)

#define PINBOX_DECLARE(name) static __typeof__(name) *p_##name;
PINBOX_PANGO_FUNCTIONS(PINBOX_DECLARE)

// Pango objects are not thread-safe; the tests draw from several threads at once.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int state; // 0 not tried, 1 loaded, -1 missing
static PangoContext *context;
static PangoAttrList *attributes;
// The language asked for (pinbox_pango_set_language), kept until Pango is loaded; NULL: Pango's own.
static char *language;

// With the lock held and Pango loaded. fontconfig sorts fonts by the language Pango names and by
// the defaults it takes from the environment (LC_ALL, LC_CTYPE, LANG), preferring an exact match
// of any: "ja-jp", which it does not know, would lose to the "zh-cn" of LANG=zh_CN. The language is
// named as fontconfig names its own (FcLangNormalize: "ja" for ja_JP, "zh-tw" for zh_TW); C and
// POSIX stay Pango's "c", which prefers no script.
static void apply_language(void) {
    if (!language) return;
    FcChar8 *known = NULL;
    if (strcmp(language, "C") != 0 && strcmp(language, "POSIX") != 0) known = FcLangNormalize((const FcChar8 *)language);
    p_pango_context_set_language(context, p_pango_language_from_string(known ? (const char *)known : language));
    if (known) FcStrFree(known);
}

// With the lock held.
static int load(void) {
    if (state != 0) return state == 1;
    state = -1;
    void *library = dlopen("libpangocairo-1.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define PINBOX_LOOK_UP(name) \
    if (!(p_##name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    PINBOX_PANGO_FUNCTIONS(PINBOX_LOOK_UP)

    // A font map of its own rather than the per-thread default: the lock makes one enough.
    // fontconfig must be ready first, or the font map starts a second parse of its own.
    pinbox_fontconfig_wait();
    PangoFontMap *fonts = p_pango_cairo_font_map_new();
    context = p_pango_font_map_create_context(fonts);
    // Unhinted as the FreeType path draws DejaVu (Fonts.options(.standard)), with whole-pixel
    // advances, so a Latin line looks alike either way; each drawing sets its own rendering.
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_ON);
    p_pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    p_pango_context_set_round_glyph_positions(context, TRUE);
    apply_language();
    // No kerning: the FreeType path has none, and a word should not change width when one
    // character sends its line to Pango.
    attributes = p_pango_attr_list_new();
    p_pango_attr_list_insert(attributes, p_pango_attr_font_features_new("kern 0"));
    // A word broken between characters gets no hyphen: in a key's file name or a fingerprint
    // a hyphen that is not there would change what the user reads.
    p_pango_attr_list_insert(attributes, p_pango_attr_insert_hyphens_new(FALSE));
    state = 1;
    return 1;
}

int pinbox_pango_load(void) {
    pthread_mutex_lock(&lock);
    int loaded = load();
    pthread_mutex_unlock(&lock);
    return loaded;
}

int pinbox_pango_is_loaded(void) {
    pthread_mutex_lock(&lock);
    int loaded = state == 1;
    pthread_mutex_unlock(&lock);
    return loaded;
}

void pinbox_pango_set_language(const char *tag) {
    pthread_mutex_lock(&lock);
    free(language);
    language = tag && *tag ? strdup(tag) : NULL;
    if (state == 1) {
        if (language) {
            apply_language();
        } else {
            // Pango's default: the process's LC_CTYPE locale.
            p_pango_context_set_language(context, NULL);
        }
    }
    pthread_mutex_unlock(&lock);
}

// Whether `rest` holds anything but line ends: a bounded layout that left out only empty
// lines left out nothing the user would miss.
static int holds_text(const char *rest) {
    for (; *rest; rest++) {
        if (*rest != '\n') return 1;
    }
    return 0;
}

// With a height bound, Pango ellipsizes the paragraph it cuts, but leaves out whole paragraphs
// after a line that ends one without a sign: then the last paragraph shown gets the ellipsis
// itself, and is laid out again (if "…" takes it past the bound, Pango ellipsizes it as usual).
// With the lock held; `layout` holds `utf8`. Returns 1 when text was left out.
static int mark_truncation(PangoLayout *layout, const char *utf8) {
    if (p_pango_layout_is_ellipsized(layout)) return 1;
    int count = p_pango_layout_get_line_count(layout);
    PangoLayoutLine *last = p_pango_layout_get_line_readonly(layout, count - 1);
    if (!last) return 0;
    size_t shown = (size_t)(last->start_index + last->length);
    if (shown >= strlen(utf8) || !holds_text(utf8 + shown)) return 0;
    static const char ellipsis[] = "\xE2\x80\xA6";
    char *cut = malloc(shown + sizeof ellipsis);
    if (!cut) return 1;
    memcpy(cut, utf8, shown);
    memcpy(cut + shown, ellipsis, sizeof ellipsis);
    p_pango_layout_set_text(layout, cut, -1);
    free(cut);
    return 1;
}

// With the lock held and Pango loaded. `truncated` receives whether text was left out.
static PangoLayout *make_layout(const char *utf8, const pinbox_text_style *style, int *truncated) {
    PangoLayout *layout = p_pango_layout_new(context);
    // The desktop's face, with its style words, where one is named; else DejaVu first, as the
    // FreeType path. fontconfig falls back per character for the rest.
    PangoFontDescription *font;
    if (style->face && !style->monospace) {
        font = p_pango_font_description_from_string(style->face);
        if (style->bold) p_pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD);
    } else {
        font = p_pango_font_description_new();
        p_pango_font_description_set_family(font, style->monospace ? "DejaVu Sans Mono" : "DejaVu Sans");
        p_pango_font_description_set_weight(font, style->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
    }
    p_pango_font_description_set_absolute_size(font, style->size * PANGO_SCALE);
    p_pango_layout_set_font_description(layout, font);
    p_pango_font_description_free(font);
    p_pango_layout_set_attributes(layout, attributes);
    // Each paragraph takes the direction of its first strong character, and "left" alignment
    // means its own start: right for Arabic and Hebrew.
    p_pango_layout_set_auto_dir(layout, TRUE);
    p_pango_layout_set_alignment(layout, style->centre ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT);
    int bounded = 0;
    if (style->wrap_width >= 0) {
        p_pango_layout_set_width(layout, (int)(style->wrap_width * PANGO_SCALE));
        p_pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        if (style->max_height >= 0) {
            // A positive height bounds the whole layout (a negative one would count lines per
            // paragraph): the lines that fit, the last one ellipsized.
            p_pango_layout_set_height(layout, (int)(style->max_height * PANGO_SCALE));
            p_pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
            bounded = 1;
        }
    }
    p_pango_layout_set_text(layout, utf8, -1);
    *truncated = bounded ? mark_truncation(layout, utf8) : 0;
    return layout;
}

// With the lock held and Pango loaded. Fonts are chosen with the context's options, so a
// rendering other than the last drawn is set on the context before the layout is made. Only the
// letters' pixels change: metrics are hinted the same either way and advances come from HarfBuzz.
static void render_with(const cairo_font_options_t *options) {
    const cairo_font_options_t *current = p_pango_cairo_context_get_font_options(context);
    if (current && cairo_font_options_equal(current, options)) return;
    p_pango_cairo_context_set_font_options(context, options);
}

// Takes the lock and lays `utf8` out, with its logical extents, its fonts rendered with
// `options` (NULL: as the last drawing's); NULL, the lock released, when Pango cannot be loaded.
// Every layout goes back through release_layout.
static PangoLayout *locked_layout(const char *utf8, const pinbox_text_style *style, const cairo_font_options_t *options,
                                  PangoRectangle *logical, int *truncated) {
    pthread_mutex_lock(&lock);
    if (!load()) {
        pthread_mutex_unlock(&lock);
        return NULL;
    }
    if (options) render_with(options);
    PangoLayout *layout = make_layout(utf8, style, truncated);
    p_pango_layout_get_pixel_extents(layout, NULL, logical);
    return layout;
}

static void release_layout(PangoLayout *layout) {
    p_g_object_unref(layout);
    pthread_mutex_unlock(&lock);
}

int pinbox_pango_measure(const char *utf8, const pinbox_text_style *style, pinbox_text_metrics *metrics) {
    *metrics = (pinbox_text_metrics){0};
    PangoRectangle logical;
    int truncated;
    PangoLayout *layout = locked_layout(utf8, style, NULL, &logical, &truncated);
    if (!layout) return 0;
    metrics->width = logical.width;
    metrics->height = logical.height;
    metrics->baseline = (double)p_pango_layout_get_baseline(layout) / PANGO_SCALE;
    metrics->lines = p_pango_layout_get_line_count(layout);
    metrics->unknown_glyphs = p_pango_layout_get_unknown_glyphs_count(layout);
    metrics->truncated = truncated;
    release_layout(layout);
    return 1;
}

int pinbox_pango_span(const char *utf8, const pinbox_text_style *style, int index, double *x, double *width) {
    PangoRectangle logical, at;
    int truncated;
    PangoLayout *layout = locked_layout(utf8, style, NULL, &logical, &truncated);
    if (!layout) return 0;
    p_pango_layout_index_to_pos(layout, index, &at);
    // A right-to-left character's rectangle runs leftwards from x (a negative width).
    int left = at.width < 0 ? at.x + at.width : at.x;
    *x = (double)(left - logical.x) / PANGO_SCALE;
    *width = (double)(at.width < 0 ? -at.width : at.width) / PANGO_SCALE;
    release_layout(layout);
    return 1;
}

int pinbox_pango_draw(void *cairo, const void *font_options, const char *utf8, const pinbox_text_style *style,
                      double x, double y, double red, double green, double blue, double alpha) {
    cairo_t *cr = cairo;
    PangoRectangle logical;
    int truncated;
    PangoLayout *layout = locked_layout(utf8, style, font_options, &logical, &truncated);
    if (!layout) return 0;
    cairo_save(cr);
    cairo_set_source_rgba(cr, red, green, blue, alpha);
    // Wrapped, the lines sit inside [x, x + wrap_width]; unwrapped, the block starts at x.
    double left = style->wrap_width >= 0 ? x : x - logical.x, top = y - logical.y;
    PangoLayoutIter *lines = p_pango_layout_get_iter(layout);
    int first = 1;
    do {
        PangoRectangle line;
        p_pango_layout_iter_get_line_extents(lines, NULL, &line);
        double line_top = top + (double)line.y / PANGO_SCALE, height = (double)line.height / PANGO_SCALE;
        // Hundreds of stacked marks would reach the lines above and the dialog's heading: each
        // line draws within its own box. The block's first and last lines may ink a little past
        // it, into the margin around the block (a hamza above a tall Arabic letter).
        double above = first ? height / 4 : 0, below = p_pango_layout_iter_at_last_line(lines) ? height / 4 : 0;
        first = 0;
        cairo_save(cr);
        cairo_rectangle(cr, -1e6, line_top - above, 2e6, height + above + below);
        cairo_clip(cr);
        cairo_move_to(cr, left + (double)line.x / PANGO_SCALE, top + (double)p_pango_layout_iter_get_baseline(lines) / PANGO_SCALE);
        p_pango_cairo_show_layout_line(cr, p_pango_layout_iter_get_line_readonly(lines));
        cairo_restore(cr);
    } while (p_pango_layout_iter_next_line(lines));
    p_pango_layout_iter_free(lines);
    cairo_restore(cr);
    release_layout(layout);
    return 1;
}

typedef struct {
    char *utf8;
    char *face;
    pinbox_text_style style;
} prepared_text;

static void forget(prepared_text *text) {
    free(text->utf8);
    free(text->face);
    free(text);
}

static void *prepare(void *argument) {
    prepared_text *text = argument;
    pinbox_text_metrics metrics;
    pinbox_pango_measure(text->utf8, &text->style, &metrics);
    forget(text);
    return NULL;
}

void pinbox_pango_prepare(const char *utf8, const pinbox_text_style *style) {
    pinbox_fontconfig_start();
    prepared_text *text = malloc(sizeof *text);
    if (!text) return;
    text->utf8 = strdup(utf8);
    text->face = style->face ? strdup(style->face) : NULL;
    text->style = *style;
    text->style.face = text->face;
    if (!text->utf8 || (style->face && !text->face) || pinbox_run_detached(prepare, text) != 0) forget(text);
}
