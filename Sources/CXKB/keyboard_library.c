/* SPDX-License-Identifier: MIT */
// libxkbcommon and Xlib's XCB connection, loaded when the keyboard is first prepared (see
// include/CXKB.h).
#include "CXKB.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pinbox_xkb_library table;
static const pinbox_xkb_library *loaded;
static const char *failure;
static char reason[256];

// dlerror's words, kept: its own buffer is reused by the next failing call.
static void fail(void) {
    const char *message = dlerror();
    snprintf(reason, sizeof reason, "%s", message ? message : "cannot load libxkbcommon");
    failure = reason;
}

static void load(void) {
    // The names stay literals: scripts/package reads them here to compute the package's Depends.
    // libxkbcommon-x11 brings libxkbcommon (whose functions dlsym finds through it) and libxcb-xkb.
    void *keyboard = dlopen("libxkbcommon-x11.so.0", RTLD_NOW | RTLD_LOCAL);
    void *connection = keyboard ? dlopen("libX11-xcb.so.1", RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!connection) {
        fail();
        return;
    }
#define PINBOX_LOOK_UP(library, name)                                       \
    if (!(table.name = (__typeof__(name) *)dlsym(library, #name))) {      \
        fail();                                                             \
        return;                                                             \
    }
    PINBOX_LOOK_UP(connection, XGetXCBConnection)
    PINBOX_LOOK_UP(keyboard, xkb_x11_setup_xkb_extension)
    PINBOX_LOOK_UP(keyboard, xkb_x11_get_core_keyboard_device_id)
    PINBOX_LOOK_UP(keyboard, xkb_x11_keymap_new_from_device)
    PINBOX_LOOK_UP(keyboard, xkb_context_new)
    PINBOX_LOOK_UP(keyboard, xkb_context_unref)
    PINBOX_LOOK_UP(keyboard, xkb_keymap_unref)
    PINBOX_LOOK_UP(keyboard, xkb_keymap_num_layouts)
    PINBOX_LOOK_UP(keyboard, xkb_keymap_layout_get_name)
    PINBOX_LOOK_UP(keyboard, xkb_state_new)
    PINBOX_LOOK_UP(keyboard, xkb_state_unref)
    PINBOX_LOOK_UP(keyboard, xkb_state_update_mask)
    PINBOX_LOOK_UP(keyboard, xkb_state_key_get_one_sym)
    PINBOX_LOOK_UP(keyboard, xkb_keysym_to_utf32)
    PINBOX_LOOK_UP(keyboard, xkb_compose_table_new_from_locale)
    PINBOX_LOOK_UP(keyboard, xkb_compose_table_unref)
    PINBOX_LOOK_UP(keyboard, xkb_compose_state_new)
    PINBOX_LOOK_UP(keyboard, xkb_compose_state_unref)
    PINBOX_LOOK_UP(keyboard, xkb_compose_state_feed)
    PINBOX_LOOK_UP(keyboard, xkb_compose_state_get_status)
    PINBOX_LOOK_UP(keyboard, xkb_compose_state_get_utf8)
    PINBOX_LOOK_UP(keyboard, xkb_compose_state_reset)
#undef PINBOX_LOOK_UP
    loaded = &table;
}

const pinbox_xkb_library *pinbox_xkb_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *pinbox_xkb_load_error(void) {
    pthread_once(&once, load);
    return failure;
}
