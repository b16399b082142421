// SPDX-License-Identifier: MIT
/// Characters selected in one entry, by index: what a name's PRIMARY selection holds
/// (`Page.primarySelection`).
public struct EntrySelection: Equatable, Sendable {
    public let field: Int
    public let characters: Range<Int>

    public init(field: Int, characters: Range<Int>) {
        self.field = field
        self.characters = characters
    }
}
