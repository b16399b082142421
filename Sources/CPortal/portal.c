// SPDX-License-Identifier: MIT
// libdbus, loaded on first use. Compiled against its headers so every call is type-checked,
// but not linked: each function is looked up with dlsym in the library dlopen returns, so a
// prompt on a desktop that keeps no such setting, and asks for no password manager, loads none
// of it. libdbus rather than GIO: GIO's type system, worker thread and modules cost a prompt
// several milliseconds before its first frame, libdbus one (docs/performance-notes.md).
#include "CPortal.h"

#include "CSystem.h"

#include <dlfcn.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dbus/dbus.h>

#define PINBOX_DBUS_FUNCTIONS(X)                  \
    X(dbus_error_init)                            \
    X(dbus_error_free)                            \
    X(dbus_error_is_set)                          \
    X(dbus_connection_open_private)               \
    X(dbus_connection_set_exit_on_disconnect)     \
    X(dbus_bus_register)                          \
    X(dbus_connection_close)                      \
    X(dbus_connection_unref)                      \
    X(dbus_message_new_method_call)               \
    X(dbus_message_set_auto_start)                \
    X(dbus_message_append_args)                   \
    X(dbus_connection_send_with_reply_and_block)  \
    X(dbus_message_unref)                         \
    X(dbus_message_iter_init)                     \
    X(dbus_message_iter_get_arg_type)             \
    X(dbus_message_iter_recurse)                  \
    X(dbus_message_iter_get_basic)                \
    X(dbus_message_iter_next)                     \
    X(dbus_message_get_sender)                    \
    X(dbus_message_is_signal)                     \
    X(dbus_message_has_path)                      \
    X(dbus_message_get_type)                      \
    X(dbus_message_get_reply_serial)              \
    X(dbus_connection_send)                       \
    X(dbus_bus_add_match)                         \
    X(dbus_connection_get_unix_fd)                \
    X(dbus_connection_get_is_connected)           \
    X(dbus_connection_read_write)                 \
    X(dbus_connection_pop_message)

#define PINBOX_DECLARE(name) static __typeof__(name) *p_##name;
PINBOX_DBUS_FUNCTIONS(PINBOX_DECLARE)

// How long the portal has to answer, the bus's handshake included: the prompt waits this long
// at most before its first frame. A portal that is not running is not started for it (no auto
// start): the bus says so at once.
enum { PINBOX_PORTAL_MILLISECONDS = 250 };

