// SPDX-License-Identifier: MIT
import CSystem
import CCairo
import PinBoxCore

/// A Cairo image surface in the X server's own pixel layout (32 bits, x8r8g8b8), with its
/// drawing context. The window shows it; `pinbox render` and screenshots write it as PNG.
/// A class because it owns the surface and the context, released in `deinit`.
public final class Canvas {
    public let width: Int
    public let height: Int
    let surface: OpaquePointer
    let cr: OpaquePointer

    /// Whether the canvas keeps an alpha channel (a capture with a transparent background).
    public let transparent: Bool

    /// How letters are rasterised on it (`PageScene.textRendering`): what the page's painter
    /// sets before it draws, as the desktop said.
    public var textRendering = TextRendering.standard
    /// Cairo's options for `textRendering`.
    var fontOptions: OpaquePointer { Fonts.options(textRendering) }

    /// `face` as letters are drawn in it here (`Fonts.forSubpixels`).
    func drawn(_ face: OpaquePointer) -> OpaquePointer {
        if case .subpixel = textRendering.antialiasing { return Fonts.forSubpixels(face) }
        return face
    }

    /// A white canvas of `width × height` device pixels; with `transparent`, a clear one
    /// with an alpha channel (32-bit ARGB, premultiplied), for captures only.
    public convenience init(width: Int, height: Int, transparent: Bool = false) throws(RenderError) {
        try self.init(width: width, height: height, transparent: transparent) { width, height in
            cairo_image_surface_create(transparent ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, width, height)!
        }
    }

    /// A white canvas drawn straight into `pixels` (`height` rows of `width` 32-bit pixels, no
    /// padding), which the caller owns and keeps for the canvas's lifetime: memory the X server
    /// reads itself (BackBuffer's shared segment).
    public convenience init(pixels: UnsafeMutableRawPointer, width: Int, height: Int) throws(RenderError) {
        try self.init(width: width, height: height, transparent: false) { width, height in
            cairo_image_surface_create_for_data(pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                width, height, width * 4)!
        }
    }

