// SPDX-License-Identifier: MIT
import PinBoxCore

/// A still picture of one field holding some characters, the way `pinbox render` makes it.
public enum Snapshot {
    /// Which look of the field to draw.
    public enum State: String, Sendable, CaseIterable {
        /// Typing: the characters (or dots) as they are.
        case normal
        /// Just after a refused input: the error colour on the borders (and, early on, the shake).
        case error
        /// Just after a submit: the check mark while the dots fade away.
        case success
    }

    /// When an error or success look is drawn if no time is given: the shake is over, the
    /// colour and the check mark are fully there.
    public static let lookTime = 0.3

    /// Draws a field of `configuration` holding `digits` (ASCII). `at` freezes the animation
    /// that many seconds after the last character arrived (or after the refusal or the submit,
    /// for those states); nil shows the typing at rest, and the other looks at `lookTime`.
    public static func render(_ configuration: FieldConfiguration, digits: [UInt8], at: Double? = nil,
                              focused: Bool = false, state: State = .normal) throws(RenderError) -> Canvas {
        let scene = try scene(configuration, digits: digits, at: at, focused: focused, state: state)
        let canvas = try Canvas(width: Int(scene.layout.bounds.width), height: Int(scene.layout.bounds.height))
        FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: canvas)
        return canvas
    }

    /// What `render` draws, as a scene: for sheets, film strips and guides to draw elsewhere.
    public static func scene(_ configuration: FieldConfiguration, digits: [UInt8], at: Double? = nil,
                             focused: Bool = false, state: State = .normal) throws(RenderError) -> FieldScene {
        // The field's buffer outlives this function in a plain scene (`FieldScene.shown`) and
        // is wiped when the scene lets it go.
        var (field, animator) = configuration.makeField()
        for event in field.setText(digits) {
            if case .rejected(let reason) = event {
                throw RenderError(setting: "text", reason == .textTooLong
                    ? "has \(digits.count) \(field.accepts.noun)s but the field holds \(configuration.capacity)"
                    : field.accepts == .digits ? "must be digits only" : "must be printable ASCII only")
            }
        }
        let now: Double
        switch state {
        case .normal:
            animator.settle(length: at == nil ? field.length : max(0, field.length - 1))
            animator.setLength(field.length, at: 0)
            now = at ?? .infinity
        case .error:
            animator.settle(length: field.length)
            animator.cue(at: 0)
            now = at ?? lookTime
        case .success:
            animator.settle(length: field.length)
            field.handOff { _ in }
            animator.succeed(at: 0)
            animator.setLength(0, at: 0)
            now = at ?? lookTime
        }
        return FieldScene(field: field, animator: animator, layout: configuration.layout(),
                          theme: configuration.theme, focused: focused, at: now)
    }

    /// How long the motion of `state` lasts from its start: the last character's fade (its
    /// curve's own length: 3 ticks for `seed`), the error look or the success look.
    public static func motionLength(_ configuration: FieldConfiguration, state: State) -> Double {
        switch state {
        case .normal:
            var (_, animator) = configuration.makeField()
            animator.setLength(1, at: 0)
            return animator.restTime(after: 0) ?? 0
        case .error: return Animator.cueDuration
        case .success: return Animator.successDuration
        }
    }
}
