// SPDX-License-Identifier: MIT
/// Measures a block of text: its size in device pixels when set in `style`, wrapped to `width`
/// when given. The renderer provides it; the core only asks.
public typealias TextMeasure = (_ text: String, _ style: TextStyle, _ width: Double?) -> Size

/// Where a dialog puts things, in device pixels: description, prompt, the entries (each under
/// its label), the error line, the wait cue, then the buttons at the foot, right-aligned in the
/// order Cancel, OK as the desktop's dialogs have them. A right-to-left dialog is the same
/// mirrored about its text column (`mirror`): OK at the left edge, the start at the right.
public struct DialogLayout: Equatable, Sendable {
    /// Sizes in points, scaled by the dialog's scale.
    public struct Metrics: Equatable, Sendable {
        public var margin = 16.0
        /// The text column's usual width, where a long paragraph wraps.
        public var width = 400.0
        /// The widest a description's line may be to widen the column rather than wrap
        /// (`DescriptionWidth`): gpg-agent's lines, whole, as pinentry-gtk-2 sets them.
        public var descriptionWidest = 560.0
        /// The face of every text but the picture's (`DesktopFont.face`); nil for DejaVu Sans.
        public var face: String?
        public var textSize = 13.5
        public var labelSize = 12.5
        public var gap = 10.0
        public var labelGap = 6.0
        public var buttonHeight = 32.0
        public var buttonMinimumWidth = 88.0
        public var buttonPadding = 16.0
        public var buttonGap = 10.0
        /// A button's label past this width shows its first line, ending with "…": a label an
        /// agent chose (SETOK) cannot widen the dialog past the screen.
        public var buttonLabelMaximum = 240.0
        public var cueSize = 56.0
        public var ringOffset = 4.0
        public var ringWidth = 2.0
        /// The tallest the dialog grows for long texts: 70 % of a 768-pixel-high screen (the
        /// smallest laptop's) at scale 1, leaving room for panels and the window's frame. The
        /// description takes what the rest leaves, at least `descriptionMinimumLines`; each
        /// prompt and the error line have a few lines each. Past its lines a text ends with "…",
        /// so the entries and buttons always show. A description cut there grows into the screen
        /// the dialog opens on, when it is taller (`room`).
        public var maximumHeight = 537.0
        /// What a dialog grown into the screen leaves of its height: the window manager's title
        /// bar and frame, and air above and below.
        public var screenMargin = 64.0
        public var descriptionMinimumLines = 3
        public var labelLines = 2
        /// gpg-agent's refusal of a passphrase under its constraints takes six: its title, a
        /// warning, a blank line, one line per constraint missed.
        public var errorLines = 6
        /// The caller's notes under the entries (gpg-agent's constraint hints).
        public var notesLines = 4
        public init() {}
    }

    public let metrics: Metrics
    public let scale: Double
    /// The content's direction: right to left, every rectangle is mirrored, and the painter
    /// draws what sits at a row's start (a checkbox's box, the strength bar's label) at its right.
    public let direction: TextDirection
    /// The dialog's natural size: the window's preferred size.
    public let content: Size
    /// The text blocks: their top-left corners, and the width they wrap to. The window's title
    /// bar carries the title: the dialog does not say it twice.
    public internal(set) var description: Rect
    /// The detail's label and its line (a fingerprint), when the page has one.
    public internal(set) var detailLabel: Rect
    public internal(set) var detail: Rect
    /// The detail's picture under its line, in a fixed-width font; empty when it has none.
    public internal(set) var picture: Rect
    public internal(set) var labels: [Rect]
    public internal(set) var fields: [Rect]
    /// The line under the entries that says what the keyboard does (`KeyboardNote`), laid out
    /// only while it has something to say.
    public internal(set) var keyboard: Rect?
    /// The active layout's name at the end of that line, when it names one: a click on it
    /// switches to the next layout.
    public internal(set) var keyboardLayoutName: Rect?
    /// The width a name too long for its room is ellipsized within (drawn as one line from the
    /// place's start, its ellipsis ending at the place's end); nil for a name drawn whole.
    public let keyboardLayoutNameRoom: Double?
    /// The width the Caps Lock warning wraps to: the line's, less the layout's name at its end.
    public let keyboardWarningWidth: Double
    public internal(set) var error: Rect
    public internal(set) var cue: Rect?
    /// The strength bar's row: its label at the start, the bar after it.
    public internal(set) var quality: Rect?
    /// The caller's notes under the entries (constraint hints).
    public internal(set) var notes: Rect?
    /// Where a suggested passphrase shows, and its note under it: kept free on a page that
    /// offers one, so showing it moves nothing.
    public internal(set) var suggestion: Rect?
    public internal(set) var suggestionNote: Rect?
    /// One rectangle per button, in `content.buttons`' order: a checkbox on its own row above
    /// the others, Suggest at the start of the last row, the rest at its end.
    public internal(set) var buttons: [Rect]
    public let textWidth: Double
    /// Where each entry's first cell starts inside its rectangle: PIN boxes keep a gap around them.
    public let fieldInsets: [Point]
    /// The height bounds the blocks were measured with (`TextStyle.maxHeight`), to draw them alike.
    public let descriptionLimit: Double
    public let labelLimit: Double
    public let errorLimit: Double
    public let notesLimit: Double

