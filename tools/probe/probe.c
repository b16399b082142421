/* SPDX-License-Identifier: MIT */
/*
 * probe: launch an X11 program and measure its window from the outside, the way a user meets it.
 *
 *   probe [--keys N] [--keysym NAME] [--quiet MS] [--idle S] [--stdin TEXT] [--answer TEXT] -- COMMAND [ARG...]
 *
 * It starts COMMAND with TEXT on a pipe as its stdin (the pipe stays open until the end, so a
 * pinentry keeps waiting) and its stdout on /dev/null, watches every top-level window the
 * server creates through DAMAGE, and takes the first one mapped as the program's window. When the
 * window has held still for --quiet ms it is "ready"; then it gets the focus and the pointer, and
 * N real key presses through XTEST (--keysym and BackSpace in turn, so a PIN box never fills).
 * With --answer TEXT it then types TEXT and Return, and times Return -> the program's first
 * byte on stdout (its stdout is then a pipe the probe reads and drops).
 * One line goes to stdout, NAME=VALUE pairs (see tools/probe/README.md):
 *
 *   map_ms ready_ms start_cpu_ms key_ms_median key_ms_p95 key_ms_max keys_missed anim_frames
 *   anim_ms key_cpu_ms rss_kb idle_cpu_ms idle_wakeups answer_ms total_cpu_ms alive
 *
 * Times come from CLOCK_MONOTONIC; CPU time from the process's CPU clock (clock_getcpuclockid,
 * nanoseconds, ended threads included), never from clock ticks, which are 10 ms coarse.
 *
 * Build: gcc -O2 -Wall -o probe probe.c -lX11 -lXdamage -lXtst
 * Exit status: 0 measured, 1 the program showed no window (or died first), 2 bad usage or no X.
 */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>
#include <X11/extensions/XTest.h>
#include <X11/keysym.h>
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* ---- clock and statistics ---------------------------------------------------------------- */

static double clock_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec * 1000.0 + (double)now.tv_nsec / 1e6;
}

static int by_value(const void *left, const void *right) {
    double a = *(const double *)left, b = *(const double *)right;
    return a < b ? -1 : a > b;
}

/* The nearest-rank quantile q of the samples (the smallest value with at least q of them at or below it):
 * 0.5 the median (the lower one of an even count), 1 the maximum. */
static double quantile(double *samples, int count, double q) {
    if (count == 0) return -1;
    qsort(samples, (size_t)count, sizeof *samples, by_value);
    int rank = 0;
    while (rank + 1 < count && (double)(rank + 1) < q * count - 1e-9) rank++;
    return samples[rank];
}

/* ---- what /proc says about the program --------------------------------------------------- */

/* What the process has cost so far. The CPU time is the process's own clock, which counts the threads
 * that have already ended (a program that lays text out on a short-lived thread would look cheaper
 * summed over /proc/PID/task); the switches are summed over the threads alive, the ones that can wake. */
typedef struct {
    double cpu_ns;           /* time on a CPU, every thread the process ever had */
    unsigned long switches;  /* context switches, voluntary or not: the wake-ups */
} ProcessTotals;

static ProcessTotals process_totals(pid_t pid) {
    ProcessTotals totals = {0, 0};
    char path[96];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *tasks = opendir(path);
    if (!tasks) return totals;
    for (struct dirent *task; (task = readdir(tasks));) {
        if (task->d_name[0] == '.') continue;
        char file[384], line[256];
        snprintf(file, sizeof file, "%s/%s/status", path, task->d_name);
        FILE *in = fopen(file, "re");
        if (!in) continue;
        while (fgets(line, sizeof line, in)) {
            unsigned long n;
            if (sscanf(line, "voluntary_ctxt_switches: %lu", &n) == 1 ||
                sscanf(line, "nonvoluntary_ctxt_switches: %lu", &n) == 1)
                totals.switches += n;
        }
        fclose(in);
    }
    closedir(tasks);
    clockid_t clock;
    struct timespec spent;
    if (clock_getcpuclockid(pid, &clock) == 0 && clock_gettime(clock, &spent) == 0)
        totals.cpu_ns = (double)spent.tv_sec * 1e9 + (double)spent.tv_nsec;
    return totals;
}

