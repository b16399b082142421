// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore
import PinBoxRender
import PinBoxX11

/// Runs a core `Page` in the window: hands it the window's inputs, carries out its effects
/// (events on stdout, the secret to its reader, selections, screenshots, the exit status) and
/// draws its scene, only where something changed. It decides nothing: the rules are the page's.
final class PageController: WindowController {
    let page: Page
    /// Where a submitted secret goes: nowhere (the demo), stdout (askpass), the Assuan client.
    enum Delivery {
        case none
        case standardOutput
        /// Kept in the page until the caller has written it (pinentry reads it after the window).
        case keep
        /// Handed to this, which says why it could not go (the system agent's socket).
        case handOver((SecretBuffer) -> ExitStatus?)
    }

    private let delivery: Delivery
    private let reporter: EventReporter
    private let screenshots: ScreenshotDirectory?
    /// The last scene drawn, for damage-limited redraws.
    private var drawn: PageScene?
    private(set) var exitStatus: Int32?
    /// `--trace-frames`: every presented frame is reported as a `frame` event.
    private let traceFrames: Bool
    /// The GIF recording (F8, `--record`, `kill -USR2`).
    private let recording: PageRecording
    /// A workbench key changed what is drawn over the page: draw it all again.
    private var redrawAll = false
    /// Whether the last frame drawn had workbench overlays on it.
    private var drawnOverlay = false
    /// Called after field `index` changed: pinentry rates a new passphrase here.
    var onChange: ((Page, Int) -> Void)?
    /// Asked for a passphrase to suggest (pinentry: INQUIRE GENPIN), in locked memory.
    var onSuggest: (() -> SecretBuffer?)?
    /// Asked whether field `index`'s secret may go (pinentry: INQUIRE CHECKPIN): the refusal, or nil.
    var onCheck: ((Page, Int) -> String?)?
    /// Called once field `index`'s secret went out on stdout, before it is wiped (the askpass
    /// saves it in the password manager here when the user ticked the box).
    var onDelivered: ((Page, Int) -> Void)?

    /// How screenshots are taken: drawn larger, of the focused field alone, on a clear background.
    struct ScreenshotLook {
        var scale = 1.0
        var fieldOnly = false
        var transparent = false
        var isPlain: Bool { scale == 1 && !fieldOnly && !transparent }
    }

    var screenshotLook = ScreenshotLook()

    init(page: Page, delivery: Delivery, events: Bool, screenshots: ScreenshotDirectory?, traceFrames: Bool = false,
         record: (fd: Int32, path: String)? = nil) {
        self.page = page
        // The core finds where the caret goes in a run of text as this window draws it.
        page.runMeasure = EntryRunMeasure.measure
        self.delivery = delivery
        reporter = EventReporter(enabled: events)
        self.screenshots = screenshots
        self.traceFrames = traceFrames
        recording = PageRecording(page: page, screenshots: screenshots, reporter: reporter, file: record)
    }

    func admits(_ press: PressFacts) -> Bool { page.admits(press) }

    var isComposing: Bool { page.composing != nil }

    var inputMethodEntry: Int? { page.inputMethodEntry }

    var inputMethodSpot: Point? { page.inputMethodSpot }

    var primarySelection: EntrySelection? { page.primarySelection }

    func text(of selection: EntrySelection) -> SecretBuffer {
        page.text(of: selection.field, characters: selection.characters)
    }

    /// The page's own size, which the window follows as it changes (a dialog's line shown, the
    /// demo's field given a taller look by F7).
    var wantedSize: Size? { page.preferredSize }

    var wantsPointerMotion: Bool { page.wantsPointerMotion }

    var pointerAreas: [PointerArea] { page.pointerAreas }

    func windowShown(id: String) {
        page.shown(at: Clock.now())
        // The window's own size (a --geometry, a window manager's), else the page's.
        let size = page.windowSize.width > 0 ? page.windowSize : page.geometry.content
        reporter.emit("ready", ["window": .string(id), "width": .int(Int(size.width)), "height": .int(Int(size.height)),
                                "field": .string(page.focusName),
                                "hz": .int(Int((1 / page.frameInterval).rounded()))])
    }

    func displayRefreshes(at rate: Double) {
        page.setRefreshRate(rate)
    }

