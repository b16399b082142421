#ifndef PINBOX_CGIF_SHIM_H
#define PINBOX_CGIF_SHIM_H
// giflib: the GIF encoder behind `pinbox render --animate` and the window's recorder.
// Linked statically (Package.swift), so the window loads no extra library at start-up.
#include <gif_lib.h>
#endif
