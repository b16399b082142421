/* SPDX-License-Identifier: MIT */
// A detached thread, for work that only warms caches (TextLayout.prepare, Pango's start-up): the
// process never waits for it, and it ends with the process.
#include "CSystem.h"

#include <pthread.h>

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
