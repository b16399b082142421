/* SPDX-License-Identifier: MIT
 *
 * keypath: where a key's time goes inside an X client, without a profiler in the way.
 * Preloaded into the program (LD_PRELOAD), it notes when a KeyPress arrives (the recvmsg
 * that brings it), when drawing starts (the first cairo_save after it), when it ends (the
 * last cairo_restore) and when the frame leaves (the next writev), and the time spent in
 * Cairo's fills and strokes in between. At exit it prints the medians on stderr. A probe
 * (uprobes, perf) costs microseconds per call, as much as the calls it would measure.
 *
 *   gcc -O2 -shared -fPIC -o keypath.so tools/probe/keypath.c -ldl
 *   LD_PRELOAD=$PWD/keypath.so pinbox --style strip --quiet   # then type, then end it
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

enum { MOST = 4096 };
static int active;
static double key_at, save_at, restore_at, fill_us, stroke_us;
static int fills, strokes, count;
static double to_draw[MOST], drawing[MOST], to_write[MOST], fill[MOST], stroke[MOST], fill_n[MOST], stroke_n[MOST];

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

/* The function this one stands in front of. */
#define REAL(name, ret, args) static ret(*real) args; if (!real) real = (ret(*) args)dlsym(RTLD_NEXT, #name)

ssize_t recvmsg(int fd, struct msghdr *message, int flags) {
    REAL(recvmsg, ssize_t, (int, struct msghdr *, int));
    ssize_t got = real(fd, message, flags);
    if (got < 32 || message->msg_iovlen == 0 || active) return got;
    /* What came, one packet after another: an event or an error is 32 bytes, a reply or a
     * generic event 32 and its length in words. Type 2 is KeyPress (the top bit marks a sent
     * event). */
    const unsigned char *bytes = message->msg_iov[0].iov_base;
    size_t size = (size_t)got < message->msg_iov[0].iov_len ? (size_t)got : message->msg_iov[0].iov_len;
    for (size_t at = 0; at + 32 <= size;) {
        unsigned type = bytes[at] & 0x7f;
        if (type == 2) {
            active = 1;
            key_at = now_us();
            save_at = restore_at = fill_us = stroke_us = 0;
            fills = strokes = 0;
            break;
        }
        uint32_t words;
        memcpy(&words, bytes + at + 4, sizeof words);
        at += 32 + (type == 1 || type == 35 ? 4 * (size_t)words : 0);
    }
    return got;
}

void cairo_save(void *cr) {
    REAL(cairo_save, void, (void *));
    if (active && !save_at) save_at = now_us();
    real(cr);
}

void cairo_restore(void *cr) {
    REAL(cairo_restore, void, (void *));
    real(cr);
    if (active) restore_at = now_us();
}

void cairo_fill(void *cr) {
    REAL(cairo_fill, void, (void *));
    double t = now_us();
    real(cr);
    if (active) { fill_us += now_us() - t; fills++; }
}

void cairo_stroke(void *cr) {
    REAL(cairo_stroke, void, (void *));
    double t = now_us();
    real(cr);
    if (active) { stroke_us += now_us() - t; strokes++; }
}

ssize_t writev(int fd, const struct iovec *vector, int n) {
    REAL(writev, ssize_t, (int, const struct iovec *, int));
    if (active && count < MOST) {
        double t = now_us();
        to_draw[count] = save_at ? save_at - key_at : 0;
        drawing[count] = save_at && restore_at ? restore_at - save_at : 0;
        to_write[count] = t - key_at;
        fill[count] = fill_us; fill_n[count] = fills;
        stroke[count] = stroke_us; stroke_n[count] = strokes;
        count++;
    }
    active = 0;
    return real(fd, vector, n);
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values) {
    qsort(values, (size_t)count, sizeof *values, ascending);
    return values[count / 2];
}

__attribute__((destructor)) static void report(void) {
    if (!count) return;
    char line[400];
    int n = snprintf(line, sizeof line,
                     "keypath: %d keys, medians in us: key->drawing %.0f, drawing %.0f, key->write %.0f; "
                     "cairo_fill %.0f calls %.0f us, cairo_stroke %.0f calls %.0f us\n",
                     count, median(to_draw), median(drawing), median(to_write), median(fill_n), median(fill),
                     median(stroke_n), median(stroke));
    if (n > 0) (void)!write(2, line, (size_t)n);
}
