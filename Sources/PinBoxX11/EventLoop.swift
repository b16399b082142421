// SPDX-License-Identifier: MIT
import CAccessibility
import CX11
import CSystem
import PinBoxCore
import PinBoxRender

/// The program's one thread: drain every queued X event, let the controller handle them,
/// draw once, copy the changed rectangles, flush, then block in `poll` on the X connection
/// and the signal pipe until the next event or the controller's next deadline. When nothing
/// animates there is no deadline, and the process sleeps until something happens.
public final class EventLoop {
    let display: XDisplay
    let window: XWindow
    var keys = KeyTranslator()
    var selection = SelectionReader()
    var clipboard = SelectionOwner(.clipboard)
    /// What is selected in a name, as PRIMARY (`WindowController.primarySelection`), and what
    /// was offered last.
    var primary = SelectionOwner(.primary)
    private var offeredPrimary: EntrySelection?
    var grab: KeyboardGrab
    var focus = KeyboardFocus()
    /// The desktop's input method, for the entries that hold no secret.
    let inputMethod = InputMethod()
    /// What the controller was last told of the keys coming to the window.
    var focusReport = FocusReport()
    /// Unmapped after it showed (iconified, another workspace): no keys come to it.
    var hidden = false

    /// With `grabKeyboard`, the keyboard is taken as soon as the window is viewable, so no
    /// other client can read the keystrokes; the loop fails if it cannot be had.
    /// Whether the end of this loop is the end of the process: then the way out is watched
    /// (`pinbox_exit_watchdog`). A pinentry closes a dialog and goes on answering its client;
    /// a signal ends it at once instead.
    public var endsProcess = true
    /// A descriptor whose hang-up ends the loop as a request to stop does: a pinentry's stdout,
    /// whose reader (the agent) has died when it hangs up or errs. Only hang-ups and errors are
    /// watched, never its data.
    public var hangUpWatch: Int32?
    /// The watched descriptor hung up: reported once, as `.terminate`.
    private var hungUp = false
    private var hangUpReported = false
    /// The accessibility tree on the AT-SPI bus, once the window has shown, when the session
    /// has accessibility on (nil otherwise: nothing of it is loaded).
    var accessibility: AccessibilityBridge?
    /// The application's name on the accessibility bus (the role's program name).
    public var accessibleName = "pinbox"
    /// The window's icon (`_NET_WM_ICON`), made when the window has shown: nothing a taskbar
    /// shows is worth holding the first frame back for.
    public var icon: (() -> (size: Int, argb: [UInt32])?)?
    /// The window has shown (its first MapNotify).
    var shown = false
    /// When to get the keyboard, the refresh rate and shared memory ready (`prepare`): a little
    /// after the window shows; nil before it shows and once done.
    var preparationDue: Double?
    /// A screenshot was asked for (Print, SIGUSR1): saved after this wake's drawing, so that it
    /// shows the window as it is then.
    private var screenshotWanted = false
    /// The server sends a held key's repeats as presses alone (`prepare`): from then on a release
    /// is always a release, even one followed by a press of the same key in the same
    /// millisecond, which is fast typing (a password manager's auto-type, a token's `cccccc`).
    var detectableAutoRepeat = false
    /// The window asks for the pointer's every move (`WindowController.wantsPointerMotion`).
    var followsPointer = false
    /// The pointer's shapes over the entries and links, from the first time the pointer is over
    /// the window once it is prepared: nothing of the cursor theme is loaded for a prompt that
    /// is only typed into.
    private var pointerAreas: PointerAreas?
    /// The signal pipe has bytes to read: poll said so, or the loop has not looked yet (a
    /// signal may have come between two dialogs). Read only then, not on every wake.
    private var signalsPending = true
    /// A prompt follows the desktop's look and motion while it is open, on the axes the user
    /// left to it (`SettingsWatch`); nil for a window that keeps its own (the demo).
    public var followsDesktop: Preferences?
    /// Watching the desktop's settings, from the preparation on.
    var settingsWatch: SettingsWatch?

    public init(display: XDisplay, window: XWindow, grabKeyboard: Bool) throws(X11Error) {
        self.display = display
        self.window = window
        grab = KeyboardGrab(wanted: grabKeyboard, claim: KeyboardClaim(display: display.handle))
    }