    func handle(_ event: InputEvent, now: Double) -> WindowRequest? {
        let waited = waitsForKeyboard
        defer { if waited { sayIfEndedWaiting() } }
        let effects = page.handle(event, now: now)
        if event == .keyboardUnavailable || event == .keyboardHeldByPinBox {
            // Said on stderr too, for callers that log it (sudo, ssh in a script): a prompt waits
            // for the keyboard, the demo and the payment sheet end at once (exit 3).
            let holder = event == .keyboardHeldByPinBox ? "another PinBox window" : "another program"
            if page.outcome == .keyboardUnavailable {
                Output.error("cannot grab the keyboard: \(holder) holds it; nothing was asked")
            } else if page.keyboardRefusedAt != nil {
                Output.error("cannot grab the keyboard: \(holder) holds it, so nothing is asked until it lets go")
            }
        }
        // A page that needs more room (an answer from the caller: gpg-agent's refusal of a
        // passphrase; the keyboard's line) says so through `wantedSize`, which the window follows.
        return perform(effects, now: now)
    }

    func advance(to now: Double) {
        let waited = waitsForKeyboard
        _ = perform(page.advance(to: now), now: now)
        if waited { sayIfEndedWaiting() }
    }

    /// The prompt is open and has said it waits for the keyboard another program holds.
    private var waitsForKeyboard: Bool { page.outcome == nil && page.keyboardRefusedAt != nil }

    /// A prompt that said it waits for the keyboard and ended still waiting (given up, closed)
    /// says so too: a caller's log otherwise ends on the promise of a prompt.
    private func sayIfEndedWaiting() {
        if page.outcome == .keyboardUnavailable {
            Output.error("the keyboard was never let go; nothing was asked")
        }
    }

    func nextDeadline(after now: Double) -> Double? { page.nextDeadline(after: now) }

    func accessibleTree() -> AccessibleTree? { AccessibleTree(page: page, words: Self.accessibleWords) }

    /// The words the accessibility tree adds itself, in the user's language (the page's own
    /// come translated already).
    private static let accessibleWords: AccessibleWords = {
        var words = AccessibleWords()
        // TRANSLATORS: a PIN box's progress, read by a screen reader: {n} is how many characters are typed, {m} how many the box takes; keep both.
        words.entered = localized("{n} of {m} entered")
        // TRANSLATORS: the payment sheet's × button, as a screen reader names it.
        words.close = localized("Close")
        // TRANSLATORS: the delete key of the payment sheet's number pad, as a screen reader names it.
        words.delete = localized("Delete")
        // TRANSLATORS: a screen reader's name for the pulsing cue while a security key waits for a touch.
        words.waiting = localized("Waiting for your security key or card reader")
        // TRANSLATORS: said by a screen reader as a prompt opens and when the keyboard's layout changes; {name} is the layout's name ("Russian"), keep it.
        words.layout = localized("Keyboard layout: {name}")
        return words
    }()

    /// Carries out the page's effects in order; returns what only the window can do.
    private func perform(_ effects: [PageEffect], now: Double) -> WindowRequest? {
        var request: WindowRequest?
        for effect in effects {
            switch effect {
            case .report(let event): report(event)
            case .fetchPaste(let source): request = .fetchPaste(source)
            case .offerCopy(let copied): request = .offerCopy(copied.bytes)
            case .deliver(let i): request = deliver(i, now: now) ?? request
            case .workbench(let wish):
                switch wish {
                case .redraw, .cycleTheme: redrawAll = true
                case .startRecording: recording.want()
                case .stopRecording: recording.stop(at: now)
                }
            case .say(let answer): say(answer)
            // A refusal asks nothing else of the window: a paste to fetch or a copy to offer is
            // never refused at the same time.
            case .bell: request = request ?? .bell
            case .lockLayout(let group): request = .lockLayout(group)
            case .suggest:
                request = perform(page.suggested(onSuggest?(), now: now), now: now) ?? request
            case .check(let i):
                request = perform(page.checked(refusal: onCheck?(page, i), now: now), now: now) ?? request
            case .finish(let outcome):
                if exitStatus == nil { exitStatus = outcome.exitStatus(for: page.rules.purpose).rawValue }
            }
        }
        return request
    }

