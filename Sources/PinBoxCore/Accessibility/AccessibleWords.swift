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
    /// The active keyboard layout, said as it shows and as it changes: `{name}` stands for
    /// its name.
    public var layout = "Keyboard layout: {name}"

    public init() {}

    /// "3 of 6 entered".
    public func entered(_ n: Int, of m: Int) -> String {
        filled(entered, [("{n}", String(n)), ("{m}", String(m))])
    }

    /// "Keyboard layout: Russian".
    public func layout(_ name: String) -> String {
        filled(layout, [("{name}", name)])
    }

    /// `template` with each placeholder of `values` replaced by its value; other braces kept.
    private func filled(_ template: String, _ values: [(String, String)]) -> String {
        var out = "", rest = Substring(template)
        while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            let tail = rest[brace...]
            if let (key, value) = values.first(where: { tail.hasPrefix($0.0) }) {
                out += value
                rest = tail.dropFirst(key.count)
            } else {
                out += "{"
                rest = tail.dropFirst()
            }
        }
        return out + rest
    }
}
