// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// The pointer's shapes over parts of the page, as over the same parts of any program on the
/// desktop: an input-only child window over each entry and link, with the desktop's pointer of
/// its shape defined on it (`XDisplay.cursor`). The server changes the pointer's shape as it
/// crosses them: no motion is asked for, and nothing wakes. An input-only window draws nothing,
/// and takes no event of its own: a click, a move or a key over one goes on to the window, at
/// the window's coordinates.
final class PointerAreas {
    private let display: XDisplay
    private let parent: Window
    private var windows: [Window] = []
    private var areas: [PointerArea] = []

    init(display: XDisplay, parent: Window) {
        self.display = display
        self.parent = parent
    }

    /// Over `wanted` from now on: moved as the page's layout moves its parts, none once it has
    /// ended. None of a shape the server gives no pointer for.
    func follow(_ wanted: [PointerArea]) {
        guard wanted != areas else { return }
        areas = wanted
        let d = display.handle
        let shown = wanted.compactMap { area in display.cursor(area.shape).map { (area.rect, $0) } }
        while windows.count > shown.count { XDestroyWindow(d, windows.removeLast()) }
        for (i, (rect, cursor)) in shown.enumerated() {
            let x = Int32(rect.x.rounded(.down)), y = Int32(rect.y.rounded(.down))
            let width = UInt32(max(1, rect.maxX.rounded(.up) - Double(x)))
            let height = UInt32(max(1, rect.maxY.rounded(.up) - Double(y)))
            if i < windows.count {
                XMoveResizeWindow(d, windows[i], x, y, width, height)
                XDefineCursor(d, windows[i], cursor)
                continue
            }
            var attributes = XSetWindowAttributes()
            attributes.cursor = cursor
            let window = XCreateWindow(d, parent, x, y, width, height, 0, 0, UInt32(InputOnly), nil,
                                       UInt(CWCursor), &attributes)
            XMapWindow(d, window)
            windows.append(window)
        }
    }
}
