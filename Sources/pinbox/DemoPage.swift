import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// The demo window's brain: the fields, which one has the focus, what each key does to it,
/// the events it reports, and which pixels changed since the last frame.
final class DemoPage: WindowController {
    /// Frames come at the display's rate while something animates.
    private let frameInterval: Double

    private var fields: [DemoField]
    private var focus = 0
    private var windowFocused = false
    private var windowSize = Size.zero
    private var page: PageLayout
    /// The field whose focus ring is on screen; the first draw is always a full one.
    private var drawnRing: Int?
    private var pasteTarget: Int?
    private let options: WindowCommand
    private let reporter: EventReporter
    private let title: String
    private let hint: String
    private var screenshots = 0
    /// When the user last pressed a key or clicked: the `--timeout` counts from here.
    private var lastActivity: Double?
    private(set) var exitStatus: Int32?

    /// `refreshRate` is the display's, in hertz (60 when it cannot be read).
    init(fields: [DemoField], options: WindowCommand, refreshRate: Double = 60) {
        self.fields = fields
        frameInterval = 1 / refreshRate
        self.options = options
        reporter = EventReporter(enabled: !options.quiet)
        // One field asks for what it holds: a password behind dots, a code in plain digits.
        title = fields.count > 1 ? localized("PinBox · payment password boxes")
            : fields[0].configuration.theme.secure ? localized("Enter your payment password") : localized("Enter the code")
        hint = (fields.count > 1 ? localized("Tab next field · ") : "") + localized("Esc clear · Return submit · Print screenshot")
        page = Self.layOut(fields, in: .zero, scale: options.field.scale)
    }

    private static func layOut(_ fields: [DemoField], in window: Size, scale: Double) -> PageLayout {
        PageLayout(window: window, fieldSizes: fields.map { $0.layout.bounds.size }, scale: scale,
                   labelled: fields.count > 1)
    }

    /// The window's natural size in device pixels.
    var preferredSize: Size { page.content }

    /// The smallest useful window: room for the widest and the tallest field.
    var minimumSize: Size {
        let widest = fields.map { $0.layout.bounds.width }.max() ?? 1
        let tallest = fields.map { $0.layout.bounds.height }.max() ?? 1
        return Size(width: widest, height: tallest)
    }

    var acceptsSyntheticInput: Bool {
        // Forged key events are refused while any field shows dots: a secret must come from the keyboard.
        !fields.contains { $0.configuration.theme.secure }
    }

    func windowShown(id: String) {
        reporter.emit("ready", ["window": .string(id), "width": .int(Int(windowSize.width)),
                                "height": .int(Int(windowSize.height)), "field": .string(fields[focus].name),
                                "hz": .int(Int((1 / frameInterval).rounded()))])
    }

    // MARK: events

    func handle(_ event: InputEvent, now: Double) -> WindowRequest? {
        if lastActivity == nil || event.isUserInput { lastActivity = now }
        switch event {
        case .digit(let byte):
            apply(fields[focus].field.type(byte), to: focus, now: now)
        case .otherKey:
            apply([.rejected(.notADigit)], to: focus, now: now)
        case .deleteBackward:
            apply(fields[focus].field.deleteBackward(), to: focus, now: now)
        case .clearField:
            apply(fields[focus].field.clear(), to: focus, now: now)
        case .escape:
            if fields[focus].field.isEmpty {
                cancel(by: "escape", status: 1)
            } else {
                apply(fields[focus].field.clear(), to: focus, now: now)
            }
        case .submit:
            if fields[focus].field.isFull { submit(focus, now: now) } else {
                apply([.rejected(.incomplete)], to: focus, now: now)
            }
        case .focusNext:
            setFocus((focus + 1) % fields.count)
        case .focusPrevious:
            setFocus((focus + fields.count - 1) % fields.count)
        case .click(let point):
            if let i = field(at: point) { setFocus(i) }
        case .pasteRequest(let source, let point):
            if let point {
                guard let i = field(at: point) else { return nil }
                setFocus(i)
            }
            guard fields[focus].field.pastePolicy == .digits else {
                apply([.rejected(.pasteDenied)], to: focus, now: now)
                return nil
            }
            pasteTarget = focus
            return .fetchPaste(source)
        case .copy:
            let field = fields[focus]
            guard !field.configuration.theme.secure else {
                apply([.rejected(.copyDenied)], to: focus, now: now)
                return nil
            }
            return .offerCopy(field.field.secret.withBytes { Array($0) })
        case .pasted(let result):
            guard let target = pasteTarget else { return nil }
            pasteTarget = nil
            switch result {
            case .bytes(let bytes):
                apply(fields[target].field.paste(bytes), to: target, now: now)
                // The paste may have been a PIN: zero the one buffer behind it. Writing through
                // the pointer reaches the shared storage; a `var` copy would only zero a copy.
                bytes.withUnsafeBufferPointer { p in
                    if let base = p.baseAddress { UnsafeMutablePointer(mutating: base).update(repeating: 0, count: p.count) }
                }
            case .tooBig: apply([.rejected(.pasteTooLong)], to: target, now: now)
            case .unavailable: apply([.rejected(.pasteUnavailable)], to: target, now: now)
            }
        case .windowFocus(let focused):
            windowFocused = focused
            if !focused && options.clearOnBlur { clearAll(now: now) }
        case .hidden:
            windowFocused = false
            if options.clearOnBlur { clearAll(now: now) }
        case .resize(let size):
            windowSize = size
            page = Self.layOut(fields, in: size, scale: options.field.scale)
            reporter.emit("layout", ["width": .int(Int(size.width)), "height": .int(Int(size.height))])
        case .screenshot:
            break  // the loop saves it once the frame is drawn
        case .close:
            cancel(by: "close", status: 0)
        case .terminate:
            cancel(by: "signal", status: 1)
        }
        return nil
    }

