// SPDX-License-Identifier: MIT
/// Locked bytes lent for one piece of work on a secret (a shown passphrase put in the order it
/// is read): a `SecretBuffer`'s whole capacity, from the arena or pages of its own when the
/// arena is full, wiped and given back with the buffer when the work is done.
public enum SecretScratch {
    /// Calls `body` with `count` zeroed bytes on the arena's alignment, in locked memory.
    public static func with<R>(bytes count: Int, arena: SecretArena = .shared,
                               _ body: (UnsafeMutableRawPointer) -> R) -> R {
        let scratch = SecretBuffer(capacity: max(count, 1), arena: arena)
        return scratch.withMutableCapacity(body)
    }
}