    /// Lays out `content` with entries of `fieldSizes` (device pixels) labelled `labels`, in a
    /// window of `window` (the block is centred; an empty window means the natural size).
    /// `message` is what the message line says now (an error, a refused key's reason, a
    /// question); nil means the caller's error. The line takes room only while it says something.
    /// `room`: the height of the area the window opens in, when known (device pixels).
    public init(window: Size, content: PageContent, labels labelTexts: [String], fieldSizes: [Size], scale: Double,
                message: String? = nil, fieldInsets: [Point] = [], room: Double? = nil, measure: TextMeasure,
                metrics: Metrics = Metrics()) {
        self.metrics = metrics
        self.scale = scale
        direction = content.direction
        self.fieldInsets = fieldInsets
        let m = metrics, s = scale
        let widestField = fieldSizes.map { $0.width }.max() ?? 0
        let buttonWidths = content.buttons.map { Self.width(of: $0, measure: measure, metrics: m, scale: s) }
        let detailSize = content.detail.map { measure($0.text, TextStyle(size: m.textSize * s, face: m.face), nil) } ?? .zero
        let pictureSize = content.detail?.picture.map { measure($0, Self.pictureStyle(m, scale: s), nil) } ?? .zero
        let described = Self.descriptionWidth(content, measure: measure, metrics: m, scale: s)
        let width = max(Self.columnWidth(content, description: described, measure: measure, metrics: m, scale: s),
                        widestField.rounded(.up))
        textWidth = width
        let margin = m.margin * s, gap = m.gap * s
        func height(_ text: String, _ size: Double, bold: Bool = false, limit: Double) -> Double {
            text.isEmpty ? 0 : measure(text, TextStyle(size: size * s, face: m.face, bold: bold, maxHeight: limit), width).height.rounded(.up)
        }
        // A bound of n lines: n lines of any font (Chinese and Japanese ones are taller than
        // DejaVu's) and half a line to spare, never n + 1 of DejaVu's.
        func limit(lines: Int, _ size: Double) -> Double {
            ((Double(lines) + 0.5) * size * 1.2 * s).rounded(.down)
        }
        let labelLimit = limit(lines: m.labelLines, m.labelSize), errorLimit = limit(lines: m.errorLines, m.labelSize)
        notesLimit = limit(lines: m.notesLines, m.labelSize)
        self.labelLimit = labelLimit
        self.errorLimit = errorLimit
        // The message line takes room only while it says something: a dialog with no error is
        // as short as it can be, and the window follows when one comes.
        let message = message ?? content.error
        let errorHeight = message.isEmpty ? 0
            : max(height(message, m.labelSize, limit: errorLimit), (m.labelSize * 1.3 * s).rounded(.up))
        let detailLabelHeight = content.detail.map { height($0.label, m.labelSize, limit: labelLimit) } ?? 0
        var blocks: [Double] = []
        let pictureBlock = pictureSize.height > 0 ? m.labelGap * s + pictureSize.height.rounded(.up) : 0
        if content.detail != nil {
            blocks.append(detailLabelHeight + m.labelGap * s + detailSize.height.rounded(.up) + pictureBlock)
        }
        let labelHeights = labelTexts.map { height($0, m.labelSize, limit: labelLimit) }
        for (i, size) in fieldSizes.enumerated() {
            blocks.append(labelHeights[i] + (labelHeights[i] > 0 ? m.labelGap * s : 0) + size.height)
        }
        let lineHeight = (m.labelSize * 1.3 * s).rounded(.up)
        // A caller's long warning wraps beside the layout's name rather than running into it.
        // The name (a keymap's own, "English (US, intl., with dead keys)", where no rules name
        // the layouts: Xwayland's) takes at most two thirds of the line, ellipsized past that.
        var layoutWidth = 0.0
        var layoutRoom: Double?
        if let name = content.keyboard?.layout {
            var style = TextStyle(size: m.labelSize * s, face: m.face)
            let room = (width * 2 / 3).rounded(.down)
            layoutWidth = measure(name, style, nil).width
            if layoutWidth > room {
                style.maxHeight = lineHeight
                layoutWidth = measure(name, style, room).width
                layoutRoom = room
            }
        }
        keyboardLayoutNameRoom = layoutRoom
        keyboardWarningWidth = (width - (layoutWidth > 0 ? layoutWidth + m.gap * s : 0)).rounded(.down)
        var keyboardHeight = lineHeight
        if let warning = content.keyboard?.warning {
            let size = measure(warning, TextStyle(size: m.labelSize * s, face: m.face, bold: true), keyboardWarningWidth)
            keyboardHeight = max(lineHeight, size.height.rounded(.up))
        }
        if content.keyboard != nil { blocks.append(keyboardHeight) }
        let qualityHeight = lineHeight
        if content.qualityLabel != nil { blocks.append(qualityHeight) }
        let notesHeight = height(content.notes, m.labelSize, limit: notesLimit)
        if notesHeight > 0 { blocks.append(notesHeight) }
        let suggests = content.buttons.contains { $0.role == .suggest }
        let suggestionHeight = suggests ? (m.textSize * 1.3 * s).rounded(.up) : 0
        let suggestionNoteHeight = suggests ? height(content.suggestionNote, m.labelSize, limit: notesLimit) : 0
        if suggests { blocks.append(suggestionHeight + suggestionNoteHeight) }
        let hasCheckbox = content.buttons.contains { $0.role == .savePassword }
        let checkboxRow = hasCheckbox ? (m.textSize * 1.6 * s).rounded(.up) + gap : 0
        if content.waitCue { blocks.append(m.cueSize * s) }
        let buttonRow = content.buttons.isEmpty ? 0 : m.buttonHeight * s + gap * 1.5 + checkboxRow
        func stacked(_ blocks: [Double]) -> Double {
            blocks.reduce(0, +) + Double(max(0, blocks.count - 1)) * gap + (errorHeight > 0 ? gap / 2 + errorHeight : 0)
                + buttonRow
        }
        // The description: what the rest leaves under the maximum height. One cut there (as
        // tall as its bound, less a line) is measured again under the screen's height, if that
        // is taller: a long text is read whole where the screen has room, while every other
        // is measured once, as the text thread measured it ahead (TextLayout.prepare).
        let rest = stacked(blocks + [0]) + 2 * margin
        func limitUnder(_ most: Double) -> Double {
            max(limit(lines: m.descriptionMinimumLines, m.textSize), (most - rest).rounded(.down))
        }
        // Lines that stand whole within the bound are as tall as the page's one measure of
        // them says (`DescriptionWidth`): measured again only when they wrap or are cut.
        func heightOfDescription(within limit: Double) -> Double {
            described.height(width: width, limit: limit)?.rounded(.up)
                ?? height(content.description, m.textSize, limit: limit)
        }
        var descriptionLimit = limitUnder(m.maximumHeight * s)
        var descriptionHeight = heightOfDescription(within: descriptionLimit)
        if let room, room - m.screenMargin * s > m.maximumHeight * s,
           descriptionHeight > descriptionLimit - limit(lines: 1, m.textSize) {
            descriptionLimit = limitUnder(room - m.screenMargin * s)
            descriptionHeight = heightOfDescription(within: descriptionLimit)
        }
        self.descriptionLimit = descriptionLimit
        if descriptionHeight > 0 { blocks.insert(descriptionHeight, at: 0) }
        self.content = Size(width: width + 2 * margin, height: (stacked(blocks) + 2 * margin).rounded(.up))
        let total = stacked(blocks)

        let left = max(margin, ((window.width - width) / 2).rounded())
        var y = max(margin, ((window.height - total) / 2).rounded())
        func take(_ h: Double) -> Rect {
            defer { if h > 0 { y += h + gap } }
            return Rect(x: left, y: y, width: width, height: h)
        }
        description = take(descriptionHeight)
        if content.detail != nil {
            detailLabel = Rect(x: left, y: y, width: width, height: detailLabelHeight)
            y += detailLabelHeight + m.labelGap * s
            if pictureBlock > 0 {
                detail = Rect(x: left, y: y, width: width, height: detailSize.height.rounded(.up))
                y += detail.height + m.labelGap * s
                picture = take(pictureSize.height.rounded(.up))
            } else {
                detail = take(detailSize.height.rounded(.up))
                picture = .zero
            }
        } else {
            (detailLabel, detail, picture) = (.zero, .zero, .zero)
        }
        var labelRects: [Rect] = [], fieldRects: [Rect] = []
        var qualityRect: Rect?
        for (i, size) in fieldSizes.enumerated() {
            labelRects.append(Rect(x: left, y: y, width: width, height: labelHeights[i]))
            y += labelHeights[i] + (labelHeights[i] > 0 ? m.labelGap * s : 0)
            // Entries sit at the start of the line, under their label; PIN boxes with their
            // first box's edge on the text column, not the gap before it.
            let inset = i < fieldInsets.count ? fieldInsets[i].x : 0
            fieldRects.append(Rect(x: left - inset, y: y.rounded(), width: size.width, height: size.height))
            y += size.height + gap
            // The strength bar sits under the entry it rates (the first), above the repeat.
            if i == 0, content.qualityLabel != nil {
                qualityRect = Rect(x: left, y: y, width: width, height: qualityHeight)
                y += qualityHeight + gap
            }
        }
        quality = qualityRect
        labels = labelRects
        fields = fieldRects
        if content.keyboard != nil {
            keyboard = Rect(x: left, y: y, width: width, height: keyboardHeight)
            if content.keyboard?.layout != nil {
                keyboardLayoutName = Rect(x: (left + width - layoutWidth).rounded(), y: y, width: layoutWidth, height: lineHeight)
            }
            y += keyboardHeight + gap
        } else {
            keyboard = nil
        }
        if notesHeight > 0 {
            notes = Rect(x: left, y: y, width: width, height: notesHeight)
            y += notesHeight + gap
        } else {
            notes = nil
        }
        if suggests {
            suggestion = Rect(x: left, y: y, width: width, height: suggestionHeight)
            suggestionNote = suggestionNoteHeight > 0
                ? Rect(x: left, y: y + suggestionHeight, width: width, height: suggestionNoteHeight) : nil
            y += suggestionHeight + suggestionNoteHeight + gap
        } else {
            suggestion = nil
            suggestionNote = nil
        }
        if content.waitCue {
            let side = m.cueSize * s
            cue = Rect(x: (left + (width - side) / 2).rounded(), y: y, width: side, height: side)
            y += side + gap
        } else {
            cue = nil
        }
        if errorHeight > 0 {
            y -= gap / 2
            error = Rect(x: left, y: y, width: width, height: errorHeight)
            y += errorHeight + gap * 1.5
        } else {
            error = Rect(x: left, y: y, width: width, height: 0)
            y += gap / 2
        }
        buttons = Self.placeButtons(content.buttons, widths: buttonWidths, left: left, width: width, top: y,
                                    checkboxRow: hasCheckbox ? checkboxRow : nil, metrics: m, scale: s)
        if direction == .rightToLeft { mirror(left: left, width: width) }
    }

