/* SPDX-License-Identifier: MIT */
// libsecret, loaded on first use. Compiled against its headers so every call is type-checked,
// but not linked: each function is looked up with dlsym in the library dlopen returns (a
// prompt that the agent never asked to use a password manager loads none of it).
#include "CKeyring.h"

#include "CSystem.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <libsecret/secret.h>

#define PINBOX_SECRET_FUNCTIONS(X)                \
    X(g_hash_table_new)                           \
    X(g_hash_table_insert)                        \
    X(g_hash_table_unref)                         \
    X(g_str_hash)                                 \
    X(g_str_equal)                                \
    X(g_error_free)                               \
    X(g_object_unref)                             \
    X(g_object_ref)                               \
    X(g_cancellable_new)                          \
    X(g_cancellable_cancel)                       \
    X(secret_service_get_sync)                    \
    X(secret_collection_for_alias_sync)           \
    X(secret_collection_get_locked)               \
    X(secret_password_lookupv_nonpageable_sync)   \
    X(secret_password_free)                       \
    X(secret_password_storev_binary_sync)         \
    X(secret_value_new)                           \
    X(secret_value_unref)                         \
    X(secret_password_clearv_sync)

#define PINBOX_DECLARE(name) static __typeof__(name) *p_##name;
PINBOX_SECRET_FUNCTIONS(PINBOX_DECLARE)

