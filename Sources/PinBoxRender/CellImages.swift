// SPDX-License-Identifier: MIT
import CCairo
import CSystem
import PinBoxCore

/// PNG background images of cells (`--background-image`), read once and kept for the
/// process's lifetime: a field has at most one per state.
public enum CellImages {
    nonisolated(unsafe) private static var cache: [String: OpaquePointer] = [:]

    /// Reads the PNG at `path`, or says in one line why it cannot.
    public static func load(_ path: String) throws(RenderError) -> OpaquePointer {
        pinbox_cache_lock()
        defer { pinbox_cache_unlock() }
        if let image = cache[path] { return image }
        // Cairo calls a file without PNG's signature "out of memory": say what it is.
        guard Self.startsLikeAPNG(path) else { throw RenderError("cannot read PNG \(path): not a PNG file") }
        let image = cairo_image_surface_create_from_png(path)!
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(image)))
            cairo_surface_destroy(image)
            throw RenderError("cannot read PNG \(path): \(reason)")
        }
        cache[path] = image
        return image
    }
}

extension CellImages {
    /// Whether the file at `path` begins with PNG's eight-byte signature. One that cannot be
    /// opened, or is no regular file (a pipe, read once, is left whole), passes, for Cairo to say.
    static func startsLikeAPNG(_ path: String) -> Bool {
        let fd = pinbox_open_input(path)
        guard fd >= 0 else { return true }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & UInt32(S_IFMT) == UInt32(S_IFREG) else { return true }
        var head = [UInt8](repeating: 0, count: 8)
        let n = read(fd, &head, head.count)
        return n == 8 && head == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    }
}

extension Canvas {
    /// Draws the image at `path` stretched over `rect`, clipped to its rounded corners. An
    /// image that cannot be read draws nothing: the option was checked when it was given.
    func drawImage(_ path: String, in rect: Rect, radius: Double) {
        guard let image = try? CellImages.load(path), rect.width > 0, rect.height > 0 else { return }
        let w = Double(cairo_image_surface_get_width(image)), h = Double(cairo_image_surface_get_height(image))
        guard w > 0, h > 0 else { return }
        cairo_save(cr)
        roundedRectPath(rect, radius: radius)
        cairo_clip(cr)
        cairo_translate(cr, rect.x, rect.y)
        cairo_scale(cr, rect.width / w, rect.height / h)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
