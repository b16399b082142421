// SPDX-License-Identifier: MIT
import PinBoxCore

/// GETPIN on a terminal, as a state machine: what is written, in what order, and what each key
/// does. Nothing typed is echoed — not even a star. The order is pinentry-tty's: the title, the
/// agent's error, the description, then the prompt; a SETREPEAT asks a second time and starts
/// again on a mismatch; under `constraints-enforce` the agent checks the passphrase before it
/// is given (`Ask.check`). Enter submits; Escape, Ctrl+C, and Ctrl+D on an empty entry cancel;
/// BackSpace takes back a character, Ctrl+W a word (the terminal driver's word erase, which
/// ssh's and pinentry-tty's hidden prompts give: nothing shown tells where a word ends either
/// way) and Ctrl+U the whole entry; anything else (Tab, a control key, a character the agent
/// could not take) rings the bell and stores nothing.
///
/// Pure: bytes and time go in, bytes to write and what to ask the agent come out. The terminal
/// adapter (`Sources/pinbox/Terminal`) does the reading, writing and asking.
public final class TerminalPinDialog {
    /// What the host must ask the agent before going on.
    public enum Ask: Equatable, Sendable {
        /// `INQUIRE QUALITY` about `entry`, then `rated(_:)`.
        case rate
        /// `INQUIRE CHECKPIN` about `entry`, then `checked(_:now:)`.
        case check
    }

    /// What one input did.
    public struct Step {
        public var output: [UInt8] = []
        public var ask: Ask?
        /// Set once: the dialog is over.
        public var outcome: PinOutcome?

        public init() {}
    }

    private enum Phase { case first, again, checking, done }

    public let request: PinRequest
    public let look: TerminalLook
    private let rates: Bool
    private let checks: Bool
    private var phase = Phase.first
    private var first: TerminalEntry
    private var second: TerminalEntry
    private var clock: TerminalClock
    private var toldLimit = false

    /// `rates`: the agent asked for a quality figure (SETQUALITYBAR); `checks`: it enforces
    /// its constraints (OPTION constraints-enforce).
    public init(_ request: PinRequest, look: TerminalLook, rates: Bool, checks: Bool, now: Double) {
        self.request = request
        self.look = look
        self.rates = rates && request.qualityBar != nil
        self.checks = checks
        first = TerminalEntry(limit: request.limit.maxBytes, charset: look.charset)
        second = TerminalEntry(limit: request.limit.maxBytes, charset: look.charset)
        clock = TerminalClock(timeout: request.timeout, now: now, editing: look.editing)
    }

    /// The entry being typed: what `Ask.rate` and `Ask.check` are about.
    public var entry: SecretBuffer { phase == .again ? second.secret : first.secret }

    /// The opening: title, error, description, first prompt.
    public func start() -> [UInt8] {
        let heading = look.heading(title: request.title, error: request.error, description: request.description)
        return heading + prompt(request.prompt)
    }

    /// When the host must call `advance(to:)`: a lone Escape's wait, or the agent's timeout.
    public var deadline: Double? {
        phase == .done ? nil : clock.deadline
    }

    public func advance(to now: Double) -> Step {
        var step = Step()
        if let key = clock.advance(to: now) { handle(key, now: now, into: &step) }
        if phase != .done, clock.timedOut(at: now) { finish(.timedOut, into: &step) }
        return step
    }

    /// One byte from the terminal.
    public func feed(_ byte: UInt8, now: Double) -> Step {
        var step = Step()
        guard phase == .first || phase == .again else { return step }
        for key in clock.feed(byte, now: now) where step.outcome == nil { handle(key, now: now, into: &step) }
        return step
    }

    /// The terminal closed (read gave end of file or an error): a cancel.
    public func hungUp() -> Step {
        var step = Step()
        finish(.cancelled, into: &step)
        return step
    }

    /// The prompt being answered, written again over the line the cursor is on: after a
    /// job-control stop and `fg`, the shell's lines stand below the old one. What was typed is
    /// kept (and still not shown).
    public func redraw() -> [UInt8] {
        guard phase == .first || phase == .again else { return [] }
        return [0x0D] + look.sequence("[K") + prompt(phase == .again ? request.repeatPrompt?.prompt ?? "" : request.prompt)
    }

