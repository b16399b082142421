// SPDX-License-Identifier: MIT
import CX11
import CSystem
import PinBoxCore

/// The connection to the X server, and the handlers that decide what an X error does to us:
/// a protocol error is reported once and survived; losing the server ends the program.
public final class XDisplay {
    let handle: OpaquePointer
    let screen: Int32
    let root: Window
    public let atoms: Atoms
    /// The keyboard: its keymap, compose table and what it shows (Keyboard/).
    lazy var keyboard = Keyboard(display: handle, root: root, rulesNames: atoms.xkbRulesNames)
    /// What the desktop's look was read from besides X, as a dialog opened (DesktopSettings.swift).
    var desktopReads = DesktopReads()
    /// The Xft resources that say how text is rendered, as `XResources` last read them.
    var textRenderingResources = TextRendering.Resources()
    /// The desktop's XSETTINGS as read for the dialog opening now (`desktopSettings`); nil
    /// while none is.
    var openingSettings: XSettings??
    /// Who owns the settings, asked ahead (`askSettingsOwner`).
    var settingsOwnerAsked: xcb_get_selection_owner_cookie_t?
    /// Whether the connection is a Unix-domain socket, to a server on this machine; not over
    /// TCP, as a forwarded display (`ssh -X`) is reached.
    lazy var isLocal = pinbox_connection_is_local(handle) != 0
    /// The pointer's shapes made so far (`cursor(_:)`).
    private var cursors: [(shape: PointerArea.Shape, cursor: Cursor?)] = []
    /// The window manager's check window last found naming itself, and when (Placement.swift).
    var windowManagerSeen: (window: UInt32, at: Double)?

    /// Called once when the server goes away, before the process exits with status 3: the
    /// place to wipe secrets. Xlib's I/O error handler may not return, so this is global.
    nonisolated(unsafe) public static var onConnectionLost: (() -> Void)?

    /// How long the server has to answer the connection before the program ends with status 3.
    public static let connectSeconds = 10

    /// `optionHint`: the program takes `--display`, so an unset $DISPLAY can suggest it (the
    /// askpass run by ssh takes every argument as its prompt: no option to suggest).
    public init(name: String?, optionHint: Bool = true) throws(X11Error) {
        // The name Xlib connects to, as an error repeats it.
        let shown = name ?? environment("DISPLAY") ?? ""
        pinbox_set_errno(0)
        // Xlib waits for the server's answer without end: a server that took the connection and
        // never answers (a hung one) would hold the prompt, and its caller, for ever.
        pinbox_connect_deadline(UInt32(Self.connectSeconds),
                                "pinbox: the X display \(TerminalSafeText.quoted(shown)) did not answer within \(Self.connectSeconds) s\n")
        let opened = XOpenDisplay(name)
        pinbox_connect_deadline_end()
        guard let handle = opened else {
            // Out of descriptors, the server was never asked: say so rather than blame the display.
            // (Other errno values after a failed connection may be stale or say little.)
            let reason = pinbox_errno()
            let exhausted = reason == EMFILE || reason == ENFILE ? ": \(String(cString: strerror(reason)))" : ""
            throw X11Error(shown.isEmpty
                ? "cannot open the X display: $DISPLAY is not set" + (optionHint ? " (try --display :0)" : "")
                : "cannot open the X display \(TerminalSafeText.quoted(shown))" + exhausted)
        }
        // Xlib takes a negative screen number (`:0.-1`) and would index before its screens.
        guard (0..<XScreenCount(handle)).contains(XDefaultScreen(handle)) else {
            XCloseDisplay(handle)
            throw X11Error("cannot open the X display \(TerminalSafeText.quoted(shown)): it has no such screen")
        }
        self.handle = handle
        screen = XDefaultScreen(handle)
        root = XRootWindow(handle, screen)
        // Asked now, answered with the atoms: the monitors are then asked with the dialog's
        // other questions (Placement.swift) at no round trip of their own.
        xcb_prefetch_extension_data(CX11.XGetXCBConnection(handle), pinbox_randr_extension())
        atoms = Atoms(handle)
        XSetErrorHandler(reportProtocolError)
        XSetIOErrorHandler(connectionLost)
    }

    deinit {
        XCloseDisplay(handle)
    }

    /// The screen's bounds as Xlib knows them (from the connection, or RandR's last change
    /// Xlib was told of).
    var screenBounds: Rect {
        Rect(x: 0, y: 0, width: Double(XDisplayWidth(handle, screen)), height: Double(XDisplayHeight(handle, screen)))
    }

    /// Whether the server offers RandR, from the reply Xlib keeps after the first asking. Asked
    /// before any RandR request: without the extension, Xlib would print its own "extension
    /// missing" line on stderr for it.
    var hasRandR: Bool {
        var event: Int32 = 0, error: Int32 = 0
        return XRRQueryExtension(handle, &event, &error) != 0
    }

