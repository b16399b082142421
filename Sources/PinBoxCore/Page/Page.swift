// SPDX-License-Identifier: MIT
/// A page as a state machine: its entries and buttons, which one has the focus, what each
/// input does, the events it reports and how it ends. Pure Swift: inputs and time go in,
/// effects come out (`PageEffect`), and `scene(at:)` says what to draw. The window, the
/// headless renderer and the tests all drive the same rules.
public final class Page {
    public let rules: PageRules
    public internal(set) var content: PageContent
    public internal(set) var fields: [PageField]
    /// Fields first, then buttons, in Tab order.
    public internal(set) var focus = 0
    public private(set) var windowFocused = false
    public private(set) var geometry: PageGeometry
    public private(set) var outcome: PageOutcome?
    /// The second field repeats the first (a new passphrase typed twice); a mismatch shows
    /// `repeatError` and asks again.
    public let repeats: Bool
    public var repeatError = "The two entries do not match"
    /// Entries of a prompt that may be submitted only when full.
    public let entry: EntryKind?
    /// Frames come at the display's rate while something moves (60 Hz until the window says
    /// otherwise, see `setRefreshRate`).
    public private(set) var frameInterval: Double
    /// The workbench keys' state (slow motion, pause, guides…): on the demo page only, never on a
    /// prompt or a dialog; see Page+Workbench.swift.
    public internal(set) var workbench: WorkbenchState?
    /// Device pixels per point: what the page was made at, or rescaled to (`rescale`).
    var scale: Double
    /// Makes the page's entries afresh at a scale, as its maker made them (`DialogSpec`,
    /// `PaySheetSpec`); nil for a page that keeps its scale (the workbench).
    var remake: ((Double, DesktopFont?) -> [PageField]?)?
    /// The desktop's font a dialog's text is set in (`DialogSpec.font`, `restyle`); nil for the
    /// dialog's own.
    var font: DesktopFont?
    /// A dialog's sizes, for its font.
    var metrics: DialogLayout.Metrics { DialogLayout.Metrics(font: font) }
    /// The scale the desktop last asked for, where the page was made smaller to fit the screen
    /// or rescaled: it may be laid out smaller (nil: the one it was made at).
    var askedScale: Double?
    let measure: TextMeasure
    /// The painter's measure of an entry's run of text, where it lies (`RunMeasure`), given by
    /// the window that draws the page. Without one, a run scrolls from its start only as far as
    /// its caret needs, and a click in it puts no caret.
    public var runMeasure: RunMeasure?
    /// The height of the area a dialog's window opens in (`DialogLayout`'s `room`), when known.
    let room: Double?
    /// The window's size, as the last `.resize` said (zero before one).
    public private(set) var windowSize = Size.zero
    var lastActivity: Double?
    /// An entry's text has changed since the page opened.
    private var typedInto = false
    /// The entry a paste asked for goes into once its bytes come (Page+Clipboard.swift).
    var pasteTarget: Int?
    /// A line of feedback (why a key was refused) shown in place of the error for a moment.
    public private(set) var feedback: (text: String, until: Double)?
    /// The line of feedback says that something went well (a submit on the demo page): drawn
    /// in a calm style, not as an error.
    public private(set) var feedbackIsSuccess = false
    /// How many errors and lines of feedback the page has raised: the same words raised again
    /// (a second mismatch, a second refused key) are news to a screen reader, which the words
    /// alone do not tell.
    public private(set) var raised = 0
    /// The entry a dead key or Compose sequence is being typed into, while it is half-typed
    /// (Page+Keyboard.swift).
    public internal(set) var composing: Int? {
        didSet { if composing == nil { composingCode = nil } }
    }
    /// The code typed so far, when the sequence in `composing` is a character typed by its code
    /// (Ctrl+Shift+U); nil for a dead key's or Compose's, and once the sequence ends, so that no
    /// digit of a secret's character stays here.
    public internal(set) var composingCode: CharacterCode?
    /// What the desktop's input method is composing, and in which entry (`Page+InputMethod`).
    public internal(set) var preedit: (field: Int, Preedit)?
    /// The keyboard as last reported, and the words its Caps Lock warning uses.
    public internal(set) var keyboard = KeyboardState()
    public var capsLockWarning = "Caps Lock is on"
    /// The PIN entry a key of the number row typed its other character into (AZERTY's &, where
    /// a card's PIN is nearly always digits): the keyboard's line says that digits need Shift
    /// until the entry is empty again (Page+Keyboard.swift).
    public internal(set) var numberRowEntry: Int?
    /// The colours the page is drawn in, chosen once as it is made (`DialogSpec.appearance`):
    /// a prompt follows the desktop's appearance; the demo and the payment sheet stay light.
    public internal(set) var palette = Palette.light
    /// How its letters are rasterised (`DialogSpec.textRendering`): as the desktop says.
    public internal(set) var textRendering = TextRendering.standard

