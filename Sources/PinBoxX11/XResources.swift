// SPDX-License-Identifier: MIT
import CSystem
import CX11
import PinBoxCore

/// The X resources that apply to PinBox: the server's databases (RESOURCE_MANAGER, what `xrdb`
/// loads, and the screen's SCREEN_RESOURCES), with `-xrm` lines on top, looked up the Xrm way by
/// the program's instance name and class. Values come back as the strings the user wrote; what
/// they mean is the command line's business.
public final class XResources {
    private var database: XrmDatabase?
    /// Asked for its desktop settings only when `Xft.dpi` is not set (`dpi`).
    private let display: XDisplay

    /// Reads the databases `display` was opened with, then puts each of `lines`
    /// (`"PinBox*dotColor: #333"`) over them, so `-xrm` wins as it does in every X program.
    public init(display: XDisplay, lines: [String] = []) {
        self.display = display
        XrmInitialize()
        if let text = XResourceManagerString(display.handle) {
            database = XrmGetStringDatabase(text)
        }
        // The screen's own resources (xrdb -screen) are more specific than the server-wide ones.
        // Asked with the desktop's settings' owner, which the resolution may need next (`dpi`).
        display.askSettingsOwner()
        merge(display.properties([XDisplay.PropertyQuestion(window: display.root, property: display.atoms.screenResources,
                                                            type: Atom(XA_STRING), longs: Self.readLimit / 4)]))
        for line in lines {
            XrmPutLineResource(&database, line)
        }
        display.textRenderingResources = textRenderingResources
    }

    /// The databases as the server holds them now: Xlib keeps the text they had when the
    /// display was opened, and a desktop rewrites them while a prompt is open (gsd-xsettings
    /// writes `Xft.dpi` there when Large Text is turned on), and between two dialogs on one
    /// connection. One round trip (the settings' owner asked with it), none to any other
    /// client; each database read in its first `readLimit` bytes.
    public init(current display: XDisplay) {
        self.display = display
        XrmInitialize()
        display.askSettingsOwner()
        merge(display.properties([Atom(XA_RESOURCE_MANAGER), display.atoms.screenResources].map {
            XDisplay.PropertyQuestion(window: display.root, property: $0, type: Atom(XA_STRING), longs: Self.readLimit / 4)
        }))
        display.textRenderingResources = textRenderingResources
    }

    /// Puts each database read over what is there (the later ones are the more specific).
    private func merge(_ read: [XDisplay.PropertyAnswer?]) {
        for case let property? in read where property.format == 8 {
            // XrmMergeDatabases takes the new database over.
            XrmMergeDatabases(XrmGetStringDatabase(String(decoding: property.bytes, as: UTF8.self)), &database)
        }
    }

    /// The most of a database read again: 1 MB. `xrdb`'s whole databases run to a few kB.
    static let readLimit = 1 << 20

    /// The `Xft.dpi` resource's text; nil when no line sets it.
    var dpiResource: String? { value(names: ["Xft", "dpi"], classes: ["Xft", "Dpi"]) }

    /// The Xft resources on how text is rendered, as Cairo looks them up (`XGetDefault`).
    private var textRenderingResources: TextRendering.Resources {
        func xft(_ name: String, _ className: String) -> String? { value(names: ["Xft", name], classes: ["Xft", className]) }
        return TextRendering.Resources(antialias: xft("antialias", "Antialias"), hinting: xft("hinting", "Hinting"),
                                       hintStyle: xft("hintstyle", "Hintstyle"), rgba: xft("rgba", "Rgba"))
    }

    deinit {
        if let database { XrmDestroyDatabase(database) }
    }

    /// The value of the resource at `names` (e.g. `["pinbox-askpass", "dotColor"]`) whose
    /// classes are `classes` (`["PinBox", "DotColor"]`), as Xrm's matching rules pick it; nil
    /// when no line matches. Surrounding blanks are dropped.
    public func value(names: [String], classes: [String]) -> String? {
        guard let database else { return nil }
        // A dot or a star inside a component would change the query's shape.
        func joined(_ parts: [String]) -> String {
            parts.map { String($0.map { $0 == "." || $0 == "*" ? "_" : $0 }) }.joined(separator: ".")
        }
        var type: UnsafeMutablePointer<CChar>?
        var value = XrmValue()
        guard XrmGetResource(database, joined(names), joined(classes), &type, &value) != 0,
              let address = value.addr else { return nil }
        let text = String(cString: address)
        var start = text.startIndex, end = text.endIndex
        while start < end, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
        while end > start, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\t" {
            end = text.index(before: end)
        }
        return String(text[start..<end])
    }

    /// The screen's resolution as the desktop gives it (`ScreenResolution.dpi`): `Xft.dpi`,
    /// set by desktops and `xrdb` and read by Xft-using programs, else the desktop's XSETTINGS
    /// and `GDK_SCALE` as GTK reads them; nil when none says.
    public var dpi: Double? {
        ScreenResolution.dpi(resource: dpiResource,
                             desktop: { display.gtkSettings(display.desktopSettings()) },
                             environmentScale: environment("GDK_SCALE"))
    }
}
