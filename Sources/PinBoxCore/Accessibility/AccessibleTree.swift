// SPDX-License-Identifier: MIT
/// A page as a screen reader meets it: the window and, in reading order, its texts, entries,
/// buttons and indicators, derived from the `Page` alone. The same page gives the same tree;
/// every object keeps its `id` for the page's life (an empty error line is there, not showing),
/// so an update changes objects and never the tree's shape.
///
/// Secrets: a hidden entry's text is one bullet per dot the window shows (a scrolled
/// passphrase row shows fewer dots than there are characters, and so do the bullets; a key
/// that scrolls it is told as the dot that left and the one that came), and its
/// description says no more than its boxes do. No byte of a hidden field's secret is read here;
/// only the demo's plain look, which shows its characters on screen, reads them out.
public struct AccessibleTree: Equatable, Sendable {
    public var window: AccessibleNode
    /// The window's children, in reading order.
    public var children: [AccessibleNode]
    /// The page's count of errors raised (`Page.raised`): a change with an error line showing
    /// is a new error, even in the same words.
    public var raised = 0

    /// Fixed ids, so that an update finds each object again: the window, the page's texts and
    /// indicators; each field's label and entry; the buttons; the number pad's keys.
    public enum ID {
        public static let window: Int32 = 0
        public static let description: Int32 = 1
        public static let error: Int32 = 2
        public static let hint: Int32 = 3
        public static let quality: Int32 = 4
        public static let cue: Int32 = 5
        public static let payee: Int32 = 6
        public static let amount: Int32 = 7
        /// gpg-agent's constraint hints under the entries.
        public static let notes: Int32 = 8
        /// A line shown whole (ssh's host-key fingerprint), named by its label.
        public static let detail: Int32 = 9
        /// The line under a dialog's entries: Caps Lock's warning, and the active layout's name.
        public static let capsLock: Int32 = 300
        public static let layout: Int32 = 301
        public static func label(_ field: Int) -> Int32 { 10 + 2 * Int32(field) }
        public static func entry(_ field: Int) -> Int32 { 11 + 2 * Int32(field) }
        public static func button(_ index: Int) -> Int32 { 100 + Int32(index) }
        public static func key(_ index: Int) -> Int32 { 200 + Int32(index) }
        public static func menuItem(_ index: Int) -> Int32 { 400 + Int32(index) }
    }

    /// What every node on screen is.
    private static let shown: AccessibleStates = [.showing, .visible, .sensitive]

    /// The bullet a hidden entry's text shows for each dot.
    public static let bullet = "\u{2022}"

    public init(window: AccessibleNode, children: [AccessibleNode]) {
        self.window = window
        self.children = children
    }

    /// The tree of `page` as it is now.
    public init(page: Page, words: AccessibleWords = AccessibleWords()) {
        let content = page.content
        let geometry = page.geometry
        let shown = Self.shown
        func text(_ id: Int32, _ name: String, _ bounds: Rect, role: AccessibleRole = .label) -> AccessibleNode {
            AccessibleNode(id: id, role: role, name: name, text: name, states: name.isEmpty ? [] : shown,
                           bounds: name.isEmpty ? .zero : bounds)
        }
        var nodes: [AccessibleNode] = []
        var role = AccessibleRole.frame
        var windowName = content.title, windowDescription = content.description
        // An open menu has the focus: its highlighted item, not the entry it acts on.
        let focused: Int? = page.windowFocused && page.menu == nil ? page.focus : nil
        // The red line, as the page shows it.
        let message = page.messageLine

        switch geometry {
        case .dialog(let layout):
            role = page.fields.isEmpty ? .alert : .dialog
            // The description is a label, which a screen reader reads with the dialog: as the
            // window's description too, it was said twice (GTK's dialogs leave that empty). But
            // Orca 43 reads a dialog's labels only of three words or more (an alert's, any): a
            // shorter text ("alice@example.com's password:") is heard only as the description.
            let wordCount = content.description.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).count
            if role == .alert || wordCount >= 3 { windowDescription = "" }
            nodes.append(text(ID.description, content.description, layout.description))
            if let detail = content.detail {
                // A fingerprint is read out to be compared, and readers speak a label's name: the
                // name is its caption and the fingerprint, the text the fingerprint whole.
                nodes.append(AccessibleNode(id: ID.detail, role: .label, name: detail.label + " " + detail.text,
                                            text: detail.text, states: shown, bounds: layout.detail))
            }
        case .paySheet(let layout):
            role = .dialog
            // The payee and the amount, as the window's description: as labels they are too short
            // for Orca to read with the dialog.
            windowDescription = [content.prompt, content.description].filter { !$0.isEmpty }.joined(separator: " ")
            nodes.append(text(ID.payee, content.prompt, Self.line(at: layout.payee, width: layout.field.width,
                                                                   height: layout.metrics.payeeSize * layout.scale)))
            nodes.append(text(ID.amount, content.description, Self.line(at: layout.amount, width: layout.field.width,
                                                                         height: layout.metrics.amountSize * layout.scale)))
        case .workbench:
            role = .frame
        }
        if windowName.isEmpty { windowName = words.untitled }