    /// The agent's rating of what is typed, -100…100 (negative: it would be refused), for the
    /// strength bar; nil before the first rating.
    public private(set) var quality: Int?
    /// The strength bar's tooltip: whether, and since when, the pointer rests on the bar
    /// (Page+QualityTip.swift).
    public internal(set) var qualityTip = HoverTip()
    /// The agent's own password-manager options: its checkbox, Suggest, its constraints (see
    /// Page+Agent.swift).
    public internal(set) var agent = AgentState()

    /// The Show/Hide button's labels and question (a dialog's hidden entry); see Page+Reveal.swift.
    public var reveal: RevealButton?
    /// Whether the hidden entries show their characters now.
    public internal(set) var revealed = false
    /// The buttons as they were while the reveal question replaces them.
    var buttonsBeforeQuestion: [PageButton]?
    /// Since when the page has said that another program holds the keyboard.
    public internal(set) var keyboardRefusedAt: Double?
    /// The prompt that notice replaced, its entries emptied: it comes back if the keyboard does.
    var promptBeforeRefusal: (content: PageContent, fields: [PageField])?
    /// Keys and clicks that press a button are ignored until the page has been shown this long
    /// (`DialogSpec.armAskpassQuestion`); nil: they count at once.
    public var armingDelay: Double?
    /// How the page moves (`DialogSpec.motion`): the caret's blink (a text entry's), and
    /// whether anything else moves at all — the fields' animators and the wait cue.
    public var motion = Motion() {
        didSet { for i in fields.indices { fields[i].animator.moves = motion.animates } }
    }
    /// Since when the caret blinks: the last key or click, or the window getting the focus.
    public private(set) var caretSince = 0.0
    /// The number pad's key held down (`PaySheetLayout.keys` index), and whether the pointer is
    /// still on it: a key types when let go on it, as a phone's does, so a press dragged off
    /// it types nothing.
    public internal(set) var pressedKey: Int?
    public internal(set) var pressedKeyHeld = false
    /// The dialog's button the pointer went down on (its `PageGeometry.buttons` index and its
    /// role: buttons replaced meanwhile, by the reveal question say, are not it), and whether the
    /// pointer is still on it: it is pressed when let go on it.
    var pressedButton: (index: Int, role: PageButton.Role)?
    public internal(set) var pressedButtonHeld = false
    /// The entry the pointer went down in, which selects from there while it is dragged; and the
    /// last click in an entry, where and when, and how many came in a row (Page+Selection.swift).
    var selectingIn: Int?
    var lastEntryClick: (field: Int, point: Point, at: Double, count: Int)?
    /// An entry's menu while it is open, the item the pointer went down on in it, and where a
    /// right click opened it (Page+EntryMenu.swift).
    public internal(set) var menu: EntryMenu?
    var menuPressed: Int?
    var menuOpenedAt: Point?
    /// When the window first showed the page (`shown(at:)`).
    public internal(set) var shownAt: Double?

    /// The window is on screen: the arming delay counts from now.
    public func shown(at now: Double) {
        if shownAt == nil { shownAt = now }
    }

    /// Whether a key or a click may press a button at `now`: always, unless the page has an
    /// arming delay, which runs from when it was shown (never before it was shown).
    public func isArmed(at now: Double) -> Bool {
        guard let end = armedAt else { return armingDelay == nil }
        return now >= end
    }

    /// When the arming delay ends; nil when there is none, or the page has not shown yet.
    private var armedAt: Double? { armingDelay.flatMap { delay in shownAt.map { $0 + delay } } }

    /// Whether the buttons could be pressed when time last moved on (`advance(to:)`): a screen
    /// reader is told they are not sensitive until then, where a press is ignored.
    private var buttonsArmed = false
    public var buttonsSensitive: Bool { armingDelay == nil || buttonsArmed }

    /// Sets the strength bar's value (the host asked the caller: pinentry's INQUIRE QUALITY).
    public func setQuality(_ value: Int?) {
        quality = value.map { max(-100, min(100, $0)) }
    }

