// SPDX-License-Identifier: MIT
import CAccessibility
import CX11
import CSystem
import PinBoxCore

/// The window's accessibility tree on the AT-SPI bus, through the plug-in
/// (libpinbox-accessibility.so: ATK objects and the AT-SPI bridge), loaded only when the
/// session has accessibility on. It publishes what the core's `AccessibleTree` says, as the
/// core's `AccessibleEvent`s say, and turns a screen reader's requests (press this button,
/// focus that entry) into the page's own inputs. GLib's main context, which carries the bus,
/// is serviced by the event loop's poll (`prepare`, `dispatch`): no other loop. Only the
/// bridge's connection to the bus is made on a thread, which the poll hears end.
public final class AccessibilityBridge {
    /// The bridge lives as long as the process (a pinentry opens one window after another).
    nonisolated(unsafe) private static var shared: AccessibilityBridge?
    nonisolated(unsafe) private static var failed = false

    private var published: AccessibleTree?
    private var inputs: [InputEvent] = []
    private var originKnown = false
    /// The bridge's count of listening starts when the tree was last said whole.
    private var listeners: UInt32 = 0

    private init() {}

    /// The bridge, started on first use when the session has accessibility on; nil otherwise
    /// (then nothing was loaded).
    static func start(display: XDisplay, application: String) -> AccessibilityBridge? {
        if let shared { return shared }
        guard !failed, let address = AccessibilitySwitch.busAddress(display) else { return nil }
        var error: UnsafePointer<CChar>?
        guard pinbox_accessibility_load(&error) == 0 else {
            failed = true
            let why = error.map { String(cString: $0) } ?? "unknown error"
            writeError("pinbox: accessibility is on, but its plug-in cannot be loaded (\(why)); carrying on without it\n")
            return nil
        }
        let bridge = AccessibilityBridge()
        let context = Unmanaged.passUnretained(bridge).toOpaque()
        let callbacks = pinbox_a11y_callbacks(
            action: { context, id in Unmanaged<AccessibilityBridge>.fromOpaque(context!).takeUnretainedValue().act(id) },
            focus: { context, id in Unmanaged<AccessibilityBridge>.fromOpaque(context!).takeUnretainedValue().focus(id) })
        guard pinbox_accessibility_start(application, address, callbacks, context) == 0 else {
            failed = true
            writeError(unreachable)
            return nil
        }
        shared = bridge
        return bridge
    }

    private static let unreachable = "pinbox: accessibility is on, but the AT-SPI bus cannot be reached; carrying on without it\n"

    /// Whether the bridge is on the bus: it connects on a thread of its own, and the tree is
    /// published once it is there (then whole, as nothing was published before).
    private var onTheBus: Bool {
        switch pinbox_accessibility_state() {
        case Int32(PINBOX_A11Y_ON_THE_BUS): return true
        case Int32(PINBOX_A11Y_FAILED):
            if !Self.failed { Self.writeError(Self.unreachable) }
            Self.failed = true
            return false
        default: return false
        }
    }

