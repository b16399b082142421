/* SPDX-License-Identifier: MIT */
#include "CInputMethod.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <langinfo.h>
#include <limits.h>
#include <locale.h>
#include <malloc.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <wchar.h>

// How long the method's server has to answer the question asked before each request Xlib
// would wait on: long enough for a method on a busy machine (a GTK process, scheduled late),
// a pause of once where a stopped method would have hung the dialog for good.
enum { ANSWER_MS = 2000 };

struct pinbox_input_method {
    Display *display;
    Window window;
    XIM method;            // NULL once the method's server has gone
    XIC context;           // NULL while the method does not have the keys
    XIMStyle style;
    long mask;
    Atom server, transport, probe;  // `@server=NAME`, and the question put to its owner
    Window owner;                   // who held `server` when the method was looked for
    int hung;                       // it did not answer: never asked anything again
    XPoint spot;                    // where the context was last told the caret is
    int placed;                     // whether it was told
    wchar_t preedit[PINBOX_IM_PREEDIT_MOST];
    XIMFeedback look[PINBOX_IM_PREEDIT_MOST];  // how the method asks each character of it drawn
    int length, caret, changed;
};

// Whether XMODIFIERS names a method: `@im=NAME`, not `none` nor `local` (Xlib's own compose
// table, which the dialog's libxkbcommon one already is).
// Writes `@server=NAME` into `server` (Xlib's name for the method's selection).
static int names_method(char *server, size_t size) {
    const char *modifiers = getenv("XMODIFIERS");
    const char *name = modifiers ? strstr(modifiers, "@im=") : NULL;
    if (!name) return 0;
    name += 4;
    size_t n = strcspn(name, "@");
    if (n == 0 || (n == 4 && strncmp(name, "none", 4) == 0) || (n == 5 && strncmp(name, "local", 5) == 0)) return 0;
    return snprintf(server, size, "@server=%.*s", (int)n, name) < (int)size;
}

int pinbox_im_named(void) {
    char server[128];
    return names_method(server, sizeof server);
}

static long milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static Bool is_answer(Display *display, XEvent *event, XPointer client) {
    (void)display;
    const pinbox_input_method *im = (const pinbox_input_method *)client;
    // Refused (no property) is an answer too: the server's loop runs.
    return event->type == SelectionNotify && event->xselection.requestor == im->window
        && event->xselection.selection == im->server && event->xselection.target == im->transport;
}

// Whether the method's server still answers, within ANSWER_MS: Xlib waits for its every reply
// (the context made or destroyed, a key forwarded synchronously) without end, and a stopped
// server would hang the dialog. Its transport (what Xlib asks it first) is asked, as a question
// its own loop answers; a server that does not is given up on, and never asked again.
static int answers(pinbox_input_method *im) {
    if (im->hung) return 0;
    XConvertSelection(im->display, im->server, im->transport, im->probe, im->window, CurrentTime);
    XFlush(im->display);
    long deadline = milliseconds() + ANSWER_MS;
    for (;;) {
        XEvent event;
        if (XCheckIfEvent(im->display, &event, is_answer, (XPointer)im)) {
            if (event.xselection.property != None) XDeleteProperty(im->display, im->window, im->probe);
            return 1;
        }
        long left = deadline - milliseconds();
        if (left <= 0) break;
        struct pollfd connection = {ConnectionNumber(im->display), POLLIN, 0};
        poll(&connection, 1, (int)left);
    }
    im->hung = 1;
    im->changed = im->length > 0;
    im->length = im->caret = 0;
    return 0;
}

// A locale for characters in UTF-8 that Xlib supports: the environment's, else C.UTF-8. The
// method sends its text in the locale's encoding: a Korean name has no bytes in plain C's.
static int set_utf8_locale(void) {
    const char *set = setlocale(LC_CTYPE, "");
    if (set && strcmp(nl_langinfo(CODESET), "UTF-8") == 0 && XSupportsLocale()) return 1;
    return setlocale(LC_CTYPE, "C.UTF-8") && XSupportsLocale();
}

