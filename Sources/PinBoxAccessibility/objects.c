/* SPDX-License-Identifier: MIT */
// The ATK objects of a PinBox window. They answer the bridge's questions from what Swift last
// set (PinBoxCore/Accessibility decides it all); nothing here reads the page or the secret.
#include "objects.h"
#include <string.h>

PinboxTree pinbox_tree;

// The core's states (AccessibleStates) one bit at a time, and the ATK states each stands for.
static const AtkStateType state_map[][2] = {
    {ATK_STATE_FOCUSABLE, ATK_STATE_INVALID}, {ATK_STATE_FOCUSED, ATK_STATE_INVALID},
    {ATK_STATE_SHOWING, ATK_STATE_INVALID},   {ATK_STATE_VISIBLE, ATK_STATE_INVALID},
    {ATK_STATE_SENSITIVE, ATK_STATE_ENABLED}, {ATK_STATE_EDITABLE, ATK_STATE_INVALID},
    {ATK_STATE_SINGLE_LINE, ATK_STATE_INVALID}, {ATK_STATE_CHECKED, ATK_STATE_INVALID},
    {ATK_STATE_ACTIVE, ATK_STATE_INVALID},    {ATK_STATE_MODAL, ATK_STATE_INVALID},
    {ATK_STATE_DEFAULT, ATK_STATE_INVALID},   {ATK_STATE_MULTI_LINE, ATK_STATE_INVALID},
};

AtkRole pinbox_atk_role(int32_t role) {
    switch (role) {
    case 1: return ATK_ROLE_DIALOG;
    case 2: return ATK_ROLE_ALERT;
    case 3: return ATK_ROLE_FRAME;
    case 4: return ATK_ROLE_LABEL;
    case 5: return ATK_ROLE_PASSWORD_TEXT;
    case 6: return ATK_ROLE_TEXT;
    case 7: return ATK_ROLE_PUSH_BUTTON;
    case 8: return ATK_ROLE_CHECK_BOX;
    case 9: return ATK_ROLE_PROGRESS_BAR;
    case 10: return ATK_ROLE_STATUSBAR;
    case 11: return ATK_ROLE_NOTIFICATION;
    case 12: return ATK_ROLE_MENU_ITEM;
    default: return ATK_ROLE_UNKNOWN;
    }
}

// ---- the node: AtkObject and AtkComponent

static void component_init(AtkComponentIface *iface);

G_DEFINE_TYPE_WITH_CODE(PinboxNode, pinbox_node, ATK_TYPE_OBJECT,
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_COMPONENT, component_init))

static gboolean is_window(PinboxNode *node) { return node == pinbox_tree.window; }

static const gchar *node_get_name(AtkObject *object) { return PINBOX_NODE(object)->name; }
static const gchar *node_get_description(AtkObject *object) { return PINBOX_NODE(object)->description; }
static AtkRole node_get_role(AtkObject *object) { return pinbox_atk_role(PINBOX_NODE(object)->role); }

static AtkObject *node_get_parent(AtkObject *object) {
    PinboxNode *node = PINBOX_NODE(object);
    if (node->defunct) return NULL;
    return is_window(node) ? pinbox_tree.root : ATK_OBJECT(pinbox_tree.window);
}

static gint node_get_n_children(AtkObject *object) {
    return is_window(PINBOX_NODE(object)) && pinbox_tree.children ? (gint)pinbox_tree.children->len : 0;
}

static AtkObject *node_ref_child(AtkObject *object, gint i) {
    if (!is_window(PINBOX_NODE(object)) || !pinbox_tree.children || i < 0 || (guint)i >= pinbox_tree.children->len)
        return NULL;
    return g_object_ref(g_ptr_array_index(pinbox_tree.children, i));
}

