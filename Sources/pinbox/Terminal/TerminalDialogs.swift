// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxCore
import PinBoxX11

/// The pinentry's dialogs on a terminal, for when there is no display: the terminal the agent
/// names (`OPTION ttyname`, from GPG_TTY), else the controlling one. The rules are
/// PinBoxAssuan's `TerminalPinDialog` and `TerminalQuestion`; this only reads, writes, waits
/// and asks the agent what they ask for.
struct TerminalDialogs {
    /// Why no terminal could be had, said on stderr with the display's reason; the agent hears
    /// the system error (`error`).
    private(set) var failure: String?
    private(set) var error: Output.Failure?

    private mutating func open(_ options: PinentryOptions) -> (TerminalDevice, TerminalLook)? {
        // PinBox's own words (Cancel, "Invalid selection.") in the language the agent names
        // for its client, as in the window.
        Translations.follow(options.lcMessages ?? options.lcCtype)
        let named = options.ttyName.flatMap { $0.isEmpty ? nil : $0 }
        let path = named ?? "/dev/tty"
        do throws(Output.Failure) {
            let device = try TerminalDevice(path: path)
            (failure, error) = (nil, nil)
            var look = TerminalLook(charset: TerminalCharsets.charset(forLocale: options.lcCtype),
                                    ttyType: options.ttyType, editing: device.editing)
            look.askedBy = PinentryOwner.detail(options.owner)
            // The flash's tenth of a second waited in poll, as every wait: a request to stop
            // or the agent's end is not held up by it (the dialog then sees the agent gone).
            for (i, part) in look.alert(options.ttyAlert).enumerated() {
                if i > 0 { _ = device.wait(until: Clock.now() + 0.1, reading: false, now: Clock.now) { _ in } }
                device.write(part)
            }
            return (device, look)
        } catch {
            // The path is the agent's or the command line's (`-T`): escaped, as a display's
            // name is, so that it cannot drive the terminal stderr is shown on.
            failure = "no terminal to ask on either (\(TerminalSafeText.quoted(path)): \(error.reason))"
            // No terminal named and none controlling (a daemon's pinentry): the agent hears
            // ENOTTY, as from pinentry-curses and pinentry-gtk-2, whose "Inappropriate ioctl for
            // device" is the message users look up to find GPG_TTY; ENXIO would send them nowhere.
            self.error = named == nil && error.number == ENXIO ? Output.Failure(errno: ENOTTY) : error
            return nil
        }
    }

    mutating func getPin(_ request: PinRequest, agent: AgentInquiries) -> PinOutcome? {
        guard let (device, look) = open(request.options) else { return nil }
        let dialog = TerminalPinDialog(request, look: look, rates: agent.ratesQuality,
                                       checks: request.options.constraintsEnforce, now: Clock.now())
        device.write(dialog.start())
        while true {
            var step = TerminalPinDialog.Step()
            switch device.wait(until: dialog.deadline, now: Clock.now, { step = dialog.feed($0, now: Clock.now()) }) {
            case .byte: break
            case .deadline: step = dialog.advance(to: Clock.now())
            case .continued: step.output = dialog.redraw()
            case .hungUp, .agentGone: step = dialog.hungUp()
            }
            device.write(step.output)
            if step.ask == .rate {
                device.write(dialog.rated(dialog.entry.withBytes { agent.rate($0) }))
            } else if step.ask == .check {
                let after = dialog.checked(dialog.entry.withBytes { agent.check($0) }, now: Clock.now())
                device.write(after.output)
                step.outcome = after.outcome
            }
            if let outcome = step.outcome {
                leave(device, request.options)
                return outcome
            }
        }
    }

    mutating func question(_ request: ConfirmRequest) -> TerminalQuestion.Answer? {
        guard let (device, look) = open(request.options) else { return nil }
        let question = TerminalQuestion(request, look: look, now: Clock.now())
        device.write(question.start())
        while true {
            var step = TerminalQuestion.Step()
            switch device.wait(until: question.deadline, now: Clock.now, { step = question.feed($0, now: Clock.now()) }) {
            case .byte: break
            case .deadline: step = question.advance(to: Clock.now())
            case .continued: step.output = question.redraw()
            case .hungUp, .agentGone: step = question.hungUp()
            }
            device.write(step.output)
            if let answer = step.answer {
                leave(device, request.options)
                return answer
            }
        }
    }

    /// Puts the terminal back as it was, then touches the file the agent named (`OPTION
    /// touch-file`, its socket unless told otherwise), as pinentry-curses does once it has
    /// used the terminal: a program watching that file's time learns the screen needs redrawing.
    private func leave(_ device: TerminalDevice, _ options: PinentryOptions) {
        device.restore()
        if let file = options.touchFile, !file.isEmpty { pinbox_touch(file) }
    }
}
