// SPDX-License-Identifier: MIT
// Reading a small file another program placed: a desktop theme's style sheet (named by the
// desktop's settings, which any client of the display can write), a system password question
// (dropped by whichever program asks). The read never waits (a FIFO or a device in its place
// is refused, not opened for good), never takes a controlling terminal, and stops at the
// caller's limit.
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static long read_regular_file(const char *path, int flags, unsigned char *buffer, long limit, unsigned *uid,
                              unsigned *mode) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | flags);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR ? -1 : -2;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -2;
    }
    if (uid) *uid = st.st_uid;
    if (mode) *mode = st.st_mode;
    long total = 0;
    while (total < limit) {
        ssize_t n = read(fd, buffer + total, (size_t)(limit - total));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        total += n;
    }
    close(fd);
    return total;
}

long pinbox_read_regular_file(const char *path, unsigned char *buffer, long limit) {
    return read_regular_file(path, 0, buffer, limit, NULL, NULL);
}

// A system question's file: its owner and mode as opened, never through a symbolic link.
long pinbox_read_owned_file(const char *path, unsigned char *buffer, long limit, unsigned *uid, unsigned *mode) {
    return read_regular_file(path, O_NOFOLLOW, buffer, limit, uid, mode);
}

int pinbox_is_directory(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
