// SPDX-License-Identifier: MIT
import Foundation
import Glibc
import Testing

/// Where a window opens and how large, whatever `-geometry` asks: a prompt that takes the
/// keyboard must be where the user can see it. `--geometry 5000x5000` made a window larger than
/// the screen with the dialog drawn in its middle, off screen; `+2000+2000` opened it wholly off
/// screen, and `+40000` wrapped round X's 16 bits to -25536; the demo, sized for the monitor
/// under the pointer, opened on another one. Each test has its control: what fits stays as asked.
@Suite("Windows on the screen", .serialized, .endToEnd)
struct PlacementTests {
    private func askpass(_ geometry: String, display: String) throws -> PinBoxProcess {
        let p = try PinBoxProcess(["askpass", "--geometry=" + geometry, "--", "Passphrase:"], display: display)
        try p.findWindowByPID()
        return p
    }

    private func answers(_ p: PinBoxProcess) throws -> Bool {
        try p.xdotool(["type", "--delay", "20", "ok"])
        try p.keys("Return")
        return try p.waitExit() == 0 && p.stdout == "ok\n"
    }

    @Test func aSizeLargerThanTheScreenIsCutToIt() throws {
        let xvfb = try Xvfb(size: "1366x768x24")
        let huge = try askpass("5000x5000", display: xvfb.display)
        let g = try windowGeometry(huge.windowID!, display: xvfb.display)
        #expect(g.x == 0 && g.y == 0 && g.width == 1366 && g.height == 768, "\(g)")
        #expect(try answers(huge))

        let fits = try askpass("600x300", display: xvfb.display)
        let f = try windowGeometry(fits.windowID!, display: xvfb.display)
        #expect(f.width == 600 && f.height == 300, "a size that fits is kept: \(f)")
        #expect(try answers(fits))
    }

    @Test func aPlaceOffTheScreenIsMovedOntoIt() throws {
        let xvfb = try Xvfb(size: "1366x768x24")
        let off = try askpass("+2000+2000", display: xvfb.display)
        let g = try windowGeometry(off.windowID!, display: xvfb.display)
        #expect(g.x + g.width == 1366 && g.y + g.height == 768 && g.width > 100, "at the bottom-right edge: \(g)")
        #expect(try answers(off))

        let placed = try askpass("+100+50", display: xvfb.display)
        let p = try windowGeometry(placed.windowID!, display: xvfb.display)
        #expect(p.x == 100 && p.y == 50, "a place on the screen is kept: \(p)")
        #expect(try answers(placed))
    }

    /// An offset past what X carries in 16 bits is placed on the screen like any other (it
    /// wrapped round: +40000 came out at -25536).
    @Test(arguments: [("400x300+40000+40000", true), ("400x300-99999-99999", false)])
    func anOffsetPastXsRangeIsPlacedOnTheScreen(_ geometry: String, _ towardsTheEnd: Bool) throws {
        let xvfb = try Xvfb(size: "1366x768x24")
        let p = try PinBoxProcess(["--geometry=" + geometry], display: xvfb.display)
        try p.findWindowByPID()
        let g = try windowGeometry(p.windowID!, display: xvfb.display)
        if towardsTheEnd {
            #expect(g.x + g.width == 1366 && g.y + g.height == 768 && g.width == 400, "\(g)")
        } else {
            #expect(g.x == 0 && g.y == 0 && g.width == 400, "\(g)")
        }
        kill(p.pid, SIGTERM)
        _ = try p.waitExit()
    }

    /// A small panel at the screen's origin and a large monitor beside it, as a laptop with a
    /// screen plugged in: what lies below the panel is on no monitor.
    private func twoMonitors() throws -> Xvfb {
        let xvfb = try Xvfb(size: "3840x2160x24")
        for monitor in [["A", "1024/200x600/120+0+0", "screen"], ["B", "2816/600x2160/340+1024+0", "none"]] {
            let (status, _) = try run(["xrandr", "--setmonitor"] + monitor, display: xvfb.display)
            try #require(status == 0, "xrandr --setmonitor \(monitor)")
        }
        try run(["xdotool", "mousemove", "100", "100"], display: xvfb.display)
        return xvfb
    }