static gint node_get_index_in_parent(AtkObject *object) {
    PinboxNode *node = PINBOX_NODE(object);
    if (is_window(node)) return 0;
    if (!pinbox_tree.children) return -1;
    for (guint i = 0; i < pinbox_tree.children->len; i++)
        if (g_ptr_array_index(pinbox_tree.children, i) == node) return (gint)i;
    return -1;
}

static AtkStateSet *node_ref_state_set(AtkObject *object) {
    PinboxNode *node = PINBOX_NODE(object);
    AtkStateSet *set = atk_state_set_new();
    if (node->defunct) {
        atk_state_set_add_state(set, ATK_STATE_DEFUNCT);
        return set;
    }
    for (guint bit = 0; bit < G_N_ELEMENTS(state_map); bit++) {
        if (!(node->states & (1u << bit))) continue;
        atk_state_set_add_state(set, state_map[bit][0]);
        if (state_map[bit][1] != ATK_STATE_INVALID) atk_state_set_add_state(set, state_map[bit][1]);
    }
    return set;
}

static void node_finalize(GObject *object) {
    PinboxNode *node = PINBOX_NODE(object);
    g_free(node->name);
    g_free(node->description);
    g_free(node->text);
    g_free(node->previous_text);
    g_free(node->key_binding);
    g_free(node->action);
    g_free(node->characters);
    g_free(node->clusters);
    G_OBJECT_CLASS(pinbox_node_parent_class)->finalize(object);
}

static void pinbox_node_class_init(PinboxNodeClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = node_get_name;
    atk->get_description = node_get_description;
    atk->get_role = node_get_role;
    atk->get_parent = node_get_parent;
    atk->get_n_children = node_get_n_children;
    atk->ref_child = node_ref_child;
    atk->get_index_in_parent = node_get_index_in_parent;
    atk->ref_state_set = node_ref_state_set;
    G_OBJECT_CLASS(klass)->finalize = node_finalize;
}

static void pinbox_node_init(PinboxNode *node) {
    node->name = g_strdup("");
    node->description = g_strdup("");
    node->caret = -1;
    node->selection_start = node->selection_end = -1;
}

static void component_get_extents(AtkComponent *component, gint *x, gint *y, gint *width, gint *height,
                                  AtkCoordType type) {
    PinboxNode *node = PINBOX_NODE(component);
    double dx = 0, dy = 0;
    // Window coordinates are the page's; the screen's add the window's origin, and so do a
    // window's parent coordinates (its parent is the application, which is the desktop).
    if (type == ATK_XY_SCREEN || (type == ATK_XY_PARENT && is_window(node))) {
        dx = pinbox_tree.origin_x;
        dy = pinbox_tree.origin_y;
    }
    if (x) *x = (gint)(node->x + dx);
    if (y) *y = (gint)(node->y + dy);
    if (width) *width = (gint)node->width;
    if (height) *height = (gint)node->height;
}

static gboolean component_grab_focus(AtkComponent *component) {
    PinboxNode *node = PINBOX_NODE(component);
    if (node->defunct || !(node->states & 1u) || !pinbox_tree.callbacks.focus) return FALSE;
    pinbox_tree.callbacks.focus(pinbox_tree.context, node->id);
    return TRUE;
}

static AtkLayer component_get_layer(AtkComponent *component) {
    return is_window(PINBOX_NODE(component)) ? ATK_LAYER_WINDOW : ATK_LAYER_WIDGET;
}

static void component_init(AtkComponentIface *iface) {
    iface->get_extents = component_get_extents;
    iface->grab_focus = component_grab_focus;
    iface->get_layer = component_get_layer;
}

// ---- text: labels, entries (a hidden entry's text is bullets, as Swift set it), the status

typedef struct { PinboxNode parent; } PinboxText;
typedef struct { PinboxNodeClass parent_class; } PinboxTextClass;
static void text_init(AtkTextIface *iface);
G_DEFINE_TYPE_WITH_CODE(PinboxText, pinbox_text, pinbox_node_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_TEXT, text_init))
static void pinbox_text_class_init(PinboxTextClass *klass) { (void)klass; }
static void pinbox_text_init(PinboxText *text) { (void)text; }

