// SPDX-License-Identifier: MIT
/// One object of a page's accessibility tree, as a screen reader meets it: what it is, what it
/// is called and what it says, its state, where it is and what can be done to it. Plain values
/// only: `AccessibleTree` derives every node from the `Page`, and the window's bridge publishes
/// them (through ATK and the AT-SPI bridge) without deciding anything.
public struct AccessibleNode: Equatable, Sendable {
    /// A stable number within one page: the same part of the page keeps it from update to update.
    public var id: Int32
    public var role: AccessibleRole
    public var name: String
    public var description: String
    /// The text interface's contents, for entries and labels: a hidden entry's is one bullet per
    /// dot shown, never a character of the secret. Nil for objects without text.
    public var text: String?
    public var states: AccessibleStates
    /// The mnemonic as AT-SPI writes key bindings ("<Alt>o"); empty for none.
    public var keyBinding: String
    /// What the action interface's one action does; nil for objects that have none.
    public var action: AccessibleAction?
    /// Where it is, in the window's device pixels.
    public var bounds: Rect
    /// The quality bar's value and range.
    public var value: AccessibleValue?
    /// A hidden entry whose row scrolled: how many characters come before its first dot shown.
    /// A change of it is told as the dots that left the row and those that came.
    public var textOffset = 0
    /// Where each character of `text` is drawn, then where the caret stands after the last, in
    /// the window's device pixels: what a magnifier follows as the user types. Empty where the
    /// text is not drawn a character to a cell.
    public var characters: [Rect] = []
    /// Where the clusters of an entry's shown `text` begin and end, in characters, from 0 to
    /// its end, when one holds more than a character (a letter and its accents): what a screen
    /// reader reads as one character. Empty when each character is its own.
    public var clusters: [Int] = []
    /// An entry's caret, in characters of `text`; nil for an object without one.
    public var caret: Int?
    /// An entry's selected characters, in characters of `text` (a hidden entry's bullets for the
    /// dots selected); nil when none are.
    public var selection: Range<Int>?

    public init(id: Int32, role: AccessibleRole, name: String, description: String = "", text: String? = nil,
                states: AccessibleStates, keyBinding: String = "", action: AccessibleAction? = nil,
                bounds: Rect, value: AccessibleValue? = nil) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.text = text
        self.states = states
        self.keyBinding = keyBinding
        self.action = action
        self.bounds = bounds
        self.value = value
    }
}

/// What an object is. The raw values are the plug-in's (Sources/PinBoxAccessibility), which maps
/// each to its ATK role.
public enum AccessibleRole: Int32, Equatable, Sendable {
    /// A prompt's window.
    case dialog = 1
    /// A window that only says something and asks for an answer (a confirmation, a message).
    case alert = 2
    /// The demo's window.
    case frame = 3
    case label = 4
    /// A hidden entry: its text is bullets.
    case passwordText = 5
    /// An entry that shows what is typed.
    case text = 6
    case pushButton = 7
    case checkBox = 8
    /// The quality bar: its value is how much of its track is filled. A progress bar, as
    /// pinentry-gtk-2's: Orca 43 speaks a progress bar's value as it changes, a level bar's never.
    case progressBar = 9
    /// The wait cue: a security key waiting for a touch.
    case status = 10
    /// A line that says something when it appears (the error, Caps Lock's warning): Orca 43
    /// speaks a notification as it shows, and hears no announcement.
    case notification = 11
    /// An item of an entry's menu (`EntryMenu`).
    case menuItem = 12
}

/// The states AT-SPI knows that a page's objects can be in: a set of bits the plug-in maps to
/// ATK states one by one.
public struct AccessibleStates: OptionSet, Equatable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let focusable = AccessibleStates(rawValue: 1 << 0)
    public static let focused = AccessibleStates(rawValue: 1 << 1)
    /// On screen: mapped and not hidden (an empty error line is not showing).
    public static let showing = AccessibleStates(rawValue: 1 << 2)
    public static let visible = AccessibleStates(rawValue: 1 << 3)
    /// Can be used now (ATK's sensitive and enabled together).
    public static let sensitive = AccessibleStates(rawValue: 1 << 4)
    public static let editable = AccessibleStates(rawValue: 1 << 5)
    public static let singleLine = AccessibleStates(rawValue: 1 << 6)
    public static let checked = AccessibleStates(rawValue: 1 << 7)
    /// The window has the keyboard focus.
    public static let active = AccessibleStates(rawValue: 1 << 8)
    public static let modal = AccessibleStates(rawValue: 1 << 9)
    /// The button Return presses.
    public static let isDefault = AccessibleStates(rawValue: 1 << 10)
    public static let multiLine = AccessibleStates(rawValue: 1 << 11)

    /// Each state on its own, in bit order: what a change reports one by one.
    public static let each: [AccessibleStates] = (0..<12).map { AccessibleStates(rawValue: 1 << UInt32($0)) }
}

/// What a screen reader can do to an object through its action interface: each becomes the
/// input the page already knows.
public enum AccessibleAction: Equatable, Sendable {
    /// Press button `index` of the page's content, as a click on it does.
    case press(button: Int)
    /// Type what a key of the on-screen number pad types.
    case key(PaySheetLayout.Key)
    /// Choose item `index` of the open entry menu.
    case choose(menuItem: Int)

    /// The action's name as the action interface lists it (GTK's buttons call it "click").
    public var name: String { "click" }

    /// The input that carries it out.
    public var input: InputEvent? {
        switch self {
        case .press(let b): .pressButton(b)
        case .key(let key): key.input
        case .choose(let k): .chooseMenuItem(k)
        }
    }
}

/// The quality bar's reading.
public struct AccessibleValue: Equatable, Sendable {
    public var current: Double
    public var minimum: Double
    public var maximum: Double

    public init(current: Double, minimum: Double, maximum: Double) {
        self.current = current
        self.minimum = minimum
        self.maximum = maximum
    }
}
