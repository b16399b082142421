/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CSYSTEM_H
#define PINBOX_CSYSTEM_H
// The C library as PinBox uses it. Swift code imports this module rather than Glibc, so the
// same sources build with the full Swift runtime (tests, debug) and as Embedded Swift (release),
// which has no Glibc overlay.
#include <errno.h>
#include <fcntl.h>
#include <libintl.h>
#include <limits.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/// Makes the process hold its secrets tighter: no core file (RLIMIT_CORE 0), and not dumpable
/// (PR_SET_DUMPABLE 0), which also stops other processes of the same user from attaching a
/// debugger or reading /proc/PID/mem. Returns 0 when both took effect.
int pinbox_harden_process(void);

/// The command line, as the C runtime handed it to the program (Embedded Swift has no
/// CommandLine). argv[0] is the program; the array ends with NULL.
int pinbox_argc(void);
char *const *pinbox_argv(void);

/// A pipe whose two ends never block and are closed across exec.
int pinbox_pipe_nonblocking(int ends[2]);

/// Runs body(context) on a detached thread; 0 when it started, else an errno value (the caller
/// still owns context then).
int pinbox_run_detached(void *(*body)(void *), void *context);

/// The lock around the renderer's caches of font faces and images, and around FreeType opening
/// DejaVu's faces: the program draws on one thread and may draw text ahead on another, and the
/// tests draw on several at once.
void pinbox_cache_lock(void);
void pinbox_cache_unlock(void);

/// The status a cancelled prompt exits with; also what a forced way out uses.
#define PINBOX_EXIT_CANCELLED 1
/// The status of a prompt that could not use the display.
#define PINBOX_EXIT_DISPLAY 3

/// Until `pinbox_connect_deadline_end`: if `seconds` pass first (a server that takes the
/// connection and never answers), `message` goes to stderr
/// and the process exits with PINBOX_EXIT_DISPLAY. Uses the real-time interval timer, which the
/// exit watchdog takes over if a request to stop comes meanwhile.
void pinbox_connect_deadline(unsigned seconds, const char *message);
void pinbox_connect_deadline_end(void);

/// Registers memory that holds a secret, so a signal that ends the process wipes it first.
/// Returns -1 when every slot is taken.
int pinbox_secret_register(void *base, size_t length);
void pinbox_secret_unregister(void *base);
/// Zeroes every registered secret (async-signal-safe).
void pinbox_secrets_wipe_all(void);

/// A private anonymous mapping of `length` bytes (whole pages) for secrets: excluded from core
/// files and forks, and locked against swapping (`*locked` says whether mlock succeeded). NULL
/// when the mapping cannot be made.
void *pinbox_secure_map(size_t length, int *locked);
/// Wipes and unmaps a mapping made by pinbox_secure_map (the lock goes with the pages).
void pinbox_secure_unmap(void *base, size_t length);
/// The system's page size.
size_t pinbox_page_size(void);
/// Zeroes the stack below the caller's frame, where a function that has returned (Cairo mapping
/// a shown secret's characters to glyphs) left what it worked on.
void pinbox_scrub_stack(void);
/// The lock around every SecretArena's bookkeeping.
void pinbox_arena_lock(void);
void pinbox_arena_unlock(void);
/// Says so on stderr, wipes every registered secret and exits 3: no memory at all is left for a
/// secret, not even a mapping of its own.
_Noreturn void pinbox_out_of_secure_memory(size_t length);

/// Catches every signal that would end the process: each wipes the secrets and writes its number
/// to `write_end` (the event loop's wake-up pipe); SIGUSR1 (a screenshot) only writes. A second
/// request, or the first one unanswered after a second (an X call blocked by a server grab),
/// ends the process at once. Real faults wipe and die of their signal; a SIGPIPE or SIGXFSZ that our
/// own write caused is left to that write, which fails with EPIPE or EFBIG and says so.
int pinbox_signals_install(int write_end);

/// Gives an orderly exit one second; after that the process ends at once, secrets wiped.
void pinbox_exit_watchdog(void);
/// From now on a request to stop ends the process at once, quietly, secrets wiped: how a
/// pinentry must answer the SIGINT gpg-agent sends when its client goes away.
void pinbox_signals_end_at_once(void);
/// On the demo's workbench, SIGUSR2 starts and stops a recording instead of ending the process.
void pinbox_signals_usr2_records(void);
/// The byte a request to stop writes to the wake-up pipe, whichever signal it was (SIGUSR1 and,
/// on the workbench, SIGUSR2 write their own numbers).
#define PINBOX_WAKE_STOP 0
/// Around writing an answer that holds the secret: begin returns nonzero when a request to stop
/// came first (then nothing may be written); until end, a request leaves the secret unwiped so
/// that what is written is whole. The secret is wiped after it is handed over anyway.
int pinbox_delivery_begin(void);
void pinbox_delivery_end(void);

