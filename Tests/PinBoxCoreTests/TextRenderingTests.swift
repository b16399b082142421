// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// How the desktop asks for text to be rendered (`Xft/Antialias`, `Xft/RGBA`, `Xft/Hinting`,
/// `Xft/HintStyle`; the `Xft.*` resources; `settings.ini`), as a prompt takes it.
struct TextRenderingTests {
    typealias Resources = TextRendering.Resources

    static func settings(_ more: (inout XSettingsProperty) -> Void) -> XSettings {
        var p = XSettingsProperty()
        p.integer("Net/DoubleClickTime", 400)
        more(&p)
        return XSettings(bytes: p.bytes)!
    }

    /// What GNOME's gsd-xsettings publishes for its "Font Rendering" choices: grey or
    /// subpixel smoothing, slight hinting (its defaults), or smoothing off.
    static func gnome(antialias: Int32, rgba: String, hintStyle: String = "hintslight") -> XSettings {
        settings {
            $0.integer(TextRendering.antialiasSetting, antialias)
            $0.integer(TextRendering.hintingSetting, 1)
            $0.string(TextRendering.hintStyleSetting, hintStyle)
            $0.string(TextRendering.rgbaSetting, rgba)
        }
    }

    @Test func nothingSaidIsTheStandardRendering() {
        #expect(TextRendering.preferred(desktop: nil, resources: Resources()) == .standard)
        #expect(TextRendering.preferred(desktop: Self.settings { _ in }, resources: Resources()) == .standard)
        #expect(TextRendering.standard == TextRendering(antialiasing: .gray, hinting: .none))
    }

    @Test func gnomesChoicesAreTaken() {
        #expect(TextRendering.preferred(desktop: Self.gnome(antialias: 1, rgba: "none"), resources: Resources())
                == TextRendering(antialiasing: .gray, hinting: .slight))
        #expect(TextRendering.preferred(desktop: Self.gnome(antialias: 1, rgba: "rgb"), resources: Resources())
                == TextRendering(antialiasing: .subpixel(.rgb), hinting: .slight))
        #expect(TextRendering.preferred(desktop: Self.gnome(antialias: 0, rgba: "rgb", hintStyle: "hintfull"),
                                        resources: Resources())
                == TextRendering(antialiasing: .none, hinting: .full))
        for order in TextRendering.SubpixelOrder.allCases {
            #expect(TextRendering.preferred(desktop: Self.gnome(antialias: 1, rgba: order.rawValue),
                                            resources: Resources()).antialiasing == .subpixel(order))
        }
    }

    /// `Xft/Hinting 0` is no hinting whatever the style says; 1 takes the style.
    @Test func hintingOffOverridesTheStyle() {
        let off = Self.settings {
            $0.integer(TextRendering.hintingSetting, 0)
            $0.string(TextRendering.hintStyleSetting, "hintfull")
        }
        #expect(TextRendering.preferred(desktop: off, resources: Resources(hintStyle: "hintmedium")).hinting == .none)
        for style in TextRendering.Hinting.allCases {
            let on = Self.settings { $0.string(TextRendering.hintStyleSetting, "hint\(style)") }
            #expect(TextRendering.preferred(desktop: on, resources: Resources()).hinting == style)
        }
    }

    /// A bare window manager's user writes them in `~/.Xresources`: read as Cairo reads them.
    @Test(arguments: [
        (Resources(antialias: "false"), TextRendering(antialiasing: .none)),
        (Resources(antialias: "off"), TextRendering(antialiasing: .none)),
        (Resources(antialias: "No"), TextRendering(antialiasing: .none)),
        (Resources(antialias: "0", hintStyle: "hintfull"), TextRendering(antialiasing: .none, hinting: .full)),
        (Resources(antialias: "true", rgba: "rgb"), TextRendering(antialiasing: .subpixel(.rgb))),
        (Resources(rgba: "2"), TextRendering(antialiasing: .subpixel(.bgr))),
        (Resources(rgba: "vbgr"), TextRendering(antialiasing: .subpixel(.vbgr))),
        (Resources(rgba: "none"), TextRendering.standard),
        (Resources(rgba: "unknown"), TextRendering.standard),
        (Resources(hintStyle: "3"), TextRendering(hinting: .full)),
        (Resources(hintStyle: "hintslight"), TextRendering(hinting: .slight)),
        (Resources(hinting: "false", hintStyle: "hintslight"), TextRendering(hinting: .none)),
        (Resources(hinting: "on", hintStyle: "1"), TextRendering(hinting: .slight)),
    ])
    func theXftResourcesAreRead(_ resources: Resources, _ expected: TextRendering) {
        #expect(TextRendering.preferred(desktop: nil, resources: resources) == expected)
    }

    /// The settings' word wins over the resources', question by question.
    @Test func theSettingsWinAxisByAxis() {
        let resources = Resources(antialias: "false", hintStyle: "hintfull", rgba: "bgr")
        let smoothing = Self.settings { $0.integer(TextRendering.antialiasSetting, 1) }
        #expect(TextRendering.preferred(desktop: smoothing, resources: resources)
                == TextRendering(antialiasing: .subpixel(.bgr), hinting: .full))
        let grey = Self.settings {
            $0.integer(TextRendering.antialiasSetting, 1)
            $0.string(TextRendering.rgbaSetting, "none")
            $0.integer(TextRendering.hintingSetting, 0)
        }
        #expect(TextRendering.preferred(desktop: grey, resources: resources) == .standard)
    }

    /// GTK's -1 and any value it does not know say nothing; another type says nothing either.
    /// Any client can write them: nothing they write makes more than a rendering.
    @Test func whatSaysNothingLeavesTheRest() {
        let unset = Self.settings {
            $0.integer(TextRendering.antialiasSetting, -1)
            $0.integer(TextRendering.hintingSetting, -1)
            $0.string(TextRendering.rgbaSetting, "diagonal")
            $0.string(TextRendering.hintStyleSetting, "hintextreme")
        }
        #expect(TextRendering.preferred(desktop: unset, resources: Resources()) == .standard)
        #expect(TextRendering.preferred(desktop: unset, resources: Resources(antialias: "no")).antialiasing == .none)
        let mistyped = Self.settings {
            $0.string(TextRendering.antialiasSetting, "0")
            $0.integer(TextRendering.rgbaSetting, 1)
            $0.integer(TextRendering.antialiasSetting + "x", 0)
            $0.integer(TextRendering.hintingSetting, 2_000_000_000)
        }
        #expect(TextRendering.preferred(desktop: mistyped, resources: Resources()) == .standard)
        #expect(TextRendering.preferred(desktop: nil, resources: Resources(antialias: "", hintStyle: "-1", rgba: "9"))
                == .standard)
    }

    /// lxappearance writes them to `settings.ini`, which a bare window manager's GTK reads.
    @Test func settingsIniSaysItWhereNoDaemonRuns() throws {
        let settings = try #require(XSettings.desktop(nil, file: GTKSettingsFileTests.file(GTKSettingsFileTests.lxappearance)))
        #expect(TextRendering.preferred(desktop: settings, resources: Resources())
                == TextRendering(antialiasing: .subpixel(.rgb), hinting: .slight))
        let off = try #require(XSettings.desktop(nil, file: GTKSettingsFileTests.file("[Settings]\ngtk-xft-antialias=0\n")))
        #expect(TextRendering.preferred(desktop: off, resources: Resources()).antialiasing == .none)
    }
}

