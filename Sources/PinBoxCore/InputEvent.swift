// SPDX-License-Identifier: MIT
/// What the window system hands the program, already translated from X events: the core and
/// the demo never see an X type.
public enum InputEvent: Equatable, Sendable {
    /// A character key — a digit, top row or keypad, a letter, any character the keyboard
    /// layout gives. The field decides whether it takes it (`AcceptedCharacters`).
    case character(Unicode.Scalar)
    /// A character key whose character is no digit, on a key that types `digit` at its other
    /// Shift level: the number row of AZERTY (& and 1), Czech and Slovak (ě and 2), Lithuanian;
    /// Shift and a US digit's key (! and 1). An entry of digits only takes the digit, as the key
    /// is marked with it (`Page`); any other takes the character. `digitNeedsShift`: the key was
    /// pressed without Shift, and its digit is the shifted one (AZERTY's, not the US one's).
    case characterOnDigitKey(Unicode.Scalar, digit: Unicode.Scalar, digitNeedsShift: Bool = true)
    /// Alt and a letter: the button whose label underlines it (`_OK` → Alt+O). `otherLayouts`
    /// are the same key's letters in the keymap's other layouts, so a mnemonic answers in any
    /// of them, as GTK's do: Alt and the key of O on a Russian layout still answers `_OK`, and
    /// Alt and the key of П under the US layout a Russian `_Показать`. The active layout's
    /// letter is looked for first.
    case mnemonic(Unicode.Scalar, otherLayouts: [Unicode.Scalar] = [])
    /// A key that should type but makes no character here, or a Control or Alt chord that is
    /// no command: refused visibly, never inserted.
    case otherKey
    /// A digit's key of the keypad with Num Lock off (KP_End for 1, KP_Down for 2…): refused,
    /// saying why, as the user meant a digit.
    case keypadWithoutNumLock
    /// A key press another client forged (XSendEvent) where a secret is typed (`InputPolicy`):
    /// refused, and the user told. No person pressed it: it is no user input.
    case forgedKey
    /// A button press another client forged where a secret is typed: refused and told, as a
    /// forged key is. No user input either.
    case forgedClick
    /// A key that never types (an arrow, Home, a function or media key, a window manager's
    /// shortcut the keyboard grab holds back): a prompt lets it pass without a word, since the
    /// user tried no character; the workbench's fields refuse it like `otherKey`.
    case nonTypingKey
    /// BackSpace, and Delete where no character follows the caret.
    case deleteBackward
    /// Delete: the character after the caret.
    case deleteForward
    /// Left, Right, Home and End, with Ctrl a word at a time: an entry's caret moves.
    case moveCaret(CaretMove)
    /// The same with Shift: the caret moves and selects what it passes.
    case extendSelection(CaretMove)
    /// Ctrl+A: an entry's characters are all selected.
    case selectAll
    /// Ctrl+BackSpace: the word before the caret (`Page`: all of it in an entry that hides its
    /// characters).
    case deleteWordBackward
    /// Ctrl+Delete: the word after the caret (all of it where dots show); at the end, as Delete.
    case deleteWordForward
    /// Ctrl+U.
    case clearField
    /// Escape: clears the field, or cancels when it is already empty.
    case escape
    /// Return or keypad Enter.
    case submit
    /// Tab and Shift+Tab.
    case focusNext
    case focusPrevious
    /// Ctrl+V or Shift+Insert (clipboard), or a middle click (primary selection) at a point.
    case pasteRequest(PasteSource, at: Point?)
    /// Ctrl+C or Ctrl+Insert: copy what is selected in an entry that holds no secret (a name),
    /// as GTK's entries copy; on the workbench a plain field whole (seed 004); a secret never.
    case copy
    /// Ctrl+X or Shift+Delete: copy as `.copy` does, then delete what was copied.
    case cut
    /// A right click at a point, or the Menu key or Shift+F10 (nil): a prompt's entry opens its
    /// menu (`EntryMenu`), as GTK's entries do.
    case contextMenu(Point?)
    /// The right button let go at a point: pressed, dragged onto an item of the menu it opened
    /// and let go there, it chooses the item, as GTK's menus take it.
    case contextMenuRelease(Point)
    /// Up (-1) or Down (+1): the item above or below in an open menu; elsewhere a key that never
    /// types (`nonTypingKey`).
    case verticalMove(Int)
    /// The selection's answer arrived, or it could not be had.
    case pasted(PasteResult)
    /// A left click at a point in device pixels: the button going down. A key of an on-screen
    /// number pad is pressed by it and typed by its `release` (see `Page.pressedKey`).
    case click(Point)
    /// The same with Shift held: in an entry, the selection reaches from where it began (or
    /// from the caret) to there, as in GTK's entries; elsewhere, a click.
    case clickExtending(Point)
    /// The left button let go at a point.
    case release(Point)
    /// The pointer moved to a point with the left button held.
    case drag(Point)
    /// The window gained or lost the keyboard focus.
    case windowFocus(Bool)
    /// The window's new size in device pixels.
    case resize(Size)
    /// The Print key or SIGUSR1: save a screenshot.
    case screenshot
    /// The window manager's close button.
    case close
    /// SIGINT, SIGTERM or SIGHUP: someone asked the program to stop.
    case terminate
    /// The window was unmapped (iconified, hidden).
    case hidden
    /// A workbench key (`Workbench.keys`): slow motion, pause, step, guides, theme, help, record.
    case workbench(WorkbenchAction)
    /// The keyboard could not be taken: another program holds it (its keys would go there).
    case keyboardUnavailable
    /// The same, and the holder is known to be another PinBox window (another prompt), which
    /// the user answers or closes first.
    case keyboardHeldByPinBox
    /// The keyboard was taken after all, once the other program let it go.
    case keyboardAvailable
    /// A dead key or the Compose key began a sequence: the keys that follow make one character
    /// (`dead_acute e` → é), which arrives as `.character`. The entry shows that a character is
    /// on its way, never which keys were pressed.
    case composeStarted
    /// The keys of a sequence made no character: the compose table has none for them, or the
    /// code typed after Ctrl+Shift+U names none.
    case composeCancelled
    /// Ctrl+Shift+U began a character typed by its code (`CharacterCodeEntry`), or a digit
    /// changed the code: the code so far. The character arrives as `.character`.
    case characterCode(CharacterCode)
    /// Text the desktop's input method composed (a Chinese name from its pinyin, a Korean one
    /// from its jamo): typed into an entry that holds no secret, never into one that does.
    case composedText(String)
    /// The text the input method is composing, not typed yet, where its caret stands in it and
    /// the clause it is converting: drawn in the entry, at its caret. Empty when it ends.
    case preedit(Preedit)
    /// The keyboard's state changed (or is known for the first time): Caps Lock, the layout.
    case keyboard(KeyboardState)
    /// Super+Space (with Shift, the layout before), the desktop's shortcut for the next
    /// keyboard layout, which the desktop cannot see while the prompt holds the keyboard; or a
    /// click on the layout's name under the entry.
    case switchLayout(forward: Bool)
    /// A screen reader pressed button `index` of the page (its action interface): as a click on it.
    case pressButton(Int)
    /// A screen reader gave focusable `index` the focus (fields first, then buttons).
    case focusOn(Int)
    /// A screen reader chose item `index` of the open entry menu (its action interface): as a
    /// click on it.
    case chooseMenuItem(Int)
    /// The pointer moving or leaving, or a key going down, as a tooltip follows them (`HoverTip`).
    case hover(HoverInput)
    /// The desktop changed its look or its motion while the prompt is open (its XSETTINGS, or
    /// a new settings daemon): the page is drawn in `palette`, its text in the font and
    /// rendering given, and moves as `motion` from now on.
    case desktopStyle(Palette, Motion, DesktopFont? = nil, TextRendering = .standard, area: Size? = nil)
    /// The screen's resolution changed while the prompt is open (a user turned Large Text on,
    /// or chose another scaling): the page is laid out at `scale` from now on, as large as fits
    /// `area` (the work area its window must stay in; zero when not known).
    case desktopScale(Double, area: Size)
}

