// SPDX-License-Identifier: MIT
import Testing
import Glibc
@testable import PinBoxCore

private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
private func contents(_ f: PinField) -> String { f.secret.withBytes { String(decoding: $0, as: UTF8.self) } }

@Suite("PinField")
struct PinFieldTests {
    @Test("capacity outside 1…100 is refused with a clear error", arguments: [0, -1, 101, 1000])
    func badCapacity(_ n: Int) {
        #expect(throws: ConfigurationError("count", "must be between 1 and 100, not \(n)")) {
            try PinField(capacity: n)
        }
    }

    @Test("capacities 1 and 100 work", arguments: [1, 100])
    func edgeCapacities(_ n: Int) throws {
        let f = try PinField(capacity: n)
        for _ in 0..<n { _ = f.type(0x37) }
        #expect(f.isFull && f.length == n)
        #expect(f.type(0x37) == [.rejected(.full)])
    }

    @Test("every digit 0–9 is accepted, other bytes are refused", arguments: 0...255)
    func onlyDigits(_ b: Int) throws {
        let f = try PinField()
        let events = f.type(UInt8(b))
        if (0x30...0x39).contains(b) {
            #expect(events == [.changed(length: 1)])
        } else {
            #expect(events == [.rejected(.notADigit)])
            #expect(f.length == 0)
        }
    }

    @Test func typingReportsEveryChangeAndCompletesOnce() throws {
        let f = try PinField()
        var all: [FieldEvent] = []
        for c in bytes("1234567") { all += f.type(c) }
        #expect(all == [.changed(length: 1), .changed(length: 2), .changed(length: 3), .changed(length: 4),
                        .changed(length: 5), .changed(length: 6), .completed, .rejected(.full)])
        #expect(contents(f) == "123456")
        #expect(all.filter { $0 == .completed }.count == 1)
    }

    @Test func refillingCompletesAgain() throws {
        let f = try PinField(capacity: 2)
        #expect(f.setText(bytes("12")) == [.changed(length: 2), .completed])
        #expect(f.deleteBackward() == [.changed(length: 1)])
        #expect(f.type(0x39) == [.changed(length: 2), .completed])
        #expect(contents(f) == "19")
    }

    @Test func deleteBackwardOnEmptyDoesNothing() throws {
        let f = try PinField()
        #expect(f.deleteBackward() == [])
        _ = f.type(0x31)
        #expect(f.deleteBackward() == [.changed(length: 0)])
    }

    @Test func clearWipesEveryByte() throws {
        let f = try PinField()
        _ = f.setText(bytes("987654"))
        #expect(f.clear() == [.changed(length: 0)])
        #expect(f.secret.withWholeCapacity { $0.allSatisfy { $0 == 0 } })
        #expect(f.clear() == [], "clearing an empty field reports nothing")
    }

    @Test func deleteWipesTheRemovedByte() throws {
        let f = try PinField()
        _ = f.setText(bytes("987"))
        _ = f.deleteBackward()
        #expect(f.secret.withWholeCapacity { Array($0) } == [0x39, 0x38, 0, 0, 0, 0])
    }

    @Test func handOffGivesTheDigitsThenWipes() throws {
        let f = try PinField()
        _ = f.setText(bytes("135790"))
        let handed = f.handOff { String(decoding: $0, as: UTF8.self) }
        #expect(handed == "135790")
        #expect(f.length == 0)
        #expect(f.secret.withWholeCapacity { $0.allSatisfy { $0 == 0 } })
    }

    @Test func handOffWipesEvenWhenTheConsumerThrows() throws {
        struct Boom: Error {}
        let f = try PinField()
        _ = f.setText(bytes("1111"))
        #expect(throws: Boom.self) { try f.handOff { _ in throw Boom() } }
        #expect(f.secret.withWholeCapacity { $0.allSatisfy { $0 == 0 } })
    }

    @Test("setText is refused whole", arguments: [
        ("1234567", RejectReason.textTooLong), ("12a4", .textNotDigits), ("一二", .textNotDigits), ("1²", .textNotDigits),
        (" 12", .textNotDigits), ("۱۲۳۴۵۶۷", .textTooLong),
    ])
    func setTextRefused(_ text: String, _ reason: RejectReason) throws {
        let f = try PinField()
        _ = f.setText(bytes("55"))
        #expect(f.setText(bytes(text)) == [.rejected(reason)])
        #expect(contents(f) == "55")
    }

    @Test func setTextStoresADigitOfAnyScriptAsASCII() throws {
        let f = try PinField()
        #expect(f.setText(bytes("١٢۳४")) == [.changed(length: 4)])
        #expect(contents(f) == "1234" && f.secret.count == 4)
    }

    @Test func setTextReplaces() throws {
        let f = try PinField()
        _ = f.setText(bytes("55"))
        #expect(f.setText(bytes("1")) == [.changed(length: 1)])
        #expect(f.setText(bytes("")) == [.changed(length: 0)])
        #expect(f.secret.withWholeCapacity { $0.allSatisfy { $0 == 0 } })
    }

    @Test func pasteDeniedByDefault() throws {
        let f = try PinField()
        #expect(f.paste(bytes("123456")) == [.rejected(.pasteDenied)])
        #expect(f.length == 0)
    }

    @Test("digits policy: all-digit pastes that fit are accepted", arguments: [
        ("1234", 4), ("123456", 6), ("123456\n", 6), ("  42\r\n", 2),
    ])
    func pasteAccepted(_ text: String, _ length: Int) throws {
        let f = try PinField(pastePolicy: .digits)
        let events = f.paste(bytes(text))
        #expect(events.first == .changed(length: length))
        #expect(events.contains(.completed) == (length == 6))
    }

    @Test("digits policy: anything else is refused whole", arguments: [
        ("12a4", RejectReason.pasteNotDigits), ("1 2", .pasteNotDigits), ("①②", .pasteNotDigits), ("፩፪", .pasteNotDigits),
        ("１٢\u{FF}", .pasteNotDigits), ("১২৩৪৫৬৭", .pasteTooLong),
        ("1234567", .pasteTooLong), ("", .pasteEmpty), ("\n", .pasteEmpty), ("12\u{0}3", .pasteNotDigits),
    ])
    func pasteRefused(_ text: String, _ reason: RejectReason) throws {
        let f = try PinField(pastePolicy: .digits)
        #expect(f.paste(bytes(text)) == [.rejected(reason)])
        #expect(f.length == 0)
    }

    /// A code copied from a Persian or Bengali message, or typed in fullwidth: the digits it
    /// means, in ASCII, six bytes for six boxes.
    @Test(arguments: ["۱۲۳۴۵۶", "১২৩৪৫৬", "１２３４５６\n", "12३४56"])
    func aPasteOfAnyScriptsDigitsIsStoredInASCII(_ text: String) throws {
        let f = try PinField(pastePolicy: .digits)
        #expect(f.paste(bytes(text)) == [.changed(length: 6), .completed])
        #expect(contents(f) == "123456" && f.secret.count == 6)
    }

    @Test func pasteLongerThanTheRoomLeftIsNotTruncated() throws {
        let f = try PinField(pastePolicy: .digits)
        _ = f.setText(bytes("1234"))
        #expect(f.paste(bytes("567")) == [.rejected(.pasteTooLong)])
        #expect(contents(f) == "1234")
        #expect(f.paste(bytes("56")) == [.changed(length: 6), .completed])
    }

    @Test func aMegabytePasteIsRefused() throws {
        let f = try PinField(pastePolicy: .digits)
        #expect(f.paste([UInt8](repeating: 0x31, count: 1 << 20)) == [.rejected(.pasteTooLong)])
        #expect(f.length == 0)
    }

    @Test func secretIsLockedInMemory() throws {
        // mlock is allowed for root and under the usual 8 MiB RLIMIT_MEMLOCK; the kernel's own count must show it.
        let f = try PinField()
        #expect(f.secret.isLocked)
        let status = try #require(readStatus())
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmLck:") })
        let kb = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
        #expect(kb >= 4, "VmLck is \(kb) kB")
    }
}

