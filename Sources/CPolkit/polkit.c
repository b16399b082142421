/* SPDX-License-Identifier: MIT */
// polkit's authentication agent library, loaded by `pinbox polkit-agent` alone. Compiled
// against its headers so every call is type-checked, but not linked: each function is looked
// up with dlsym in the library dlopen returns (GLib's and libpolkit-gobject's through it, as
// its own dependencies). GLib's type macros would call functions by their link names, so the
// casts below are plain C ones.
#define POLKIT_AGENT_I_KNOW_API_IS_SUBJECT_TO_CHANGE
#include "CPolkit.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <polkitagent/polkitagent.h>

#define PINBOX_POLKIT_FUNCTIONS(X)               \
    X(g_type_register_static_simple)             \
    X(g_type_check_instance_is_a)                \
    X(g_object_new)                              \
    X(g_object_ref)                              \
    X(g_object_unref)                            \
    X(g_signal_connect_data)                     \
    X(g_signal_handlers_disconnect_matched)      \
    X(g_cancellable_connect)                     \
    X(g_cancellable_disconnect)                  \
    X(g_idle_add)                                \
    X(g_error_free)                              \
    X(g_main_context_default)                    \
    X(g_main_context_acquire)                    \
    X(g_main_context_prepare)                    \
    X(g_main_context_query)                      \
    X(g_main_context_check)                      \
    X(g_main_context_dispatch)                   \
    X(g_task_new)                                \
    X(g_task_return_boolean)                     \
    X(g_task_return_new_error)                   \
    X(g_task_propagate_boolean)                  \
    X(polkit_error_quark)                        \
    X(polkit_unix_user_get_type)                 \
    X(polkit_unix_user_get_uid)                  \
    X(polkit_unix_user_get_name)                 \
    X(polkit_unix_process_new_for_owner)         \
    X(polkit_unix_session_new_for_process_sync)  \
    X(polkit_details_lookup)                     \
    X(polkit_agent_listener_get_type)            \
    X(polkit_agent_listener_register)            \
    X(polkit_agent_session_new)                  \
    X(polkit_agent_session_initiate)             \
    X(polkit_agent_session_response)             \
    X(polkit_agent_session_cancel)

#define PINBOX_DECLARE(name) static __typeof__(name) *p_##name;
PINBOX_POLKIT_FUNCTIONS(PINBOX_DECLARE)

