/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "CSystem.h"
#include <stdatomic.h>
#include <sys/time.h>

// Everything a signal handler may touch lives here, in plain C: Swift code must not run inside
// a handler. The handlers only write a byte to the loop's pipe, zero registered memory, arm an
// alarm and, at worst, _exit — all async-signal-safe.

#define SECRET_SLOTS 64
static struct { void *volatile base; volatile size_t length; } secrets[SECRET_SLOTS];
static int wake_fd = -1;
static volatile sig_atomic_t terminating;
static volatile sig_atomic_t at_once;
static volatile sig_atomic_t usr2_records;
static volatile sig_atomic_t connecting;
static char connect_message[512];
static size_t connect_message_length;
// A request to stop, and the answer being written: each side sets its own flag, then reads the
// other's (sequentially consistent, from any thread the handler runs on). Either the writer sees
// the request and writes nothing, or the handler sees the writing and leaves the secret whole
// until it is out: never an answer of wiped bytes.
static atomic_int stop_requested;
static atomic_int delivering;

int pinbox_delivery_begin(void) {
    atomic_store(&delivering, 1);
    return atomic_load(&stop_requested);
}

void pinbox_delivery_end(void) { atomic_store(&delivering, 0); }

int pinbox_secret_register(void *base, size_t length) {
    for (int i = 0; i < SECRET_SLOTS; i++) {
        if (secrets[i].base == NULL) {
            secrets[i].length = length;
            secrets[i].base = base;
            return 0;
        }
    }
    return -1;
}

void pinbox_secret_unregister(void *base) {
    for (int i = 0; i < SECRET_SLOTS; i++) {
        if (secrets[i].base == base) {
            secrets[i].base = NULL;
            secrets[i].length = 0;
        }
    }
}

void pinbox_secrets_wipe_all(void) {
    for (int i = 0; i < SECRET_SLOTS; i++) {
        void *base = secrets[i].base;
        if (base) explicit_bzero(base, secrets[i].length);
    }
}

// The end of the road when the loop cannot get there itself: a blocked X call, a second signal.
static void leave_now(void) {
    if (!atomic_load(&delivering)) pinbox_secrets_wipe_all();
    pinbox_terminal_restore();
    _exit(PINBOX_EXIT_CANCELLED);
}

void pinbox_signals_end_at_once(void) { at_once = 1; }

void pinbox_signals_usr2_records(void) { usr2_records = 1; }

void pinbox_exit_watchdog(void) {
    // One second for the orderly way out (flush, ungrab, close); then leave_now.
    struct itimerval once = {{0, 0}, {1, 0}};
    terminating = 1;
    setitimer(ITIMER_REAL, &once, NULL);
}

void pinbox_connect_deadline(unsigned seconds, const char *message) {
    connect_message_length = strnlen(message, sizeof connect_message);
    memcpy(connect_message, message, connect_message_length);
    connecting = 1;
    struct itimerval once = {{0, 0}, {seconds, 0}};
    setitimer(ITIMER_REAL, &once, NULL);
}

void pinbox_connect_deadline_end(void) {
    connecting = 0;
    if (terminating) return;  // the exit watchdog's timer now
    struct itimerval off = {{0, 0}, {0, 0}};
    setitimer(ITIMER_REAL, &off, NULL);
}

static void wake_loop(int number) {
    unsigned char byte = (unsigned char)number;
    ssize_t ignored = write(wake_fd, &byte, 1);
    (void)ignored;
}

// Job control while a terminal dialog runs: the user's modes go back before the process stops
// (the default action, taken by raising the signal again with the handler out of the way), and
// the dialog's come back once it is continued in the foreground, where the loop is woken to
// write the prompt again (what was typed is kept). Without a dialog, the same stop as by default.
// In an orphaned process group (a daemon's pinentry) the kernel discards the stop: the dialog
// then takes its modes back at once.
static void stop_for_job_control(int number) {
    pinbox_terminal_suspend();
    struct sigaction by_default, ours;
    memset(&by_default, 0, sizeof by_default);
    by_default.sa_handler = SIG_DFL;
    sigemptyset(&by_default.sa_mask);
    sigaction(number, &by_default, &ours);
    sigset_t only, before;
    sigemptyset(&only);
    sigaddset(&only, number);
    sigprocmask(SIG_UNBLOCK, &only, &before);
    raise(number);  // stopped here until SIGCONT
    sigprocmask(SIG_SETMASK, &before, NULL);
    sigaction(number, &ours, NULL);
    if (pinbox_terminal_reclaim()) wake_loop(PINBOX_WAKE_CONTINUED);
}

