// SPDX-License-Identifier: MIT
/// What a `PinField` reports after each operation, in order.
public enum FieldEvent: Equatable, Sendable {
    /// The number of digits changed; carries the new length, never the digits.
    case changed(length: Int)
    /// The field just became full. Fires once per fill: deleting and refilling fires again.
    case completed
    /// An input was refused whole; the field is unchanged.
    case rejected(RejectReason)
}

/// Why an input was refused. `rawValue` is the name used in the program's JSON events.
public enum RejectReason: String, Equatable, Sendable, CaseIterable {
    /// A key that is not 0–9.
    case notADigit = "not-a-digit"
    /// A key that is not a printable ASCII character, in a field that takes them.
    case notPrintable = "not-printable"
    /// A digit's key of the keypad with Num Lock off.
    case numLockOff = "num-lock-off"
    /// A digit typed into a full field (seed 001: a 7th digit is ignored).
    case full
    /// A character past the byte limit of the program that asked (ssh reads 1023 bytes,
    /// gpg-agent 255): refused visibly rather than cut silently by the reader.
    case limit
    /// A paste while the paste policy is `deny` (seed 001).
    case pasteDenied = "paste-denied"
    /// A paste with anything but accepted characters in it (seed 000: digits).
    case pasteNotDigits = "paste-not-digits"
    /// A paste longer than the room left.
    case pasteTooLong = "paste-too-long"
    /// A paste with nothing in it.
    case pasteEmpty = "paste-empty"
    /// A paste that could not be fetched: no owner answered in time, or it was too big.
    case pasteUnavailable = "paste-unavailable"
    /// Ctrl+C on a secure field: dots are never copied.
    case copyDenied = "copy-denied"
    /// Return on a field that is not full yet.
    case incomplete
    /// `setText` with more digits than the capacity (seed 003).
    case textTooLong = "text-too-long"
    /// `setText` with a character the field does not accept.
    case textNotDigits = "text-not-digits"
    /// Return in the empty entry of a question that wants a button (ssh's host key: Yes, No,
    /// or the fingerprint typed).
    case answerNeeded = "answer-needed"
    /// The keys of a dead-key or Compose sequence that the compose table has no character for.
    case noSuchSequence = "no-such-sequence"
    /// A key another program sent (XSendEvent) where a secret is typed: never taken, and said, so
    /// that keys a program meant to type for the user (a script's, a password manager's that
    /// does not type through the keyboard) are not lost without a word, and keys forged behind
    /// the user's back are seen.
    case sentByAnotherProgram = "sent-by-another-program"
    /// A click another program sent where a secret is typed: never taken (a forged click on
    /// Show would show the secret, one on OK would answer for the user), and said, as a key is.
    case clickSentByAnotherProgram = "click-sent-by-another-program"
}

/// How a field treats a paste.
public enum PastePolicy: String, Sendable, CaseIterable {
    /// Refuse every paste (seed 001 hides the edit menu and denies paste).
    case deny
    /// Accept a paste only if every character is one the field accepts (a digit, by default)
    /// and it fits (seed 000).
    case digits
    /// Accept pasted text as it would be typed (a passphrase from a password manager): every
    /// character one the field takes, only a line break at its end dropped, refused whole
    /// otherwise. Spaces around it are kept: they may be part of the passphrase.
    case text
}
