/* SPDX-License-Identifier: MIT */
// The accessibility plug-in (libpinbox-accessibility.so): ATK objects for a PinBox window,
// published on the AT-SPI bus by the ATK bridge. The program dlopens it only when the session
// has accessibility on (Sources/CAccessibility), so a prompt without a screen reader never maps
// GLib, ATK or D-Bus. The tree and every event are decided in Swift (PinBoxCore/Accessibility);
// this side keeps the objects, answers the bridge's questions from them and emits what it is
// told. Secrets never come here: a hidden entry's text arrives as bullets.
//
// Every function is called from the program's own thread, inside its poll loop. Only the
// bridge's start runs on a thread of its own: connecting to the bus blocks, without a deadline,
// in libdbus; until it is done, the program's side publishes nothing.
#ifndef PINBOX_ACCESSIBILITY_H
#define PINBOX_ACCESSIBILITY_H

#include <poll.h>
#include <stdint.h>

// The callbacks and the numbers of strings and events, shared with the program's side.
#include "../../CAccessibility/include/pinbox_a11y_interface.h"

/// Sets up ATK and the program's root object, and starts the bridge on a thread, connecting to
/// `bus_address` (the launcher's `AT_SPI_BUS`, unless the environment names one). 0 when the
/// thread started; `pinbox_a11y_state` says when the bridge is on the bus.
int pinbox_a11y_start(const char *application, const char *bus_address, pinbox_a11y_callbacks callbacks,
                      void *context);
/// PINBOX_A11Y_STARTING, then PINBOX_A11Y_ON_THE_BUS or PINBOX_A11Y_FAILED, once the poll loop
/// has seen the start end (`pinbox_a11y_dispatch`). Nothing is set or emitted before.
int pinbox_a11y_state(void);
/// Creates or updates object `id` (0 is the window; the others are its children, in the order
/// they are first set). `role` and `states` are AccessibleRole's and AccessibleStates' values.
void pinbox_a11y_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                          double height);
void pinbox_a11y_set_string(int32_t id, int32_t which, const char *value);
void pinbox_a11y_set_value(int32_t id, double current, double minimum, double maximum);
/// Where each character of object `id`'s text is drawn, then its caret's place after the last:
/// `count` rectangles of four numbers each (x, y, width, height, in the window), copied.
void pinbox_a11y_set_characters(int32_t id, const double *rectangles, int32_t count);
/// Where the clusters of object `id`'s text begin and end (a letter and its accents, which a
/// screen reader reads as one character): `count` places in characters, from 0 to the end,
/// copied; none when each character is its own.
void pinbox_a11y_set_clusters(int32_t id, const int32_t *places, int32_t count);
/// Where object `id`'s caret stands, in characters of its text, -1 for an object without one; and
/// the characters selected, from `selection_start` to before `selection_end`, -1 for none.
void pinbox_a11y_set_caret(int32_t id, int32_t offset, int32_t selection_start, int32_t selection_end);
/// How many times the bridge has started sending ATK's events (a screen reader began listening):
/// events emitted before that were dropped, and a change in this count asks for them again.
uint32_t pinbox_a11y_listeners(void);
/// Tells the bridge's key listeners of a key pressed (`pressed` 1) or released, before the page
/// handles it, as a toolkit tells them of every key: `keysym` and `modifiers` as X gives them,
/// `name` the keysym's name (the event's string, as GTK's for a key that types nothing). 1 when
/// a listener (a screen reader's own command) took it: the page then never sees it.
int pinbox_a11y_key(int32_t pressed, uint32_t keysym, uint32_t modifiers, uint32_t keycode, uint32_t time,
                    const char *name);
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
