// SPDX-License-Identifier: MIT
import PinBoxCore
import Testing

extension ShownCharacters {
    /// The characters from `first` on, decoded: for the tests only (the program never makes
    /// a string of them).
    var characters: [String] {
        var all: [String] = []
        forEachCharacter { _, bytes in
            all.append(String(decoding: bytes, as: UTF8.self))
            return true
        }
        return all
    }

    /// The groups as the painter gets them, decoded.
    func groups(of size: Int?) -> [String] {
        var all: [String] = []
        forEachGroup(of: size) { all.append(String(decoding: $0, as: UTF8.self)) }
        return all
    }
}

@Suite("Shown characters, read in place")
struct ShownCharactersTests {
    func buffer(_ text: String) -> SecretBuffer {
        let buffer = SecretBuffer(capacity: 64)
        for scalar in text.unicodeScalars { buffer.append(scalar) }
        return buffer
    }

    @Test func charactersOfAnyLengthFromTheFirstShown() {
        let secret = buffer("aé中😀b")
        #expect(ShownCharacters(secret).characters == ["a", "é", "中", "😀", "b"])
        #expect(ShownCharacters(secret, first: 3).characters == ["😀", "b"])
        var places: [Int] = []
        ShownCharacters(secret, first: 1).forEachCharacter { place, _ in
            places.append(place)
            return place < 1
        }
        #expect(places == [0, 1], "places count from the first shown, and false stops")
    }

    @Test func groupsOfFiveOrOne() {
        let secret = buffer("qrx5n3kzj8t中")
        #expect(ShownCharacters(secret).groups(of: 5) == ["qrx5n", "3kzj8", "t中"])
        #expect(ShownCharacters(secret).groups(of: nil) == ["qrx5n3kzj8t中"])
        #expect(ShownCharacters(buffer("")).groups(of: 5).isEmpty)
    }

    /// Two scenes' characters are told apart by the buffer's revision, never by reading them:
    /// a character replaced by another of the same length is a change.
    @Test func equalOnlyWhileTheBufferIsUnchanged() {
        let secret = buffer("ab")
        let before = ShownCharacters(secret)
        #expect(before == ShownCharacters(secret))
        secret.removeLast()
        secret.append("c")
        #expect(before != ShownCharacters(secret))
        #expect(ShownCharacters(secret) != ShownCharacters(buffer("ac")), "another buffer")
        #expect(ShownCharacters(secret) != ShownCharacters(secret, first: 1))
    }
}
