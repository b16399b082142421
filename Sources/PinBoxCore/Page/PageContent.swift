// SPDX-License-Identifier: MIT
/// What a page says and offers: the words around its entries and its buttons. Words from
/// callers (an ssh prompt, a gpg-agent description) are kept as given; the renderer makes
/// control characters and bidi overrides harmless.
public struct PageContent: Equatable, Sendable {
    /// The heading, and the window's title.
    public var title: String
    /// Several lines, wrapped to the page's width.
    public var description: String
    /// The description measured once as the page was made (`DialogSpec.makePage`), for the
    /// layout to use rather than measure it again; nil, or another text's, and it is measured.
    public var descriptionWidth: DescriptionWidth?
    /// The label just above the entry ("PIN", "Passphrase").
    public var prompt: String
    /// A red line under the entry ("Bad PIN (try 2 of 3)"); empty for none.
    public var error: String
    /// A grey line at the foot: the keys to use.
    public var hint: String
    public var buttons: [PageButton]
    /// An animated cue that the caller waits for something outside the window: a touch of a
    /// security key, a PIN typed on a reader's pinpad.
    public var waitCue: Bool
    /// A strength bar under the entry with this label (pinentry's SETQUALITYBAR), fed by
    /// `Page.setQuality` while a new passphrase is typed; nil for none.
    public var qualityLabel: String?
    /// What the strength bar says of itself when the pointer rests on it, and to a screen reader
    /// (pinentry's SETQUALITYBAR_TT); nil for nothing.
    public var qualityTooltip: String?
    /// A line shown whole under the description, never wrapped (a host key's fingerprint):
    /// the dialog widens to fit it. `label` goes above it.
    public var detail: PageDetail?
    /// The button the focus starts on when the page has no entry.
    public var defaultButton = PageButton.Role.ok
    /// The affirmative (OK) gives something away that cannot be had back (a key deleted, a
    /// key left unprotected): drawn in the destructive style, never as the default.
    public var destructive = false
    /// The line under the entry about the keyboard (Caps Lock, the layout); nil while it has
    /// nothing to say. The page sets it from the keyboard's state.
    public var keyboard: KeyboardNote?
    /// Grey lines under the entries: what the caller requires of a new passphrase (gpg-agent's
    /// constraint hints). Empty for none.
    public var notes = ""
    /// Shown under a suggested passphrase (gpg-agent's formatted-passphrase hint: "the blanks
    /// are not part of the passphrase").
    public var suggestionNote = ""
    /// Which way the dialog runs: a dialog's is its translation's (`DialogSpec.direction`); the
    /// payment sheet and the workbench stay left to right.
    public var direction = TextDirection.leftToRight

    public init(title: String = "", description: String = "", prompt: String = "", error: String = "",
                hint: String = "", buttons: [PageButton] = [], waitCue: Bool = false, qualityLabel: String? = nil) {
        self.qualityLabel = qualityLabel
        self.title = title
        self.description = description
        self.prompt = prompt
        self.error = error
        self.hint = hint
        self.buttons = buttons
        self.waitCue = waitCue
    }
}

/// A push button. Its label is written as pinentry writes it: `_` before the mnemonic letter
/// (`_OK` is Alt+O), `__` for a literal underscore.
public struct PageButton: Equatable, Sendable {
    public enum Role: String, Equatable, Sendable {
        /// Return, when no other button has the focus.
        case ok
        /// Escape.
        case cancel
        /// The third answer of a confirmation ("No" beside "Yes" and "Cancel").
        case notOK = "not-ok"
        /// A link that asks the caller for help and leaves the page open (the payment sheet's
        /// "Forgot password?"): reported as the `forgot` event.
        case forgot
        /// Show or hide what the passphrase entry holds; it sits at the start of the row.
        case reveal
        /// The answers to "Do you really want to make your passphrase visible?".
        case revealYes = "reveal-yes"
        case revealNo = "reveal-no"
        /// A checkbox on its own row above the others: "Save in password manager" (pinentry's
        /// `default-pwmngr`). It toggles; the page stays open.
        case savePassword = "save-password"
        /// A button that asks the caller for a passphrase to fill the entries with (pinentry's
        /// SETGENPIN, "Suggest"); it sits at the start of the row.
        case suggest
    }

    public var role: Role
    /// The label as shown, without mnemonic marks.
    public let text: String
    /// Where the mnemonic letter is in `text` (a character index), to underline it.
    public let mnemonicIndex: Int?
    /// The mnemonic, lower-cased.
    public let mnemonic: Unicode.Scalar?
    /// The label the button takes in turn (Hide for Show), without its marks: the button is as
    /// wide as the wider of the two, so that nothing in the dialog moves when it changes.
    public var alternateText: String?

    public init(_ role: Role, label: String) {
        self.role = role
        let parsed = MnemonicLabel(label)
        (text, mnemonicIndex, mnemonic) = (parsed.text, parsed.mnemonicIndex, parsed.mnemonic)
    }

    /// A button labelled `label`, given a mnemonic when the label has none (gpg-agent's show
    /// and hide labels are tooltips, with no `_`) or when its own is another button's (`_Show`
    /// beside the agent's `_Save in password manager`): the first letter no button in `others`
    /// uses and a key can type (`isTypedByAKey`); none when no letter is both.
    public init(_ role: Role, label: String, avoiding others: [PageButton]) {
        let plain = PageButton(role, label: label)
        let taken = others.compactMap { $0.mnemonic }
        if let key = plain.mnemonic, !taken.contains(key) { self = plain; return }
        // Its own letter is taken (or it has none): marked again from its text.
        var scalars = Array((plain.mnemonic == nil ? label : plain.text).unicodeScalars)
        // GTK's form for a label no key types, `表示(_S)`: the letter in the parentheses is the
        // label's only one, so the first free Latin letter takes its place there.
        if let index = plain.mnemonicIndex, Self.isParenthesised(scalars, at: index),
           let free = (UInt32(0x61)...0x7a).lazy.compactMap(Unicode.Scalar.init).first(where: { !taken.contains($0) }) {
            scalars[index] = Unicode.Scalar(free.value - 0x20)!
            self = PageButton(role, label: Self.label(scalars, markedAt: index))
            return
        }
        let index = scalars.firstIndex {
            $0.properties.isAlphabetic && Self.isTypedByAKey($0) && !taken.contains(MnemonicLabel.lowercased($0))
        }
        self = PageButton(role, label: Self.label(scalars, markedAt: index))
    }

