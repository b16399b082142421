/* SPDX-License-Identifier: MIT */
// The plug-in's entry points: ATK's utility class answers with PinBox's root (as GTK3's
// gtkaccessibility.c does for GTK), the bridge is started on the accessibility bus, and GLib's
// default main context is run by the program's own poll loop, never by a loop of its own:
// prepare and query before the program's poll, check and dispatch after it.
//
// The bridge's start alone runs on a thread: it connects to the bus and registers with
// libdbus's blocking calls, which have no deadline, so a bus that takes the connection and
// never answers (a frozen daemon) held the prompt for ever, its window shown and deaf. The
// thread writes a byte when the start is done; until the poll loop has read it, the program
// publishes nothing and GLib's context is not run, so the bridge's objects have one thread at
// a time. A start that never ends leaves the prompt without a screen reader, working.
#include "objects.h"
#include <atk-bridge.h>
#include <errno.h>
#include <glib-unix.h>
#include <string.h>
#include <unistd.h>

static gint state = PINBOX_A11Y_FAILED;
static gboolean asked;
static gint start_result;
static int start_done[2] = {-1, -1};
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
    if (g_strcmp0(event_type, "Gtk:AtkObject:state-change") == 0) g_atomic_int_inc((gint *)&listeners);
    return real_add_global_event_listener ? real_add_global_event_listener(listener, event_type) : 0;
}

uint32_t pinbox_a11y_listeners(void) { return (uint32_t)g_atomic_int_get((gint *)&listeners); }

// Who hears of keys (the bridge, once a screen reader listens), as a toolkit keeps them for
// atk_add_key_event_listener.
typedef struct {
    AtkKeySnoopFunc listener;
    gpointer data;
    guint id;
} key_listener;
static GArray *key_listeners;
static guint last_key_listener;

static guint util_add_key_event_listener(AtkKeySnoopFunc listener, gpointer data) {
    if (!key_listeners) key_listeners = g_array_new(FALSE, FALSE, sizeof(key_listener));
    key_listener added = {listener, data, ++last_key_listener};
    g_array_append_val(key_listeners, added);
    return added.id;
}

static void util_remove_key_event_listener(guint id) {
    for (guint i = 0; key_listeners && i < key_listeners->len; i++) {
        if (g_array_index(key_listeners, key_listener, i).id != id) continue;
        g_array_remove_index(key_listeners, i);
        return;
    }
}

int pinbox_a11y_key(int32_t pressed, uint32_t keysym, uint32_t modifiers, uint32_t keycode, uint32_t time,
                    const char *name) {
    if (state != PINBOX_A11Y_ON_THE_BUS || !key_listeners) return 0;
    // As GTK 3 fills it for a key that types no character: the key's name as its string.
    AtkKeyEventStruct event = {
        .type = pressed ? ATK_KEY_EVENT_PRESS : ATK_KEY_EVENT_RELEASE,
        .state = modifiers,
        .keyval = keysym,
        .length = (gint)strlen(name),
        .string = (gchar *)name,
        .keycode = (guint16)keycode,
        .timestamp = time,
    };
    int taken = 0;
    // A copy: a listener may add or remove listeners while it runs (the bridge waits for the
    // registry's answer in a loop of GLib's own, which dispatches what comes meanwhile).
    GArray *each = g_array_copy(key_listeners);
    for (guint i = 0; i < each->len && !taken; i++) {
        key_listener *l = &g_array_index(each, key_listener, i);
        taken = l->listener(&event, l->data) != 0;
    }
    g_array_unref(each);
    return taken;
}

static const gchar *util_get_toolkit_name(void) { return "PinBox"; }
static const gchar *util_get_toolkit_version(void) { return "1"; }

static gpointer start_bridge(gpointer unused) {
    (void)unused;
    g_atomic_int_set(&start_result, atk_bridge_adaptor_init(NULL, NULL));
    char done = 1;
    while (write(start_done[1], &done, 1) < 0 && errno == EINTR) {}
    return NULL;
}

int pinbox_a11y_state(void) { return state; }

