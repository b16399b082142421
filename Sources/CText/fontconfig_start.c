/* SPDX-License-Identifier: MIT */
// See fontconfig_start.h.
#include "fontconfig_start.h"

#include <pthread.h>
#include <fontconfig/fontconfig.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pthread_mutex_t joining = PTHREAD_MUTEX_INITIALIZER;
static pthread_t thread;
static int started;

static void *initialise(void *unused) {
    (void)unused;
    FcInit();
    return NULL;
}

static void start(void) {
    started = pthread_create(&thread, NULL, initialise, NULL) == 0;
}

void pinbox_fontconfig_start(void) {
    pthread_once(&once, start);
}

void pinbox_fontconfig_wait(void) {
    pthread_once(&once, start);
    // One caller joins the thread; the others find it joined. FcInit then returns at once, or
    // does the work here when no thread could be started.
    pthread_mutex_lock(&joining);
    if (started) {
        pthread_join(thread, NULL);
        started = 0;
    }
    pthread_mutex_unlock(&joining);
    FcInit();
}