static void on_signal(int number, siginfo_t *info, void *context) {
    (void)context;
    int saved = errno;
    if (number == SIGTSTP || number == SIGTTIN || number == SIGTTOU) {
        stop_for_job_control(number);
        errno = saved;
        return;
    }
    if (number == SIGCONT) {
        // Also after a SIGSTOP, which no handler sees: the shell may have set its modes since.
        if (pinbox_terminal_reclaim()) wake_loop(PINBOX_WAKE_CONTINUED);
        errno = saved;
        return;
    }
    int sent = info == NULL || info->si_code <= 0;  // kill(), sigqueue(), tkill(): someone asked
    if (number == SIGALRM && !sent && connecting && !terminating) {
        // The display never answered: nothing was asked yet, nothing to wipe.
        ssize_t ignored = write(2, connect_message, connect_message_length);
        (void)ignored;
        _exit(PINBOX_EXIT_DISPLAY);
    }
    switch (number) {
    case SIGUSR1:
        wake_loop(number);  // a screenshot
        break;
    case SIGUSR2:
        if (usr2_records && !at_once) {
            wake_loop(number);  // the workbench: start or stop recording
            break;
        }
        /* fall through: everywhere else a request to stop */
        goto stop;
    case SIGSEGV: case SIGBUS: case SIGILL: case SIGFPE: case SIGTRAP: case SIGSYS: case SIGABRT:
        if (!sent || number == SIGABRT) {
            // A real fault (or abort()): nothing can be trusted any more. Wipe, then die of it.
            pinbox_secrets_wipe_all();
            pinbox_terminal_restore();
            signal(number, SIG_DFL);
            raise(number);
            break;
        }
        /* fall through: sent by someone, a request to stop like any other */
    default:
    stop:
        // The kernel raises these on our own writes (a reader that left, a file over the size
        // limit), marked as sent by us: the write then fails with EPIPE or EFBIG and says so.
        if ((number == SIGPIPE || number == SIGXFSZ) && (!sent || info->si_pid == getpid())) break;
        atomic_store(&stop_requested, 1);
        if (at_once || terminating) leave_now();  // a pinentry, or a second request: no more waiting
        if (!atomic_load(&delivering)) pinbox_secrets_wipe_all();
        pinbox_terminal_restore();
        wake_loop(PINBOX_WAKE_STOP);
        pinbox_exit_watchdog();
        break;
    }
    errno = saved;
}

int pinbox_signals_install(int write_end) {
    wake_fd = write_end;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigfillset(&action.sa_mask);
    sigset_t unblock;
    sigemptyset(&unblock);
    for (int number = 1; number < NSIG; number++) {
        switch (number) {
        case SIGKILL: case SIGSTOP:                       // cannot be caught
        case SIGCHLD: case SIGURG: case SIGWINCH:          // harmless by default
            continue;
        case SIGTSTP: case SIGTTIN: case SIGTTOU: {
            // Job control: stop, as a shell expects, but with the terminal's modes given back
            // (stop_for_job_control). Left alone when the parent had us ignore them.
            struct sigaction inherited;
            if (sigaction(number, NULL, &inherited) == 0 && inherited.sa_handler == SIG_IGN) continue;
            break;
        }
        }
        if (sigaction(number, &action, NULL) == 0) sigaddset(&unblock, number);  // glibc keeps 32 and 33
    }
    // A parent may have started us with signals blocked (threaded launchers do).
    return sigprocmask(SIG_UNBLOCK, &unblock, NULL);
}

// Before anything opens a file or a connection: a closed 0, 1 or 2 would be handed to the next
// open() — the X connection — and a PIN or an event meant for stdout would go to the X server.
// /dev/null read-only fills the gap: reads see end of file, writes fail with EBADF and are
// reported, so a secret meant for a closed stdout is never taken as delivered.
__attribute__((constructor)) static void protect_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int opened = open("/dev/null", O_RDONLY);
        if (opened < 0) _exit(PINBOX_EXIT_CANCELLED);
        if (opened != fd) {
            dup2(opened, fd);
            close(opened);
        }
    }
}
