// SPDX-License-Identifier: MIT
import CX11
import CSystem
import PinBoxCore

/// What comes off the X connection: each event taken in turn, the inputs among them handed to
/// the controller at once, exposures and sizes gathered for the one drawing after the burst.
extension EventLoop {
    /// Takes the next event to handle off Xlib's queue; false when there is none. While a paste
    /// is on its way, keys and clicks stay queued, in order, behind it (as keycodes: no
    /// character is made of them yet), so that what is typed after Ctrl+V, Return included,
    /// comes after the pasted text; the answer, or its deadline, lets them through. What the
    /// focus, the map or the window manager says after a held key waits behind it too (a blur
    /// that clears the field must not come before the keys typed before it); the rest (the
    /// selection's answer, exposures, sizes, the keyboard's state) is taken at once.
    func nextEvent(_ d: OpaquePointer, into event: inout XEvent) -> Bool {
        guard selection.deadline != nil else {
            guard XPending(d) > 0 else { return false }
            XNextEvent(d, &event)
            return true
        }
        var held: CChar = 0  // set once the scan has passed a held key or click
        return XCheckIfEvent(d, &event, { _, event, held in
            switch event?.pointee.type {
            case KeyPress, KeyRelease, ButtonPress, ButtonRelease, MotionNotify:
                held?.pointee = 1
                return 0
            case FocusIn, FocusOut, MapNotify, UnmapNotify, DestroyNotify, ClientMessage:
                return held?.pointee == 1 ? 0 : 1
            default:
                return 1
            }
        }, &held) != 0
    }

    /// Whether `nextEvent` has an event to give now: one the frame's round trips read into
    /// Xlib's queue (a paste's answer among them) must not wait for the next wake-up, while
    /// keys held behind a paste must not keep the loop from sleeping.
    func hasEventToTake(_ d: OpaquePointer) -> Bool {
        guard XPending(d) > 0 else { return false }
        guard selection.deadline != nil else { return true }
        var event = XEvent()
        guard nextEvent(d, into: &event) else { return false }
        XPutBackEvent(d, &event)
        return true
    }

    /// Whether a screen reader, told of the key first (`AccessibilityBridge.tell`), took it for
    /// itself: an erasing or moving key anywhere, every key in an entry that holds no secret,
    /// with the character it types there.
    private func screenReaderTakes(_ key: XKeyEvent, pressed: Bool, controller: WindowController) -> Bool {
        let keyboard = display.keyboard
        guard let accessibility, let keysym = keyboard.keysym(key.keycode, modifiers: key.state) else { return false }
        let plain = controller.inputMethodEntry != nil
        // With Control, a key of a Cyrillic or Greek layout means its Latin letter, as it does
        // to the page (`KeyTranslator`).
        let shortcut = key.state & UInt32(ControlMask) != 0
            ? keyboard.shortcutKeysym(keysym, keycode: key.keycode, modifiers: key.state) : keysym
        return accessibility.tell(keysym: keysym, shortcut: shortcut, pressed: pressed, key: key, plain: plain,
                                  character: plain ? keyboard.character(keysym) : nil)
    }

