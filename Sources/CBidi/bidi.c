/* SPDX-License-Identifier: MIT */
// libfribidi, loaded on first use (see include/CBidi.h). Compiled against its headers so every
// call is type-checked, but not linked. (The name stays a literal in the dlopen call:
// scripts/package reads it there to compute the package's Depends.)
#include "CBidi.h"

#include <dlfcn.h>
#include <pthread.h>
#include <string.h>
#include <fribidi.h>

#if FRIBIDI_INTERFACE_VERSION != 4
#error "FriBidi's interface 4 (libfribidi.so.0) expected: update the name dlopen loads"
#endif

#define PINBOX_BIDI_FUNCTIONS(X)               \
    X(fribidi_get_bidi_types)                  \
    X(fribidi_get_bracket)                     \
    X(fribidi_get_par_embedding_levels_ex)     \
    X(fribidi_get_joining_types)               \
    X(fribidi_join_arabic)                     \
    X(fribidi_shape)                           \
    X(fribidi_reorder_line)

#define PINBOX_DECLARE(name) static __typeof__(name) *p_##name;
PINBOX_BIDI_FUNCTIONS(PINBOX_DECLARE)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int usable;

static void load(void) {
    void *library = dlopen("libfribidi.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
#define PINBOX_LOOK_UP(name) \
    if (!(p_##name = (__typeof__(name) *)dlsym(library, #name))) return;
    PINBOX_BIDI_FUNCTIONS(PINBOX_LOOK_UP)
#undef PINBOX_LOOK_UP
    usable = 1;
}

int pinbox_bidi_load(void) {
    pthread_once(&once, load);
    return usable;
}

// The scratch's arrays, each on a 16-byte boundary.
static size_t rounded(size_t bytes) { return (bytes + 15) / 16 * 16; }

size_t pinbox_bidi_scratch_size(int length) {
    size_t n = length > 0 ? (size_t)length : 1;
    return rounded(n * sizeof(FriBidiCharType)) + rounded(n * sizeof(FriBidiBracketType)) +
           rounded(n * sizeof(FriBidiStrIndex)) + rounded(n * sizeof(FriBidiLevel)) +
           rounded(n * sizeof(FriBidiArabicProp));
}

// What fribidi_get_bracket_types gives, but each bracket's kind numbered by its first appearance
// here instead of named by its opening character: FriBidi copies the kinds into runs it allocates
// and frees without wiping, and the algorithm only asks whether two kinds are the same.
static void bracket_kinds(const FriBidiChar *text, const FriBidiCharType *types, int length,
                          FriBidiBracketType *kinds) {
    enum { SEEN = 64 };
    FriBidiBracketType seen[SEEN];
    int count = 0;
    for (int i = 0; i < length; i++) {
        kinds[i] = FRIBIDI_NO_BRACKET;
        if (types[i] != FRIBIDI_TYPE_ON) continue;
        FriBidiBracketType bracket = p_fribidi_get_bracket(text[i]);
        if (bracket == FRIBIDI_NO_BRACKET) continue;
        FriBidiBracketType id = FRIBIDI_BRACKET_ID(bracket);
        int kind = 0;
        while (kind < count && seen[kind] != id) kind++;
        // More kinds than the table holds (a passphrase of brackets): the rest pair as neutrals.
        if (kind == SEEN) continue;
        if (kind == count) seen[count++] = id;
        kinds[i] = (FriBidiBracketType)(kind + 1) | (bracket & FRIBIDI_BRACKET_OPEN_MASK);
    }
    explicit_bzero(seen, sizeof seen);
}

// One character as UTF-8 at `out`; returns its length.
static int put_utf8(FriBidiChar c, unsigned char *out) {
    if (c < 0x80) { out[0] = (unsigned char)c; return 1; }
    if (c < 0x800) { out[0] = (unsigned char)(0xC0 | c >> 6); out[1] = (unsigned char)(0x80 | (c & 0x3F)); return 2; }
    if (c < 0x10000) {
        out[0] = (unsigned char)(0xE0 | c >> 12);
        out[1] = (unsigned char)(0x80 | (c >> 6 & 0x3F));
        out[2] = (unsigned char)(0x80 | (c & 0x3F));
        return 3;
    }
    out[0] = (unsigned char)(0xF0 | c >> 18);
    out[1] = (unsigned char)(0x80 | (c >> 12 & 0x3F));
    out[2] = (unsigned char)(0x80 | (c >> 6 & 0x3F));
    out[3] = (unsigned char)(0x80 | (c & 0x3F));
    return 4;
}

long pinbox_bidi_visual(uint32_t *text, int length, unsigned char *visual, void *scratch, int *right_to_left) {
    if (!pinbox_bidi_load() || length <= 0) return -1;
    size_t n = (size_t)length;
    unsigned char *at = scratch;
    FriBidiCharType *types = (FriBidiCharType *)at;
    at += rounded(n * sizeof *types);
    FriBidiBracketType *kinds = (FriBidiBracketType *)at;
    at += rounded(n * sizeof *kinds);
    FriBidiStrIndex *map = (FriBidiStrIndex *)at;
    at += rounded(n * sizeof *map);
    FriBidiLevel *levels = (FriBidiLevel *)at;
    at += rounded(n * sizeof *levels);
    FriBidiArabicProp *joining = (FriBidiArabicProp *)at;

    // As fribidi_log2vis does it, step by step, in the caller's buffers: log2vis keeps the
    // brackets, which name characters, in an array of its own (the heap's for a long text), and
    // its copy of the text in the caller's, neither wiped.
    p_fribidi_get_bidi_types(text, length, types);
    bracket_kinds(text, types, length, kinds);
    FriBidiParType direction = FRIBIDI_PAR_ON;
    if (!p_fribidi_get_par_embedding_levels_ex(types, kinds, length, &direction, levels)) return -1;
    p_fribidi_get_joining_types(text, length, joining);
    p_fribidi_join_arabic(types, length, levels, joining);
    p_fribidi_shape(FRIBIDI_FLAGS_DEFAULT | FRIBIDI_FLAGS_ARABIC, levels, length, joining, text);
    for (int i = 0; i < length; i++) map[i] = i;
    if (!p_fribidi_reorder_line(FRIBIDI_FLAGS_DEFAULT | FRIBIDI_FLAGS_ARABIC, types, length, 0, direction, levels,
                                text, map))
        return -1;
    long bytes = 0;
    for (int i = 0; i < length; i++) {
        // A ligature (lam-alef) takes the place of its second character and leaves a filler in
        // the first's, which has nothing to draw.
        if (joining[map[i]] & FRIBIDI_MASK_LIGATURED) continue;
        bytes += put_utf8(text[i], visual + bytes);
    }
    *right_to_left = FRIBIDI_IS_RTL(direction);
    return bytes;
}