    private init(width: Int, height: Int, transparent: Bool,
                 surface make: (Int32, Int32) -> OpaquePointer) throws(RenderError) {
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw RenderError("canvas size \(width)x\(height) is out of range 1…32767")
        }
        let surface = make(Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RenderError("cannot make a \(width)x\(height) canvas: out of memory")
        }
        self.surface = surface
        self.width = width
        self.height = height
        self.transparent = transparent
        cr = cairo_create(surface)
        // A new image surface is all zeros: clear already; an opaque one starts white.
        if !transparent { fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: .white) }
    }

    /// Takes `other`'s pixels, which must be of the same size: a frame moved to new memory.
    public func copy(from other: Canvas) {
        cairo_surface_flush(other.surface)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(cr, other.surface, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        cairo_surface_flush(surface)
    }

    /// Reads a PNG file, for tests and tools that inspect what was written.
    public init(png path: String) throws(RenderError) {
        let image = cairo_image_surface_create_from_png(path)!
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(image)
            throw RenderError("cannot read PNG \(path)")
        }
        width = Int(cairo_image_surface_get_width(image))
        height = Int(cairo_image_surface_get_height(image))
        transparent = false
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        cr = cairo_create(surface)
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_paint(cr)
        cairo_surface_destroy(image)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Where the pixels live and how long a row is: stable for the canvas's lifetime, so the
    /// window can wrap them in an XImage without copying.
    public var pixelStorage: (data: UnsafeMutableRawPointer, stride: Int) {
        (UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!), Int(cairo_image_surface_get_stride(surface)))
    }

    /// Finishes pending drawing so the pixel bytes are current.
    public func flush() {
        cairo_surface_flush(surface)
    }

    /// The colour at one pixel, as 0xRRGGBB.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        flush()
        let (data, stride) = pixelStorage
        return data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) & 0xffffff
    }

    /// The pixel with its alpha, as 0xAARRGGBB (premultiplied; alpha 0xff on an opaque canvas).
    public func argb(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        flush()
        let (data, stride) = pixelStorage
        let value = data.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return transparent ? value : value | 0xff00_0000
    }

    /// Writes the canvas as a PNG file, readable by this user only (it may show what was typed),
    /// replacing a file there but never writing through a symbolic link; a file it could not
    /// finish is removed (a device such as /dev/full is written to, never removed). Cairo
    /// stores no time stamp: the same pixels give the same bytes.
    public func writePNG(to path: String) throws(RenderError) {
        let fd = pinbox_open_output(path, 0o600)
        guard fd >= 0 else { throw RenderError("cannot write \(path): \(String(cString: strerror(pinbox_errno())))") }
        do throws(RenderError) {
            try writePNG(toFileDescriptor: fd, name: path)
        } catch {
            pinbox_remove_unfinished(fd, path)
            close(fd)
            throw error
        }
        close(fd)
    }

    /// Writes the canvas as PNG to an open file; `name` is what an error message calls it.
    public func writePNG(toFileDescriptor fd: Int32, name: String) throws(RenderError) {
        flush()
        var target = PNGTarget(fd: fd)
        let status = withUnsafeMutablePointer(to: &target) { cairo_surface_write_to_png_stream(surface, writeChunk, $0) }
        guard status == CAIRO_STATUS_SUCCESS, target.error == 0 else {
            let reason = target.error != 0 ? String(cString: strerror(target.error))
                : String(cString: cairo_status_to_string(status))
            throw RenderError("cannot write \(name): \(reason)")
        }
    }

    /// Fills `rect` with an opaque or translucent colour.
    public func fill(_ rect: Rect, with color: Color) {
        setSource(color)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
    }

    /// Runs `body` with everything it draws moved by (`dx`, `dy`) and then enlarged `factor`
    /// times: a screenshot at twice the window's size, or of one part of it, drawn as vectors.
    public func transformed(scale factor: Double, dx: Double = 0, dy: Double = 0, _ body: () -> Void) {
        cairo_save(cr)
        cairo_scale(cr, factor, factor)
        cairo_translate(cr, dx, dy)
        body()
        cairo_restore(cr)
    }

    /// Runs `body` with drawing limited to `rect`: everything outside keeps its pixels.
    public func clipped(to rect: Rect?, _ body: () -> Void) {
        guard let rect else { return body() }
        cairo_save(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    func setSource(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }
}

/// A drawing or file error, fit for one line on stderr. When what was asked for is at fault
/// (the text typed into a snapshot), it names that setting in the core's words and the problem
/// without it, as `ConfigurationError` does, for the front end to name its own way (`--text`).
public struct RenderError: Error, Equatable, CustomStringConvertible {
    /// The setting at fault (`text`), or nil for a drawing or file error.
    public let setting: String?
    /// What is wrong, written to follow the setting's name when there is one.
    public let problem: String

    public init(_ message: String) {
        setting = nil
        problem = message
    }

    public init(setting: String, _ problem: String) {
        self.setting = setting
        self.problem = problem
    }

    /// The setting and its problem in one line: "text must be digits only".
    public var message: String { setting.map { "\($0) \(problem)" } ?? problem }

    public var description: String { message }
}

/// Where a PNG stream goes, and the first write error on the way.
private struct PNGTarget {
    let fd: Int32
    var error: Int32 = 0
}

/// Cairo's PNG writer calls this with each chunk; a short or failed write stops the stream.
private let writeChunk: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> cairo_status_t = {
    closure, data, length in
    let target = closure!.assumingMemoryBound(to: PNGTarget.self)
    var offset = 0
    while offset < Int(length) {
        let n = write(target.pointee.fd, data! + offset, Int(length) - offset)
        if n > 0 { offset += n; continue }
        if n < 0 && pinbox_errno() == EINTR { continue }
        target.pointee.error = n < 0 ? pinbox_errno() : EIO
        return CAIRO_STATUS_WRITE_ERROR
    }
    return CAIRO_STATUS_SUCCESS
}
