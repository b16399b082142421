/* SPDX-License-Identifier: MIT */
#include "CSystem.h"

static int saved_argc;
static char *const *saved_argv;

// glibc calls the executable's initialisers with main's arguments, before any Swift code runs.
__attribute__((constructor)) static void save_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}

int pinbox_argc(void) { return saved_argc; }
char *const *pinbox_argv(void) { return saved_argv; }