        for (i, field) in page.fields.enumerated() {
            let bounds = i < geometry.fields.count ? geometry.fields[i] : .zero
            if !field.label.isEmpty {
                nodes.append(text(ID.label(i), field.label, Self.labelBounds(geometry, field: i, over: bounds)))
            }
            nodes.append(Self.entry(field, index: i, page: page, bounds: bounds, focused: focused == i, words: words))
            // The quality bar, where it is drawn: under the entry it rates, over the repeat.
            if i == 0, case .dialog(let layout) = geometry, let label = content.qualityLabel {
                nodes.append(Self.qualityBar(label, rating: page.quality, tooltip: content.qualityTooltip,
                                             bounds: layout.quality ?? .zero))
            }
        }

        if case .dialog(let layout) = geometry {
            if content.waitCue {
                nodes.append(AccessibleNode(id: ID.cue, role: .status, name: words.waiting, states: shown,
                                            bounds: layout.cue ?? .zero))
            }
            // Caps Lock's warning and the layout, as the line shows them (empty while it says nothing).
            nodes.append(text(ID.capsLock, content.keyboard?.warning ?? "", layout.keyboard ?? .zero,
                              role: .notification))
            // The layout's name as the line shows it: in words it is the entries' description (a
            // label of three words or more Orca 43 would read with the dialog, then again with
            // the entry).
            nodes.append(text(ID.layout, content.keyboard?.layout ?? "", layout.keyboardLayoutName ?? layout.keyboard ?? .zero))
            if let notes = layout.notes { nodes.append(text(ID.notes, content.notes, notes)) }
            nodes.append(text(ID.error, message, layout.error, role: .notification))
        } else if case .paySheet(let layout) = geometry {
            nodes.append(text(ID.error, message, Self.line(at: layout.message, width: layout.field.width,
                                                                 height: layout.metrics.linkSize * layout.scale),
                              role: .notification))
        }
        if !content.hint.isEmpty, case .workbench(let layout) = geometry {
            nodes.append(text(ID.hint, content.hint, Self.line(at: layout.hint, width: layout.content.width,
                                                                height: layout.metrics.hintSize * layout.scale)))
        }

        nodes += Self.buttons(of: page, focused: focused, words: words)
        if case .paySheet(let layout) = geometry { nodes += Self.keys(of: layout, words: words) }
        nodes += Self.menuItems(of: page)

