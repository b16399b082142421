// SPDX-License-Identifier: MIT
import CSystem
import CX11
import PinBoxCore

/// Questions to the server asked together and answered in one round trip. Xlib waits for each
/// reply before its next request: a dialog placing itself asked a dozen questions one after
/// another, and on a forwarded display (`ssh -X`) each round trip costs what the network does,
/// tens of milliseconds. Through Xlib's own XCB connection the requests go out at once and the
/// replies are read after. An error (a window gone meanwhile) comes back with its own request's
/// answer, as nil, never to the error handler: no sync around them is needed.
extension XDisplay {
    var xcb: OpaquePointer? { CX11.XGetXCBConnection(handle) }

    /// A property to read: up to `longs` 32-bit units of it, of `type` (0: any).
    struct PropertyQuestion {
        let window: Window
        let property: Atom
        let type: Atom
        let longs: Int
    }

    /// A property as read: its type, format (8, 16 or 32) and bytes.
    struct PropertyAnswer {
        let type: Atom
        let format: Int
        let bytes: [UInt8]

        /// Its 32-bit values, unsigned as the protocol has them; none unless its format is 32.
        var values: [UInt32] {
            guard format == 32 else { return [] }
            // The server writes them in this client's byte order.
            return bytes.withUnsafeBytes { raw in
                (0..<raw.count / 4).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self) }
            }
        }
    }

    /// The properties asked, in one round trip; nil for one that is not there (or the window is
    /// gone), or is of another type than asked. Questions asked before them (`pointerQuestion`,
    /// `monitorsQuestion`) are answered in the same round trip.
    func properties(_ questions: [PropertyQuestion]) -> [PropertyAnswer?] {
        let c = xcb
        return questions.map { PendingProperty(c, $0) }.map { $0.answer() }
    }

    /// A PinBox window's place as the server has it, for `otherPinBoxFrames`.
    struct WindowPlace {
        let viewable: Bool
        /// Its top left corner in root coordinates, inside its border.
        let x: Double, y: Double
        let width: Double, height: Double, border: Double
        /// `_NET_FRAME_EXTENTS`, as set (any client can set them).
        let extents: [UInt32]
    }

    /// Where each of `windows` is, in one round trip; nil for one gone meanwhile.
    func places(of windows: [Window], extents: Atom) -> [WindowPlace?] {
        let c = xcb
        let asked = windows.map { window in
            let w = xcb_window_t(truncatingIfNeeded: window)
            return (xcb_get_window_attributes(c, w), xcb_get_geometry(c, w),
                    xcb_translate_coordinates(c, w, xcb_window_t(truncatingIfNeeded: root), 0, 0),
                    PendingProperty(c, PropertyQuestion(window: window, property: extents,
                                                        type: Atom(XA_CARDINAL), longs: 4)))
        }
        return asked.map { cookies in
            var errors: [UnsafeMutablePointer<xcb_generic_error_t>?] = [nil, nil, nil]
            let attributes = xcb_get_window_attributes_reply(c, cookies.0, &errors[0])
            let geometry = xcb_get_geometry_reply(c, cookies.1, &errors[1])
            let corner = xcb_translate_coordinates_reply(c, cookies.2, &errors[2])
            let frame = cookies.3.answer()
            defer {
                errors.forEach { free($0) }
                free(attributes)
                free(geometry)
                free(corner)
            }
            guard let a = attributes?.pointee, let g = geometry?.pointee, let t = corner?.pointee else { return nil }
            return WindowPlace(viewable: Int32(a.map_state) == IsViewable, x: Double(t.dst_x), y: Double(t.dst_y),
                               width: Double(g.width), height: Double(g.height), border: Double(g.border_width),
                               extents: frame?.values ?? [])
        }
    }

    /// The pointer's place on the root, asked with the next round trip: `pointer(_:)` reads it.
    func pointerQuestion() -> xcb_query_pointer_cookie_t {
        xcb_query_pointer(xcb, xcb_window_t(truncatingIfNeeded: root))
    }

    func pointer(_ cookie: xcb_query_pointer_cookie_t) -> Point {
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        let reply = xcb_query_pointer_reply(xcb, cookie, &error)
        defer { free(error); free(reply) }
        guard let p = reply?.pointee else { return Point(x: 0, y: 0) }
        return Point(x: Double(p.root_x), y: Double(p.root_y))
    }

    /// The monitors as RandR 1.5 names them, asked with the next round trip: nil when the
    /// server has no RandR (`monitors` then falls back on Xlib's, which asks its own way).
    func monitorsQuestion() -> xcb_randr_get_monitors_cookie_t? {
        let c = xcb
        guard let randr = xcb_get_extension_data(c, pinbox_randr_extension()), randr.pointee.present != 0 else { return nil }
        // The version this client speaks, said first as the extension asks; its answer is not needed.
        xcb_discard_reply(c, xcb_randr_query_version(c, 1, 5).sequence)
        return xcb_randr_get_monitors(c, xcb_window_t(truncatingIfNeeded: root), 1)
    }

    /// The monitors' rectangles; through Xlib when the question could not be asked or was refused
    /// (a server whose RandR is older than 1.5, where Xlib makes them from the outputs).
    func monitors(_ cookie: xcb_randr_get_monitors_cookie_t?) -> [Rect] {
        if let cookie {
            var error: UnsafeMutablePointer<xcb_generic_error_t>?
            let reply = xcb_randr_get_monitors_reply(xcb, cookie, &error)
            defer { free(error); free(reply) }
            if let reply {
                var each = xcb_randr_get_monitors_monitors_iterator(reply)
                var found: [Rect] = []
                while each.rem > 0, let m = each.data?.pointee {
                    found.append(Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)))
                    xcb_randr_monitor_info_next(&each)
                }
                return found
            }
        }
        var found: [Rect] = []
        var count: Int32 = 0
        if hasRandR, let list = XRRGetMonitors(handle, root, 1, &count) {
            for i in 0..<Int(count) {
                let m = list[i]
                found.append(Rect(x: Double(m.x), y: Double(m.y), width: Double(m.width), height: Double(m.height)))
            }
            XRRFreeMonitors(list)
        }
        return found
    }
}

