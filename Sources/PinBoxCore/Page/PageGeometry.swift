/// Where a page's parts are: the demo's stacked fields, or a dialog.
public enum PageGeometry: Equatable, Sendable {
    case workbench(PageLayout)
    case dialog(DialogLayout)

    public var fields: [Rect] {
        switch self {
        case .workbench(let l): l.fields
        case .dialog(let l): l.fields
        }
    }

    public var buttons: [Rect] {
        switch self {
        case .workbench: []
        case .dialog(let l): l.buttons
        }
    }

    /// The natural size, margins included.
    public var content: Size {
        switch self {
        case .workbench(let l): l.content
        case .dialog(let l): l.content
        }
    }

    /// The focus ring around focusable `index` (fields first, then buttons).
    public func ring(around index: Int) -> Rect {
        switch self {
        case .workbench(let l): return l.ring(around: index)
        case .dialog(let l):
            let f = l.fields
            return l.ring(around: index < f.count ? f[index] : l.buttons[index - f.count])
        }
    }
}
