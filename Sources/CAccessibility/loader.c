/* SPDX-License-Identifier: MIT */
// Loads the accessibility plug-in and looks its functions up. The plug-in links ATK, the
// AT-SPI bridge, GLib and D-Bus the ordinary way; the program links none of them. Each path is
// a literal (scripts/package reads the dlopen literals; a "$ORIGIN/" one is PinBox's own
// plug-in, which the package installs and whose own libraries dpkg-shlibdeps reads), and glibc
// expands $ORIGIN to the program's directory.
#include "CAccessibility.h"
// The plug-in's own declarations, so that each pointer below has its function's type.
#include "../PinBoxAccessibility/include/PinBoxAccessibility.h"
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// Every function of the plug-in; each gets a pointer p_NAME of NAME's own type.
#define PINBOX_A11Y_FUNCTIONS(X) \
    X(pinbox_a11y_start)         \
    X(pinbox_a11y_state)         \
    X(pinbox_a11y_set_node)      \
    X(pinbox_a11y_set_string)    \
    X(pinbox_a11y_set_value)     \
    X(pinbox_a11y_set_characters) \
    X(pinbox_a11y_set_clusters)  \
    X(pinbox_a11y_set_caret)     \
    X(pinbox_a11y_set_origin)    \
    X(pinbox_a11y_listeners)     \
    X(pinbox_a11y_key)           \
    X(pinbox_a11y_emit)          \
    X(pinbox_a11y_close_window)  \
    X(pinbox_a11y_prepare)       \
    X(pinbox_a11y_dispatch)

#define PINBOX_DECLARE(name) static __typeof__(name) *p_##name;
PINBOX_A11Y_FUNCTIONS(PINBOX_DECLARE)
static int loaded;

int pinbox_accessibility_load(const char **error) {
    if (loaded) return 0;
    // The installed plug-in, else the one beside a build's binary. When the installed one is
    // there but cannot load (ATK or the bridge, which the package only recommends, missing),
    // its reason is the one to tell, not the build folder's "no such file".
    static char installed_error[512];
    void *library = dlopen("$ORIGIN/../lib/pinbox/libpinbox-accessibility.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        strncpy(installed_error, why ? why : "", sizeof installed_error - 1);
        library = dlopen("$ORIGIN/libpinbox-accessibility.so", RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        static const char missing[] = "libpinbox-accessibility.so: cannot open shared object file";
        const char *beside = dlerror();
        int installed_missing = strstr(installed_error, missing) != NULL;
        int beside_missing = !beside || strstr(beside, missing) != NULL;
        if (error) *error = installed_missing && !beside_missing ? beside : installed_error;
        // Neither is there: say where the installed one was looked for, with $ORIGIN expanded.
        static char path_error[4200];
        char exe[4096];
        ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
        if (installed_missing && beside_missing && n > 0) {
            exe[n] = 0;
            char *slash = strrchr(exe, '/');
            if (slash) *slash = 0;
            snprintf(path_error, sizeof path_error, "%s/../lib/pinbox/libpinbox-accessibility.so: no such file", exe);
            if (error) *error = path_error;
        }
        return -1;
    }
#define PINBOX_LOOK_UP(name)                                                                   \
    if (!(p_##name = (__typeof__(name) *)dlsym(library, #name))) {                             \
        if (error) *error = "the accessibility plug-in lacks " #name " (of another version?)"; \
        dlclose(library);                                                                      \
        return -1;                                                                             \
    }
    PINBOX_A11Y_FUNCTIONS(PINBOX_LOOK_UP)
    loaded = 1;
    return 0;
}

int pinbox_accessibility_start(const char *application, const char *bus_address, pinbox_a11y_callbacks callbacks,
                               void *context) {
    return loaded ? p_pinbox_a11y_start(application, bus_address, callbacks, context) : -1;
}

int pinbox_accessibility_state(void) {
    return loaded ? p_pinbox_a11y_state() : PINBOX_A11Y_FAILED;
}

void pinbox_accessibility_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                                   double height) {
    if (loaded) p_pinbox_a11y_set_node(id, role, states, x, y, width, height);
}

void pinbox_accessibility_set_string(int32_t id, int32_t which, const char *value) {
    if (loaded) p_pinbox_a11y_set_string(id, which, value);
}

void pinbox_accessibility_set_value(int32_t id, double current, double minimum, double maximum) {
    if (loaded) p_pinbox_a11y_set_value(id, current, minimum, maximum);
}

void pinbox_accessibility_set_characters(int32_t id, const double *rectangles, int32_t count) {
    if (loaded) p_pinbox_a11y_set_characters(id, rectangles, count);
}

void pinbox_accessibility_set_clusters(int32_t id, const int32_t *places, int32_t count) {
    if (loaded) p_pinbox_a11y_set_clusters(id, places, count);
}

void pinbox_accessibility_set_caret(int32_t id, int32_t offset, int32_t selection_start, int32_t selection_end) {
    if (loaded) p_pinbox_a11y_set_caret(id, offset, selection_start, selection_end);
}

void pinbox_accessibility_set_origin(int32_t x, int32_t y) {
    if (loaded) p_pinbox_a11y_set_origin(x, y);
}

uint32_t pinbox_accessibility_listeners(void) {
    return loaded ? p_pinbox_a11y_listeners() : 0;
}

int pinbox_accessibility_key(int32_t pressed, uint32_t keysym, uint32_t modifiers, uint32_t keycode, uint32_t time,
                             const char *name) {
    return loaded ? p_pinbox_a11y_key(pressed, keysym, modifiers, keycode, time, name) : 0;
}

void pinbox_accessibility_emit(int32_t kind, int32_t id, int32_t a, int32_t b, int32_t c, const char *text) {
    if (loaded) p_pinbox_a11y_emit(kind, id, a, b, c, text);
}

void pinbox_accessibility_close_window(void) {
    if (loaded) p_pinbox_a11y_close_window();
}

int pinbox_accessibility_prepare(struct pollfd *fds, int capacity, int *timeout) {
    if (!loaded) {
        *timeout = -1;
        return 0;
    }
    return p_pinbox_a11y_prepare(fds, capacity, timeout);
}

void pinbox_accessibility_dispatch(const struct pollfd *fds, int count) {
    if (loaded) p_pinbox_a11y_dispatch(fds, count);
}