    /// What the keyboard shows now (Caps Lock, the active layout), and from now on followed: a
    /// dialog lays out its line about the keyboard from its first frame.
    public func keyboardState() -> KeyboardState { keyboard.currentState() }

    /// The file descriptor the event loop polls.
    public var fileDescriptor: Int32 { XConnectionNumber(handle) }

    /// The visual our back buffer matches: TrueColor, 8 bits a channel, red highest — the
    /// layout of a Cairo RGB24 surface, so pixels go to the server without conversion. The
    /// screen's default when it is one; else another of depth 24 or 32, which servers running at
    /// depth 16 or 30 (some VNC servers, 10-bit displays) usually offer beside it.
    func usableVisual() throws(X11Error) -> VisualChoice {
        if let visual = XDefaultVisual(handle, screen), Self.isRGB888(visual.pointee) {
            let depth = XDefaultDepth(handle, screen)
            if depth == 24 || depth == 32 { return VisualChoice(visual: visual, depth: depth, colormap: nil) }
        }
        for depth: Int32 in [24, 32] {
            var info = XVisualInfo()
            guard XMatchVisualInfo(handle, screen, depth, TrueColor, &info) != 0, let visual = info.visual,
                  Self.isRGB888(visual.pointee) else { continue }
            // A visual other than the root's needs a colormap of its own to create a window with.
            let colormap = XCreateColormap(handle, root, visual, AllocNone)
            return VisualChoice(visual: visual, depth: depth, colormap: colormap)
        }
        throw X11Error("the X screen is \(XDefaultDepth(handle, screen))-bit and offers no 24- or 32-bit TrueColor visual")
    }

    private static func isRGB888(_ v: Visual) -> Bool {
        v.red_mask == 0xff0000 && v.green_mask == 0x00ff00 && v.blue_mask == 0x0000ff
    }
}

/// The visual the window and its back buffer use, and the colormap a non-default one needs.
struct VisualChoice {
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let colormap: Colormap?
}

/// Protocol errors (a BadWindow after a window vanished, say) are logged once per kind and
/// otherwise ignored, as robust X clients do; Xlib's default handler would exit.
nonisolated(unsafe) private var reportedErrors = Set<Int>()

private func reportProtocolError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    guard let display, let e = event?.pointee else { return 0 }
    let key = Int(e.error_code) << 8 | Int(e.request_code)
    guard reportedErrors.insert(key).inserted else { return 0 }
    var text = [CChar](repeating: 0, count: 128)
    XGetErrorText(display, Int32(e.error_code), &text, Int32(text.count))
    let message = "pinbox: X error: \(text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }) (request \(e.request_code)); carrying on\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    return 0
}

private func connectionLost(_ display: OpaquePointer?) -> Int32 {
    XDisplay.onConnectionLost?()
    let message = "pinbox: lost the connection to the X server\n"
    _ = message.withCString { write(2, $0, strlen($0)) }
    _exit(3)
}

/// Errors `XDisplay.succeeds` is listening for, instead of the log.
nonisolated(unsafe) private var trappedError = false

private func trapError(_ display: OpaquePointer?, _ event: UnsafeMutablePointer<XErrorEvent>?) -> Int32 {
    trappedError = true
    return 0
}

extension XDisplay {
    /// Runs `requests` and waits for the server's verdict: false if it answered any of them
    /// with an error, which is then not logged (the caller has a way around it).
    func succeeds(_ requests: () -> Void) -> Bool {
        XSync(handle, 0)
        trappedError = false
        let previous = XSetErrorHandler(trapError)
        requests()
        XSync(handle, 0)
        XSetErrorHandler(previous)
        return !trappedError
    }
}

extension XDisplay {
    /// The desktop's pointer of `shape` (`PointerAreas`), made the first time it is wanted and
    /// kept for the display's life. Xlib asks libXcursor for the cursor theme's `xterm` or
    /// `hand2` at the user's size (`Xcursor.theme`, `Xcursor.size`, which every program's
    /// pointer follows), else takes the core cursor font's; nil where the server has neither
    /// for this client.
    func cursor(_ shape: PointerArea.Shape) -> Cursor? {
        if let made = cursors.first(where: { $0.shape == shape }) { return made.cursor }
        let glyph = switch shape {
        case .text: XC_xterm
        case .link: XC_hand2
        }
        var cursor: Cursor = 0
        let made = succeeds({ cursor = XCreateFontCursor(handle, UInt32(glyph)) }) && cursor != 0 ? cursor : nil
        cursors.append((shape, made))
        return made
    }
}
