// SPDX-License-Identifier: MIT
// The desktop's settings portal (org.freedesktop.portal.Settings), asked over the session bus
// with libdbus, which is loaded with dlopen only when asked: where GNOME keeps its light or
// dark choice since GNOME 42.
#ifndef PINBOX_CPORTAL_H
#define PINBOX_CPORTAL_H

/// Asks the portal, on a thread, for the answer `pinbox_portal_color_scheme` takes: a prompt
/// asks as it starts to connect to X, so that the two overlap. Nothing when a question is pending.
void pinbox_portal_prepare(void);

/// The portal's `org.freedesktop.appearance` `color-scheme`: 0 no preference, 1 prefer dark,
/// 2 prefer light; -1 when it cannot be had (no session bus named, no libdbus, no portal
/// running, no answer within 250 ms of the question, an answer of another type). The pending
/// question's answer, else a new question's.
int pinbox_portal_color_scheme(void);

#endif
