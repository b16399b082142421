// SPDX-License-Identifier: MIT
import Testing
@testable import PinBoxCore

/// The window-size rule: the scale shrinks until the page fits the work area; the window is
/// never larger than the area.
@Suite("Window fit")
struct WindowFitTests {
    /// A page that grows with the scale, as the askpass dialog does (448 × 237 at 1).
    private func dialog(_ scale: Double) -> (Double, Size) {
        (scale, Size(width: 448 * scale, height: 236.75 * scale))
    }

    @Test func aScaleThatFitsIsKept() {
        let (_, scale) = WindowFit.fit(scale: 2, area: Size(width: 1280, height: 800), make: dialog)
        #expect(scale == 2)
    }

    /// issue 22: `Xft.dpi: 100000` and `*scale: 8` gave a 3584 × 1894 window on 1280 × 800.
    @Test(arguments: [8.0, 4.0, 3.0])
    func aScaleTooLargeShrinksToFit(_ asked: Double) {
        let area = Size(width: 1280, height: 800)
        let (made, scale) = WindowFit.fit(scale: asked, area: area, make: dialog)
        let size = Size(width: 448 * made, height: 236.75 * made)
        #expect(scale < asked && size.width <= 1280 && size.height <= 800, "\(scale)")
        #expect(scale > 2.5, "not shrunk further than needed: \(scale)")
    }

