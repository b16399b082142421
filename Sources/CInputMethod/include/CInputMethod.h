/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CINPUTMETHOD_H
#define PINBOX_CINPUTMETHOD_H
// The desktop's input method (IBus, Fcitx, uim: XMODIFIERS=@im=NAME) through Xlib's XIM, for the
// entries that hold no secret (a git username, ssh's question): a Chinese, Japanese or Korean
// name is composed in it, its half-composed text (the preedit) drawn in the entry by the dialog.
// Xlib's types stay in CX11 alone: a Display and an XEvent are opaque here.
#include <stdint.h>

struct _XDisplay;
typedef struct pinbox_input_method pinbox_input_method;

/// Connects to the input method XMODIFIERS names for `window`, in the locale the environment
/// names for characters (C.UTF-8 when it names none of UTF-8); NULL when it names none
/// (unset, `@im=none`, `@im=local`: the dialog's own compose table serves), or the method does
/// not run, or does not answer within a moment (stopped: XOpenIM would wait on it without end).
/// `*unanswering` is the server that last did not answer (0: none): not asked again while it
/// holds the method's selection, and set to the one that does not answer now. Nothing more is
/// asked of it until `pinbox_im_focus`.
pinbox_input_method *_Nullable pinbox_im_open(struct _XDisplay *_Nonnull display, unsigned long window,
                                              unsigned long *_Nonnull unanswering);

/// Whether XMODIFIERS names a method (`@im=NAME`, not `none` nor `local`).
int pinbox_im_named(void);

/// The server that stopped answering `im` (its `@server=NAME` selection's owner), or 0.
unsigned long pinbox_im_unanswering(const pinbox_input_method *_Nonnull im);

/// Gives the method the keys (`on`: an input context, focused) or takes them back (the context
/// destroyed: whatever the method sends for it after is dropped by Xlib). 1 when it has them.
int pinbox_im_focus(pinbox_input_method *_Nonnull im, int on);

/// Tells the method where the caret stands, in the window's pixels (the bottom of the entry
/// under it): it shows its candidates there. Only when it moved.
void pinbox_im_spot(pinbox_input_method *_Nonnull im, int x, int y);

/// The events the method wants the window to select, beyond the keys (XNFilterEvents).
long pinbox_im_event_mask(const pinbox_input_method *_Nonnull im);

/// Xlib's XFilterEvent: 1 when the method took the event (a key it composes, its own messages).
int pinbox_im_filter(pinbox_input_method *_Nonnull im, void *_Nonnull event);

/// The text a key press of keycode 0 (the method's commit) carries, as UTF-8 in `*text`, which
/// the caller frees; its length, 0 for none.
int pinbox_im_committed(pinbox_input_method *_Nonnull im, void *_Nonnull key_event, char *_Nullable *_Nonnull text);

/// The most characters a preedit holds, longer than any name composed at once (the method is
/// told so at its start); `marked` of `pinbox_im_preedit` has room for as many.
enum { PINBOX_IM_PREEDIT_MOST = 256 };

/// Whether the preedit changed since the last call; then `text` holds it (UTF-8, at most
/// `size` - 1 bytes, NUL-terminated), `caret` where its caret stands, in characters, and
/// `marked[i]` (PINBOX_IM_PREEDIT_MOST of them) whether character `i` is drawn reversed or
/// highlighted: the segment the method is converting (a Japanese clause and its candidates).
int pinbox_im_preedit(pinbox_input_method *_Nonnull im, char *_Nonnull text, int size, int *_Nonnull caret,
                      unsigned char *_Nonnull marked);

/// Whether the method is gone (its server ended): the keys are the dialog's again.
int pinbox_im_gone(const pinbox_input_method *_Nonnull im);

/// Destroys the context, closes the method and frees `im`.
void pinbox_im_close(pinbox_input_method *_Nullable im);
#endif
