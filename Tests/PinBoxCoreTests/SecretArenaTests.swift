// SPDX-License-Identifier: MIT
import Glibc
import Testing
@testable import PinBoxCore

/// The locked arena every secret lives in: pieces inside it, aligned, zeroed when handed out,
/// wiped when given back, merged again, the region locked for as long as it exists.
@Suite("Secret arena")
struct SecretArenaTests {
    @Test func theRegionIsWholeLockedPages() throws {
        let arena = SecretArena(bytes: 5000)
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let base = try #require(arena.base)
        #expect(arena.size == 2 * page)
        #expect(Int(bitPattern: base) % page == 0)
        #expect(arena.isLocked)
    }

    @Test func piecesAreAlignedZeroedAndApart() throws {
        let arena = SecretArena(bytes: 4096)
        var pieces: [(UnsafeMutableRawPointer, Int)] = []
        for size in [1, 7, 16, 17, 100, 255] {
            let p = try #require(arena.allocate(size))
            #expect(Int(bitPattern: p) % SecretArena.alignment == 0, "size \(size)")
            #expect(arena.contains(p) && arena.contains(p + size - 1))
            #expect(UnsafeRawBufferPointer(start: p, count: size).allSatisfy { $0 == 0 })
            memset(p, 0x41, size)
            pieces.append((p, size))
        }
        // No two pieces overlap: each still holds only its own bytes.
        for (i, (p, size)) in pieces.enumerated() {
            for (q, other) in pieces[(i + 1)...] {
                #expect(p + size <= q || q + other <= p)
            }
        }
        #expect(arena.bytesInUse == [16, 16, 16, 32, 112, 256].reduce(0, +))
        for (p, _) in pieces { arena.release(p) }
        #expect(arena.bytesInUse == 0)
    }

    @Test func aPieceGivenBackIsWipedAtOnce() throws {
        let arena = SecretArena(bytes: 4096)
        let p = try #require(arena.allocate(64))
        memset(p, 0x37, 64)
        arena.release(p)
        // The bytes are zero where they lay, before anyone asks for them again.
        #expect(UnsafeRawBufferPointer(start: p, count: 64).allSatisfy { $0 == 0 })
    }

    @Test func exhaustionSaysSoAndFreedRunsMergeAgain() throws {
        let arena = SecretArena(bytes: 4096)
        let quarter = arena.size / 4
        let pieces = try (0..<4).map { _ in try #require(arena.allocate(quarter)) }
        #expect(arena.allocate(1) == nil, "full")
        #expect(arena.allocate(arena.size + 1) == nil, "bigger than the region")
        // Given back out of order, the four runs merge into one the whole size of the region.
        for i in [2, 0, 3, 1] { arena.release(pieces[i]) }
        let whole = try #require(arena.allocate(arena.size))
        #expect(whole == arena.base)
        arena.release(whole)
    }

    @Test func aBufferTheArenaCannotHoldGetsLockedPagesOfItsOwn() throws {
        let arena = SecretArena(bytes: 4096)
        let big = SecretBuffer(capacity: arena.size + 1, arena: arena)
        #expect(!big.lies(in: arena))
        #expect(big.isLocked)
        big.append(0x39)
        let small = SecretBuffer(capacity: 32, arena: arena)
        #expect(small.lies(in: arena))
        #expect(arena.bytesInUse == 32)
    }

    @Test func aReleasedBufferLeavesItsPiecesWipedAndTheRegionLocked() throws {
        let arena = SecretArena(bytes: 4096)
        var address: UnsafeMutableRawPointer?
        do {
            let secret = SecretBuffer(capacity: 16, arena: arena)
            for b in "hunter2".utf8 { secret.append(b) }
            secret.withBytes { address = UnsafeMutableRawPointer(mutating: $0.baseAddress) }
        }
        let p = try #require(address)
        #expect(arena.bytesInUse == 0)
        #expect(UnsafeRawBufferPointer(start: p, count: 16).allSatisfy { $0 == 0 })
        #expect(arena.isLocked)
    }

    /// The passphrase's pages stay locked while other buffers come and go: the arena is locked
    /// once, and giving a small buffer back unlocks nothing (a munlock per buffer used to unlock
    /// the passphrase's page with it). Read from the kernel's own account of the mapping.
    @Test func theRegionStaysLockedAsBuffersComeAndGo() throws {
        let passphrase = SecretBuffer(capacity: 255)
        #expect(passphrase.isLocked && passphrase.lies(in: .shared))
        let address = passphrase.withBytes { UInt(bitPattern: $0.baseAddress) }
        let before = try mapping(containing: address)
        #expect(before.locked == before.size && before.size >= 32)
        for _ in 0..<50 {
            let line = SecretBuffer(capacity: 900)
            line.append(0x44)
        }
        let after = try mapping(containing: address)
        #expect(after.locked == after.size && after.locked >= before.locked, "\(before) → \(after)")
    }
}

/// The size and the locked part, in kB, of the mapping that holds `address`, from
/// /proc/self/smaps.
func mapping(containing address: UInt) throws -> (size: Int, locked: Int) {
    guard let file = fopen("/proc/self/smaps", "r") else { throw ArenaTestFailure() }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 1024)
    var inside = false
    var size = -1
    while fgets(&buffer, Int32(buffer.count), file) != nil {
        let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let first = line.split(separator: " ").first ?? ""
        if first.contains("-"), !first.hasSuffix(":") {
            let bounds = first.split(separator: "-").compactMap { UInt($0, radix: 16) }
            inside = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
        } else if inside, line.hasPrefix("Size:") {
            size = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1
        } else if inside, line.hasPrefix("Locked:") {
            return (size, Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? -1)
        }
    }
    throw ArenaTestFailure()
}

struct ArenaTestFailure: Error {}
