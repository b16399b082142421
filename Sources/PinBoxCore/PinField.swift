/// The PIN box's state machine: a capacity, a paste policy, the characters it accepts and the
/// secret itself.
///
/// Every operation returns the events it caused, so the caller (the window, a test, the
/// fuzzer) decides what to do with them. The secret is ASCII bytes — digits `0`–`9` by
/// default, any printable character with `.printable` — and never becomes a `String`.
public final class PinField {
    /// The capacities the product supports; anything else is a configuration error. A 10 × 10
    /// grid is the largest layout asked of it (the 4K benchmark of issue 4).
    public static let capacityRange = 1...100

    public let capacity: Int
    public var pastePolicy: PastePolicy
    public let accepts: AcceptedCharacters
    public let secret: SecretBuffer

    public init(capacity: Int = 6, pastePolicy: PastePolicy = .deny,
                accepts: AcceptedCharacters = .digits) throws(ConfigurationError) {
        guard Self.capacityRange.contains(capacity) else {
            throw ConfigurationError("count must be between 1 and \(Self.capacityRange.upperBound), not \(capacity)")
        }
        self.capacity = capacity
        self.pastePolicy = pastePolicy
        self.accepts = accepts
        self.secret = SecretBuffer(capacity: capacity)
    }

    public var length: Int { secret.count }
    public var isEmpty: Bool { secret.isEmpty }
    public var isFull: Bool { secret.isFull }

    /// Whether `byte` is an ASCII digit, the only thing a field stores.
    @inline(__always)
    public static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// One typed character (ASCII). An accepted one is appended; anything else is refused.
    public func type(_ byte: UInt8) -> [FieldEvent] {
        guard accepts.contains(byte) else { return [.rejected(accepts == .digits ? .notADigit : .notPrintable)] }
        guard !isFull else { return [.rejected(.full)] }
        secret.append(byte)
        return changedEvents()
    }

    /// Backspace: removes the last digit; on an empty field nothing happens.
    public func deleteBackward() -> [FieldEvent] {
        guard !isEmpty else { return [] }
        secret.removeLast()
        return [.changed(length: length)]
    }

    /// Empties and wipes the field.
    public func clear() -> [FieldEvent] {
        let wasEmpty = isEmpty
        secret.wipe()
        return wasEmpty ? [] : [.changed(length: 0)]
    }

    /// Replaces the whole content (seed 003's `setText:`): refused whole when longer than the
    /// capacity or when any character is not accepted.
    public func setText<C: Collection>(_ bytes: C) -> [FieldEvent] where C.Element == UInt8 {
        guard bytes.count <= capacity else { return [.rejected(.textTooLong)] }
        guard bytes.allSatisfy(accepts.contains) else { return [.rejected(.textNotDigits)] }
        secret.wipe()
        for b in bytes { secret.append(b) }
        return changedEvents()
    }

    /// A paste, judged by the policy. Under `digits`, surrounding ASCII white space (the line
    /// break a terminal copy carries) is ignored; everything else must be a character the
    /// field accepts (a digit, unless it takes printable characters) and must fit
    /// in the room left, or the paste is refused whole — never truncated.
    public func paste<C: BidirectionalCollection>(_ bytes: C) -> [FieldEvent] where C.Element == UInt8 {
        guard pastePolicy == .digits else { return [.rejected(.pasteDenied)] }
        let text = Self.trimmingWhitespace(bytes)
        guard !text.isEmpty else { return [.rejected(.pasteEmpty)] }
        guard text.allSatisfy(accepts.contains) else { return [.rejected(.pasteNotDigits)] }
        guard text.count <= capacity - length else { return [.rejected(.pasteTooLong)] }
        for b in text { secret.append(b) }
        return changedEvents()
    }

    /// Hands the digits to `body` (the completion block of seed 001) and wipes them after,
    /// whatever `body` does. The field is empty afterwards.
    public func handOff<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        defer { secret.wipe() }
        return try secret.withBytes(body)
    }

    private func changedEvents() -> [FieldEvent] {
        isFull ? [.changed(length: length), .completed] : [.changed(length: length)]
    }

    private static func trimmingWhitespace<C: BidirectionalCollection>(_ bytes: C) -> C.SubSequence where C.Element == UInt8 {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0a || b == 0x0d }
        var text = bytes[...]
        while let first = text.first, isSpace(first) { text = text.dropFirst() }
        while let last = text.last, isSpace(last) { text = text.dropLast() }
        return text
    }
}