    /// `scalars` as a label to parse (`MnemonicLabel`): its underscores kept as such, and the
    /// one at `index`, if any, marked as the mnemonic.
    private static func label(_ scalars: [Unicode.Scalar], markedAt index: Int?) -> String {
        var marked = ""
        for (i, scalar) in scalars.enumerated() {
            if i == index || scalar == "_" { marked += "_" }
            marked.unicodeScalars.append(scalar)
        }
        return marked
    }

    /// Whether the letter at `index` of a label's `scalars` is a Latin one in parentheses that
    /// end it, as GTK's Chinese, Japanese and Korean catalogues write a mnemonic: `表示(S)`.
    static func isParenthesised(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index >= 1, index == scalars.count - 2 else { return false }
        let letter = scalars[index].value
        return scalars[index - 1] == "(" && scalars[index + 1] == ")"
            && ((0x41...0x5a).contains(letter) || (0x61...0x7a).contains(letter))
    }

    /// The default buttons: `_OK` and `_Cancel`.
    public static let ok = PageButton(.ok, label: "_OK")
    public static let cancel = PageButton(.cancel, label: "_Cancel")

    /// Whether a keyboard layout has `s` on a key: Latin, Cyrillic, Greek, Arabic, Thai … do;
    /// Chinese, Japanese and Korean characters come from an input method, which a prompt holding
    /// the keyboard does not use, so Alt with one of them can never be pressed (gpg-agent's
    /// Chinese "使密码可见" would have promised Alt+使).
    static func isTypedByAKey(_ s: Unicode.Scalar) -> Bool {
        if s.properties.isIdeographic { return false }
        switch s.value {
        case 0x1100...0x11FF, 0x3040...0x30FF, 0x3100...0x312F, 0x3130...0x318F, 0x31A0...0x31FF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFF01...0xFFDC:
            // Hangul jamo, kana, bopomofo, Hangul compatibility jamo, bopomofo extended and
            // katakana extensions, Yi, Hangul syllables; full-width Latin (ＳＨＯＷ), half-width
            // katakana and Hangul.
            return false
        default:
            return true
        }
    }

}

/// What a page is for: a workbench to try fields on (the demo), or a prompt a caller waits on.
public enum PagePurpose: Equatable, Sendable {
    /// Escape clears a field before it cancels, Return submits and the page stays open, closing
    /// the window is its normal end.
    case workbench
    /// Escape cancels, Return answers, a submit ends the page, closing the window is a refusal.
    case prompt
}

/// The rules a page follows, from its options.
public struct PageRules: Equatable, Sendable {
    public var purpose: PagePurpose
    /// A workbench page ends after the first submit (`--exit-on-complete`).
    public var endAfterSubmit: Bool
    /// Seconds without a key before the page cancels itself.
    public var timeout: Double?
    /// The timeout is only for a dialog nobody types into: once an entry's text has changed
    /// it waits for the user (pinentry's SETTIMEOUT, as pinentry-gtk-2 honours it).
    public var timeoutEndsWithTyping = false
    /// Wipe every field when the window loses the focus or is hidden.
    public var clearOnBlur: Bool
    /// The user asked to see the secret in events (`--reveal`).
    public var reveal: Bool
    /// The buttons answer in words on stdout rather than by exit status: ssh reads `yes` or
    /// `no` (or a fingerprint) for its host-key question.
    public var answers: SpokenAnswers? = nil

    public init(purpose: PagePurpose = .workbench, endAfterSubmit: Bool = false, timeout: Double? = nil,
                clearOnBlur: Bool = false, reveal: Bool = false) {
        self.purpose = purpose
        self.endAfterSubmit = endAfterSubmit
        self.timeout = timeout
        self.clearOnBlur = clearOnBlur
        self.reveal = reveal
    }
}

/// What the OK and "not OK" buttons print when a prompt is answered in words.
public struct SpokenAnswers: Equatable, Sendable {
    public var yes: String
    public var no: String

    public init(yes: String, no: String) {
        self.yes = yes
        self.no = no
    }

    /// ssh's host-key question.
    public static let ssh = SpokenAnswers(yes: "yes", no: "no")
}

/// A labelled line a dialog shows whole: ssh's host-key fingerprint.
public struct PageDetail: Equatable, Sendable {
    public var label: String
    public var text: String
    /// Lines of ASCII art under the text, set in a fixed-width font (ssh's picture of a host
    /// key); nil for none.
    public var picture: String?

    public init(label: String, text: String, picture: String? = nil) {
        self.label = label
        self.text = text
        self.picture = picture
    }

    /// The line naming the program that asked (`CommandLineText`): gpg-agent's client in a
    /// pinentry's dialog, sudo in an askpass's.
    public static func askedBy(_ program: String) -> PageDetail {
        // TRANSLATORS: a label in a password dialog, above the command line of the program that
        // asked for the password, such as "gpg --sign report.txt" or "sudo apt upgrade".
        PageDetail(label: localized("Asked by"), text: program)
    }
}
