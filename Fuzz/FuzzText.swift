// SPDX-License-Identifier: MIT
// libFuzzer target for the text paths of PinBoxCore, which the digit-only core target never
// reaches: passphrase entries (a PinField taking UTF-8 text, with byte limits, pastes and
// deletions over characters of 1 to 4 bytes) and the page state machine with time (FuzzPage.swift).
// The first byte picks one of the two. Built by scripts/fuzz over PinBoxCore compiled as its own
// module with testing enabled, so `SecretBuffer.withWholeCapacity` is reachable.
@testable import PinBoxCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = ByteReader(bytes: UnsafeBufferPointer(start: data, count: size))
    if input.next() & 1 == 0 { fuzzEntry(&input) } else { fuzzPage(&input) }
    return 0
}

// MARK: characters and their bytes

/// Characters at the edges that matter: each UTF-8 length's first and last, the C1 controls,
/// the invisible and bidi marks a text field refuses, the scalars around the surrogates.
let edgeScalars: [UInt32] = [0x00, 0x1f, 0x20, 0x30, 0x39, 0x7e, 0x7f, 0x80, 0x9f, 0xa0, 0xe9, 0x7ff, 0x800,
                             0x200b, 0x200f, 0x2010, 0x202a, 0x202e, 0x2060, 0x206f, 0x4e2d, 0xd7ff, 0xe000,
                             0xfeff, 0xfffd, 0xffff, 0x10000, 0x1f511, 0x10ffff,
                             // what makes clusters: accents, an Indic vowel sign, a joiner, flags' halves,
                             // a skin tone, Hangul jamo, a Thai vowel, Cyrillic and Greek letters
                             0x25b, 0x300, 0x301, 0x915, 0x93f, 0x200d, 0x1f1eb, 0x1f1f7, 0x1f3fd, 0x1100,
                             0x1161, 0x11a8, 0xe01, 0xe34, 0x435, 0x3b1, 0x20e3,
                             // digits a digits field stores in ASCII (Arabic-Indic, Persian, Devanagari,
                             // fullwidth, a bold 9 past the BMP), and numbers it refuses (², ①, ½)
                             0x661, 0x6f9, 0x966, 0xff10, 0x1d7d7, 0xb2, 0x2460, 0xbd]

/// One character of 1 to 4 UTF-8 bytes; printable ASCII most often, as in real passphrases.
func nextScalar(_ input: inout ByteReader) -> Unicode.Scalar {
    let kind = input.next() % 8
    let a = UInt32(input.next()), b = UInt32(input.next())
    let value: UInt32
    switch kind {
    case 0: value = a & 0x7f                                               // 1 byte, controls too
    case 1: value = 0x80 + (a << 8 | b) % 0x780                            // 2 bytes
    case 2: value = 0x800 + (a << 8 | b) % 0xf800                          // 3 bytes
    case 3: value = 0x10000 + (a << 16 | b << 8 | UInt32(input.next())) % 0x100000  // 4 bytes
    case 4: value = edgeScalars[Int(a) % edgeScalars.count]
    default: value = 0x20 + a % 0x5f
    }
    return Unicode.Scalar(value) ?? "\u{fffd}"  // a surrogate is no scalar
}

/// The scalar's UTF-8, by the standard library (PinField encodes by hand: two ways to agree).
func utf8(_ scalar: Unicode.Scalar) -> [UInt8] {
    var bytes: [UInt8] = []
    Unicode.UTF8.encode(scalar) { bytes.append($0) }
    return bytes
}

/// Bytes to paste: well-formed text of a few characters, perhaps ending in a line break as a
/// terminal copy does; or that text cut or spoilt somewhere; or raw bytes.
func nextPaste(_ input: inout ByteReader) -> [UInt8] {
    let mode = input.next()
    if mode % 4 == 3 { return input.take(Int(input.next() % 24)) }
    var bytes: [UInt8] = []
    for _ in 0..<Int(input.next() % 12) { bytes += utf8(nextScalar(&input)) }
    bytes += [[], [0x0a], [0x0d, 0x0a], [0x0d], [0x0a, 0x0a], [0x20]][Int(input.next()) % 6]
    if mode % 4 == 2, !bytes.isEmpty {
        let at = Int(input.next()) % bytes.count
        if input.next() & 1 == 0 { bytes.removeSubrange(at...) } else { bytes[at] = input.next() }
    }
    return bytes
}

