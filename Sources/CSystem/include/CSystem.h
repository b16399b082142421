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
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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

// errno is a macro over a thread-local; Swift reaches it through these.
static inline int pinbox_errno(void) { return errno; }
static inline void pinbox_set_errno(int value) { errno = value; }
#endif
