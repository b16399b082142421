// SPDX-License-Identifier: MIT
/// Seed 001's payment sheet as a page: the six `paypass` boxes under the title, the payee and
/// the amount, over a number pad that types as the keyboard does. It ends itself when the 6th
/// digit lands (`submit`, as the seed's view removes itself); the × and Escape cancel; the
/// "Forgot password?" link is a button that reports `forgot` and leaves the sheet open.
public struct PaySheetSpec: Equatable, Sendable {
    public var title = localized("Enter payment password")
    public var link = localized("Forgot password?")
    /// Who is paid, shown small above the amount; empty for none.
    public var payee = ""
    /// The amount as the caller writes it ("¥25.00"); empty for none.
    public var amount = ""
    public var timeout: Double?
    public var reveal = false
    public var scale = 1.0
    /// The dots' curve (`Easing.promptDefault`; `pinbox pay --easing` chooses another).
    public var easing = Easing.promptDefault
    /// Light or dark, normal or high contrast: in light and normal contrast, the seeds' sheet.
    public var appearance = Appearance()
    /// Whether the dots grow in and a refused key shakes the boxes: still where the user or the
    /// desktop turned animations off.
    public var motion = Motion()
    /// How its letters are rasterised: as the desktop says, whose type it otherwise keeps.
    public var textRendering = TextRendering.standard
    /// Right to left where the translation says so, as the dialogs are (`PaySheetLayout`).
    public var direction = TextDirection.ofTranslation

    public init() {}

    /// The number of digits: the seed's six.
    public static let length = 6

    /// The page: its one field is named `paypass`; its buttons are the × (cancel) and the link.
    public func makePage(refreshRate: Double = 60, measure: @escaping TextMeasure) throws(ConfigurationError) -> Page {
        let palette = appearance.palette
        var configuration = try FieldConfiguration(theme: Self.boxes(in: palette), count: Self.length, scale: scale)
        configuration.easing = easing
        let field = PageField(name: "paypass", label: "", configuration: configuration)
        var content = PageContent(title: title, description: amount, prompt: payee,
                                  buttons: [PageButton(.cancel, label: "×"), PageButton(.forgot, label: link)])
        content.direction = direction
        let rules = PageRules(purpose: .prompt, timeout: timeout, reveal: reveal)
        let page = Page(paySheet: field, content: content, rules: rules, scale: scale, refreshRate: refreshRate,
                        measure: measure)
        page.palette = palette
        page.motion = motion
        page.textRendering = textRendering
        page.remake = { s, _ in
            var spec = self
            spec.scale = s
            return try? spec.makePage(refreshRate: refreshRate, measure: measure).fields
        }
        return page
    }

    /// The six boxes in `palette`: the seed's own in the light one, which is the sheet as the
    /// seeds draw it. In the others, the palette's entry, its frame at least a whole point so
    /// that its edge is seen (the seed's half point is drawn at half strength); the dividers
    /// keep the seed's place and width, as they only part the boxes.
    static func boxes(in palette: Palette) -> Theme {
        guard palette != .light else { return .paypass }
        var theme = Theme.paypass.painted(palette)
        theme.frameWidth = max(theme.frameWidth, 1)
        return theme
    }
}

extension PageGeometry {
    public var isPaySheet: Bool {
        if case .paySheet = self { return true }
        return false
    }
}

extension PaySheetLayout {
    /// The sheet's layout for `content` around a field of `fieldSize`, in a window of `window`.
    static func make(window: Size, content: PageContent, fieldSize: Size, scale: Double,
                     measure: TextMeasure) -> PaySheetLayout {
        let link = content.buttons.first { $0.role == .forgot }?.text ?? ""
        return PaySheetLayout(window: window, content: content, fieldSize: fieldSize, linkText: link, scale: scale,
                              measure: measure)
    }
}