static const char *text_of(AtkText *text) {
    const char *t = PINBOX_NODE(text)->text;
    return t ? t : "";
}

static gint text_count(AtkText *text) { return (gint)g_utf8_strlen(text_of(text), -1); }

static gchar *text_get_text(AtkText *text, gint start, gint end) {
    gint count = text_count(text);
    if (end < 0 || end > count) end = count;
    if (start < 0) start = 0;
    if (start > end) start = end;
    return g_utf8_substring(text_of(text), start, end);
}

static gunichar text_get_character_at_offset(AtkText *text, gint offset) {
    if (offset < 0 || offset >= text_count(text)) return 0;
    return g_utf8_get_char(g_utf8_offset_to_pointer(text_of(text), offset));
}

static gint text_get_caret_offset(AtkText *text) {
    // An entry's caret where the program said it stands, within its text; a label has none.
    PinboxNode *node = PINBOX_NODE(text);
    if (!(node->states & (1u << 5))) return -1;
    gint count = text_count(text);
    return node->caret >= 0 && node->caret < count ? node->caret : count;
}

static gchar *text_get_string_at_offset(AtkText *text, gint offset, AtkTextGranularity granularity,
                                        gint *start, gint *end) {
    gint count = text_count(text);
    if (granularity == ATK_TEXT_GRANULARITY_CHAR) {
        if (offset < 0 || offset >= count) {
            *start = *end = count;
            return g_strdup("");
        }
        // The cluster it is in, as GTK reads its entries at Pango's cursor positions: a letter
        // with its accents is one character to a screen reader.
        PinboxNode *node = PINBOX_NODE(text);
        *start = offset;
        *end = offset + 1;
        for (gint i = 0; i + 1 < node->cluster_count; i++) {
            if (node->clusters[i] <= offset && offset < node->clusters[i + 1]) {
                *start = node->clusters[i];
                *end = MIN(node->clusters[i + 1], count);
            }
        }
        return text_get_text(text, *start, *end);
    }
    // One line, one paragraph: words and sentences as a whole too, which is what a short
    // label or a row of bullets is.
    *start = 0;
    *end = count;
    return text_get_text(text, 0, count);
}

static gchar *text_get_text_at_offset(AtkText *text, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    return text_get_string_at_offset(text, offset,
                                     boundary == ATK_TEXT_BOUNDARY_CHAR ? ATK_TEXT_GRANULARITY_CHAR
                                                                        : ATK_TEXT_GRANULARITY_LINE,
                                     start, end);
}

// An entry's one selection, where the program said it is, within its text.
static gboolean selection_of(AtkText *text, gint *start, gint *end) {
    PinboxNode *node = PINBOX_NODE(text);
    gint count = text_count(text);
    if (node->selection_start < 0 || node->selection_end > count || node->selection_start >= node->selection_end) {
        return FALSE;
    }
    *start = node->selection_start;
    *end = node->selection_end;
    return TRUE;
}

static gint text_get_n_selections(AtkText *text) {
    gint start, end;
    return selection_of(text, &start, &end) ? 1 : 0;
}

static gchar *text_get_selection(AtkText *text, gint n, gint *start, gint *end) {
    if (n != 0 || !selection_of(text, start, end)) {
        *start = *end = 0;
        return NULL;
    }
    return text_get_text(text, *start, *end);
}