    /// How long a line of feedback stays.
    public static let feedbackDuration = 2.5

    /// The display's refresh rate, learnt once the window is up: later animation frames come
    /// at its pace. Rates outside 20…500 Hz are not believed.
    public func setRefreshRate(_ rate: Double) {
        guard (20...500).contains(rate) else { return }
        frameInterval = 1 / rate
    }

    /// The demo page: fields stacked under their labels.
    public init(workbench fields: [PageField], content: PageContent, rules: PageRules, entry: EntryKind? = nil,
                scale: Double, refreshRate: Double = 60, measure: @escaping TextMeasure) {
        self.fields = fields
        self.content = content
        self.rules = rules
        self.scale = scale
        self.measure = measure
        room = nil
        frameInterval = 1 / refreshRate
        repeats = false
        self.entry = entry
        geometry = .workbench(Self.workbenchLayout(fields, window: .zero, scale: scale))
    }

    /// A dialog: `fields` are its entries (none for a confirmation), `entry` how they are asked.
    public init(dialog fields: [PageField], content: PageContent, entry: EntryKind?, repeats: Bool = false,
                rules: PageRules, scale: Double, font: DesktopFont? = nil, room: Double? = nil,
                refreshRate: Double = 60, measure: @escaping TextMeasure) {
        self.fields = fields
        self.font = font
        self.content = content
        self.rules = rules
        self.scale = scale
        self.room = room
        self.measure = measure
        self.entry = entry
        self.repeats = repeats && fields.count == 2
        frameInterval = 1 / refreshRate
        geometry = .dialog(Self.dialogLayout(fields, content: content, window: .zero, scale: scale, room: room,
                                             measure: measure, metrics: DialogLayout.Metrics(font: font)))
        focus = openingFocus
    }

    /// Where the focus starts: the first entry, or with no entry the default button, which
    /// Return answers (a question's is Cancel, see DialogSpec.defaultButton).
    var openingFocus: Int {
        guard fields.isEmpty else { return 0 }
        return content.buttons.firstIndex { $0.role == content.defaultButton } ?? 0
    }

    /// A payment sheet (`PaySheetSpec`): one PIN of known length over a number pad.
    public init(paySheet field: PageField, content: PageContent, rules: PageRules, scale: Double,
                refreshRate: Double = 60, measure: @escaping TextMeasure) {
        fields = [field]
        self.content = content
        self.rules = rules
        self.scale = scale
        self.measure = measure
        room = nil
        entry = .fixedPIN(length: field.field.capacity)
        repeats = false
        frameInterval = 1 / refreshRate
        geometry = .paySheet(PaySheetLayout.make(window: .zero, content: content, fieldSize: field.layout.bounds.size,
                                                 scale: scale, measure: measure))
    }

    public var isDialog: Bool {
        if case .dialog = geometry { return true }
        return false
    }

    /// The window's natural size in device pixels.
    public var preferredSize: Size { geometry.content }

    /// The smallest useful window.
    public var minimumSize: Size {
        if isDialog || geometry.isPaySheet { return geometry.content }
        let widest = fields.map { $0.layout.bounds.width }.max() ?? 1
        let tallest = fields.map { $0.layout.bounds.height }.max() ?? 1
        return Size(width: widest, height: tallest)
    }

    /// What the focused thing is called in events: a field's name or a button's role.
    public var focusName: String {
        if focus < fields.count { return fields[focus].name }
        let button = focus - fields.count
        return button < content.buttons.count ? content.buttons[button].role.rawValue : ""
    }

    var focusableCount: Int { fields.count + content.buttons.count }
    var focusedField: Int? { focus < fields.count ? focus : nil }
    private var focusedRole: PageButton.Role? {
        focus >= fields.count && focus - fields.count < content.buttons.count ? content.buttons[focus - fields.count].role : nil
    }

    // MARK: inputs

