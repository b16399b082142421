// SPDX-License-Identifier: MIT
import CGif
import CSystem
import PinBoxCore

/// An animated GIF file being written with giflib: a header that loops forever, then frames,
/// each a rectangle of pixels with its own colour table and a delay in centiseconds.
/// A class because it owns giflib's file handle, closed in `finish` or `deinit`.
final class GIFEncoder {
    let width: Int
    let height: Int
    private let name: String
    /// giflib's functions, loaded with the first encoder (Sources/CGif).
    private let gif: pinbox_gif_library
    private var file: UnsafeMutablePointer<GifFileType>?

    /// Starts the file on `fd`, which giflib takes over and closes.
    init(fileDescriptor fd: Int32, name: String, width: Int, height: Int) throws(RenderError) {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            close(fd)
            throw RenderError("cannot write \(name): a GIF is at most 65535 pixels a side")
        }
        guard let gif = pinbox_gif_load()?.pointee else {
            close(fd)
            let reason = pinbox_gif_load_error().map { String(cString: $0) } ?? "cannot load it"
            throw RenderError("cannot write \(name): giflib is missing (the package libgif7): \(reason)")
        }
        self.width = width
        self.height = height
        self.name = name
        self.gif = gif
        var error: Int32 = 0
        guard let file = gif.EGifOpenFileHandle(fd, &error) else {
            close(fd)
            throw Self.failure(gif, name, error)
        }
        self.file = file
        gif.EGifSetGifVersion(file, true)
        guard gif.EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil) == GIF_OK else { throw fail() }
        // The NETSCAPE2.0 application block: loop forever (count 0), as every browser expects.
        guard gif.EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
              Array("NETSCAPE2.0".utf8).withUnsafeBytes({ gif.EGifPutExtensionBlock(file, 11, $0.baseAddress) }) == GIF_OK,
              [UInt8(1), 0, 0].withUnsafeBytes({ gif.EGifPutExtensionBlock(file, 3, $0.baseAddress) }) == GIF_OK,
              gif.EGifPutExtensionTrailer(file) == GIF_OK else { throw fail() }
    }

    deinit {
        if let file {
            var error: Int32 = 0
            _ = gif.EGifCloseFile(file, &error)
        }
    }

    /// Writes the pixels of `frame` (0xRRGGBB, `width × height` row by row) inside `rect`,
    /// over the previous frame, shown for `delay` centiseconds.
    func addFrame(_ frame: [UInt32], rect: PixelRect, delay: Int) throws(RenderError) {
        guard let file else { throw RenderError("cannot write \(name): already finished") }
        var control = GraphicsControlBlock()
        control.DisposalMode = DISPOSE_DO_NOT
        control.UserInputFlag = false
        control.DelayTime = Int32(max(0, min(65535, delay)))
        control.TransparentColor = NO_TRANSPARENT_COLOR
        var block = [GifByteType](repeating: 0, count: 4)
        _ = gif.EGifGCBToExtension(&control, &block)
        guard gif.EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, block) == GIF_OK else { throw fail() }

        var (indices, colors) = GIFColorTable.index(frame, stride: width, rect: rect)
        let map = colors.withUnsafeBufferPointer { gif.GifMakeMapObject(Int32($0.count), $0.baseAddress) }
        defer { gif.GifFreeMapObject(map) }
        guard let map,
              gif.EGifPutImageDesc(file, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map) == GIF_OK,
              gif.EGifPutLine(file, &indices, Int32(indices.count)) == GIF_OK
        else { throw fail() }
    }

    /// Ends the file and closes it.
    func finish() throws(RenderError) {
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard gif.EGifCloseFile(file, &error) == GIF_OK else { throw Self.failure(gif, name, error) }
    }

    private func fail() -> RenderError {
        Self.failure(gif, name, file?.pointee.Error ?? 0)
    }

    private static func failure(_ gif: pinbox_gif_library, _ name: String, _ code: Int32) -> RenderError {
        // A write or close that failed: the system's reason ("No space left on device"), which
        // giflib's words ("Failed to close given file") leave out.
        let errno = pinbox_errno()
        if code == E_GIF_ERR_WRITE_FAILED || code == E_GIF_ERR_CLOSE_FAILED, errno != 0 {
            return RenderError("cannot write \(name): \(String(cString: strerror(errno)))")
        }
        let reason = gif.GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return RenderError("cannot write \(name): \(reason)")
    }
}