    /// One event off the queue. Inputs go to the controller at once; exposures and the
    /// window's size are gathered, for one drawing after the whole burst.
    func take(_ event: inout XEvent, _ controller: WindowController, exposed: inout Rect, newSize: inout Size?) {
        // The input method's own messages, and the keys it composes with while it has them.
        if inputMethod.takes(&event) {
            if event.type == KeyPress || event.type == KeyRelease { Self.wipe(&event) }
            followInputMethod(controller)
            return
        }
        // What a method gone (ended, or found hung by this key) left composing comes before the key.
        if inputMethod.wentAway { followInputMethod(controller) }
        // What it composed: a key press of keycode 0, which no key has, that Xlib makes of it.
        if event.type == KeyPress && event.xkey.keycode == 0 {
            if event.xkey.send_event == 0, let text = inputMethod.committed(&event) {
                deliver(.composedText(text), to: controller)
            }
            return
        }
        let keyboard = display.keyboard
        // The root's own (the screen resized), which comes with the root's MANAGER messages
        // (`SettingsWatch`), is not the window's.
        if event.type == ConfigureNotify && event.xconfigure.window != window.id { return }
        // A window manager tells of a move with a ConfigureNotify it sends itself (ICCCM): the
        // window's place on the screen is asked again, whoever sent it; nothing else is taken.
        if event.type == ConfigureNotify || event.type == MapNotify { accessibility?.windowMoved() }
        // An input method's server come: looked for after the burst.
        if inputMethod.notice(event, display: display) { return }
        // The desktop's settings changing, or a new settings daemon: read after the burst.
        if settingsWatch?.notice(event, display: display) == true { return }
        // What the X server alone reports (the focus, the map, the keyboard's state) is not taken
        // from another client: any client may send any event to any window (`SentEvents`).
        if let kind = Self.kind(of: event.type, keyboardEvent: keyboard.eventBase),
           !SentEvents.believes(kind, sent: event.xany.send_event != 0) { return }
        // A screen reader hears of an erasing key first (of every key, in an entry that holds no
        // secret), and may take it.
        if event.type == KeyPress || event.type == KeyRelease, event.xkey.send_event == 0,
           screenReaderTakes(event.xkey, pressed: event.type == KeyPress, controller: controller) {
            Self.wipe(&event)
            return
        }
        // Without XKB, Caps Lock is known from the keys' own modifiers (never a forged key's).
        if event.type == KeyPress || event.type == KeyRelease, event.xkey.send_event == 0,
           let state = keyboard.coreKeyEvent(modifiers: event.xkey.state) {
            deliver(.keyboard(state), to: controller)
        }
        switch event.type {
        case KeyPress:
            // Any key hides a tooltip, Shift alone too.
            if followsPointer { deliver(.hover(.keyPressed), to: controller) }
            keys.press(event.xkey.keycode, modifiers: event.xkey.state, synthetic: event.xkey.send_event != 0,
                       time: UInt32(truncatingIfNeeded: event.xkey.time), keyboard: keyboard,
                       composing: controller.isComposing, admits: { controller.admits($0) },
                       emit: { deliver($0, to: controller) })
            // No copy of the key is left behind in this frame.
            Self.wipe(&event)
        case KeyRelease:
            // A forged release lets go of nothing.
            if event.xkey.send_event == 0 {
                // Half of a repeat: the key stays held, and the press behind it is a repeat.
                if !detectableAutoRepeat && Self.repeats(event.xkey, display: display.handle)
                    && keys.repeats(event.xkey.keycode, releasedAt: UInt32(truncatingIfNeeded: event.xkey.time)) {
                    keys.hold(event.xkey.keycode)
                } else {
                    keys.letGo(event.xkey.keycode, modifiers: event.xkey.state, composing: controller.isComposing,
                               keyboard: keyboard, emit: { deliver($0, to: controller) })
                }
            }
            Self.wipe(&event)
        case ButtonPress:
            // Only a forged press is refused; it is said, as a forged key is (its release is
            // refused below without a word: one click, one message).
            guard controller.admits(PressFacts(synthetic: event.xbutton.send_event != 0)) else {
                return deliver(.forgedClick, to: controller)
            }
            if let input = Self.button(event.xbutton) { deliver(input, to: controller) }
        case ButtonRelease:
            guard controller.admits(PressFacts(synthetic: event.xbutton.send_event != 0)) else { return }
            let point = Point(x: Double(event.xbutton.x), y: Double(event.xbutton.y))
            switch Int32(event.xbutton.button) {
            case Button1: deliver(.release(point), to: controller)
            case Button3: deliver(.contextMenuRelease(point), to: controller)
            default: break
            }
        case MotionNotify:
            let point = Point(x: Double(event.xmotion.x), y: Double(event.xmotion.y))
            deliver(event.xmotion.state & UInt32(Button1Mask) != 0 ? .drag(point) : .hover(.moved(point)), to: controller)
        case FocusIn, FocusOut:
            // Focus moves caused by a grab are not the user's doing.
            if event.xfocus.mode == NotifyGrab || event.xfocus.mode == NotifyUngrab { return }
            // While this window holds the keyboard every key comes here, wherever the focus is:
            // a click on another window (the window manager moving the focus) must not draw the
            // dialog unfocused while it still reads what the user types. It takes the focus
            // back, so the window manager shows the truth too.
            if event.xfocus.mode == NotifyWhileGrabbed && grab.isHeld {
                if event.type == FocusOut { grab.focusLost(now: Clock.now()) }
                return
            }
            // Told once the burst is read (`tellFocus`).
            focus.focusChanged(came: event.type == FocusIn, detail: event.xfocus.detail)
        case EnterNotify, LeaveNotify:
            // Another client taking or letting go of the pointer (a menu, a drag) moves no pointer.
            if event.xcrossing.mode == NotifyGrab || event.xcrossing.mode == NotifyUngrab { return }
            // Into or out of an area of another pointer shape (`PointerAreas`): still over the window.
            if followsPointer && event.xcrossing.detail != NotifyInferior {
                // Coming in is a move to where the pointer came in: it may rest there.
                let point = Point(x: Double(event.xcrossing.x), y: Double(event.xcrossing.y))
                deliver(event.type == LeaveNotify ? .hover(.left) : .hover(.moved(point)), to: controller)
            }
            focus.crossed(entered: event.type == EnterNotify, focusFlag: event.xcrossing.focus != 0,
                          detail: event.xcrossing.detail)
        case Expose:
            let e = event.xexpose
            exposed = exposed.union(Rect(x: Double(e.x), y: Double(e.y), width: Double(e.width), height: Double(e.height)))
        case ConfigureNotify:
            let e = event.xconfigure
            if let size = WindowFit.configuredSize(width: Int(e.width), height: Int(e.height), sent: e.send_event != 0) {
                newSize = size
            }
        case MapNotify:
            if !shown {
                shown = true
                preparationDue = Clock.now() + Self.preparationDelay
                controller.windowShown(id: window.idString)
            }
            grab.windowMapped(now: Clock.now())
            hidden = false
        case UnmapNotify:
            grab.windowUnmapped()
            // Hidden, the page is unfocused (`.hidden`): shown again, it is told what it has then.
            hidden = true
            focusReport.assume(false)
            deliver(.hidden, to: controller)
        case DestroyNotify:
            // Another client destroyed the window (xdotool windowclose, xkill -id on a frame):
            // with nothing left to answer in, it is closed, not waited on forever.
            if event.xdestroywindow.window == window.id { deliver(.close, to: controller) }
        case ClientMessage:
            // Addressed to the window: the root's (asked for with its MANAGER messages) are
            // anyone's broadcast, not the window manager's word to this window.
            if event.xclient.window == window.id, event.xclient.message_type == display.atoms.wmProtocols,
               Atom(event.xclient.data.l.0) == display.atoms.wmDeleteWindow {
                deliver(.close, to: controller)
            }
        case MappingNotify:
            keyboard.coreMappingChanged(&event.xmapping)
        case SelectionNotify:
            if let result = selection.receive(event.xselection, window: window) { deliver(.pasted(result), to: controller) }
        case SelectionRequest:
            let request = event.xselectionrequest
            (primary.serves(request.selection, window: window) ? primary : clipboard).answer(request, window: window)
        case SelectionClear:
            clipboard.lost(event.xselectionclear, window: window)
            primary.lost(event.xselectionclear, window: window)
        default:
            if event.type == keyboard.eventBase, let state = keyboard.handle(&event) {
                deliver(.keyboard(state), to: controller)
            }
        }
    }

