// SPDX-License-Identifier: MIT
import PinBoxCore

/// `pinbox render --animate OUT.gif --keys SCRIPT`: a typing script played on a field and
/// drawn at the display rate into an animated GIF, on the page's background with a margin
/// that holds the shake of a refused key.
public enum AnimationCapture {
    /// Points around the field.
    public static let margin = 8.0

    /// What was written.
    public struct Summary: Equatable {
        /// Frames drawn (one per display frame from the first key until all is still)…
        public var drawn: Int
        /// …and kept in the GIF (identical neighbours are merged into one longer frame).
        public var written: Int
    }

    /// Draws frame `i` (time i / fps from the capture's start, 0) of every motion `script`
    /// starts, until all is still, and hands each to `consume`.
    public static func frames(_ configuration: FieldConfiguration, script: TypingScript, fps: Double,
                              focused: Bool = true,
                              _ consume: (Canvas, Double) throws(RenderError) -> Void) throws(RenderError) -> Int {
        let layout = configuration.layout()
        let s = configuration.scale, m = (margin * s).rounded()
        let canvas = try Canvas(width: Int(layout.bounds.width + 2 * m), height: Int(layout.bounds.height + 2 * m))
        let all = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        var played = ScriptedField(configuration, script: script)
        defer { played.field.secret.wipe() }
        let start = 0.0
        let end = ScriptedField.restTime(of: script, on: configuration)
        let count = Int(((end - start) * fps - 1e-6).rounded(.up)) + 1
        for i in 0..<count {
            let t = start + Double(i) / fps
            played.advance(to: t)
            let scene = FieldScene(field: played.field, animator: played.animator, layout: layout,
                                   theme: configuration.theme, focused: focused, at: t)
            canvas.fill(all, with: Sheet.background)
            FieldPainter.draw(scene, at: Point(x: m, y: m), on: canvas)
            try consume(canvas, t)
        }
        return count
    }

    /// Writes the GIF to `path`; the last frame stays `hold` seconds before the GIF loops.
    @discardableResult
    public static func record(_ configuration: FieldConfiguration, script: TypingScript, fps: Double,
                              focused: Bool = true, hold: Double = 1, to path: String) throws(RenderError) -> Summary {
        let layout = configuration.layout()
        let m = (margin * configuration.scale).rounded()
        let recorder = try Recorder(path: path, width: Int(layout.bounds.width + 2 * m),
                                    height: Int(layout.bounds.height + 2 * m), hold: hold)
        let drawn = try frames(configuration, script: script, fps: fps, focused: focused) {
            (canvas, t) throws(RenderError) in try recorder.add(canvas, at: t)
        }
        return Summary(drawn: drawn, written: try recorder.finish())
    }
}
