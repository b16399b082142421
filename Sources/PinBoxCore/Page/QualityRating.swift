// SPDX-License-Identifier: MIT
/// The strength bar's reading of the agent's rating (-100…100, pinentry's INQUIRE QUALITY), in
/// words: the number alone says nothing a user can act on, and a long red bar for -60 read as
/// "strong". Thresholds: below 0 the agent would refuse it (Too weak: an empty bar, red); 0…39
/// Weak (red); 40…69 Fair (amber); 70…100 Strong (green). The bar's length is the rating, 0 for
/// a negative one.
public enum QualityRating: Equatable, Sendable {
    case tooWeak, weak, fair, strong

    public init(_ value: Int) {
        switch value {
        case ..<0: self = .tooWeak
        case ..<40: self = .weak
        case ..<70: self = .fair
        default: self = .strong
        }
    }

    /// What the bar says beside it, in the user's language.
    public var words: String {
        switch self {
        case .tooWeak: localized("Too weak")
        case .weak: localized("Weak")
        case .fair: localized("Fair")
        case .strong: localized("Strong")
        }
    }

    /// How much of the track the bar fills, 0…1.
    public static func fraction(_ value: Int) -> Double {
        Double(max(0, min(100, value))) / 100
    }

    /// The bar's and the words' colour in `palette`: its error, warning or success colour, each
    /// at least 3:1 on the track and 4.5:1 on the page (`Palette`).
    public func color(in palette: Palette) -> Color {
        switch self {
        case .tooWeak, .weak: palette.error
        case .fair: palette.warning
        case .strong: palette.success
        }
    }
}
