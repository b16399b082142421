// SPDX-License-Identifier: MIT
// The keyboard claim: while a PinBox window holds the keyboard of a display, it holds an
// exclusive lock on a file of the user's own runtime directory named for that display. X tells
// a client whose grab failed nothing of who holds the keyboard; a lock only this user's
// processes can take (the file is theirs, in a directory only they can write to) can tell a
// prompt that the holder is another PinBox window. A process that ends lets its lock go.
#include "CSystem.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

// The file is this user's own regular file (never followed through a link), else -1.
static int open_own(const char *path, int flags) {
    int fd = open(path, flags | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY, 0600);
    if (fd < 0) return -1;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != getuid()) {
        close(fd);
        return -1;
    }
    return fd;
}

int pinbox_keyboard_claim_take(const char *path) {
    int fd = open_own(path, O_RDWR | O_CREAT);
    if (fd < 0) return -1;
    if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

void pinbox_keyboard_claim_drop(int fd) {
    if (fd >= 0) close(fd);
}

int pinbox_keyboard_claim_held(const char *path) {
    int fd = open_own(path, O_RDONLY);
    if (fd < 0) return 0;
    int held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
    close(fd);
    return held;
}
