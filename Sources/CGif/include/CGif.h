/* SPDX-License-Identifier: MIT */
#ifndef PINBOX_CGIF_H
#define PINBOX_CGIF_H
// giflib, the GIF encoder behind `pinbox render --animate` and the window's `--record`. Compiled
// against its header but not linked: only those two write GIFs, so the library is loaded with
// dlopen when the first one starts and a prompt never maps it.
#include <gif_lib.h>

/// The giflib functions the encoder calls, looked up in the system's shared library. Each member
/// has the type of the function it is named for; call them through this table only (the
/// functions themselves are not linked).
typedef struct {
    __typeof__(EGifOpenFileHandle) *_Nonnull EGifOpenFileHandle;
    __typeof__(EGifSetGifVersion) *_Nonnull EGifSetGifVersion;
    __typeof__(EGifPutScreenDesc) *_Nonnull EGifPutScreenDesc;
    __typeof__(EGifPutExtensionLeader) *_Nonnull EGifPutExtensionLeader;
    __typeof__(EGifPutExtensionBlock) *_Nonnull EGifPutExtensionBlock;
    __typeof__(EGifPutExtensionTrailer) *_Nonnull EGifPutExtensionTrailer;
    __typeof__(EGifPutExtension) *_Nonnull EGifPutExtension;
    __typeof__(EGifGCBToExtension) *_Nonnull EGifGCBToExtension;
    __typeof__(EGifPutImageDesc) *_Nonnull EGifPutImageDesc;
    __typeof__(EGifPutLine) *_Nonnull EGifPutLine;
    __typeof__(EGifCloseFile) *_Nonnull EGifCloseFile;
    __typeof__(GifMakeMapObject) *_Nonnull GifMakeMapObject;
    __typeof__(GifFreeMapObject) *_Nonnull GifFreeMapObject;
    __typeof__(GifErrorString) *_Nonnull GifErrorString;
} pinbox_gif_library;

/// Loads giflib on the first call (from any thread); the table, or NULL when the library or one
/// of its functions is missing, with the reason in pinbox_gif_load_error.
const pinbox_gif_library *_Nullable pinbox_gif_load(void);

/// Why pinbox_gif_load returned NULL (dlerror's words), or NULL.
const char *_Nullable pinbox_gif_load_error(void);
#endif
