// SPDX-License-Identifier: MIT
import CX11
import CSystem
import CXKB
import PinBoxCore

/// The keyboard of one display, as libxkbcommon reads it (the way i3lock does): the server's
/// keymap (`Keymap`) and the locale's compose table (`Composer`), kept up to date from XKB's
/// events, and what the keyboard shows the user (`KeyboardIndicators`).
///
/// A server may hide XKB from a client: from an untrusted one, as `ssh -X` makes by default
/// (`ForwardX11Trusted no`), the X security extension hides every extension but two. Keys are
/// then read by the core protocol's rules, as every X program without XKB reads them
/// (Xlib's `XLookupString`: Shift, Caps Lock, Num Lock and Mode_switch over the server's core
/// keyboard mapping), dead keys and Compose still through libxkbcommon's compose table; Caps
/// Lock is read from the core modifiers (the pointer's state as a dialog opens, then each real
/// key's), the layouts are not named.
///
/// Compiling the keymap takes a few round trips and a millisecond: it waits for `prepare()`,
/// which the event loop calls once the first frame is on screen, or for the first key,
/// whichever comes first. The compose table (milliseconds of parsing, a few hundred kilobytes)
/// waits for the first key that may begin a sequence (`ComposeDemand`), which a passphrase or a
/// PIN typed in ASCII never has. Both are kept for the display's life, so a pinentry's next
/// dialog has them at once.
final class Keyboard {
    private let display: OpaquePointer
    private let root: Window
    private let rulesNames: Atom
    /// XKB's event code on this display; nil without the extension.
    private(set) var eventBase: Int32?
    private var indicators = KeyboardIndicators()
    /// libxkbcommon's functions, once `prepare` has loaded them.
    private var xkb: pinbox_xkb_library?
    private var context: OpaquePointer?
    private var connection: OpaquePointer?
    private var device: Int32 = -1
    private var keymap: Keymap?
    /// The compose table, once a key needed it (`composer(for:)`).
    private(set) var composer: Composer?
    /// Whether it was read, or tried: a locale with no table is not looked for at every key.
    private var composerTried = false
    /// Set once `prepare` has run, whatever it found.
    private var prepared = false
    /// No XKB for this client: keys are read by the core protocol's rules.
    private var coreOnly = false
    /// Why no key can be read, when `prepare` found no way to: the window then closes (a prompt
    /// holding the keyboard while it reads nothing would lock the user out of it).
    private(set) var failure: String?
    /// The server's keymap changed since it was compiled: compiled again before the next key.
    private var stale = false
    /// The keyboard changed since its layouts were named: named again once the burst is over.
    private var unnamed = false
    /// What the page was last told.
    private var reported: KeyboardState?

    init(display: OpaquePointer, root: Window, rulesNames: Atom) {
        self.display = display
        self.root = root
        self.rulesNames = rulesNames
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        // Xlib asked for XKB when it connected: this answers from what it learnt then.
        if XkbQueryExtension(display, &opcode, &event, &error, &major, &minor) != 0 {
            eventBase = event
            // A new keymap (setxkbmap, xdotool's spare keycodes) and Caps Lock or the group changing;
            // no other state change, so a Shift press wakes no one.
            let device = UInt32(XkbUseCoreKbd)
            let maps = UInt32(XkbNewKeyboardNotifyMask | XkbMapNotifyMask)
            XkbSelectEvents(display, device, maps, maps)
            XkbSelectEventDetails(display, device, UInt32(XkbStateNotify), UInt(XkbAllStateComponentsMask),
                                  UInt(XkbModifierLockMask | XkbGroupStateMask))
        }
    }

    deinit {
        keymap = nil
        composer = nil
        if let xkb, let context { xkb.xkb_context_unref(context) }
    }

    /// What the keyboard shows now, asked of the server (one round trip).
    func currentState() -> KeyboardState {
        guard eventBase != nil else {
            var rootReturn: Window = 0, child: Window = 0
            var x: Int32 = 0, y: Int32 = 0, wx: Int32 = 0, wy: Int32 = 0
            var modifiers: UInt32 = 0
            _ = XQueryPointer(display, root, &rootReturn, &child, &x, &y, &wx, &wy, &modifiers)
            indicators.updateCore(modifiers: modifiers)
            reported = indicators.state
            return indicators.state
        }
        // A pinentry's next dialog: the events queued between dialogs went with the last window
        // (XWindow.withdraw drops them), a keymap change among them; compiled again at the next key.
        if prepared { stale = true }
        indicators.read(display, root: root, rulesNames: rulesNames)
        if let keymap { adoptLayoutNames(of: keymap) }
        reported = indicators.state
        return indicators.state
    }

