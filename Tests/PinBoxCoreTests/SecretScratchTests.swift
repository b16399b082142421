// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// Scratch for work on a secret (a shown passphrase put in visual order): locked, zeroed when
/// lent, wiped and given back when the work is done, from the arena or pages of its own.
@Suite("Secret scratch")
struct SecretScratchTests {
    @Test func scratchComesFromTheArenaAndGoesBackWiped() throws {
        let arena = SecretArena(bytes: 4096)
        var lent: UnsafeMutableRawPointer?
        SecretScratch.with(bytes: 100, arena: arena) { p in
            lent = p
            #expect(arena.contains(p) && arena.bytesInUse >= 100)
            #expect((0..<100).allSatisfy { p.load(fromByteOffset: $0, as: UInt8.self) == 0 })
            p.initializeMemory(as: UInt8.self, repeating: 0x5a, count: 100)
        }
        #expect(arena.bytesInUse == 0)
        // The arena's pages stay mapped: what the piece held is gone.
        let p = try #require(lent)
        #expect((0..<100).allSatisfy { p.load(fromByteOffset: $0, as: UInt8.self) == 0 })
    }

    @Test func moreThanTheArenaHoldsGetsLockedPagesOfItsOwn() {
        let arena = SecretArena(bytes: 4096)
        SecretScratch.with(bytes: 3 * 4096, arena: arena) { p in
            #expect(!arena.contains(p))
            p.initializeMemory(as: UInt8.self, repeating: 0x5a, count: 3 * 4096)
        }
        #expect(arena.bytesInUse == 0)
    }
}