/// A rectangle of whole pixels.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
}

/// A frame's colours as a GIF colour table and one index per pixel.
enum GIFColorTable {
    /// Exact when the rectangle holds 256 colours or fewer (a field's anti-aliased dots and
    /// lines usually do): the GIF then shows the very pixels drawn. Colours are numbered in
    /// the order they first appear, so the same pixels give the same bytes.
    static func index(_ frame: [UInt32], stride: Int, rect: PixelRect) -> ([GifPixelType], [GifColorType]) {
        var indices = [GifPixelType](repeating: 0, count: rect.width * rect.height)
        var table: [UInt32: UInt8] = [:]
        var colors: [GifColorType] = []
        var exact = true
        var lastColor: UInt32 = 0xffff_ffff, lastIndex: UInt8 = 0
        scan: for y in 0..<rect.height {
            for x in 0..<rect.width {
                let c = frame[(rect.y + y) * stride + rect.x + x] & 0xffffff
                if c != lastColor {
                    if let i = table[c] {
                        lastIndex = i
                    } else {
                        guard colors.count < 256 else { exact = false; break scan }
                        lastIndex = UInt8(colors.count)
                        table[c] = lastIndex
                        colors.append(GifColorType(Red: UInt8(c >> 16), Green: UInt8((c >> 8) & 0xff), Blue: UInt8(c & 0xff)))
                    }
                    lastColor = c
                }
                indices[y * rect.width + x] = lastIndex
            }
        }
        if !exact { return quantize(frame, stride: stride, rect: rect) }
        // giflib wants a power of two entries.
        var size = 2
        while size < colors.count { size *= 2 }
        colors += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
        return (indices, colors)
    }

    /// More than 256 colours (a cross-fade of coloured borders at 2×): the 256 most common
    /// are kept exactly — the backdrop, the cells, the settled dots — and each rarer one (an
    /// anti-aliased edge) takes its nearest. A median cut would shift the large flat areas;
    /// ties are broken by colour, so the result never depends on hashing.
    private static func quantize(_ frame: [UInt32], stride: Int, rect: PixelRect) -> ([GifPixelType], [GifColorType]) {
        var counts: [UInt32: Int] = [:]
        for y in 0..<rect.height {
            for x in 0..<rect.width { counts[frame[(rect.y + y) * stride + rect.x + x] & 0xffffff, default: 0] += 1 }
        }
        let kept = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(256).map { $0.key }
        var lookup: [UInt32: UInt8] = [:]
        for (i, c) in kept.enumerated() { lookup[c] = UInt8(i) }
        func nearest(_ c: UInt32) -> UInt8 {
            var best = 0, bestDistance = Int.max
            for (i, k) in kept.enumerated() {
                let dr = Int((c >> 16) & 0xff) - Int((k >> 16) & 0xff)
                let dg = Int((c >> 8) & 0xff) - Int((k >> 8) & 0xff)
                let db = Int(c & 0xff) - Int(k & 0xff)
                let d = dr * dr + dg * dg + db * db
                if d < bestDistance { (best, bestDistance) = (i, d) }
            }
            return UInt8(best)
        }
        var indices = [GifPixelType](repeating: 0, count: rect.width * rect.height)
        for y in 0..<rect.height {
            for x in 0..<rect.width {
                let c = frame[(rect.y + y) * stride + rect.x + x] & 0xffffff
                let i: UInt8
                if let known = lookup[c] { i = known } else { i = nearest(c); lookup[c] = i }
                indices[y * rect.width + x] = i
            }
        }
        let colors = kept.map { GifColorType(Red: UInt8($0 >> 16), Green: UInt8(($0 >> 8) & 0xff), Blue: UInt8($0 & 0xff)) }
        return (indices, colors + Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: 256 - colors.count))
    }
}
