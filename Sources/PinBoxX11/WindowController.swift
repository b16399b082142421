// SPDX-License-Identifier: MIT
import PinBoxCore
import PinBoxRender

/// What the event loop drives: the program's state, its drawing and its wishes. Everything
/// here is plain Swift; the loop does all the talking to X.
public protocol WindowController: AnyObject {
    /// One event, in arrival order. `now` is monotonic seconds. The answer asks the window
    /// for something only it can do, such as fetching a selection.
    func handle(_ event: InputEvent, now: Double) -> WindowRequest?
    /// Brings `canvas` up to `now`; returns the rectangles whose pixels changed. After a
    /// resize the canvas is new and everything must be drawn.
    func draw(on canvas: Canvas, now: Double, everything: Bool) -> [Rect]
    /// Called once per wake, after the events: time-based decisions (a timeout) happen here.
    func advance(to now: Double)
    /// When the next frame or timed decision is due, or nil when nothing moves: the loop then sleeps.
    func nextDeadline(after now: Double) -> Double?
    /// Saves `canvas`, already drawn up to now, as a screenshot.
    func saveScreenshot(of canvas: Canvas)
    /// The window is on screen, with this X id.
    func windowShown(id: String)
    /// The display's refresh rate in hertz, read once the window is on screen: animation
    /// frames follow it.
    func displayRefreshes(at rate: Double)
    /// Whether a key or button press is taken at all, from its facts: forged by another client
    /// (XSendEvent), a held key's repeat. The page's rules decide (`InputPolicy`).
    func admits(_ press: PressFacts) -> Bool
    /// Whether a dead-key or Compose sequence is half-typed in the page: when the page ends
    /// one (the focus moved, Escape), the loop forgets the keys of it.
    var isComposing: Bool { get }
    /// The entry the desktop's input method may type into (`Page.inputMethodEntry`): the
    /// focused one, when it holds no secret; nil gives the method no key.
    var inputMethodEntry: Int? { get }
    /// Where the input method shows its candidates: under that entry's caret
    /// (`Page.inputMethodSpot`).
    var inputMethodSpot: Point? { get }
    /// What is selected in an entry that holds no secret (`Page.primarySelection`): offered as
    /// the PRIMARY selection, as GTK's entries offer theirs; nil for none.
    var primarySelection: EntrySelection? { get }
    /// The characters of `selection`, in a locked buffer of their own.
    func text(of selection: EntrySelection) -> SecretBuffer
    /// The size the page's content wants now, when the window follows it (a dialog that shows
    /// or hides a line); nil when the window's size is the user's alone.
    var wantedSize: Size? { get }
    /// Whether the pointer's every move should be reported (`.hover`): only while the page has
    /// a tooltip to show.
    var wantsPointerMotion: Bool { get }
    /// Where the pointer takes another shape (`PointerAreas`).
    var pointerAreas: [PointerArea] { get }
    /// Set when the program should end, with this exit status.
    var exitStatus: Int32? { get }
    /// Whether every frame drawn is kept or told (a recording, a frame trace): then a window on
    /// its way out is drawn one last time, though nobody will see that frame on screen.
    var keepsEveryFrame: Bool { get }
    /// The page as a screen reader meets it now: asked only while the session has
    /// accessibility on (`AccessibilityBridge`).
    func accessibleTree() -> AccessibleTree?
}

/// Something the controller needs from the window system.
public enum WindowRequest: Sendable {
    /// Fetch this selection and deliver it as `.pasted`.
    case fetchPaste(PasteSource)
    /// Own the CLIPBOARD with these bytes (a name's selection, the workbench's plain field, in a
    /// locked buffer the owner wipes when another client takes the clipboard) until another
    /// client takes it.
    case offerCopy(SecretBuffer)
    /// Ring the desktop's error bell for the window (`XWindow.ringErrorBell`).
    case bell
    /// Make the keyboard's layout `group` the active one (`Keyboard.lockLayout`).
    case lockLayout(Int)
}
