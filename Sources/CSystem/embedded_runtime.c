/* SPDX-License-Identifier: MIT */
// What the Embedded Swift standard library expects the platform to provide, for release builds
// only (the full runtime has its own). Built when the package defines PINBOX_EMBEDDED.
#ifdef PINBOX_EMBEDDED
#define _GNU_SOURCE
#include <locale.h>
#include <stdlib.h>

// Double(String): parse in the C locale, whatever the user's LC_NUMERIC, as the full runtime
// does. Returns where parsing stopped, or NULL when nothing could be parsed.
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    static locale_t c_locale;
    if (!c_locale) c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    char *end = (char *)text;
    *result = strtod_l(text, &end, c_locale);
    return end == text ? NULL : end;
}
#endif
