/* SPDX-License-Identifier: MIT */
// The accessibility plug-in (libpinbox-accessibility.so): ATK objects for a PinBox window,
// published on the AT-SPI bus by the ATK bridge. The program dlopens it only when the session
// has accessibility on (Sources/CAccessibility), so a prompt without a screen reader never maps
// GLib, ATK or D-Bus. The tree and every event are decided in Swift (PinBoxCore/Accessibility);
// this side keeps the objects, answers the bridge's questions from them and emits what it is
// told. Secrets never come here: a hidden entry's text arrives as bullets.
//
// Every function is called from the program's one thread, inside its poll loop.
#ifndef PINBOX_ACCESSIBILITY_H
#define PINBOX_ACCESSIBILITY_H

#include <poll.h>
#include <stdint.h>

// The callbacks and the numbers of strings and events, shared with the program's side.
#include "../../CAccessibility/include/pinbox_a11y_interface.h"

/// Sets up ATK, the program's root object and the bridge. 0 when the bridge is on the bus.
int pinbox_a11y_start(const char *application, pinbox_a11y_callbacks callbacks, void *context);
/// Creates or updates object `id` (0 is the window; the others are its children, in the order
/// they are first set). `role` and `states` are AccessibleRole's and AccessibleStates' values.
void pinbox_a11y_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                          double height);
void pinbox_a11y_set_string(int32_t id, int32_t which, const char *value);
void pinbox_a11y_set_value(int32_t id, double current, double minimum, double maximum);
/// How many times the bridge has started sending ATK's events (a screen reader began listening):
/// events emitted before that were dropped, and a change in this count asks for them again.
uint32_t pinbox_a11y_listeners(void);
/// Where the window is on the screen, for screen coordinates.
void pinbox_a11y_set_origin(int32_t x, int32_t y);
/// Emits one event: `a`, `b`, `c` are the state and whether it is on, or the text change's
/// offset, removed and inserted counts; `text` an announcement.
void pinbox_a11y_emit(int32_t kind, int32_t id, int32_t a, int32_t b, int32_t c, const char *text);
/// The window is gone: its objects go defunct and leave the tree.
void pinbox_a11y_close_window(void);
/// Before the program blocks in poll: the descriptors GLib's main context waits on (up to
/// `capacity` copied into `fds`; the count is returned) and its timeout in milliseconds (-1:
/// none). Every call is followed by one `pinbox_a11y_dispatch`.
int pinbox_a11y_prepare(struct pollfd *fds, int capacity, int *timeout);
/// After poll: what came back for the descriptors `pinbox_a11y_prepare` gave; runs what is due
/// (the bus's messages, the bridge's timers), which may call the callbacks.
void pinbox_a11y_dispatch(const struct pollfd *fds, int count);

#endif
