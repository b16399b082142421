// SPDX-License-Identifier: MIT
/// What the keyboard does that a person typing a secret should know, as the window system
/// reports it: whether Caps Lock is on, and which of the configured layouts is active. Never
/// Shift, AltGr or another modifier held down: shown on screen, those would tell an onlooker
/// which keys of the passphrase are capitals or symbols.
public struct KeyboardState: Equatable, Sendable {
    /// Caps Lock is locked on.
    public var capsLock: Bool
    /// The short names of the configured layouts, in group order ("us", "ru"); one or none
    /// when only one layout is configured.
    public var layouts: [String]
    /// The active layout: an index into `layouts`.
    public var group: Int
    /// The layouts' names in words, in the user's language where the system has them
    /// translated ("Russian", "Английская (США)"), in group order: what a screen reader says.
    /// Empty until the keymap is read.
    public var descriptions: [String]
    /// The prompt may switch the layout itself (Super+Space, a click on its name), as the
    /// desktop's own shortcut cannot reach the desktop while the prompt holds the keyboard. Not
    /// in a Wayland session (`WaylandSession`): its compositor keeps the layout, and a group
    /// locked on Xwayland alone would be undone at its next word about the modifiers (a Shift
    /// press, mid-passphrase); it sees its own shortcuts there, and the prompt follows them.
    public var switchable: Bool

    public init(capsLock: Bool = false, layouts: [String] = [], group: Int = 0, descriptions: [String] = [],
                switchable: Bool = true) {
        self.capsLock = capsLock
        self.layouts = layouts
        self.group = group
        self.descriptions = descriptions
        self.switchable = switchable
    }

    /// The active layout's name, when there is more than one to tell apart.
    public var activeLayout: String? {
        layouts.count > 1 && layouts.indices.contains(group) ? layouts[group] : nil
    }

    /// The active layout's name in words, when it has one and there is more than one layout.
    public var activeDescription: String? {
        activeLayout != nil && descriptions.count == layouts.count && !descriptions[group].isEmpty
            ? descriptions[group] : nil
    }
}

/// The line under a dialog's entry that says what the keyboard does: a Caps Lock warning, that
/// the layout types digits only with Shift, the active layout's name. Drawn only while it has
/// something to say.
public struct KeyboardNote: Equatable, Sendable {
    /// The warning's words: "Caps Lock is on" (or the caller's own text) while it is; that
    /// digits need Shift, once a PIN took a key's other character (`Page.numberRowEntry`).
    public var warning: String?
    /// The active layout's short name, when several are configured.
    public var layout: String?
    /// Its name in words, when known: what a screen reader says of it.
    public var layoutDescription: String?

    public init(warning: String? = nil, layout: String? = nil, layoutDescription: String? = nil) {
        self.warning = warning
        self.layout = layout
        self.layoutDescription = layoutDescription
    }

    /// The note for `state`, with `capsLock` as the Caps Lock warning's words and `numberRow`
    /// the words on digits and Shift when they are to be said; nil when it has nothing to say.
    public static func make(for state: KeyboardState, capsLock: String, numberRow: String? = nil) -> KeyboardNote? {
        let warnings = [state.capsLock ? capsLock : nil, numberRow].compactMap { $0 }
        let note = KeyboardNote(warning: warnings.isEmpty ? nil : warnings.joined(separator: " · "),
                                layout: state.activeLayout, layoutDescription: state.activeDescription)
        return note.warning == nil && note.layout == nil ? nil : note
    }
}
