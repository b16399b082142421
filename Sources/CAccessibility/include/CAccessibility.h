/* SPDX-License-Identifier: MIT */
// The program's side of the accessibility plug-in (Sources/PinBoxAccessibility): it is loaded
// with dlopen only when the session has accessibility on, so that a prompt without a screen
// reader never maps GLib, ATK or D-Bus. These functions forward to the plug-in's; each does
// nothing before `pinbox_accessibility_load` succeeded.
#ifndef C_ACCESSIBILITY_H
#define C_ACCESSIBILITY_H

#include <poll.h>
#include <stdint.h>

#include "pinbox_a11y_interface.h"

/// Loads the plug-in from beside the program: $ORIGIN/../lib/pinbox/ when installed, $ORIGIN/
/// in the build directory. 0 on success; otherwise nothing is loaded and `error` (if given)
/// says why.
int pinbox_accessibility_load(const char **error);
/// Starts the bridge (see pinbox_a11y_start). 0 when its thread started.
int pinbox_accessibility_start(const char *application, const char *bus_address, pinbox_a11y_callbacks callbacks,
                               void *context);
/// pinbox_a11y_state; PINBOX_A11Y_FAILED when nothing is loaded.
int pinbox_accessibility_state(void);
void pinbox_accessibility_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                                   double height);
void pinbox_accessibility_set_string(int32_t id, int32_t which, const char *value);
void pinbox_accessibility_set_value(int32_t id, double current, double minimum, double maximum);
void pinbox_accessibility_set_characters(int32_t id, const double *rectangles, int32_t count);
void pinbox_accessibility_set_clusters(int32_t id, const int32_t *places, int32_t count);
void pinbox_accessibility_set_caret(int32_t id, int32_t offset, int32_t selection_start, int32_t selection_end);
void pinbox_accessibility_set_origin(int32_t x, int32_t y);
/// pinbox_a11y_listeners: changes when a screen reader starts listening.
uint32_t pinbox_accessibility_listeners(void);
/// pinbox_a11y_key: 1 when a screen reader took the key.
int pinbox_accessibility_key(int32_t pressed, uint32_t keysym, uint32_t modifiers, uint32_t keycode, uint32_t time,
                             const char *name);
void pinbox_accessibility_emit(int32_t kind, int32_t id, int32_t a, int32_t b, int32_t c, const char *text);
void pinbox_accessibility_close_window(void);
int pinbox_accessibility_prepare(struct pollfd *fds, int capacity, int *timeout);
void pinbox_accessibility_dispatch(const struct pollfd *fds, int count);

#endif