    /// Loads libxkbcommon and compiles the keymap, once; reads the compose table too when the
    /// user has one of their own. Where no key can be read (no library, a server without XKB),
    /// `failure` says why.
    func prepare() {
        guard !prepared else { return }
        prepared = true
        guard let xkb = pinbox_xkb_load()?.pointee else {
            let reason = pinbox_xkb_load_error().map { String(cString: $0) } ?? "cannot load it"
            failure = "no key can be read without libxkbcommon: \(reason)"
            return
        }
        guard eventBase != nil else {
            // The keysyms' characters and the compose table need no keymap of the server's.
            guard let context = xkb.xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES) else {
                failure = "libxkbcommon cannot start: no key can be read"
                return
            }
            self.xkb = xkb
            self.context = context
            coreOnly = true
            if Composer.userHasTable { loadComposer() }
            return
        }
        let unreadable = "libxkbcommon cannot read this server's keyboard: no key can be read"
        guard let connection = xkb.XGetXCBConnection(display) else { failure = unreadable; return }
        var major: UInt16 = 0, minor: UInt16 = 0, event: UInt8 = 0, error: UInt8 = 0
        guard xkb.xkb_x11_setup_xkb_extension(connection, UInt16(XKB_X11_MIN_MAJOR_XKB_VERSION),
                                              UInt16(XKB_X11_MIN_MINOR_XKB_VERSION),
                                              XKB_X11_SETUP_XKB_EXTENSION_NO_FLAGS, &major, &minor, &event, &error) != 0
        else { failure = unreadable; return }
        device = xkb.xkb_x11_get_core_keyboard_device_id(connection)
        // No include paths: a keymap from the server needs no files, and looking for them costs.
        guard device >= 0, let context = xkb.xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES) else {
            failure = unreadable
            return
        }
        self.xkb = xkb
        self.context = context
        self.connection = connection
        compile()
        if let keymap { adoptLayoutNames(of: keymap) }
        if Composer.userHasTable { loadComposer() }
    }

    /// The compose table for a key of `keysym`: read now if the key may begin a sequence
    /// (`ComposeDemand`) and it was not read yet; nil while no key has needed it.
    func composer(for keysym: UInt32) -> Composer? {
        if composer == nil && ComposeDemand.mayBegin(keysym) { loadComposer() }
        return composer
    }

    /// Reads the compose table, once.
    private func loadComposer() {
        guard !composerTried, let xkb, let context else { return }
        composerTried = true
        composer = Composer(xkb, context: context)
    }

    /// The character `keysym` types on its own, if any (`Cyrillic_ef` → ф); nil before `prepare`
    /// found the library.
    func character(_ keysym: UInt32) -> Unicode.Scalar? {
        guard let value = xkb?.xkb_keysym_to_utf32(keysym), value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    /// The decimal digit the key types at its other Shift level (AZERTY's & key types 1 with
    /// Shift), nil when it types none there.
    func digitAtOtherShiftLevel(_ keycode: UInt32, modifiers: UInt32) -> Unicode.Scalar? {
        guard let keysym = keysym(keycode, modifiers: modifiers ^ UInt32(ShiftMask)), let other = character(keysym),
              AcceptedCharacters.digits.stored(other) != nil else { return nil }
        return other
    }

    /// An XKB event: returns the keyboard's new state when what it shows may have changed.
    func handle(_ event: UnsafePointer<XEvent>) -> KeyboardState? {
        switch pinbox_xkb_type(event) {
        case XkbStateNotify:
            indicators.update(pinbox_xkb_state_event(event).pointee)
            return news()
        case XkbNewKeyboardNotify, XkbMapNotify:
            // Compiled again lazily: xdotool maps a spare keycode before each character it types
            // and back after, a burst of changes of which only the last matters.
            stale = true
            unnamed = true
            return nil
        default:
            return nil
        }
    }

    /// The keysym of a key, with the modifiers and group of its event (`Keymap.keysym`); nil
    /// when no keymap can be had. Prepares first if the key came before the preparation.
    func keysym(_ keycode: UInt32, modifiers: UInt32) -> UInt32? {
        prepare()
        if coreOnly { return coreKeysym(keycode, modifiers: modifiers) }
        if stale { compile() }
        return keymap?.keysym(keycode, modifiers: modifiers)
    }

    /// The keysym by the core protocol's rules, as Xlib applies them to a key event on a
    /// connection without XKB; nil for a key that gives none.
    private func coreKeysym(_ keycode: UInt32, modifiers: UInt32) -> UInt32? {
        var key = XKeyEvent()
        key.type = KeyPress
        key.display = display
        key.keycode = keycode
        key.state = modifiers
        var keysym: KeySym = 0
        _ = XLookupString(&key, nil, 0, &keysym, nil)
        return keysym == 0 ? nil : UInt32(truncatingIfNeeded: keysym)
    }

    /// A real key event's modifiers, without XKB: the keyboard's state when Caps Lock changed
    /// (a Caps Lock press shows in its release, and in every key after it).
    func coreKeyEvent(modifiers: UInt32) -> KeyboardState? {
        guard eventBase == nil else { return nil }
        indicators.updateCore(modifiers: modifiers)
        return news()
    }

    /// The core MappingNotify: without XKB, Xlib's copy of the keyboard mapping is refreshed
    /// (xdotool maps a spare keycode for a character the keymap lacks).
    func coreMappingChanged(_ event: inout XMappingEvent) {
        if eventBase == nil { XRefreshKeyboardMapping(&event) }
    }

    /// Makes layout `group` the active one for the whole server, as a desktop's layout switcher
    /// does (XkbLockGroup); the StateNotify that follows tells the new state. Without XKB there
    /// are no layouts to switch.
    func lockLayout(_ group: Int) {
        guard eventBase != nil, (0..<4).contains(group) else { return }
        XkbLockGroup(display, UInt32(XkbUseCoreKbd), UInt32(group))
        XFlush(display)
    }

    /// The Latin letter of the key in another layout (`Keymap.latinLetter`), for a shortcut
    /// typed on a layout that has none there.
    func latinLetter(_ keycode: UInt32, modifiers: UInt32) -> UInt32? {
        keymap?.latinLetter(keycode, modifiers: modifiers)
    }

    /// What a shortcut on the key of `keysym` means (Ctrl+V, Alt and a mnemonic, Super and a
    /// key): the keysym itself, or on a key of a Cyrillic or Greek layout its Latin letter in
    /// another layout (Ctrl and the key of ф is Ctrl+A).
    func shortcutKeysym(_ keysym: UInt32, keycode: UInt32, modifiers: UInt32) -> UInt32 {
        Keymap.isLatinLetter(keysym) ? keysym : latinLetter(keycode, modifiers: modifiers) ?? keysym
    }

    /// The characters of the key in the keymap's other layouts (`Keymap.keysymsInOtherGroups`).
    func charactersInOtherLayouts(_ keycode: UInt32, modifiers: UInt32) -> [Unicode.Scalar] {
        (keymap?.keysymsInOtherGroups(keycode, modifiers: modifiers) ?? []).compactMap(character)
    }

    /// After a burst of events: the layouts named again if the keyboard changed (and its keymap
    /// compiled again, once prepared). Returns the state when the page has not been told it yet.
    func settle() -> KeyboardState? {
        if unnamed {
            unnamed = false
            indicators.setLayouts(KeyboardIndicators.layouts(display, root: root, rulesNames: rulesNames))
            if prepared && stale { compile() }
            if let keymap { adoptLayoutNames(of: keymap) }
        }
        return news()
    }

    /// The state, when it differs from what the page was last told.
    private func news() -> KeyboardState? {
        guard indicators.state != reported else { return nil }
        reported = indicators.state
        return indicators.state
    }

    private func compile() {
        stale = false
        guard let xkb, let context, let connection else { return }
        keymap = Keymap(xkb, context: context, connection: connection, device: device) ?? keymap
    }

    /// The keymap's names of its layouts, in the user's language, as what a screen reader says
    /// (of several only: one layout is never named, and its catalogue is not opened for it);
    /// shown, the rules' short names when the keymap has as many layouts as they name, else the
    /// keymap's own names, as no one set rules for it (Xwayland's root names the one layout it
    /// started with, whatever the compositor's keymap holds): the dialog ellipsizes a long one.
    private func adoptLayoutNames(of keymap: Keymap) {
        let names = keymap.layoutNames
        indicators.setDescriptions(names.count > 1 ? names.map { Self.plain(Self.inUsersLanguage($0), most: 64) } : [])
        guard names.count != indicators.state.layouts.count else { return }
        indicators.setLayouts(names.map { Self.plain($0, most: 64) })
    }

    /// A layout's name from the keymap (which any client of the display may set) without its
    /// control characters, at most `most` characters of it.
    private static func plain(_ name: String, most: Int) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: name.unicodeScalars
            .filter { $0.value >= 0x20 && !(0x7f..<0xa0).contains($0.value) }.prefix(most))
        return text
    }

    /// A layout's name ("Russian") in the user's language, from xkeyboard-config's catalogue,
    /// where the desktop's own layout switchers find it (asked for as UTF-8, whatever the
    /// locale's character set); as it is where there is none.
    private static func inUsersLanguage(_ name: String) -> String {
        _ = bind_textdomain_codeset("xkeyboard-config", "UTF-8")
        return name.withCString { String(cString: dgettext("xkeyboard-config", $0)) }
    }
}
