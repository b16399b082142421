// SPDX-License-Identifier: MIT
/// The characters a plain field or a suggestion shows, left where they are: in the field's
/// locked buffer. A scene holds this, never a copy of what the buffer holds, and the painter
/// reads the bytes in place while it draws the scene, right after the scene was made. The
/// buffer's revision tells two scenes' characters apart without reading them.
public struct ShownCharacters: Equatable, @unchecked Sendable {
    private let secret: SecretBuffer
    /// The character shown first: a long entry in boxes scrolls to keep its end in view.
    public let first: Int
    /// The buffer's revision when the scene was made.
    public let revision: Int

    public init(_ secret: SecretBuffer, first: Int = 0) {
        self.secret = secret
        self.first = first
        revision = secret.revision
    }

    public static func == (a: ShownCharacters, b: ShownCharacters) -> Bool {
        a.secret === b.secret && a.first == b.first && a.revision == b.revision
    }

    /// Calls `body` with each character from `first` on, in order: its place (0 for `first`)
    /// and its UTF-8 bytes, in the locked buffer. `body` returns false to stop.
    public func forEachCharacter(_ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        secret.withBytes { bytes in
            var start = 0, index = 0
            while start < bytes.count {
                var end = start + 1
                // UTF-8 continuation bytes are 10xxxxxx.
                while end < bytes.count && bytes[end] & 0xc0 == 0x80 { end += 1 }
                if index >= first, !body(index - first, UnsafeBufferPointer(rebasing: bytes[start..<end])) { return }
                start = end
                index += 1
            }
        }
    }

    /// Calls `body` with the UTF-8 bytes of each group of `size` characters from `first` on, in
    /// order, in the locked buffer (a suggestion shown in groups of five); nil: all in one.
    public func forEachGroup(of size: Int?, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var group: UnsafeBufferPointer<UInt8>?
        forEachCharacter { index, character in
            // The characters lie one after another in the buffer: a group grows over them.
            if let current = group, size.map({ index % $0 != 0 }) ?? true {
                group = UnsafeBufferPointer(start: current.baseAddress, count: current.count + character.count)
            } else {
                if let group { body(group) }
                group = character
            }
            return true
        }
        if let group { body(group) }
    }

    /// Whether they make a right-to-left paragraph (`SecretBuffer.runsRightToLeft`).
    public var runRightToLeft: Bool { secret.runsRightToLeft }

    /// Calls `body` with every byte held, from the first character (a run of text shows them
    /// all), and with those of the characters before character `caret` (where the caret is drawn).
    public func withAllBytes<R>(caret: Int, _ body: (_ all: UnsafeBufferPointer<UInt8>,
                                                     _ before: UnsafeBufferPointer<UInt8>) -> R) -> R {
        secret.withBytes { body($0, bytes(before: caret, in: $0)) }
    }

    /// Those of `all` (every byte held, as `withAllBytes` hands them) that the characters before
    /// character `index` take, in place: where a selection's ends are drawn.
    public func bytes(before index: Int, in all: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all.prefix(secret.offset(ofCharacter: index)))
    }
}