// Where the program said the character at `offset` is drawn (its caret's place at the text's
// end); else, for text not drawn a character to a cell, the object's extents shared evenly.
static void text_get_character_extents(AtkText *text, gint offset, gint *x, gint *y, gint *width, gint *height,
                                       AtkCoordType type) {
    PinboxNode *node = PINBOX_NODE(text);
    gint count = text_count(text), bx, by, bw, bh;
    component_get_extents(ATK_COMPONENT(text), &bx, &by, &bw, &bh, type);
    if (offset >= 0 && offset < node->character_count && offset <= count) {
        // The object's own place, in the same coordinates, less where it is in the window.
        const double *r = node->characters + 4 * offset;
        *x = bx + (gint)(r[0] - node->x);
        *y = by + (gint)(r[1] - node->y);
        *width = (gint)r[2];
        *height = (gint)r[3];
        return;
    }
    gint each = count > 0 ? bw / count : bw;
    *x = bx + (offset > 0 ? offset : 0) * each;
    *y = by;
    *width = each;
    *height = bh;
}

static AtkAttributeSet *text_get_run_attributes(AtkText *text, gint offset, gint *start, gint *end) {
    *start = 0;
    *end = text_count(text);
    (void)offset;
    return NULL;
}

static void text_init(AtkTextIface *iface) {
    iface->get_text = text_get_text;
    iface->get_character_at_offset = text_get_character_at_offset;
    iface->get_caret_offset = text_get_caret_offset;
    iface->get_character_count = text_count;
    iface->get_string_at_offset = text_get_string_at_offset;
    iface->get_text_at_offset = text_get_text_at_offset;
    iface->get_n_selections = text_get_n_selections;
    iface->get_selection = text_get_selection;
    iface->get_character_extents = text_get_character_extents;
    iface->get_run_attributes = text_get_run_attributes;
}

// ---- buttons: one action, its mnemonic as the key binding

typedef struct { PinboxNode parent; } PinboxButton;
typedef struct { PinboxNodeClass parent_class; } PinboxButtonClass;
static void action_init(AtkActionIface *iface);
G_DEFINE_TYPE_WITH_CODE(PinboxButton, pinbox_button, pinbox_node_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_ACTION, action_init))
static void pinbox_button_class_init(PinboxButtonClass *klass) { (void)klass; }
static void pinbox_button_init(PinboxButton *button) { (void)button; }

static gint action_get_n_actions(AtkAction *action) {
    const char *name = PINBOX_NODE(action)->action;
    return name && *name ? 1 : 0;
}

static gboolean action_do_action(AtkAction *action, gint i) {
    PinboxNode *node = PINBOX_NODE(action);
    if (i != 0 || node->defunct || !pinbox_tree.callbacks.action || action_get_n_actions(action) == 0) return FALSE;
    // Carried out by the program's loop after this dispatch, as the page's own input.
    pinbox_tree.callbacks.action(pinbox_tree.context, node->id);
    return TRUE;
}

static const gchar *action_get_name(AtkAction *action, gint i) {
    return i == 0 ? PINBOX_NODE(action)->action : NULL;
}

static const gchar *action_get_keybinding(AtkAction *action, gint i) {
    const char *binding = PINBOX_NODE(action)->key_binding;
    return i == 0 && binding && *binding ? binding : NULL;
}

static void action_init(AtkActionIface *iface) {
    iface->get_n_actions = action_get_n_actions;
    iface->do_action = action_do_action;
    iface->get_name = action_get_name;
    iface->get_localized_name = action_get_name;
    iface->get_keybinding = action_get_keybinding;
}

// ---- the quality bar: a value in a range

typedef struct { PinboxNode parent; } PinboxLevel;
typedef struct { PinboxNodeClass parent_class; } PinboxLevelClass;
static void value_init(AtkValueIface *iface);
G_DEFINE_TYPE_WITH_CODE(PinboxLevel, pinbox_level, pinbox_node_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_VALUE, value_init))
static void pinbox_level_class_init(PinboxLevelClass *klass) { (void)klass; }
static void pinbox_level_init(PinboxLevel *level) { (void)level; }

static void value_set(GValue *value, double x) {
    memset(value, 0, sizeof *value);
    g_value_init(value, G_TYPE_DOUBLE);
    g_value_set_double(value, x);
}

