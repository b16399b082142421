// SPDX-License-Identifier: MIT
import PinBoxCore

/// pinentry's English defaults, which a request carries when the agent sent no words of its own
/// (no SETOK, no `default-ok`, no SETREPEATERROR): shown in the user's language, in the window
/// and on the terminal alike. The agent's own words are shown as sent (it translates them).
public enum PinentryWords {
    /// The repeat's mismatch when the agent sent no SETREPEATERROR (pinentry's own words).
    public static let mismatch = "does not match - try again"

    /// `text` as a dialog shows it: one of pinentry's defaults translated, else as it came.
    public static func shown(_ text: String) -> String {
        switch text {
        case "_OK": localized("_OK")
        case "_Cancel": localized("_Cancel")
        case mismatch: localized("does not match - try again")
        default: text
        }
    }
}