private func readStatus() -> String? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var text = ""
    var buffer = [CChar](repeating: 0, count: 512)
    while fgets(&buffer, Int32(buffer.count), file) != nil { text += buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
    return text
}

@Suite("Accepted characters")
struct AcceptedCharacterTests {
    @Test func printableFieldsTakeAnyPrintableAscii() throws {
        let f = try PinField(capacity: 4, pastePolicy: .digits, accepts: .printable)
        #expect(f.type(UInt8(ascii: "a")) == [.changed(length: 1)])
        #expect(f.type(UInt8(ascii: "#")) == [.changed(length: 2)])
        #expect(f.type(0x09) == [.rejected(.notPrintable)])
        #expect(f.type(0xc3) == [.rejected(.notPrintable)])
        #expect(f.paste(Array("x1".utf8)) == [.changed(length: 4), .completed])
        #expect(f.secret.withBytes { Array($0) } == Array("a#x1".utf8))
    }

    @Test func digitFieldsStillTakeDigitsOnly() throws {
        let f = try PinField()
        #expect(f.type(UInt8(ascii: "a")) == [.rejected(.notADigit)])
        #expect(f.setText(Array("12a".utf8)) == [.rejected(.textNotDigits)])
        #expect(f.type(UInt8(ascii: "7")) == [.changed(length: 1)])
    }
}