    private func deliver(_ index: Int, now: Double) -> WindowRequest? {
        switch delivery {
        case .keep:
            return nil
        case .none:
            break
        case .standardOutput, .handOver:
            let secret = page.fields[index].field.secret
            let failure = if case .handOver(let send) = delivery {
                send(secret)
            } else {
                Output.handOver(secret, written: { onDelivered?(page, index) })
            }
            switch failure {
            case .cancelled?:
                exitStatus = ExitStatus.cancelled.rawValue
                _ = page.fields[index].field.clear()
                return nil
            case let failed?:
                exitStatus = failed.rawValue
            case nil:
                break
            }
        }
        return perform(page.handedOver(field: index, now: now), now: now)
    }

    /// An answer in words (`yes`, `no`): printed where the secret would go, never a secret.
    private func say(_ answer: String) {
        guard case .standardOutput = delivery else { return }
        do throws(Output.Failure) {
            try Output.line(answer, to: 1)
        } catch {
            Output.error("cannot write the answer on standard output (\(error.reason))")
            exitStatus = ExitStatus.undelivered.rawValue
        }
    }

    private func report(_ event: PageEvent) {
        switch event {
        case .change(let field, let length):
            reporter.emit("change", ["field": .string(field), "length": .int(length)])
            if let onChange, let i = page.fields.firstIndex(where: { $0.name == field }) { onChange(page, i) }
        case .complete(let field, let index, let reveal):
            if reveal {
                handOver(reporter.emit("complete", field: field, pin: page.fields[index].field.secret))
            } else {
                reporter.emit("complete", ["field": .string(field)])
            }
        case .submit(let field, let index, let length, let reveal):
            if reveal {
                handOver(reporter.emit("submit", field: field, pin: page.fields[index].field.secret))
            } else {
                reporter.emit("submit", ["field": .string(field), "length": .int(length)])
            }
        case .rejected(let field, let reason):
            reporter.emit("rejected", ["field": .string(field), "reason": .string(reason.rawValue)])
        case .focus(let name):
            reporter.emit("focus", ["field": .string(name)])
        case .layout(let width, let height):
            reporter.emit("layout", ["width": .int(width), "height": .int(height)])
        case .cancel(let field, let cause):
            reporter.emit("cancel", ["field": .string(field), "by": .string(cause.rawValue)])
        case .button(.forgot):
            reporter.emit("forgot")
        case .button(let role):
            reporter.emit("button", ["button": .string(role.rawValue)])
        case .grew(let field, let cells):
            reporter.emit("grew", ["field": .string(field), "cells": .int(cells)])
        case .theme(let field, let name):
            reporter.emit("theme", ["field": .string(field), "theme": .string(name)])
        }
    }

    /// With `--reveal` an event that carries the PIN is its hand-over: one that could not be
    /// written is never a success (the caller would take the run's 0 for a PIN it never got),
    /// so the run ends at once, failed, as the askpass's does; over any status the page gave.
    /// Said once (`complete` and `submit` may both carry it).
    private func handOver(_ failure: Output.Failure?) {
        guard let failure, exitStatus != ExitStatus.undelivered.rawValue else { return }
        Output.error("cannot hand the PIN over on standard output (\(failure.reason))")
        exitStatus = ExitStatus.undelivered.rawValue
    }

    // MARK: drawing

    func draw(on canvas: Canvas, now: Double, everything: Bool) -> [Rect] {
        let scene = page.scene(at: now)
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        let everything = everything || redrawAll || recording.isWanted
        redrawAll = false
        var dirty: [Rect] = []
        if page.workbenchOverlay != nil || drawnOverlay {
            // The overlays cover the fields: a frame with them is drawn whole.
            if everything || drawn != scene || drawnOverlay != (page.workbenchOverlay != nil) { dirty = [whole] }
        } else if everything || !Self.sameFrame(drawn, scene) {
            dirty = [whole]
        } else if let old = drawn {
            let origins = scene.geometry.fields
            for (i, new) in scene.fields.enumerated() {
                dirty += changedArea(old: old.fields[i], new: new, at: origins[i])
            }
            if old.focusRing != scene.focusRing {
                for i in [old.focusRing, scene.focusRing].compactMap({ $0 }) { dirty.append(scene.geometry.ring(around: i)) }
            }
            // Many small rectangles cost more round trips than one that covers them.
            if dirty.count > 8 { dirty = [dirty.reduce(Rect.zero) { $0.union($1) }] }
        }
        drawn = scene
        guard !dirty.isEmpty else { return [] }
        // Timed before it is drawn, so the readout shows this very frame.
        let report = page.framePresented(at: now)
        for rect in dirty {
            PagePainter.draw(scene, on: canvas, clip: rect == whole ? nil : rect)
        }
        let overlay = page.workbenchOverlay
        if let overlay, case .workbench(let layout) = scene.geometry {
            WorkbenchOverlayPainter.draw(overlay, over: scene, scale: layout.scale, on: canvas)
        }
        drawnOverlay = overlay != nil
        if traceFrames, let report { trace(report) }
        recording.add(canvas, at: now)
        return dirty
    }

