/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CXKB_H
#define PINBOX_CXKB_H
// libxkbcommon: the X server's keymap compiled for lookups, keysyms to Unicode, and dead keys
// and Compose sequences from the locale's compose table. Compiled against its headers but not
// linked: a window reads the keymap and the compose table only once it shows (Keyboard.prepare),
// so the library is loaded with dlopen then, and the three libraries it takes (libxkbcommon-x11,
// libxkbcommon, libxcb-xkb) cost no start-up. Xlib's XCB connection (libX11-xcb) is linked: the
// dialog asks its questions through it from the start (PinBoxX11/RepliesTogether.swift).
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-x11.h>

// Xlib's XCB connection (libX11-xcb), which libxkbcommon-x11 talks through. Declared here
// rather than by including <X11/Xlib-xcb.h>, so that Xlib's types stay in CX11 alone; a
// Display is the same opaque struct to both.
struct _XDisplay;
xcb_connection_t *_Nullable XGetXCBConnection(struct _XDisplay *_Nonnull display);

/// The functions the keyboard calls, looked up in the system's shared libraries. Each member has
/// the type of the function it is named for; call them through this table only (the functions
/// themselves are not linked).
typedef struct {
    __typeof__(XGetXCBConnection) *_Nonnull XGetXCBConnection;
    __typeof__(xkb_x11_setup_xkb_extension) *_Nonnull xkb_x11_setup_xkb_extension;
    __typeof__(xkb_x11_get_core_keyboard_device_id) *_Nonnull xkb_x11_get_core_keyboard_device_id;
    __typeof__(xkb_x11_keymap_new_from_device) *_Nonnull xkb_x11_keymap_new_from_device;
    __typeof__(xkb_context_new) *_Nonnull xkb_context_new;
    __typeof__(xkb_context_unref) *_Nonnull xkb_context_unref;
    __typeof__(xkb_keymap_unref) *_Nonnull xkb_keymap_unref;
    __typeof__(xkb_keymap_num_layouts) *_Nonnull xkb_keymap_num_layouts;
    __typeof__(xkb_keymap_layout_get_name) *_Nonnull xkb_keymap_layout_get_name;
    __typeof__(xkb_state_new) *_Nonnull xkb_state_new;
    __typeof__(xkb_state_unref) *_Nonnull xkb_state_unref;
    __typeof__(xkb_state_update_mask) *_Nonnull xkb_state_update_mask;
    __typeof__(xkb_state_key_get_one_sym) *_Nonnull xkb_state_key_get_one_sym;
    __typeof__(xkb_keysym_to_utf32) *_Nonnull xkb_keysym_to_utf32;
    __typeof__(xkb_compose_table_new_from_locale) *_Nonnull xkb_compose_table_new_from_locale;
    __typeof__(xkb_compose_table_unref) *_Nonnull xkb_compose_table_unref;
    __typeof__(xkb_compose_state_new) *_Nonnull xkb_compose_state_new;
    __typeof__(xkb_compose_state_unref) *_Nonnull xkb_compose_state_unref;
    __typeof__(xkb_compose_state_feed) *_Nonnull xkb_compose_state_feed;
    __typeof__(xkb_compose_state_get_status) *_Nonnull xkb_compose_state_get_status;
    __typeof__(xkb_compose_state_get_utf8) *_Nonnull xkb_compose_state_get_utf8;
    __typeof__(xkb_compose_state_reset) *_Nonnull xkb_compose_state_reset;
} pinbox_xkb_library;

/// Loads the libraries on the first call (from any thread); the table, or NULL when a library or
/// one of its functions is missing, with the reason in pinbox_xkb_load_error.
const pinbox_xkb_library *_Nullable pinbox_xkb_load(void);

/// Why pinbox_xkb_load returned NULL (dlerror's words), or NULL.
const char *_Nullable pinbox_xkb_load_error(void);
#endif
