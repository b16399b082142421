/* SPDX-License-Identifier: MIT */
// What systemd's password agent protocol needs of the system: a watch on the directory the
// questions are dropped in, the questions read as the files their askers own, the answer sent
// as one datagram, and one dialog process per question.
#define _GNU_SOURCE
#include "CSystem.h"
#include <dirent.h>
#include <spawn.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/syscall.h>
#include <sys/wait.h>

extern char **environ;

int pinbox_directory_watch(const char *directory) {
    int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd < 0) return -1;
    uint32_t mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF | IN_ONLYDIR;
    if (inotify_add_watch(fd, directory, mask) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int pinbox_make_directories(const char *path, unsigned mode) {
    char partial[PATH_MAX];
    size_t length = strlen(path);
    if (length == 0 || length >= sizeof partial) return ENAMETOOLONG;
    for (size_t i = 1; i <= length; i++) {
        if (path[i] != '/' && path[i] != 0) continue;
        memcpy(partial, path, i);
        partial[i] = 0;
        if (mkdir(partial, mode) != 0 && errno != EEXIST) return errno;
    }
    return pinbox_is_directory(path) ? 0 : ENOTDIR;
}

int pinbox_directory_watch_drain(int fd) {
    char events[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    int any = 0;
    for (;;) {
        ssize_t n = read(fd, events, sizeof events);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return any;
        any = 1;
    }
}

long pinbox_directory_names(const char *directory, char *buffer, long capacity) {
    DIR *dir = opendir(directory);
    if (!dir) return -1;
    long used = 0;
    struct dirent *entry;
    while ((entry = readdir(dir))) {
        size_t length = strlen(entry->d_name) + 1;
        if (used + (long)length > capacity) break;
        memcpy(buffer + used, entry->d_name, length);
        used += (long)length;
    }
    closedir(dir);
    return used;
}

int pinbox_datagram_send(const char *path, const unsigned char *head, size_t head_length,
                         const unsigned char *body, size_t body_length) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) return ENAMETOOLONG;
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return errno;
    struct iovec parts[2] = {{(void *)head, head_length}, {(void *)body, body_length}};
    struct msghdr message = {.msg_name = &address, .msg_namelen = sizeof address,
                             .msg_iov = parts, .msg_iovlen = body_length ? 2 : 1};
    ssize_t sent;
    do sent = sendmsg(fd, &message, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    int result = sent < 0 ? errno : 0;
    close(fd);
    return result;
}

int pinbox_process_exists(int pid) {
    return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
}

int pinbox_process_watch(int pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

static int spawn(const char *path, char *const argv[], int stdin_fd, int stdout_fd) {
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0);
    posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
    pid_t pid;
    int failed = posix_spawn(&pid, path, &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (failed) {
        errno = failed;
        return -1;
    }
    return pid;
}

int pinbox_spawn_self(char *const argv[], int stdin_fd, int stdout_fd) {
    return spawn("/proc/self/exe", argv, stdin_fd, stdout_fd);
}

int pinbox_run_with_input(char *const argv[], const unsigned char *input, size_t length) {
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    // Written whole before the program starts (a pipe holds far more than an answer), so it
    // reads it and then the end of its input, whatever it does meanwhile.
    size_t done = 0;
    while (done < length) {
        ssize_t n = write(ends[1], input + done, length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    close(ends[1]);
    if (done < length) {
        close(ends[0]);
        return -1;
    }
    pid_t pid = spawn(argv[0], argv, ends[0], 2);
    close(ends[0]);
    return pid < 0 ? -1 : pinbox_reap(pid);
}

int pinbox_reap(int pid) {
    int status;
    pid_t done;
    do done = waitpid(pid, &status, 0);
    while (done < 0 && errno == EINTR);
    if (done < 0) return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

uint64_t pinbox_monotonic_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000u + (uint64_t)now.tv_nsec / 1000u;
}
