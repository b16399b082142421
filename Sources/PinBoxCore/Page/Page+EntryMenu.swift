// SPDX-License-Identifier: MIT
// An entry's menu (`EntryMenu`): opened by a right click or the Menu key, worked with the
// pointer or the keyboard as GTK's menus are, closed by anything else, which then does what it
// would have done: a key typed while it is open is typed, not lost.

extension Page {
    /// Opens the menu of the entry under `point` (a right click), or of the focused entry (the
    /// Menu key, Shift+F10), with its first enabled item highlighted. Only a prompt's entries
    /// have one: the payment look and the demo's fields keep the seed's rule, no edit menu.
    func openMenu(at point: Point?, into effects: inout [PageEffect]) {
        guard offersEntryMenu, case .dialog(let layout) = geometry else { return }
        let index: Int
        if let point {
            guard let i = geometry.fields.firstIndex(where: { $0.contains(point) }), i < fields.count else { return }
            index = i
        } else {
            guard let i = focusedField else { return }
            index = i
        }
        guard fields[index].hasCaret else { return }
        setFocus(index, into: &effects)
        let box = geometry.fields[index]
        let actions = menuActions(of: index)
        // From the keyboard, under the caret, as GTK's entry opens it (under the entry's start,
        // its end in a right-to-left dialog, where the caret's place is not measured).
        let anchor = point ?? Point(x: caretOffset(in: index).map { box.x + $0 } ?? (layout.mirrored ? box.maxX : box.x),
                                    y: box.maxY)
        let window = windowSize.width > 0 ? windowSize : geometry.content
        var opened = EntryMenu(field: index, actions: actions, at: anchor, window: window, scale: scale,
                               metrics: metrics, rightToLeft: layout.mirrored, measure: measure)
        opened.highlighted = opened.item(movedBy: 1)
        menu = opened
        (menuPressed, menuOpenedAt) = (nil, point)
    }

    /// The items of entry `index`'s menu, each enabled or not: Cut and Copy only where it copies
    /// (`copiesSelection`).
    func menuActions(of index: Int) -> [(EntryMenu.Action, Bool)] {
        let field = fields[index].field, copies = copiesSelection(index)
        return EntryMenu.Action.allCases.compactMap { action in
            switch action {
            case .cut, .copy: copies ? (action, field.selection != nil) : nil
            case .paste: (action, field.pastePolicy != .deny)
            case .delete: (action, field.selection != nil)
            case .selectAll: (action, field.length > 0)
            }
        }
    }

    /// Whether its entries that have a caret have a menu: a prompt's dialog's do.
    var offersEntryMenu: Bool { rules.purpose == .prompt && isDialog }

    /// What `input` does while the menu is open: the effects when the menu took it, nil when
    /// the page handles it as usual (the menu closed first where it should).
    func followMenu(_ input: InputEvent, now: Double) -> [PageEffect]? {
        guard let open = menu else { return nil }
        switch input {
        case .verticalMove(let step):
            menu?.highlighted = open.item(movedBy: step)
        case .submit, .character(" "):
            return activate(open.highlighted, now: now)
        case .chooseMenuItem(let index):
            return activate(open.items.indices.contains(index) ? index : nil, now: now)
        case .mnemonic(let key, let others):
            return activate(open.item(answering: ([key] + others).map(MnemonicLabel.lowercased)), now: now)
        case .escape:
            menu = nil
        case .hover(.moved(let point)), .drag(let point):
            menu?.highlighted = open.item(at: point).flatMap { open.items[$0].enabled ? $0 : nil }
        case .contextMenuRelease(let point):
            // The right click that opened it, let go where it went down (no further than two
            // clicks may stray and still be one place): the menu stays, even where it opened
            // over an item (pushed into a small window).
            let stayed = menuOpenedAt.map {
                max(abs(point.x - $0.x), abs(point.y - $0.y)) <= Self.doubleClickDistance
            } ?? false
            if !stayed, let item = open.item(at: point) { return activate(item, now: now) }
        case .hover:
            break
        case .click(let point), .clickExtending(let point):
            // A click off the menu closes it and does nothing else, as GTK's menus take it.
            guard open.box.contains(point) else {
                menu = nil
                return []
            }
            menuPressed = open.item(at: point)
        case .release(let point):
            defer { menuPressed = nil }
            if let pressed = menuPressed, open.item(at: point) == pressed { return activate(pressed, now: now) }
        case .screenshot, .keyboard, .pasted, .composeStarted, .characterCode, .keyboardAvailable:
            return nil
        default:
            // Anything else (a key that types, Tab, a new right click, the focus lost) closes
            // it, then does what it does.
            menu = nil
            return nil
        }
        return []
    }

    /// Does what item `index` of the menu says, and closes it; an item greyed, or none, does
    /// nothing and leaves it open.
    private func activate(_ index: Int?, now: Double) -> [PageEffect] {
        guard let open = menu, let index, open.items[index].enabled else { return [] }
        menu = nil
        let i = open.field
        var effects: [PageEffect] = []
        switch open.items[index].action {
        case .cut:
            copy(cutting: true, now: now, into: &effects)
        case .copy:
            copy(now: now, into: &effects)
        case .paste:
            requestPaste(from: .clipboard, at: nil, now: now, into: &effects)
        case .delete:
            apply(fields[i].field.deleteForward(), to: i, now: now, into: &effects)
        case .selectAll:
            selectAll(in: i)
        }
        return effects
    }
}