static int load(void) {
    static int loaded = -1;
    if (loaded >= 0) return loaded;
    loaded = 0;
    void *library = dlopen("libdbus-1.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define PINBOX_LOOK_UP(name) \
    if (!(p_##name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    PINBOX_DBUS_FUNCTIONS(PINBOX_LOOK_UP)
    loaded = 1;
    return 1;
}

// The color-scheme the value at `it` holds: the portal wraps it in variants (Read in one more
// than ReadOne and SettingChanged), so every variant around it is taken off. -1 for anything
// but a uint32.
static int scheme_at(DBusMessageIter it) {
    for (int depth = 0; depth < 8 && p_dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_VARIANT; depth++) {
        DBusMessageIter inner;
        p_dbus_message_iter_recurse(&it, &inner);
        it = inner;
    }
    if (p_dbus_message_iter_get_arg_type(&it) != DBUS_TYPE_UINT32) return -1;
    dbus_uint32_t number;
    p_dbus_message_iter_get_basic(&it, &number);
    return number <= 2 ? (int)number : 0;  // a value the specification does not name: no preference
}

static int scheme_in(DBusMessage *reply) {
    DBusMessageIter it;
    return p_dbus_message_iter_init(reply, &it) ? scheme_at(it) : -1;
}

#define PINBOX_PORTAL_NAME "org.freedesktop.portal.Desktop"
#define PINBOX_PORTAL_PATH "/org/freedesktop/portal/desktop"
#define PINBOX_PORTAL_SETTINGS "org.freedesktop.portal.Settings"
#define PINBOX_APPEARANCE "org.freedesktop.appearance"
#define PINBOX_COLOR_SCHEME "color-scheme"

static void end(DBusConnection *bus) {
    p_dbus_connection_close(bus);
    p_dbus_connection_unref(bus);
}

// What one question found: the portal's answer, and the connection it came on, left open with
// the portal's changes of the setting asked for on it, and the portal's name on the bus (its
// changes are told from a client's forgery by it). No connection when no answer came.
struct heard {
    int scheme;
    DBusConnection *bus;
    char portal[256];
};

// `call`, a Read, made to ask for the color-scheme, of a portal already running (none is
// started for a prompt).
static bool with_question(DBusMessage *call) {
    const char *namespace = PINBOX_APPEARANCE, *key = PINBOX_COLOR_SCHEME;
    p_dbus_message_set_auto_start(call, FALSE);
    return p_dbus_message_append_args(call, DBUS_TYPE_STRING, &namespace, DBUS_TYPE_STRING, &key, DBUS_TYPE_INVALID);
}

// A connection of our own to the bus at `address`, its handshake done; NULL when it failed.
static DBusConnection *connected(const char *address, DBusError *error) {
    DBusConnection *bus = p_dbus_connection_open_private(address, error);
    if (!bus) return NULL;
    p_dbus_connection_set_exit_on_disconnect(bus, FALSE);
    if (p_dbus_bus_register(bus, error)) return bus;
    end(bus);
    return NULL;
}

static void ask(const char *address, struct heard *heard) {
    DBusError error;
    p_dbus_error_init(&error);
    heard->scheme = -1;
    DBusConnection *bus = connected(address, &error);
    if (bus) {
        DBusMessage *call = p_dbus_message_new_method_call(PINBOX_PORTAL_NAME, PINBOX_PORTAL_PATH,
                                                           PINBOX_PORTAL_SETTINGS, "Read");
        if (call) {
            // Asked before the setting is read, so that no change after the read goes unheard.
            // Sent without waiting for the bus's reply; the read's round trip carries it.
            p_dbus_bus_add_match(bus,
                                 "type='signal',sender='" PINBOX_PORTAL_NAME "',path='" PINBOX_PORTAL_PATH
                                 "',interface='" PINBOX_PORTAL_SETTINGS "',member='SettingChanged',arg0='"
                                 PINBOX_APPEARANCE "',arg1='" PINBOX_COLOR_SCHEME "'",
                                 NULL);
            // And the portal's coming and going: one started again (an update, a crash) is
            // another connection, whose changes come from another name.
            p_dbus_bus_add_match(bus,
                                 "type='signal',sender='" DBUS_SERVICE_DBUS "',path='" DBUS_PATH_DBUS
                                 "',interface='" DBUS_INTERFACE_DBUS "',member='NameOwnerChanged',arg0='"
                                 PINBOX_PORTAL_NAME "'",
                                 NULL);
            if (with_question(call)) {
                DBusMessage *reply =
                    p_dbus_connection_send_with_reply_and_block(bus, call, PINBOX_PORTAL_MILLISECONDS, &error);
                if (reply) {
                    heard->scheme = scheme_in(reply);
                    const char *portal = p_dbus_message_get_sender(reply);
                    if (heard->scheme >= 0 && portal && strlen(portal) < sizeof heard->portal) {
                        strcpy(heard->portal, portal);
                        heard->bus = bus;
                    }
                    p_dbus_message_unref(reply);
                }
            }
            p_dbus_message_unref(call);
        }
        if (heard->bus != bus) end(bus);
    }
    p_dbus_error_free(&error);
}

// One question on a thread of its own, so that a bus that takes the connection and never
// answers its handshake (libdbus gives that no timeout) holds the prompt no longer than the
// deadline. Whichever of the two sides lets go last frees it, and the connection with it
// unless the prompt took it.
struct question {
    char address[4096];
    int ends[2];
    atomic_int holders;
    atomic_bool answered;
    struct heard heard;
    // Or, when `service` is set, whether it answers (`found`, as `answer_of` says).
    const struct service *service;
    int milliseconds;
    int found;
    // Or, when `accessibility` is set, the accessibility bus's address (`found`, as
    // `accessibility_of` says).
    bool accessibility;
    char bus[4096];
};

static void let_go(struct question *q) {
    if (atomic_fetch_sub(&q->holders, 1) == 1) {
        if (q->heard.bus) end(q->heard.bus);
        close(q->ends[0]);
        close(q->ends[1]);
        free(q);
    }
}

// A service on the bus, and the property it is asked for to learn whether it answers.
struct service {
    const char *name, *path, *interface, *property;
};

// What a failed call says of the service asked: 0 the bus knows no owner of its name, -1 no
// answer came (in time, or at all), 1 the service answered with an error of its own.
static int service_state(const DBusError *error) {
    static const char *const unowned[] = {DBUS_ERROR_NAME_HAS_NO_OWNER, DBUS_ERROR_SERVICE_UNKNOWN};
    static const char *const silent[] = {DBUS_ERROR_NO_REPLY, DBUS_ERROR_TIMEOUT, DBUS_ERROR_DISCONNECTED};
    for (size_t i = 0; i < sizeof unowned / sizeof *unowned; i++)
        if (strcmp(error->name, unowned[i]) == 0) return 0;
    for (size_t i = 0; i < sizeof silent / sizeof *silent; i++)
        if (strcmp(error->name, silent[i]) == 0) return -1;
    return 1;
}

// Whether `service` on the bus at `address` answers: 1 or 0, -1 for no answer within
// `milliseconds` (a daemon that holds its name but has stopped), as `service_state` says. The
// question is one of its properties, which a service answers from its own loop, where
// libsecret's calls would wait; not the bus's Peer.Ping, which GDBus answers from a worker
// thread of its own even while that loop is stuck. Asked with no auto start: a service that is
// not running is not started.
static int answer_of(const char *address, const struct service *service, int milliseconds) {
    DBusError error;
    p_dbus_error_init(&error);
    int answered = -1;
    DBusConnection *bus = connected(address, &error);
    // A bus that refused the connection (its socket gone, nobody listening) has no one on it.
    if (!bus && p_dbus_error_is_set(&error)) answered = 0;
    if (bus) {
        DBusMessage *call = p_dbus_message_new_method_call(service->name, service->path, DBUS_INTERFACE_PROPERTIES, "Get");
        if (call) {
            const char *interface = service->interface, *property = service->property;
            p_dbus_message_set_auto_start(call, FALSE);
            DBusMessage *reply = NULL;
            if (p_dbus_message_append_args(call, DBUS_TYPE_STRING, &interface, DBUS_TYPE_STRING, &property,
                                           DBUS_TYPE_INVALID)) {
                reply = p_dbus_connection_send_with_reply_and_block(bus, call, milliseconds, &error);
                answered = reply ? 1 : p_dbus_error_is_set(&error) ? service_state(&error) : -1;
            }
            if (reply) p_dbus_message_unref(reply);
            p_dbus_message_unref(call);
        }
        end(bus);
    }
    p_dbus_error_free(&error);
    return answered;
}

// Whether the reply to Properties.GetAll holds `name` as a true boolean.
static bool says_true(DBusMessage *reply, const char *name) {
    DBusMessageIter it, entries;
    if (!p_dbus_message_iter_init(reply, &it) || p_dbus_message_iter_get_arg_type(&it) != DBUS_TYPE_ARRAY) return false;
    p_dbus_message_iter_recurse(&it, &entries);
    for (; p_dbus_message_iter_get_arg_type(&entries) == DBUS_TYPE_DICT_ENTRY; p_dbus_message_iter_next(&entries)) {
        DBusMessageIter entry, value;
        const char *key = NULL;
        p_dbus_message_iter_recurse(&entries, &entry);
        if (p_dbus_message_iter_get_arg_type(&entry) != DBUS_TYPE_STRING) continue;
        p_dbus_message_iter_get_basic(&entry, &key);
        if (strcmp(key, name) != 0 || !p_dbus_message_iter_next(&entry)
            || p_dbus_message_iter_get_arg_type(&entry) != DBUS_TYPE_VARIANT)
            continue;
        p_dbus_message_iter_recurse(&entry, &value);
        dbus_bool_t on = FALSE;
        if (p_dbus_message_iter_get_arg_type(&value) == DBUS_TYPE_BOOLEAN) p_dbus_message_iter_get_basic(&value, &on);
        return on;
    }
    return false;
}

// The call `method` of at-spi-bus-launcher (org.a11y.Bus), with no auto start; its reply, or
// NULL.
static DBusMessage *ask_launcher(DBusConnection *bus, const char *interface, const char *method, const char *argument,
                                 int milliseconds, DBusError *error) {
    DBusMessage *call = p_dbus_message_new_method_call("org.a11y.Bus", "/org/a11y/bus", interface, method);
    if (!call) return NULL;
    p_dbus_message_set_auto_start(call, FALSE);
    DBusMessage *reply = NULL;
    if (!argument || p_dbus_message_append_args(call, DBUS_TYPE_STRING, &argument, DBUS_TYPE_INVALID))
        reply = p_dbus_connection_send_with_reply_and_block(bus, call, milliseconds, error);
    p_dbus_message_unref(call);
    return reply;
}

// As libatspi and Qt learn it where the display does not say: 1 with the accessibility bus's
// address in `out` when at-spi-bus-launcher runs on the session bus at `address` and has
// accessibility on (org.a11y.Status: IsEnabled, or ScreenReaderEnabled, which a screen reader
// sets); 0 when it runs with it off, or none runs; -1 for no answer.
static int accessibility_of(const char *address, char *out, size_t size, int milliseconds) {
    DBusError error;
    p_dbus_error_init(&error);
    int found = -1;
    DBusConnection *bus = connected(address, &error);
    if (bus) {
        DBusMessage *status = ask_launcher(bus, DBUS_INTERFACE_PROPERTIES, "GetAll", "org.a11y.Status", milliseconds,
                                           &error);
        if (!status) {
            found = p_dbus_error_is_set(&error) && service_state(&error) == 0 ? 0 : -1;
        } else if (!says_true(status, "IsEnabled") && !says_true(status, "ScreenReaderEnabled")) {
            found = 0;
        } else {
            DBusMessage *reply = ask_launcher(bus, "org.a11y.Bus", "GetAddress", NULL, milliseconds, &error);
            const char *given = NULL;
            DBusMessageIter it;
            if (reply && p_dbus_message_iter_init(reply, &it) && p_dbus_message_iter_get_arg_type(&it) == DBUS_TYPE_STRING)
                p_dbus_message_iter_get_basic(&it, &given);
            if (given && *given && strlen(given) < size) {
                strcpy(out, given);
                found = 1;
            }
            if (reply) p_dbus_message_unref(reply);
        }
        if (status) p_dbus_message_unref(status);
        end(bus);
    }
    p_dbus_error_free(&error);
    return found;
}

static void *answer(void *context) {
    struct question *q = context;
    if (q->accessibility)
        q->found = accessibility_of(q->address, q->bus, sizeof q->bus, q->milliseconds);
    else if (q->service)
        q->found = answer_of(q->address, q->service, q->milliseconds);
    else
        ask(q->address, &q->heard);
    atomic_store(&q->answered, true);  // what `heard` holds is the prompt's to take from here
    (void)!write(q->ends[1], "", 1);
    let_go(q);
    return NULL;
}

// The question asked and not yet answered (pinbox_portal_prepare), and when it was asked.
static struct question *pending;
static struct timespec pending_since;
// The connection the last answer came on, kept to hear the portal's changes while the dialog is
// open, and the portal's name on the bus.
static DBusConnection *listening;
static char portal[256];
// The Read asked of a portal started again while the dialog is open (its serial; 0: none).
static dbus_uint32_t asked_again;

void pinbox_portal_stop_listening(void) {
    if (listening) end(listening);
    listening = NULL;
}

// A question on its own thread: the portal's color-scheme, or with a `service`, whether it
// answers within `milliseconds`, or with `accessibility`, the accessibility bus.
static struct question *start(const struct service *service, int milliseconds, bool accessibility) {
    struct question *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    q->accessibility = accessibility;
    if (!pinbox_session_bus(q->address, sizeof q->address) || !load() || pinbox_pipe_nonblocking(q->ends) != 0) {
        free(q);
        return NULL;
    }
    q->service = service;
    q->milliseconds = milliseconds;
    atomic_init(&q->holders, 2);
    atomic_init(&q->answered, false);
    if (pinbox_run_detached(answer, q) != 0) {
        close(q->ends[0]);
        close(q->ends[1]);
        free(q);
        return NULL;
    }
    return q;
}

static long microseconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000000 + (now.tv_nsec - start->tv_nsec) / 1000;
}

