// SPDX-License-Identifier: MIT
// libdbus, loaded on first use. Compiled against its headers so every call is type-checked,
// but not linked: each function is looked up with dlsym in the library dlopen returns, so a
// prompt on a desktop that keeps no such setting loads none of it. libdbus rather than GIO:
// GIO's type system, worker thread and modules cost a prompt several milliseconds before its
// first frame, libdbus one (docs/performance-notes.md).
#include "CPortal.h"

#include "CSystem.h"

#include <dlfcn.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <dbus/dbus.h>

#define PINBOX_DBUS_FUNCTIONS(X)                  \
    X(dbus_error_init)                            \
    X(dbus_error_free)                            \
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
    X(dbus_message_iter_get_basic)

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

// The number in `reply`: Read wraps the setting's value in one variant more than the newer
// ReadOne, so every variant around it is taken off. -1 for anything but a uint32.
static int scheme_in(DBusMessage *reply) {
    DBusMessageIter it;
    if (!p_dbus_message_iter_init(reply, &it)) return -1;
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

static int ask(const char *address) {
    DBusError error;
    p_dbus_error_init(&error);
    int scheme = -1;
    DBusConnection *bus = p_dbus_connection_open_private(address, &error);
    if (bus) {
        p_dbus_connection_set_exit_on_disconnect(bus, FALSE);
        DBusMessage *call = NULL;
        if (p_dbus_bus_register(bus, &error)
            && (call = p_dbus_message_new_method_call("org.freedesktop.portal.Desktop", "/org/freedesktop/portal/desktop",
                                                      "org.freedesktop.portal.Settings", "Read"))) {
            const char *namespace = "org.freedesktop.appearance", *key = "color-scheme";
            p_dbus_message_set_auto_start(call, FALSE);
            if (p_dbus_message_append_args(call, DBUS_TYPE_STRING, &namespace, DBUS_TYPE_STRING, &key, DBUS_TYPE_INVALID)) {
                DBusMessage *reply =
                    p_dbus_connection_send_with_reply_and_block(bus, call, PINBOX_PORTAL_MILLISECONDS, &error);
                if (reply) {
                    scheme = scheme_in(reply);
                    p_dbus_message_unref(reply);
                }
            }
            p_dbus_message_unref(call);
        }
        p_dbus_connection_close(bus);
        p_dbus_connection_unref(bus);
    }
    p_dbus_error_free(&error);
    return scheme;
}

// One question on a thread of its own, so that a bus that takes the connection and never
// answers its handshake (libdbus gives that no timeout) holds the prompt no longer than the
// deadline. Whichever of the two sides lets go last frees it.
struct question {
    char address[4096];
    int ends[2];
    atomic_int holders;
    atomic_int scheme;
};

static void let_go(struct question *q) {
    if (atomic_fetch_sub(&q->holders, 1) == 1) {
        close(q->ends[0]);
        close(q->ends[1]);
        free(q);
    }
}

static void *answer(void *context) {
    struct question *q = context;
    atomic_store(&q->scheme, ask(q->address));
    (void)!write(q->ends[1], "", 1);
    let_go(q);
    return NULL;
}

// The question asked and not yet answered (pinbox_portal_prepare), and when it was asked.
static struct question *pending;
static struct timespec pending_since;

static struct question *start(void) {
    struct question *q = calloc(1, sizeof *q);
    if (!q) return NULL;
    if (!pinbox_session_bus(q->address, sizeof q->address) || !load() || pinbox_pipe_nonblocking(q->ends) != 0) {
        free(q);
        return NULL;
    }
    atomic_init(&q->holders, 2);
    atomic_init(&q->scheme, -1);
    if (pinbox_run_detached(answer, q) != 0) {
        close(q->ends[0]);
        close(q->ends[1]);
        free(q);
        return NULL;
    }
    return q;
}

// Milliseconds since the pending question was asked.
static long pending_age(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - pending_since.tv_sec) * 1000 + (now.tv_nsec - pending_since.tv_nsec) / 1000000;
}

void pinbox_portal_prepare(void) {
    if (pending) {
        if (pending_age() <= 1000) return;
        // Asked for a dialog that did not take its answer (its user named the look): stale by
        // the next one, asked again.
        let_go(pending);
    }
    clock_gettime(CLOCK_MONOTONIC, &pending_since);
    pending = start();
}

int pinbox_portal_color_scheme(void) {
    pinbox_portal_prepare();
    struct question *q = pending;
    pending = NULL;
    if (!q) return -1;
    long left = PINBOX_PORTAL_MILLISECONDS - pending_age();
    struct pollfd ready = {q->ends[0], POLLIN, 0};
    int scheme = -1;
    if (poll(&ready, 1, left > 0 ? (int)left : 0) == 1) scheme = atomic_load(&q->scheme);
    let_go(q);
    return scheme;
}
