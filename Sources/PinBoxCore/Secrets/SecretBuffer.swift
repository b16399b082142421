// SPDX-License-Identifier: MIT
import CSystem

/// The one place a secret lives: a fixed-capacity run of bytes in `SecretArena`'s locked pages,
/// wiped with a write the compiler cannot remove — on `wipe()`, on hand-off and when the buffer
/// is released, when its bytes go back to the arena (which wipes them again).
///
/// A class, not a struct, because it owns memory that must be wiped exactly once in `deinit`
/// and must never be silently copied. `@unchecked Sendable`: it travels inside input events (a
/// paste) but is only ever used by one thread at a time.
public final class SecretBuffer: @unchecked Sendable {
    public let capacity: Int
    public private(set) var count = 0
    /// Counts the changes to the bytes: what was shown can be told from what is held now
    /// without reading either (`ShownCharacters`).
    public private(set) var revision = 0
    /// Whether its pages are locked; when they are not, the bytes may reach swap.
    public let isLocked: Bool
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where the bytes came from: a piece of an arena, or pages of its own when the arena was
    /// full (then they are locked alone, registered for the signal handlers, unmapped at the end).
    private enum Storage {
        case arena(SecretArena)
        case pages(length: Int)
    }
    private let storage: Storage

    public init(capacity: Int, arena: SecretArena = .shared) {
        precondition(capacity > 0, "a secret buffer needs room")
        self.capacity = capacity
        if let piece = arena.allocate(capacity) {
            bytes = piece.bindMemory(to: UInt8.self, capacity: capacity)
            storage = .arena(arena)
            isLocked = arena.isLocked
        } else {
            // The arena is full or the piece is bigger than it: whole pages of its own, which
            // no other secret shares, so unmapping them later unlocks nothing else.
            let page = Int(pinbox_page_size())
            let length = (capacity + page - 1) / page * page
            var locked: Int32 = 0
            guard let pages = pinbox_secure_map(length, &locked) else { pinbox_out_of_secure_memory(length) }
            bytes = pages.bindMemory(to: UInt8.self, capacity: capacity)
            storage = .pages(length: length)
            isLocked = locked != 0
            // A signal that ends the process wipes it too (the arena is registered whole).
            _ = pinbox_secret_register(pages, length)
        }
        bytes.initialize(repeating: 0, count: capacity)
    }

    deinit {
        wipe()
        switch storage {
        case .arena(let arena):
            arena.release(UnsafeMutableRawPointer(bytes))
        case .pages(let length):
            pinbox_secret_unregister(bytes)
            pinbox_secure_unmap(bytes, length)
        }
    }

    /// Whether the bytes lie in `arena` (rather than in pages of their own).
    public func lies(in arena: SecretArena) -> Bool { arena.contains(bytes) }

    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { count == capacity }

    /// Appends one byte; the caller has checked there is room.
    public func append(_ byte: UInt8) {
        precondition(count < capacity)
        bytes[count] = byte
        count += 1
        revision &+= 1
    }

    public func removeLast() {
        precondition(count > 0)
        count -= 1
        explicitBzero(bytes + count, 1)
        revision &+= 1
    }