    /// Runs until the controller sets an exit status; returns it. Each wake: take what came
    /// (signals, the whole burst of events, what they leave), follow the page's and the
    /// window's size, move the page on, draw once, then sleep until the next event or deadline.
    public func run(_ controller: WindowController) throws(X11Error) -> Int32 {
        // The settings portal is heard while the dialog is open, from the answer it gave as the
        // page was made (`SettingsWatch`).
        defer { DesktopPortal.stopListening() }
        var frame = try show(controller)
        while true {
            let burst = try takeBurst(controller)
            let now = Clock.now()
            tellWhatTheBurstLeft(controller, now: now)
            try followSize(controller, asked: burst.newSize, frame: &frame, now: now)
            controller.advance(to: now)
            if controller.wantsPointerMotion != followsPointer {
                followsPointer.toggle()
                window.followPointer(followsPointer)
            }
            followPointerAreas(controller)
            if let accessibility, let tree = controller.accessibleTree() {
                accessibility.publish(tree, window: window, display: display)
            }
            draw(controller, frame: &frame, exposed: burst.exposed, now: now)
            if let status = controller.exitStatus { return end(with: status) }
            XFlush(display.handle)
            // The frame changed (or the window took another size): the first frame, the
            // window's background, would paint an exposure stale, so it goes, and we paint every
            // exposure from the back buffer. Until then the server paints them from it, with no
            // word to us: a window manager's framing the window after it showed, say, whose
            // exposure would otherwise send the whole frame again (over a network, every pixel).
            if !frame.backgroundIsFrame && !frame.backgroundDropped {
                window.dropBackground()
                frame.backgroundDropped = true
            }
            if let due = preparationDue, now >= due {
                let told = prepare(controller, buffer: &frame.buffer)
                if let failure = display.keyboard.failure { throw X11Error(failure) }
                if told { continue }
            }
            if hasEventToTake(display.handle) { continue }
            let deadline = [controller.nextDeadline(after: now), selection.deadline, grab.nextAttempt, grab.focusDue,
                            preparationDue, focusReport.due]
                .compactMap { $0 }.min()
            wait(until: deadline)
        }
    }

    /// What the window shows and how it got there, from one wake to the next.
    private struct Frame {
        var buffer: BackBuffer
        /// The server holds the first frame as the window's background, and paints exposures
        /// itself from it.
        var backgroundIsFrame = true
        var backgroundDropped = false
        /// The next drawing repaints the whole window (a new buffer).
        var everything = false
        /// The size the page last wanted: the window follows its changes.
        var wantedSize: Size?
    }

    /// What a burst of events leaves to do once it is all taken.
    private struct Burst {
        var exposed = Rect.zero
        var newSize: Size?
    }

    /// Draws the first frame and maps the window with it.
    private func show(_ controller: WindowController) throws(X11Error) -> Frame {
        SignalPipe.install()
        signalsPending = true
        // Keys already down, before the window can have the keyboard, have been held since before
        // it (Return from the terminal that started it, a key stuck down): their repeats are not
        // typing. Asked before the first frame goes up (after it, the reply would wait for the
        // server to take the frame in), and read once the window is mapped: the round trip
        // passes while the frame is drawn, and holds neither it nor the map back.
        let held = KeysDownQuestion(display)
        // Not yet mapped, the window is the size it was made: no round trip to ask. A window
        // manager that changes it says so in a ConfigureNotify. The first frame goes through the
        // socket; the buffer moves to shared memory once the window shows (`sharedCopy`).
        let buffer = try resize(to: window.createdSize, controller, now: Clock.now(), shared: false)
        // A window that takes the keyboard gets every key from the moment it shows, and the
        // grab gives it the focus: it is drawn focused from the first frame, rather than drawn
        // again a millisecond after it shows, when the grab's FocusIn comes.
        if grab.givesTheKeys {
            focusReport.assume(true)
            _ = controller.handle(.windowFocus(true), now: Clock.now())
        }
        // The first frame is drawn before the window is mapped, so the window never shows up
        // empty while fonts load, and goes to the server as the window's background, so that
        // mapping shows it at once.
        _ = controller.draw(on: buffer.canvas, now: Clock.now(), everything: true)
        buffer.presentAsBackground(of: window)
        // A tooltip's pointer is followed from the map on: a window mapped under a pointer at
        // rest hears of it once, by the crossing the map makes, which the loop's first pass can
        // read before it would otherwise have asked for the pointer's moves.
        if controller.wantsPointerMotion {
            followsPointer = true
            window.followPointer(true)
        }
        window.map()
        // Xlib may still hold the map in its buffer: sent first, it is not held behind the reply.
        XFlush(display.handle)
        held.answer { keys.hold($0) }
        // A new dialog starts with no half-typed sequence (a pinentry's last one may have had one).
        display.keyboard.composer?.reset()
        return Frame(buffer: buffer, wantedSize: controller.wantedSize)
    }

