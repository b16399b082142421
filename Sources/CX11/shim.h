/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CX11_SHIM_H
#define PINBOX_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xlib-xcb.h>
#include <xcb/randr.h>
#include <X11/Xutil.h>
#include <X11/Xresource.h>
#include <X11/Xatom.h>
#include <X11/cursorfont.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/XF86keysym.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/socket.h>
#include <sys/shm.h>

// XDestroyImage is a macro; the image's pixels belong to a Cairo surface (or a shared segment,
// whose description, `obdata`, is ours too), so detach them first.
static inline void pinbox_destroy_image_keep_data(XImage *image) {
    image->data = NULL;
    image->obdata = NULL;
    XDestroyImage(image);
}

// XDestroyImage is a macro: frees an image Xlib allocated (XGetImage), pixels included.
static inline void pinbox_destroy_image(XImage *image) {
    XDestroyImage(image);
}

// RandR's extension record in XCB, for a question to it asked with others (RepliesTogether).
static inline xcb_extension_t *pinbox_randr_extension(void) {
    return &xcb_randr_id;
}

// Whether the connection to the server is a Unix-domain socket: the server runs on this
// machine, and may share its memory (MIT-SHM). A forwarded display (`ssh -X`: TCP to sshd's
// port) is another machine's server, where a segment's number names some other segment.
static inline int pinbox_connection_is_local(Display *display) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(ConnectionNumber(display), (struct sockaddr *)&address, &length) != 0) return 0;
    return address.ss_family == AF_UNIX;
}

// XGetPixel is a macro calling through the image's function table.
static inline unsigned long pinbox_get_pixel(XImage *image, int x, int y) {
    return XGetPixel(image, x, y);
}

// XkbEvent is a union that overlays XEvent; Swift sees only the XEvent. The XKB event's kind.
static inline int pinbox_xkb_type(const XEvent *event) {
    return ((const XkbAnyEvent *)event)->xkb_type;
}

// The XkbStateNotifyEvent an XEvent of XKB's StateNotify kind is.
static inline const XkbStateNotifyEvent *pinbox_xkb_state_event(const XEvent *event) {
    return (const XkbStateNotifyEvent *)event;
}
#endif
