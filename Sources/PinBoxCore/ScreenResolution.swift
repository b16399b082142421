// SPDX-License-Identifier: MIT
/// The resolution an X desktop asks its programs to draw at, and the scale PinBox draws at for
/// it when neither the command line nor a `scale` resource names one. Desktops say it in two
/// places: the `Xft.dpi` resource (what `xrdb` loads; Xft, Qt and xterm read it, and
/// gsd-xsettings, xfsettingsd and mate-settings-daemon write it) and their XSETTINGS (what GTK
/// reads; a bare `xsettingsd` says it only there).
public enum ScreenResolution {
    /// The XSETTINGS GTK sizes by: the text's resolution in 1024ths of a dot per inch, with
    /// the window scale already in it (gsd-xsettings publishes 196 608 at scale 2), and the
    /// whole number a window is scaled by.
    public static let dpiSetting = "Xft/DPI"
    public static let windowScaleSetting = "Gdk/WindowScalingFactor"

    /// The resolution the desktop asks for, in dots per inch: the `Xft.dpi` resource's text,
    /// else its XSETTINGS' `Xft/DPI`, else 96 × its `Gdk/WindowScalingFactor`; nil when none
    /// holds a positive number (GTK's -1 for "the default" included). The resource comes
    /// first, as it always did here: the user's own `xrdb` line is the more specific word, and
    /// where a daemon writes both they agree. `desktop` is asked only when the resource is not
    /// there, so a desktop that sets `Xft.dpi` costs no read of its settings.
    public static func dpi(resource: String?, desktop: () -> XSettings?) -> Double? {
        if let resource, let dpi = Double(resource), dpi.isFinite, dpi > 0 { return dpi }
        guard let settings = desktop() else { return nil }
        if let dpi = settings.integer(dpiSetting), dpi > 0 { return Double(dpi) / 1024 }
        if let factor = settings.integer(windowScaleSetting), factor > 0 { return 96 * Double(factor) }
        return nil
    }

    /// The scale `dpi` asks for: 96 dots per inch is 1, rounded to a quarter (1, 1.25, 1.5,
    /// 2 …) within what `--scale` accepts.
    public static func scale(dpi: Double) -> Double {
        let range = FieldConfiguration.scaleRange
        return min(max((dpi / 96 * 4).rounded() / 4, range.lowerBound), range.upperBound)
    }
}