    /// One input, at `now` (monotonic seconds). Returns what the host must do, in order.
    public func handle(_ event: InputEvent, now: Double) -> [PageEffect] {
        guard outcome == nil else { return [] }
        let input = typedOnDigitKey(event)
        followQualityTip(input, now: now)
        if input.pressesButton && !isArmed(at: now) { return [] }
        if lastActivity == nil || input.isUserInput { lastActivity = now }
        if input.isUserInput || input == .windowFocus(true) { caretSince = now }
        if menu != nil, let taken = followMenu(input, now: now) { return taken }
        var effects: [PageEffect] = []
        if input.isKey { agent.showsSuggestion = false }
        if composing != nil && endComposing(for: input) { return effects }
        if input == .character(" "), let role = focusedRole {
            // Space presses the focused button and ticks the focused check box, as in GTK and
            // Qt: typed into the entry instead, it changed the passphrase unseen. A question's
            // buttons wait to be armed, as for Return.
            if role == .savePassword || isArmed(at: now) { press(role, now: now, into: &effects) }
            return effects
        }
        switch input {
        case .character, .deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .clearField:
            leaveRevealQuestion(now: now, into: &effects)
        default: break
        }
        switch input {
        case .character(let c), .characterOnDigitKey(let c, _, _):
            if let i = entryField(for: &effects) { type(c, into: i, now: now, into: &effects) }
        case .moveCaret(let move) where focusedField.map({ fields[$0].hasCaret }) == true:
            if let i = focusedField { moveCaret(move, in: i) }
        case .extendSelection(let move) where focusedField.map({ fields[$0].hasCaret }) == true:
            if let i = focusedField { moveCaret(move, in: i, selecting: true) }
        case .selectAll where focusedField.map({ fields[$0].hasCaret }) == true:
            if let i = focusedField { selectAll(in: i) }
        case .nonTypingKey where rules.purpose == .prompt, .moveCaret where rules.purpose == .prompt,
             .extendSelection where rules.purpose == .prompt, .selectAll where rules.purpose == .prompt,
             .verticalMove where rules.purpose == .prompt:
            break  // the user tried no character (a media key; an arrow where no caret can move)
        case .otherKey, .nonTypingKey, .moveCaret, .extendSelection, .selectAll, .verticalMove:
            if let i = focusedField { apply([.rejected(fields[i].field.accepts.refusal)], to: i, now: now, into: &effects) }
        case .keypadWithoutNumLock:
            if let i = focusedField { apply([.rejected(.numLockOff)], to: i, now: now, into: &effects) }
        case .forgedKey: refuseForged(.sentByAnotherProgram, now: now, into: &effects)
        case .forgedClick: refuseForged(.clickSentByAnotherProgram, now: now, into: &effects)
        case .deleteBackward:
            if let i = entryField(for: &effects) { apply(fields[i].field.deleteBackward(), to: i, now: now, into: &effects) }
        case .deleteForward:
            // With nothing after the caret (always so in PIN boxes), Delete erases backward, as
            // it always has here.
            if let i = entryField(for: &effects) {
                let field = fields[i].field
                apply(field.caret < field.length ? field.deleteForward() : field.deleteBackward(), to: i, now: now,
                      into: &effects)
            }
        case .deleteWordBackward:
            // An entry that shows dots deletes everything before the caret, as GTK's and Qt's
            // do: deleting a word at a time would show where the secret's words end.
            if let i = entryField(for: &effects) {
                let field = fields[i].field
                apply(fields[i].revealed ? field.deleteWordBackward() : field.deleteToStart(), to: i, now: now,
                      into: &effects)
            }
        case .deleteWordForward:
            // The same after the caret; with nothing after it, as Delete there.
            if let i = entryField(for: &effects) {
                let field = fields[i].field
                let events = field.caret == field.length && field.selection == nil ? field.deleteBackward()
                    : fields[i].revealed ? field.deleteWordForward() : field.deleteToEnd()
                apply(events, to: i, now: now, into: &effects)
            }
        case .clearField:
            if let i = entryField(for: &effects) { apply(fields[i].field.clear(), to: i, now: now, into: &effects) }
        case .escape where isAskingReveal:
            press(.revealNo, now: now, into: &effects)
        case .escape where keyboardRefusedAt != nil:
            finish(.keyboardUnavailable, into: &effects)
        case .escape:
            if rules.purpose == .workbench, let i = focusedField, !fields[i].field.isEmpty {
                apply(fields[i].field.clear(), to: i, now: now, into: &effects)
            } else {
                finish(.cancelled(.escape), into: &effects)
            }
        case .submit:
            submit(now: now, into: &effects)
        case .mnemonic(let key, let others):
            let keys = ([key] + others).map(MnemonicLabel.lowercased)
            if let b = keys.lazy.compactMap({ key in self.content.buttons.first { $0.mnemonic == key } }).first {
                press(b.role, now: now, into: &effects)
            }
        case .focusNext:
            tab(to: (focus + 1) % max(1, focusableCount), into: &effects)
        case .focusPrevious:
            tab(to: (focus + focusableCount - 1) % max(1, focusableCount), into: &effects)
        case .click(let point):
            click(at: point, now: now, into: &effects)
        case .clickExtending(let point):
            click(at: point, extending: true, now: now, into: &effects)
        case .drag(let point):
            drag(to: point)
        case .release(let point):
            if let key = release(at: point) { return effects + handle(key, now: now) }
        case .pasteRequest(let source, let point):
            requestPaste(from: source, at: point, now: now, into: &effects)
        case .copy:
            copy(now: now, into: &effects)
        case .cut:
            copy(cutting: true, now: now, into: &effects)
        case .contextMenu(let point):
            openMenu(at: point, into: &effects)
        case .pasted(let result):
            takePaste(result, now: now, into: &effects)
        case .windowFocus(let focused):
            windowFocused = focused
            if !focused && rules.clearOnBlur { clearAll(now: now, into: &effects) }
        case .hidden:
            windowFocused = false
            if rules.clearOnBlur { clearAll(now: now, into: &effects) }
        case .resize(let size):
            windowSize = size
            relayout()
            effects.append(.report(.layout(width: Int(size.width), height: Int(size.height))))
        case .screenshot:
            break  // the event loop saves it once the frame is drawn: nothing to decide here
        case .close:
            finish(keyboardRefusedAt == nil ? .closed : .keyboardUnavailable, into: &effects)
        case .terminate:
            finish(.cancelled(.signal), into: &effects)
        case .workbench(let action):
            effects += handleWorkbench(action, now: now)
        case .keyboardUnavailable:
            refuseKeyboard(now: now, into: &effects)
        case .keyboardHeldByPinBox:
            refuseKeyboard(now: now, heldByPinBox: true, into: &effects)
        case .keyboardAvailable:
            takeKeyboardBack(now: now, into: &effects)
        case .composeStarted:
            if let i = entryField(for: &effects) { (composing, composingCode) = (i, nil) }
        case .characterCode(let code):
            if let i = entryField(for: &effects) { (composing, composingCode) = (i, code) }
        case .composeCancelled:
            if let i = focusedField { apply([.rejected(.noSuchSequence)], to: i, now: now, into: &effects) }
        case .composedText(let text):
            typeComposed(text, now: now, into: &effects)
        case .preedit(let composed):
            follow(preedit: composed)
        case .keyboard(let state):
            showKeyboard(state)
        case .switchLayout(let forward):
            switchLayout(forward: forward, into: &effects)
        case .pressButton(let b):
            guard b >= 0, b < content.buttons.count else { break }
            setFocus(fields.count + b, into: &effects)
            press(content.buttons[b].role, now: now, into: &effects)
        case .focusOn(let i):
            if i >= 0 { setFocus(i, into: &effects) }
        case .chooseMenuItem, .contextMenuRelease:
            break  // no menu is open (an open one takes them: Page+EntryMenu.swift)
        case .hover:
            break  // the tooltip's, taken above
        case .desktopStyle(let palette, let motion, let font, let rendering, let area):
            restyle(palette, motion, font, rendering, fitting: area)
        case .desktopScale(let scale, let area):
            rescale(to: scale, fitting: area)
        }
        if preedit != nil { keepPreedit(now: now, into: &effects) }
        return effects
    }