/// Where a paste comes from: Ctrl+V reads the clipboard, a middle click the primary selection.
public enum PasteSource: String, Sendable {
    case clipboard = "CLIPBOARD"
    case primary = "PRIMARY"
}

/// What a paste request brought back.
public enum PasteResult: Equatable, Sendable {
    /// The selection's text, in a locked buffer (it may be a passphrase from a password
    /// manager); the page wipes it once the field has taken what it takes.
    case bytes(SecretBuffer)
    /// More than a PIN could be, refused without reading it all.
    case tooBig
    /// No owner, no convertible text, or no answer in time.
    case unavailable

    /// Two pastes are the same when they carry the same buffer.
    public static func == (a: PasteResult, b: PasteResult) -> Bool {
        switch (a, b) {
        case (.bytes(let x), .bytes(let y)): x === y
        case (.tooBig, .tooBig), (.unavailable, .unavailable): true
        default: false
        }
    }
}

extension InputEvent {
    /// Whether a person caused it with the keyboard or the mouse (what resets a timeout).
    public var isUserInput: Bool {
        switch self {
        case .character, .characterOnDigitKey, .mnemonic, .otherKey, .keypadWithoutNumLock, .nonTypingKey,
             .deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .moveCaret, .extendSelection,
             .selectAll, .clearField, .escape, .submit, .focusNext, .focusPrevious, .pasteRequest, .copy, .cut,
             .click, .clickExtending, .release, .drag, .workbench, .composeStarted, .composeCancelled, .characterCode,
             .switchLayout, .pressButton, .focusOn, .contextMenu, .verticalMove, .chooseMenuItem, .contextMenuRelease,
             .composedText, .preedit:
            return true
        case .pasted, .windowFocus, .resize, .screenshot, .close, .terminate, .hidden, .keyboard, .keyboardUnavailable,
             .keyboardHeldByPinBox, .keyboardAvailable, .hover, .desktopStyle, .desktopScale, .forgedKey,
             .forgedClick:
            return false
        }
    }
}

extension InputEvent {
    /// Whether it can press a button: what an armed page waits for (`Page.armingDelay`).
    public var pressesButton: Bool {
        switch self {
        case .submit, .mnemonic, .click, .clickExtending, .pressButton: true
        default: false
        }
    }
}
