// SPDX-License-Identifier: MIT
import CX11
import PinBoxCore

/// The pointer as a text cursor over the entries, as over any text entry on the desktop: an
/// input-only child window over each entry, with the desktop's text cursor defined on it
/// (`XDisplay.textCursor`). The server changes the pointer's shape as it crosses them: no motion
/// is asked for, and nothing wakes. An input-only window draws nothing, and takes no event of
/// its own: a click, a move or a key over one goes on to the window, at the window's coordinates.
final class TextCursorAreas {
    private let display: XDisplay
    private let parent: Window
    private var windows: [Window] = []
    private var areas: [Rect] = []

    init(display: XDisplay, parent: Window) {
        self.display = display
        self.parent = parent
    }

    /// Over `wanted` from now on, in the window's pixels: moved as the page's layout moves its
    /// entries, none once it has ended. Nothing where the server gives no cursor.
    func follow(_ wanted: [Rect]) {
        guard wanted != areas, let cursor = display.textCursor else { return }
        areas = wanted
        let d = display.handle
        while windows.count > wanted.count { XDestroyWindow(d, windows.removeLast()) }
        for (i, area) in wanted.enumerated() {
            let x = Int32(area.x.rounded(.down)), y = Int32(area.y.rounded(.down))
            let width = UInt32(max(1, (area.maxX.rounded(.up) - Double(x)))),
                height = UInt32(max(1, (area.maxY.rounded(.up) - Double(y))))
            if i < windows.count {
                XMoveResizeWindow(d, windows[i], x, y, width, height)
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