    private static func writeError(_ message: String) {
        var message = message
        message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// What a screen reader asked for since the last call, as the page's inputs.
    func takeInputs() -> [InputEvent] {
        defer { inputs.removeAll() }
        return inputs
    }

    private func act(_ id: Int32) {
        if let input = published?.actionInput(for: id) { inputs.append(input) }
    }

    private func focus(_ id: Int32) {
        guard let tree = published else { return }
        let fields = tree.children.filter { $0.role == .passwordText || $0.role == .text }.count
        let buttons = tree.children.filter { if case .press? = $0.action { true } else { false } }.count
        if let input = AccessibleTree.focusInput(for: id, fields: fields, buttons: buttons) { inputs.append(input) }
    }

    /// Tells a screen reader of a key before the page handles it, as a toolkit tells it of
    /// every key; true when the screen reader took the key for itself (one of its commands).
    /// In an entry that holds no secret (`plain`: a name, a code, whose text is on the bus as
    /// it is typed), every key is told, with the `character` it types, as GTK tells them: Orca
    /// echoes each key typed there. Elsewhere only the erasing keys are told
    /// (`KeyTranslator.erases`: BackSpace, Delete), those that move the caret (the arrows, Home,
    /// End) and Ctrl+A: Orca speaks what a deletion took, what the caret moved to and what was
    /// selected only when it knows the key was one of them (Ctrl+A by `shortcut`, the letter it
    /// means on a layout of another script, Ctrl+Ф on a Russian one). No other key is: a key
    /// event carries the character it types, and nothing typed into a secret goes to the bus.
    func tell(keysym: UInt32, shortcut: UInt32, pressed: Bool, key: XKeyEvent, plain: Bool,
              character: Unicode.Scalar?) -> Bool {
        let control = key.state & UInt32(ControlMask) != 0
        let selectsAll = KeyTranslator.selectsAll(shortcut, control: control)
        guard plain || KeyTranslator.erases(keysym) || KeyTranslator.movesCaret(keysym) || selectsAll, onTheBus,
              let name = XKeysymToString(KeySym(keysym)) else { return false }
        // As GTK 3 fills the event: the character a key types, when it is one that shows;
        // else (a space, a command with Control) the key's name.
        var string = String(cString: name)
        if plain, !control, let character, AcceptedCharacters.text.contains(character), !character.properties.isWhitespace {
            string = String(character)
        }
        return pinbox_accessibility_key(pressed ? 1 : 0, keysym, key.state, key.keycode,
                                        UInt32(truncatingIfNeeded: key.time), string) != 0
    }

    /// The window moved: its screen position is asked again before the next update.
    func windowMoved() { originKnown = false }

    /// Brings the objects on the bus up to `tree` and emits the events that take a screen
    /// reader there. Nothing happens when nothing changed.
    func publish(_ tree: AccessibleTree, window: XWindow, display: XDisplay) {
        guard onTheBus else { return }
        // A screen reader began to listen: what was said before it did is said again.
        let listening = pinbox_accessibility_listeners()
        if listening != listeners {
            listeners = listening
            if published != nil {
                published = nil
                originKnown = false
            }
        }
        guard tree != published || !originKnown else { return }
        if !originKnown {
            originKnown = true
            var x: Int32 = 0, y: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display.handle, window.id, display.root, 0, 0, &x, &y, &child)
            pinbox_accessibility_set_origin(x, y)
        }
        guard tree != published else { return }
        let events = tree.changes(from: published)
        let fresh = published.map { $0.nodes.map { $0.id } != tree.nodes.map { $0.id } } ?? true
        if fresh && published != nil { pinbox_accessibility_close_window() }
        for node in tree.nodes {
            let b = node.bounds
            pinbox_accessibility_set_node(node.id, node.role.rawValue, node.states.rawValue, b.x, b.y, b.width, b.height)
            let old = fresh ? nil : published?.node(node.id)
            if old?.name != node.name { set(node.id, Int32(PINBOX_A11Y_NAME), node.name) }
            if old?.description != node.description { set(node.id, Int32(PINBOX_A11Y_DESCRIPTION), node.description) }
            if !AccessibleTree.sameText(old?.text, node.text) || old?.textOffset != node.textOffset {
                set(node.id, Int32(PINBOX_A11Y_TEXT), node.text ?? "")
            }
            if old?.keyBinding != node.keyBinding { set(node.id, Int32(PINBOX_A11Y_KEY_BINDING), node.keyBinding) }
            if old?.action != node.action { set(node.id, Int32(PINBOX_A11Y_ACTION), node.action?.name ?? "") }
            if let v = node.value { pinbox_accessibility_set_value(node.id, v.current, v.minimum, v.maximum) }
            if old?.caret != node.caret || old?.selection != node.selection {
                pinbox_accessibility_set_caret(node.id, Int32(node.caret ?? -1), Int32(node.selection?.lowerBound ?? -1),
                                               Int32(node.selection?.upperBound ?? -1))
            }
            if old?.characters != node.characters {
                let numbers = node.characters.flatMap { [$0.x, $0.y, $0.width, $0.height] }
                pinbox_accessibility_set_characters(node.id, numbers, Int32(node.characters.count))
            }
            if old?.clusters != node.clusters {
                let places = node.clusters.map { Int32($0) }
                pinbox_accessibility_set_clusters(node.id, places, Int32(places.count))
            }
        }
        published = tree
        if fresh { pinbox_accessibility_emit(Int32(PINBOX_A11Y_WINDOW_SHOWN), AccessibleTree.ID.window, 0, 0, 0, nil) }
        for event in events { emit(event) }
    }

