// SPDX-License-Identifier: MIT
import PinBoxCore

/// A secret typed on the terminal, byte by byte, straight into locked memory: each byte goes
/// into the `SecretBuffer` as it arrives, converted to UTF-8 when the terminal uses another
/// character set. BackSpace takes back a whole character, the word erase a whole word. A
/// character is taken whole or not at all: one that would pass the agent's limit, or bytes
/// that make no character, are refused.
public struct TerminalEntry {
    /// What one byte did.
    public enum Result: Equatable, Sendable {
        /// Stored (perhaps the start or middle of a character).
        case taken
        /// The rest of a character already refused.
        case passedOver
        /// No room: the character would pass `limit`.
        case full
        /// Not a character the terminal's set or UTF-8 allows.
        case invalid
    }

    public let secret: SecretBuffer
    public let charset: TerminalCharset
    /// Continuation bytes still to come for the character being typed (UTF-8 terminals).
    private var expecting = 0
    /// Continuation bytes of a refused character still to pass over.
    private var skipping = 0
    /// Where the character being typed starts in the secret.
    private var characterStart = 0
    /// Characters stored whole.
    public private(set) var characters = 0

    public init(limit: Int, charset: TerminalCharset) {
        secret = SecretBuffer(capacity: max(1, limit))
        self.charset = charset
    }

    public var isEmpty: Bool { secret.isEmpty }

    public mutating func take(_ byte: UInt8) -> Result {
        let continuation = byte & 0xC0 == 0x80
        if skipping > 0 && continuation {
            skipping -= 1
            return .passedOver
        }
        skipping = 0
        if byte < 0x80 {
            dropPartial()
            guard secret.count < secret.capacity else { return .full }
            secret.append(byte)
            characters += 1
            return .taken
        }
        switch charset {
        case .asciiOnly:
            return .invalid
        case .singleByte(_, let high):
            guard let scalar = high[Int(byte - 0x80)] else { return .invalid }
            return store(scalar)
        case .utf8:
            if expecting > 0 {
                guard continuation else {
                    dropPartial()
                    return take(byte)
                }
                if secret.count == characterStart + 1 && !Self.mayFollow(secret[characterStart], byte) {
                    // A surrogate, an overlong form or past U+10FFFF: no character.
                    dropPartial()
                    return .invalid
                }
                secret.append(byte)
                expecting -= 1
                if expecting == 0 { characters += 1 }
                return .taken
            }
            let length: Int
            switch byte {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return .invalid
            }
            guard secret.count + length <= secret.capacity else {
                skipping = length - 1
                return .full
            }
            characterStart = secret.count
            secret.append(byte)
            expecting = length - 1
            return .taken
        }
    }

    /// Removes the last character (or the part of one typed so far), or with `word` the last
    /// word and what follows it; false when empty.
    @discardableResult
    public mutating func deleteBackward(word: Bool = false) -> Bool {
        skipping = 0
        let partial = expecting > 0
        if partial {
            dropPartial()
            if !word { return true }
        }
        guard !secret.isEmpty else { return partial }
        if word {
            characters -= secret.removeLastWord()
        } else {
            secret.removeLastCharacter()
            characters -= 1
        }
        return true
    }

    /// Empties and wipes it.
    public mutating func clear() {
        secret.wipe()
        expecting = 0
        skipping = 0
        characters = 0
    }

    /// A character left unfinished (the Enter key came, or a byte that cannot continue it):
    /// its bytes are taken back; what was typed before it stays.
    public mutating func dropPartial() {
        guard expecting > 0 else { return }
        while secret.count > characterStart { secret.removeLast() }
        expecting = 0
    }

    /// Whether `second` may follow `lead` in well-formed UTF-8 (the Unicode standard's table
    /// of well-formed byte sequences): most leads take any continuation byte, four do not.
    static func mayFollow(_ lead: UInt8, _ second: UInt8) -> Bool {
        switch lead {
        case 0xE0: return (0xA0...0xBF).contains(second)
        case 0xED: return (0x80...0x9F).contains(second)
        case 0xF0: return (0x90...0xBF).contains(second)
        case 0xF4: return (0x80...0x8F).contains(second)
        default: return second & 0xC0 == 0x80
        }
    }

    private mutating func store(_ scalar: Unicode.Scalar) -> Result {
        guard secret.count + SecretBuffer.utf8Length(of: scalar) <= secret.capacity else { return .full }
        secret.append(scalar)
        characters += 1
        return .taken
    }
}
