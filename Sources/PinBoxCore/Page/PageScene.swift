// SPDX-License-Identifier: MIT
/// A page as one picture, frozen: what the renderer draws and nothing it could leak (fields
/// come as `FieldScene`s, which carry no secret).
public struct PageScene: Equatable, Sendable {
    public var geometry: PageGeometry
    public var content: PageContent
    public var labels: [String]
    public var fields: [FieldScene]
    /// The focusable with the keyboard focus (fields, then buttons), while the window has it.
    public var focusRing: Int?
    /// The red line under the entry: feedback on a refused key, else the caller's error.
    public var message: String
    /// The message line asks a question (before a passphrase is shown): drawn as text, not as
    /// an error.
    public var messageIsQuestion = false
    /// The message line says something went well (the demo's "Submitted"): drawn in the
    /// success colour, not as an error.
    public var messageIsSuccess = false
    /// The wait cue's phase, 0…1, when the page shows one.
    public var cuePhase: Double?
    /// The strength bar's value, -100…100, when the page has a bar and a rating.
    public var quality: Int?
    /// The strength bar's tooltip, while it shows (the pointer rests on the bar).
    public var qualityTip: String?
    /// A suggested passphrase while it is shown (the user pressed Suggest): drawn in clear,
    /// from the entry's locked buffer.
    public var suggestion: ShownCharacters?
    /// The suggestion is drawn in groups of this many characters, a blank between them.
    public var suggestionGroupSize: Int?
    /// The "Save in password manager" box is ticked.
    public var savePassword = false
    /// The number pad's key drawn pressed (held, the pointer on it).
    public var pressedKey: Int?
    /// The dialog's button drawn pressed (held, the pointer on it).
    public var pressedButton: Int?
    /// An entry's menu, while it is open: drawn over everything.
    public var menu: EntryMenu?
    /// The colours it is drawn in: the page's (`Page.palette`).
    public var palette = Palette.light
    /// How its letters are rasterised: the page's (`Page.textRendering`).
    public var textRendering = TextRendering.standard

    public init(geometry: PageGeometry, content: PageContent, labels: [String], fields: [FieldScene],
                focusRing: Int?, message: String, cuePhase: Double?) {
        self.geometry = geometry
        self.content = content
        self.labels = labels
        self.fields = fields
        self.focusRing = focusRing
        self.message = message
        self.cuePhase = cuePhase
    }
}

extension Page {
    /// What to draw at `now`.
    public func scene(at now: Double) -> PageScene {
        // Whatever has the focus is ringed while the window has it: a field alone (on the demo,
        // on the payment sheet) too, since most seed looks have no cursor cell of their own and
        // would look the same focused and not.
        // A notice (ssh's "touch your key") has nothing to focus, so nothing to ring.
        let ring: Int? = windowFocused && focus < focusableCount ? focus : nil
        // One focus cue, not two, where the demo stacks fields: a ringed field's cursor cell
        // stays plain. A field alone keeps its seed's cursor cell: it says where the next
        // digit goes.
        var workbench = false
        if case .workbench = geometry { workbench = true }
        let cursor = !(workbench && ring != nil && fields.count > 1)
        // A character's code typed into a name shows, as GTK shows it; into a secret, only the
        // cue that a character is on its way, as for a dead key.
        var code: (Int, CharacterCode)?
        if let i = composing, i < fields.count, let typed = composingCode, fields[i].holdsNoSecret { code = (i, typed) }
        let cued = code == nil ? composing : nil
        var scenes = fields.indices.map {
            fields[$0].scene(focused: cursor && windowFocused && $0 == focus, composing: cued == $0,
                             at: animationTime(now))
        }
        if let (i, composed) = preedit, i < scenes.count { scenes[i].preedit = composed }
        if let (i, typed) = code, i < scenes.count { scenes[i].preedit = Preedit(text: typed.shown, caret: typed.digits + 1) }
        if showsCaret, focus < scenes.count, cued != focus {
            scenes[focus].caret = motion.caret.isShown(at: now, since: caretSince)
        }
        let question = feedback == nil ? revealQuestion : nil
        let message = messageLine
        // Held still, the cue shows one moment of its breath.
        let phase: Double? = content.waitCue
            ? (motion.animates ? (now / Self.cuePeriod).truncatingRemainder(dividingBy: 1) : Self.stillCuePhase) : nil
        var scene = PageScene(geometry: geometry, content: content, labels: fields.map { $0.label }, fields: scenes,
                              focusRing: ring, message: message, cuePhase: phase)
        scene.quality = quality
        scene.qualityTip = showsQualityTip(at: now) ? content.qualityTooltip : nil
        scene.messageIsQuestion = question != nil
        scene.messageIsSuccess = feedback != nil && feedbackIsSuccess
        scene.suggestion = suggestion
        scene.suggestionGroupSize = agent.groupsSuggestion ? AgentState.groupSize : nil
        scene.savePassword = agent.savePassword
        scene.pressedKey = pressedKeyHeld ? pressedKey : nil
        scene.pressedButton = pressedButtonHeld ? pressedButtonNow : nil
        scene.menu = menu
        scene.palette = palette
        scene.textRendering = textRendering
        return scene
    }

    /// One breath of the wait cue, in seconds.
    public static let cuePeriod = 1.6
    /// The still cue's moment of its breath: its two rings a quarter and three quarters out.
    public static let stillCuePhase = 0.25
}
