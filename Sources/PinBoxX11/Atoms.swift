// SPDX-License-Identifier: MIT
import CX11
import CSystem

/// The atoms PinBox uses, interned once at start-up in one round trip.
public struct Atoms {
    let wmProtocols: Atom
    let wmDeleteWindow: Atom
    let netWMName: Atom
    let netWMIconName: Atom
    let netWMPID: Atom
    let netWMWindowType: Atom
    let netWMWindowTypeNormal: Atom
    let netWMWindowTypeDialog: Atom
    let netWMState: Atom
    let netWMStateAbove: Atom
    let netWMStateDemandsAttention: Atom
    let utf8String: Atom
    let clipboard: Atom
    let primary: Atom
    let incr: Atom
    let targets: Atom
    /// The property on our window that a paste is delivered into.
    let pasteProperty: Atom
    /// The root window's XKB rules, model, layouts, variants and options, as setxkbmap set them.
    let xkbRulesNames: Atom
    /// `_XSETTINGS_S<n>` for the display's default screen, the one PinBox opens on: its owner
    /// holds the desktop's settings (DesktopSettings.swift).
    let xsettingsSelection: Atom
    /// The owner's property, and its type, holding the settings.
    let xsettingsSettings: Atom
    /// The message a new owner of a manager selection sends the root (ICCCM 2.8): a new
    /// settings daemon says so with it (SettingsWatch.swift).
    let manager: Atom
    /// The screen's own resource database on its root (`xrdb -screen`), beside RESOURCE_MANAGER.
    let screenResources: Atom
    /// What a window manager says on the root (EWMH), read to place a dialog (Placement.swift):
    /// its check window, the current desktop and the work area of each, the windows it manages,
    /// and the frames it gives them. Interned here, made if no client made them yet, so that
    /// placing asks nothing before the properties themselves.
    let netSupportingWMCheck: Atom
    let netCurrentDesktop: Atom
    let netWorkArea: Atom
    let netClientList: Atom
    let netFrameExtents: Atom

    init(_ display: OpaquePointer) {
        let names = ["WM_PROTOCOLS", "WM_DELETE_WINDOW", "_NET_WM_NAME", "_NET_WM_ICON_NAME", "_NET_WM_PID",
                     "UTF8_STRING", "CLIPBOARD", "INCR", "PINBOX_PASTE", "TARGETS",
                     "_NET_WM_WINDOW_TYPE", "_NET_WM_WINDOW_TYPE_NORMAL", "_NET_WM_WINDOW_TYPE_DIALOG",
                     "_XKB_RULES_NAMES", "_NET_WM_STATE", "_NET_WM_STATE_ABOVE", "_NET_WM_STATE_DEMANDS_ATTENTION",
                     // The screen's number is known once connected (XDefaultScreen reads the
                     // connection's own record, no request), so even screen 1's name is in the batch.
                     "_XSETTINGS_S\(XDefaultScreen(display))", "_XSETTINGS_SETTINGS", "MANAGER", "SCREEN_RESOURCES",
                     "_NET_SUPPORTING_WM_CHECK", "_NET_CURRENT_DESKTOP", "_NET_WORKAREA", "_NET_CLIENT_LIST",
                     "_NET_FRAME_EXTENTS"]
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: names.count)
        XInternAtoms(display, &cNames, Int32(names.count), 0, &atoms)
        wmProtocols = atoms[0]
        wmDeleteWindow = atoms[1]
        netWMName = atoms[2]
        netWMIconName = atoms[3]
        netWMPID = atoms[4]
        utf8String = atoms[5]
        clipboard = atoms[6]
        incr = atoms[7]
        pasteProperty = atoms[8]
        targets = atoms[9]
        netWMWindowType = atoms[10]
        netWMWindowTypeNormal = atoms[11]
        netWMWindowTypeDialog = atoms[12]
        xkbRulesNames = atoms[13]
        netWMState = atoms[14]
        netWMStateAbove = atoms[15]
        netWMStateDemandsAttention = atoms[16]
        xsettingsSelection = atoms[17]
        xsettingsSettings = atoms[18]
        manager = atoms[19]
        screenResources = atoms[20]
        netSupportingWMCheck = atoms[21]
        netCurrentDesktop = atoms[22]
        netWorkArea = atoms[23]
        netClientList = atoms[24]
        netFrameExtents = atoms[25]
        primary = Atom(XA_PRIMARY)
    }
}