static void method_gone(XIM method, XPointer client, XPointer call) {
    (void)method; (void)call;
    pinbox_input_method *im = (pinbox_input_method *)client;
    im->method = NULL;
    im->context = NULL;  // gone with it
    im->changed = im->length > 0;
    im->length = im->caret = 0;
}

static int preedit_start(XIC context, XPointer client, XPointer call) {
    (void)context; (void)call;
    pinbox_input_method *im = (pinbox_input_method *)client;
    im->changed = im->length > 0;
    im->length = im->caret = 0;
    return PINBOX_IM_PREEDIT_MOST - 1;
}

static Bool preedit_done(XIC context, XPointer client, XPointer call) {
    (void)context; (void)call;
    pinbox_input_method *im = (pinbox_input_method *)client;
    im->changed = im->length > 0;
    im->length = im->caret = 0;
    return True;
}

static int clamp(int value, int low, int high) { return value < low ? low : value > high ? high : value; }

// How many looks Xlib's feedback array holds: as many as the method sent, and a method (any
// client of the display can pose as one) may send fewer than its text has characters. Xlib
// keeps no count of them beside the text, and allocates the array with malloc: its size bounds
// what is read.
static int looks_sent(const XIMText *text) {
    return text && text->feedback ? (int)(malloc_usable_size(text->feedback) / sizeof *text->feedback) : 0;
}

// The method replaces `chg_length` characters from `chg_first` with its text (none: deletes),
// each with its look (XIM's feedback: the segment being converted reversed).
static Bool preedit_draw(XIC context, XPointer client, XPointer call) {
    (void)context;
    pinbox_input_method *im = (pinbox_input_method *)client;
    const XIMPreeditDrawCallbackStruct *draw = (const XIMPreeditDrawCallbackStruct *)call;
    int first = clamp(draw->chg_first, 0, im->length);
    int removed = clamp(draw->chg_length, 0, im->length - first);
    wchar_t inserted[PINBOX_IM_PREEDIT_MOST];
    int added = 0;
    const XIMText *text = draw->text;
    // Text without its characters: only how `length` of them from `chg_first` look changed;
    // the caret may have moved.
    if (text && text->length > 0 && !(text->encoding_is_wchar ? (void *)text->string.wide_char
                                                              : (void *)text->string.multi_byte)) {
        int restyled = clamp(text->length, 0, im->length - first);
        if (restyled > looks_sent(text)) restyled = looks_sent(text);
        for (int i = 0; i < restyled; i++) im->look[first + i] = text->feedback[i];
        im->caret = clamp(draw->caret, 0, im->length);
        im->changed = 1;
        return True;
    }
    if (text && text->length > 0) {
        if (text->encoding_is_wchar && text->string.wide_char) {
            added = clamp(text->length, 0, PINBOX_IM_PREEDIT_MOST - 1);
            wmemcpy(inserted, text->string.wide_char, (size_t)added);
        } else if (!text->encoding_is_wchar && text->string.multi_byte) {
            size_t n = mbstowcs(inserted, text->string.multi_byte, PINBOX_IM_PREEDIT_MOST - 1);
            added = n == (size_t)-1 ? 0 : (int)n;
        }
    }
    added = clamp(added, 0, PINBOX_IM_PREEDIT_MOST - 1 - (im->length - removed));
    int tail = im->length - first - removed;
    wmemmove(im->preedit + first + added, im->preedit + first + removed, (size_t)tail);
    wmemcpy(im->preedit + first, inserted, (size_t)added);
    memmove(im->look + first + added, im->look + first + removed, (size_t)tail * sizeof *im->look);
    int styled = text ? clamp(text->length, 0, added) : 0;
    if (styled > looks_sent(text)) styled = looks_sent(text);
    for (int i = 0; i < added; i++) im->look[first + i] = i < styled ? text->feedback[i] : 0;
    im->length = first + added + tail;
    im->caret = clamp(draw->caret, 0, im->length);
    im->changed = 1;
    return True;
}

