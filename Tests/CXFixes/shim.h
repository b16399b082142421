/* SPDX-License-Identifier: MIT */
/* XFixes, for the tests alone: the pointer's shape as the server shows it. */
#ifndef PINBOX_CXFIXES_SHIM_H
#define PINBOX_CXFIXES_SHIM_H
#include <X11/Xlib.h>
#include <X11/extensions/Xfixes.h>
#endif
