// SPDX-License-Identifier: MIT
/// The keyboard's part of a page: dead keys and Compose sequences, and the line under a
/// dialog's entry that says what the keyboard does.
///
/// A sequence belongs to the entry it is typed into. While it is half-typed (`composing`) the
/// entry draws its next cell as "composing", a cue that tells that a character is on its way
/// and nothing of which keys were pressed. The window system turns the keys into the
/// character (libxkbcommon's compose table) and reports the sequence's start and failure;
/// the rules of what ends a sequence are here.
extension Page {
    /// A sequence is half-typed and `input` arrives: whether it ends the sequence, and whether
    /// it is used up doing so. Escape, BackSpace and Return take back the half-typed character
    /// and do nothing more: the entry keeps what it had, the dialog stays (a sequence that
    /// disappeared under Return would submit a secret without the character the user meant).
    /// Any other key, a click, or the focus moving ends the sequence and then does what it
    /// does (Ctrl+BackSpace as BackSpace). Time, pastes arriving, a new size, the keyboard's
    /// state leave it alone.
    func endComposing(for input: InputEvent) -> Bool {
        switch input {
        case .escape, .deleteBackward, .deleteForward, .deleteWordBackward, .deleteWordForward, .submit:
            composing = nil
            return true
        case .character, .characterOnDigitKey, .moveCaret, .extendSelection, .selectAll, .composeCancelled, .otherKey,
             .keypadWithoutNumLock, .nonTypingKey, .clearField, .focusNext, .focusPrevious, .pasteRequest, .copy, .cut,
             .click, .clickExtending, .mnemonic, .pressButton, .focusOn, .hidden, .close, .terminate, .contextMenu,
             .verticalMove, .chooseMenuItem, .composedText, .preedit, .switchLayout:
            composing = nil
        case .windowFocus(let focused):
            if !focused { composing = nil }
        case .composeStarted, .characterCode, .pasted, .resize, .screenshot, .keyboard, .workbench, .keyboardUnavailable, .keyboardHeldByPinBox,
             .keyboardAvailable, .release, .drag, .hover, .desktopStyle, .desktopScale, .contextMenuRelease, .forgedKey,
             .forgedClick:
            break
        }
        return false
    }

    /// A key of the number row that types no digit (AZERTY's & key): the character the entry
    /// it types into (the focused one; the first, from a button) takes from it. An entry of
    /// digits only takes the key's digit, as the character would be refused there; any other
    /// entry the character, and a PIN's boxes then say that digits need Shift when they do
    /// (`numberRowEntry`; not for Shift and a US digit's key, which typed the ! it meant).
    func typedOnDigitKey(_ input: InputEvent) -> InputEvent {
        guard case .characterOnDigitKey(let typed, let digit, let digitNeedsShift) = input else { return input }
        guard let entry = focusedField ?? (fields.isEmpty ? nil : 0) else { return .character(typed) }
        if fields[entry].field.accepts == .digits { return .character(digit) }
        if digitNeedsShift && fields[entry].isPINBoxes && numberRowEntry == nil {
            numberRowEntry = entry
            showKeyboard(keyboard)
        }
        return .character(typed)
    }

    /// Whether this page has a line for the keyboard: a dialog that asks for a secret.
    var hasKeyboardLine: Bool { isDialog && !fields.isEmpty }

    /// Takes the keyboard's new state: the Caps Lock warning, the words on digits and Shift
    /// (`numberRowEntry`) and the layout's name show or go, and the dialog makes room for the
    /// line or gives it back.
    func showKeyboard(_ state: KeyboardState) {
        keyboard = state
        let numberRow = numberRowEntry.map { _ in localized("Digits need Shift on this layout") }
        let note = hasKeyboardLine
            ? KeyboardNote.make(for: state, capsLock: capsLockWarning, numberRow: numberRow) : nil
        guard note != content.keyboard else { return }
        content.keyboard = note
        relayout()
    }

    /// The next layout of the keyboard's (the one before, not `forward`), round to the first:
    /// asked of the X server, whose report of it then shows the new name. With one layout, or
    /// where the compositor keeps the layout (`KeyboardState.switchable`), nothing is switched,
    /// and nothing is said, as for a key that never types.
    func switchLayout(forward: Bool, into effects: inout [PageEffect]) {
        let count = keyboard.layouts.count
        guard count > 1, keyboard.switchable else { return }
        effects.append(.lockLayout((keyboard.group + (forward ? 1 : count - 1)) % count))
    }

    /// Whether a press is taken at all (`InputPolicy`): forged presses are refused while a
    /// field shows dots, and by every prompt, whose buttons answer for the user (Yes to ssh's
    /// host key); a held key's repeats unless it erases.
    public func admits(_ press: PressFacts) -> Bool {
        InputPolicy.admits(press, secretShown: rules.purpose == .prompt || fields.contains { $0.configuration.theme.secure })
    }
}