/// A strict UTF-8 decoder written apart from the standard library's (which PinField uses for a
/// paste): nil for anything ill-formed — a stray continuation, a truncated sequence, an
/// overlong form, a surrogate, a value past U+10FFFF.
func decodeUTF8<C: Collection>(_ bytes: C) -> [Unicode.Scalar]? where C.Element == UInt8 {
    let b = Array(bytes)
    var scalars: [Unicode.Scalar] = []
    var i = 0
    while i < b.count {
        let lead = b[i]
        let n: Int, least: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7f: (n, least, value) = (1, 0, UInt32(lead))
        case 0xc2...0xdf: (n, least, value) = (2, 0x80, UInt32(lead & 0x1f))
        case 0xe0...0xef: (n, least, value) = (3, 0x800, UInt32(lead & 0x0f))
        case 0xf0...0xf4: (n, least, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return nil
        }
        guard i + n <= b.count else { return nil }
        for k in 1..<max(1, n) {
            guard b[i + k] & 0xc0 == 0x80 else { return nil }
            value = value << 6 | UInt32(b[i + k] & 0x3f)
        }
        guard value >= least, value <= 0x10ffff, let scalar = Unicode.Scalar(value) else { return nil }
        scalars.append(scalar)
        i += n
    }
    return scalars
}

/// The invariants of any field at rest: its secret is well-formed UTF-8 of characters it
/// accepts, one per counted character, within the capacity and the byte limit, and every byte
/// past the secret is zero.
func checkSecret(_ f: PinField, _ name: String = "entry") {
    check(f.length <= f.capacity, "\(name): length \(f.length) above capacity \(f.capacity)")
    check(f.secret.count <= f.byteLimit, "\(name): \(f.secret.count) bytes above the limit \(f.byteLimit)")
    let scalars = f.secret.withBytes { decodeUTF8($0) }
    check(scalars != nil, "\(name): the secret is not well-formed UTF-8")
    check(scalars!.count == f.length, "\(name): \(scalars!.count) characters stored, length says \(f.length)")
    check(scalars!.allSatisfy(f.accepts.contains), "\(name): a character the field refuses was stored")
    f.secret.withWholeCapacity { all in
        check(all[f.secret.count...].allSatisfy { $0 == 0 }, "\(name): bytes past the secret were not wiped")
    }
}

func bytes(of f: PinField) -> [UInt8] { f.secret.withBytes { Array($0) } }

// MARK: a passphrase entry against a model