// pinentry's schema, field for field (its list ends in a stray {"NULL", 0}; this one ends
// properly, which changes nothing an item carries).
static const SecretSchema gnupg_schema = {
    "org.gnupg.Passphrase", SECRET_SCHEMA_NONE,
    {
        {"stored-by", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {"keygrip", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {NULL, 0},
    },
};

// GNOME Keyring's for an ssh key's passphrase (its ssh agent's "unlock this key whenever I'm
// logged in", seahorse, `secret-tool store ... unique ssh-store:PATH`): one attribute, whatever
// schema name the item carries (secret-tool's carry none).
static const SecretSchema ssh_schema = {
    "org.freedesktop.Secret.Generic", SECRET_SCHEMA_DONT_MATCH_NAME,
    {
        {"unique", SECRET_SCHEMA_ATTRIBUTE_STRING},
        {NULL, 0},
    },
};

static const SecretSchema *schema_of(int kind) { return kind == PINBOX_KEYRING_SSH ? &ssh_schema : &gnupg_schema; }

static int usable = -1;  // not checked yet

// How long the Secret Service has to answer one of our calls. A bus that takes the connection
// and never answers (its handshake has no timeout of its own) or a frozen keyring daemon (D-Bus's
// own timeout, call after call) would otherwise hold the pinentry before its window, deaf to the
// agent's end.
enum { PINBOX_KEYRING_SECONDS = 5 };

static void *cancel_later(void *cancellable) {
    struct timespec wait = {PINBOX_KEYRING_SECONDS, 0};
    while (nanosleep(&wait, &wait) != 0) {}
    p_g_cancellable_cancel(cancellable);
    p_g_object_unref(cancellable);
    return NULL;
}

// A cancellable that a thread of its own cancels after PINBOX_KEYRING_SECONDS; the caller
// unrefs it when done. NULL (no deadline) when no thread can be started.
static GCancellable *deadline(void) {
    GCancellable *cancellable = p_g_cancellable_new();
    if (pinbox_run_detached(cancel_later, p_g_object_ref(cancellable)) == 0) return cancellable;
    p_g_object_unref(cancellable);  // the thread's reference
    p_g_object_unref(cancellable);
    return NULL;
}

static void done(GCancellable *cancellable) {
    if (cancellable) p_g_object_unref(cancellable);
}

// GLib would start a bus of its own (dbus-launch) when none is named: a pinentry must not.
static int session_bus_named(void) {
    char address[4096];
    return pinbox_session_bus(address, sizeof address);
}

static int load(void) {
    void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
#define PINBOX_LOOK_UP(name) \
    if (!(p_##name = (__typeof__(name) *)dlsym(library, #name))) return 0;
    PINBOX_SECRET_FUNCTIONS(PINBOX_LOOK_UP)
    return 1;
}

int pinbox_keyring_usable(void) {
    if (usable >= 0) return usable;
    usable = 0;
    if (!session_bus_named() || !load()) return 0;
    GError *error = NULL;
    GCancellable *cancellable = deadline();
    SecretService *service = p_secret_service_get_sync(SECRET_SERVICE_NONE, cancellable, &error);
    if (!service) {
        if (error) p_g_error_free(error);
        done(cancellable);
        return 0;
    }
    SecretCollection *collection = p_secret_collection_for_alias_sync(service, SECRET_COLLECTION_DEFAULT,
                                                                      SECRET_COLLECTION_NONE, cancellable, &error);
    if (collection) {
        usable = !p_secret_collection_get_locked(collection);
        p_g_object_unref(collection);
    }
    if (error) p_g_error_free(error);
    p_g_object_unref(service);
    done(cancellable);
    return usable;
}

// The attributes naming `key`'s item; `unique` holds the text an ssh key's names it by.
static GHashTable *attributes(int kind, const char *key, int stored, char *unique, size_t size) {
    GHashTable *table = p_g_hash_table_new(p_g_str_hash, p_g_str_equal);
    if (kind == PINBOX_KEYRING_SSH) {
        if (snprintf(unique, size, "ssh-store:%s", key) >= (int)size) {
            p_g_hash_table_unref(table);
            return NULL;
        }
        p_g_hash_table_insert(table, (gpointer) "unique", (gpointer)unique);
        return table;
    }
    // pinentry looks up and clears by the keygrip alone, and saves both.
    if (stored) p_g_hash_table_insert(table, (gpointer) "stored-by", (gpointer) "GnuPG Pinentry");
    p_g_hash_table_insert(table, (gpointer) "keygrip", (gpointer)key);
    return table;
}

int pinbox_keyring_lookup(int kind, const char *key, void (*take)(void *, const unsigned char *, size_t),
                          void *context) {
    char unique[4200];
    if (!pinbox_keyring_usable() || !*key) return 0;
    GHashTable *table = attributes(kind, key, 0, unique, sizeof unique);
    if (!table) return 0;
    GError *error = NULL;
    GCancellable *cancellable = deadline();
    gchar *found = p_secret_password_lookupv_nonpageable_sync(schema_of(kind), table, cancellable, &error);
    done(cancellable);
    p_g_hash_table_unref(table);
    if (error) {
        p_g_error_free(error);
        return -1;
    }
    if (!found) return 0;
    take(context, (const unsigned char *)found, strlen(found));
    p_secret_password_free(found);  // wipes it, then frees the non-pageable memory
    return 1;
}

int pinbox_keyring_store(int kind, const char *key, const unsigned char *bytes, size_t length) {
    char unique[4200], label[4200];
    if (!pinbox_keyring_usable() || !*key) return -1;
    // The labels the items' own programs give them: pinentry's, and GNOME's ssh agent's.
    const char *format = kind == PINBOX_KEYRING_SSH ? "Unlock password for: %s" : "GnuPG: %s";
    if (snprintf(label, sizeof label, format, key) >= (int)sizeof label) return -1;
    GHashTable *table = attributes(kind, key, 1, unique, sizeof unique);
    if (!table) return -1;
    // The Secret Service replaces only an item of the very same attributes, schema name
    // included: an ssh key's item stored with another schema name, or none (secret-tool's,
    // seahorse's), would stay beside the new one, and a lookup could find either. Every item
    // for the key goes first.
    if (kind == PINBOX_KEYRING_SSH) pinbox_keyring_clear(kind, key);
    // Copied once more, into libsecret's own non-pageable memory, as pinentry's store does.
    SecretValue *value = p_secret_value_new((const gchar *)bytes, (gssize)length, "text/plain");
    GError *error = NULL;
    GCancellable *cancellable = deadline();
    gboolean stored = p_secret_password_storev_binary_sync(schema_of(kind), table, SECRET_COLLECTION_DEFAULT, label,
                                                           value, cancellable, &error);
    done(cancellable);
    p_g_hash_table_unref(table);
    p_secret_value_unref(value);
    if (error) p_g_error_free(error);
    return stored ? 0 : -1;
}

int pinbox_keyring_clear(int kind, const char *key) {
    char unique[4200];
    if (!pinbox_keyring_usable()) return -1;
    GHashTable *table = attributes(kind, key, 0, unique, sizeof unique);
    if (!table) return 0;
    GError *error = NULL;
    GCancellable *cancellable = deadline();
    gboolean removed = p_secret_password_clearv_sync(schema_of(kind), table, cancellable, &error);
    done(cancellable);
    p_g_hash_table_unref(table);
    if (error) {
        p_g_error_free(error);
        return -1;
    }
    return removed ? 1 : 0;
}
