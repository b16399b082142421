/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CBIDI_H
#define PINBOX_CBIDI_H
// A shown secret put in the order the eye reads it: the Unicode bidirectional algorithm and
// Arabic's joined forms, by FriBidi. FriBidi is not linked: the first secret with a right-to-left
// character loads libfribidi with dlopen, so a process that never shows one never maps it.
// FriBidi works in the buffers it is given: every one that holds characters is the caller's
// (locked, wiped after). What FriBidi allocates itself holds character classes and positions,
// and bracket kinds renumbered here (never the bracket characters themselves).

#include <stddef.h>
#include <stdint.h>

/// Loads libfribidi if it is not loaded yet; 1 when it is usable, 0 when it is missing.
int pinbox_bidi_load(void);

/// Bytes of scratch pinbox_bidi_visual needs for `length` characters.
size_t pinbox_bidi_scratch_size(int length);

/// Writes the `length` characters of `text` (UTF-32, logical order; left shaped in place) to
/// `visual` as UTF-8 in visual order, Arabic in its presentation forms (joined, lam-alef as one),
/// brackets mirrored in right-to-left runs: what a line of the text looks like, left to right,
/// drawn glyph after glyph by their advances. `visual` has room for 4 × `length` bytes, `scratch`
/// for pinbox_bidi_scratch_size(length), 16-byte aligned; the caller wipes all three. The
/// paragraph's direction is its first strong character's. Returns the bytes written, with
/// *right_to_left set to 1 for a right-to-left paragraph; -1 when FriBidi is missing or failed.
long pinbox_bidi_visual(uint32_t *text, int length, unsigned char *visual, void *scratch, int *right_to_left);

#endif