// Milliseconds since the pending question was asked.
static long pending_age(void) { return microseconds_since(&pending_since) / 1000; }

void pinbox_portal_prepare(void) {
    if (pending) {
        if (pending_age() <= 1000) return;
        // Asked for a dialog that did not take its answer (its user named the look): stale by
        // the next one, asked again.
        let_go(pending);
    }
    clock_gettime(CLOCK_MONOTONIC, &pending_since);
    pending = start(NULL, PINBOX_PORTAL_MILLISECONDS, false);
}

// Whether question `q` was answered within `milliseconds` (0 or less: only if it already was).
static bool awaited(struct question *q, long milliseconds) {
    struct pollfd ready = {q->ends[0], POLLIN, 0};
    return poll(&ready, 1, milliseconds > 0 ? (int)milliseconds : 0) == 1 && atomic_load(&q->answered);
}

int pinbox_portal_color_scheme(void) {
    pinbox_portal_prepare();
    struct question *q = pending;
    pending = NULL;
    if (!q) return -1;
    int scheme = -1;
    if (awaited(q, PINBOX_PORTAL_MILLISECONDS - pending_age())) {
        scheme = q->heard.scheme;
        pinbox_portal_stop_listening();
        listening = q->heard.bus;
        asked_again = 0;
        q->heard.bus = NULL;
        memcpy(portal, q->heard.portal, sizeof portal);
    }
    let_go(q);
    return scheme;
}