    /// Time passes: the timeout, the end of a line of feedback.
    public func advance(to now: Double) -> [PageEffect] {
        var effects: [PageEffect] = []
        if !buttonsArmed && isArmed(at: now) { buttonsArmed = true }
        if let f = feedback, now >= f.until {
            feedback = nil
            if isDialog { relayout() }
        }
        if outcome == nil, let since = keyboardRefusedAt, now >= since + KeyboardRefusal.duration {
            finish(.keyboardUnavailable, into: &effects)
        }
        // The caller's timeout runs on while the keyboard is held elsewhere: gpg-agent's
        // pinentry-timeout is a timeout still, not a cancel after the notice's own time.
        guard outcome == nil, let end = timeoutDeadline, now >= end else {
            return effects
        }
        finish(.timedOut, into: &effects)
        return effects
    }

    /// When the page gives up on its own: the rules' seconds after the last activity, unless
    /// they wait for a user who has started typing.
    private var timeoutDeadline: Double? {
        guard let timeout = rules.timeout, let last = lastActivity,
              !(rules.timeoutEndsWithTyping && typedInto) else { return nil }
        return last + timeout
    }

    /// The host handed field `index`'s secret over (`PageEffect.deliver`): it is wiped now. A
    /// workbench page shows the success look and carries on.
    public func handedOver(field index: Int, now: Double) -> [PageEffect] {
        _ = fields[index].field.clear()
        var effects: [PageEffect] = []
        guard outcome == nil else { return effects }
        fields[index].animator.succeed(at: animationTime(now))
        show(FeedbackMessage.submitted, now: now, success: true)
        changed(index, length: 0, now: now, into: &effects)
        return effects
    }