    /// Ends the prompt without a PIN. Closing the window is a normal end of the demo (0);
    /// Escape, a signal or the timeout are a cancelled entry (1).
    private func cancel(by cause: String, status: Int32) {
        reporter.emit("cancel", ["field": .string(fields[focus].name), "by": .string(cause)])
        exitStatus = status
    }

    func advance(to now: Double) {
        guard let timeout = options.timeout, let last = lastActivity, exitStatus == nil,
              now >= last + timeout else { return }
        cancel(by: "timeout", status: 1)
    }

    private func clearAll(now: Double) {
        for i in fields.indices { apply(fields[i].field.clear(), to: i, now: now) }
    }

    /// Wipes every field's digits: called on every way out, including a lost X server.
    func wipe() {
        for f in fields { f.field.secret.wipe() }
    }

    /// Whether every field's digits are locked in memory (mlock).
    var secretsLocked: Bool { fields.allSatisfy { $0.field.secret.isLocked } }

    private func apply(_ events: [FieldEvent], to index: Int, now: Double) {
        let name = EventReporter.Value.string(fields[index].name)
        for event in events {
            switch event {
            case .changed(let length):
                // Start one frame in the past, so the frame drawn right now already shows the
                // first step of the fade, as the seed's first display-link tick does.
                fields[index].animator.setLength(length, at: now - frameInterval)
                reporter.emit("change", ["field": name, "length": .int(length)])
            case .completed:
                if options.reveal {
                    let pin = fields[index].field.secret.withBytes { String(decoding: $0, as: UTF8.self) }
                    reporter.emit("complete", ["field": name, "pin": .string(pin)])
                } else {
                    reporter.emit("complete", ["field": name])
                }
                if options.exitOnComplete { submit(index, now: now) }
            case .rejected(let reason):
                fields[index].animator.cue(at: now)
                reporter.emit("rejected", ["field": name, "reason": .string(reason.rawValue)])
            }
        }
    }

    /// Hands the digits over (seed 001's completion block) and wipes them; the field is empty after.
    private func submit(_ index: Int, now: Double) {
        let name = EventReporter.Value.string(fields[index].name)
        fields[index].field.handOff { digits in
            // The one place digits leave the program, and only because the user asked.
            if options.askpass { Output.secretLine(digits, to: 1) }
            if options.reveal {
                reporter.emit("submit", ["field": name, "pin": .string(String(decoding: digits, as: UTF8.self))])
            } else {
                reporter.emit("submit", ["field": name, "length": .int(digits.count)])
            }
        }
        if options.exitOnComplete {
            exitStatus = 0
        } else {
            apply([.changed(length: 0)], to: index, now: now)
        }
    }

    private func setFocus(_ index: Int) {
        guard index != focus else { return }
        focus = index
        reporter.emit("focus", ["field": .string(fields[index].name)])
    }

    private func field(at point: Point) -> Int? {
        page.fields.firstIndex { $0.contains(point) }
    }

    // MARK: drawing

    func nextDeadline(after now: Double) -> Double? {
        var deadlines = fields.compactMap { $0.animator.nextDeadline(after: now, frameInterval: frameInterval) }
        if let timeout = options.timeout, let last = lastActivity { deadlines.append(last + timeout) }
        return deadlines.min()
    }

    func draw(on canvas: Canvas, now: Double, everything: Bool) -> [Rect] {
        let scenes = fields.indices.map { fields[$0].scene(focused: windowFocused && $0 == focus, at: now) }
        let ring: Int? = windowFocused && fields.count > 1 ? focus : nil
        let scene = PageScene(layout: page, title: title, labels: fields.map { $0.label }, hint: hint,
                              fields: scenes, focusRing: ring)
        var dirty: [Rect] = []
        if everything {
            dirty = [Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))]
        } else {
            for (i, new) in scenes.enumerated() {
                dirty += changedArea(old: fields[i].drawn, new: new, at: page.fields[i])
            }
            if drawnRing != ring {
                for i in [drawnRing, ring].compactMap({ $0 }) { dirty.append(page.ring(around: i)) }
            }
            // Many small rectangles cost more round trips than one that covers them.
            if dirty.count > 8 { dirty = [dirty.reduce(Rect.zero) { $0.union($1) }] }
        }
        for rect in dirty {
            PagePainter.draw(scene, on: canvas, clip: everything ? nil : rect)
        }
        for i in fields.indices { fields[i].drawn = scenes[i] }
        drawnRing = ring
        return dirty
    }

    /// The page area where `new` differs from `old`: the cells that changed, or the whole
    /// field when its look as a whole did (layout, theme, the error tint).
    private func changedArea(old: FieldScene?, new: FieldScene, at origin: Rect) -> [Rect] {
        guard let old, old.layout == new.layout, old.cue == new.cue, old.theme == new.theme else {
            return [origin]
        }
        return new.cells.indices.compactMap { j in
            old.cells[j] == new.cells[j] ? nil : new.layout.cells[j].offsetBy(dx: origin.x, dy: origin.y)
        }
    }

    // MARK: screenshots

    func saveScreenshot(of canvas: Canvas) {
        screenshots += 1
        let directory = options.screenshotDirectory ?? currentDirectory()
        let path = "\(directory)/pinbox-\(timestamp())-\(getpid())-\(screenshots).png"
        do {
            try canvas.writePNG(to: path)
            reporter.emit("screenshot", ["path": .string(path)])
        } catch {
            Output.error(error.message)
        }
    }

    private func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    private func timestamp() -> String {
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        var buffer = [CChar](repeating: 0, count: 32)
        strftime(&buffer, buffer.count, "%Y%m%d-%H%M%S", &parts)
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