static Bool preedit_caret(XIC context, XPointer client, XPointer call) {
    (void)context;
    pinbox_input_method *im = (pinbox_input_method *)client;
    XIMPreeditCaretCallbackStruct *move = (XIMPreeditCaretCallbackStruct *)call;
    switch (move->direction) {
    case XIMAbsolutePosition: im->caret = move->position; break;
    case XIMForwardChar: im->caret++; break;
    case XIMBackwardChar: im->caret--; break;
    case XIMLineStart: im->caret = 0; break;
    case XIMLineEnd: im->caret = im->length; break;
    default: break;
    }
    im->caret = clamp(im->caret, 0, im->length);
    move->position = im->caret;
    im->changed = 1;
    return True;
}

pinbox_input_method *pinbox_im_open(Display *display, unsigned long window, unsigned long *unanswering) {
    char server[128];
    if (!names_method(server, sizeof server)) return NULL;
    pinbox_input_method *im = calloc(1, sizeof *im);
    if (!im) return NULL;
    im->display = display;
    im->window = window;
    im->server = XInternAtom(display, server, False);
    im->transport = XInternAtom(display, "TRANSPORT", False);
    im->probe = XInternAtom(display, "_PINBOX_INPUT_METHOD", False);
    // None runs, or one that does not answer, on which XOpenIM would wait without end: asked
    // once, not again at each focus while it holds the selection.
    im->owner = XGetSelectionOwner(display, im->server);
    if (im->owner == None || im->owner == *unanswering || !answers(im)) {
        if (im->hung) *unanswering = im->owner;
        free(im);
        return NULL;
    }
    char *before = setlocale(LC_CTYPE, NULL);
    before = before ? strdup(before) : NULL;
    if (set_utf8_locale() && XSetLocaleModifiers("")) im->method = XOpenIM(display, NULL, NULL, NULL);
    XIMStyles *styles = NULL;
    if (im->method && !XGetIMValues(im->method, XNQueryInputStyle, &styles, NULL) && styles) {
        // The preedit drawn in the entry, as GTK's entries draw it; else wherever the method
        // draws it. The method's status (its mode) is its own panel's to show.
        const XIMStyle wanted[] = {XIMPreeditCallbacks | XIMStatusNothing, XIMPreeditNothing | XIMStatusNothing};
        for (size_t w = 0; w < sizeof wanted / sizeof *wanted && !im->style; w++)
            for (unsigned short s = 0; s < styles->count_styles; s++)
                if (styles->supported_styles[s] == wanted[w]) im->style = wanted[w];
        XFree(styles);
    }
    if (!im->method || !im->style) {
        if (im->method) XCloseIM(im->method);
        free(im);
        if (before) setlocale(LC_CTYPE, before);
        free(before);
        return NULL;
    }
    free(before);
    XIMCallback gone = {(XPointer)im, method_gone};
    XSetIMValues(im->method, XNDestroyCallback, &gone, NULL);
    return im;
}

static void create_context(pinbox_input_method *im) {
    if (im->style & XIMPreeditCallbacks) {
        XICCallback start = {(XPointer)im, preedit_start};
        XICCallback done = {(XPointer)im, preedit_done};
        XICCallback draw = {(XPointer)im, preedit_draw};
        XICCallback caret = {(XPointer)im, preedit_caret};
        XVaNestedList preedit = XVaCreateNestedList(0, XNPreeditStartCallback, &start, XNPreeditDoneCallback, &done,
                                                    XNPreeditDrawCallback, &draw, XNPreeditCaretCallback, &caret, NULL);
        im->context = XCreateIC(im->method, XNInputStyle, im->style, XNClientWindow, im->window,
                                XNFocusWindow, im->window, XNPreeditAttributes, preedit, NULL);
        XFree(preedit);
    } else {
        im->context = XCreateIC(im->method, XNInputStyle, im->style, XNClientWindow, im->window,
                                XNFocusWindow, im->window, NULL);
    }
    im->mask = 0;
    im->placed = 0;
    if (im->context) XGetICValues(im->context, XNFilterEvents, &im->mask, NULL);
}

