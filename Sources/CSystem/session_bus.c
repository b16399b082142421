// SPDX-License-Identifier: MIT
// The user's session bus, where a prompt asks the password manager and GNOME's settings portal.
#include "CSystem.h"
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

int pinbox_session_bus(char *address, unsigned long size) {
    const char *named = getenv("DBUS_SESSION_BUS_ADDRESS");
    if (named && *named) return snprintf(address, size, "%s", named) < (int)size;
    const char *runtime = getenv("XDG_RUNTIME_DIR");
    if (!runtime || !*runtime) return 0;
    char path[4096];
    struct stat st;
    if (snprintf(path, sizeof path, "%s/bus", runtime) >= (int)sizeof path) return 0;
    if (stat(path, &st) != 0 || !S_ISSOCK(st.st_mode)) return 0;
    return snprintf(address, size, "unix:path=%s", path) < (int)size;
}