/// A page carries its rendering to the painter, and follows the desktop's.
struct PageTextRenderingTests {
    private static func measure(_ text: String, _ style: TextStyle, _ width: Double?) -> Size {
        Size(width: Double(text.count) * style.size / 2, height: style.size * 1.3)
    }

    /// A dialog and the payment sheet are made in the rendering they are given; an open one
    /// takes the desktop's next, with its layout and what is typed unchanged.
    @Test func aPageIsDrawnInTheDesktopsRendering() throws {
        let sharp = TextRendering(antialiasing: .none, hinting: .full)
        var spec = DialogSpec(kind: .entry(.passphrase))
        spec.prompt = "Passphrase:"
        #expect(try spec.makePage(measure: Self.measure).scene(at: 0).textRendering == .standard)
        spec.textRendering = sharp
        let page = try spec.makePage(measure: Self.measure)
        #expect(page.scene(at: 0).textRendering == sharp)
        var sheet = PaySheetSpec()
        sheet.textRendering = sharp
        #expect(try sheet.makePage(measure: Self.measure).scene(at: 0).textRendering == sharp)

        _ = page.handle(.character("a"), now: 1)
        let size = page.preferredSize
        let subpixel = TextRendering(antialiasing: .subpixel(.rgb), hinting: .slight)
        #expect(page.handle(.desktopStyle(.light, Motion(), nil, subpixel), now: 2).isEmpty)
        #expect(page.scene(at: 2).textRendering == subpixel)
        #expect(page.preferredSize == size && page.fields[0].field.length == 1)
        _ = page.handle(.desktopStyle(.light, Motion(), nil), now: 3)
        #expect(page.scene(at: 3).textRendering == .standard)
    }
}
