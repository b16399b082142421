// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore
import PinBoxRender

/// The window's pixels in our memory: a Cairo canvas wrapped in an XImage that shares its
/// bytes. Drawing happens here; only the rectangles that changed are copied to the window.
/// Screenshots save this canvas, so they are exactly what the window shows.
final class BackBuffer {
    let canvas: Canvas
    private let image: UnsafeMutablePointer<XImage>
    /// The pixels' memory when the server reads it itself; nil when they go through the socket.
    private let shared: SharedPixels?

    /// With `shared`, the pixels live in memory the server reads itself where it can (see
    /// `SharedPixels`); else, and where it cannot, they go through the socket.
    init(display: XDisplay, visual: VisualChoice, width: Int, height: Int, shared wanted: Bool) throws(X11Error) {
        let d = display.handle
        if wanted, let shared = SharedPixels(display: display, bytes: width * height * 4),
           let image = XShmCreateImage(d, visual.visual, UInt32(visual.depth), ZPixmap,
                                       shared.address.assumingMemoryBound(to: CChar.self),
                                       shared.segment, UInt32(width), UInt32(height)) {
            do {
                canvas = try Canvas(pixels: shared.address, width: width, height: height)
            } catch {
                pinbox_destroy_image_keep_data(image)
                throw X11Error(error.message)
            }
            self.image = image
            self.shared = shared
        } else {
            do {
                canvas = try Canvas(width: width, height: height)
            } catch {
                throw X11Error(error.message)
            }
            let (data, stride) = canvas.pixelStorage
            guard let image = XCreateImage(d, visual.visual, UInt32(visual.depth), ZPixmap, 0,
                                           data.assumingMemoryBound(to: CChar.self),
                                           UInt32(width), UInt32(height), 32, Int32(stride)) else {
                throw X11Error("cannot make an X image of \(width)x\(height)")
            }
            self.image = image
            shared = nil
        }
        // Cairo stores each pixel as a native 32-bit word; say which end comes first so a server
        // of the other byte order gets them swapped by Xlib.
        image.pointee.byte_order = Int32(1.littleEndian == 1 ? LSBFirst : MSBFirst)
    }

    deinit {
        pinbox_destroy_image_keep_data(image)
    }

    var width: Int { canvas.width }
    var height: Int { canvas.height }
    /// Whether the server reads the pixels from our memory.
    var isShared: Bool { shared != nil }

    /// The same frame in memory the server reads itself; nil where that cannot be had. The
    /// window's first frame goes through the socket, because a fresh segment costs more than
    /// it saves there: its pages cost 1.6 times a private page to fault in, and setting it up
    /// took three round trips (the extension's query, two syncs around the attach;
    /// docs/performance-notes.md). Later frames, such as a whole
    /// window repainted after a resize, go through this one.
    func sharedCopy(display: XDisplay, visual: VisualChoice) -> BackBuffer? {
        guard shared == nil,
              let copy = try? BackBuffer(display: display, visual: visual, width: width, height: height, shared: true),
              copy.isShared else { return nil }
        canvas.flush()
        copy.canvas.copy(from: canvas)
        return copy
    }

    /// Makes the whole frame the window's background, in a pixmap on the server, so that mapping
    /// the window shows it at once: the server paints it while it maps, instead of sending an
    /// Expose and waiting for our answer and our copy (a round trip and a wake-up, a large part
    /// of a dialog's start: docs/performance-notes.md). `XWindow.dropBackground()` undoes it once
    /// the window shows, so that a later exposure is never painted with this stale frame.
    func presentAsBackground(of window: XWindow) {
        let d = window.display.handle
        let pixmap = XCreatePixmap(d, window.id, UInt32(width), UInt32(height), UInt32(window.visual.depth))
        put(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), onto: pixmap, of: window)
        XSetWindowBackgroundPixmap(d, window.id, pixmap)
        // The window holds the background now; our name for the pixmap can go.
        XFreePixmap(d, pixmap)
    }

    /// Copies `rects` (clipped to the buffer) to the window.
    func present(_ rects: [Rect], to window: XWindow) {
        canvas.flush()
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        for rect in rects {
            let r = rect.integral.intersection(bounds)
            guard !r.isEmpty else { continue }
            put(r, onto: window.id, of: window)
        }
        // The server reads shared pixels when it gets to the request: wait for that, or the next
        // frame, drawn into the same memory, could show through half of this one.
        if shared != nil && !rects.isEmpty { XSync(window.display.handle, 0) }
    }

    /// Copies `r` of the buffer to the same place in `drawable` (the window, or a pixmap of its
    /// depth): through the shared segment, or the socket; to a server across a network, its
    /// one-colour tiles as rectangles to fill (`FlatTiles`).
    private func put(_ r: Rect, onto drawable: Drawable, of window: XWindow) {
        let d = window.display.handle
        if shared != nil {
            XShmPutImage(d, drawable, window.gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                         UInt32(r.width), UInt32(r.height), 0)
        } else if !window.display.isLocal, let tiles = flatTiles(of: r) {
            // An opaque pixel of a depth-32 visual holds its alpha in the top byte.
            let opaque: UInt = window.visual.depth == 32 ? 0xff00_0000 : 0
            for fill in tiles.fills {
                XSetForeground(d, window.gc, UInt(fill.color) | opaque)
                var rects = fill.rects.map {
                    XRectangle(x: Int16($0.x), y: Int16($0.y), width: UInt16($0.width), height: UInt16($0.height))
                }
                XFillRectangles(d, drawable, window.gc, &rects, Int32(rects.count))
            }
            for piece in tiles.images {
                XPutImage(d, drawable, window.gc, image, Int32(piece.x), Int32(piece.y), Int32(piece.x), Int32(piece.y),
                          UInt32(piece.width), UInt32(piece.height))
            }
        } else {
            XPutImage(d, drawable, window.gc, image, Int32(r.x), Int32(r.y), Int32(r.x), Int32(r.y),
                      UInt32(r.width), UInt32(r.height))
        }
    }

    /// `r` (whole pixels, within the buffer) cut into flat tiles and pixels; nil when not worth it.
    private func flatTiles(of r: Rect) -> FlatTiles? {
        let (data, stride) = canvas.pixelStorage
        let pixels = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: stride / 4 * height)
        let rect = FlatTiles.PixelRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
        return FlatTiles.plan(pixels, stride: stride / 4, rect: rect)
    }
}