static long resident_kb(pid_t pid) {
    char path[64], line[256];
    long kb = -1;
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *in = fopen(path, "re");
    if (!in) return -1;
    while (fgets(line, sizeof line, in))
        if (sscanf(line, "VmRSS: %ld", &kb) == 1) break;
    fclose(in);
    return kb;
}

/* ---- the X side: windows, their repaints ------------------------------------------------- */

enum { MAX_TRACKED = 128 };

/* A top-level window created since the launch, and when DAMAGE last said it changed. */
typedef struct {
    Window window;
    Damage damage;
    double last_repaint_ms;
} Tracked;

static struct {
    Display *display;
    int damage_event;
    Atom wm_pid;
    pid_t child;
    Tracked tracked[MAX_TRACKED];
    int tracked_count;
    Window target;           /* the program's window, once mapped */
    double mapped_ms;
    double last_repaint_ms;  /* of the target; -1 before its first */
    int repaints;            /* of the target, since the counter was last reset */
    int output;              /* the read end of the program's stdout with --answer, else -1 */
    double first_output_ms;  /* when it last went from silent to writing; -1 before */
} probe;

/* Windows come and go while we look at them: a BadWindow then is no news. */
static int tolerate_x_errors(Display *display, XErrorEvent *error) {
    (void)display; (void)error;
    return 0;
}

static Tracked *tracked_for(Window window) {
    for (int i = 0; i < probe.tracked_count; i++)
        if (probe.tracked[i].window == window) return &probe.tracked[i];
    return NULL;
}

/* A window that names a process (_NET_WM_PID) other than ours belongs to someone else. */
static int belongs_to_child(Window window) {
    Atom type;
    int format;
    unsigned long count, after;
    unsigned char *data = NULL;
    int ours = 1;
    if (XGetWindowProperty(probe.display, window, probe.wm_pid, 0, 1, False, XA_CARDINAL, &type, &format,
                           &count, &after, &data) == Success && data) {
        if (format == 32 && count == 1) ours = (pid_t)*(unsigned long *)data == probe.child;
        XFree(data);
    }
    return ours;
}

/* Takes in one event; returns 1 when it was a repaint of the target. */
static int take_event(XEvent *event) {
    double now = clock_ms();
    if (event->type == CreateNotify) {
        XCreateWindowEvent *created = &event->xcreatewindow;
        if (created->override_redirect || probe.tracked_count == MAX_TRACKED) return 0;
        Tracked *slot = &probe.tracked[probe.tracked_count++];
        slot->window = created->window;
        slot->damage = XDamageCreate(probe.display, created->window, XDamageReportNonEmpty);
        slot->last_repaint_ms = -1;
        return 0;
    }
    if (event->type == MapNotify) {
        XMapEvent *mapped = &event->xmap;
        Tracked *slot = tracked_for(mapped->window);
        if (probe.target || mapped->override_redirect || !slot || !belongs_to_child(mapped->window)) return 0;
        probe.target = mapped->window;
        probe.mapped_ms = now;
        probe.last_repaint_ms = slot->last_repaint_ms;
        return 0;
    }
    if (event->type == probe.damage_event + XDamageNotify) {
        XDamageNotifyEvent *damaged = (XDamageNotifyEvent *)event;
        /* Empty the damage region, or DAMAGE stays silent about the next change. */
        XDamageSubtract(probe.display, damaged->damage, None, None);
        Tracked *slot = tracked_for(damaged->drawable);
        if (slot) slot->last_repaint_ms = now;
        if (probe.target && damaged->drawable == probe.target) {
            probe.last_repaint_ms = now;
            probe.repaints++;
            return 1;
        }
    }
    return 0;
}

/* Handles events until `until_ms`, or until the first repaint of the target if `stop_at_repaint`.
 * Returns 1 when it stopped at a repaint. */
static int handle_events(double until_ms, int stop_at_repaint) {
    for (;;) {
        while (XPending(probe.display)) {
            XEvent event;
            XNextEvent(probe.display, &event);
            if (take_event(&event) && stop_at_repaint) return 1;
        }
        double left = until_ms - clock_ms();
        if (left <= 0) return 0;
        struct pollfd ready[2] = {{.fd = ConnectionNumber(probe.display), .events = POLLIN},
                                  {.fd = probe.output, .events = POLLIN}};
        poll(ready, probe.output >= 0 ? 2 : 1, (int)left + 1);
        if (probe.output >= 0 && ready[1].revents) {
            /* The program's answers are read and dropped; only their time matters. */
            char buffer[4096];
            ssize_t n = read(probe.output, buffer, sizeof buffer);
            if (n > 0 && probe.first_output_ms < 0) probe.first_output_ms = clock_ms();
            if (n == 0) { close(probe.output); probe.output = -1; }
        }
    }
}

