import CSystem

/// The one place the digits of a PIN live: a fixed-capacity run of ASCII bytes in memory
/// that is locked against swapping (when the system allows it) and wiped with a write the
/// compiler cannot remove — on `wipe()`, on hand-off and when the buffer is released.
///
/// A class, not a struct, because it owns memory that must be wiped exactly once in `deinit`
/// and must never be silently copied.
public final class SecretBuffer {
    public let capacity: Int
    public private(set) var count = 0
    /// Whether `mlock` succeeded; when it did not, the bytes may reach swap.
    public let isLocked: Bool
    private let bytes: UnsafeMutablePointer<UInt8>

    public init(capacity: Int) {
        precondition(capacity > 0, "a secret buffer needs room")
        self.capacity = capacity
        bytes = .allocate(capacity: capacity)
        bytes.initialize(repeating: 0, count: capacity)
        isLocked = mlock(bytes, capacity) == 0
        // A signal that ends the process wipes it too, even one that arrives mid-keystroke.
        _ = pinbox_secret_register(bytes, capacity)
    }

    deinit {
        wipe()
        pinbox_secret_unregister(bytes)
        if isLocked { munlock(bytes, capacity) }
        bytes.deallocate()
    }

    public var isEmpty: Bool { count == 0 }
    public var isFull: Bool { count == capacity }

    /// Appends one ASCII byte; the caller has checked there is room.
    public func append(_ byte: UInt8) {
        precondition(count < capacity)
        bytes[count] = byte
        count += 1
    }

    public func removeLast() {
        precondition(count > 0)
        count -= 1
        explicitBzero(bytes + count, 1)
    }

    /// Zeroes every byte, used or not, and empties the buffer.
    public func wipe() {
        explicitBzero(bytes, capacity)
        count = 0
    }

    /// The byte at `index` (< count). Only plain-mode drawing and tests read single bytes.
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count)
        return bytes[index]
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
