/// The words that go with the field's error and success looks: one short line the page shows
/// under the field, in plain language, naming what to do rather than what went wrong.
public enum FeedbackMessage {
    /// Shown with the success look after a submit.
    public static let submitted = "Submitted"

    /// The line for a refused input, for a field of `capacity` cells taking `accepts`.
    public static func text(for reason: RejectReason, capacity: Int,
                            accepts: AcceptedCharacters = .digits) -> String {
        let noun = accepts.noun
        switch reason {
        case .notADigit: return "Digits only"
        case .notPrintable: return "Letters, digits and symbols only"
        case .limit: return "That is as long as it can be"
        case .full: return "All \(capacity) \(noun)s are in: press Return"
        case .pasteDenied: return "Pasting is off: type the \(noun)s"
        case .pasteNotDigits: return accepts == .digits ? "Paste digits only" : "Paste letters, digits and symbols only"
        case .pasteTooLong: return "Too long to paste: \(capacity) \(noun)s at most"
        case .pasteEmpty: return "Nothing to paste"
        case .pasteUnavailable: return "Could not paste"
        case .copyDenied: return "Hidden \(noun)s cannot be copied"
        case .incomplete: return "Enter all \(capacity) \(noun)s"
        case .textTooLong: return "At most \(capacity) \(noun)s"
        case .textNotDigits: return accepts == .digits ? "Digits only" : "Letters, digits and symbols only"
        case .noSuchSequence: return "Those keys make no character"
        }
    }
}
