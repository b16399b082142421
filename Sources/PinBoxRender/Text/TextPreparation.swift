// SPDX-License-Identifier: MIT
import CSystem
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
            var lines = width.map { max(1, (characters / max($0, 1)).rounded(.up)) } ?? 1
            if let most = style.maxHeight { lines = min(lines, max(1, (most / (style.size * 1.2)).rounded(.down))) }
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
    /// does next (connecting to X); returns at once. Text for Pango starts Pango's start-up on a
    /// thread: dlopen, fontconfig's configuration, the fallback fonts, which the window would
    /// otherwise wait for. Meanwhile the texts DejaVu draws alone are laid out and drawn once on
    /// another thread, off screen (glyphs loaded and rasterised for Cairo's caches).
    ///
    /// When every text is DejaVu's there is nothing slow to wait for, and neither thread is
    /// started: the window draws the text itself, soon after it starts. On two cores a thread
    /// took the core the X server needed to answer our connection, and the window showed later
    /// with it than without it (docs/performance-notes.md).
    public static func prepare(_ texts: [PendingText]) {
        guard let first = texts.first(where: drawnByPango) else { return }
        PangoText.prepare(TextSafety.displayable(first.text), style: first.style, width: first.width)
        let plain = drawnAhead(texts)
        guard !plain.isEmpty else { return }
        let batch = Unmanaged.passRetained(PlainBatch(plain)).toOpaque()
        let failed = pinbox_run_detached({ context in
            Unmanaged<PlainBatch>.fromOpaque(context!).takeRetainedValue().draw()
            return nil
        }, batch)
        if failed != 0 { Unmanaged<PlainBatch>.fromOpaque(batch).release() }
    }

    /// The texts `prepare` draws on a thread while Pango starts: DejaVu's, when any text needs
    /// Pango; none when all are DejaVu's.
    static func drawnAhead(_ texts: [PendingText]) -> [PendingText] {
        guard texts.contains(where: drawnByPango) else { return [] }
        return texts.filter { !drawnByPango($0) }
    }

    /// Whether Pango lays `pending` out: text DejaVu cannot draw alone, and any in another face.
    private static func drawnByPango(_ pending: PendingText) -> Bool {
        (pending.style.face != nil && !pending.style.monospace) || needsPango(pending.text)
    }
}

/// Texts DejaVu draws alone, drawn once where nobody sees them. Cairo and FreeType are safe to
/// share between threads (Cairo locks its fonts); nothing else here is shared.
private final class PlainBatch {
    let texts: [PendingText]

    init(_ texts: [PendingText]) {
        self.texts = texts
    }

    func draw() {
        for pending in texts {
            let layout = DejaVuLayout(TextSafety.displayable(pending.text), style: pending.style, width: pending.width)
            let size = layout.size
            guard let canvas = try? Canvas(width: Int(min(max(size.width, 1), 4096)),
                                           height: Int(min(max(size.height, 1), 4096))) else { continue }
            layout.draw(style: pending.style, width: pending.width, at: Point(x: 0, y: 0), on: canvas)
        }
    }
}