    /// What an event reports, for `SentEvents`; nil for the events with a rule of their own
    /// (keys and clicks: `InputPolicy`; the size: `WindowFit.configuredSize`) and those not handled.
    static func kind(of type: Int32, keyboardEvent: Int32?) -> SentEvents.Kind? {
        switch type {
        case FocusIn, FocusOut: .focus
        case EnterNotify, LeaveNotify: .crossing
        case MapNotify: .map
        case UnmapNotify: .unmap
        case DestroyNotify: .destroy
        case MotionNotify: .pointerMotion
        case Expose: .exposure
        case SelectionRequest: .selectionRequest
        case SelectionClear: .selectionLost
        case SelectionNotify: .selectionAnswer
        case ClientMessage: .windowManagerMessage
        default: type == keyboardEvent ? .keyboard : nil
        }
    }

    /// Whether a key release is half of an auto-repeat: until detectable auto-repeat is on (the
    /// preparation, a moment after the window shows), a held key repeats as a release and a
    /// press at the same time, the press already queued behind it. Typing as fast looks the same
    /// then; after, it is never taken for a repeat. The press must be the server's own: one
    /// forged behind a real release would leave the key held, and its next real press taken
    /// for a repeat and dropped.
    static func repeats(_ release: XKeyEvent, display: OpaquePointer) -> Bool {
        guard XEventsQueued(display, QueuedAlready) > 0 else { return false }
        var next = XEvent()
        XPeekEvent(display, &next)
        let repeats = next.type == KeyPress && next.xkey.send_event == 0 && next.xkey.keycode == release.keycode
            && next.xkey.time == release.time
        wipe(&next)
        return repeats
    }

    /// Zeroes an event that carried a key, so no copy of it stays in this frame's memory.
    static func wipe(_ event: inout XEvent) {
        withUnsafeMutableBytes(of: &event) { explicit_bzero($0.baseAddress!, $0.count) }
    }

    static func button(_ e: XButtonEvent) -> InputEvent? {
        let point = Point(x: Double(e.x), y: Double(e.y))
        switch Int32(e.button) {
        case Button1: return e.state & UInt32(ShiftMask) != 0 ? .clickExtending(point) : .click(point)
        // Middle click pastes PRIMARY, as everywhere on X; the policy decides if it is taken.
        case Button2: return .pasteRequest(.primary, at: point)
        // Right click: a prompt's entry opens its menu there (the seeds' fields have none).
        case Button3: return .contextMenu(point)
        default: return nil
        }
    }
}
