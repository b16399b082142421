/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_FONTCONFIG_START_H
#define PINBOX_FONTCONFIG_START_H
// fontconfig's start-up (FcInit parses /etc/fonts) needs nothing else: on a thread of its own it
// overlaps loading Pango (dlopen and its relocations) and connecting to X.

/// Starts FcInit on a thread, once per process; returns at once.
void pinbox_fontconfig_start(void);

/// Returns once fontconfig is initialised: waits for the thread, or initialises it here.
/// A font map (Pango's) made before FcInit finished would parse the configuration again.
void pinbox_fontconfig_wait(void);
#endif