    /// Wipes every field's secret: on every way out, including a lost X server.
    public func wipe() {
        for f in fields { f.field.secret.wipe() }
    }

    /// Wipes every field's secret but `kept`'s, which the host hands over next (a pinentry's
    /// D line): the repeat of a new passphrase is not needed once it matched.
    public func wipe(keeping kept: Int) {
        for (i, f) in fields.enumerated() where i != kept { f.field.secret.wipe() }
    }

    /// Whether every field's secret is locked in memory (mlock).
    public var secretsLocked: Bool { fields.allSatisfy { $0.field.secret.isLocked } }

    /// Whether Print, SIGUSR1 and recordings may capture the window: on the workbench only. A
    /// prompt or a payment sheet shows what is typed (or how much of it), so it is never saved.
    public var allowsCapture: Bool { rules.purpose == .workbench }

    /// Shakes the entry and turns its borders red, to draw the eye to the error line the
    /// caller sent with the dialog (pinentry's SETERROR: "Bad PIN (try 2 of 3)").
    public func shakeEntry(at now: Double) {
        raised += 1
        if !fields.isEmpty { fields[0].animator.cue(at: animationTime(now)) }
    }

    // MARK: rules

    /// The field keys go to: the focused one, or, when a button has the focus, the first entry
    /// (which takes the focus back, as typing in a dialog does).
    private func entryField(for effects: inout [PageEffect]) -> Int? {
        if let i = focusedField { return i }
        guard !fields.isEmpty else { return nil }
        setFocus(0, into: &effects)
        return 0
    }

    func press(_ role: PageButton.Role, now: Double, into effects: inout [PageEffect]) {
        effects.append(.report(.button(role)))
        if keyboardRefusedAt != nil { return finish(.keyboardUnavailable, into: &effects) }
        switch role {
        case .cancel: finish(.cancelled(.button), into: &effects)
        case .notOK:
            guard let answers = rules.answers else { return finish(.notConfirmed, into: &effects) }
            effects.append(.say(answers.no))
            finish(.answered, into: &effects)
        case .forgot: break
        case .savePassword: agent.savePassword.toggle()
        case .suggest: effects.append(.suggest)
        case .ok:
            if let answers = rules.answers {
                // A fingerprint typed is the answer ssh compares with the key's: Yes sends it,
                // rather than a "yes" that trusts the key without the check the user asked for.
                if let typed = fields.first, !typed.field.isEmpty { return submitPrompt(now: now, into: &effects) }
                effects.append(.say(answers.yes))
                return finish(.answered, into: &effects)
            }
            guard !fields.isEmpty else { return finish(.confirmed, into: &effects) }
            submitPrompt(now: now, into: &effects)
        case .reveal, .revealYes, .revealNo:
            pressReveal(role, now: now, into: &effects)
        }
    }

    /// Return: what it does depends on where the focus is and what the page asks.
    private func submit(now: Double, into effects: inout [PageEffect]) {
        if focusedRole == .savePassword {
            // A check box is no button Return presses: Space ticks it, and Return there is
            // the dialog's OK, as in pinentry-gtk-2 (the box ticked by a click, then Return).
            press(.ok, now: now, into: &effects)
        } else if focus >= fields.count {
            // A notice has neither entry nor button: Return means nothing there.
            if focus - fields.count < content.buttons.count {
                press(content.buttons[focus - fields.count].role, now: now, into: &effects)
            }
        } else if rules.purpose == .prompt, let i = focusedField, i + 1 < fields.count {
            // Return in the first of two entries (a new passphrase and its repeat) goes on to
            // the next, as Tab does.
            setFocus(i + 1, into: &effects)
        } else if rules.answers != nil, let i = focusedField {
            // A question answered by its buttons: Return sends what was typed, and an empty
            // entry is no answer at all (ssh would read it as "no").
            if fields[i].field.isEmpty {
                apply([.rejected(.answerNeeded)], to: i, now: now, into: &effects)
            } else {
                submitPrompt(now: now, into: &effects)
            }
        } else if rules.purpose == .prompt {
            press(.ok, now: now, into: &effects)
        } else if let i = focusedField {
            submitWorkbench(i, now: now, into: &effects)
        }
    }

