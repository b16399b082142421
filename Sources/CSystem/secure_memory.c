/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "CSystem.h"
#include <pthread.h>

// The syscalls behind PinBoxCore's SecretArena (pinentry's secmem is the model): one mapping of
// whole pages, kept out of core files and locked once, for the whole run. Locks do not stack: a
// munlock of any range unlocks every page in it, whatever else lives there, so nothing that
// holds a secret is ever unlocked before it is unmapped.

void *pinbox_secure_map(size_t length, int *locked) {
    void *base = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    // Not in a core file (they are off already: this is for a kernel that dumps anyway), not in
    // a forked child.
    (void)madvise(base, length, MADV_DONTDUMP);
    (void)madvise(base, length, MADV_WIPEONFORK);
    *locked = mlock(base, length) == 0;
    return base;
}

void pinbox_secure_unmap(void *base, size_t length) {
    explicit_bzero(base, length);
    // munmap drops the lock with the pages; no munlock first, which would leave them unlocked
    // for a moment while still mapped.
    munmap(base, length);
}

size_t pinbox_page_size(void) {
    long size = sysconf(_SC_PAGESIZE);
    return size > 0 ? (size_t)size : 4096;
}

// One lock for every arena's bookkeeping: the text-preparation threads build pages (and so
// secret buffers) while the main thread does.
static pthread_mutex_t arena_mutex = PTHREAD_MUTEX_INITIALIZER;
void pinbox_arena_lock(void) { pthread_mutex_lock(&arena_mutex); }
void pinbox_arena_unlock(void) { pthread_mutex_unlock(&arena_mutex); }

_Noreturn void pinbox_out_of_secure_memory(size_t length) {
    static const char message[] = "pinbox: out of memory for a secret buffer\n";
    ssize_t ignored = write(2, message, sizeof message - 1);
    (void)ignored;
    (void)length;
    pinbox_secrets_wipe_all();
    _exit(3);
}

// Deeper than the drawing of a line of text goes below its caller; the pages are the main
// thread's own stack, already there.
#define PINBOX_SCRUBBED_STACK (64 * 1024)

__attribute__((noinline)) void pinbox_scrub_stack(void) {
    unsigned char area[PINBOX_SCRUBBED_STACK];
    explicit_bzero(area, sizeof area);
    // The area is used, so the compiler keeps it and the zeroing.
    __asm__ volatile("" : : "r"(area) : "memory");
}