int pinbox_a11y_start(const char *application, const char *bus_address, pinbox_a11y_callbacks callbacks,
                      void *context) {
    if (asked) return state == PINBOX_A11Y_FAILED ? -1 : 0;
    asked = TRUE;
    // The launcher's address, read by the program from the root window and taken only when it is
    // one local socket (AccessibilitySwitch: any client can write it): the bridge's library
    // would otherwise open a connection of its own to the X server, from the thread, to read it.
    if (bus_address && *bus_address && !g_getenv("AT_SPI_BUS_ADDRESS")) g_setenv("AT_SPI_BUS_ADDRESS", bus_address, TRUE);
    pinbox_tree.callbacks = callbacks;
    pinbox_tree.context = context;
    pinbox_tree.root = pinbox_root_new(application);
    AtkUtilClass *util = g_type_class_ref(ATK_TYPE_UTIL);
    util->get_root = util_get_root;
    util->get_toolkit_name = util_get_toolkit_name;
    util->get_toolkit_version = util_get_toolkit_version;
    real_add_global_event_listener = util->add_global_event_listener;
    util->add_global_event_listener = util_add_global_event_listener;
    util->add_key_event_listener = util_add_key_event_listener;
    util->remove_key_event_listener = util_remove_key_event_listener;
    // The program's thread owns the default context from now on: it is the only one that runs
    // it. The starting thread only adds the bus's sources to it.
    g_main_context_acquire(g_main_context_default());
    if (!g_unix_open_pipe(start_done, FD_CLOEXEC, NULL)) return -1;
    GThread *thread = g_thread_try_new("pinbox-a11y", start_bridge, NULL, NULL);
    if (!thread) return -1;
    g_thread_unref(thread);
    state = PINBOX_A11Y_STARTING;
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

void pinbox_a11y_set_characters(int32_t id, const double *rectangles, int32_t count) {
    PinboxNode *node = find(id);
    if (!node) return;
    g_free(node->characters);
    node->characters = count > 0 ? g_memdup2(rectangles, (gsize)count * 4 * sizeof *rectangles) : NULL;
    node->character_count = count > 0 ? count : 0;
}

void pinbox_a11y_set_clusters(int32_t id, const int32_t *places, int32_t count) {
    PinboxNode *node = find(id);
    if (!node) return;
    g_free(node->clusters);
    node->clusters = count > 0 ? g_memdup2(places, (gsize)count * sizeof *places) : NULL;
    node->cluster_count = count > 0 ? count : 0;
}

void pinbox_a11y_set_caret(int32_t id, int32_t offset, int32_t selection_start, int32_t selection_end) {
    PinboxNode *node = find(id);
    if (!node) return;
    node->caret = offset;
    node->selection_start = selection_start;
    node->selection_end = selection_end;
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

static gchar *bullets(gint count) {
    GString *text = g_string_new(NULL);
    for (gint i = 0; i < count; i++) g_string_append(text, "\u2022");
    return g_string_free(text, FALSE);
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
            // A hidden row that scrolled loses dots its text before may not hold where they
            // left: bullets all the same.
            gchar *removed = pinbox_atk_role(node->role) == ATK_ROLE_PASSWORD_TEXT ? bullets(b)
                                                                                  : substring(node->previous_text, a, b);
            g_signal_emit_by_name(object, "text-remove", a, b, removed);
            g_free(removed);
        }
        if (c > 0) {
            gchar *inserted = substring(node->text, a, c);
            g_signal_emit_by_name(object, "text-insert", a, c, inserted);
            g_free(inserted);
        }
        // An entry's caret follows what is typed, as GTK's does: a magnifier and a braille
        // display track it by this event.
        gint caret = atk_text_get_caret_offset(ATK_TEXT(object));
        if (caret >= 0) g_signal_emit_by_name(object, "text-caret-moved", caret);
        break;
    case PINBOX_A11Y_CARET_MOVED:
        // The user moved it (an arrow, Home, End): Orca says what it now stands at.
        if (ATK_IS_TEXT(object)) g_signal_emit_by_name(object, "text-caret-moved", atk_text_get_caret_offset(ATK_TEXT(object)));
        break;
    case PINBOX_A11Y_SELECTION_CHANGED:
        // Shift and an arrow, Ctrl+A: Orca says what was selected or let go (bullets, hidden).
        if (ATK_IS_TEXT(object)) g_signal_emit_by_name(object, "text-selection-changed");
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
    poll_count = 0;
    *timeout = -1;
    if (state == PINBOX_A11Y_FAILED) return 0;
    if (state == PINBOX_A11Y_STARTING) {
        if (capacity < 1) return 0;
        fds[0] = (struct pollfd){.fd = start_done[0], .events = POLLIN};
        return 1;
    }
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
    if (state == PINBOX_A11Y_FAILED) return;
    if (state == PINBOX_A11Y_STARTING) {
        if (count < 1 || !(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) return;
        char done;
        if (read(start_done[0], &done, 1) != 1) return;
        close(start_done[0]);
        close(start_done[1]);
        state = g_atomic_int_get(&start_result) == 0 ? PINBOX_A11Y_ON_THE_BUS : PINBOX_A11Y_FAILED;
        return;
    }
    for (gint i = 0; i < poll_count; i++) poll_fds[i].revents = i < count ? (gushort)fds[i].revents : 0;
    GMainContext *context = g_main_context_default();
    if (g_main_context_check(context, max_priority, poll_fds, poll_count)) g_main_context_dispatch(context);
}
