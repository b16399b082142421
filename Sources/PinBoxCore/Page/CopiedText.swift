// SPDX-License-Identifier: MIT
/// Text copied out of an entry for the clipboard, in a locked buffer of its own, taken when it
/// was copied (a cut deletes it from the entry right after).
public struct CopiedText: Equatable, @unchecked Sendable {
    public let bytes: SecretBuffer

    public init(_ bytes: SecretBuffer) { self.bytes = bytes }

    /// The same bytes.
    public static func == (a: CopiedText, b: CopiedText) -> Bool {
        a.bytes.withBytes { x in b.bytes.withBytes { y in x.elementsEqual(y) } }
    }
}