/* Waits until the target has not repainted for `quiet_ms` (counting from `since_ms` when it has
 * not repainted at all), or until `limit_ms` has passed. Returns 1 if it held still. */
static int wait_until_still(double quiet_ms, double since_ms, double limit_ms) {
    double give_up = clock_ms() + limit_ms;
    for (;;) {
        double last = probe.last_repaint_ms > since_ms ? probe.last_repaint_ms : since_ms;
        double still_at = last + quiet_ms;
        if (clock_ms() >= still_at) {
            XSync(probe.display, False);  /* a repaint may be on its way: ask the server */
            handle_events(clock_ms(), 0);
            if (probe.last_repaint_ms <= last) return 1;
            continue;
        }
        if (clock_ms() >= give_up) return 0;
        handle_events(still_at < give_up ? still_at : give_up, 0);
    }
}

/* Whether the program still runs; it is left unreaped, so end_child can still read its usage. */
static int child_alive(void) {
    siginfo_t info;
    info.si_pid = 0;
    return waitid(P_PID, (id_t)probe.child, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == 0;
}

/* ---- the run ----------------------------------------------------------------------------- */

typedef struct {
    int keys;
    const char *keysym;
    double quiet_ms;
    double idle_s;
    const char *stdin_text;
    const char *answer;
    char **command;
} Options;

static void usage(void) {
    fputs("usage: probe [--keys N] [--keysym NAME] [--quiet MS] [--idle S] [--stdin TEXT] [--answer TEXT] -- COMMAND [ARG...]\n",
          stderr);
    exit(2);
}

static Options read_options(int argc, char **argv) {
    Options options = {.keys = 20, .keysym = "1", .quiet_ms = 300, .idle_s = 2, .stdin_text = NULL};
    int i = 1;
    while (i < argc && strcmp(argv[i], "--") != 0) {
        if (i + 1 >= argc) usage();
        const char *name = argv[i], *value = argv[i + 1];
        if (!strcmp(name, "--keys")) options.keys = atoi(value);
        else if (!strcmp(name, "--keysym")) options.keysym = value;
        else if (!strcmp(name, "--quiet")) options.quiet_ms = atof(value);
        else if (!strcmp(name, "--idle")) options.idle_s = atof(value);
        else if (!strcmp(name, "--stdin")) options.stdin_text = value;
        else if (!strcmp(name, "--answer")) options.answer = value;
        else usage();
        i += 2;
    }
    if (i + 1 >= argc || options.keys < 0 || options.quiet_ms <= 0 || options.idle_s < 0) usage();
    options.command = argv + i + 1;
    return options;
}

/* Starts the command; returns the write end of its stdin. */
static int launch(char **command, const char *stdin_text, int keep_output) {
    int to_child[2], from_child[2] = {-1, -1};
    if (pipe2(to_child, O_CLOEXEC) != 0) { perror("probe: pipe"); exit(2); }
    if (keep_output && pipe2(from_child, O_CLOEXEC | O_NONBLOCK) != 0) { perror("probe: pipe"); exit(2); }
    probe.child = fork();
    if (probe.child < 0) { perror("probe: fork"); exit(2); }
    if (probe.child == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(to_child[0], 0);
        if (from_child[1] >= 0) {
            dup2(from_child[1], 1);
            fcntl(1, F_SETFL, 0);  /* the program writes as it would to a pipe of its caller: blocking */
        } else if (null >= 0) {
            dup2(null, 1);
        }
        execvp(command[0], command);
        _exit(127);
    }
    close(to_child[0]);
    if (from_child[1] >= 0) close(from_child[1]);
    probe.output = from_child[0];
    if (stdin_text) {
        size_t length = strlen(stdin_text), written = 0;
        signal(SIGPIPE, SIG_IGN);  /* a program that never reads its stdin must not end us */
        while (written < length) {
            ssize_t n = write(to_child[1], stdin_text + written, length - written);
            if (n <= 0) break;
            written += (size_t)n;
        }
    }
    return to_child[1];
}

/* Ends the program (if it still runs) and returns the CPU time of its whole life in ms, threads
 * that ended early included, which /proc no longer shows: the kernel's own sum, from wait4. */
static double end_child(int stdin_fd) {
    struct rusage usage;
    int status;
    pid_t ended = wait4(probe.child, &status, WNOHANG, &usage);
    if (ended == 0) {
        kill(probe.child, SIGTERM);
        close(stdin_fd);
        for (int i = 0; i < 50 && (ended = wait4(probe.child, &status, WNOHANG, &usage)) == 0; i++) usleep(10000);
        if (ended == 0) {
            kill(probe.child, SIGKILL);
            ended = wait4(probe.child, &status, 0, &usage);
        }
    }
    if (ended != probe.child) return -1;  /* reaped earlier by child_alive: its usage is gone */
    return (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3 +
           (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

int main(int argc, char **argv) {
    Options options = read_options(argc, argv);
    /* A busy server may turn a connection away for a moment: try for a second. */
    for (int attempt = 0; attempt < 20 && !(probe.display = XOpenDisplay(NULL)); attempt++) usleep(50000);
    if (!probe.display) { fputs("probe: cannot open the X display\n", stderr); return 2; }
    XSetErrorHandler(tolerate_x_errors);
    int damage_error, xtest_event, xtest_error, major, minor;
    if (!XDamageQueryExtension(probe.display, &probe.damage_event, &damage_error) ||
        !XTestQueryExtension(probe.display, &xtest_event, &xtest_error, &major, &minor)) {
        fputs("probe: the X server has no DAMAGE or no XTEST\n", stderr);
        return 2;
    }
    probe.wm_pid = XInternAtom(probe.display, "_NET_WM_PID", False);
    probe.last_repaint_ms = -1;
    KeyCode typed = XKeysymToKeycode(probe.display, XStringToKeysym(options.keysym));
    KeyCode erase = XKeysymToKeycode(probe.display, XK_BackSpace);
    if (options.keys > 0 && (!typed || !erase)) { fprintf(stderr, "probe: no key for %s\n", options.keysym); return 2; }
    /* Hear of every top-level window from before the program starts. */
    XSelectInput(probe.display, DefaultRootWindow(probe.display), SubstructureNotifyMask);
    XSync(probe.display, False);

    double launched_ms = clock_ms();
    probe.output = -1;
    probe.first_output_ms = -1;
    int stdin_fd = launch(options.command, options.stdin_text, options.answer != NULL);

    /* Launch -> mapped -> ready. */
    while (!probe.target && clock_ms() - launched_ms < 15000 && child_alive())
        handle_events(clock_ms() + 5, 0);
    if (!probe.target) {
        fprintf(stderr, "probe: %s showed no window\n", options.command[0]);
        end_child(stdin_fd);
        return 1;
    }
    /* Mapping alone shows nothing: wait for a first repaint after it, then for stillness. */
    if (probe.last_repaint_ms < probe.mapped_ms) handle_events(probe.mapped_ms + 10000, 1);
    wait_until_still(options.quiet_ms, probe.mapped_ms, 10000);
    double ready_ms = (probe.last_repaint_ms > probe.mapped_ms ? probe.last_repaint_ms : probe.mapped_ms);
    double start_cpu_ms = process_totals(probe.child).cpu_ns / 1e6;

    /* The user's attention: keyboard focus and the pointer in the middle of the window. */
    XWindowAttributes attributes;
    XGetWindowAttributes(probe.display, probe.target, &attributes);
    XSetInputFocus(probe.display, probe.target, RevertToPointerRoot, CurrentTime);
    XWarpPointer(probe.display, None, probe.target, 0, 0, 0, 0, attributes.width / 2, attributes.height / 2);
    XSync(probe.display, False);
    wait_until_still(options.quiet_ms, clock_ms(), 3000);

    /* Keys: latency to the first repaint, the repaints one key causes, its CPU time. */
    int n = options.keys > 0 ? options.keys : 1;
    double *latency = calloc((size_t)n, sizeof(double)), *frames = calloc((size_t)n, sizeof(double));
    double *span = calloc((size_t)n, sizeof(double)), *cpu = calloc((size_t)n, sizeof(double));
    int answered = 0, missed = 0;
    for (int k = 0; k < options.keys && child_alive(); k++) {
        KeyCode key = k % 2 == 0 ? typed : erase;
        double cpu_before = process_totals(probe.child).cpu_ns;
        probe.repaints = 0;
        XTestFakeKeyEvent(probe.display, key, True, CurrentTime);
        XTestFakeKeyEvent(probe.display, key, False, CurrentTime);
        /* The clock is read before the requests leave: read after, a probe that loses the CPU
         * inside XFlush would see the whole answer "arrive" in a few microseconds. */
        double sent_ms = clock_ms();
        XFlush(probe.display);
        if (!handle_events(sent_ms + 1000, 1)) {
            missed++;
            wait_until_still(options.quiet_ms, clock_ms(), 3000);
            continue;
        }
        double first_ms = probe.last_repaint_ms;
        wait_until_still(options.quiet_ms, first_ms, 3000);
        latency[answered] = first_ms - sent_ms;
        frames[answered] = probe.repaints;
        span[answered] = probe.last_repaint_ms - first_ms;
        cpu[answered] = (process_totals(probe.child).cpu_ns - cpu_before) / 1e6;
        answered++;
    }

    /* Memory after the keys, then a stretch with nobody touching it. */
    long rss_kb = resident_kb(probe.child);
    ProcessTotals idle_start = process_totals(probe.child);
    double idle_from_ms = clock_ms();
    handle_events(idle_from_ms + options.idle_s * 1000, 0);
    ProcessTotals idle_end = process_totals(probe.child);
    double idle_s = (clock_ms() - idle_from_ms) / 1000;
    int alive = child_alive();

    /* The user's answer: TEXT typed, then Return; how long until the program writes on stdout
     * (a pinentry's "D" line, an askpass's secret): what the caller waits for. */
    double answer_ms = -1;
    if (options.answer && alive) {
        handle_events(clock_ms(), 0);
        for (const char *c = options.answer; *c; c++) {
            char name[2] = {*c, 0};
            KeyCode key = XKeysymToKeycode(probe.display, XStringToKeysym(name));
            if (!key) continue;
            XTestFakeKeyEvent(probe.display, key, True, CurrentTime);
            XTestFakeKeyEvent(probe.display, key, False, CurrentTime);
        }
        XSync(probe.display, False);
        wait_until_still(options.quiet_ms, clock_ms(), 3000);
        probe.first_output_ms = -1;
        KeyCode enter = XKeysymToKeycode(probe.display, XK_Return);
        XTestFakeKeyEvent(probe.display, enter, True, CurrentTime);
        XTestFakeKeyEvent(probe.display, enter, False, CurrentTime);
        double sent_ms = clock_ms();
        XFlush(probe.display);
        while (probe.first_output_ms < 0 && probe.output >= 0 && clock_ms() - sent_ms < 3000)
            handle_events(clock_ms() + 5, 0);
        if (probe.first_output_ms >= 0) answer_ms = probe.first_output_ms - sent_ms;
    }
    double total_cpu_ms = end_child(stdin_fd);

    printf("map_ms=%.1f ready_ms=%.1f start_cpu_ms=%.1f", probe.mapped_ms - launched_ms, ready_ms - launched_ms,
           start_cpu_ms);
    if (options.keys > 0) {
        printf(" key_ms_median=%.2f key_ms_p95=%.2f key_ms_max=%.2f keys_missed=%d anim_frames=%.0f anim_ms=%.1f"
               " key_cpu_ms=%.3f",
               quantile(latency, answered, 0.5), quantile(latency, answered, 0.95),
               quantile(latency, answered, 1.0), missed, quantile(frames, answered, 0.5),
               quantile(span, answered, 0.5), quantile(cpu, answered, 0.5));
    }
    printf(" rss_kb=%ld", rss_kb);
    if (idle_s > 0)
        printf(" idle_cpu_ms=%.2f idle_wakeups=%.1f", (idle_end.cpu_ns - idle_start.cpu_ns) / 1e6 / idle_s,
               (double)(idle_end.switches - idle_start.switches) / idle_s);
    if (options.answer) printf(" answer_ms=%.2f", answer_ms);
    printf(" total_cpu_ms=%.1f alive=%d\n", total_cpu_ms, alive);
    return 0;
}
