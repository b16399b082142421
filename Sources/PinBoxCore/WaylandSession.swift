// SPDX-License-Identifier: MIT
/// Whether the prompt runs in a Wayland session (`WAYLAND_DISPLAY` named, or `XDG_SESSION_TYPE`
/// `wayland`), where it draws through Xwayland: the compositor, not the X server, then holds
/// the keyboard's layout and sees its own shortcuts, and at-spi-bus-launcher writes nothing on
/// the display.
public enum WaylandSession {
    public static func isRunning(waylandDisplay: String?, sessionType: String?) -> Bool {
        !(waylandDisplay ?? "").isEmpty || sessionType == "wayland"
    }
}
