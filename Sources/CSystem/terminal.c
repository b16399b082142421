/* SPDX-License-Identifier: MIT */
#define _GNU_SOURCE
#include "CSystem.h"
#include <iconv.h>
#include <langinfo.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <termios.h>

// The terminal a pinentry falls back to when there is no display. Its modes are saved here, in
// plain C, so that every way out restores them: the orderly one, and a signal handler (the
// agent's SIGINT, SIGTERM, SIGHUP), where only async-signal-safe calls may run — tcsetattr,
// tcgetattr and tcgetpgrp are. A job-control stop gives the user's modes back for the time the
// process is stopped, and the dialog's are set again when it is continued in the foreground.

static struct termios saved_modes;
static struct termios raw_modes;
static volatile sig_atomic_t terminal_fd = -1;
// Whether the terminal has the dialog's modes now: a job-control stop gives the user's back
// until the process is continued, and the way out must not put them back a second time.
static volatile sig_atomic_t modes_ours;

int pinbox_terminal_open(const char *path) {
    // O_NOCTTY: a pinentry started by the agent has no controlling terminal, and must not
    // take the user's as one.
    int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (!isatty(fd)) {
        close(fd);
        errno = ENOTTY;
        return -1;
    }
    return fd;
}

// The dialog's modes, made from the user's: `raw_modes` from `saved_modes` for `dialog_mode`.
static int dialog_mode;
// How many times a continue made the dialog's modes anew from the user's.
static volatile sig_atomic_t reclaims;

static void derive_dialog_modes(void) {
    raw_modes = saved_modes;
    if (dialog_mode == PINBOX_TERMINAL_BYTES) {
        // No echo, byte by byte, and Ctrl+C, Ctrl+Z, Ctrl+V and Ctrl+O arrive as keys: the
        // dialog decides what they mean (Ctrl+C cancels it), not the terminal's line discipline.
        raw_modes.c_lflag &= ~(ECHO | ECHOE | ECHOK | ECHONL | ICANON | ISIG | IEXTEN);
        raw_modes.c_cc[VMIN] = 1;
        raw_modes.c_cc[VTIME] = 0;
    } else {
        // A line the terminal driver edits, as ssh's and sudo's own prompts read one: its erase,
        // word erase and kill, Ctrl+C a signal; echoed or not. Return ends it whatever mode the
        // terminal was in when taken (a shell's line editor turns ICRNL off while it reads).
        raw_modes.c_lflag |= ICANON | ISIG | IEXTEN;
        raw_modes.c_iflag |= ICRNL;
        raw_modes.c_iflag &= ~(INLCR | IGNCR);
        if (dialog_mode == PINBOX_TERMINAL_LINE_ECHOED) raw_modes.c_lflag |= ECHO;
        else raw_modes.c_lflag &= ~(ECHO | ECHOE | ECHOK | ECHONL);
    }
}

int pinbox_terminal_enter(int fd, int mode, int *adds_carriage_return) {
    if (tcgetattr(fd, &saved_modes) != 0) return -1;
    *adds_carriage_return = (saved_modes.c_oflag & OPOST) && (saved_modes.c_oflag & ONLCR);
    if (mode == PINBOX_TERMINAL_AS_IS) return 0;  // nothing to restore either
    dialog_mode = mode;
    derive_dialog_modes();
    modes_ours = 1;
    terminal_fd = fd;
    // TCSAFLUSH: what was typed before the question was asked is not taken as its answer.
    // Started in the background, this stops the process until `fg` (SIGTTOU); the call is made
    // again then with the modes as they were made before the stop (the C library passes the
    // kernel a copy), so the ones `pinbox_terminal_reclaim` made anew go after it.
    sig_atomic_t before = reclaims;
    if (tcsetattr(fd, TCSAFLUSH, &raw_modes) != 0) {
        terminal_fd = -1;
        modes_ours = 0;
        return -1;
    }
    if (reclaims != before) tcsetattr(fd, TCSANOW, &raw_modes);
    return 0;
}

void pinbox_terminal_editing_keys(unsigned char keys[5]) {
    const cc_t *cc = saved_modes.c_cc;
    const cc_t chosen[5] = {cc[VERASE], cc[VKILL], cc[VWERASE], cc[VEOF], cc[VINTR]};
    for (int i = 0; i < 5; i++) keys[i] = chosen[i] == _POSIX_VDISABLE ? 0 : chosen[i];
}

