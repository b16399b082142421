/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "CSystem.h"

// pipe2 is a GNU extension, hidden from Swift's view of the headers; fcntl is variadic.
int pinbox_pipe_nonblocking(int ends[2]) {
    return pipe2(ends, O_NONBLOCK | O_CLOEXEC);
}