int pinbox_secret_service_answers(int milliseconds) {
    static const struct service secrets = {"org.freedesktop.secrets", "/org/freedesktop/secrets",
                                           "org.freedesktop.Secret.Service", "Collections"};
    // No session bus named: no one runs there.
    char address[4096];
    if (!pinbox_session_bus(address, sizeof address)) return 0;
    struct question *q = start(&secrets, milliseconds, false);
    if (!q) return -1;
    int answered = awaited(q, milliseconds) ? q->found : -1;
    let_go(q);
    return answered;
}

int pinbox_accessibility_bus_of_session(char *address, int size, int milliseconds) {
    struct question *q = start(NULL, milliseconds, true);
    if (!q) return -1;
    int found = awaited(q, milliseconds) ? q->found : -1;
    // An address too long for the caller's room is none.
    if (found == 1 && (size <= 0 || strlen(q->bus) >= (size_t)size)) found = -1;
    if (found == 1) strcpy(address, q->bus);
    let_go(q);
    return found;
}

int pinbox_portal_descriptor(void) {
    int fd = -1;
    return listening && p_dbus_connection_get_unix_fd(listening, &fd) ? fd : -1;
}

// Whether `message`'s first `count` arguments are strings: then `words` holds them, and `it` is
// on the last of them.
static bool strings_in(DBusMessage *message, DBusMessageIter *it, const char **words, int count) {
    if (!p_dbus_message_iter_init(message, it)) return false;
    for (int i = 0; i < count; i++) {
        if ((i > 0 && !p_dbus_message_iter_next(it)) || p_dbus_message_iter_get_arg_type(it) != DBUS_TYPE_STRING)
            return false;
        p_dbus_message_iter_get_basic(it, &words[i]);
    }
    return true;
}

