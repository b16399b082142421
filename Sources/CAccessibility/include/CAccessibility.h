/* SPDX-License-Identifier: MIT */
// The program's side of the accessibility plug-in (Sources/PinBoxAccessibility): it is loaded
// with dlopen only when the session has accessibility on, so that a prompt without a screen
// reader never maps GLib, ATK or D-Bus. These functions forward to the plug-in's; each does
// nothing before `pinbox_accessibility_load` succeeded.
#ifndef C_ACCESSIBILITY_H
#define C_ACCESSIBILITY_H

#include <poll.h>
#include <stdint.h>

/// The callbacks the plug-in calls from inside `pinbox_accessibility_dispatch` (the same layout
/// as the plug-in's pinbox_a11y_callbacks).
typedef struct {
    void (*action)(void *context, int32_t id);
    void (*focus)(void *context, int32_t id);
} pinbox_accessibility_callbacks;

/// The strings of a node and the events, as the plug-in numbers them (PinBoxAccessibility.h).
enum { PINBOX_A11Y_NAME = 0, PINBOX_A11Y_DESCRIPTION = 1, PINBOX_A11Y_TEXT = 2, PINBOX_A11Y_KEY_BINDING = 3,
       PINBOX_A11Y_ACTION = 4 };
enum { PINBOX_A11Y_FOCUS = 1, PINBOX_A11Y_STATE = 2, PINBOX_A11Y_NAME_CHANGED = 3,
       PINBOX_A11Y_DESCRIPTION_CHANGED = 4, PINBOX_A11Y_TEXT_CHANGED = 5, PINBOX_A11Y_VALUE_CHANGED = 6,
       PINBOX_A11Y_ANNOUNCE = 7, PINBOX_A11Y_ACTIVATE = 8, PINBOX_A11Y_DEACTIVATE = 9,
       PINBOX_A11Y_WINDOW_SHOWN = 10 };

/// Loads the plug-in from beside the program: $ORIGIN/../lib/pinbox/ when installed, $ORIGIN/
/// in the build directory. 0 on success; otherwise nothing is loaded and `error` (if given)
/// says why.
int pinbox_accessibility_load(const char **error);
/// Starts the bridge (see pinbox_a11y_start). 0 when it is on the bus.
int pinbox_accessibility_start(const char *application, pinbox_accessibility_callbacks callbacks, void *context);
void pinbox_accessibility_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                                   double height);
void pinbox_accessibility_set_string(int32_t id, int32_t which, const char *value);
void pinbox_accessibility_set_value(int32_t id, double current, double minimum, double maximum);
void pinbox_accessibility_set_origin(int32_t x, int32_t y);
/// pinbox_a11y_listeners: changes when a screen reader starts listening.
uint32_t pinbox_accessibility_listeners(void);
void pinbox_accessibility_emit(int32_t kind, int32_t id, int32_t a, int32_t b, int32_t c, const char *text);
void pinbox_accessibility_close_window(void);
int pinbox_accessibility_prepare(struct pollfd *fds, int capacity, int *timeout);
void pinbox_accessibility_dispatch(const struct pollfd *fds, int count);

#endif
