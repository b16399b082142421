// SPDX-License-Identifier: MIT
import PinBoxAssuan
import Testing

@Suite struct EscapingTests {
    @Test func decode() {
        #expect(PercentCoding.decodeText(bytes("a+b%20c%25d%0a%0D")) == "a+b c%d\n\r")
        #expect(PercentCoding.decodeText(bytes("%C3%A9%e2%82%ac")) == "é€")
        #expect(PercentCoding.decodeText(bytes("50%")) == "50%")
        #expect(PercentCoding.decodeText(bytes("%g1%1")) == "%g1%1")
        #expect(PercentCoding.decode(bytes("ab%00cd")) == bytes("ab"))
        #expect(PercentCoding.decodeText([0xFF, 0x41]) == "\u{FFFD}A")
    }

    @Test func dataLength() {
        let plain = bytes("a%\r\n+ ")
        #expect(plain.withUnsafeBufferPointer { PercentCoding.dataLength($0) } == 12)  // a, %25, %0D, %0A, +, space
    }
}

@Suite struct EntryKindTests {
    @Test func cardPrompts() {
        #expect(EntryKind.classify(prompt: "PIN", keyInfo: nil) == .card(.pin))
        #expect(EntryKind.classify(prompt: "Admin PIN", keyInfo: nil) == .card(.adminPIN))
        #expect(EntryKind.classify(prompt: "PUK", keyInfo: nil) == .card(.puk))
        #expect(EntryKind.classify(prompt: "Reset Code", keyInfo: nil) == .card(.resetCode))
        #expect(EntryKind.classify(prompt: "pin:", keyInfo: nil) == .card(.pin))
        #expect(CardSecret.pin.boxes == 6)
        #expect([CardSecret.adminPIN, .puk, .resetCode].allSatisfy { $0.boxes == 8 })
    }

    @Test func passphrases() {
        #expect(EntryKind.classify(prompt: "Passphrase:", keyInfo: nil) == .passphrase)
        #expect(EntryKind.classify(prompt: "PIN", keyInfo: .key("ABCD")) == .passphrase)
        #expect(EntryKind.classify(prompt: "PIN:", keyInfo: .user("x")) == .passphrase)
        #expect(EntryKind.classify(prompt: "New PIN", keyInfo: nil) == .passphrase)
        #expect(EntryKind.classify(prompt: "Admin-PIN", keyInfo: nil) == .passphrase)
    }

    @Test func limits() {
        #expect(InputLimit.of(.card(.puk)).maxBytes == 88)
        #expect(InputLimit.of(.passphrase).maxBytes == 255)
        #expect(InputLimit.passphrase.allows(count: 255) && !InputLimit.passphrase.allows(count: 256))
    }

    @Test func keyInfoKinds() {
        let run = converse("SETKEYINFO n/K\nGETPIN\nSETKEYINFO s/S\nGETPIN\nSETKEYINFO u/U\nGETPIN\nSETKEYINFO x\nGETPIN\nSETKEYINFO\nGETPIN\n")
        #expect(run.server.frontEnd.pinRequests.map(\.keyInfo) == [.key("K"), .ssh("S"), .user("U"), .other("x"), nil])
    }

    @Test func aCardPinCanHaveLetters() {
        let run = converse("SETKEYINFO --clear\nSETPROMPT PIN\nGETPIN\n", FakeFrontEnd(pins: [.type(bytes("abc123xyz"))]))
        #expect(run.server.frontEnd.pinRequests[0].entry == .card(.pin))
        #expect(run.output.hasSuffix("D abc123xyz\nOK\n"))
    }
}
