// SPDX-License-Identifier: MIT
/// One frame the window presented, as `--trace-frames` reports it and the guides' readout shows it.
public struct FrameReport: Equatable, Sendable {
    /// Wall seconds since the first frame the window presented.
    public var time: Double
    /// Wall seconds since the frame before, nil for the first.
    public var interval: Double?
    /// Display frames that went by without a frame while something moved: the frame before
    /// asked for this one one frame interval later, and it came this many frames late.
    public var dropped: Int
    /// Whether the frame before asked for this one: it is part of a running animation.
    public var animating: Bool
}

/// The timing of the frames a window presents: intervals, and frames dropped during animation.
/// Pure arithmetic on the times it is given, so the rules are tested without a display.
public struct FrameTiming: Equatable, Sendable {
    /// The display's frame interval.
    public let frameInterval: Double
    private var first: Double?
    private var last: Double?
    /// When the frame after the last one was due, if the last one asked for another soon.
    private var due: Double?
    /// Frames dropped since the window opened.
    public private(set) var totalDropped = 0
    /// The last frame presented.
    public private(set) var latest: FrameReport?

    public init(frameInterval: Double) {
        self.frameInterval = frameInterval > 0 ? frameInterval : 1.0 / 60
    }

    /// A frame is presented at wall time `wall`; `next` is when the one after it is due (the
    /// page's next animation deadline), nil when nothing moves.
    @discardableResult
    public mutating func presented(at wall: Double, next: Double?) -> FrameReport {
        let start = first ?? wall
        first = start
        var dropped = 0
        if let due {
            // Late by half a frame or more: the frame missed its slot on the display.
            dropped = max(0, Int(((wall - due) / frameInterval).rounded()))
        }
        totalDropped += dropped
        let report = FrameReport(time: wall - start, interval: last.map { wall - $0 }, dropped: dropped,
                                 animating: due != nil)
        last = wall
        // A deadline further off than a frame and a half is a timed decision, not the next frame.
        due = next.flatMap { $0 <= wall + 1.5 * frameInterval ? $0 : nil }
        latest = report
        return report
    }

    /// Whether the last frame asked for another soon: an animation runs.
    public var isAnimating: Bool { due != nil }

    /// The readout over the guides: the last frame's interval and the frames dropped.
    public var readout: String {
        guard let latest, isAnimating || latest.animating, let interval = latest.interval else {
            return "frames: idle · \(totalDropped) dropped in all"
        }
        return "frame \(Workbench.decimal(interval * 1000, places: 1)) ms · \(latest.dropped) dropped"
            + " · \(totalDropped) in all"
    }
}

extension Workbench {
    /// `value` with `places` decimals, rounded, as a person writes it ("16.7", "-0.25"): with no
    /// Foundation, and the same on every build.
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        var unit = 1
        for _ in 0..<max(0, places) { unit *= 10 }
        let scaled = Int((abs(value) * Double(unit)).rounded())
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % unit)
        return sign + String(scaled / unit) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
