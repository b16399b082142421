// SPDX-License-Identifier: MIT
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

    /// The most characters a prompt's entry takes (a passphrase, a card PIN of unknown length).
    public static let entryRange = 1...1023

    /// How many characters it holds; for digits and ASCII also how many bytes.
    public private(set) var length = 0
    /// How many characters stand before the caret, where the next one goes: the end, unless the
    /// user moved it (`moveCaret`, an entry's arrows, Home and End).
    public private(set) var caret = 0
    /// Where a selection started (Shift and an arrow, Ctrl+A): the characters between it and the
    /// caret are selected. Nil when nothing is.
    public private(set) var anchor: Int?
    /// The selected characters, by index; nil when none are. What is typed or pasted replaces
    /// them, and BackSpace and Delete take them.
    public var selection: Range<Int>? {
        guard let anchor, anchor != caret else { return nil }
        return min(anchor, caret)..<max(anchor, caret)
    }
    /// A character was refused because its bytes would pass the limit: every character after
    /// it is refused too, until one is deleted, so that a shorter one typed next cannot go in
    /// after the hole and make a secret other than the one typed.
    private var pastTheLimit = false
    /// The most bytes the secret may take: what the program that asked can read (ssh reads
    /// 1023, gpg-agent 255 for a passphrase). A character past it is refused with `limit`.
    public let byteLimit: Int
    /// The characters are shown (a name, a passphrase the user chose to show): the caret stops
    /// only between what a reader sees as one character each (`SecretBuffer.clusterStart`).
    /// Behind dots, one for each character as in GTK's entries, it stops between any two.
    public var showsCharacters = false

    /// `capacity` characters. `byteLimit` defaults to what that many characters can take.
    public init(capacity: Int = 6, pastePolicy: PastePolicy = .deny,
                accepts: AcceptedCharacters = .digits, byteLimit: Int? = nil) throws(ConfigurationError) {
        guard Self.capacityRange.contains(capacity) || (accepts == .text && Self.entryRange.contains(capacity)) else {
            throw ConfigurationError("count", "must be between 1 and \(Self.capacityRange.upperBound), not \(capacity)")
        }
        self.capacity = capacity
        self.pastePolicy = pastePolicy
        self.accepts = accepts
        self.byteLimit = min(byteLimit ?? .max, capacity * accepts.bytesPerCharacter)
        self.secret = SecretBuffer(capacity: max(1, self.byteLimit))
    }

    public var isEmpty: Bool { length == 0 }
    public var isFull: Bool { length == capacity }

    /// Whether `byte` is an ASCII digit, the only thing a field stores.
    @inline(__always)
    public static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// One typed ASCII character.
    public func type(_ byte: UInt8) -> [FieldEvent] {
        type(Unicode.Scalar(byte))
    }

    /// One typed character. An accepted one goes in at the caret as the field stores it
    /// (`AcceptedCharacters.stored`: a Persian ۱ as 1 in a digits field), UTF-8 encoded straight
    /// into the secret; anything else is refused.
    public func type(_ typed: Unicode.Scalar) -> [FieldEvent] {
        guard let scalar = accepts.stored(typed) else { return [.rejected(accepts.refusal)] }
        let (selected, selectedBytes) = selectedSize
        guard length - selected < capacity else { return [.rejected(.full)] }
        guard !pastTheLimit, secret.count - selectedBytes + SecretBuffer.utf8Length(of: scalar) <= byteLimit else {
            pastTheLimit = true
            return [.rejected(.limit)]
        }
        removeSelection()
        if caret == length {
            secret.append(scalar)
        } else {
            secret.insert(scalar, at: caretOffset)
        }
        length += 1
        caret += 1
        return changedEvents()
    }

    /// Backspace: removes the character before the caret (all of its bytes); with nothing
    /// before the caret nothing happens. Where the characters show, a letter goes with its
    /// accents where Pango says so (`backSpaceTakesWholeCluster`).
    public func deleteBackward() -> [FieldEvent] {
        erasing {
            guard caret > 0 else { return [] }
            let end = caretOffset
            if showsCharacters {
                let cluster = secret.clusterStart(before: caret), start = offset(of: cluster)
                if caret - cluster > 1 && secret.backSpaceTakesWholeCluster(startingAt: start) {
                    secret.removeBytes(start..<end)
                    return removed(caret - cluster, before: true)
                }
            }
            secret.removeBytes(secret.characterStart(before: end)..<end)
            return removed(1, before: true)
        }
    }

    /// Delete: removes the character after the caret, where the characters show all of the
    /// cluster it begins; at the end nothing happens.
    public func deleteForward() -> [FieldEvent] {
        erasing {
            guard caret < length else { return [] }
            let start = caretOffset
            let end = showsCharacters ? secret.clusterEnd(after: caret) : caret + 1
            secret.removeBytes(start..<offset(of: end))
            return removed(end - caret, before: false)
        }
    }

    /// Ctrl+BackSpace in an entry that shows its characters: removes the word before the caret,
    /// with what separates it from the caret (spaces, an `@`, a dot), as readline's and GTK's
    /// word deletion do.
    public func deleteWordBackward() -> [FieldEvent] {
        erasing {
            guard caret > 0 else { return [] }
            let end = caretOffset
            let (start, characters) = secret.wordStart(before: end)
            secret.removeBytes(start..<end)
            return removed(characters, before: true)
        }
    }

    /// Ctrl+Delete in an entry that shows its characters: removes the word after the caret, with
    /// what separates it from the caret, as GTK's entries do.
    public func deleteWordForward() -> [FieldEvent] {
        erasing {
            guard caret < length else { return [] }
            let start = caretOffset
            let (end, characters) = secret.wordEnd(after: start)
            secret.removeBytes(start..<end)
            return removed(characters, before: false)
        }
    }

    /// Removes everything before the caret (Ctrl+BackSpace where dots are shown: a word at a
    /// time would show where the secret's words end).
    public func deleteToStart() -> [FieldEvent] {
        erasing {
            guard caret > 0 else { return [] }
            secret.removeBytes(0..<caretOffset)
            return removed(caret, before: true)
        }
    }

    /// Removes everything after the caret (Ctrl+Delete where dots are shown).
    public func deleteToEnd() -> [FieldEvent] {
        erasing {
            guard caret < length else { return [] }
            secret.removeBytes(caretOffset..<secret.count)
            return removed(length - caret, before: false)
        }
    }

    /// Selects every character, the caret at the end (Ctrl+A); returns whether the selection
    /// changed.
    public func selectAll() -> Bool {
        guard length > 0, anchor != 0 || caret != length else { return false }
        (anchor, caret) = (0, length)
        return true
    }

    /// An erasing key: it takes the selection if there is one, else what `erase` removes; a
    /// character may follow then, even one refused at the byte limit before.
    private func erasing(_ erase: () -> [FieldEvent]) -> [FieldEvent] {
        pastTheLimit = false
        return removeSelection() ? [.changed(length: length)] : erase()
    }

    /// How many characters are selected, and how many bytes they take.
    private var selectedSize: (characters: Int, bytes: Int) {
        guard let selection else { return (0, 0) }
        return (selection.count, offset(of: selection.upperBound) - offset(of: selection.lowerBound))
    }

    /// Removes the selected characters, the caret where they began; returns whether any were.
    @discardableResult
    private func removeSelection() -> Bool {
        defer { anchor = nil }
        guard let selection else { return false }
        secret.removeBytes(offset(of: selection.lowerBound)..<offset(of: selection.upperBound))
        length -= selection.count
        caret = selection.lowerBound
        return true
    }

    /// `characters` went from before the caret or after it.
    private func removed(_ characters: Int, before: Bool) -> [FieldEvent] {
        length -= characters
        if before { caret -= characters }
        return [.changed(length: length)]
    }

    /// Moves the caret (an entry's arrows, Home and End, with Ctrl a word at a time); returns
    /// whether it or the selection moved. `selecting` (Shift held) selects the characters it
    /// passes, from where a selection began, or from the caret. Without it, a selection is let
    /// go, the caret at its start for a move back and at its end for one forward, as in GTK's
    /// entries.
    public func moveCaret(_ move: CaretMove, selecting: Bool = false) -> Bool {
        if selecting {
            let from = anchor ?? caret
            let moved = step(move)
            anchor = from
            return moved
        }
        if let selection {
            anchor = nil
            switch move {
            case .back, .wordBack: caret = selection.lowerBound
            case .forward, .wordForward: caret = selection.upperBound
            case .start: caret = 0
            case .end: caret = length
            }
            return true
        }
        anchor = nil
        return step(move)
    }

    /// Moves the caret as `move` says; returns whether it moved.
    private func step(_ move: CaretMove) -> Bool {
        let target: Int
        switch move {
        case .back: target = showsCharacters ? secret.clusterStart(before: caret) : max(0, caret - 1)
        case .forward: target = showsCharacters ? secret.clusterEnd(after: caret) : min(length, caret + 1)
        case .wordBack: target = caret - secret.wordStart(before: caretOffset).characters
        case .wordForward: target = caret + secret.wordEnd(after: caretOffset).characters
        case .start: target = 0
        case .end: target = length
        }
        guard target != caret else { return false }
        caret = target
        return true
    }

    /// Puts the caret before character `index` (a click), letting a selection go; returns
    /// whether either moved. `selecting` (the pointer dragged from a click) selects from where
    /// the selection began, or from the caret, to there.
    public func placeCaret(at index: Int, selecting: Bool = false) -> Bool {
        let (was, selected) = (caret, selection)
        anchor = selecting ? anchor ?? caret : nil
        caret = min(max(0, index), length)
        return caret != was || selection != selected
    }

    /// Where the caret may stand, for each place from before the first character to after the
    /// last: anywhere behind dots, between two clusters where the characters show (a click on
    /// an accent puts the caret after its letter or before, never between them).
    public var caretPlaces: [Bool] {
        guard showsCharacters else { return Array(repeating: true, count: length + 1) }
        return secret.clusterBoundaries(count: length + 1)
    }

    /// Selects the word the caret stands in, or at either end of (a double click), as GTK's
    /// entries do: letters, digits, marks and `_`. Returns whether anything was selected.
    public func selectWord() -> Bool {
        let (before, after) = secret.word(around: caretOffset)
        guard before + after > 0 else { return false }
        (anchor, caret) = (caret - before, caret + after)
        return true
    }

    /// Where the caret stands in the secret's bytes.
    private var caretOffset: Int { offset(of: caret) }

    /// Where character `index` starts in the secret's bytes.
    private func offset(of index: Int) -> Int { index == length ? secret.count : secret.offset(ofCharacter: index) }

    /// Empties and wipes the field.
    public func clear() -> [FieldEvent] {
        let wasEmpty = isEmpty
        secret.wipe()
        length = 0
        caret = 0
        anchor = nil
        pastTheLimit = false
        return wasEmpty ? [] : [.changed(length: 0)]
    }

    /// Replaces the whole content (seed 003's `setText:`, the agent's suggestion): refused
    /// whole when longer than the capacity, or when it is not valid UTF-8 of characters the
    /// field accepts, the same judgement a paste gets.
    public func setText<C: Collection>(_ bytes: C) -> [FieldEvent] where C.Element == UInt8 {
        guard let size = storedSize(bytes) else {
            return [.rejected(bytes.count > byteLimit ? .textTooLong : .textNotDigits)]
        }
        guard size.bytes <= byteLimit, size.characters <= capacity else { return [.rejected(.textTooLong)] }
        secret.wipe()
        length = 0
        caret = 0
        anchor = nil
        pastTheLimit = false
        return append(bytes)
    }

    /// A paste, judged by the policy. Under `digits`, surrounding ASCII white space (the line
    /// break a terminal copy carries) is ignored; everything else must be valid UTF-8 of
    /// characters the field accepts (a digit of any script, unless it takes printable
    /// characters) and must fit in the room left, or the paste is refused whole — never
    /// truncated.
    public func paste<C: BidirectionalCollection>(_ bytes: C) -> [FieldEvent] where C.Element == UInt8 {
        switch pastePolicy {
        case .deny: return [.rejected(.pasteDenied)]
        case .text: return pasteText(bytes)
        case .digits: break
        }
        let text = Self.trimmingWhitespace(bytes)
        guard !text.isEmpty else { return [.rejected(.pasteEmpty)] }
        guard let size = storedSize(text) else { return [.rejected(.pasteNotDigits)] }
        guard fits(size) else { return [.rejected(.pasteTooLong)] }
        removeSelection()
        return append(text)
    }

    /// A paste under `.text`: the bytes as they came, less one line break at the end (what a
    /// terminal or `echo | xclip` adds); valid UTF-8 of characters the field takes, fitting in
    /// the room left, or refused whole. No `String` is made of it.
    private func pasteText<C: BidirectionalCollection>(_ bytes: C) -> [FieldEvent] where C.Element == UInt8 {
        var text = bytes[...]
        if text.last == 0x0a {
            text = text.dropLast()
            if text.last == 0x0d { text = text.dropLast() }
        }
        guard !text.isEmpty else { return [.rejected(.pasteEmpty)] }
        guard let size = storedSize(text) else { return [.rejected(.pasteNotDigits)] }
        guard fits(size) else { return [.rejected(.pasteTooLong)] }
        removeSelection()
        return append(text)
    }

    /// Whether a paste of `size` fits, in place of the selection.
    private func fits(_ size: (characters: Int, bytes: Int)) -> Bool {
        let (selected, selectedBytes) = selectedSize
        return !pastTheLimit && size.characters <= capacity - length + selected
            && secret.count - selectedBytes + size.bytes <= byteLimit
    }

    /// How many characters `bytes` hold and how many bytes the field stores for them, when they
    /// are valid UTF-8 of characters this field accepts; nil when they are not. No `String` is
    /// made of them.
    private func storedSize<C: Collection>(_ bytes: C) -> (characters: Int, bytes: Int)? where C.Element == UInt8 {
        var size = (characters: 0, bytes: 0)
        let whole = accepts.eachStored(bytes) {
            size.characters += 1
            size.bytes += SecretBuffer.utf8Length(of: $0)
        }
        return whole ? size : nil
    }

    /// Puts in bytes already checked (`storedSize`) to fit, at the caret, each character as the
    /// field stores it. Appended one at a time: a paste's bytes come as any collection, and are
    /// never copied out of the locked buffers they arrive in.
    private func append<C: Collection>(_ bytes: C) -> [FieldEvent] where C.Element == UInt8 {
        let offset = caretOffset, tail = secret.count - offset
        _ = accepts.eachStored(bytes) {
            secret.append($0)
            length += 1
            caret += 1
        }
        if tail > 0 { secret.rotate(from: offset, tail: tail) }
        return changedEvents()
    }

    /// Hands the digits to `body` (the completion block of seed 001) and wipes them after,
    /// whatever `body` does. The field is empty afterwards.
    public func handOff<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        defer {
            secret.wipe()
            length = 0
            caret = 0
            anchor = nil
            pastTheLimit = false
        }
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

/// Where an entry's caret goes (`PinField.moveCaret`).
public enum CaretMove: Equatable, Sendable {
    case back, forward, wordBack, wordForward, start, end

    /// The same key's move in text that runs the other way across the screen.
    public var mirrored: CaretMove {
        switch self {
        case .back: .forward
        case .forward: .back
        case .wordBack: .wordForward
        case .wordForward: .wordBack
        case .start, .end: self
        }
    }
}