    /// OK on a prompt: a PIN of known length must be complete; a repeat must match.
    private func submitPrompt(now: Double, into effects: inout [PageEffect]) {
        let first = fields[0].field
        if case .fixedPIN = entry, !first.isFull {
            apply([.rejected(.incomplete)], to: 0, now: now, into: &effects)
            setFocus(0, into: &effects)
            return
        }
        if repeats {
            let same = first.secret.withBytes { a in fields[1].field.secret.withBytes { b in a.elementsEqual(b) } }
            guard same else {
                content.error = repeatError
                for i in fields.indices { apply(fields[i].field.clear(), to: i, now: now, into: &effects) }
                shakeEntry(at: now)
                setFocus(0, into: &effects)
                relayout()
                return
            }
        }
        if agent.checksBeforeSubmit {
            // The caller judges it first (gpg-agent's INQUIRE CHECKPIN): `checked` goes on.
            effects.append(.check(field: 0))
            return
        }
        deliverPrompt(into: &effects)
    }

    /// The entry's secret goes to the caller and the page ends.
    func deliverPrompt(into effects: inout [PageEffect]) {
        effects.append(.report(.submit(field: fields[0].name, index: 0, length: fields[0].field.length,
                                       reveal: rules.reveal)))
        effects.append(.deliver(field: 0))
        finish(.submitted, into: &effects)
    }

    /// Return on a workbench field: a full field is submitted, anything less is refused.
    private func submitWorkbench(_ i: Int, now: Double, into effects: inout [PageEffect]) {
        guard fields[i].field.isFull else {
            return apply([.rejected(.incomplete)], to: i, now: now, into: &effects)
        }
        effects.append(.report(.submit(field: fields[i].name, index: i, length: fields[i].field.length,
                                       reveal: rules.reveal)))
        effects.append(.deliver(field: i))
        if rules.endAfterSubmit { finish(.submitted, into: &effects) }
    }

    func finish(_ result: PageOutcome, into effects: inout [PageEffect]) {
        guard outcome == nil else { return }
        switch result {
        case .cancelled(let cause): effects.append(.report(.cancel(field: focusName, by: cause)))
        case .closed: effects.append(.report(.cancel(field: focusName, by: .close)))
        case .timedOut: effects.append(.report(.cancel(field: focusName, by: .timeout)))
        case .submitted, .confirmed, .notConfirmed, .answered, .keyboardUnavailable: break
        }
        outcome = result
        effects.append(.finish(result))
    }

    func setFocus(_ index: Int, into effects: inout [PageEffect]) {
        guard index != focus, index < focusableCount else { return }
        focus = index
        composing = nil
        effects.append(.report(.focus(focusName)))
    }

    private func clearAll(now: Double, into effects: inout [PageEffect]) {
        for i in fields.indices { apply(fields[i].field.clear(), to: i, now: now, into: &effects) }
    }

    func apply(_ events: [FieldEvent], to index: Int, now: Double, into effects: inout [PageEffect]) {
        for event in events {
            switch event {
            case .changed(let length):
                changed(index, length: length, now: now, into: &effects)
                if length == 0 && numberRowEntry == index {
                    numberRowEntry = nil
                    showKeyboard(keyboard)
                }
            case .completed:
                effects.append(.report(.complete(field: fields[index].name, index: index, reveal: rules.reveal)))
                if rules.purpose == .workbench && rules.endAfterSubmit {
                    submitWorkbench(index, now: now, into: &effects)
                } else if rules.purpose == .prompt && entry?.submitsWhenFull == true && index == fields.count - 1 {
                    // The seed's box submits itself when the last digit lands.
                    press(.ok, now: now, into: &effects)
                }
            case .rejected(let reason):
                fields[index].animator.cue(at: animationTime(now))
                show(FeedbackMessage.text(for: reason, capacity: fields[index].field.capacity,
                                          accepts: fields[index].field.accepts), now: now)
                effects.append(.report(.rejected(field: fields[index].name, reason: reason)))
                effects.append(.bell)
            }
        }
    }

