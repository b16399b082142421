// SPDX-License-Identifier: MIT
/// A field's whole configuration, validated: theme, grid, capacity, frame, scale, animation
/// and paste policy. Parsing the command line is the app's business; the rules live here so
/// the core's tests and fuzzer can reach them.
public struct FieldConfiguration: Equatable, Sendable {
    public static let gridRange = PinField.capacityRange
    public static let scaleRange = 0.5...8.0
    public static let durationRange = 0.0...10.0
    /// Frames beyond this are refused: 8K at scale 1 is already 7680 × 4320.
    public static let maximumFrame = 16384.0

    public var theme: Theme
    public var rows: Int
    public var columns: Int
    public var capacity: Int
    /// The frame asked for, in points; nil lets the theme pick the fitting one.
    public var frame: Size?
    public var scale: Double
    public var duration: Double
    public var pastePolicy: PastePolicy
    /// The dots' curve (`--easing`) and the display's frame interval, the `seed` curve's tick.
    public var easing = Easing.linear
    public var tickInterval = 1.0 / 60

    /// Resolves the grid: with no count, rows and columns default to the theme's grid; a count
    /// alone fills the theme's number of rows; every given number must agree with the others.
    public init(theme: Theme = .strip, count: Int? = nil, rows: Int? = nil, columns: Int? = nil,
                frame: Size? = nil, scale: Double = 1, duration: Double = Animator.defaultDuration,
                pastePolicy: PastePolicy = .deny) throws(ConfigurationError) {
        for (name, value) in [("count", count), ("rows", rows), ("columns", columns)] {
            if let value, !Self.gridRange.contains(value) {
                throw ConfigurationError(name, "must be between 1 and \(Self.gridRange.upperBound), not \(value)")
            }
        }
        let defaults = theme.defaultGrid
        let capacity = count ?? (rows ?? defaults.rows) * (columns ?? defaults.columns)
        guard PinField.capacityRange.contains(capacity) else {
            throw ConfigurationError(nil, "a grid of \(capacity) cells is too big: at most \(PinField.capacityRange.upperBound)")
        }
        var r: Int, c: Int
        switch (rows, columns) {
        case let (rows?, columns?): (r, c) = (rows, columns)
        case let (rows?, nil): (r, c) = (rows, capacity / rows)
        case let (nil, columns?): (r, c) = (capacity / columns, columns)
        case (nil, nil):
            r = count == nil ? defaults.rows : min(defaults.rows, capacity)
            c = capacity / r
        }
        guard r * c == capacity, r > 0, c > 0 else {
            throw ConfigurationError("count", "\(capacity) does not fill a grid of \(rows.map(String.init) ?? "?") rows × \(columns.map(String.init) ?? "?") columns; make rows × columns equal the count")
        }
        if let frame {
            guard frame.width >= 1, frame.height >= 1,
                  frame.width <= Self.maximumFrame, frame.height <= Self.maximumFrame else {
                throw ConfigurationError("size", "must be between 1x1 and 16384x16384, not \(frame)")
            }
        }
        guard Self.scaleRange.contains(scale) else {
            throw ConfigurationError("scale", "must be between 0.5 and 8, not \(scale)")
        }
        guard Self.durationRange.contains(duration) else {
            throw ConfigurationError("duration", "must be between 0 and 10 seconds, not \(duration)")
        }
        self.theme = theme
        self.rows = r
        self.columns = c
        self.capacity = capacity
        self.frame = frame
        self.scale = scale
        self.duration = duration
        self.pastePolicy = pastePolicy
    }

    /// The layout request for a frame: the configured one, or `frame` from the page, or the
    /// theme's fitting frame.
    public func layoutRequest(frame offered: Size? = nil) -> LayoutRequest {
        theme.layoutRequest(rows: rows, columns: columns, frame: offered ?? frame, scale: scale)
    }

    public func layout(frame offered: Size? = nil) -> Layout {
        Layout(layoutRequest(frame: offered))
    }

    /// An empty field and a still animator for this configuration.
    public func makeField() -> (field: PinField, animator: Animator) {
        // The capacity was validated above, so the field cannot refuse it.
        let field = try! PinField(capacity: capacity, pastePolicy: pastePolicy, accepts: theme.accepts)
        return (field, Animator(count: capacity, duration: duration, easing: easing, tickInterval: tickInterval))
    }
}
