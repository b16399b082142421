import CSystem
import CText
import PinBoxCore

/// A text a window will measure and draw, at the size it will.
public struct PendingText: Equatable, Sendable {
    public var text: String
    public var style: TextStyle
    public var width: Double?

    public init(_ text: String, style: TextStyle, width: Double?) {
        self.text = text
        self.style = style
        self.width = width
    }
}

extension TextLayout {
    /// The texts `layOut` measures, recorded through a stand-in measure that sizes text roughly
    /// and opens no font: a page built the same way draws these texts at these sizes.
    public static func texts(measuredBy layOut: (@escaping TextMeasure) -> Void) -> [PendingText] {
        var texts: [PendingText] = []
        layOut { text, style, width in
            if !text.isEmpty && !texts.contains(PendingText(text, style: style, width: width)) {
                texts.append(PendingText(text, style: style, width: width))
            }
            let characters = Double(text.unicodeScalars.count) * style.size * 0.6
            let lines = width.map { max(1, (characters / max($0, 1)).rounded(.up)) } ?? 1
            return Size(width: min(characters, width ?? characters), height: lines * style.size * 1.2)
        }
        return texts
    }

    /// Starts, on threads, what first measuring and drawing the texts `layOut` measures costs
    /// (see `texts(measuredBy:)` and `prepare(_:)`), while the caller goes on to connect to X.
    public static func prepare(measuredBy layOut: (@escaping TextMeasure) -> Void) {
        prepare(texts(measuredBy: layOut))
    }

    /// Starts what first measuring and drawing `texts` costs, so that it overlaps what the caller
    /// does next (connecting to X); returns at once. Text for Pango starts Pango's start-up (see
    /// `prepare(_:style:width:)`), text in Chinese, Japanese or Korean fontconfig's (on a thread
    /// of its own): some 3 to 8 ms the window would otherwise wait for. Meanwhile the texts
    /// PinBox lays out itself are laid out and drawn once on another thread, off screen (font
    /// files opened, glyphs loaded and rasterised for Cairo's caches), DejaVu's first, the rest
    /// once fontconfig is ready.
    ///
    /// When every text is DejaVu's there is nothing slow to wait for, and that thread is left
    /// out: the window draws the text itself, about a millisecond after it starts. On two cores
    /// the thread took the core the X server needed to answer our connection, and the window
    /// showed later with it than without it: 4.8 against 4.4 ms for the askpass dialog, 5.85
    /// against 4.85 for the pinentry's (docs/performance-notes.md).
    public static func prepare(_ texts: [PendingText]) {
        let routes = texts.map { route($0.text) }
        if let other = zip(texts, routes).first(where: { $0.1 == .pango })?.0 {
            prepare(other.text, style: other.style, width: other.width)
        }
        if routes.contains(.withFallbackFonts) { pinbox_fallback_prepare() }
        let plain = drawnAhead(texts, routes: routes)
        guard !plain.isEmpty else { return }
        let batch = Unmanaged.passRetained(PlainBatch(plain)).toOpaque()
        let failed = pinbox_run_detached({ context in
            Unmanaged<PlainBatch>.fromOpaque(context!).takeRetainedValue().draw()
            return nil
        }, batch)
        if failed != 0 { Unmanaged<PlainBatch>.fromOpaque(batch).release() }
    }
}

extension TextLayout {
    /// The texts `prepare` draws on a thread, in order: none when all are DejaVu's (nothing slow
    /// to wait for), else DejaVu's, then those with fallback fonts.
    static func drawnAhead(_ texts: [PendingText], routes: [TextScript.Route]) -> [PendingText] {
        guard routes.contains(where: { $0 != .dejaVu }) else { return [] }
        return zip(texts, routes).filter { $0.1 == .dejaVu }.map { $0.0 }
            + zip(texts, routes).filter { $0.1 == .withFallbackFonts }.map { $0.0 }
    }
}

/// Texts PinBox lays out itself, drawn once where nobody sees them. Cairo and FreeType are safe
/// to share between threads (Cairo locks its fonts), and so is the fallback fonts' cache (it
/// has a lock of its own); nothing else here is shared.
private final class PlainBatch {
    let texts: [PendingText]

    init(_ texts: [PendingText]) {
        self.texts = texts
    }

    func draw() {
        for pending in texts {
            let text = TextSafety.displayable(pending.text)
            guard let layout = TextPlainLayout(text, style: pending.style, width: pending.width) else { continue }
            let size = layout.size
            guard let canvas = try? Canvas(width: Int(min(max(size.width, 1), 4096)),
                                           height: Int(min(max(size.height, 1), 4096))) else { continue }
            layout.draw(style: pending.style, width: pending.width, at: Point(x: 0, y: 0), on: canvas.cr)
        }
    }
}