/// A property asked now and read later: its answer comes with the round trip of whatever is
/// waited for next (an Xlib request's reply included), or is waited for by `answer`.
struct PendingProperty {
    private let connection: OpaquePointer?
    private let cookie: xcb_get_property_cookie_t
    private let type: Atom

    init(_ connection: OpaquePointer?, _ question: XDisplay.PropertyQuestion) {
        self.connection = connection
        type = question.type
        cookie = xcb_get_property(connection, 0, xcb_window_t(truncatingIfNeeded: question.window),
                                  xcb_atom_t(truncatingIfNeeded: question.property), xcb_atom_t(truncatingIfNeeded: type),
                                  0, UInt32(max(0, min(question.longs, 1 << 20))))
    }

    /// The property; nil when it is not there (or its window is gone), or is of another type
    /// than asked. Once only.
    func answer() -> XDisplay.PropertyAnswer? {
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        let reply = xcb_get_property_reply(connection, cookie, &error)
        free(error)
        guard let reply else { return nil }
        defer { free(reply) }
        let r = reply.pointee
        guard r.type != 0, type == 0 || Atom(r.type) == type, let value = xcb_get_property_value(reply) else { return nil }
        let bytes = UnsafeBufferPointer(start: value.assumingMemoryBound(to: UInt8.self),
                                        count: Int(xcb_get_property_value_length(reply)))
        return XDisplay.PropertyAnswer(type: Atom(r.type), format: Int(r.format), bytes: Array(bytes))
    }
}

/// The keys down (QueryKeymap), asked now and read by `answer`, at once or once other work is
/// done (the first frame's): one bit a keycode.
struct KeysDownQuestion {
    private let connection: OpaquePointer?
    private let cookie: xcb_query_keymap_cookie_t

    init(_ display: XDisplay) {
        connection = display.xcb
        cookie = xcb_query_keymap(connection)
    }

    /// The bits, lent to `body` and wiped after (none down when the server did not answer). Once only.
    func answer(_ body: (UnsafeRawBufferPointer) -> Void) {
        var error: UnsafeMutablePointer<xcb_generic_error_t>?
        let reply = xcb_query_keymap_reply(connection, cookie, &error)
        free(error)
        guard let reply else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        defer {
            withUnsafeMutableBytes(of: &reply.pointee.keys) { explicit_bzero($0.baseAddress!, $0.count) }
            free(reply)
        }
        withUnsafeBytes(of: &reply.pointee.keys) { body($0) }
    }
}
