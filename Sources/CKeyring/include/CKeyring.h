/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CKEYRING_H
#define PINBOX_CKEYRING_H
// The password manager, through libsecret (the Secret Service: GNOME Keyring, KeePassXC),
// loaded only when gpg-agent lets the pinentry use one, or ssh-add asks for a key's passphrase.
// Items are their own programs': a gpg key's are pinentry's (schema `org.gnupg.Passphrase`,
// attributes `stored-by` = `GnuPG Pinentry` and `keygrip` = the agent's SETKEYINFO string, label
// `GnuPG: <keygrip>`: pinentry/password-cache.c); an ssh key's are GNOME Keyring's (attribute
// `unique` = `ssh-store:<the key file's path>`, label `Unlock password for: <path>`). Either
// program finds what the other saved.
#include <stddef.h>

/// What a key names (the `kind` below): a gpg key by the agent's SETKEYINFO string, an ssh key
/// by its file's absolute path.
enum { PINBOX_KEYRING_GNUPG = 0, PINBOX_KEYRING_SSH = 1 };

/// 1 when a Secret Service answers on the session bus and its default collection is unlocked:
/// items can be read and saved without anyone being asked. 0 otherwise — no session bus named
/// (nothing is started to find one), libsecret missing, no service, a locked collection.
/// Checked once; libsecret is loaded by the first call. Every call here gives the service a few
/// seconds to answer, then goes on as if it had failed.
int pinbox_keyring_usable(void);

/// Looks `key` (of `kind`) up. When an item is there, `take(context, bytes, length)` gets its
/// secret from libsecret's non-pageable memory, wiped and freed once `take` returns. 1 found,
/// 0 none, -1 when the service failed.
int pinbox_keyring_lookup(int kind, const char *key,
                          void (*take)(void *context, const unsigned char *bytes, size_t length), void *context);

/// Saves `length` bytes under `key` in the default collection, replacing an item already there.
/// 0 on success, -1 when the service refused.
int pinbox_keyring_store(int kind, const char *key, const unsigned char *bytes, size_t length);

/// Removes the item for `key`: 1 removed, 0 there was none, -1 the service failed.
int pinbox_keyring_clear(int kind, const char *key);
#endif
