/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CCAIRO_SHIM_H
#define PINBOX_CCAIRO_SHIM_H
// Cairo's image surfaces and PNG writer; the renderer draws into memory, the window copies it out.
#include <cairo.h>
// Font faces made straight from FreeType faces, so text needs no fontconfig start-up.
#include <cairo-ft.h>
#endif