        var windowStates = shown
        if page.windowFocused { windowStates.insert(.active) }
        if role != .frame { windowStates.insert(.modal) }
        let size = geometry.content
        window = AccessibleNode(id: ID.window, role: role, name: windowName, description: windowDescription,
                                states: windowStates, bounds: Rect(x: 0, y: 0, width: size.width, height: size.height))
        children = nodes
        raised = page.raised
    }

    /// The quality bar: as much as it fills, of a whole a reader says as a percentage (a
    /// refused rating fills none: its words say why). The whole rating, not a fraction scaled
    /// back, which is a hair under some ratings and said one lower. Its description is the rating
    /// in words, as drawn beside the bar (never anything typed), then the caller's tooltip, as GTK
    /// gives a widget's tooltip for its description: what a sighted user reads by resting the
    /// pointer on the bar, a screen reader's user hears on the bar.
    private static func qualityBar(_ label: String, rating: Int?, tooltip: String?, bounds: Rect) -> AccessibleNode {
        let value = AccessibleValue(current: Double(max(0, min(100, rating ?? 0))), minimum: 0, maximum: 100)
        let description = [rating.map { QualityRating($0).words }, tooltip].compactMap { $0 }.joined(separator: "\n")
        return AccessibleNode(id: ID.quality, role: .progressBar, name: label, description: description,
                              states: shown, bounds: bounds, value: value)
    }

    /// The buttons, in Tab order: push buttons, and the password manager's box as a check box.
    private static func buttons(of page: Page, focused: Int?, words: AccessibleWords) -> [AccessibleNode] {
        let geometry = page.geometry
        return page.content.buttons.enumerated().map { b, button in
            var states = shown.union(.focusable)
            // Pressed too soon after the window showed (ssh's questions), a button does nothing:
            // not sensitive until then, as a greyed button would say.
            if !page.buttonsSensitive { states.remove(.sensitive) }
            if focused == page.fields.count + b { states.insert(.focused) }
            // The button Return presses when no other has the focus: OK from an entry (not
            // ssh's question, where Return answers only a typed fingerprint), else the one a
            // page without entries starts on (a question's safe answer).
            let returnPresses = page.fields.isEmpty ? page.content.defaultButton
                : page.rules.answers == nil ? PageButton.Role.ok : nil
            if button.role == returnPresses { states.insert(.isDefault) }
            // The password manager's box is a check box, ticked or not.
            if button.role == .savePassword && page.agent.savePassword { states.insert(.checked) }
            let name = button.role == .cancel && geometry.isPaySheet ? words.close : button.text
            return AccessibleNode(id: ID.button(b), role: button.role == .savePassword ? .checkBox : .pushButton,
                                  name: name, states: states,
                                  keyBinding: button.mnemonic.map { "<Alt>" + String(Character($0)) } ?? "",
                                  action: .press(button: b),
                                  bounds: b < geometry.buttons.count ? geometry.buttons[b] : .zero)
        }
    }

    /// An entry's menu items (`EntryMenu`): on a prompt's dialog whose entries have one, there
    /// whether it is open or not (closed, not showing: the focused entry's, else the first's),
    /// the highlighted one focused.
    private static func menuItems(of page: Page) -> [AccessibleNode] {
        guard page.offersEntryMenu, let first = page.fields.indices.first(where: { page.fields[$0].hasCaret }) else { return [] }
        let owner = page.menu?.field ?? page.focusedField.flatMap { page.fields[$0].hasCaret ? $0 : nil } ?? first
        return page.menuActions(of: owner).enumerated().map { k, item in
            let action = item.0
            let label = MnemonicLabel(action.label)
            var states: AccessibleStates = []
            var bounds = Rect.zero
            if let menu = page.menu, k < menu.items.count {
                states = [.showing, .visible, .focusable]
                if menu.items[k].enabled { states.insert(.sensitive) }
                if menu.highlighted == k && page.windowFocused { states.insert(.focused) }
                bounds = menu.items[k].box
            }
            return AccessibleNode(id: ID.menuItem(k), role: .menuItem, name: label.text, states: states,
                                  keyBinding: label.mnemonic.map { "<Alt>" + String(Character($0)) } ?? "",
                                  action: .choose(menuItem: k), bounds: bounds)
        }
    }

    /// The payment sheet's number pad: a push button a key, named by what it types.
    private static func keys(of layout: PaySheetLayout, words: AccessibleWords) -> [AccessibleNode] {
        PaySheetLayout.keys.enumerated().compactMap { k, key in
            let name: String
            switch key {
            case .blank: return nil
            case .digit(let d): name = String(Character(d))
            case .delete: name = words.delete
            }
            return AccessibleNode(id: ID.key(k), role: .pushButton, name: name, states: shown,
                                  action: .key(key), bounds: layout.keyRects[k])
        }
    }

    /// The active keyboard layout of several, in words where the keymap names it ("Keyboard
    /// layout: Russian"), else by its short name; nil with one layout.
    static func layoutWords(_ content: PageContent, _ words: AccessibleWords) -> String? {
        content.keyboard?.layout.map { words.layout(content.keyboard?.layoutDescription ?? $0) }
    }

    /// An entry: what it is called, what it says of its contents and how much of them it shows.
    private static func entry(_ field: PageField, index: Int, page: Page, bounds: Rect, focused: Bool,
                              words: AccessibleWords) -> AccessibleNode {
        let hidden = !field.holdsNoSecret && (field.configuration.theme.secure || page.rules.purpose == .prompt)
        var states: AccessibleStates = [.showing, .visible, .sensitive, .focusable, .editable, .singleLine]
        if focused { states.insert(.focused) }
        // What shows: the characters past the first cell drawn (a long row scrolls).
        let shownCount = field.countShown
        var description = ""
        // Boxes of a known number say how many are filled, as a glance at them does.
        if field.growth == nil || page.entry.map({ if case .fixedPIN = $0 { true } else { false } }) == true {
            description = words.entered(field.field.length, of: field.field.capacity)
        }
        // PIN boxes past their row show the count in words: so does the entry's description.
        if field.showsCount { description = PageField.count(field.field.length) }
        // The rating of what is typed, in words, on the entry it rates (the first): Orca 43 says
        // the focused entry's description as it changes, and not the bar's, so a rating the agent
        // refuses ("Too weak", an empty bar) is heard. The words only, never anything typed.
        if index == 0, page.content.qualityLabel != nil, page.isDialog, let rating = page.quality {
            description = [description, QualityRating(rating).words].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        // Of several keyboard layouts, the one the keys type in, in words: said with the entry as
        // it gets the focus and again when the layout changes (Super+Space), as the line under
        // the entry shows it to a user who can see it. As the entry's description, not a
        // notification of its own, which Orca 43 says only after the whole dialog again.
        if let layout = layoutWords(page.content, words) {
            description = [description, layout].filter { !$0.isEmpty }.joined(separator: ", ")
        }
        let name = field.label.isEmpty ? (page.content.title.isEmpty ? words.untitled : page.content.title) : field.label
        let text: String
        if hidden {
            // PIN boxes past their row show the count and no dots: so no bullets.
            text = field.showsCount ? "" : String(repeating: bullet, count: shownCount)
        } else {
            // A field that shows its characters (the demo's plain look, a prompt's name or code)
            // reads them out, as its cells show them.
            text = field.field.secret.withBytes { String(decoding: $0, as: UTF8.self) }
        }
        var node = AccessibleNode(id: ID.entry(index), role: hidden ? .passwordText : .text, name: name,
                                  description: description, text: text, states: states, bounds: bounds)
        // The caret within what the text holds: a hidden row's bullets start at its first dot shown.
        let count = text.unicodeScalars.count, first = hidden ? field.firstShown : 0
        node.caret = min(max(0, field.field.caret - first), count)
        // The selected characters within it: a hidden row's bullets for the dots shown selected.
        if field.hasCaret, let selected = field.field.selection {
            let shown = min(max(0, selected.lowerBound - first), count)..<min(max(0, selected.upperBound - first), count)
            if !shown.isEmpty { node.selection = shown }
        }
        if hidden && !field.showsCount {
            node.textOffset = field.firstShown
            node.characters = characterPlaces(field, count: shownCount, in: bounds)
        } else if !hidden {
            let places = field.field.caretPlaces
            if places.contains(false) { node.clusters = places.indices.filter { places[$0] } }
            var theme = field.configuration.theme
            theme.secure = false
            // Placed character by character only where it holds no secret (a name, a code).
            if theme.drawsTextRun {
                if field.holdsNoSecret, let edges = page.runEdges(of: index) {
                    node.characters = runPlaces(edges, field: field, in: bounds)
                }
            } else if field.firstShown == 0 {
                node.characters = characterPlaces(field, count: text.unicodeScalars.count, in: bounds)
            }
        }
        return node
    }

    /// Where a hidden entry's `count` dots are drawn (`FieldScene.markSlot`: a dot to a cell,
    /// or to a slot inside a padded entry, from the first shown), then where the next one goes,
    /// the caret's place. Past the last slot the caret stands at the last one's end.
    private static func characterPlaces(_ field: PageField, count: Int, in bounds: Rect) -> [Rect] {
        let padding = field.configuration.theme.padding
        let slots = field.layout.cells.indices.map {
            FieldScene.markSlot($0, layout: field.layout, padding: padding).offsetBy(dx: bounds.x, dy: bounds.y)
        }
        guard let last = slots.last else { return [] }
        return (0...count).map { k in
            k < slots.count ? slots[k] : Rect(x: last.maxX, y: last.y, width: 0, height: last.height)
        }
    }

    /// Where a shown entry's characters stand when it draws them as one run (git's username),
    /// its places `edges` from the field's origin (`Page.runEdges`): after its padding, each as
    /// far along as the text before it is wide, the run scrolled as the painter scrolls it, from
    /// the right in a right-to-left name; the caret after the last.
    private static func runPlaces(_ edges: [Double], field: PageField, in bounds: Rect) -> [Rect] {
        let area = field.layout.bounds.offsetBy(dx: bounds.x, dy: bounds.y)
        let edges = edges.map { bounds.x + $0 }
        // A character lies between its edge and the next one's, to the left of it in a
        // right-to-left name.
        return edges.indices.map { k in
            let x = edges[k].rounded()
            let end = k + 1 < edges.count ? edges[k + 1].rounded() : x
            return Rect(x: min(x, end), y: area.y, width: abs(end - x), height: area.height)
        }
    }

    private static func labelBounds(_ geometry: PageGeometry, field: Int, over bounds: Rect) -> Rect {
        switch geometry {
        case .dialog(let layout): return field < layout.labels.count ? layout.labels[field] : .zero
        case .workbench(let layout):
            guard field < layout.labels.count else { return .zero }
            return line(at: layout.labels[field], width: bounds.width, height: layout.metrics.labelSize * layout.scale)
        case .paySheet: return .zero
        }
    }

    /// A line of text drawn centred at `point` (its baseline): the rectangle it roughly takes.
    private static func line(at point: Point?, width: Double, height: Double) -> Rect {
        guard let point else { return .zero }
        return Rect(x: point.x - width / 2, y: point.y - height, width: width, height: height * 1.3)
    }

    /// Every object, the window first.
    public var nodes: [AccessibleNode] { [window] + children }

    public func node(_ id: Int32) -> AccessibleNode? {
        id == window.id ? window : children.first { $0.id == id }
    }

    /// The lines said when they appear, the error first: each is announced (for readers that
    /// hear announcements) and shows as a notification (for Orca 43, which hears none).
    static let notices = [ID.error, ID.capsLock]

    /// The object with the keyboard focus, while the window has it.
    public var focused: Int32? { children.first { $0.states.contains(.focused) }?.id }

    /// The input that gives object `id` the focus (a screen reader's grab-focus), for `page`.
    public static func focusInput(for id: Int32, fields: Int, buttons: Int) -> InputEvent? {
        if id >= ID.entry(0), id < ID.entry(fields), (id - ID.entry(0)) % 2 == 0 {
            return .focusOn(Int(id - ID.entry(0)) / 2)
        }
        if id >= ID.button(0), id < ID.button(buttons) { return .focusOn(fields + Int(id - ID.button(0))) }
        return nil
    }

    /// The input that carries out object `id`'s action.
    public func actionInput(for id: Int32) -> InputEvent? {
        node(id)?.action?.input
    }
}