    private func changed(_ index: Int, length: Int, now: Double, into effects: inout [PageEffect]) {
        typedInto = true
        // Start one frame in the past, so the frame drawn right now already shows the first
        // step of the fade, as the seed's first display-link tick does.
        fields[index].animator.setLength(length, at: animationTime(now) - animationFrameStep)
        effects.append(.report(.change(field: fields[index].name, length: length)))
        // What the line said about the field before ("Enter all 6 digits") is stale once it
        // changes; a success stays its moment, until the next character.
        if feedback != nil && (!feedbackIsSuccess || length > 0) {
            feedback = nil
            if isDialog { relayout() }
        }
        if fields[index].fitToLength() {
            relayout()
            effects.append(.report(.grew(field: fields[index].name, cells: fields[index].layout.cells.count)))
        }
        followCaret(in: index)
    }

    /// A forged press refused is said: on the focused entry's line, as its own refusals are, or
    /// where no entry has the focus (a confirmation, whose Yes a forged click or Return would
    /// give) on the dialog's message line.
    private func refuseForged(_ reason: RejectReason, now: Double, into effects: inout [PageEffect]) {
        if let i = focusedField { return apply([.rejected(reason)], to: i, now: now, into: &effects) }
        guard isDialog else { return }
        show(FeedbackMessage.text(for: reason, capacity: 0), now: now)
        effects.append(.bell)
    }

    private func show(_ text: String, now: Double, success: Bool = false) {
        let before = messageLine
        raised += 1
        feedback = (text, now + Self.feedbackDuration)
        feedbackIsSuccess = success
        if isDialog && messageLine != before { relayout() }
    }

    /// What the message line says now: a refused key's reason for a moment, else the question
    /// before a passphrase is shown, else the caller's error.
    public var messageLine: String {
        feedback.map { $0.text } ?? revealQuestion ?? content.error
    }

    // MARK: layout and time

    func relayout() {
        switch geometry {
        case .workbench:
            geometry = .workbench(Self.workbenchLayout(fields, window: windowSize, scale: scale))
        case .dialog:
            geometry = .dialog(Self.dialogLayout(fields, content: content, window: windowSize, scale: scale,
                                                 message: messageLine, room: room, measure: measure, metrics: metrics))
        case .paySheet:
            geometry = .paySheet(PaySheetLayout.make(window: windowSize, content: content,
                                                     fieldSize: fields[0].layout.bounds.size, scale: scale,
                                                     measure: measure))
        }
    }

    static func dialogLayout(_ fields: [PageField], content: PageContent, window: Size, scale: Double,
                             message: String? = nil, room: Double? = nil, measure: TextMeasure,
                             metrics: DialogLayout.Metrics = DialogLayout.Metrics()) -> DialogLayout {
        DialogLayout(window: window, content: content, labels: fields.map { $0.label },
                     fieldSizes: fields.map { $0.layout.bounds.size }, scale: scale, message: message,
                     fieldInsets: fields.map { $0.layout.cells.first.map { Point(x: $0.x, y: $0.y) } ?? Point(x: 0, y: 0) },
                     room: room, measure: measure, metrics: metrics)
    }

    static func workbenchLayout(_ fields: [PageField], window: Size, scale: Double) -> PageLayout {
        PageLayout(window: window, layouts: fields.map { $0.layout }, scale: scale, labelled: fields.count > 1)
    }

    /// When the next frame or timed decision is due, or nil when nothing moves.
    public func nextDeadline(after now: Double) -> Double? {
        var deadlines = animationDeadlines(after: now)
        if let end = timeoutDeadline { deadlines.append(end) }
        if let f = feedback { deadlines.append(f.until) }
        if let tip = qualityTipDeadline(after: now) { deadlines.append(tip) }
        if !buttonsArmed, let end = armedAt { deadlines.append(end) }
        if let since = keyboardRefusedAt, outcome == nil { deadlines.append(since + KeyboardRefusal.duration) }
        if showsCaret, let change = motion.caret.nextChange(after: now, since: caretSince) { deadlines.append(change) }
        // The wait cue breathes at a calm rate; it is the only thing that moves on its own.
        if content.waitCue && outcome == nil && motion.animates { deadlines.append(now + Self.cueFrameInterval) }
        return deadlines.min()
    }

    /// Whether the focused field is a text entry with a caret, in a focused window, on a page
    /// still open: the caret blinks only then, and not while characters are selected (the
    /// selection shows where typing goes), as in GTK's entries.
    public var showsCaret: Bool {
        guard outcome == nil, windowFocused, let i = focusedField else { return false }
        return fields[i].hasCaret && fields[i].field.selection == nil
    }

    /// The wait cue's frame interval: smooth enough for a slow pulse, cheap enough to run for minutes.
    public static let cueFrameInterval = 1.0 / 20
}
