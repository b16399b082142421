import PinBoxCore

/// A still picture of one field holding some digits, the way `pinbox render` makes it.
public enum Snapshot {
    /// Draws a field of `configuration` holding `digits` (ASCII). `at` freezes the animation
    /// that many seconds after the last digit arrived (the others have settled); nil shows
    /// everything at rest.
    public static func render(_ configuration: FieldConfiguration, digits: [UInt8], at: Double? = nil,
                              focused: Bool = false) throws(RenderError) -> Canvas {
        var (field, animator) = configuration.makeField()
        for event in field.setText(digits) {
            if case .rejected(let reason) = event {
                throw RenderError(reason == .textTooLong
                    ? "--text has \(digits.count) digits but the field holds \(configuration.capacity)"
                    : "--text must be digits only")
            }
        }
        animator.settle(length: at == nil ? field.length : max(0, field.length - 1))
        animator.setLength(field.length, at: 0)
        let layout = configuration.layout()
        let scene = FieldScene(field: field, animator: animator, layout: layout, theme: configuration.theme,
                               focused: focused, at: at ?? .infinity)
        let canvas = try Canvas(width: Int(layout.bounds.width), height: Int(layout.bounds.height))
        FieldPainter.draw(scene, at: Point(x: 0, y: 0), on: canvas)
        return canvas
    }
}
