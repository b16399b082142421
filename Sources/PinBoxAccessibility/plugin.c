/* SPDX-License-Identifier: MIT */
// The plug-in's entry points: ATK's utility class answers with PinBox's root (as GTK3's
// gtkaccessibility.c does for GTK), the bridge is started on the accessibility bus, and GLib's
// default main context is run by the program's own poll loop, never by a loop or a thread of
// its own: prepare and query before the program's poll, check and dispatch after it.
#include "objects.h"
#include <atk-bridge.h>
#include <string.h>

static gboolean started;
static gint max_priority;
static GPollFD *poll_fds;
static gint poll_capacity;
static gint poll_count;

static guint (*real_add_global_event_listener)(GSignalEmissionHook, const gchar *);
static uint32_t listeners;

static AtkObject *util_get_root(void) { return pinbox_tree.root; }

// The bridge hooks ATK's signals only once a screen reader listens (its registration's reply
// names the listeners); until then nothing is sent. Counted here so the program can say again,
// once someone listens, what it said before: the window, its focus, its error.
static guint util_add_global_event_listener(GSignalEmissionHook listener, const gchar *event_type) {
    if (g_strcmp0(event_type, "Gtk:AtkObject:state-change") == 0) listeners++;
    return real_add_global_event_listener ? real_add_global_event_listener(listener, event_type) : 0;
}

uint32_t pinbox_a11y_listeners(void) { return listeners; }
static const gchar *util_get_toolkit_name(void) { return "PinBox"; }
static const gchar *util_get_toolkit_version(void) { return "1"; }

int pinbox_a11y_start(const char *application, pinbox_a11y_callbacks callbacks, void *context) {
    if (started) return 0;
    pinbox_tree.callbacks = callbacks;
    pinbox_tree.context = context;
    pinbox_tree.root = pinbox_root_new(application);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = util_get_root;
    util->get_toolkit_name = util_get_toolkit_name;
    util->get_toolkit_version = util_get_toolkit_version;
    real_add_global_event_listener = util->add_global_event_listener;
    util->add_global_event_listener = util_add_global_event_listener;
    // The program's thread owns the default context from now on: it is the only one that runs it.
    g_main_context_acquire(g_main_context_default());
    if (atk_bridge_adaptor_init(NULL, NULL) != 0) return -1;
    started = TRUE;
    return 0;
}

static PinboxNode *find(int32_t id) {
    if (!pinbox_tree.window) return NULL;
    if (id == pinbox_tree.window->id) return pinbox_tree.window;
    for (guint i = 0; pinbox_tree.children && i < pinbox_tree.children->len; i++) {
        PinboxNode *node = g_ptr_array_index(pinbox_tree.children, i);
        if (node->id == id) return node;
    }
    return NULL;
}

void pinbox_a11y_set_node(int32_t id, int32_t role, uint32_t states, double x, double y, double width,
                          double height) {
    PinboxNode *node = find(id);
    if (!node) {
        node = g_object_new(pinbox_type_for_role(role), NULL);
        node->id = id;
        if (id == 0) {
            pinbox_tree.window = node;
            pinbox_tree.children = g_ptr_array_new_with_free_func(g_object_unref);
        } else if (pinbox_tree.window) {
            g_ptr_array_add(pinbox_tree.children, node);
        } else {
            g_object_unref(node);
            return;
        }
    }
    node->role = role;
    node->states = states;
    node->x = x;
    node->y = y;
    node->width = width;
    node->height = height;
}

void pinbox_a11y_set_string(int32_t id, int32_t which, const char *value) {
    PinboxNode *node = find(id);
    if (!node) return;
    char *copy = g_strdup(value ? value : "");
    switch (which) {
    case PINBOX_A11Y_NAME: g_free(node->name); node->name = copy; break;
    case PINBOX_A11Y_DESCRIPTION: g_free(node->description); node->description = copy; break;
    case PINBOX_A11Y_TEXT:
        // The text before, for the removal a change reports (bullets, for a hidden entry).
        g_free(node->previous_text);
        node->previous_text = node->text;
        node->text = copy;
        break;
    case PINBOX_A11Y_KEY_BINDING: g_free(node->key_binding); node->key_binding = copy; break;
    case PINBOX_A11Y_ACTION: g_free(node->action); node->action = copy; break;
    default: g_free(copy); break;
    }
}

void pinbox_a11y_set_value(int32_t id, double current, double minimum, double maximum) {
    PinboxNode *node = find(id);
    if (!node) return;
    node->current = current;
    node->minimum = minimum;
    node->maximum = maximum;
}

void pinbox_a11y_set_origin(int32_t x, int32_t y) {
    pinbox_tree.origin_x = x;
    pinbox_tree.origin_y = y;
}

// The core's state bits as ATK states (see state_map in objects.c).
static const AtkStateType states[] = {
    ATK_STATE_FOCUSABLE, ATK_STATE_FOCUSED, ATK_STATE_SHOWING, ATK_STATE_VISIBLE, ATK_STATE_SENSITIVE,
    ATK_STATE_EDITABLE, ATK_STATE_SINGLE_LINE, ATK_STATE_CHECKED, ATK_STATE_ACTIVE, ATK_STATE_MODAL,
    ATK_STATE_DEFAULT, ATK_STATE_MULTI_LINE,
};

