// SPDX-License-Identifier: MIT
// Reading a small file another program placed: a desktop theme's style sheet. The name that
// leads to it comes from the desktop's settings, which any client of the display can write, so
// the read never waits (a FIFO or a device in its place is refused, not opened for good), never
// takes a controlling terminal, and stops at the caller's limit.
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

long pinbox_read_regular_file(const char *path, unsigned char *buffer, long limit) {
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return errno == ENOENT || errno == ENOTDIR ? -1 : -2;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return -2;
    }
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

int pinbox_is_directory(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}
