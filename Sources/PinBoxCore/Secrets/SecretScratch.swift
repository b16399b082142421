// SPDX-License-Identifier: MIT
import CSystem

/// Locked bytes lent for one piece of work on a secret (a shown passphrase put in the order it
/// is read): a piece of the arena, or pages of their own when the arena is full, as
/// `SecretBuffer` takes them; wiped and given back when the work is done.
public enum SecretScratch {
    /// Calls `body` with `count` zeroed bytes on the arena's alignment, in locked memory.
    public static func with<R>(bytes count: Int, arena: SecretArena = .shared,
                               _ body: (UnsafeMutableRawPointer) -> R) -> R {
        if let piece = arena.allocate(count) {
            // The arena wipes the piece as it takes it back.
            defer { arena.release(piece) }
            return body(piece)
        }
        let page = Int(pinbox_page_size())
        let length = (max(count, 1) + page - 1) / page * page
        var locked: Int32 = 0
        guard let pages = pinbox_secure_map(length, &locked) else { pinbox_out_of_secure_memory(length) }
        // A signal that ends the process meanwhile wipes these pages too.
        _ = pinbox_secret_register(pages, length)
        defer {
            pinbox_secret_unregister(pages)
            pinbox_secure_unmap(pages, length)
        }
        return body(pages)
    }
}
