/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CXKB_SHIM_H
#define PINBOX_CXKB_SHIM_H
// libxkbcommon: the X server's keymap compiled for lookups, keysyms to Unicode, and dead keys
// and Compose sequences from the locale's compose table.
#include <xkbcommon/xkbcommon.h>
#include <xkbcommon/xkbcommon-compose.h>
#include <xkbcommon/xkbcommon-x11.h>

// Xlib's XCB connection (libX11-xcb), which libxkbcommon-x11 talks through. Declared here
// rather than by including <X11/Xlib-xcb.h>, so that Xlib's types stay in CX11 alone; a
// Display is the same opaque struct to both.
struct _XDisplay;
xcb_connection_t *XGetXCBConnection(struct _XDisplay *display);
#endif