void pinbox_terminal_restore(void) {
    int fd = terminal_fd;
    if (fd < 0) return;
    terminal_fd = -1;
    // Stopped and not yet back in the foreground: the modes are the user's already, and
    // setting them from the background would stop the process again (SIGTTOU).
    if (!modes_ours) return;
    modes_ours = 0;
    // TCSANOW, not TCSADRAIN: a terminal that stopped reading must not hold up the way out.
    tcsetattr(fd, TCSANOW, &saved_modes);
}

void pinbox_terminal_suspend(void) {
    int fd = terminal_fd;
    if (fd < 0 || !modes_ours) return;
    modes_ours = 0;
    tcsetattr(fd, TCSANOW, &saved_modes);
}

int pinbox_terminal_reclaim(void) {
    int fd = terminal_fd;
    if (fd < 0) return 0;
    // Continued in the background (`bg`): the terminal is the shell's until `fg`, which
    // continues the process again. A terminal that is not our controlling one (the agent's
    // pinentry) has no foreground for us to wait for: tcgetpgrp fails there.
    pid_t foreground = tcgetpgrp(fd);
    if (foreground >= 0 && foreground != getpgrp()) return 0;
    struct termios now;
    if (tcgetattr(fd, &now) != 0) return 0;
    if (!modes_ours) {
        // The stop gave the user's modes back, and the shell that continued us has set the
        // terminal as it keeps it for a program in the foreground: those are the user's now
        // (not a line editor's, taken in the background), to make ours from and to restore.
        saved_modes = now;
        derive_dialog_modes();
        reclaims++;
    }
    tcflag_t ours = ECHO | ECHOE | ECHOK | ECHONL | ICANON | ISIG | IEXTEN;
    // Still as the dialog left them (a SIGSTOP nobody answered by changing the modes): nothing
    // was written over the prompt either.
    if (modes_ours && (now.c_lflag & ours) == (raw_modes.c_lflag & ours) && now.c_cc[VMIN] == raw_modes.c_cc[VMIN]
        && now.c_cc[VTIME] == raw_modes.c_cc[VTIME]) return 0;
    if (tcsetattr(fd, TCSANOW, &raw_modes) != 0) return 0;
    modes_ours = 1;
    return 1;
}

int pinbox_locale_codeset(const char *name, char *out, size_t size, int *most_bytes) {
    locale_t locale = newlocale(LC_CTYPE_MASK, name, (locale_t)0);
    if (locale == (locale_t)0) return -1;
    const char *codeset = nl_langinfo_l(CODESET, locale);
    int ok = codeset != NULL && strlen(codeset) < size;
    if (ok) strcpy(out, codeset);
    // MB_CUR_MAX is the calling thread's locale's: switch to it for the question only.
    locale_t before = uselocale(locale);
    *most_bytes = (int)MB_CUR_MAX;
    uselocale(before);
    freelocale(locale);
    return ok ? 0 : -1;
}

int pinbox_charset_high_half(const char *codeset, uint32_t table[128]) {
    iconv_t cd = iconv_open("UTF-32LE", codeset);
    if (cd == (iconv_t)-1) return -1;
    int incomplete = 0;
    for (int i = 0; i < 128; i++) {
        char in = (char)(0x80 + i);
        unsigned char outbytes[8] = {0};
        char *ip = &in, *op = (char *)outbytes;
        size_t il = 1, ol = sizeof outbytes;
        iconv(cd, NULL, NULL, NULL, NULL);
        table[i] = 0;
        if (iconv(cd, &ip, &il, &op, &ol) == (size_t)-1) {
            if (errno == EINVAL) incomplete = 1;  // the start of a longer character
            continue;
        }
        if (sizeof outbytes - ol == 4)
            table[i] = (uint32_t)outbytes[0] | (uint32_t)outbytes[1] << 8 | (uint32_t)outbytes[2] << 16
                | (uint32_t)outbytes[3] << 24;
    }
    iconv_close(cd);
    return incomplete ? 1 : 0;
}

int pinbox_touch(const char *path) {
    // To the nanosecond. pinentry-curses first waits for the clock's second to change, so that
    // a watcher comparing whole seconds sees a new time; that wait would hold the answer back
    // up to a second, and is not made here.
    return utimensat(AT_FDCWD, path, NULL, 0);
}