@Suite("PinField holding text")
struct PinFieldTextTests {
    @Test func charactersOfAnyScriptAreStoredAsUTF8AndDeletedWhole() throws {
        let f = try PinField(capacity: 10, accepts: .text)
        for c in "aé中😀".unicodeScalars { _ = f.type(c) }
        #expect(f.length == 4)
        #expect(f.secret.withBytes { Array($0) } == Array("aé中😀".utf8))
        #expect(f.deleteBackward() == [.changed(length: 3)])
        #expect(f.secret.withBytes { Array($0) } == Array("aé中".utf8))
        _ = f.deleteBackward()
        _ = f.deleteBackward()
        #expect(f.secret.withBytes { Array($0) } == Array("a".utf8))
        f.secret.withWholeCapacity { #expect($0[1...].allSatisfy { $0 == 0 }, "deleted bytes are wiped") }
    }

    /// Ctrl+BackSpace in an entry that shows its text: the last word goes, with what separates
    /// it from the end; a word is letters, digits and their marks, in any script, joined by `_`
    /// (as GTK's word boundaries and the terminal's word erase join them).
    @Test("a word is deleted back to the one before it",
          arguments: [("alice smith", "alice "), ("alice@example.com", "alice@example."), ("jane.doe  ", "jane."),
                      ("deploy key_2024", "deploy "), ("a-b_", "a-"),
                      ("пароль тест", "пароль "), ("mot café\u{301}", "mot "), ("user42", ""), ("  ", ""),
                      ("日本語 テキスト", "日本語 "), ("a b😀", "a ")])
    func deletingAWord(_ typed: String, _ left: String) throws {
        let f = try PinField(capacity: 100, accepts: .text)
        for c in typed.unicodeScalars { _ = f.type(c) }
        #expect(f.deleteWordBackward() == [.changed(length: left.unicodeScalars.count)])
        #expect(contents(f) == left)
        f.secret.withWholeCapacity { #expect($0[left.utf8.count...].allSatisfy { $0 == 0 }, "deleted bytes are wiped") }
        _ = f.clear()
        #expect(f.deleteWordBackward() == [], "nothing to delete")
    }

    @Test("controls are refused", arguments: [0x00, 0x09, 0x0a, 0x1b, 0x7f, 0x85, 0x9b])
    func controlsAreRefused(_ value: Int) throws {
        let f = try PinField(capacity: 10, accepts: .text)
        #expect(f.type(Unicode.Scalar(UInt32(value))!) == [.rejected(.notPrintable)])
        #expect(f.isEmpty)
    }

    /// The invisible format characters keyboard layouts type were refused with "Letters, digits
    /// and symbols only", and the keys after them taken: the secret had a hole where pinentry-gtk-2
    /// passes them. Khmer's space bar (ZERO WIDTH SPACE), Hebrew's and Persian's AltGr+9/0
    /// (LRM, RLM), Persian's embeddings, Arabic's isolates, and the rest of their kind.
    @Test("the format characters layouts type are taken", arguments: [0x200b, 0x200e, 0x200f, 0x202a, 0x202e, 0x2060, 0x2066, 0x2069, 0xfeff])
    func formatCharactersAreTaken(_ value: Int) throws {
        let f = try PinField(capacity: 10, pastePolicy: .text, accepts: .text)
        let scalar = Unicode.Scalar(UInt32(value))!
        #expect(f.type("a") == [.changed(length: 1)])
        #expect(f.type(scalar) == [.changed(length: 2)])
        #expect(f.type("b") == [.changed(length: 3)])
        #expect(f.secret.withBytes { Array($0) } == Array("a\(Character(scalar))b".utf8))
        let pasted = try PinField(capacity: 10, pastePolicy: .text, accepts: .text)
        #expect(pasted.paste(Array("a\(Character(scalar))b".utf8)) == [.changed(length: 3)])
    }

    /// ZWNJ and ZWJ are letters' joiners, not marks: Persian keyboards type ZWNJ (Shift+Space
    /// on `ir`), and emoji sequences hold ZWJ.
    @Test func theJoinersAreTyped() throws {
        let f = try PinField(capacity: 10, pastePolicy: .text, accepts: .text)
        for c in "ش\u{200c}ش\u{200d}س".unicodeScalars { #expect(f.type(c) == [.changed(length: f.length)]) }
        #expect(f.secret.withBytes { Array($0) } == Array("ش\u{200c}ش\u{200d}س".utf8))
        #expect(f.paste(Array("a\u{200c}b".utf8)) == [.changed(length: 8)])
    }

    /// The agent's suggestion (`INQUIRE GENPIN`) is judged as typing and pasting are: by
    /// characters, refused whole when a byte is not UTF-8 or a character is not taken.
    @Test("setText counts characters and refuses what typing refuses", arguments: [
        [0x61, 0x1B, 0x61], [0x61, 0xC2, 0x85], [0x80, 0x80], [0x61, 0xE4, 0xB8],
    ] as [[UInt8]])
    func setTextOfText(_ refused: [UInt8]) throws {
        let f = try PinField(capacity: 3, accepts: .text)
        #expect(f.setText(Array("éé中".utf8)) == [.changed(length: 3), .completed])
        #expect(f.setText(refused) == [.rejected(.textNotDigits)])
        #expect(f.secret.withBytes { Array($0) } == Array("éé中".utf8))
        #expect(f.setText(Array("abcd".utf8)) == [.rejected(.textTooLong)])
    }

    @Test func theByteLimitRefusesACharacterThatWouldNotFit() throws {
        let f = try PinField(capacity: 10, pastePolicy: .text, accepts: .text, byteLimit: 3)
        #expect(f.type("a") == [.changed(length: 1)])
        #expect(f.type("中") == [.rejected(.limit)])
        // What would fit after it is refused too: "aé" is not what was typed.
        #expect(f.type("é") == [.rejected(.limit)])
        #expect(f.paste(Array("b".utf8)) == [.rejected(.pasteTooLong)])
        #expect(f.secret.withBytes { Array($0) } == Array("a".utf8))
        // Until something is deleted: then it fits again.
        #expect(f.deleteBackward() == [.changed(length: 0)])
        #expect(f.type("a") == [.changed(length: 1)] && f.type("é") == [.changed(length: 2)])
        #expect(f.secret.withBytes { Array($0) } == Array("aé".utf8))
        #expect(f.type("b") == [.rejected(.limit)])
        _ = f.clear()
        #expect(f.type("中") == [.changed(length: 1)], "cleared: room again")
        // A character too big for an empty field: Backspace there lets the next one in.
        let tiny = try PinField(capacity: 10, accepts: .text, byteLimit: 1)
        #expect(tiny.type("é") == [.rejected(.limit)] && tiny.type("a") == [.rejected(.limit)])
        #expect(tiny.deleteBackward() == [] && tiny.type("a") == [.changed(length: 1)])
    }

    @Test func aDigitsFieldStillRefusesLetters() throws {
        let f = try PinField(capacity: 6)
        #expect(f.type("a") == [.rejected(.notADigit)])
        #expect(f.type("é") == [.rejected(.notADigit)])
        for numeral in ["²", "①", "Ⅻ", "፩", "一", "½"] {
            #expect(f.type(Character(numeral).unicodeScalars.first!) == [.rejected(.notADigit)],
                    "\(numeral) is a number but no decimal digit")
        }
    }

    /// The layouts of Persian, Hindi, Bengali, Burmese and Khmer type their own digits on the
    /// number row; a digits field stores each as the ASCII digit it means.
    @Test func aDigitOfAnyScriptIsStoredAsTheASCIIDigit() throws {
        let f = try PinField(capacity: 6)
        var events: [FieldEvent] = []
        for typed in ["۱", "२", "৩", "၄", "៥", "６"] { events += f.type(Character(typed).unicodeScalars.first!) }
        #expect(events.last == .completed)
        #expect(contents(f) == "123456" && f.secret.count == 6)
        let text = try PinField(capacity: 6, accepts: .text)
        _ = text.type("۱")
        #expect(contents(text) == "۱", "a passphrase keeps what was typed")
    }
}
