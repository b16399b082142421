// The fonts of characters DejaVu lacks, chosen as Pango chooses them, for text that needs no
// shaping (Chinese, Japanese, Korean): the FreeType path draws it with these faces and never
// loads Pango. See pinbox_fallback_face in CText.h.
#include "CText.h"
#include "fontconfig_start.h"

#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <cairo-ft.h>
#include <fontconfig/fontconfig.h>

// One paragraph style's fonts: what Pango's fontset for "DejaVu Sans" at this size and weight
// holds, in its order, each made into a Cairo face when first needed.
typedef struct fontset {
    struct fontset *next;
    int bold;
    double pixel_size;
    FcPattern *pattern;
    FcFontSet *fonts;
    cairo_font_face_t **faces;
} fontset;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static fontset *fontsets;
static int fontset_count;
// A dialog uses four or five sizes; a program that kept asking for new ones would otherwise grow
// the cache without end. Past this many, text in new sizes goes to Pango.
enum { most_fontsets = 64 };

// Pango's language when the program has not set LC_CTYPE's locale, and its canonical spelling
// of "C" or "POSIX" ("c", "posix"), which Pango takes to cover every script: every run of the
// paragraph then uses this one fontset. Under a named locale Pango picks a language per script
// (Japanese for kana, Korean for Hangul), which this file does not copy: NULL sends the text to
// Pango instead.
static const char *pango_language(void) {
    const char *locale = setlocale(LC_CTYPE, NULL);
    if (!locale) return "c";
    if (strcmp(locale, "C") == 0 || strncmp(locale, "C.", 2) == 0) return "c";
    if (strcmp(locale, "POSIX") == 0) return "posix";
    return NULL;
}

// The pattern Pango's fontset is sorted by (pango_fc_make_pattern, then the Cairo font map's
// substitutions in the same order), and the sorted fonts; NULL when fontconfig has none.
static fontset *make_fontset(int bold, double pixel_size, const char *language, const cairo_font_options_t *options) {
    pinbox_fontconfig_wait();
    FcPattern *pattern = FcPatternCreate();
    if (!pattern) return NULL;
    FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
    FcPatternAddInteger(pattern, FC_WIDTH, FC_WIDTH_NORMAL);
    FcPatternAddBool(pattern, FC_VERTICAL_LAYOUT, FcFalse);
    FcPatternAddDouble(pattern, FC_DPI, 96);
    FcPatternAddDouble(pattern, FC_SIZE, pixel_size * 72 / 96);
    FcPatternAddDouble(pattern, FC_PIXEL_SIZE, pixel_size);
    FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)"DejaVu Sans");
    FcPatternAddString(pattern, FC_LANG, (const FcChar8 *)language);
    FcConfigSubstitute(NULL, pattern, FcMatchPattern);
    cairo_ft_font_options_substitute(options, pattern);
    FcDefaultSubstitute(pattern);
    FcResult result;
    FcFontSet *fonts = FcFontSort(NULL, pattern, FcFalse, NULL, &result);
    fontset *set = calloc(1, sizeof *set);
    cairo_font_face_t **faces = fonts ? calloc((size_t)fonts->nfont, sizeof *faces) : NULL;
    if (!fonts || !set || !faces) {
        if (fonts) FcFontSetDestroy(fonts);
        FcPatternDestroy(pattern);
        free(set);
        free(faces);
        return NULL;
    }
    *set = (fontset){.bold = bold, .pixel_size = pixel_size, .pattern = pattern, .fonts = fonts, .faces = faces};
    return set;
}

// With the lock held.
static fontset *fontset_for(int bold, double pixel_size, const char *language, const cairo_font_options_t *options) {
    for (fontset *set = fontsets; set; set = set->next) {
        if (set->bold == bold && set->pixel_size == pixel_size) return set;
    }
    if (fontset_count >= most_fontsets) return NULL;
    fontset *set = make_fontset(bold, pixel_size, language, options);
    if (set) {
        set->next = fontsets;
        fontsets = set;
        fontset_count++;
    }
    return set;
}

void *pinbox_fallback_face(unsigned int character, int bold, double pixel_size, const void *font_options,
                           int *position) {
    const char *language = pango_language();
    if (!language) return NULL;
    pthread_mutex_lock(&lock);
    cairo_font_face_t *face = NULL;
    fontset *set = fontset_for(bold, pixel_size, language, font_options);
    for (int i = 0; set && i < set->fonts->nfont && !face; i++) {
        FcCharSet *characters;
        if (FcPatternGetCharSet(set->fonts->fonts[i], FC_CHARSET, 0, &characters) != FcResultMatch ||
            !FcCharSetHasChar(characters, character)) continue;
        if (!set->faces[i]) {
            // As Pango's Cairo fonts are made: the sorted font completed by the pattern (which
            // adds the configuration's hinting, embolden for a bold request the font lacks, …).
            FcPattern *prepared = FcFontRenderPrepare(NULL, set->pattern, set->fonts->fonts[i]);
            if (!prepared) break;
            set->faces[i] = cairo_ft_font_face_create_for_pattern(prepared);
            FcPatternDestroy(prepared);
        }
        face = set->faces[i];
        *position = i;
    }
    pthread_mutex_unlock(&lock);
    return face;
}

void pinbox_fallback_prepare(void) {
    if (pango_language()) pinbox_fontconfig_start();
}