/// Opens the terminal at `path` to read and write, never as a controlling terminal; -1 (errno
/// set, ENOTTY for a file that is not one) when it cannot.
int pinbox_terminal_open(const char *path);
/// How a dialog reads the terminal: byte by byte with no echo and no signals from keys (the
/// pinentry's dialogs), a line the terminal driver edits, echoed or not (the askpass's), or
/// not at all, the modes left as they are (a notice).
enum {
    PINBOX_TERMINAL_BYTES = 0, PINBOX_TERMINAL_LINE_HIDDEN = 1, PINBOX_TERMINAL_LINE_ECHOED = 2,
    PINBOX_TERMINAL_AS_IS = 3
};
/// Saves the terminal's modes and switches its input to `mode`; the output side is left alone,
/// and `adds_carriage_return` says whether it turns LF into CR LF. 0 on success.
int pinbox_terminal_enter(int fd, int mode, int *adds_carriage_return);
/// The editing characters of the modes `pinbox_terminal_enter` saved, in the order erase, kill,
/// werase, eof, intr; 0 where one is turned off.
void pinbox_terminal_editing_keys(unsigned char keys[5]);
/// Puts back the modes `pinbox_terminal_enter` saved, once (async-signal-safe: the signal
/// handlers call it before the process ends).
void pinbox_terminal_restore(void);
/// A job-control stop (SIGTSTP, SIGTTIN, SIGTTOU) is coming: the user's modes go back for the
/// shell and whatever runs while the dialog waits (async-signal-safe).
void pinbox_terminal_suspend(void);
/// Continued: the dialog's modes again, when a dialog is open, the process is in the
/// terminal's foreground and the modes are not the dialog's any more. 1 when they were set
/// (the prompt is to be written again), else 0 (async-signal-safe).
int pinbox_terminal_reclaim(void);
/// The byte SIGCONT writes to the wake-up pipe when a terminal dialog got its modes back.
#define PINBOX_WAKE_CONTINUED SIGCONT
/// Sets the modification time of the file at `path` to now (nothing is created): the agent's
/// touch-file after the terminal was used. 0 on success.
int pinbox_touch(const char *path);
/// The session bus's address into `address` (session_bus.c): as named in
/// DBUS_SESSION_BUS_ADDRESS, else the socket systemd's user session keeps at $XDG_RUNTIME_DIR/bus;
/// 0 when there is none (nothing is started to find one, as libdbus's autolaunch or GLib's
/// dbus-launch would) or it does not fit.
int pinbox_session_bus(char *address, unsigned long size);

/// A regular file's first `limit` bytes into `buffer` (file.c): the count read; -1 when no
/// such file exists (look further), -2 when one does but cannot be read or is no regular file.
long pinbox_read_regular_file(const char *path, unsigned char *buffer, long limit);
/// Whether `path` is a directory (following links, as a theme's folder may be one): 1 or 0.
int pinbox_is_directory(const char *path);

/// The keyboard claim (keyboard_claim.c): the exclusive lock on `path` a PinBox window holds
/// while it holds a display's keyboard; the descriptor holding it, or -1 (the file is not this
/// user's own regular file, or another process holds the lock).
int pinbox_keyboard_claim_take(const char *path);
/// Lets the claim go (closes its descriptor; -1 is none).
void pinbox_keyboard_claim_drop(int fd);
/// 1 when another process holds the claim on `path`, a file of this user's; else 0.
int pinbox_keyboard_claim_held(const char *path);
/// The character set of locale `name` (`de_DE.ISO-8859-1`) and the most bytes one of its
/// characters takes, without touching the process's locale; -1 when the locale is not installed.
int pinbox_locale_codeset(const char *name, char *out, size_t size, int *most_bytes);
/// What bytes 0x80–0xFF are in `codeset`, as Unicode scalars (0: none): 0 for a one-byte
/// character set, 1 when some byte starts a longer character, -1 when iconv does not know it.
int pinbox_charset_high_half(const char *codeset, uint32_t table[128]);