    /// Takes the signals, every queued event and what they changed (the keymap, the desktop's
    /// settings, a screen reader's requests), the inputs among them handed over at once.
    private func takeBurst(_ controller: WindowController) throws(X11Error) -> Burst {
        var burst = Burst()
        // A request to stop goes before the keys queued with it: a Return typed as the
        // signal came answers nothing.
        if signalsPending {
            signalsPending = false
            let signals = SignalPipe.drain()
            if signals.record { deliver(.workbench(.record), to: controller) }
            if signals.quit { deliver(.terminate, to: controller) }
            if signals.screenshot { screenshotWanted = true }
        }
        var event = XEvent()
        while nextEvent(display.handle, into: &event) {
            take(&event, controller, exposed: &burst.exposed, newSize: &burst.newSize)
        }
        let keyboard = display.keyboard
        // A key before the preparation prepares the keyboard, which may find none to read.
        if let failure = keyboard.failure { throw X11Error(failure) }
        // A new keymap: compiled once after the burst, with its layouts' names.
        if let state = keyboard.settle() { deliver(.keyboard(state), to: controller) }
        // New settings: read once after the burst, however many changes it held.
        for news in settingsWatch?.update(display: display) ?? [] { deliver(news, to: controller) }
        // What a screen reader asked for while the loop last waited: a button's action, a focus.
        if let accessibility { for input in accessibility.takeInputs() { deliver(input, to: controller) } }
        return burst
    }

    /// After the burst of events: the grab's attempt, the focus, a paste given up on, the
    /// agent gone, each told once.
    private func tellWhatTheBurstLeft(_ controller: WindowController, now: Double) {
        switch grab.attempt(window: window, now: now) {
        case .refused:
            // The keys go to the program holding the keyboard: the window stops looking
            // focused at once (no grace, which is for a focus that flaps).
            if focusReport.told {
                focusReport.assume(false)
                deliver(.windowFocus(false), to: controller)
            }
        case .unavailable: deliver(.keyboardUnavailable, to: controller)
        case .unavailableToPinBox: deliver(.keyboardHeldByPinBox, to: controller)
        case .available: deliver(.keyboardAvailable, to: controller)
        case .none: break
        }
        tellFocus(to: controller, now: now)
        followInputMethod(controller, placing: true)
        offerPrimary(controller)
        grab.takeFocusBackIfDue(window: window, now: now)
        if let result = selection.expire(now: now) { deliver(.pasted(result), to: controller) }
        if hungUp && !hangUpReported {
            hangUpReported = true
            deliver(.terminate, to: controller)
        }
    }

    /// The window follows the page's size, and the back buffer the window's.
    private func followSize(_ controller: WindowController, asked: Size?, frame: inout Frame,
                            now: Double) throws(X11Error) {
        // The page's content changed size (a line under the entry shown or hidden, an answer
        // of the caller's that needs more room): the window grows or shrinks by as much.
        if let wanted = controller.wantedSize, let before = frame.wantedSize, wanted != before {
            window.resize(by: Size(width: wanted.width - before.width, height: wanted.height - before.height),
                          from: Size(width: Double(frame.buffer.width), height: Double(frame.buffer.height)),
                          minimum: wanted)
            frame.wantedSize = wanted
        }
        // A resize storm becomes one new buffer at the final size, never larger than the
        // screen: a window another client made larger is put back within it.
        guard let asked else { return }
        let size = window.withinScreen(asked)
        if size != asked { window.resize(to: size) }
        if Int(size.width) != frame.buffer.width || Int(size.height) != frame.buffer.height {
            let prepared = shown && preparationDue == nil
            frame.buffer = try resize(to: size, controller, now: now, shared: prepared)
            frame.everything = true
            frame.backgroundIsFrame = false
        }
    }

