// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// The screen's resolution a window scales by: the `Xft.dpi` resource, else the desktop's
/// XSETTINGS as GTK reads them (`Xft/DPI`, else `Gdk/WindowScalingFactor`), and the scale
/// that resolution gives.
@Suite("Screen resolution: Xft.dpi, else the desktop's XSETTINGS")
struct ScreenResolutionTests {
    /// What gsd-xsettings publishes at scale 2: the window scale is already in `Xft/DPI`.
    static let gnomeAtTwice = XSettings.desktop {
        $0.integer("Gdk/WindowScalingFactor", 2)
        $0.integer("Gdk/UnscaledDPI", 96 * 1024)
        $0.integer("Xft/DPI", 192 * 1024)
    }

    @Test func theResourceComesFirstAndTheDesktopIsNotAskedThen() {
        var asked = false
        let dpi = ScreenResolution.dpi(resource: "144", desktop: { asked = true; return Self.gnomeAtTwice })
        #expect(dpi == 144 && !asked)
        #expect(ScreenResolution.dpi(resource: "120", desktop: { nil }) == 120)
    }

    @Test func withoutTheResourceTheDesktopsXftDPISays() {
        #expect(ScreenResolution.dpi(resource: nil, desktop: { Self.gnomeAtTwice }) == 192)
        let textOnly = XSettings.desktop { $0.integer("Xft/DPI", 120 * 1024) }
        #expect(ScreenResolution.dpi(resource: nil, desktop: { textOnly }) == 120)
        // A resource that is no number is as good as none.
        #expect(ScreenResolution.dpi(resource: "lots", desktop: { textOnly }) == 120)
        #expect(ScreenResolution.dpi(resource: "0", desktop: { textOnly }) == 120)
    }

    @Test func aWindowScaleAloneScalesByItsFactor() {
        let factorOnly = XSettings.desktop { $0.integer("Gdk/WindowScalingFactor", 2) }
        #expect(ScreenResolution.dpi(resource: nil, desktop: { factorOnly }) == 192)
    }

    /// GTK's -1 ("the default"), zero, a negative factor, a string where an integer goes, no
    /// settings at all: nothing said, so the window stays at 1×.
    @Test func whatSaysNothingLeavesTheDefault() {
        let unsaid = [
            XSettings.desktop { $0.integer("Xft/DPI", -1) },
            XSettings.desktop { $0.integer("Xft/DPI", 0); $0.integer("Gdk/WindowScalingFactor", 0) },
            XSettings.desktop { $0.integer("Gdk/WindowScalingFactor", -2) },
            XSettings.desktop { $0.string("Xft/DPI", "196608") },
            XSettings.desktop { _ in },
        ]
        for settings in unsaid {
            #expect(ScreenResolution.dpi(resource: nil, desktop: { settings }) == nil, "\(settings.settings)")
        }
        #expect(ScreenResolution.dpi(resource: nil, desktop: { nil }) == nil)
        // -1 for the text's resolution, with a factor beside it: the factor says.
        let factorBesideDefault = XSettings.desktop { $0.integer("Xft/DPI", -1); $0.integer("Gdk/WindowScalingFactor", 3) }
        #expect(ScreenResolution.dpi(resource: nil, desktop: { factorBesideDefault }) == 288)
    }

    /// `GDK_SCALE`, as a GTK program reads it: over the desktop's window scale, under any
    /// resolution named (the resource, the desktop's `Xft/DPI`); its leading digits, as `atol`.
    @Test func gdkScaleScalesWhereNoResolutionIsNamed() {
        #expect(ScreenResolution.dpi(resource: nil, desktop: { nil }, environmentScale: "2") == 192)
        let factorOnly = XSettings.desktop { $0.integer("Gdk/WindowScalingFactor", 3) }
        #expect(ScreenResolution.dpi(resource: nil, desktop: { factorOnly }, environmentScale: "2") == 192)
        #expect(ScreenResolution.dpi(resource: nil, desktop: { Self.gnomeAtTwice }, environmentScale: "3") == 192)
        #expect(ScreenResolution.dpi(resource: "120", desktop: { nil }, environmentScale: "2") == 120)
        #expect(ScreenResolution.dpi(resource: nil, desktop: { nil }, environmentScale: "2.5") == 192)
        #expect(ScreenResolution.dpi(resource: nil, desktop: { nil }, environmentScale: " 2") == 192)
        // Set at all, it fixes the scale: 1 where it says no positive number, as GTK takes it,
        // and no more than a window can be drawn at.
        for one in ["", "0", "-2", "two"] {
            #expect(ScreenResolution.dpi(resource: nil, desktop: { factorOnly }, environmentScale: one) == 96, "\(one)")
        }
        #expect(ScreenResolution.dpi(resource: nil, desktop: { nil }, environmentScale: "99999") == 768, "at most 8 ×")
        #expect(ScreenResolution.dpi(resource: nil, desktop: { factorOnly }) == 288, "the control: unset")
    }

    @Test func theScaleIsRoundedToAQuarterWithinTheRange() {
        #expect(ScreenResolution.scale(dpi: 96) == 1)
        #expect(ScreenResolution.scale(dpi: 192) == 2)
        #expect(ScreenResolution.scale(dpi: 144) == 1.5)
        #expect(ScreenResolution.scale(dpi: 120) == 1.25)
        #expect(ScreenResolution.scale(dpi: 110) == 1.25)
        #expect(ScreenResolution.scale(dpi: 100) == 1)
        #expect(ScreenResolution.scale(dpi: 10) == 0.5)
        // The largest integer a setting holds, in 1024ths: within the range still.
        #expect(ScreenResolution.scale(dpi: Double(Int32.max) / 1024) == 8)
    }
}
