// SPDX-License-Identifier: MIT
import CSystem

/// The one region every secret lives in, as pinentry's `secmem` keeps its pool: whole pages,
/// mapped once, locked once and for the whole run, kept out of core files, wiped as each piece
/// is given back. A `mlock` per buffer cannot do this: locks do not stack, so unlocking any
/// small buffer (an encoded reply, a quality inquiry) unlocks the passphrase's page beside it.
///
/// Pieces are handed out first-fit in steps of `alignment` bytes; the bookkeeping lives outside
/// the region, so a signal handler may zero the whole region at any moment (it is registered
/// with `pinbox_secret_register`) without breaking it. When the region is full, `allocate`
/// says so (nil) and `SecretBuffer` takes pages of its own instead.
public final class SecretArena: @unchecked Sendable {
    /// The arena of the process: 32 KiB, room for a 1022-byte passphrase, its repeat, a 4 KiB
    /// paste and every line that carries them, many times over, well under the smallest
    /// locked-memory limit systems set (64 KiB).
    public static let shared = SecretArena(bytes: 32 * 1024)

    /// Every piece starts on this boundary.
    public static let alignment = 16

    /// Where the region starts (page-aligned), and its size in bytes (whole pages); nil and 0
    /// when it could not be mapped at all.
    public let base: UnsafeMutableRawPointer?
    public let size: Int
    /// Whether `mlock` took: when it did not, secrets may reach swap (said once on stderr by
    /// the program).
    public let isLocked: Bool
    /// Free runs, by offset, never adjacent (they are merged).
    private var free: [(offset: Int, size: Int)]
    /// Pieces in use: offset → size.
    private var used: [Int: Int] = [:]

    /// An arena of at least `bytes`, rounded up to whole pages.
    public init(bytes: Int) {
        let page = Int(pinbox_page_size())
        let size = max(page, (bytes + page - 1) / page * page)
        var locked: Int32 = 0
        if let base = pinbox_secure_map(size, &locked) {
            self.base = base
            self.size = size
            isLocked = locked != 0
            free = [(0, size)]
            _ = pinbox_secret_register(base, size)
        } else {
            base = nil
            self.size = 0
            isLocked = false
            free = []
        }
    }

    deinit {
        guard let base else { return }
        pinbox_secret_unregister(base)
        pinbox_secure_unmap(base, size)
    }

    /// `count` zeroed bytes on an `alignment` boundary, or nil when no free run is that long.
    public func allocate(_ count: Int) -> UnsafeMutableRawPointer? {
        guard let base, count > 0 else { return nil }
        let needed = Self.rounded(count)
        pinbox_arena_lock()
        defer { pinbox_arena_unlock() }
        guard let i = free.firstIndex(where: { $0.size >= needed }) else { return nil }
        let offset = free[i].offset
        if free[i].size == needed {
            free.remove(at: i)
        } else {
            free[i] = (offset + needed, free[i].size - needed)
        }
        used[offset] = needed
        return base + offset
    }

    /// Wipes the piece at `pointer` and gives it back. The pages stay locked.
    public func release(_ pointer: UnsafeMutableRawPointer) {
        guard let base else { return }
        let offset = pointer - base
        pinbox_arena_lock()
        defer { pinbox_arena_unlock() }
        guard let size = used.removeValue(forKey: offset) else {
            preconditionFailure("not a piece of this arena")
        }
        explicit_bzero(pointer, size)
        // Back into the list in order, merged with its neighbours.
        var i = free.firstIndex { $0.offset > offset } ?? free.count
        free.insert((offset, size), at: i)
        if i + 1 < free.count, free[i].offset + free[i].size == free[i + 1].offset {
            free[i].size += free[i + 1].size
            free.remove(at: i + 1)
        }
        if i > 0, free[i - 1].offset + free[i - 1].size == free[i].offset {
            free[i - 1].size += free[i].size
            free.remove(at: i)
            i -= 1
        }
    }

    /// Whether `pointer` lies in the region.
    public func contains(_ pointer: UnsafeRawPointer) -> Bool {
        guard let base else { return false }
        return pointer >= UnsafeRawPointer(base) && pointer < UnsafeRawPointer(base + size)
    }

    /// Bytes handed out and not yet given back (in whole steps of `alignment`).
    public var bytesInUse: Int {
        pinbox_arena_lock()
        defer { pinbox_arena_unlock() }
        return used.values.reduce(0, +)
    }

    private static func rounded(_ count: Int) -> Int {
        (count + alignment - 1) / alignment * alignment
    }
}
