// SPDX-License-Identifier: MIT
/// A dialog as the roles describe it (askpass from its prompt, pinentry from SETDESC, SETPROMPT,
/// SETOK…, `pinbox render` from its options): turned into a `Page` by `makePage`.
public struct DialogSpec: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Ask for a secret.
        case entry(EntryKind)
        /// Ask yes or no; with `notOK`, a third answer.
        case confirm(notOK: Bool)
        /// Say something; one button.
        case message
        /// Say something and wait to be ended by the caller: no button.
        case notice
        /// ssh's host-key question: No and Yes, printed as `no` and `yes`; with `entry`, the
        /// fingerprint may be typed instead (ssh compares it with the key's).
        case hostKey(entry: Bool)
    }

    public var kind: Kind
    public var title = ""
    public var description = ""
    /// The entry's label.
    public var prompt = ""
    public var error = ""
    public var okLabel = "_OK"
    public var cancelLabel = "_Cancel"
    public var notOKLabel = "_No"
    /// A button before Cancel, in an entry dialog or a notice that cancels, that ends it
    /// unanswered as "not OK" (`PageOutcome.notConfirmed`): polkit's "Another user". Nil for none.
    public var alternativeLabel: String?
    /// The wait cue: a security key waiting for a touch, a reader's pinpad.
    public var waitCue = false
    /// Whether a notice has a Cancel button: the user may give up what it waits for (polkit's
    /// authentication while PAM waits for a finger), where its caller listens for that.
    public var noticeCancels = false
    /// A strength bar under the entry, with this label (pinentry's SETQUALITYBAR).
    public var qualityLabel: String?
    /// The strength bar's tooltip (pinentry's SETQUALITYBAR_TT).
    public var qualityTooltip: String?
    /// What the entry takes, and how many bytes the caller can read.
    public var accepts = AcceptedCharacters.text
    public var byteLimit = 1022
    /// A second entry that must match the first (a new passphrase), and what a mismatch says.
    public var repeatPrompt: String?
    public var repeatError = "The two entries do not match"
    /// The words under the entry while Caps Lock is on (the caller's own, translated, when it
    /// sent them: pinentry's `default-capshint`).
    public var capsLockWarning = localized("Caps Lock is on")
    public var timeout: Double?
    /// See `PageRules.timeoutEndsWithTyping`.
    public var timeoutEndsWithTyping = false
    public var scale = 1.0
    /// Light or dark, normal or high contrast (`Palette`): the roles ask the display
    /// (`XDisplay.desktopChoices`) unless the user named both; `pinbox render` draws light and
    /// normal unless told.
    public var appearance = Appearance()
    /// How it moves: the roles ask the display too; `pinbox render` draws with GTK's defaults.
    public var motion = Motion()
    /// The face and size of its text: the desktop's font (`XDisplay.desktopChoices`); nil,
    /// DejaVu Sans at the dialog's own size, where the desktop names none and for `pinbox render`.
    public var font: DesktopFont?
    /// How its letters are rasterised: as the desktop says (`XDisplay.desktopChoices`).
    public var textRendering = TextRendering.standard
    /// Which way the dialog runs: as the user's translation says, unless told.
    public var direction = TextDirection.ofTranslation
    /// The height of the area the window opens in, in device pixels, when known: a description
    /// too long for the dialog's usual height grows into it (`DialogLayout`'s `room`).
    public var room: Double?
    /// The entry shows what is typed (a name, a one-time code, a fingerprint) rather than dots.
    public var showsTyping = false
    /// A Show/Hide button for a hidden entry; nil for none.
    public var reveal: RevealButton?
    /// A line shown whole: a host key's fingerprint.
    public var detail: PageDetail?
    /// Whether a passphrase entry takes pasted text (from a password manager); PIN boxes never
    /// do (seed 001 denies paste). Off with the roles' `--paste off` or their `paste: off` resource.
    public var paste = true
    /// gpg-agent's offers on a passphrase entry (Page+Agent.swift): the "Save in password
    /// manager" checkbox's label, the Suggest button's, whether a suggestion shows in groups and
    /// what is said under it, the constraint hints, and whether OK asks the caller first.
    public var savePasswordLabel: String?
    /// The checkbox starts ticked: the user ticked it in an earlier dialog of the session.
    public var savePasswordTicked = false
    public var suggestLabel: String?
    public var groupsSuggestion = false
    public var suggestionNote = ""
    public var notes = ""
    public var checksBeforeSubmit = false
    /// The dots' curve (`Easing.promptDefault`; `pinbox askpass --easing` chooses another).
    public var easing = Easing.promptDefault
    /// The button the focus starts on when the dialog has no entry: Cancel for a question
    /// (Return must not answer yes by accident, as pinentry-gtk-2 and pinentry-fltk do), OK for
    /// a message. Nil keeps the kind's own (`Kind.confirm`: Cancel).
    public var defaultButton: PageButton.Role?
    /// The affirmative is destructive (`PageContent.destructive`).
    public var destructive = false
    /// Keys and clicks that would press a button are ignored until the dialog has been shown
    /// this long (`Page.armingDelay`); nil for none.
    public var armingDelay: Double?

    public init(kind: Kind) {
        self.kind = kind
    }

    /// The page for this dialog. Its entries can be made again at another scale (`Page.remake`),
    /// for a prompt that follows the screen's resolution while it is open.
    public func makePage(refreshRate: Double = 60, measure: @escaping TextMeasure) throws(ConfigurationError) -> Page {
        let page = try page(refreshRate: refreshRate, measure: measure)
        page.remake = { s, font in
            var spec = self
            (spec.scale, spec.font) = (s, font)
            return try? spec.page(refreshRate: refreshRate, measure: measure).fields
        }
        return page
    }

    private func page(refreshRate: Double, measure: @escaping TextMeasure) throws(ConfigurationError) -> Page {
        var rules = PageRules(purpose: .prompt, timeout: timeout)
        let palette = appearance.palette
        rules.timeoutEndsWithTyping = timeoutEndsWithTyping
        // A caller's trailing newline (gpg-agent's descriptions end in %0A) is no empty line.
        var content = PageContent(title: Self.trimmed(title),
                                  description: descriptionBesideLabel,
                                  error: Self.trimmed(error), waitCue: waitCue, qualityLabel: qualityLabel.map(Self.label))
        content.detail = detail
        if qualityLabel != nil { content.qualityTooltip = qualityTooltip.map(Self.trimmed).flatMap { $0.isEmpty ? nil : $0 } }
        content.destructive = destructive
        content.direction = direction
        // Measured once, here: the column's width, the entries' and the layout's all come from it.
        let metrics = DialogLayout.Metrics(font: font)
        content.descriptionWidth = DialogLayout.descriptionWidth(content, measure: measure, metrics: metrics,
                                                                 scale: scale)
        let ok = PageButton(.ok, label: okLabel), cancel = PageButton(.cancel, label: cancelLabel)
        // Entries as wide as the text column the buttons and a fingerprint's line make (a
        // fingerprint's entry wider still where the typed fingerprint needs it).
        func columnWidth() -> Double { DialogLayout.columnWidth(content, measure: measure, metrics: metrics, scale: scale) }
        // The entries grow with a larger font, as the text does.
        let entryScale = font?.entryScale(scale) ?? scale
        // A question's one entry, where it has one: ssh's fingerprint typed.
        var fingerprint: [PageField] = []
        switch kind {
        case .entry(let entry):
            content.buttons = alternative(before: [cancel, ok])
            // Tab goes as the eye does: the checkbox's row, then the button row from its start
            // (Suggest, Show, then the answers).
            let save = savePasswordLabel.map { PageButton(.savePassword, label: $0) }
            let suggest = suggestLabel.map { PageButton(.suggest, label: $0) }
            if let reveal {
                let others = content.buttons + [save, suggest].compactMap { $0 }
                content.buttons.insert(reveal.button(showing: true, avoiding: others), at: 0)
            }
            if let suggest { content.buttons.insert(suggest, at: 0) }
            if let save { content.buttons.insert(save, at: 0) }
            content.notes = notes
            content.suggestionNote = suggestionNote
            let prompt = Self.label(prompt)
            let width = columnWidth()
            var fields = [try entry.makeField(name: "entry", label: prompt, accepts: accepts, byteLimit: byteLimit,
                                              scale: entryScale, width: width, easing: easing, palette: palette)]
            if let repeatPrompt {
                fields.append(try entry.makeField(name: "repeat", label: Self.label(repeatPrompt), accepts: accepts,
                                                  byteLimit: byteLimit, scale: entryScale, width: width, easing: easing,
                                                  palette: palette))
            }
            // A name or a one-time code is no secret: shown as typed.
            for i in fields.indices { (fields[i].revealed, fields[i].holdsNoSecret) = (showsTyping, showsTyping) }
            if case .passphrase = entry, paste {
                for f in fields { f.field.pastePolicy = .text }
            }
            let page = Page(dialog: fields, content: content, entry: entry, repeats: repeatPrompt != nil,
                            rules: rules, scale: scale, font: font, room: room, refreshRate: refreshRate,
                            measure: measure)
            page.repeatError = repeatError
            page.reveal = reveal
            page.capsLockWarning = capsLockWarning
            page.agent.groupsSuggestion = groupsSuggestion
            page.agent.checksBeforeSubmit = checksBeforeSubmit
            page.agent.savePassword = savePasswordLabel != nil && savePasswordTicked
            return dressed(page)
        case .hostKey(let entry):
            rules.answers = .ssh
            let no = PageButton(.notOK, label: notOKLabel)
            content.buttons = [no, ok]
            // With no entry, Return must not trust a key: the focus starts on No.
            content.defaultButton = .notOK
            if entry {
                var field = try EntryKind.passphrase.makeField(name: "fingerprint", label: prompt, accepts: .text,
                                                               byteLimit: byteLimit, scale: entryScale,
                                                               width: max(columnWidth(), fingerprintRoom(measure, scale: entryScale)),
                                                               palette: palette)
                // A key's fingerprint is public: shown, and read by a screen reader, as typed.
                (field.revealed, field.holdsNoSecret) = (true, true)
                // ssh takes the fingerprint pasted from where the host's owner published it.
                if paste { field.field.pastePolicy = .text }
                fingerprint = [field]
            }
        case .confirm(let notOK):
            content.buttons = notOK ? [PageButton(.notOK, label: notOKLabel), cancel, ok] : [cancel, ok]
            // A question starts on its safe answer: a Return typed without reading cancels.
            content.defaultButton = defaultButton ?? .cancel
        case .message:
            content.buttons = [ok]
        case .notice:
            // What the wait is for, above the cue (polkit's PAM: "Swipe your finger…").
            content.notes = notes
            if noticeCancels { content.buttons = alternative(before: [cancel]) }
        }
        let page = Page(dialog: fingerprint, content: content, entry: nil, rules: rules, scale: scale, font: font,
                        room: room, refreshRate: refreshRate, measure: measure)
        page.armingDelay = armingDelay
        return dressed(page)
    }

    /// `buttons`, after the alternative button where there is one.
    private func alternative(before buttons: [PageButton]) -> [PageButton] {
        guard let alternativeLabel else { return buttons }
        return [PageButton(.notOK, label: alternativeLabel, avoiding: buttons)] + buttons
    }

    /// `page` in this dialog's colours, motion and text rendering.
    private func dressed(_ page: Page) -> Page {
        page.palette = appearance.palette
        page.motion = motion
        page.textRendering = textRendering
        return page
    }

    /// The width, in whole cells, of an entry that shows the fingerprint typed whole: in the
    /// entry's own type size, between its padding, with the caret after it.
    private func fingerprintRoom(_ measure: TextMeasure, scale: Double) -> Double {
        guard let fingerprint = detail?.text else { return 0 }
        let theme = Theme.passphrase
        let typed = measure(fingerprint, TextStyle(size: theme.empty.font.size * scale), nil).width
        let cell = theme.cellSize.width * scale
        return ((typed + (2 * theme.padding + 1) * scale) / cell).rounded(.up) * cell
    }

    /// A label as a dialog shows it: without the colon a terminal's prompt ends in ("PIN:"),
    /// for every role and for `pinbox render` alike.
    public static func label(_ text: String) -> String {
        var text = text
        // Blank ends and colons in any order; the full-width colon too: Chinese and Japanese
        // prompts end in "：".
        while let last = text.unicodeScalars.last,
              last == ":" || last == "\u{FF1A}" || last == " " || last == "\n" || last == "\t" || last == "\r" {
            text.unicodeScalars.removeLast()
        }
        return text
    }

    /// The description as shown above the entry, without a last line that only names the
    /// entry: a prompt of "Password:" alone, or a notice ending in it (PAM's "Your password
    /// expires in 3 days" over "Password: "), above an entry labelled "Password" would say the
    /// same thing twice, so the label says it.
    var descriptionBesideLabel: String {
        let text = Self.trimmed(description)
        guard case .entry = kind else { return text }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let last = lines.last,
              PromptText.lowercased(Self.label(String(last))) == PromptText.lowercased(Self.label(prompt))
        else { return text }
        lines.removeLast()
        return Self.trimmed(lines.joined(separator: "\n"))
    }

    /// `text` without the blank lines, spaces and tabs it ends in.
    public static func trimmed(_ text: String) -> String {
        var text = text
        while let last = text.unicodeScalars.last, last == "\n" || last == " " || last == "\t" || last == "\r" {
            text.unicodeScalars.removeLast()
        }
        return text
    }
}
