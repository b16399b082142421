// SPDX-License-Identifier: MIT
/// The words that go with the field's error and success looks: one short line the page shows
/// under the field, in plain language, naming what to do rather than what went wrong. In the
/// user's language (`Words`).
public enum FeedbackMessage {
    /// Shown with the success look after a submit.
    public static var submitted: String { localized("Submitted") }

    /// The line for a refused input, for a field of `capacity` cells taking `accepts`.
    public static func text(for reason: RejectReason, capacity: Int,
                            accepts: AcceptedCharacters = .digits) -> String {
        let digits = accepts == .digits
        let n = String(capacity)
        switch reason {
        case .notADigit: return localized("Digits only")
        case .notPrintable: return localized("Letters, digits and symbols only")
        case .numLockOff: return localized("Turn Num Lock on to type digits")
        case .limit: return localized("That is as long as it can be")
        case .full:
            return digits
                ? localizedPlural("All %s digit is in: press Return", "All %s digits are in: press Return", capacity, n)
                : localizedPlural("All %s character is in: press Return", "All %s characters are in: press Return",
                                  capacity, n)
        case .pasteDenied: return digits ? localized("Pasting is off: type the digits")
            : localized("Pasting is off: type the characters")
        case .pasteNotDigits: return digits ? localized("Paste digits only")
            : localized("Paste letters, digits and symbols only")
        case .pasteTooLong:
            // Text is capped in bytes (what the caller reads), which no count of characters says.
            return digits
                ? localizedPlural("Too long to paste: %s digit at most", "Too long to paste: %s digits at most", capacity, n)
                : localized("Too long to paste")
        case .pasteEmpty: return localized("Nothing to paste")
        case .pasteUnavailable: return localized("Could not paste")
        case .copyDenied: return digits ? localized("Hidden digits cannot be copied")
            : localized("Hidden characters cannot be copied")
        case .incomplete:
            return digits ? localizedPlural("Enter the %s digit", "Enter all %s digits", capacity, n)
                : localizedPlural("Enter the %s character", "Enter all %s characters", capacity, n)
        case .textTooLong:
            return digits ? localizedPlural("At most %s digit", "At most %s digits", capacity, n)
                : localizedPlural("At most %s character", "At most %s characters", capacity, n)
        case .textNotDigits: return digits ? localized("Digits only") : localized("Letters, digits and symbols only")
        case .answerNeeded: return localized("Choose Yes or No, or type a fingerprint")
        case .noSuchSequence: return localized("Those keys make no character")
        case .sentByAnotherProgram: return localized("Keys sent by another program are refused")
        case .clickSentByAnotherProgram: return localized("Clicks from another program are refused")
        }
    }
}