/// A field beside a model of it (the characters it should hold, where its caret stands and what
/// is selected), driven by typing, deleting on either side of the caret, moving it (selecting or
/// not), selecting all, clearing, pasting and handing off; after every step the events, the
/// bytes, the caret and the selection must be exactly what the model says.
func fuzzEntry(_ input: inout ByteReader) {
    let accepts = input.pick([AcceptedCharacters.text, .text, .text, .printable, .digits])
    let small = input.next()
    // An entry takes up to 1023 characters; the digit and ASCII fields up to 100.
    let most = accepts == .text ? PinField.entryRange.upperBound : PinField.capacityRange.upperBound
    let capacity = small & 0x80 != 0 ? Int(small % 16) + 1 : (Int(input.next()) << 8 | Int(input.next())) % most + 1
    let limit = input.next()
    let byteLimit: Int? = input.pick([nil, 255, 1022, Int(limit % 64) + 1, Int(limit % 8) + 1])
    // A text field pastes as typed, or not at all (`.digits` is the digit fields' policy).
    let policy = accepts == .text ? input.pick([PastePolicy.text, .text, .deny]) : input.pick(PastePolicy.allCases)
    guard let field = try? PinField(capacity: capacity, pastePolicy: policy, accepts: accepts, byteLimit: byteLimit)
    else { return check(false, "the field refused capacity \(capacity)") }
    check(field.byteLimit == min(byteLimit ?? .max, capacity * accepts.bytesPerCharacter), "byte limit \(field.byteLimit)")
    // An entry that shows its characters moves and deletes by clusters, found here by String's
    // own characters; one of dots by characters.
    let shows = input.next() & 1 == 0
    field.showsCharacters = shows

    // The characters the field should hold, and where the caret stands among them.
    var model: [Unicode.Scalar] = []
    var caret = 0
    var modelBytes: [UInt8] { model.flatMap(utf8) }
    // Where a selection began; what lies between it and the caret is selected.
    var anchor: Int?
    var selection: Range<Int>? {
        guard let anchor, anchor != caret else { return nil }
        return min(anchor, caret)..<max(anchor, caret)
    }
    var selected: (characters: Int, bytes: Int) {
        selection.map { ($0.count, model[$0].flatMap(utf8).count) } ?? (0, 0)
    }
    // What is typed, pasted or deleted takes the selection first.
    func dropSelection() -> Bool {
        defer { anchor = nil }
        guard let selection else { return false }
        model.removeSubrange(selection)
        caret = selection.lowerBound
        return true
    }
    // A character refused at the byte limit refuses what follows until a deletion or a clear.
    var pastLimit = false
    func filled() -> [FieldEvent] {
        model.count == capacity ? [.changed(length: model.count), .completed] : [.changed(length: model.count)]
    }
    func typed(_ typed: Unicode.Scalar) -> [FieldEvent] {
        guard let s = accepts.stored(typed) else { return [.rejected(accepts.refusal)] }
        guard model.count - selected.characters < capacity else { return [.rejected(.full)] }
        guard !pastLimit, modelBytes.count - selected.bytes + utf8(s).count <= field.byteLimit else {
            pastLimit = true
            return [.rejected(.limit)]
        }
        _ = dropSelection()
        model.insert(s, at: caret)
        caret += 1
        return filled()
    }
    // Where clusters start and end: the only places the caret stops where the characters show.
    var places: [Int] {
        String(String.UnicodeScalarView(model)).reduce(into: [0]) { $0.append($0.last! + $1.unicodeScalars.count) }
    }
    func back() -> Int { shows ? places.last { $0 < caret } ?? 0 : max(0, caret - 1) }
    func forward() -> Int { shows ? places.first { $0 > caret } ?? model.count : min(model.count, caret + 1) }
    // BackSpace takes a Latin, Greek or Cyrillic letter with its accents, else one character.
    func backSpaced() -> Range<Int> {
        let start = back()
        let whole = shows && caret - start > 1 && model[start].properties.isAlphabetic && model[start].isLatinGreekOrCyrillic
        return whole ? start..<caret : max(0, caret - 1)..<caret
    }
    // A word is letters, digits, marks and `_`; going back, what separates it from the caret
    // goes too, and so going forward.
    func wordStart() -> Int {
        var i = caret, inWord = false
        while i > 0, !(inWord && !model[i - 1].isWordCharacter) { inWord = inWord || model[i - 1].isWordCharacter; i -= 1 }
        return i
    }
    func wordEnd() -> Int {
        var i = caret, inWord = false
        while i < model.count, !(inWord && !model[i].isWordCharacter) { inWord = inWord || model[i].isWordCharacter; i += 1 }
        return i
    }
    func removed(_ range: Range<Int>) -> [FieldEvent] {
        pastLimit = false
        if dropSelection() { return [.changed(length: model.count)] }
        guard !range.isEmpty else { return [] }
        model.removeSubrange(range)
        if range.upperBound <= caret { caret -= range.count }
        return [.changed(length: model.count)]
    }
    func pasted(_ bytes: [UInt8]) -> [FieldEvent] {
        var text = bytes[...]
        switch policy {
        case .deny: return [.rejected(.pasteDenied)]
        case .text:
            if text.last == 0x0a {
                text = text.dropLast()
                if text.last == 0x0d { text = text.dropLast() }
            }
        case .digits:
            let space: Set<UInt8> = [0x20, 0x09, 0x0a, 0x0d]
            while let f = text.first, space.contains(f) { text = text.dropFirst() }
            while let l = text.last, space.contains(l) { text = text.dropLast() }
        }
        guard !text.isEmpty else { return [.rejected(.pasteEmpty)] }
        guard let decoded = decodeUTF8(text), case let stored = decoded.compactMap(accepts.stored),
              stored.count == decoded.count else {
            return [.rejected(.pasteNotDigits)]
        }
        let scalars = stored
        guard !pastLimit, scalars.count <= capacity - model.count + selected.characters,
              modelBytes.count - selected.bytes + scalars.flatMap(utf8).count <= field.byteLimit else {
            return [.rejected(.pasteTooLong)]
        }
        _ = dropSelection()
        model.insert(contentsOf: scalars, at: caret)
        caret += scalars.count
        return filled()
    }

    while !input.isAtEnd {
        let step = input.next() % 10
        let expected: [FieldEvent], events: [FieldEvent]
        switch step {
        case 0, 1, 2:
            let s = nextScalar(&input)
            (events, expected) = (field.type(s), typed(s))
        case 3:
            let b = input.next()
            (events, expected) = (field.type(b), typed(Unicode.Scalar(b)))
        case 4:
            events = field.deleteBackward()
            expected = removed(backSpaced())
        case 5:
            events = field.clear()
            expected = model.isEmpty ? [] : [.changed(length: 0)]
            (model, caret, anchor, pastLimit) = ([], 0, nil, false)
        case 6:
            let bytes = nextPaste(&input)
            (events, expected) = (field.paste(bytes), pasted(bytes))
        case 7:
            let handed = field.handOff { Array($0) }
            check(handed == modelBytes, "handed off \(handed), the model holds \(modelBytes)")
            check(field.isEmpty && field.secret.isEmpty, "hand-off left characters behind")
            field.secret.withWholeCapacity { check($0.allSatisfy { $0 == 0 }, "hand-off did not wipe") }
            (events, expected) = ([], [])
            (model, caret, anchor, pastLimit) = ([], 0, nil, false)
        case 8:
            let move = input.pick([CaretMove.back, .forward, .wordBack, .wordForward, .start, .end])
            let target = switch move {
            case .back: back()
            case .forward: forward()
            case .wordBack: wordStart()
            case .wordForward: wordEnd()
            case .start: 0
            case .end: model.count
            }
            let selecting = input.next() & 1 == 0
            let moved = field.moveCaret(move, selecting: selecting)
            if selecting {
                check(moved == (target != caret), "\(move) selecting from \(caret) of \(model.count): moved \(moved)")
                anchor = anchor ?? caret
                caret = target
            } else if let selection {
                // Let go: back to its start, forward to its end, Home and End to the ends.
                check(moved, "\(move) letting \(selection) go did not move")
                caret = switch move {
                case .back, .wordBack: selection.lowerBound
                case .forward, .wordForward: selection.upperBound
                case .start: 0
                case .end: model.count
                }
                anchor = nil
            } else {
                check(moved == (target != caret), "\(move) from \(caret) of \(model.count): moved \(moved)")
                (caret, anchor) = (target, nil)
            }
            (events, expected) = ([], [])
        default:
            switch input.next() % 7 {
            case 0:
                events = field.deleteForward()
                expected = removed(caret..<forward())
            case 1:
                events = field.deleteWordBackward()
                expected = removed(wordStart()..<caret)
            case 2:
                events = field.deleteWordForward()
                expected = removed(caret..<wordEnd())
            case 3:
                events = field.deleteToEnd()
                expected = removed(caret..<model.count)
            case 4:
                let changes = !model.isEmpty && !(anchor == 0 && caret == model.count)
                check(field.selectAll() == changes, "select all of \(model.count) from \(String(describing: anchor))")
                if !model.isEmpty { (anchor, caret) = (0, model.count) }
                (events, expected) = ([], [])
            case 5:
                var (start, end) = (caret, caret)
                while start > 0, model[start - 1].isWordCharacter { start -= 1 }
                while end < model.count, model[end].isWordCharacter { end += 1 }
                check(field.selectWord() == (start < end), "select the word at \(caret) of \(model.count)")
                if start < end { (anchor, caret) = (start, end) }
                (events, expected) = ([], [])
            default:
                events = field.deleteToStart()
                expected = removed(0..<caret)
            }
        }
        check(events == expected, "step \(step): events \(events), the model expects \(expected)")
        check(field.length == model.count, "length \(field.length), the model holds \(model.count)")
        check(field.caret == caret, "caret at \(field.caret), the model's at \(caret)")
        check(field.selection == selection, "selection \(String(describing: field.selection)), the model's \(String(describing: selection))")
        check(bytes(of: field) == modelBytes, "the secret differs from the model's \(model.count) characters")
        checkSecret(field)
    }
    _ = field.clear()
    field.secret.withWholeCapacity { check($0.allSatisfy { $0 == 0 }, "clear did not wipe") }
}
