/* SPDX-License-Identifier: MIT */
// The plug-in's GObject types: one ATK object per node of the core's AccessibleTree, each type
// with the interfaces its role needs (a label has text, a button an action, the quality bar a
// value), and the application object the bridge publishes as the root.
#ifndef PINBOX_ACCESSIBILITY_OBJECTS_H
#define PINBOX_ACCESSIBILITY_OBJECTS_H

#include <atk/atk.h>
#include <stdint.h>
#include "PinBoxAccessibility.h"

typedef struct {
    AtkObject parent;
    int32_t id;
    int32_t role;
    uint32_t states;
    double x, y, width, height;
    char *name, *description, *text, *previous_text, *key_binding, *action;
    double current, minimum, maximum;
    /// `character_count` rectangles of four numbers (pinbox_a11y_set_characters); NULL for none.
    double *characters;
    int32_t character_count;
    /// Where its text's clusters begin and end, `cluster_count` places (pinbox_a11y_set_clusters);
    /// NULL when each character is its own.
    int32_t *clusters;
    int32_t cluster_count;
    /// An entry's caret, in characters of its text (pinbox_a11y_set_caret); -1 for none.
    int32_t caret;
    /// Its selected characters, from the start to before the end (pinbox_a11y_set_caret); -1 for none.
    int32_t selection_start, selection_end;
    gboolean defunct;
} PinboxNode;

typedef struct {
    AtkObjectClass parent_class;
} PinboxNodeClass;

GType pinbox_node_get_type(void);
#define PINBOX_NODE(o) ((PinboxNode *)(o))
#define PINBOX_IS_NODE(o) G_TYPE_CHECK_INSTANCE_TYPE((o), pinbox_node_get_type())

/// The ATK type for a role: a window, a text (labels and entries), a button, a level bar.
GType pinbox_type_for_role(int32_t role);
AtkRole pinbox_atk_role(int32_t role);

/// The application: the root the bridge publishes; its one child is the window, when there is one.
AtkObject *pinbox_root_new(const char *name);

/// What the plug-in holds: the window and its children in order, the window's origin on the
/// screen, and where a screen reader's requests go.
typedef struct {
    AtkObject *root;
    PinboxNode *window;
    GPtrArray *children;
    int32_t origin_x, origin_y;
    pinbox_a11y_callbacks callbacks;
    void *context;
} PinboxTree;

extern PinboxTree pinbox_tree;

#endif