    /// A button's width: its label and padding, at least the minimum; a checkbox's, its box and
    /// label.
    /// The width of the text column for `content` before its entries: the metrics' width, or
    /// wider for a description whose lines stand whole up to `descriptionWidest`
    /// (`DescriptionWidth`), and for what is never wrapped or broken, a row of buttons, a
    /// fingerprint and its picture. Entries are made this wide (`DialogSpec`), so they line up
    /// with the rest.
    public static func columnWidth(_ content: PageContent, measure: TextMeasure, metrics m: Metrics = Metrics(),
                                   scale s: Double) -> Double {
        columnWidth(content, description: descriptionWidth(content, measure: measure, metrics: m, scale: s),
                    measure: measure, metrics: m, scale: s)
    }

    /// The description's one measure: the page's (`PageContent.descriptionWidth`) when it is of
    /// this text at this size, else made now.
    public static func descriptionWidth(_ content: PageContent, measure: TextMeasure, metrics m: Metrics = Metrics(),
                                        scale s: Double) -> DescriptionWidth {
        let style = TextStyle(size: m.textSize * s, face: m.face)
        if let known = content.descriptionWidth, known.measures(content.description, style: style) { return known }
        return DescriptionWidth(content.description, style: style, measure: measure)
    }

    private static func columnWidth(_ content: PageContent, description: DescriptionWidth, measure: TextMeasure,
                                    metrics m: Metrics, scale s: Double) -> Double {
        let buttonWidths = content.buttons.map { width(of: $0, measure: measure, metrics: m, scale: s) }
        let rowWidths = zip(content.buttons, buttonWidths).filter { $0.0.role != .savePassword }.map { $0.1 }
        let buttonsWidth = max(rowWidths.reduce(0, +) + Double(max(0, rowWidths.count - 1)) * m.buttonGap * s,
                               zip(content.buttons, buttonWidths).filter { $0.0.role == .savePassword }.map { $0.1 }.max() ?? 0)
        // A fingerprint is never broken: the dialog is as wide as it needs.
        let detail = content.detail.map { measure($0.text, TextStyle(size: m.textSize * s, face: m.face), nil).width } ?? 0
        let picture = content.detail?.picture.map { measure($0, pictureStyle(m, scale: s), nil).width } ?? 0
        let text = description.column(usual: m.width * s, widest: m.descriptionWidest * s)
        return max(text, buttonsWidth, detail.rounded(.up), picture.rounded(.up)).rounded(.up)
    }

