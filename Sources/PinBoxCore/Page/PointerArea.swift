// SPDX-License-Identifier: MIT
/// A part of a page over which the pointer takes another shape than the window's, as over the
/// same part of any program on the desktop: a text cursor over an entry, a hand over a link.
public struct PointerArea: Equatable, Sendable {
    public enum Shape: Equatable, Sendable {
        case text
        case link
    }

    /// Where, in the window's pixels.
    public var rect: Rect
    public var shape: Shape

    public init(_ rect: Rect, _ shape: Shape) {
        self.rect = rect
        self.shape = shape
    }
}
