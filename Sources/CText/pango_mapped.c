/* SPDX-License-Identifier: MIT */
// Whether Pango is in this process's address space, read from /proc/self/maps.
#include "CText.h"

#include <stdio.h>
#include <string.h>

int pinbox_pango_is_mapped(void) {
    FILE *maps = fopen("/proc/self/maps", "re");
    if (!maps) return 0;
    char line[4096];
    int found = 0;
    while (!found && fgets(line, sizeof line, maps)) found = strstr(line, "/libpango") != NULL;
    fclose(maps);
    return found;
}