// The color-scheme a SettingChanged signal carries; -1 for any other message.
static int change_in(DBusMessage *message) {
    if (!p_dbus_message_is_signal(message, PINBOX_PORTAL_SETTINGS, "SettingChanged")
        || !p_dbus_message_has_path(message, PINBOX_PORTAL_PATH))
        return -1;
    DBusMessageIter it;
    const char *words[2];
    if (!strings_in(message, &it, words, 2) || !p_dbus_message_iter_next(&it)) return -1;
    if (strcmp(words[0], PINBOX_APPEARANCE) != 0 || strcmp(words[1], PINBOX_COLOR_SCHEME) != 0) return -1;
    return scheme_at(it);
}

// The bus says the portal's name changed hands. Gone: nothing is heard until another comes.
// Come: its changes come from its name, and what it holds now (the preference may have changed
// while none ran) is asked of it without waiting; the answer comes as news.
static void portal_moved(DBusMessage *message) {
    DBusMessageIter it;
    const char *words[3];  // the name, its old owner, its new one
    if (!strings_in(message, &it, words, 3) || strcmp(words[0], PINBOX_PORTAL_NAME) != 0) return;
    asked_again = 0;
    portal[0] = '\0';
    if (!*words[2] || strlen(words[2]) >= sizeof portal) return;
    strcpy(portal, words[2]);
    DBusMessage *call = p_dbus_message_new_method_call(portal, PINBOX_PORTAL_PATH, PINBOX_PORTAL_SETTINGS, "Read");
    if (!call) return;
    if (with_question(call) && p_dbus_connection_send(listening, call, &asked_again))
        p_dbus_connection_read_write(listening, 0);  // out now, not at the next wake
    p_dbus_message_unref(call);
}

