/* SPDX-License-Identifier: MIT */
// What the program and its accessibility plug-in (Sources/PinBoxAccessibility) agree on: the
// callbacks and the numbers of a node's strings and of the events. Both sides include this one
// header, so that the two binaries cannot drift apart.
#ifndef PINBOX_A11Y_INTERFACE_H
#define PINBOX_A11Y_INTERFACE_H

#include <stdint.h>

/// What a screen reader asked for: carried out by the program as the page's own inputs, called
/// by the plug-in from inside `pinbox_a11y_dispatch`.
typedef struct {
    /// The action of object `id` (a button's "click").
    void (*action)(void *context, int32_t id);
    /// Object `id` asked for the keyboard focus.
    void (*focus)(void *context, int32_t id);
} pinbox_a11y_callbacks;

/// The strings of a node, by `pinbox_a11y_set_string`'s `which`.
enum { PINBOX_A11Y_NAME = 0, PINBOX_A11Y_DESCRIPTION = 1, PINBOX_A11Y_TEXT = 2, PINBOX_A11Y_KEY_BINDING = 3,
       PINBOX_A11Y_ACTION = 4 };

/// What `pinbox_a11y_emit` says (AccessibleEvent in PinBoxCore).
enum { PINBOX_A11Y_FOCUS = 1, PINBOX_A11Y_STATE = 2, PINBOX_A11Y_NAME_CHANGED = 3,
       PINBOX_A11Y_DESCRIPTION_CHANGED = 4, PINBOX_A11Y_TEXT_CHANGED = 5, PINBOX_A11Y_VALUE_CHANGED = 6,
       PINBOX_A11Y_ANNOUNCE = 7, PINBOX_A11Y_ACTIVATE = 8, PINBOX_A11Y_DEACTIVATE = 9,
       PINBOX_A11Y_WINDOW_SHOWN = 10, PINBOX_A11Y_CARET_MOVED = 11, PINBOX_A11Y_SELECTION_CHANGED = 12 };

/// Where the bridge is (`pinbox_a11y_state`): connecting to the bus on a thread of its own (a bus
/// that never answers holds that thread, not the prompt), on the bus, or given up.
enum { PINBOX_A11Y_STARTING = 0, PINBOX_A11Y_ON_THE_BUS = 1, PINBOX_A11Y_FAILED = -1 };

#endif