    /// Draws what changed and copies it, with what was exposed, to the window. A window on its
    /// way out is not drawn again: nobody would see the frame, and a pinentry's agent would
    /// wait for it (the answer is written once the window is gone).
    private func draw(_ controller: WindowController, frame: inout Frame, exposed: Rect, now: Double) {
        let ending = controller.exitStatus != nil
        guard !ending || screenshotWanted || controller.keepsEveryFrame else { return }
        // Exposed areas need no drawing: the back buffer still holds them. Nor copying, while
        // the server has painted them from the background: the first frame, unchanged there.
        let dirty = controller.draw(on: frame.buffer.canvas, now: now, everything: frame.everything)
        let exposed = frame.backgroundIsFrame ? .zero : exposed
        if !dirty.isEmpty { frame.backgroundIsFrame = false }
        if !ending { frame.buffer.present(exposed.isEmpty ? dirty : dirty + [exposed], to: window) }
        frame.everything = false
        if screenshotWanted { controller.saveScreenshot(of: frame.buffer.canvas) }
        screenshotWanted = false
    }

    /// Lets go of what the window held. The way out talks to the server, which may be grabbed
    /// by another client or stuck: it gets a second, then the process ends anyway (secrets
    /// wiped).
    private func end(with status: Int32) -> Int32 {
        if endsProcess { pinbox_exit_watchdog() }
        accessibility?.closeWindow()
        inputMethod.close()
        clipboard.forget()
        primary.forget()
        grab.release(window: window)
        XFlush(display.handle)
        return status
    }

    /// Tells the controller when the keys have come to the window, or gone elsewhere (once
    /// they have stayed away: `FocusReport`): the grab, when the window takes the keyboard,
    /// else the focus (`KeyboardFocus`).
    private func tellFocus(to controller: WindowController, now: Double) {
        // A window that grabs has the keys through its grab alone: while another program
        // holds the keyboard, the keys go there, focus or not.
        let hasKeys = !hidden && (grab.wanted ? grab.givesTheKeys : focus.hasKeys)
        guard let told = focusReport.update(hasKeys: hasKeys, now: now) else { return }
        // A key let go while another window had the keyboard sent this one no release:
        // back in focus, only keys still down stay held (one round trip).
        if told { KeysDownQuestion(display).answer { keys.keepHeld(only: $0) } }
        deliver(.windowFocus(told), to: controller)
    }

    /// One input, handled as soon as it is translated: typed characters are not queued.
    func deliver(_ input: InputEvent, to controller: WindowController) {
        if input == .screenshot { screenshotWanted = true; return }
        let now = Clock.now()
        switch controller.handle(input, now: now) {
        case .fetchPaste(let source)?:
            selection.request(source, window: window, time: UInt(CurrentTime), now: now)
        case .offerCopy(let text)?:
            clipboard.own(text, window: window)
        case .bell?:
            window.ringErrorBell()
        case .lockLayout(let group)?:
            display.keyboard.lockLayout(group)
        case nil:
            break
        }
        // The page ended a half-typed sequence (the focus moved, Escape): so does the table.
        let composer = display.keyboard.composer
        if composer?.isComposing == true && !controller.isComposing { composer?.reset() }
        followInputMethod(controller)
    }

    /// Gives the input method the keys while an entry that holds no secret has them, and takes
    /// them back the moment it has not: after each input, so that the key after a Tab into a
    /// passphrase, already queued, never reaches it. Where the caret stands (a measure of the
    /// run) is told when the method gets the keys and once a wake (`placing`), not at each input.
    func followInputMethod(_ controller: WindowController, placing: Bool = false) {
        let had = inputMethod.hasKeys
        if let left = inputMethod.follow(focusReport.told && !hidden ? controller.inputMethodEntry : nil,
                                         display: display, window: window) {
            deliver(.composedText(left), to: controller)
        }
        // What it composes first: its candidates go under the clause it converts.
        if let composed = inputMethod.preeditChange() { deliver(.preedit(composed), to: controller) }
        if inputMethod.hasKeys && (placing || !had), let spot = controller.inputMethodSpot { inputMethod.place(at: spot) }
    }

    /// Offers what is selected in a name as PRIMARY once it changed, or lets PRIMARY go once
    /// nothing is: once a wake, the burst's last word.
    private func offerPrimary(_ controller: WindowController) {
        let wanted = controller.primarySelection
        guard wanted != offeredPrimary else { return }
        offeredPrimary = wanted
        if let wanted { primary.own(controller.text(of: wanted), window: window) } else { primary.release(window: window) }
    }

