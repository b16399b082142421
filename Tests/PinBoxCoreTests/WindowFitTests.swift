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

    @Test func aWindowIsCentredInsideTheArea() {
        let area = Rect(x: 1280, y: 24, width: 1920, height: 1056)
        #expect(WindowFit.centred(Size(width: 448, height: 237), in: area) == Point(x: 2016, y: 433))
        #expect(WindowFit.centred(Size(width: 3000, height: 2000), in: area) == Point(x: 1280, y: 24))
    }

    /// A place off the screen, or partly off it, moves onto it; a window larger than the screen
    /// keeps its top-left corner on it; a place on the screen stays.
    @Test func aWindowIsKeptOnTheScreen() {
        let screen = Size(width: 1366, height: 768)
        let dialog = Size(width: 448, height: 240)
        #expect(WindowFit.onScreen(Point(x: 2000, y: 2000), size: dialog, screen: screen) == Point(x: 918, y: 528))
        #expect(WindowFit.onScreen(Point(x: -300, y: -10), size: dialog, screen: screen) == Point(x: 0, y: 0))
        #expect(WindowFit.onScreen(Point(x: 100, y: 50), size: dialog, screen: screen) == Point(x: 100, y: 50))
        #expect(WindowFit.onScreen(Point(x: 40, y: 40), size: Size(width: 3000, height: 900), screen: screen)
            == Point(x: 0, y: 0))
        #expect(WindowFit.onScreen(Point(x: 5000, y: 5000), size: dialog, screen: .zero) == Point(x: 5000, y: 5000))
    }
}