// open and openat are variadic, which Swift cannot call.
/// Opens a directory to create files in later (O_DIRECTORY, close-on-exec).
static inline int pinbox_open_directory(const char *path) { return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC); }
/// Opens a file to read (open is variadic, which Swift cannot call).
static inline int pinbox_open_input(const char *path) { return open(path, O_RDONLY | O_CLOEXEC); }
/// Creates a new file in `directory`: never over an existing one, never through a link.
static inline int pinbox_create_file(int directory, const char *name, mode_t mode) {
    return openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
}
/// Creates or replaces the file at `path`, as a command's --out does (close-on-exec), with
/// `mode` whether it is new or replaced. A symbolic link there is refused (ELOOP): the output
/// goes where its name says, never through a link another user planted. A file there is
/// removed and a new one made, never truncated and written over: whoever opened the old one
/// while it was readable would read the new content through it. A device or a pipe named
/// instead (/dev/null, /dev/full) is written to and keeps its own mode.
static inline int pinbox_open_output(const char *path, mode_t mode) {
    struct stat named;
    if (lstat(path, &named) == 0) {
        if (S_ISLNK(named.st_mode)) {
            errno = ELOOP;
            return -1;
        }
        if (!S_ISREG(named.st_mode)) return open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
        if (unlink(path) != 0) return -1;
    }
    // Never over a file made meanwhile, nor through a link: that one is someone else's.
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd >= 0 && fchmod(fd, mode) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// Removes what `fd` wrote at `path` and could not finish: only a regular file, and only
/// while `path` still names it. A device written to (/dev/full, run as root) stays.
static inline void pinbox_remove_unfinished(int fd, const char *path) {
    struct stat opened, named;
    if (fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) && lstat(path, &named) == 0
        && named.st_dev == opened.st_dev && named.st_ino == opened.st_ino) {
        unlink(path);
    }
}

/// A file's mode, owner and group (pinentry's ttyinfo shows the terminal's); -1 when it
/// cannot be read. A function because `struct stat`'s field names differ between libcs.
static inline int pinbox_file_status(const char *path, unsigned *mode, unsigned *uid, unsigned *gid) {
    struct stat s;
    if (stat(path, &s) != 0) return -1;
    *mode = s.st_mode;
    *uid = s.st_uid;
    *gid = s.st_gid;
    return 0;
}

/// systemd's password agent protocol (password_agent.c). A watch on `directory` (inotify,
/// non-blocking, closed across exec), readable when a file there is written and closed, moved
/// in or out, or deleted; -1 (errno set) when it cannot be made.
int pinbox_directory_watch(const char *directory);
/// `mkdir -p` with `mode` for the directories it makes: 0, or the errno value.
int pinbox_make_directories(const char *path, unsigned mode);
/// Reads every pending event of a watch and drops it (the directory is read again instead);
/// 1 when there were some.
int pinbox_directory_watch_drain(int fd);
/// The names in `directory`, each followed by a NUL, into `buffer`: the bytes used, -1 when
/// it cannot be read.
long pinbox_directory_names(const char *directory, char *buffer, long capacity);
/// A regular file read whole up to `limit` bytes, never through a symbolic link, with its
/// owner and mode as opened (not as named a moment before): the bytes read, -1 when there is
/// none, -2 when it cannot be opened or is not a regular file (file.c).
long pinbox_read_owned_file(const char *path, unsigned char *buffer, long limit, unsigned *uid, unsigned *mode);
/// Sends `head` then `body` (none when `body_length` is 0) as one datagram to the AF_UNIX
/// datagram socket at `path`: 0, or the errno value.
int pinbox_datagram_send(const char *path, const unsigned char *head, size_t head_length,
                         const unsigned char *body, size_t body_length);
/// 1 while a process with this ID exists, one this process may not signal included.
int pinbox_process_exists(int pid);
/// A descriptor readable once process `pid` has ended (a pidfd, closed across exec); -1 when
/// the kernel makes none.
int pinbox_process_watch(int pid);
/// This program started again (`/proc/self/exe`) with `argv` and this environment, `stdin_fd`
/// and `stdout_fd` as its standard input and output: its process ID, or -1 (errno set).
int pinbox_spawn_self(char *const argv[], int stdin_fd, int stdout_fd);
/// Runs the program at `argv[0]` with `input` as all of its standard input (a pipe) and its
/// standard output on this one's standard error, and waits for it: its exit status (128 + the
/// signal that ended it), or -1 when it could not be started.
int pinbox_run_with_input(char *const argv[], const unsigned char *input, size_t length);
/// Waits for the child `pid` to end: its exit status (128 + the signal that ended it), -1.
int pinbox_reap(int pid);
/// `CLOCK_MONOTONIC` in microseconds, the clock systemd's `NotAfter=` counts in.
uint64_t pinbox_monotonic_microseconds(void);

// errno is a macro over a thread-local; Swift reaches it through these.
static inline int pinbox_errno(void) { return errno; }
static inline void pinbox_set_errno(int value) { errno = value; }
#endif
