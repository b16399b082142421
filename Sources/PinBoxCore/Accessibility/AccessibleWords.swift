// SPDX-License-Identifier: MIT
/// The words the accessibility tree adds of its own (the page's texts come as the role wrote
/// them): how a PIN box's progress is said, names for a glyph-only button and the number pad's
/// delete key. English by default; a role passes its translation.
public struct AccessibleWords: Equatable, Sendable {
    /// A PIN box's progress: `{n}` and `{m}` stand for what is typed and how many it takes.
    public var entered = "{n} of {m} entered"
    /// The payment sheet's × button.
    public var close = "Close"
    /// The number pad's delete key.
    public var delete = "Delete"
    /// The wait cue: a security key waiting for a touch, a PIN typed on a reader's pinpad.
    public var waiting = "Waiting for your security key or card reader"
    /// A window without a title.
    public var untitled = "PinBox"

    public init() {}

    /// "3 of 6 entered".
    public func entered(_ n: Int, of m: Int) -> String {
        var out = "", rest = Substring(entered)
        while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            let tail = rest[brace...]
            if tail.hasPrefix("{n}") {
                out += String(n)
                rest = tail.dropFirst(3)
            } else if tail.hasPrefix("{m}") {
                out += String(m)
                rest = tail.dropFirst(3)
            } else {
                out += "{"
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }
}
