/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CCAIRO_SHIM_H
#define PINBOX_CCAIRO_SHIM_H
// Cairo's image surfaces and PNG writer; the renderer draws into memory, the window copies it out.
#include <cairo.h>
// Font faces made straight from FreeType faces, so text needs no fontconfig start-up; a face's
// own pattern (no configuration read) says how it is filtered for an LCD.
#include <cairo-ft.h>
#include <fontconfig/fcfreetype.h>
#endif
