#ifndef PINBOX_CGIF_SHIM_H
#define PINBOX_CGIF_SHIM_H
// giflib: the GIF encoder behind `pinbox render --animate` and the window's recorder.
// The system's shared giflib (pkg-config libgif, Package.swift).
#include <gif_lib.h>
#endif
