// SPDX-License-Identifier: MIT
// The desktop's settings portal (org.freedesktop.portal.Settings), asked over the session bus
// with libdbus, which is loaded with dlopen only when asked: where GNOME keeps its light or
// dark choice since GNOME 42. And whether a password manager answers on that bus, asked the
// same way.
#ifndef PINBOX_CPORTAL_H
#define PINBOX_CPORTAL_H

/// Asks the portal, on a thread, for the answer `pinbox_portal_color_scheme` takes: a prompt
/// asks as it starts to connect to X, so that the two overlap. Nothing when a question is pending.
void pinbox_portal_prepare(void);

/// The portal's `org.freedesktop.appearance` `color-scheme`: 0 no preference, 1 prefer dark,
/// 2 prefer light; -1 when it cannot be had (no session bus named, no libdbus, no portal
/// running, no answer within 250 ms of the question, an answer of another type). The pending
/// question's answer, else a new question's. The connection the answer came on is kept, to
/// hear the portal's changes (`pinbox_portal_news`), until the next answer or
/// `pinbox_portal_stop_listening`.
int pinbox_portal_color_scheme(void);

/// The descriptor of the connection kept to hear the portal's changes, to poll for reading;
/// -1 when none is kept.
int pinbox_portal_descriptor(void);

/// What the portal said since it was last asked, without waiting: the newest `color-scheme` it
/// announced (0, 1 or 2), or -1 for nothing. Signals of any other sender are passed over. A
/// connection the bus closed is let go (the descriptor is then -1).
int pinbox_portal_news(void);

/// Closes the connection kept to hear the portal (a dialog's end).
void pinbox_portal_stop_listening(void);

/// Whether a password manager (the Secret Service, `org.freedesktop.secrets`) on the session
/// bus answers a question now: 1 it does, 0 none runs (the bus says so, no session bus is
/// named, or the bus refuses the connection); -1 when that cannot be had within `milliseconds`
/// (no libdbus, a bus or a daemon that does not answer).
/// Nothing is started to answer (no auto start), and the answer is awaited on a thread, as the
/// portal's is.
int pinbox_secret_service_answers(int milliseconds);

/// The accessibility bus's address, asked of at-spi-bus-launcher (`org.a11y.Bus`) on the session
/// bus, as libatspi and Qt ask where the display carries no `AT_SPI_BUS` (a Wayland session,
/// whose launcher writes none): 1, with the address in `address`, when the launcher runs and
/// has accessibility on (`org.a11y.Status`: `IsEnabled`, or `ScreenReaderEnabled`, which a
/// screen reader sets); 0 when it has it off or none runs (none is started); -1 when that
/// cannot be had within `milliseconds`.
int pinbox_accessibility_bus_of_session(char *address, int size, int milliseconds);

#endif
