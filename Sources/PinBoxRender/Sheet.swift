// SPDX-License-Identifier: MIT
import PinBoxCore

/// Labelled fields stacked on one picture: the film strip of a motion (`render --frames`) and
/// the sheet of a theme's states (`render --states`). Each field is drawn by `FieldPainter`,
/// as in the window, with a margin wide enough for the shake of a refused key.
public struct Sheet {
    /// One row: a caption on the left, a field on the right.
    public struct Row {
        public var label: String
        public var scene: FieldScene
        public init(label: String, scene: FieldScene) {
            self.label = label
            self.scene = scene
        }
    }

    /// Points around and between the rows.
    public static let margin = 12.0
    /// The caption's size, in points.
    public static let labelSize = 12.0
    /// The demo page's background, so a capture looks like the window.
    public static let background = Color(rgb: 0xf5f6f8)
    public static let labelColor = Color(rgb: 0x6b7280)

    public var rows: [Row]
    public var scale: Double
    /// A clear background instead of the page's (the fields keep their own backdrops).
    public var transparent: Bool

    public init(rows: [Row], scale: Double, transparent: Bool = false) {
        self.rows = rows
        self.scale = scale
        self.transparent = transparent
    }

    public func render() throws(RenderError) -> Canvas {
        let s = scale, m = (Self.margin * s).rounded()
        let probe = try Canvas(width: 1, height: 1)
        let labelWidth = rows.map { probe.textExtents($0.label, size: Self.labelSize * s).width }.max() ?? 0
        let labelColumn = labelWidth > 0 ? (labelWidth + Self.margin * s).rounded(.up) : 0
        let fieldWidth = rows.map { $0.scene.layout.bounds.width }.max() ?? 1
        let width = Int(m + labelColumn + fieldWidth + m)
        let height = Int(m + rows.reduce(0) { $0 + $1.scene.layout.bounds.height + m })
        let canvas = try Canvas(width: width, height: height, transparent: transparent)
        if !transparent {
            canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), with: Self.background)
        }
        var y = m
        for row in rows {
            let bounds = row.scene.layout.bounds
            let ink = canvas.textExtents(row.label, size: Self.labelSize * s)
            canvas.drawText(row.label, at: Point(x: m, y: (y + bounds.height / 2 - ink.y - ink.height / 2).rounded()),
                            size: Self.labelSize * s, color: Self.labelColor)
            FieldPainter.draw(row.scene, at: Point(x: m + labelColumn, y: y), on: canvas)
            y += bounds.height + m
        }
        return canvas
    }

    /// `seconds` as "0.050 s": milliseconds, which is what a frame's time needs.
    public static func time(_ seconds: Double) -> String {
        let ms = Int((seconds * 1000).rounded())
        let fraction = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) s"
    }
}

/// `pinbox render --frames N`: N pictures of one motion, evenly spaced from its start to its
/// end, each labelled with its time.
public enum FilmStrip {
    public static func render(_ configuration: FieldConfiguration, digits: [UInt8], frames: Int,
                              focused: Bool = false, state: Snapshot.State = .normal,
                              transparent: Bool = false) throws(RenderError) -> Canvas {
        let length = Snapshot.motionLength(configuration, state: state)
        var rows: [Sheet.Row] = []
        for i in 0..<max(1, frames) {
            let t = frames > 1 ? length * Double(i) / Double(frames - 1) : length
            let scene = try Snapshot.scene(configuration, digits: digits, at: t, focused: focused, state: state)
            rows.append(Sheet.Row(label: Sheet.time(t), scene: scene))
        }
        return try Sheet(rows: rows, scale: configuration.scale, transparent: transparent).render()
    }
}

/// `pinbox render --states`: every state of a theme on one sheet.
public enum StateSheet {
    /// The rows, in the order a person meets them.
    public static let states = ["empty", "partly filled", "full", "focused", "refused (shaking)", "error", "success"]

    public static func render(_ configuration: FieldConfiguration, transparent: Bool = false) throws(RenderError) -> Canvas {
        let n = configuration.capacity
        // Digits every theme takes; a plain field shows them.
        let full = (0..<n).map { UInt8(0x31 + $0 % 9) }
        let part = Array(full.prefix(max(1, n / 2)))
        func scene(_ digits: [UInt8], at: Double? = nil, focused: Bool = false,
                   _ state: Snapshot.State = .normal) throws(RenderError) -> FieldScene {
            try Snapshot.scene(configuration, digits: digits, at: at, focused: focused, state: state)
        }
        let rows = [
            Sheet.Row(label: states[0], scene: try scene([])),
            Sheet.Row(label: states[1], scene: try scene(part)),
            Sheet.Row(label: states[2], scene: try scene(full)),
            Sheet.Row(label: states[3], scene: try scene(part, focused: true)),
            // The first swing of the shake, near its widest.
            Sheet.Row(label: states[4], scene: try scene(part, at: 0.025, focused: true, .error)),
            Sheet.Row(label: states[5], scene: try scene(part, focused: true, .error)),
            Sheet.Row(label: states[6], scene: try scene(full, .success)),
        ]
        return try Sheet(rows: rows, scale: configuration.scale, transparent: transparent).render()
    }
}