    /// Gets ready what the window needs only once it shows, after the first frame has had time
    /// to reach the screen, so that neither start-up nor the X server and compositor showing
    /// the window wait for it: the keymap (the compose table waits for a key that needs it), the
    /// refresh rate (RandR round trips) that paces animation, the shared memory later frames go
    /// through, the accessibility bridge. Done right after the map, this work held the first
    /// frame back on two cores (measured in docs/performance-notes.md). A key typed sooner is
    /// translated all the same: the keyboard gets ready for it there and then. Returns whether
    /// it gave the controller an input (the layouts the compiled keymap names, the desktop's
    /// look), to be drawn now rather than at the next wake.
    private func prepare(_ controller: WindowController, buffer: inout BackBuffer) -> Bool {
        preparationDue = nil
        // Without this, a held key repeats as release and press pairs, which only the press
        // queued behind the release tells from typing (`repeats`).
        detectableAutoRepeat = XkbSetDetectableAutoRepeat(display.handle, 1, nil) != 0
        KeysDownQuestion(display).answer { keys.keepHeld(only: $0) }
        display.keyboard.prepare()
        if let rate = display.refreshRate { controller.displayRefreshes(at: rate) }
        if let shared = buffer.sharedCopy(display: display, visual: window.visual) { buffer = shared }
        if let made = icon?() { window.setIcon(size: made.size, argb: made.argb) }
        // The accessibility bridge costs a prompt nothing when the session has accessibility off
        // (no library is loaded), and its start-up does not hold the window back when it is on.
        accessibility = AccessibilityBridge.start(display: display, application: accessibleName)
        if let accessibility, let tree = controller.accessibleTree() {
            accessibility.publish(tree, window: window, display: display)
        }
        // From now on the desktop's settings are followed; read again here, in case they
        // changed since the page was made.
        var told = false
        if let named = followsDesktop {
            var watch = SettingsWatch(named: named, window: window.id, area: window.maximum)
            for news in watch.start(display: display) {
                deliver(news, to: controller)
                told = true
            }
            settingsWatch = watch
        }
        guard let state = display.keyboard.settle() else { return told }
        deliver(.keyboard(state), to: controller)
        return true
    }

    /// Keeps the pointer's shapes over the page's entries and links as they move.
    private func followPointerAreas(_ controller: WindowController) {
        if pointerAreas == nil {
            guard shown && preparationDue == nil && focus.pointerInside else { return }
            pointerAreas = PointerAreas(display: display, parent: window.id)
        }
        pointerAreas?.follow(controller.pointerAreas)
    }

    /// How long after the window shows the keyboard, the refresh rate and shared memory are got
    /// ready: two frames at 60 Hz, time for a compositor to put the first frame on screen.
    static let preparationDelay = 0.033

    /// A back buffer of the window's new size, and the controller told of it.
    private func resize(to size: Size, _ controller: WindowController, now: Double,
                        shared: Bool) throws(X11Error) -> BackBuffer {
        let buffer = try BackBuffer(display: display, visual: window.visual, width: Int(size.width),
                                    height: Int(size.height), shared: shared)
        _ = controller.handle(.resize(size), now: now)
        return buffer
    }

    /// Blocks until the X connection, the signal pipe or the settings portal's connection is
    /// readable, the watched descriptor hangs up, or until `deadline`.
    private func wait(until deadline: Double?) {
        var fds = [pollfd(fd: display.fileDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0)]
        // No events asked: poll reports a hang-up or an error on it whatever is asked.
        let watching = hangUpWatch != nil && !hungUp
        if let watched = hangUpWatch, watching { fds.append(pollfd(fd: watched, events: 0, revents: 0)) }
        var portal: Int?
        if let fd = settingsWatch?.portalDescriptor {
            portal = fds.count
            fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        }
        var timeout: Int32 = -1
        if let deadline {
            let ms = ((deadline - Clock.now()) * 1000).rounded(.up)
            timeout = Int32(max(0, min(ms, 3_600_000)))
        }
        // GLib's descriptors (the accessibility bus) and its next timer join the same poll.
        let glib = fds.count
        if let accessibility {
            let wanted = accessibility.prepare(&fds)
            if wanted >= 0 && (timeout < 0 || wanted < timeout) { timeout = wanted }
        }
        _ = poll(&fds, nfds_t(fds.count), timeout)
        if fds[1].revents != 0 { signalsPending = true }
        if watching, fds[2].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { hungUp = true }
        if let portal, fds[portal].revents != 0 { settingsWatch?.hearPortal(display: display) }
        accessibility?.dispatch(fds[glib...])
    }
}
