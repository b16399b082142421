// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxX11

/// Opens the window for `page` and runs it; returns the exit status. Every way out wipes the
/// secrets: a normal end, a signal (see SignalPipe), a lost server (the I/O error handler).
/// With `continuing`, the program goes on after this window (a pinentry answers its client):
/// the secret outlives the window, for the caller to write (the D line) and wipe, and closing
/// the window is not watched as the end of the process.
/// `hangUpWatch`: a descriptor whose hang-up ends the window as a request to stop (a pinentry's
/// stdout: its reader, the agent, died). `instance`: the X resource instance name, which
/// WM_CLASS carries too. `area`: the work area the window must fit (WindowFit), when known.
/// `followsDesktop`: a prompt follows the desktop's look and motion while it is open, on the
/// axes the user left to it (EventLoop.followsDesktop).
func runWindow(_ page: Page, display: XDisplay, title: String, geometry: WindowGeometry, type: WindowType,
               grab: Bool, controller: PageController, continuing: Bool = false,
               transientFor parent: UInt? = nil, hangUpWatch: Int32? = nil, area: Rect? = nil,
               followsDesktop: Preferences? = nil,
               instance: String = ResourceArguments.programName,
               icon: (() -> (size: Int, argb: [UInt32])?)? = nil) throws(X11Error) -> Int32 {
    if !page.secretsLocked {
        Output.error("warning: cannot lock the secret in memory (mlock failed); it could reach swap")
    }
    XDisplay.onConnectionLost = { page.wipe() }
    defer { if !continuing { page.wipe() } }
    // Never larger than the work area it was sized for (XDisplay.workArea(for:): where it is
    // placed, else under the pointer), whatever the content (the page fitted its scale first)
    // or the size asked for, and inside it (XWindow).
    let bounds = area?.size ?? .zero
    let window = try XWindow(display: display, title: title, instance: instance,
                             size: WindowFit.clamp(page.preferredSize, to: bounds),
                             minimum: WindowFit.clamp(page.minimumSize, to: bounds), geometry: geometry, area: area,
                             type: type, transientFor: parent)
    window.maximum = bounds
    let loop = try EventLoop(display: display, window: window, grabKeyboard: grab)
    loop.endsProcess = !continuing
    loop.hangUpWatch = hangUpWatch
    // Named on the accessibility bus as it was started: pinbox-askpass, pinentry-pinbox, pinbox.
    loop.accessibleName = ResourceArguments.programName
    loop.icon = icon
    loop.followsDesktop = followsDesktop
    let status = try loop.run(controller)
    // The program goes on (a pinentry answers its agent): the window leaves the screen, and
    // what was typed into it after the answer goes nowhere, before the answer is written.
    if continuing { window.withdraw() }
    return status
}

/// Runs `page` as a dialog: titled by the page, placed where `geometry` says or else centred on
/// the monitor under the pointer, beside any other PinBox window there.
func runDialog(_ page: Page, display: XDisplay, area: Rect, geometry: WindowGeometry = WindowGeometry(), grab: Bool,
               controller: PageController, continuing: Bool = false,
               transientFor parent: UInt? = nil, hangUpWatch: Int32? = nil,
               followsDesktop: Preferences? = nil) throws(X11Error) -> Int32 {
    // Beside another PinBox window rather than over it: a second prompt's "Keyboard in use"
    // would hide the first, which has the keys. Asked with the keyboard's state.
    let neighbours = geometry.x == nil ? display.otherPinBoxFrames() : nil
    // A Caps Lock warning or the layout's name is laid out from the first frame, not added after.
    _ = controller.handle(.keyboard(display.keyboardState()), now: Clock.now())
    var geometry = geometry
    if let neighbours {
        let size = WindowFit.clamp(Size(width: Double(geometry.width ?? Int(page.preferredSize.width)),
                                        height: Double(geometry.height ?? Int(page.preferredSize.height))), to: area.size)
        // Its frame is as large as theirs.
        let others = neighbours.answer()
        let framed = Size(width: size.width + others.decoration.width, height: size.height + others.decoration.height)
        let corner = WindowFit.placed(framed, in: area, avoiding: others.frames, gap: 16)
        (geometry.x, geometry.y) = (Int(corner.x), Int(corner.y))
    }
    return try runWindow(page, display: display, title: page.content.title, geometry: geometry, type: .dialog,
                         grab: grab, controller: controller, continuing: continuing, transientFor: parent,
                         hangUpWatch: hangUpWatch, area: area, followsDesktop: followsDesktop)
}

/// A page built at the largest scale up to `scale` at which it fits `area` (WindowFit): a
/// huge `Xft.dpi` or `--scale` never makes a window larger than the screen.
func fittedPage<E: Error>(scale: Double, area: Rect, _ make: (Double) throws(E) -> Page) throws(E) -> Page {
    let page = try WindowFit.fit(scale: scale, area: area.size) { (s: Double) throws(E) -> (Page, Size) in
        let page = try make(s)
        return (page, page.preferredSize)
    }.0
    page.madeSmaller(than: scale)
    return page
}
