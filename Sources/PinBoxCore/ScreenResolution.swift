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
    /// else its XSETTINGS' `Xft/DPI`, else 96 × the window scale: `GDK_SCALE` (`environmentScale`,
    /// which in a GTK program fixes the window scale over the desktop's), else its
    /// `Gdk/WindowScalingFactor`; nil when none holds a positive number (GTK's -1 for "the
    /// default" included). The resource comes first, as it always did here: the user's own
    /// `xrdb` line is the more specific word, and where a daemon writes both they agree.
    /// `desktop` is asked only when the resource is not there, so a desktop that sets `Xft.dpi`
    /// costs no read of its settings.
    ///
    /// `GDK_SCALE` counts only where no resolution is named, as on a bare X session whose user
    /// set it for GTK programs alone: there GTK draws everything at that scale, and so does the
    /// prompt. Where one is named, GTK would multiply its text by it again (hence the
    /// `GDK_DPI_SCALE=0.5` recipes); a prompt drawn at one scale takes the named resolution.
    public static func dpi(resource: String?, desktop: () -> XSettings?, environmentScale: String? = nil) -> Double? {
        if let resource, let dpi = Double(resource), dpi.isFinite, dpi > 0 { return dpi }
        let settings = desktop()
        if let dpi = settings?.integer(dpiSetting), dpi > 0 { return Double(dpi) / 1024 }
        if let environmentScale { return 96 * Double(windowScale(environment: environmentScale)) }
        if let factor = settings?.integer(windowScaleSetting), factor > 0 { return 96 * Double(factor) }
        return nil
    }

    /// `GDK_SCALE` as GTK reads it: set at all, it fixes the window scale, to the number `atol`
    /// reads from it (blanks skipped, then its leading digits: "2.5" is 2); to 1 where that is
    /// not a positive number ("", "0", "two"), and at most what `--scale` takes.
    static func windowScale(environment text: String) -> Int {
        let digits = text.utf8.drop { $0 == 0x20 || (0x09...0x0d).contains($0) }.prefix { (0x30...0x39).contains($0) }
        let most = Int(FieldConfiguration.scaleRange.upperBound)
        guard !digits.isEmpty else { return 1 }
        guard digits.count <= 4, let factor = Int(String(decoding: digits, as: UTF8.self)) else { return most }
        return min(max(factor, 1), most)
    }

    /// The scale `dpi` asks for: 96 dots per inch is 1, rounded to a quarter (1, 1.25, 1.5,
    /// 2 …) within what `--scale` accepts.
    public static func scale(dpi: Double) -> Double {
        let range = FieldConfiguration.scaleRange
        return min(max((dpi / 96 * 4).rounded() / 4, range.lowerBound), range.upperBound)
    }
}
