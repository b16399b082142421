/* SPDX-License-Identifier: MIT */
// giflib, loaded on first use (see include/CGif.h).
#include "CGif.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// giflib 5.1 and 5.2 are the library whose file is libgif.so.7; another major version has
// another file and other signatures, and must not build against this name. (The name stays a
// literal in the dlopen call: scripts/package reads it there to compute the package's Depends.)
#if GIFLIB_MAJOR != 5
#error "giflib 5 (libgif.so.7) expected: update the name dlopen loads"
#endif

static pthread_once_t once = PTHREAD_ONCE_INIT;
static pinbox_gif_library table;
static const pinbox_gif_library *loaded;
static const char *failure;
static char reason[256];

// dlerror's words, kept: its own buffer is reused by the next failing call.
static void fail(void) {
    const char *message = dlerror();
    snprintf(reason, sizeof reason, "%s", message ? message : "cannot load giflib");
    failure = reason;
}

static void load(void) {
    void *library = dlopen("libgif.so.7", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fail();
        return;
    }
#define PINBOX_LOOK_UP(name)                                                \
    if (!(table.name = (__typeof__(name) *)dlsym(library, #name))) {      \
        fail();                                                             \
        return;                                                             \
    }
    PINBOX_LOOK_UP(EGifOpenFileHandle)
    PINBOX_LOOK_UP(EGifSetGifVersion)
    PINBOX_LOOK_UP(EGifPutScreenDesc)
    PINBOX_LOOK_UP(EGifPutExtensionLeader)
    PINBOX_LOOK_UP(EGifPutExtensionBlock)
    PINBOX_LOOK_UP(EGifPutExtensionTrailer)
    PINBOX_LOOK_UP(EGifPutExtension)
    PINBOX_LOOK_UP(EGifGCBToExtension)
    PINBOX_LOOK_UP(EGifPutImageDesc)
    PINBOX_LOOK_UP(EGifPutLine)
    PINBOX_LOOK_UP(EGifCloseFile)
    PINBOX_LOOK_UP(GifMakeMapObject)
    PINBOX_LOOK_UP(GifFreeMapObject)
    PINBOX_LOOK_UP(GifErrorString)
#undef PINBOX_LOOK_UP
    loaded = &table;
}

const pinbox_gif_library *pinbox_gif_load(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *pinbox_gif_load_error(void) {
    pthread_once(&once, load);
    return failure;
}