G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static void value_get_current(AtkValue *value, GValue *out) { value_set(out, PINBOX_NODE(value)->current); }
static void value_get_minimum(AtkValue *value, GValue *out) { value_set(out, PINBOX_NODE(value)->minimum); }
static void value_get_maximum(AtkValue *value, GValue *out) { value_set(out, PINBOX_NODE(value)->maximum); }
G_GNUC_END_IGNORE_DEPRECATIONS

static void value_get_value_and_text(AtkValue *value, gdouble *current, gchar **text) {
    if (current) *current = PINBOX_NODE(value)->current;
    if (text) *text = NULL;
}

static AtkRange *value_get_range(AtkValue *value) {
    return atk_range_new(PINBOX_NODE(value)->minimum, PINBOX_NODE(value)->maximum, NULL);
}

static void value_init(AtkValueIface *iface) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    iface->get_current_value = value_get_current;
    iface->get_minimum_value = value_get_minimum;
    iface->get_maximum_value = value_get_maximum;
    G_GNUC_END_IGNORE_DEPRECATIONS
    iface->get_value_and_text = value_get_value_and_text;
    iface->get_range = value_get_range;
}

// ---- the window: AtkWindow, whose activate and create signals the bridge forwards

typedef struct { PinboxNode parent; } PinboxWindow;
typedef struct { PinboxNodeClass parent_class; } PinboxWindowClass;
static void window_init(AtkWindowIface *iface) { (void)iface; }
G_DEFINE_TYPE_WITH_CODE(PinboxWindow, pinbox_window, pinbox_node_get_type(),
                        G_IMPLEMENT_INTERFACE(ATK_TYPE_WINDOW, window_init))
static void pinbox_window_class_init(PinboxWindowClass *klass) { (void)klass; }
static void pinbox_window_init(PinboxWindow *window) { (void)window; }

GType pinbox_type_for_role(int32_t role) {
    switch (role) {
    case 1: case 2: case 3: return pinbox_window_get_type();
    case 4: case 5: case 6: case 10: case 11: return pinbox_text_get_type();
    case 7: case 8: case 12: return pinbox_button_get_type();
    case 9: return pinbox_level_get_type();
    default: return pinbox_node_get_type();
    }
}

// ---- the application

typedef struct { AtkObject parent; char *name; } PinboxRoot;
typedef struct { AtkObjectClass parent_class; } PinboxRootClass;
G_DEFINE_TYPE(PinboxRoot, pinbox_root, ATK_TYPE_OBJECT)

static const gchar *root_get_name(AtkObject *object) { return ((PinboxRoot *)object)->name; }
static AtkRole root_get_role(AtkObject *object) { (void)object; return ATK_ROLE_APPLICATION; }
static AtkObject *root_get_parent(AtkObject *object) { (void)object; return NULL; }
static gint root_get_n_children(AtkObject *object) { (void)object; return pinbox_tree.window ? 1 : 0; }
static AtkObject *root_ref_child(AtkObject *object, gint i) {
    (void)object;
    return i == 0 && pinbox_tree.window ? g_object_ref(ATK_OBJECT(pinbox_tree.window)) : NULL;
}

static void pinbox_root_class_init(PinboxRootClass *klass) {
    AtkObjectClass *atk = ATK_OBJECT_CLASS(klass);
    atk->get_name = root_get_name;
    atk->get_role = root_get_role;
    atk->get_parent = root_get_parent;
    atk->get_n_children = root_get_n_children;
    atk->ref_child = root_ref_child;
}

static void pinbox_root_init(PinboxRoot *root) { root->name = NULL; }

AtkObject *pinbox_root_new(const char *name) {
    PinboxRoot *root = g_object_new(pinbox_root_get_type(), NULL);
    root->name = g_strdup(name);
    return ATK_OBJECT(root);
}
