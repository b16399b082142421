/* SPDX-License-Identifier: MIT */
// A detached thread, for work that only warms caches (TextLayout.prepare, Pango's start-up): the
// process never waits for it, and it ends with the process. A joinable one, for work started
// early whose result is taken later (the pinentry's X connection, DisplayAhead).
#include "CSystem.h"

#include <pthread.h>

_Static_assert(sizeof(pthread_t) == sizeof(unsigned long), "a thread's handle fits an unsigned long");

int pinbox_run_joinable(void *(*body)(void *), void *context, unsigned long *thread) {
    pthread_t made;
    int failed = pthread_create(&made, NULL, body, context);
    if (!failed) *thread = (unsigned long)made;
    return failed;
}

void pinbox_join(unsigned long thread) { pthread_join((pthread_t)thread, NULL); }

int pinbox_run_detached(void *(*body)(void *), void *context) {
    pthread_attr_t attributes;
    int failed = pthread_attr_init(&attributes);
    if (failed) return failed;
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    failed = pthread_create(&thread, &attributes, body, context);
    pthread_attr_destroy(&attributes);
    return failed;
}

static pthread_mutex_t cache_mutex = PTHREAD_MUTEX_INITIALIZER;

void pinbox_cache_lock(void) { pthread_mutex_lock(&cache_mutex); }
void pinbox_cache_unlock(void) { pthread_mutex_unlock(&cache_mutex); }
