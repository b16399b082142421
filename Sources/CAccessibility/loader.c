/* SPDX-License-Identifier: MIT */
// Loads the accessibility plug-in and looks its functions up. The plug-in links ATK, the
// AT-SPI bridge, GLib and D-Bus the ordinary way; the program links none of them. Each path is
// a literal (scripts/package reads the dlopen literals; a "$ORIGIN/" one is PinBox's own
// plug-in, which the package installs and whose own libraries dpkg-shlibdeps reads), and glibc
// expands $ORIGIN to the program's directory.
#include "CAccessibility.h"
#include <dlfcn.h>
#include <stddef.h>

static int (*start)(const char *, pinbox_accessibility_callbacks, void *);
static void (*set_node)(int32_t, int32_t, uint32_t, double, double, double, double);
static void (*set_string)(int32_t, int32_t, const char *);
static void (*set_value)(int32_t, double, double, double);
static void (*set_origin)(int32_t, int32_t);
static uint32_t (*listeners)(void);
static void (*emit)(int32_t, int32_t, int32_t, int32_t, int32_t, const char *);
static void (*close_window)(void);
static int (*prepare)(struct pollfd *, int, int *);
static void (*dispatch)(const struct pollfd *, int);
static int loaded;

int pinbox_accessibility_load(const char **error) {
    if (loaded) return 0;
    void *library = dlopen("$ORIGIN/../lib/pinbox/libpinbox-accessibility.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("$ORIGIN/libpinbox-accessibility.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        if (error) *error = dlerror();
        return -1;
    }
    start = (int (*)(const char *, pinbox_accessibility_callbacks, void *))dlsym(library, "pinbox_a11y_start");
    set_node = (void (*)(int32_t, int32_t, uint32_t, double, double, double, double))dlsym(library, "pinbox_a11y_set_node");
    set_string = (void (*)(int32_t, int32_t, const char *))dlsym(library, "pinbox_a11y_set_string");
    set_value = (void (*)(int32_t, double, double, double))dlsym(library, "pinbox_a11y_set_value");
    set_origin = (void (*)(int32_t, int32_t))dlsym(library, "pinbox_a11y_set_origin");
    listeners = (uint32_t (*)(void))dlsym(library, "pinbox_a11y_listeners");
    emit = (void (*)(int32_t, int32_t, int32_t, int32_t, int32_t, const char *))dlsym(library, "pinbox_a11y_emit");
    close_window = (void (*)(void))dlsym(library, "pinbox_a11y_close_window");
    prepare = (int (*)(struct pollfd *, int, int *))dlsym(library, "pinbox_a11y_prepare");
    dispatch = (void (*)(const struct pollfd *, int))dlsym(library, "pinbox_a11y_dispatch");
    if (!start || !set_node || !set_string || !set_value || !set_origin || !listeners || !emit || !close_window || !prepare ||
        !dispatch) {
        if (error) *error = "the accessibility plug-in lacks a function (a plug-in of another version?)";
        dlclose(library);
        return -1;
    }
    loaded = 1;
    return 0;
}

int pinbox_accessibility_start(const char *application, pinbox_accessibility_callbacks callbacks, void *context) {
    return loaded ? start(application, callbacks, context) : -1;
}

void pinbox_accessibility_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                                   double height) {
    if (loaded) set_node(id, role, states, x, y, width, height);
}

void pinbox_accessibility_set_string(int32_t id, int32_t which, const char *value) {
    if (loaded) set_string(id, which, value);
}

void pinbox_accessibility_set_value(int32_t id, double current, double minimum, double maximum) {
    if (loaded) set_value(id, current, minimum, maximum);
}

void pinbox_accessibility_set_origin(int32_t x, int32_t y) {
    if (loaded) set_origin(x, y);
}

uint32_t pinbox_accessibility_listeners(void) {
    return loaded ? listeners() : 0;
}

void pinbox_accessibility_emit(int32_t kind, int32_t id, int32_t a, int32_t b, int32_t c, const char *text) {
    if (loaded) emit(kind, id, a, b, c, text);
}

void pinbox_accessibility_close_window(void) {
    if (loaded) close_window();
}

int pinbox_accessibility_prepare(struct pollfd *fds, int capacity, int *timeout) {
    if (!loaded) {
        *timeout = -1;
        return 0;
    }
    return prepare(fds, capacity, timeout);
}

void pinbox_accessibility_dispatch(const struct pollfd *fds, int count) {
    if (loaded) dispatch(fds, count);
}
