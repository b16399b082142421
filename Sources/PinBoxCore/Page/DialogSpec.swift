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
    /// The wait cue: a security key waiting for a touch, a reader's pinpad.
    public var waitCue = false
    /// A strength bar under the entry, with this label (pinentry's SETQUALITYBAR).
    public var qualityLabel: String?
    /// What the entry takes, and how many bytes the caller can read.
    public var accepts = AcceptedCharacters.text
    public var byteLimit = 1022
    /// A second entry that must match the first (a new passphrase), and what a mismatch says.
    public var repeatPrompt: String?
    public var repeatError = "The two entries do not match"
    public var timeout: Double?
    public var scale = 1.0
    /// Whether a passphrase entry takes pasted text (from a password manager); PIN boxes never
    /// do (seed 001 denies paste). Off with the roles' `--paste off` or their `paste: off` resource.
    public var paste = true
    /// gpg-agent's offers on a passphrase entry (Page+Agent.swift): the "Save in password
    /// manager" checkbox's label, the Suggest button's, whether a suggestion shows in groups and
    /// what is said under it, the constraint hints, and whether OK asks the caller first.
    public var savePasswordLabel: String?
    public var suggestLabel: String?
    public var groupsSuggestion = false
    public var suggestionNote = ""
    public var notes = ""
    public var checksBeforeSubmit = false

    public init(kind: Kind) {
        self.kind = kind
    }

    /// The page for this dialog.
    public func makePage(refreshRate: Double = 60, measure: @escaping TextMeasure) throws(ConfigurationError) -> Page {
        let rules = PageRules(purpose: .prompt, timeout: timeout)
        var content = PageContent(title: title, description: description, error: error, waitCue: waitCue,
                                  qualityLabel: qualityLabel)
        let ok = PageButton(.ok, label: okLabel), cancel = PageButton(.cancel, label: cancelLabel)
        switch kind {
        case .entry(let entry):
            content.buttons = [cancel, ok]
            // Tab goes as the eye does: the checkbox's row, then the button row from its start.
            if let suggestLabel { content.buttons.insert(PageButton(.suggest, label: suggestLabel), at: 0) }
            if let savePasswordLabel { content.buttons.insert(PageButton(.savePassword, label: savePasswordLabel), at: 0) }
            content.notes = notes
            content.suggestionNote = suggestionNote
            let width = DialogLayout.Metrics().width * scale
            var fields = [try entry.makeField(name: "entry", label: prompt, accepts: accepts, byteLimit: byteLimit,
                                              scale: scale, width: width)]
            if let repeatPrompt {
                fields.append(try entry.makeField(name: "repeat", label: repeatPrompt, accepts: accepts,
                                                  byteLimit: byteLimit, scale: scale, width: width))
            }
            if case .passphrase = entry, paste {
                for f in fields { f.field.pastePolicy = .text }
            }
            let page = Page(dialog: fields, content: content, entry: entry, repeats: repeatPrompt != nil,
                            rules: rules, scale: scale, refreshRate: refreshRate, measure: measure)
            page.repeatError = repeatError
            page.agent.groupsSuggestion = groupsSuggestion
            page.agent.checksBeforeSubmit = checksBeforeSubmit
            return page
        case .confirm(let notOK):
            content.buttons = notOK ? [PageButton(.notOK, label: notOKLabel), cancel, ok] : [cancel, ok]
        case .message:
            content.buttons = [ok]
        case .notice:
            break
        }
        return Page(dialog: [], content: content, entry: nil, rules: rules, scale: scale, refreshRate: refreshRate,
                    measure: measure)
    }
}
