// SPDX-License-Identifier: MIT
import PinBoxCore

/// CONFIRM and MESSAGE on a terminal, as pinentry-tty asks them: the title, the agent's error,
/// the description, each button on its own line with its key underlined, then `[oc]? ` (or
/// "Press any key to continue." for a message). A button's key answers it; Escape, Ctrl+C and
/// Ctrl+D cancel (a message takes any key as seen). Another key, Enter among them, says
/// "Invalid selection." and asks again, as pinentry-tty does: with no button in focus, Enter
/// would say yes to whatever the agent asks (`Allow`, `Delete key`) without a look at it.
public final class TerminalQuestion {
    /// How it ended.
    public enum Answer: Equatable, Sendable {
        case ok, notOK, cancelled, timedOut
    }

    public struct Step: Equatable, Sendable {
        public var output: [UInt8] = []
        public var answer: Answer?

        public init() {}
    }

    public let request: ConfirmRequest
    public let look: TerminalLook
    private let buttons: [(label: ButtonLabel, answer: Answer)]
    private var clock: TerminalClock
    private var done = false

    public init(_ request: ConfirmRequest, look: TerminalLook, now: Double) {
        self.request = request
        self.look = look
        var buttons: [(label: ButtonLabel, answer: Answer)] = []
        func add(_ label: String, _ answer: Answer, _ fallback: Unicode.Scalar) {
            buttons.append((ButtonLabel(PinentryWords.shown(label), avoiding: buttons.compactMap { $0.label.key }, fallback: fallback), answer))
        }
        add(request.okLabel, .ok, "o")
        if !request.isMessage {
            add(request.cancelLabel, .cancelled, "c")
            if let notOK = request.notOKLabel { add(notOK, .notOK, "n") }
        }
        self.buttons = buttons
        clock = TerminalClock(timeout: request.timeout, now: now, editing: look.editing)
    }

    public func start() -> [UInt8] {
        var out = look.heading(title: request.title, error: request.error,
                               description: request.description)
        for button in buttons { out += look.button(button.label) }
        return out + question
    }

    private var question: [UInt8] {
        if request.isMessage { return look.text(localized("Press any key to continue.")) }
        var keys = "["
        for button in buttons { if let key = button.label.key { keys.unicodeScalars.append(key) } }
        return Array((keys + "]? ").utf8)
    }

    /// The question written again over the line the cursor is on, after a job-control stop
    /// and `fg` (the buttons above it are still there, above the shell's lines).
    public func redraw() -> [UInt8] {
        done ? [] : [0x0D] + look.sequence("[K") + question
    }

    public var deadline: Double? {
        done ? nil : clock.deadline
    }

    public func advance(to now: Double) -> Step {
        var step = Step()
        if let key = clock.advance(to: now) { handle(key, into: &step) }
        if !done, clock.timedOut(at: now) { finish(.timedOut, into: &step) }
        return step
    }

    public func feed(_ byte: UInt8, now: Double) -> Step {
        var step = Step()
        guard !done else { return step }
        for key in clock.feed(byte, now: now) where step.answer == nil { handle(key, into: &step) }
        return step
    }

    /// The terminal closed: pinentry-tty's answer to end of file, a cancel.
    public func hungUp() -> Step {
        var step = Step()
        finish(.cancelled, into: &step)
        return step
    }

    private func handle(_ key: TerminalKey, into step: inout Step) {
        if request.isMessage {
            if key != .ignored { finish(.ok, into: &step) }
            return
        }
        switch key {
        case .escape, .interrupt, .endOfInput: finish(.cancelled, into: &step)
        case .ignored: break
        case .text(let byte) where byte & 0xC0 == 0x80:
            break  // the rest of a character already answered as invalid
        case .text(let byte):
            let typed = (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
            if let button = buttons.first(where: { $0.label.key?.value == UInt32(typed) }) {
                step.output += [typed]
                finish(button.answer, into: &step)
            } else {
                invalid(into: &step)
            }
        case .enter, .backspace, .clearLine, .deleteWord, .control:
            invalid(into: &step)
        }
    }

    private func invalid(into step: inout Step) {
        step.output += TerminalLook.newline + look.text(localized("Invalid selection.")) + TerminalLook.newline + question
    }

    private func finish(_ answer: Answer, into step: inout Step) {
        guard !done else { return }
        done = true
        step.output += TerminalLook.newline
        step.answer = answer
    }
}