static gchar *substring(const char *text, gint start, gint count) {
    text = text ? text : "";
    gint length = (gint)g_utf8_strlen(text, -1);
    if (start > length) start = length;
    if (start + count > length) count = length - start;
    return g_utf8_substring(text, start, start + count);
}

void pinbox_a11y_emit(int32_t kind, int32_t id, int32_t a, int32_t b, int32_t c, const char *text) {
    PinboxNode *node = find(id);
    if (!node) return;
    AtkObject *object = ATK_OBJECT(node);
    switch (kind) {
    case PINBOX_A11Y_FOCUS:
        atk_object_notify_state_change(object, ATK_STATE_FOCUSED, TRUE);
        G_GNUC_BEGIN_IGNORE_DEPRECATIONS
        atk_focus_tracker_notify(object);
        G_GNUC_END_IGNORE_DEPRECATIONS
        break;
    case PINBOX_A11Y_STATE:
        for (guint bit = 0; bit < G_N_ELEMENTS(states); bit++) {
            if (!((uint32_t)a & (1u << bit))) continue;
            atk_object_notify_state_change(object, states[bit], b != 0);
            if (states[bit] == ATK_STATE_SENSITIVE) atk_object_notify_state_change(object, ATK_STATE_ENABLED, b != 0);
        }
        break;
    case PINBOX_A11Y_NAME_CHANGED: g_object_notify(G_OBJECT(object), "accessible-name"); break;
    case PINBOX_A11Y_DESCRIPTION_CHANGED: g_object_notify(G_OBJECT(object), "accessible-description"); break;
    case PINBOX_A11Y_TEXT_CHANGED:
        if (!ATK_IS_TEXT(object)) break;
        if (b > 0) {
            gchar *removed = substring(node->previous_text, a, b);
            g_signal_emit_by_name(object, "text-remove", a, b, removed);
            g_free(removed);
        }
        if (c > 0) {
            gchar *inserted = substring(node->text, a, c);
            g_signal_emit_by_name(object, "text-insert", a, c, inserted);
            g_free(inserted);
        }
        break;
    case PINBOX_A11Y_VALUE_CHANGED: g_object_notify(G_OBJECT(object), "accessible-value"); break;
    case PINBOX_A11Y_ANNOUNCE: g_signal_emit_by_name(object, "announcement", text ? text : ""); break;
    case PINBOX_A11Y_ACTIVATE: g_signal_emit_by_name(object, "activate"); break;
    case PINBOX_A11Y_DEACTIVATE: g_signal_emit_by_name(object, "deactivate"); break;
    case PINBOX_A11Y_WINDOW_SHOWN:
        g_signal_emit_by_name(pinbox_tree.root, "children-changed::add", 0, object);
        g_signal_emit_by_name(object, "create");
        break;
    default: break;
    }
}

void pinbox_a11y_close_window(void) {
    PinboxNode *window = pinbox_tree.window;
    if (!window) return;
    GPtrArray *children = pinbox_tree.children;
    for (guint i = 0; i < children->len; i++) {
        PinboxNode *node = g_ptr_array_index(children, i);
        node->defunct = TRUE;
        atk_object_notify_state_change(ATK_OBJECT(node), ATK_STATE_DEFUNCT, TRUE);
    }
    g_signal_emit_by_name(window, "destroy");
    window->defunct = TRUE;
    atk_object_notify_state_change(ATK_OBJECT(window), ATK_STATE_DEFUNCT, TRUE);
    pinbox_tree.window = NULL;
    pinbox_tree.children = NULL;
    g_signal_emit_by_name(pinbox_tree.root, "children-changed::remove", 0, window);
    g_ptr_array_unref(children);
    g_object_unref(window);
}

int pinbox_a11y_prepare(struct pollfd *fds, int capacity, int *timeout) {
    GMainContext *context = g_main_context_default();
    g_main_context_prepare(context, &max_priority);
    gint count;
    while ((count = g_main_context_query(context, max_priority, timeout, poll_fds, poll_capacity)) > poll_capacity) {
        poll_capacity = count;
        poll_fds = g_renew(GPollFD, poll_fds, poll_capacity);
    }
    poll_count = count;
    for (gint i = 0; i < count && i < capacity; i++) {
        fds[i].fd = poll_fds[i].fd;
        fds[i].events = (short)poll_fds[i].events;
        fds[i].revents = 0;
    }
    return count < capacity ? count : capacity;
}

void pinbox_a11y_dispatch(const struct pollfd *fds, int count) {
    for (gint i = 0; i < poll_count; i++) poll_fds[i].revents = i < count ? (gushort)fds[i].revents : 0;
    GMainContext *context = g_main_context_default();
    if (g_main_context_check(context, max_priority, poll_fds, poll_count)) g_main_context_dispatch(context);
}