static int load(void) {
    void *library = dlopen("libpolkit-agent-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define PINBOX_LOOK_UP(name) \
    if (!(p_##name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    PINBOX_POLKIT_FUNCTIONS(PINBOX_LOOK_UP)
    return 1;
}

// ---- Events, for the poll loop to take in turn.

struct event {
    struct event *next;
    int kind, flag;
    char *text;
};
static struct event *first_event, *last_event;

static void tell(int kind, int flag, const char *text) {
    struct event *event = calloc(1, sizeof *event);
    if (!event) return;
    event->kind = kind;
    event->flag = flag;
    event->text = strdup(text ? text : "");
    if (last_event) last_event->next = event; else first_event = event;
    last_event = event;
}

int pinbox_polkit_next_event(int *flag, char *text, size_t size) {
    struct event *event = first_event;
    if (!event) return 0;
    first_event = event->next;
    if (!first_event) last_event = NULL;
    int kind = event->kind;
    *flag = event->flag;
    if (size) snprintf(text, size, "%s", event->text ? event->text : "");
    free(event->text);
    free(event);
    return kind;
}

// ---- Authentications: the first in the list is the one under way.

struct authentication {
    struct authentication *next;
    GTask *task;
    GCancellable *cancellable;
    gulong cancel_handler;
    char *message, *cookie;
    // The users polkit lists (groups already turned into their users), with their names, and
    // which of them the helper authenticates.
    PolkitIdentity **users;
    char **names;
    int user_count, chosen;
    PolkitDetails *details;
    PolkitAgentSession *session;
    // The session's helper has ended, failing: the authentication waits for retry or give_up.
    int failed;
    // Set by polkitd's cancellable (handled in an idle call: a cancellable's handler may not
    // disconnect itself), by the user's Cancel, and while this side ends it.
    int withdrawn, dismissed, ending;
};
static struct authentication *authentications;

static void begin(struct authentication *a);

static void forget_users(struct authentication *a) {
    for (int i = 0; i < a->user_count; i++) {
        p_g_object_unref(a->users[i]);
        free(a->names[i]);
    }
    free(a->users);
    free(a->names);
}

enum outcome { AUTHENTICATED, DISMISSED, FAILED, WITHDRAWN };

static void end(struct authentication *a, enum outcome outcome) {
    struct authentication **link = &authentications;
    while (*link && *link != a) link = &(*link)->next;
    if (!*link) return;
    int current = a == authentications;
    *link = a->next;
    a->ending = 1;
    if (a->cancellable && a->cancel_handler) p_g_cancellable_disconnect(a->cancellable, a->cancel_handler);
    if (a->session) {
        if (!a->failed && outcome != AUTHENTICATED) p_polkit_agent_session_cancel(a->session);
        p_g_object_unref(a->session);
    }
    if (outcome == AUTHENTICATED) {
        p_g_task_return_boolean(a->task, TRUE);
    } else {
        // polkitd tells its caller "dismissed" for polkit's Cancelled error, and that the
        // authentication failed for any other.
        int code = outcome == FAILED ? POLKIT_ERROR_FAILED : POLKIT_ERROR_CANCELLED;
        const char *why = outcome == DISMISSED ? "Authentication dialog was dismissed by the user"
                        : outcome == FAILED    ? "Authentication failed"
                                               : "Authentication was withdrawn";
        p_g_task_return_new_error(a->task, p_polkit_error_quark(), code, "%s", why);
    }
    p_g_object_unref(a->task);
    if (a->cancellable) p_g_object_unref(a->cancellable);
    forget_users(a);
    p_g_object_unref(a->details);
    free(a->message);
    free(a->cookie);
    free(a);
    if (current && authentications) begin(authentications);
}

static void on_request(PolkitAgentSession *session, const gchar *request, gboolean echo_on, gpointer data) {
    (void)session;
    if (!((struct authentication *)data)->ending) tell(PINBOX_POLKIT_REQUEST, echo_on ? 1 : 0, request);
}

static void on_error(PolkitAgentSession *session, const gchar *text, gpointer data) {
    (void)session;
    if (!((struct authentication *)data)->ending) tell(PINBOX_POLKIT_MESSAGE, 1, text);
}

static void on_info(PolkitAgentSession *session, const gchar *text, gpointer data) {
    (void)session;
    if (!((struct authentication *)data)->ending) tell(PINBOX_POLKIT_MESSAGE, 0, text);
}

static void on_completed(PolkitAgentSession *session, gboolean authenticated, gpointer data) {
    (void)session;
    struct authentication *a = data;
    if (a->ending) return;
    a->failed = !authenticated;
    if (a->withdrawn) {
        tell(PINBOX_POLKIT_WITHDRAWN, 0, NULL);
        end(a, WITHDRAWN);
    } else if (a->dismissed) {
        end(a, DISMISSED);
    } else if (authenticated) {
        tell(PINBOX_POLKIT_COMPLETED, 1, NULL);
        end(a, AUTHENTICATED);
    } else {
        tell(PINBOX_POLKIT_COMPLETED, 0, NULL);
    }
}

// A helper of its own for the authentication's user, with its cookie.
static void start_session(struct authentication *a) {
    a->failed = 0;
    a->session = p_polkit_agent_session_new(a->users[a->chosen], a->cookie);
    p_g_signal_connect_data(a->session, "request", G_CALLBACK(on_request), a, NULL, 0);
    p_g_signal_connect_data(a->session, "show-error", G_CALLBACK(on_error), a, NULL, 0);
    p_g_signal_connect_data(a->session, "show-info", G_CALLBACK(on_info), a, NULL, 0);
    p_g_signal_connect_data(a->session, "completed", G_CALLBACK(on_completed), a, NULL, 0);
    p_polkit_agent_session_initiate(a->session);
}

static void begin(struct authentication *a) {
    tell(PINBOX_POLKIT_BEGIN, 0, NULL);
    start_session(a);
}

static gboolean withdraw_pending(gpointer unused) {
    (void)unused;
    for (struct authentication *a = authentications, *next; a; a = next) {
        next = a->next;
        if (!a->withdrawn) continue;
        // The one under way ends through its session's completion (or at once, its helper
        // already gone); one still waiting, here.
        if (a == authentications && a->session && !a->failed) {
            p_polkit_agent_session_cancel(a->session);
        } else {
            if (a == authentications) tell(PINBOX_POLKIT_WITHDRAWN, 0, NULL);
            end(a, WITHDRAWN);
        }
    }
    return G_SOURCE_REMOVE;
}

static void on_withdrawn(GCancellable *cancellable, gpointer data) {
    (void)cancellable;
    ((struct authentication *)data)->withdrawn = 1;
    p_g_idle_add(withdraw_pending, NULL);
}

// The users polkit lists, in its order, and the one asked first: this process's own user
// when listed (an action that asks the subject's user, or an administrator authenticating as
// themself), else the first. How many: 0 when it lists none, -1 when memory ran out.
static int take_users(struct authentication *a, GList *identities) {
    GType user_type = p_polkit_unix_user_get_type();
    int listed = 0;
    for (GList *item = identities; item; item = item->next) listed++;
    a->users = calloc((size_t)listed + 1, sizeof *a->users);
    a->names = calloc((size_t)listed + 1, sizeof *a->names);
    if (!a->users || !a->names) return -1;
    for (GList *item = identities; item; item = item->next) {
        if (!p_g_type_check_instance_is_a(item->data, user_type)) continue;
        PolkitUnixUser *user = (PolkitUnixUser *)item->data;
        const char *known = p_polkit_unix_user_get_name(user);
        gint uid = p_polkit_unix_user_get_uid(user);
        char number[32];
        snprintf(number, sizeof number, "%d", uid);
        char *name = strdup(known ? known : number);
        if (!name) return -1;
        if ((uid_t)uid == getuid()) a->chosen = a->user_count;
        a->names[a->user_count] = name;
        a->users[a->user_count++] = p_g_object_ref(item->data);
    }
    return a->user_count;
}

static void initiate_authentication(PolkitAgentListener *listener, const gchar *action_id, const gchar *message,
                                    const gchar *icon_name, PolkitDetails *details, const gchar *cookie,
                                    GList *identities, GCancellable *cancellable, GAsyncReadyCallback callback,
                                    gpointer user_data) {
    (void)action_id;  // polkit's message says what is authorized, in the user's words
    (void)icon_name;
    GTask *task = p_g_task_new(listener, cancellable, callback, user_data);
    struct authentication *a = calloc(1, sizeof *a);
    int users = a ? take_users(a, identities) : -1;
    if (users <= 0) {
        p_g_task_return_new_error(task, p_polkit_error_quark(), POLKIT_ERROR_FAILED, "%s",
                                  users == 0 ? "No user to authenticate" : "Out of memory");
        p_g_object_unref(task);
        if (a) forget_users(a);
        free(a);
        return;
    }
    a->task = task;
    a->details = p_g_object_ref(details);
    a->message = strdup(message ? message : "");
    a->cookie = strdup(cookie ? cookie : "");
    if (cancellable) {
        a->cancellable = p_g_object_ref(cancellable);
        a->cancel_handler = p_g_cancellable_connect(cancellable, G_CALLBACK(on_withdrawn), a, NULL);
    }
    struct authentication **link = &authentications;
    while (*link) link = &(*link)->next;
    *link = a;
    if (a == authentications) begin(a);
}

static gboolean initiate_authentication_finish(PolkitAgentListener *listener, GAsyncResult *result, GError **error) {
    (void)listener;
    return p_g_task_propagate_boolean((GTask *)result, error);
}

static void class_init(gpointer klass, gpointer data) {
    (void)data;
    PolkitAgentListenerClass *listener = klass;
    listener->initiate_authentication = initiate_authentication;
    listener->initiate_authentication_finish = initiate_authentication_finish;
}

static void instance_init(GTypeInstance *instance, gpointer klass) {
    (void)instance;
    (void)klass;
}

// ---- The program's side.

static GMainContext *context;
static gint max_priority;

int pinbox_polkit_register(int pid, char *why, size_t size) {
    if (!load()) {
        snprintf(why, size, "libpolkit-agent-1.so.0 cannot be loaded (install libpolkit-agent-1-0)");
        return -1;
    }
    context = p_g_main_context_default();
    p_g_main_context_acquire(context);
    GError *error = NULL;
    PolkitSubject *subject = pid > 0 ? p_polkit_unix_process_new_for_owner(pid, 0, -1)
                                     : p_polkit_unix_session_new_for_process_sync(getpid(), NULL, &error);
    if (!subject) {
        snprintf(why, size, "this process is in no login session polkit knows (%s): name a process with --process",
                 error ? error->message : "no session");
        if (error) p_g_error_free(error);
        return -1;
    }
    GType type = p_g_type_register_static_simple(p_polkit_agent_listener_get_type(), "PinBoxPolkitListener",
                                                 sizeof(PolkitAgentListenerClass), class_init,
                                                 sizeof(PolkitAgentListener), instance_init, 0);
    gpointer listener = p_g_object_new(type, NULL);
    gpointer registration = p_polkit_agent_listener_register(listener, POLKIT_AGENT_REGISTER_FLAGS_NONE, subject,
                                                             NULL, NULL, &error);
    p_g_object_unref(subject);
    if (!registration) {
        snprintf(why, size, "polkit did not take the agent: %s", error ? error->message : "no reason given");
        if (error) p_g_error_free(error);
        p_g_object_unref(listener);
        return -1;
    }
    // The listener and its registration stay for the life of the process: polkitd forgets the
    // agent when its connection to the bus ends.
    return 0;
}

int pinbox_polkit_descriptors(struct pollfd *fds, int capacity, int *timeout) {
    p_g_main_context_prepare(context, &max_priority);
    // GPollFD is laid out as struct pollfd, with the same bits, where poll is the system's.
    int count = p_g_main_context_query(context, max_priority, timeout, (GPollFD *)fds, capacity);
    return count < capacity ? count : capacity;
}

void pinbox_polkit_dispatch(struct pollfd *fds, int count) {
    if (p_g_main_context_check(context, max_priority, (GPollFD *)fds, count)) p_g_main_context_dispatch(context);
}

const char *pinbox_polkit_message(void) { return authentications ? authentications->message : ""; }
const char *pinbox_polkit_user(void) { return authentications ? authentications->names[authentications->chosen] : ""; }
int pinbox_polkit_user_count(void) { return authentications ? authentications->user_count : 0; }

const char *pinbox_polkit_detail(const char *key) {
    return authentications ? p_polkit_details_lookup(authentications->details, key) : NULL;
}

void pinbox_polkit_respond(const char *answer) {
    if (authentications && authentications->session && !authentications->failed)
        p_polkit_agent_session_response(authentications->session, answer);
}

void pinbox_polkit_cancel(void) {
    struct authentication *a = authentications;
    if (!a) return;
    a->dismissed = 1;
    if (a->failed) end(a, DISMISSED);
    else p_polkit_agent_session_cancel(a->session);
}

void pinbox_polkit_retry(void) {
    struct authentication *a = authentications;
    if (!a || !a->failed) return;
    p_g_object_unref(a->session);
    start_session(a);
}

void pinbox_polkit_another_user(void) {
    struct authentication *a = authentications;
    if (!a || a->user_count < 2) return;
    // The old helper goes without a word: its completion, now or later, is not the new one's.
    if (a->session) {
        p_g_signal_handlers_disconnect_matched(a->session, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL, a);
        if (!a->failed) p_polkit_agent_session_cancel(a->session);
        p_g_object_unref(a->session);
        a->session = NULL;
    }
    a->chosen = (a->chosen + 1) % a->user_count;
    begin(a);
}

void pinbox_polkit_give_up(void) {
    if (authentications && authentications->failed) end(authentications, FAILED);
}
