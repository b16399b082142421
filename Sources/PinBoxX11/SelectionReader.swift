// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// Fetches a paste from the CLIPBOARD or PRIMARY selection without ever blocking: the request
/// goes out, the event loop carries on, and the answer (or the deadline) ends it. A reply
/// bigger than `limit`, an incremental (INCR) transfer, an owner that never answers: all are
/// refused whole. A secure field never offers a selection (Ctrl+C is refused there); only a
/// plain field's Ctrl+C makes PinBox own the CLIPBOARD (SelectionOwner).
struct SelectionReader {
    /// Far more than any PIN or passphrase (ssh reads 1023 bytes) with white space around it;
    /// anything bigger is not one.
    static let limit = 4096
    static let timeout = 1.0

    /// The deadline of the request in flight, if any.
    private(set) var deadline: Double?
    private var triedString = false
    private var source: Atom = 0

    mutating func request(_ selection: PasteSource, window: XWindow, time: Time, now: Double) {
        let atoms = window.display.atoms
        source = selection == .clipboard ? atoms.clipboard : atoms.primary
        triedString = false
        deadline = now + Self.timeout
        XDeleteProperty(window.display.handle, window.id, atoms.pasteProperty)
        XConvertSelection(window.display.handle, source, atoms.utf8String, atoms.pasteProperty, window.id, time)
    }

    /// The outcome of a SelectionNotify, or nil when it is not ours or we asked again.
    mutating func receive(_ event: XSelectionEvent, window: XWindow) -> PasteResult? {
        guard deadline != nil, event.requestor == window.id, event.selection == source else { return nil }
        let d = window.display.handle, atoms = window.display.atoms
        if event.property == 0 {
            // The owner cannot give UTF8_STRING; ask once more for plain STRING.
            if !triedString {
                triedString = true
                XConvertSelection(d, source, Atom(XA_STRING), atoms.pasteProperty, window.id, event.time)
                return nil
            }
            deadline = nil
            return .unavailable
        }
        deadline = nil
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let longs = Self.limit / 4 + 1
        let status = XGetWindowProperty(d, window.id, atoms.pasteProperty, 0, longs, 0, Atom(AnyPropertyType),
                                        &type, &format, &count, &after, &data)
        // Gone at once, read whole or not, so a paste refused as too big leaves none of itself
        // on the window. An INCR transfer is refused before it starts: its property holds only
        // the size, and deleting it would ask the owner for the first piece.
        if status == Success && type != atoms.incr { XDeleteProperty(d, window.id, atoms.pasteProperty) }
        defer {
            if let data {
                // Format 32 comes back as C longs: each item takes a long, not 4 bytes.
                let itemSize = format == 32 ? MemoryLayout<Int>.size : Int(max(format, 8)) / 8
                data.update(repeating: 0, count: Int(count) * itemSize)
                XFree(data)
            }
        }
        guard status == Success, let data else { return .unavailable }
        if type == atoms.incr { return .tooBig }
        guard format == 8 else { return .unavailable }
        guard after == 0, Int(count) <= Self.limit else { return .tooBig }
        // Straight into locked memory: a paste may be a passphrase. Xlib's copy is zeroed above.
        let pasted = SecretBuffer(capacity: max(1, Int(count)))
        pasted.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
        return .bytes(pasted)
    }

    /// Ends a request whose owner did not answer in time.
    mutating func expire(now: Double) -> PasteResult? {
        guard let deadline, now >= deadline else { return nil }
        self.deadline = nil
        return .unavailable
    }
}