int pinbox_im_focus(pinbox_input_method *im, int on) {
    if (on && im->method && !im->context && answers(im)) create_context(im);
    if (on && im->context) {
        XSetICFocus(im->context);
        return 1;
    }
    // Destroyed, not only unfocused: a method could otherwise go on sending keys and text for
    // it while a passphrase has the focus.
    if (!on && im->context && answers(im)) {
        XDestroyIC(im->context);
        im->context = NULL;
    }
    im->changed |= im->length > 0;
    im->length = im->caret = 0;
    return 0;
}

void pinbox_im_spot(pinbox_input_method *im, int x, int y) {
    XPoint spot = {(short)clamp(x, -32768, 32767), (short)clamp(y, -32768, 32767)};
    if (!im->context || (im->placed && spot.x == im->spot.x && spot.y == im->spot.y) || !answers(im)) return;
    XVaNestedList preedit = XVaCreateNestedList(0, XNSpotLocation, &spot, NULL);
    XSetICValues(im->context, XNPreeditAttributes, preedit, NULL);
    XFree(preedit);
    im->spot = spot;
    im->placed = 1;
}

long pinbox_im_event_mask(const pinbox_input_method *im) { return im->context ? im->mask : 0; }

int pinbox_im_filter(pinbox_input_method *im, void *event) {
    if (im->hung) return 0;
    int type = ((XEvent *)event)->type;
    // A key goes to a method that answers, or stays the dialog's.
    if ((type == KeyPress || type == KeyRelease) && im->context && !answers(im)) return 0;
    return XFilterEvent((XEvent *)event, None) ? 1 : 0;
}

int pinbox_im_committed(pinbox_input_method *im, void *key_event, char **text) {
    *text = NULL;
    if (!im->context) return 0;
    char small[256];
    KeySym keysym;
    Status status;
    XKeyPressedEvent *key = (XKeyPressedEvent *)key_event;
    int n = Xutf8LookupString(im->context, key, small, (int)sizeof small - 1, &keysym, &status);
    if (status == XBufferOverflow) {
        // Xlib keeps the text for a call with room enough.
        char *large = malloc((size_t)n + 1);
        if (!large) return 0;
        n = Xutf8LookupString(im->context, key, large, n, &keysym, &status);
        if (status != XLookupChars && status != XLookupBoth) { free(large); return 0; }
        large[n] = 0;
        *text = large;
        return n;
    }
    if ((status != XLookupChars && status != XLookupBoth) || n <= 0) return 0;
    *text = malloc((size_t)n + 1);
    if (!*text) return 0;
    memcpy(*text, small, (size_t)n);
    (*text)[n] = 0;
    return n;
}

int pinbox_im_preedit(pinbox_input_method *im, char *text, int size, int *caret, unsigned char *marked) {
    if (!im->changed) return 0;
    im->changed = 0;
    int used = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    char bytes[MB_LEN_MAX];
    for (int i = 0; i < im->length; i++) {
        size_t n = wcrtomb(bytes, im->preedit[i], &state);
        if (n == (size_t)-1 || used + (int)n >= size) break;
        memcpy(text + used, bytes, n);
        used += (int)n;
        // Reversed or highlighted: what the method is converting, as against the rest.
        marked[i] = (im->look[i] & (XIMReverse | XIMHighlight)) != 0;
    }
    text[used] = 0;
    *caret = im->caret;
    return 1;
}

int pinbox_im_gone(const pinbox_input_method *im) { return im->method == NULL || im->hung; }

unsigned long pinbox_im_unanswering(const pinbox_input_method *im) { return im->hung ? im->owner : 0; }

void pinbox_im_close(pinbox_input_method *im) {
    if (!im) return;
    // A hung method's context and connection are left as they are: Xlib would wait on it.
    if (!im->hung && im->context) XDestroyIC(im->context);
    if (!im->hung && im->method) XCloseIM(im->method);
    free(im);
}