    /// The agent's rating of `entry`, shown after the prompt where the cursor does not go.
    public func rated(_ value: Int?) -> [UInt8] {
        guard look.styled, let value, let bar = request.qualityBar else { return [] }
        let figure = (bar.label.isEmpty ? "Quality:" : bar.label) + " " + String(value) + " %"
        return look.sequence("[K") + look.sequence("7") + Array("   [".utf8)
            + (value < 0 ? look.sequence("[31m") : []) + look.text(figure) + look.sequence("[0m") + Array("]".utf8)
            + look.sequence("8")
    }

    /// The agent's verdict under `constraints-enforce`: a pass gives the passphrase over, a
    /// refusal is shown under the agent's title and the passphrase is asked for again.
    public func checked(_ verdict: ConstraintCheck, now: Double) -> Step {
        var step = Step()
        guard phase == .checking else { return step }
        clock.touch(now)
        switch verdict {
        case .passed:
            finish(.pin(first.secret, repeated: request.repeatPrompt != nil), into: &step)
        case .refused(let reason):
            step.output += look.error(request.refusal(reason))
            restart(into: &step)
        }
        return step
    }

    // MARK: keys

    private func handle(_ key: TerminalKey, now: Double, into step: inout Step) {
        switch key {
        case .text(let byte):
            switch phase == .again ? second.take(byte) : first.take(byte) {
            case .taken:
                clock.typed()
                if rates && phase == .first { step.ask = .rate }
            case .passedOver: break
            case .invalid: step.output += TerminalLook.bell
            case .full:
                step.output += TerminalLook.bell
                if !toldLimit {
                    // Said once, on its own line, so the prompt stays where the cursor is.
                    toldLimit = true
                    step.output += look.sequence("7") + TerminalLook.newline
                        + look.text(localized("(no more than %s bytes can be given to gpg-agent)", String(request.limit.maxBytes)))
                        + look.sequence("8")
                }
            }
        case .backspace, .deleteWord:
            let took = phase == .again ? second.deleteBackward(word: key == .deleteWord)
                : first.deleteBackward(word: key == .deleteWord)
            if !took { step.output += TerminalLook.bell } else {
                clock.typed()
                if rates && phase == .first { step.ask = .rate }
            }
        case .clearLine:
            if phase == .again { second.clear() } else { first.clear() }
            clock.typed()
            if rates && phase == .first { step.ask = .rate }
        case .enter:
            enter(into: &step)
        case .escape, .interrupt:
            finish(.cancelled, into: &step)
        case .endOfInput:
            if (phase == .again ? second : first).isEmpty { finish(.cancelled, into: &step) } else {
                step.output += TerminalLook.bell
            }
        case .ignored:
            break
        case .control:
            step.output += TerminalLook.bell
        }
    }

    private func enter(into step: inout Step) {
        step.output += TerminalLook.newline
        if phase == .first {
            first.dropPartial()
            if let again = request.repeatPrompt {
                phase = .again
                step.output += prompt(again.prompt)
                return
            }
        } else {
            second.dropPartial()
            let same = first.secret.withBytes { a in second.secret.withBytes { b in a.elementsEqual(b) } }
            second.clear()
            guard same else {
                step.output += look.error(PinentryWords.shown(request.repeatPrompt?.mismatchError ?? PinentryWords.mismatch))
                restart(into: &step)
                return
            }
        }
        if checks && !first.isEmpty {
            phase = .checking
            step.ask = .check
        } else {
            finish(.pin(first.secret, repeated: request.repeatPrompt != nil), into: &step)
        }
    }

    /// Both entries wiped, the first prompt again.
    private func restart(into step: inout Step) {
        first.clear()
        second.clear()
        phase = .first
        step.output += prompt(request.prompt)
    }

    private func finish(_ outcome: PinOutcome, into step: inout Step) {
        guard phase != .done else { return }
        if case .pin = outcome {} else {
            first.clear()
            // Leave the prompt's line: whatever the terminal shows next starts on its own.
            if phase != .checking { step.output += TerminalLook.newline }
        }
        second.clear()
        phase = .done
        step.ask = nil
        step.outcome = outcome
    }

    /// pinentry-tty's prompt: the agent's words, a colon added unless they end in `:` or `?`.
    private func prompt(_ text: String) -> [UInt8] {
        let words = text.isEmpty ? "PIN" : text
        let mark = words.hasSuffix(":") || words.hasSuffix("?") ? "" : ":"
        return look.text(words + mark + " ")
    }
}
