// SPDX-License-Identifier: MIT
/// Where a page's parts are: the demo's stacked fields, or a dialog.
public enum PageGeometry: Equatable, Sendable {
    case workbench(PageLayout)
    case dialog(DialogLayout)
    /// Seed 001's payment sheet: one field over a number pad.
    case paySheet(PaySheetLayout)

    public var fields: [Rect] {
        switch self {
        case .workbench(let l): l.fields
        case .dialog(let l): l.fields
        case .paySheet(let l): [l.field]
        }
    }

    public var buttons: [Rect] {
        switch self {
        case .workbench: []
        case .dialog(let l): l.buttons
        case .paySheet(let l): [l.close, l.forgot]
        }
    }

    /// The natural size, margins included.
    public var content: Size {
        switch self {
        case .workbench(let l): l.content
        case .dialog(let l): l.content
        case .paySheet(let l): l.content
        }
    }

    /// The focus ring around focusable `index` (fields first, then buttons).
    public func ring(around index: Int) -> Rect {
        switch self {
        case .workbench(let l): return l.ring(around: index)
        case .dialog(let l):
            return index < l.fields.count ? l.ring(aroundField: index) : l.ring(around: l.buttons[index - l.fields.count])
        case .paySheet(let l):
            return l.ring(around: index == 0 ? l.field : index == 1 ? l.close : l.forgot)
        }
    }
}
