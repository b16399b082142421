#ifndef PINBOX_HARDENING_H
#define PINBOX_HARDENING_H
/// Makes the process hold its secrets tighter: no core file (RLIMIT_CORE 0), and not dumpable
/// (PR_SET_DUMPABLE 0), which also stops other processes of the same user from attaching a
/// debugger or reading /proc/PID/mem. Returns 0 when both took effect.
int pinbox_harden_process(void);
#endif
