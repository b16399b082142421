// SPDX-License-Identifier: MIT
import CX11

/// Memory the X server reads the window's pixels from itself (MIT-SHM): presenting a frame then
/// sends a request of a few bytes instead of the pixels through the socket. Set up once the
/// window shows (`BackBuffer.sharedCopy`): a fresh segment's first use costs the first frame more
/// than the socket does. Nil where the server cannot share our memory — no extension, a
/// connection that is not a Unix-domain socket (a forwarded display: the server is on another
/// machine, where our segment's number names another program's segment, whose pixels it would
/// show in the window), no segment to be had, or an attach it refuses (a server in another IPC
/// namespace) — and the back buffer copies through the socket instead.
final class SharedPixels {
    let address: UnsafeMutableRawPointer
    /// The segment as Xlib knows it: an image made on it keeps this address (its `obdata`).
    let segment: UnsafeMutablePointer<XShmSegmentInfo>
    private let display: XDisplay

    init?(display: XDisplay, bytes: Int) {
        let d = display.handle
        guard display.isLocal, XShmQueryExtension(d) != 0 else { return nil }
        // Private to this user, and marked for removal as soon as it is mapped here: Linux lets
        // the server attach a segment so marked, and it goes when both sides let go, however
        // the process ends (marked after the server's attach, a prompt killed while the attach
        // was on its way left the segment behind for good).
        let id = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0o600)
        guard id >= 0 else { return nil }
        let mapped = shmat(id, nil, 0)
        shmctl(id, IPC_RMID, nil)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        segment.pointee.shmid = id
        segment.pointee.shmaddr = mapped.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 1
        let attached = display.succeeds { _ = XShmAttach(d, segment) }
        guard attached else {
            shmdt(mapped)
            segment.deallocate()
            return nil
        }
        self.display = display
        self.segment = segment
        address = mapped
    }

    deinit {
        // No round trip: the server keeps its own mapping until it takes the detach, after every
        // put queued before it, and the segment is already marked for removal.
        XShmDetach(display.handle, segment)
        shmdt(address)
        segment.deallocate()
    }
}