    private static func width(of button: PageButton, measure: TextMeasure, metrics m: Metrics,
                              scale s: Double) -> Double {
        let text = min([button.text, button.alternateText].compactMap { $0 }
            .map { measure($0, TextStyle(size: m.textSize * s, face: m.face), nil).width }.max() ?? 0, m.buttonLabelMaximum * s)
        if button.role == .savePassword { return (checkboxSide(s) + m.labelGap * s + text).rounded(.up) }
        return max(m.buttonMinimumWidth * s, (text + 2 * m.buttonPadding * s).rounded(.up))
    }

    /// The buttons at the dialog's foot, from `top`: a checkbox on a row of its own above the
    /// others (`checkboxRow` high, with the gap under it); Suggest and Show/Hide from the left
    /// edge, in their order; the answers right to left, the last one (OK) at the right edge.
    private static func placeButtons(_ buttons: [PageButton], widths: [Double], left: Double, width: Double,
                                     top: Double, checkboxRow: Double?, metrics m: Metrics, scale s: Double) -> [Rect] {
        var rects = [Rect](repeating: .zero, count: widths.count)
        var y = top
        if let checkboxRow {
            for (i, b) in buttons.enumerated() where b.role == .savePassword {
                rects[i] = Rect(x: left, y: y, width: widths[i], height: checkboxRow - m.gap * s)
            }
            y += checkboxRow
        }
        let height = (m.buttonHeight * s).rounded()
        let atStart: [PageButton.Role] = [.reveal, .suggest]
        var start = left
        for i in widths.indices where atStart.contains(buttons[i].role) {
            rects[i] = Rect(x: start, y: y, width: widths[i], height: height)
            start += widths[i] + m.buttonGap * s
        }
        var x = left + width
        for i in widths.indices.reversed() where buttons[i].role != .savePassword && !atStart.contains(buttons[i].role) {
            x -= widths[i]
            rects[i] = Rect(x: x, y: y, width: widths[i], height: height)
            x -= m.buttonGap * s
        }
        return rects
    }

    /// How the detail's picture is set: at the description's size, in a fixed-width font.
    public func pictureStyle(color: Color) -> TextStyle {
        Self.pictureStyle(metrics, scale: scale, color: color)
    }

    private static func pictureStyle(_ m: Metrics, scale: Double, color: Color = .black) -> TextStyle {
        TextStyle(size: m.textSize * scale, monospace: true, color: color)
    }

    /// The side of a checkbox's box, in device pixels.
    public static func checkboxSide(_ scale: Double) -> Double { (16 * scale).rounded() }

    /// The focus ring's outer bounds around entry `index`: around what it draws (PIN boxes,
    /// not the gap their field keeps around them), as around a text entry's frame.
    public func ring(aroundField index: Int) -> Rect {
        let inset = index < fieldInsets.count ? fieldInsets[index] : Point(x: 0, y: 0)
        return ring(around: fields[index].insetBy(dx: inset.x, dy: inset.y))
    }

    /// The focus ring's outer bounds around a rectangle.
    public func ring(around rect: Rect) -> Rect {
        let pad = ((metrics.ringOffset + metrics.ringWidth) * scale).rounded(.up)
        return rect.insetBy(dx: -pad, dy: -pad).integral
    }
}