    private func set(_ id: Int32, _ which: Int32, _ value: String) {
        value.withCString { pinbox_accessibility_set_string(id, which, $0) }
    }

    private func emit(_ event: AccessibleEvent) {
        switch event {
        case .focus(let id): pinbox_accessibility_emit(Int32(PINBOX_A11Y_FOCUS), id, 0, 0, 0, nil)
        case .state(let id, let state, let on):
            pinbox_accessibility_emit(Int32(PINBOX_A11Y_STATE), id, Int32(bitPattern: state.rawValue), on ? 1 : 0, 0, nil)
        case .name(let id): pinbox_accessibility_emit(Int32(PINBOX_A11Y_NAME_CHANGED), id, 0, 0, 0, nil)
        case .description(let id): pinbox_accessibility_emit(Int32(PINBOX_A11Y_DESCRIPTION_CHANGED), id, 0, 0, 0, nil)
        case .text(let id, let at, let removed, let inserted):
            pinbox_accessibility_emit(Int32(PINBOX_A11Y_TEXT_CHANGED), id, Int32(at), Int32(removed), Int32(inserted), nil)
        case .value(let id): pinbox_accessibility_emit(Int32(PINBOX_A11Y_VALUE_CHANGED), id, 0, 0, 0, nil)
        case .caret(let id): pinbox_accessibility_emit(Int32(PINBOX_A11Y_CARET_MOVED), id, 0, 0, 0, nil)
        case .selection(let id): pinbox_accessibility_emit(Int32(PINBOX_A11Y_SELECTION_CHANGED), id, 0, 0, 0, nil)
        case .announce(let text):
            text.withCString { pinbox_accessibility_emit(Int32(PINBOX_A11Y_ANNOUNCE), AccessibleTree.ID.window, 0, 0, 0, $0) }
        case .activate(let on):
            pinbox_accessibility_emit(Int32(on ? PINBOX_A11Y_ACTIVATE : PINBOX_A11Y_DEACTIVATE), AccessibleTree.ID.window,
                                      0, 0, 0, nil)
        }
    }

    /// The window is gone: its objects leave the bus (a pinentry's next dialog publishes anew).
    func closeWindow() {
        guard published != nil else { return }
        published = nil
        originKnown = false
        pinbox_accessibility_close_window()
    }

    // MARK: the poll loop

    /// Adds the descriptors GLib waits on to `fds`; returns its timeout in milliseconds (-1: none).
    func prepare(_ fds: inout [pollfd]) -> Int32 {
        var more = [pollfd](repeating: pollfd(fd: -1, events: 0, revents: 0), count: Self.capacity)
        var timeout: Int32 = -1
        let count = pinbox_accessibility_prepare(&more, Int32(Self.capacity), &timeout)
        fds += more.prefix(Int(count))
        return timeout
    }

    /// Hands GLib what poll said of its descriptors (`fds`, as `prepare` added them) and runs
    /// what is due: the bus's messages, which may ask for an action.
    func dispatch(_ fds: ArraySlice<pollfd>) {
        let polled = Array(fds)
        pinbox_accessibility_dispatch(polled, Int32(polled.count))
    }

    /// More than GLib's context waits on with the bridge (its wake-up and the bus connections).
    private static let capacity = 16
}
