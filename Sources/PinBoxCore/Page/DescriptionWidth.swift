// SPDX-License-Identifier: MIT
/// How wide a dialog's description is set. gpg-agent breaks its descriptions where it wants
/// them ("…to unlock the OpenPGP secret key:", the user ID, the key, its date, each on a line of
/// its own); wrapped again at the usual column width, those lines broke in two and the dialog
/// came out tall and narrow, where pinentry-gtk-2 sets each whole. So the text column widens to
/// the description's widest line when that line is at most `widest` (`Metrics.descriptionWidest`);
/// a longer paragraph (a long sentence in one piece) wraps at the usual width, as before.
///
/// The description is measured once, each paragraph on one line (`natural`), as the page is made
/// (`DialogSpec.makePage`): that one measure gives the column's width and, whenever its lines
/// stand whole within the height bound, the description's height too, so the layout does not
/// measure it again (text for Pango is the dearest to measure).
public struct DescriptionWidth: Equatable, Sendable {
    /// The text measured and how it was set (its size and face): the measure holds for these alone.
    public let text: String
    public let style: TextStyle
    /// Each paragraph on one line: the widest line's width, all lines' height (device pixels).
    public let natural: Size

    public init(text: String, style: TextStyle, natural: Size) {
        self.text = text
        self.style = style
        self.natural = natural
    }

    /// `text` measured in `style`, unwrapped; an empty text is not measured.
    public init(_ text: String, style: TextStyle, measure: TextMeasure) {
        self.init(text: text, style: style, natural: text.isEmpty ? .zero : measure(text, style, nil))
    }

    /// The width the description asks of the text column: its widest line, when that is at
    /// most `widest`, and never less than `usual`; else `usual`, where its paragraphs wrap.
    public func column(usual: Double, widest: Double) -> Double {
        natural.width <= widest ? max(usual, natural.width.rounded(.up)) : usual
    }

    /// The description's height set `width` wide within `limit`, when the natural measure
    /// already says it (every line whole in that width, none left out under the limit); nil
    /// when it has to be measured at that width.
    public func height(width: Double, limit: Double) -> Double? {
        natural.width <= width && natural.height <= limit ? natural.height : nil
    }

    /// Whether this measure is of `text` set in `style`.
    public func measures(_ text: String, style: TextStyle) -> Bool {
        self.text == text && self.style == style
    }
}