    private func trace(_ frame: FrameReport) {
        if let interval = frame.interval {
            reporter.emit("frame", ["t": .number(frame.time), "interval": .number(interval), "dropped": .int(frame.dropped)])
        } else {
            reporter.emit("frame", ["t": .number(frame.time), "dropped": .int(frame.dropped)])
        }
    }

    var keepsEveryFrame: Bool { recording.isWanted || traceFrames }

    /// Ends a recording still running (the window's end): the last frame lasts until `now`.
    func stopRecording(at now: Double) { recording.stop(at: now) }

    /// Whether everything but the fields' cells and the focus ring is as drawn before: then
    /// only those need drawing again. The rest of the scene is compared whole, so a part added
    /// to it later (the quality bar was once missed) can never be left undrawn.
    private static func sameFrame(_ old: PageScene?, _ new: PageScene) -> Bool {
        guard let old, old.fields.count == new.fields.count else { return false }
        var rest = new
        rest.fields = old.fields
        // The focus ring is redrawn on its own only among fields; buttons show it themselves.
        if new.geometry.buttons.isEmpty { rest.focusRing = old.focusRing }
        return rest == old
    }

    /// The page area where `new` differs from `old` (`FieldScene.changedAreas`), in whole pixels.
    private func changedArea(old: FieldScene, new: FieldScene, at origin: Rect) -> [Rect] {
        new.changedAreas(since: old).map { $0.offsetBy(dx: origin.x, dy: origin.y).integral }
    }

    // MARK: screenshots

    func saveScreenshot(of canvas: Canvas) {
        // A prompt or a payment sheet is never saved (Print, SIGUSR1): the page says so.
        guard let screenshots, page.allowsCapture else { return }
        do throws(RenderError) {
            let picture = screenshotLook.isPlain ? canvas : try redrawn(canvas, look: screenshotLook)
            reporter.emit("screenshot", ["path": .string(try screenshots.save(picture))])
        } catch {
            Output.error(error.message)
        }
    }

    /// The window's picture drawn again from the page's scene, as vectors: larger, of the
    /// focused field alone, or with a clear background. What is drawn is the scene as the
    /// window shows it now.
    private func redrawn(_ window: Canvas, look: ScreenshotLook) throws(RenderError) -> Canvas {
        guard var scene = drawn else { return window }
        var area = Rect(x: 0, y: 0, width: Double(window.width), height: Double(window.height))
        if look.fieldOnly, page.focus < scene.fields.count {
            let origin = scene.geometry.fields[page.focus]
            area = scene.fields[page.focus].layout.bounds.offsetBy(dx: origin.x, dy: origin.y)
        }
        if look.transparent {
            // The page behind the fields goes, and so does the field's own ground (what a field
            // alone shows around its cells); a strip's cells keep their backgrounds, as in render.
            scene.palette.background = scene.palette.background.withAlpha(0)
            for i in scene.fields.indices {
                scene.fields[i].theme.background = scene.fields[i].theme.background.withAlpha(0)
            }
        }
        let picture = try Canvas(width: Int((area.width * look.scale).rounded()),
                                 height: Int((area.height * look.scale).rounded()), transparent: look.transparent)
        picture.transformed(scale: look.scale, dx: -area.x, dy: -area.y) {
            PagePainter.draw(scene, on: picture, clip: area)
        }
        return picture
    }
}
