// SPDX-License-Identifier: MIT
/// A window never larger than the screen's work area, whatever the scale asked for (`Xft.dpi:
/// 100000`, `*scale: 8`) or the content: the scale shrinks until the page fits, and the window
/// is never made larger than the area even where it cannot.
public enum WindowFit {
    /// The smallest scale the fit shrinks to; past it the window is clamped instead.
    public static let minimumScale = 0.5

    /// The next scale to try after a page of `size` at `scale` did not fit `area`; nil when it
    /// fits, or when it cannot shrink any further. Each step aims at the ratio that would fit
    /// (a little under it, as text does not scale exactly), never below `minimumScale`.
    public static func nextScale(after scale: Double, size: Size, area: Size) -> Double? {
        guard area.width > 0, area.height > 0, size.width > area.width || size.height > area.height else { return nil }
        guard scale > minimumScale else { return nil }
        let ratio = min(area.width / size.width, area.height / size.height)
        // Hundredths, rounded down: the next try is always smaller than this one.
        let next = ((scale * ratio * 0.98) * 100).rounded(.down) / 100
        return max(minimumScale, min(next, scale - 0.01))
    }

    /// A page's scale and size once fitted: `make` builds the page at a scale and says its size.
    /// At most a few tries; the first one is the scale asked for.
    public static func fit<T, E: Error>(scale: Double, area: Size,
                                        make: (Double) throws(E) -> (T, Size)) throws(E) -> (T, scale: Double) {
        var scale = scale
        var (made, size) = try make(scale)
        for _ in 0..<6 {
            guard let next = nextScale(after: scale, size: size, area: area) else { break }
            scale = next
            (made, size) = try make(scale)
        }
        return (made, scale)
    }

    /// Why a page of `size`, fitted as far as the scale goes, still does not fit `area`; nil
    /// when it fits (or the area is not known). The demo says so and ends rather than open a
    /// window that cuts off cells typing still fills.
    public static func overflow(_ size: Size, area: Size) -> String? {
        guard area.width > 0, area.height > 0, size.width > area.width || size.height > area.height else { return nil }
        return "the page needs \(Int(size.width.rounded(.up)))x\(Int(size.height.rounded(.up))) pixels even at half size, "
            + "more than the screen's \(Int(area.width))x\(Int(area.height))"
    }

    /// The window's new size from a ConfigureNotify: only the X server's own (`sent`: another
    /// client forged it with XSendEvent, as window managers do to tell of a move) and only a
    /// real size. A forged 0 × 0 ended prompts; a forged small one laid them out cut.
    public static func configuredSize(width: Int, height: Int, sent: Bool) -> Size? {
        guard !sent, width > 0, height > 0 else { return nil }
        return Size(width: Double(width), height: Double(height))
    }

    /// `size` no larger than `area` (an empty area means the screen is not known: unchanged).
    public static func clamp(_ size: Size, to area: Size) -> Size {
        guard area.width > 0, area.height > 0 else { return size }
        return Size(width: min(size.width, area.width), height: min(size.height, area.height))
    }

    /// The monitor a window at `point` is on: the largest holding it (monitors may overlap, or
    /// mirror each other), else the nearest; nil when none is known.
    public static func monitor(at point: Point, among monitors: [Rect]) -> Rect? {
        func distance(_ r: Rect) -> Double {
            let dx = max(r.x - point.x, 0, point.x - r.maxX), dy = max(r.y - point.y, 0, point.y - r.maxY)
            return dx * dx + dy * dy
        }
        guard let first = monitors.first else { return nil }
        let holding = monitors.filter { $0.contains(point) }
        if let one = holding.first {
            return holding.reduce(one) { $1.width * $1.height > $0.width * $0.height ? $1 : $0 }
        }
        return monitors.reduce(first) { distance($1) < distance($0) ? $1 : $0 }
    }

    /// The part of `monitor` a window may take, less what the window manager keeps for panels
    /// (`managed`: its `_NET_WORKAREA`). Panels take an edge; an area that leaves less than half
    /// the monitor either way, or none of it, is no panel's doing but another client's (any
    /// client can set the root's properties): a forged 1 × 1 area shrank prompts to a dot.
    public static func workArea(of monitor: Rect, managed: Rect?) -> Rect {
        guard let managed else { return monitor }
        let x0 = max(monitor.x, managed.x), y0 = max(monitor.y, managed.y)
        let x1 = min(monitor.maxX, managed.maxX), y1 = min(monitor.maxY, managed.maxY)
        guard (x1 - x0) * 2 >= monitor.width, (y1 - y0) * 2 >= monitor.height else { return monitor }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A window asked for at `frame` kept inside `area`: moved into it, and cut to it when larger.
    /// A prompt placed off screen, or in the part of a screen no monitor shows, would take the
    /// keyboard where nobody sees it.
    public static func within(_ frame: Rect, area: Rect) -> Rect {
        let size = clamp(frame.size, to: area.size)
        return Rect(x: min(max(frame.x, area.x), area.maxX - size.width),
                    y: min(max(frame.y, area.y), area.maxY - size.height), width: size.width, height: size.height)
    }

    /// Where a window of `size` goes in `area`: centred, and wholly inside it.
    public static func centred(_ size: Size, in area: Rect) -> Point {
        Point(x: (area.x + max(0, (area.width - size.width) / 2)).rounded(.down),
              y: (area.y + max(0, (area.height - size.height) / 2)).rounded(.down))
    }

    /// Where a dialog of `size` goes in `area` beside the windows of other prompts showing
    /// there (`others`, their frames): centred when that covers none of them, else the place
    /// nearest the centre just below, above, right or left of one of them (`gap` apart) that
    /// covers none and stays inside the area. A second prompt (its "Keyboard in use" notice)
    /// would otherwise hide the first, which has the keys. Where no such place exists (a small
    /// screen, many prompts), it steps down and right from the centre once for each prompt it
    /// covers there, so that the frame's edge of each stays in sight.
    public static func placed(_ size: Size, in area: Rect, avoiding others: [Rect], gap: Double) -> Point {
        let centre = centred(size, in: area)
        func frame(_ p: Point) -> Rect { Rect(x: p.x, y: p.y, width: size.width, height: size.height) }
        func free(_ p: Point) -> Bool {
            area.contains(frame(p)) && !others.contains { $0.intersects(frame(p)) }
        }
        let covered = others.filter { $0.intersects(frame(centre)) }
        guard !covered.isEmpty, area.contains(frame(centre)) else { return centre }
        var candidates: [Point] = []
        for other in others {
            candidates += [Point(x: centre.x, y: other.maxY + gap), Point(x: centre.x, y: other.y - gap - size.height),
                           Point(x: other.maxX + gap, y: centre.y), Point(x: other.x - gap - size.width, y: centre.y)]
        }
        func distance(_ p: Point) -> Double { (p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y) }
        if let best = candidates.filter(free).min(by: { distance($0) < distance($1) }) {
            return Point(x: best.x.rounded(.down), y: best.y.rounded(.down))
        }
        let step = 2 * gap * Double(covered.count)
        let stepped = within(frame(centre).offsetBy(dx: step, dy: step), area: area)
        return Point(x: stepped.x.rounded(.down), y: stepped.y.rounded(.down))
    }
}