    /// Takes out the bytes of `range`, what follows moved down within the buffer, and wipes the
    /// bytes left free at the end.
    public func removeBytes(_ range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count)
        guard !range.isEmpty else { return }
        _ = memmove(bytes + range.lowerBound, bytes + range.upperBound, count - range.upperBound)
        explicitBzero(bytes + count - range.count, range.count)
        count -= range.count
        revision &+= 1
    }

    /// Moves the `tail` bytes from `offset` to the end, after what follows them (a paste
    /// appended, put back where the caret was), in place by three reversals: no byte leaves
    /// the buffer.
    public func rotate(from offset: Int, tail: Int) {
        precondition(offset >= 0 && tail >= 0 && offset + tail <= count)
        func reverse(_ lower: Int, _ upper: Int) {
            var (i, j) = (lower, upper - 1)
            while i < j {
                (bytes[i], bytes[j]) = (bytes[j], bytes[i])
                i += 1
                j -= 1
            }
        }
        reverse(offset, offset + tail)
        reverse(offset + tail, count)
        reverse(offset, count)
        revision &+= 1
    }

    /// Removes the first `n` bytes: the rest moves down over them, and the bytes it leaves
    /// behind at the end are zeroed (a stream read into the buffer, consumed from the front).
    public func removeFirst(_ n: Int) {
        removeBytes(0..<n)
    }

    /// Lends the unused room after the stored bytes, at most `limit` of it, for `fill` to write
    /// into (a `read` straight into locked memory); the bytes it says it wrote are kept.
    @discardableResult
    public func append(upTo limit: Int, _ fill: (UnsafeMutableRawBufferPointer) -> Int) -> Int {
        let n = fill(UnsafeMutableRawBufferPointer(start: bytes + count, count: min(limit, capacity - count)))
        guard n > 0 else { return n }
        count += min(n, capacity - count)
        revision &+= 1
        return n
    }

    /// Lends every byte of the capacity for work that is no stream of appended bytes
    /// (`SecretScratch`); what `body` leaves there is wiped with the buffer.
    func withMutableCapacity<R>(_ body: (UnsafeMutableRawPointer) -> R) -> R {
        body(UnsafeMutableRawPointer(bytes))
    }

    /// Zeroes every byte, used or not, and empties the buffer.
    public func wipe() {
        explicitBzero(bytes, capacity)
        count = 0
        revision &+= 1
    }

    /// The byte at `index` (< count): editing reads a character's lead and continuation bytes.
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count)
        return bytes[index]
    }

    /// How many bytes `scalar` takes in UTF-8.
    public static func utf8Length(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        return v < 0x80 ? 1 : v < 0x800 ? 2 : v < 0x10000 ? 3 : 4
    }

    /// Appends `scalar` as UTF-8, byte by byte, so that no copy of it is left anywhere else;
    /// the caller has checked there is room.
    public func append(_ scalar: Unicode.Scalar) {
        insert(scalar, at: count)
    }

    /// Puts `scalar` in at `offset` as UTF-8, what follows moved up within the buffer, each
    /// byte written straight into it, so that no copy of it is left anywhere else; the caller
    /// has checked there is room.
    public func insert(_ scalar: Unicode.Scalar, at offset: Int) {
        let n = Self.utf8Length(of: scalar), v = scalar.value
        precondition(offset >= 0 && offset <= count && count + n <= capacity)
        if offset < count { _ = memmove(bytes + offset + n, bytes + offset, count - offset) }
        let p = bytes + offset
        switch n {
        case 1:
            p[0] = UInt8(v)
        case 2:
            p[0] = UInt8(0xC0 | v >> 6)
            p[1] = UInt8(0x80 | v & 0x3F)
        case 3:
            p[0] = UInt8(0xE0 | v >> 12)
            p[1] = UInt8(0x80 | v >> 6 & 0x3F)
            p[2] = UInt8(0x80 | v & 0x3F)
        default:
            p[0] = UInt8(0xF0 | v >> 18)
            p[1] = UInt8(0x80 | v >> 12 & 0x3F)
            p[2] = UInt8(0x80 | v >> 6 & 0x3F)
            p[3] = UInt8(0x80 | v & 0x3F)
        }
        count += n
        revision &+= 1
    }

    /// Appends `bytes` (the caller has checked there is room).
    public func append<C: Collection>(contentsOf bytes: C) where C.Element == UInt8 {
        precondition(count + bytes.count <= capacity)
        for b in bytes { append(b) }
    }

    /// Lends the stored bytes for the duration of `body`; never copy them into a `String`
    /// unless the user asked to see them.
    public func withBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: bytes, count: count))
    }

    /// Every byte of the capacity, including the unused tail: lets tests prove a wipe happened.
    /// Internal: only tests (`@testable`) and the fuzzers (compiled with the core) reach it.
    func withWholeCapacity<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: bytes, count: capacity))
    }
}

/// `explicit_bzero` is glibc's zeroing that survives dead-store elimination.
@inline(__always)
private func explicitBzero(_ p: UnsafeMutablePointer<UInt8>, _ n: Int) {
    explicit_bzero(p, n)
}
