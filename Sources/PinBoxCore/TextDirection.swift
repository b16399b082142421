// SPDX-License-Identifier: MIT
/// Which way a dialog runs: left to right, or mirrored for a language written right to left.
/// The translation says it, as GTK's translations do (`default:RTL`): a language without a
/// catalogue, or with one that does not say, stays left to right whatever the locale, so a
/// mirrored dialog always comes with words in its language.
public enum TextDirection: Equatable, Sendable {
    case leftToRight
    case rightToLeft

    /// The direction the user's translation names, looked up each time: the pinentry follows
    /// the language gpg-agent names for its client (`OPTION lc-messages`).
    public static var ofTranslation: TextDirection {
        // TRANSLATORS: not words but your language's direction, as GTK's catalogues give it: translate as "default:RTL" for a language written right to left (Arabic, Hebrew, Persian), which mirrors the dialog; else keep "default:LTR".
        named(localized("default:LTR"))
    }

    /// Whether `value` belongs to a right-to-left script's block (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko and their presentation forms, the historic ones above the BMP).
    public static func isOfRightToLeftScript(_ value: UInt32) -> Bool {
        switch value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFC, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// `default:RTL` is right to left; anything else, a mistyped translation too, is not.
    public static func named(_ translation: String) -> TextDirection {
        translation == "default:RTL" ? .rightToLeft : .leftToRight
    }
}