    /// Placed where no monitor shows (below the panel), the prompt moves onto the nearest one;
    /// placed on the large monitor, it keeps a size the small one under the pointer could not
    /// hold (the size was cut to the pointer's monitor wherever the window went).
    @Test func aPlaceIsKeptOnAMonitorAndASizeOnTheMonitorThere() throws {
        let xvfb = try twoMonitors()
        let hidden = try askpass("400x300+200+800", display: xvfb.display)
        let h = try windowGeometry(hidden.windowID!, display: xvfb.display)
        #expect(h.x == 200 && h.y + h.height <= 600 && h.width == 400, "on the panel: \(h)")
        #expect(try answers(hidden))

        let large = try askpass("1600x900+1100+50", display: xvfb.display)
        let l = try windowGeometry(large.windowID!, display: xvfb.display)
        #expect(l.x == 1100 && l.y == 50 && l.width == 1600 && l.height == 900, "as asked, on B: \(l)")
        #expect(try answers(large))
    }

    /// A prompt placed on the large monitor keeps its size there when its content changes
    /// (Caps Lock's line shown, then hidden): it was cut back to the pointer's monitor.
    @Test func aWindowPlacedOnALargerMonitorKeepsItsSizeWhenItsContentChanges() throws {
        let xvfb = try twoMonitors()
        let p = try askpass("1600x900+1100+50", display: xvfb.display)
        defer { _ = try? run(["xdotool", "key", "--clearmodifiers", "Caps_Lock"], display: xvfb.display) }
        try p.keys("Caps_Lock")
        try waitUntil("Caps Lock's line") { (try? windowGeometry(p.windowID!, display: xvfb.display).height) != 900 }
        let g = try windowGeometry(p.windowID!, display: xvfb.display)
        #expect(g.width == 1600 && g.height > 600 && g.x == 1100, "\(g)")
        try p.keys("Caps_Lock")
        #expect(try answers(p))
    }

    /// Placed on a monitor smaller than the one under the pointer (the screen's bottom-right
    /// corner, `-0-0`), a prompt is laid out for that monitor, as when the pointer is there: it
    /// was laid out for the pointer's and cut, its OK button sliced off.
    @Test func aPromptPlacedOnASmallMonitorIsLaidOutForIt() throws {
        let xvfb = try Xvfb(size: "2720x1080x24")
        for monitor in [["A", "1024/270x768/200+0+312", "screen"], ["B", "1280/340x1024/270+1100+0", "none"],
                        ["C", "320/80x240/60+2400+840", "none"]] {
            let (status, _) = try run(["xrandr", "--setmonitor"] + monitor, display: xvfb.display)
            try #require(status == 0, "xrandr --setmonitor \(monitor)")
        }
        func opened(pointer: (Int, Int), geometry: [String]) throws -> (x: Int, y: Int, width: Int, height: Int) {
            try run(["xdotool", "mousemove", String(pointer.0), String(pointer.1)], display: xvfb.display)
            let p = try PinBoxProcess(["askpass"] + geometry + ["--", "Enter passphrase for key '/home/alice/.ssh/id':"],
                                      display: xvfb.display)
            try p.findWindowByPID()
            let g = try windowGeometry(p.windowID!, display: xvfb.display)
            kill(p.pid, SIGTERM)
            _ = try p.waitExit()
            return g
        }
        let placed = try opened(pointer: (100, 500), geometry: ["--geometry=-0-0"])
        let underPointer = try opened(pointer: (2500, 900), geometry: [])
        #expect(placed.x + placed.width == 2720 && placed.y + placed.height == 1080, "\(placed)")
        #expect(placed.width == underPointer.width && placed.height == underPointer.height,
                "laid out for C: \(placed) against \(underPointer)")
    }

    /// The demo opens on the monitor under the pointer, which it was sized for.
    @Test func theDemoOpensOnTheMonitorItWasSizedFor() throws {
        let xvfb = try twoMonitors()
        func demoCorner(pointer: (Int, Int)) throws -> (x: Int, y: Int, width: Int, height: Int) {
            try run(["xdotool", "mousemove", String(pointer.0), String(pointer.1)], display: xvfb.display)
            let demo = try PinBoxProcess(["--quiet"], display: xvfb.display)
            try demo.findWindowByPID()
            let g = try windowGeometry(demo.windowID!, display: xvfb.display)
            kill(demo.pid, SIGTERM)
            _ = try demo.waitExit()
            return g
        }
        let onB = try demoCorner(pointer: (2000, 1000))
        #expect(onB.x == 1024 && onB.y == 0, "on monitor B, where the pointer is: \(onB)")
        let onA = try demoCorner(pointer: (300, 300))
        #expect(onA.x == 0 && onA.y == 0 && onA.height <= 600, "on monitor A, fitted to it: \(onA)")
    }
}
