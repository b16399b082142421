#ifndef PINBOX_FONTCONFIG_START_H
#define PINBOX_FONTCONFIG_START_H
// fontconfig's start-up (FcInit parses /etc/fonts, some 3 ms) needs nothing else: on a thread of
// its own it overlaps connecting to X, loading Pango or laying out DejaVu text. Both text paths
// that need fontconfig (Pango, and the fallback fonts of unshaped text) share it.

/// Starts FcInit on a thread, once per process; returns at once.
void pinbox_fontconfig_start(void);

/// Returns once fontconfig is initialised: waits for the thread, or initialises it here.
/// A font map (Pango's) made before FcInit finished would parse the configuration again.
void pinbox_fontconfig_wait(void);
#endif