// The color-scheme `message` brings; -1 for none. A client can send the prompt's connection
// anything in the portal's words; the sender's name, which the bus writes, tells the portal's
// own from it, and the bus's own (whose name no client can take) from a client's.
static int news_in(DBusMessage *message) {
    const char *sender = p_dbus_message_get_sender(message);
    if (!sender) return -1;
    if (strcmp(sender, DBUS_SERVICE_DBUS) == 0) {
        if (p_dbus_message_is_signal(message, DBUS_INTERFACE_DBUS, "NameOwnerChanged")) portal_moved(message);
        return -1;
    }
    if (strcmp(sender, portal) != 0) return -1;
    if (p_dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_RETURN) {
        if (!asked_again || p_dbus_message_get_reply_serial(message) != asked_again) return -1;
        asked_again = 0;
        return scheme_in(message);
    }
    return change_in(message);
}

// How long one wake reads the connection at most: libdbus takes a few kB off the socket a read,
// and a client that floods the prompt with signals would otherwise leave the portal's own
// change far behind its flood, each few kB a trip round the event loop.
enum { PINBOX_PORTAL_READ_MICROSECONDS = 2000 };

int pinbox_portal_news(void) {
    if (!listening) return -1;
    int scheme = -1, fd = pinbox_portal_descriptor();
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    struct pollfd more = {fd, POLLIN, 0};
    // Read without waiting, what came before the prompt listened already queued, while the
    // socket holds more and the wake's time lasts: keys and frames come between.
    do {
        p_dbus_connection_read_write(listening, 0);
        DBusMessage *message;
        while ((message = p_dbus_connection_pop_message(listening))) {
            int changed = news_in(message);
            if (changed >= 0) scheme = changed;
            p_dbus_message_unref(message);
        }
        // A bus that went away: nothing more to hear, and its descriptor is not polled again.
        if (!p_dbus_connection_get_is_connected(listening)) {
            pinbox_portal_stop_listening();
            return scheme;
        }
    } while (microseconds_since(&start) < PINBOX_PORTAL_READ_MICROSECONDS && poll(&more, 1, 0) == 1);
    return scheme;
}