    @Test func contentTooTallForAnyScaleStopsAtTheSmallestScaleAndTheWindowIsClamped() {
        var tries: [Double] = []
        let (_, scale) = WindowFit.fit(scale: 1, area: Size(width: 1280, height: 800)) { s -> (Int, Size) in
            tries.append(s)
            return (0, Size(width: 400 * s, height: 15_000))
        }
        #expect(scale == WindowFit.minimumScale)
        #expect(tries.count <= 7 && tries == tries.sorted(by: >))
        #expect(WindowFit.clamp(Size(width: 200, height: 15_000), to: Size(width: 1280, height: 800))
            == Size(width: 200, height: 800))
        #expect(WindowFit.clamp(Size(width: 200, height: 300), to: .zero) == Size(width: 200, height: 300))
    }

    /// Only the X server's own ConfigureNotify sizes the window, and only with a real size: a
    /// forged 0 × 0 ended prompts with exit 3.
    @Test func onlyTheServersOwnPositiveSizeIsTaken() {
        #expect(WindowFit.configuredSize(width: 448, height: 237, sent: false) == Size(width: 448, height: 237))
        #expect(WindowFit.configuredSize(width: 448, height: 237, sent: true) == nil)
        #expect(WindowFit.configuredSize(width: 0, height: 0, sent: true) == nil)
        #expect(WindowFit.configuredSize(width: 0, height: 237, sent: false) == nil)
        #expect(WindowFit.configuredSize(width: 448, height: -1, sent: false) == nil)
    }

    @Test func aWindowIsCentredInsideTheArea() {
        let area = Rect(x: 1280, y: 24, width: 1920, height: 1056)
        #expect(WindowFit.centred(Size(width: 448, height: 237), in: area) == Point(x: 2016, y: 433))
        #expect(WindowFit.centred(Size(width: 3000, height: 2000), in: area) == Point(x: 1280, y: 24))
    }

    /// A second prompt opens where it hides no other: centred when the centre is free, else
    /// just below the prompt there, else above, beside, and stepped from the centre when the
    /// screen has no free place; never outside its area.
    @Test func aPromptOpensBesideTheOtherPromptsItWouldCover() {
        let area = Rect(x: 0, y: 0, width: 1280, height: 800)
        let size = Size(width: 400, height: 200)
        let centre = WindowFit.centred(size, in: area)
        #expect(WindowFit.placed(size, in: area, avoiding: [], gap: 16) == centre)
        let aside = Rect(x: 0, y: 0, width: 300, height: 200)
        #expect(WindowFit.placed(size, in: area, avoiding: [aside], gap: 16) == centre)
        // The first prompt, centred and a little larger, framed by its window manager.
        let first = Rect(x: 416, y: 276, width: 448, height: 248)
        #expect(WindowFit.placed(size, in: area, avoiding: [first], gap: 16) == Point(x: 440, y: 540))
        // No room below: above.
        let low = Rect(x: 416, y: 300, width: 448, height: 400)
        #expect(WindowFit.placed(size, in: area, avoiding: [low], gap: 16) == Point(x: 440, y: 84))
        // Two prompts already, the second below the first: the third goes above the first.
        let second = Rect(x: 440, y: 540, width: 400, height: 200)
        #expect(WindowFit.placed(size, in: area, avoiding: [first, second], gap: 16) == Point(x: 440, y: 60))
        // Every side taken on a small screen: stepped down and right from the centre, inside.
        let small = Rect(x: 0, y: 0, width: 640, height: 480)
        let filling = Rect(x: 20, y: 20, width: 600, height: 440)
        let stepped = WindowFit.placed(size, in: small, avoiding: [filling], gap: 16)
        #expect(stepped == Point(x: 152, y: 172))
        #expect(small.contains(Rect(x: stepped.x, y: stepped.y, width: size.width, height: size.height)))
        // A window larger than its area is centred as before.
        let huge = Size(width: 2000, height: 1000)
        #expect(WindowFit.placed(huge, in: area, avoiding: [first], gap: 16) == WindowFit.centred(huge, in: area))
    }

    /// A place off the area, or partly off it, moves into it; a window larger than the area is
    /// cut to it; a place inside stays.
    @Test func aWindowIsKeptInsideItsArea() {
        let area = Rect(x: 0, y: 0, width: 1366, height: 768)
        func placed(_ x: Double, _ y: Double, _ w: Double, _ h: Double, in area: Rect) -> Rect {
            WindowFit.within(Rect(x: x, y: y, width: w, height: h), area: area)
        }
        #expect(placed(2000, 2000, 448, 240, in: area) == Rect(x: 918, y: 528, width: 448, height: 240))
        #expect(placed(-300, -10, 448, 240, in: area) == Rect(x: 0, y: 0, width: 448, height: 240))
        #expect(placed(100, 50, 448, 240, in: area) == Rect(x: 100, y: 50, width: 448, height: 240))
        #expect(placed(40, 40, 3000, 900, in: area) == Rect(x: 0, y: 0, width: 1366, height: 768))
        let right = Rect(x: 800, y: 0, width: 1920, height: 1080)
        #expect(placed(900, 50, 1600, 900, in: right) == Rect(x: 900, y: 50, width: 1600, height: 900))
    }

    /// The monitor a place is on: the one holding it, else the nearest (below a small laptop
    /// panel beside a tall monitor, no monitor shows).
    @Test func thePanelsEdgesAreLeftOutButAForgedAreaIsNot() {
        let monitor = Rect(x: 1920, y: 0, width: 1920, height: 1080)
        // A top panel and a dock on the left, over both monitors: this one's part is taken.
        #expect(WindowFit.workArea(of: monitor, managed: Rect(x: 64, y: 32, width: 3776, height: 1048))
                == Rect(x: 1920, y: 32, width: 1920, height: 1048))
        #expect(WindowFit.workArea(of: monitor, managed: nil) == monitor)
        // Exactly half is still a (very large) panel's.
        #expect(WindowFit.workArea(of: monitor, managed: Rect(x: 1920, y: 0, width: 960, height: 540))
                == Rect(x: 1920, y: 0, width: 960, height: 540))
        // A dot, a sliver, or an area on the other monitor: the whole monitor.
        for forged in [Rect(x: 2000, y: 100, width: 1, height: 1), Rect(x: 1920, y: 0, width: 1920, height: 20),
                       Rect(x: 0, y: 0, width: 1920, height: 1080), Rect(x: 1920, y: 0, width: 959, height: 1080)] {
            #expect(WindowFit.workArea(of: monitor, managed: forged) == monitor, "\(forged)")
        }
    }

    @Test func aPlaceIsOnTheMonitorHoldingItOrTheNearest() {
        let panel = Rect(x: 0, y: 0, width: 800, height: 600), large = Rect(x: 800, y: 0, width: 1920, height: 1080)
        #expect(WindowFit.monitor(at: Point(x: 1000, y: 50), among: [panel, large]) == large)
        #expect(WindowFit.monitor(at: Point(x: 200, y: 800), among: [panel, large]) == panel)
        #expect(WindowFit.monitor(at: Point(x: 200, y: 800), among: []) == nil)
        // Overlapping at the origin, in either order: the larger.
        let small = Rect(x: 0, y: 0, width: 1024, height: 768), big = Rect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(WindowFit.monitor(at: Point(x: 100, y: 100), among: [small, big]) == big)
        #expect(WindowFit.monitor(at: Point(x: 100, y: 100), among: [big, small]) == big)
    }
}
