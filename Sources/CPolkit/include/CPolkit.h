/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CPOLKIT_H
#define PINBOX_CPOLKIT_H
// polkit's authentication agent, through libpolkit-agent-1 (loaded with dlopen by
// `pinbox polkit-agent` alone): a listener registered with polkitd for the user's session or
// for one process, and a PolkitAgentSession per authentication, which runs polkit's setuid
// helper and its PAM conversation. GLib's main context is driven from the program's own poll
// loop (the descriptors and timeout it asks for, then its dispatch), and what happens is told
// as events, so the Swift side decides what is asked and when. One authentication runs at a
// time; others wait their turn, in the order polkitd asked.
// (struct pollfd from the system headers CSystem includes, so that Swift sees one type.)
#include "CSystem.h"

enum {
    /// An authentication begins (or begins again, for another user): `pinbox_polkit_message`
    /// and `pinbox_polkit_user` say what for, and as whom.
    PINBOX_POLKIT_BEGIN = 1,
    /// The helper asks (`text`, PAM's prompt); `flag` is 1 when the answer may be shown.
    PINBOX_POLKIT_REQUEST = 2,
    /// PAM says something to the user (`text`): `flag` 1 for an error, 0 for information.
    PINBOX_POLKIT_MESSAGE = 3,
    /// The helper ended: `flag` 1 when the user was authenticated. On 0 the authentication
    /// stands until `pinbox_polkit_retry` or `pinbox_polkit_give_up`.
    PINBOX_POLKIT_COMPLETED = 4,
    /// polkitd withdrew the authentication (its caller went, or was answered otherwise): it
    /// has ended here.
    PINBOX_POLKIT_WITHDRAWN = 5,
};

/// Loads libpolkit-agent-1 and registers the agent: for the process `pid` when it is above 0
/// (as `pkttyagent --process` does), else for this process's login session. 0 registered;
/// -1 not, with why in `why`.
int pinbox_polkit_register(int pid, char *why, size_t size);

/// The descriptors GLib waits on (at most `capacity`, their count returned) and, in `timeout`,
/// how long it may wait (-1 for ever): for the caller's poll, with its own.
int pinbox_polkit_descriptors(struct pollfd *fds, int capacity, int *timeout);

/// Runs what GLib has to do after that poll, with the descriptors it filled.
void pinbox_polkit_dispatch(struct pollfd *fds, int count);

/// The next event (PINBOX_POLKIT_*), or 0 when none waits; its text, truncated to `size`, in `text`.
int pinbox_polkit_next_event(int *flag, char *text, size_t size);

/// What the current authentication is for: polkit's message (in the user's language), the
/// user who authenticates, and a detail polkitd or the caller added (NULL when absent; valid
/// until the authentication ends).
const char *pinbox_polkit_message(void);
const char *pinbox_polkit_user(void);
const char *pinbox_polkit_detail(const char *key);
/// How many users polkit lists for the current authentication: any of them may answer (an
/// action for an administrator, where several are).
int pinbox_polkit_user_count(void);

/// Gives the helper the answer to its request: a NUL-terminated string, written to its pipe
/// straight from the caller's memory.
void pinbox_polkit_respond(const char *answer);

/// The user declined: the current authentication ends, dismissed.
void pinbox_polkit_cancel(void);

/// After a failed COMPLETED: the same user is asked again (a new helper), or the
/// authentication ends, failed.
void pinbox_polkit_retry(void);
void pinbox_polkit_give_up(void);
/// The user asked to authenticate as another of the users listed: the current helper ends
/// unheard, and the authentication begins again (BEGIN) for the next user, in polkit's order.
void pinbox_polkit_another_user(void);
#endif
