// SPDX-License-Identifier: MIT
// GETPIN, CONFIRM and MESSAGE: a dialog through the front end, and its result as pinentry words it.
import PinBoxCore

extension PinentryServer {

    /// What the next GETPIN shows.
    public func pinRequest() -> PinRequest {
        let prompt = texts.prompt ?? options.defaultPrompt ?? "PIN:"
        // Only a prompt the caller sent asks for a card's secret (scdaemon's `SETPROMPT PIN`):
        // the default that stands in when none came is a label, and a script that sends no
        // SETPROMPT gets a passphrase entry with a passphrase's length, as from other pinentries.
        let entry = texts.prompt.map { EntryKind.classify(prompt: $0, keyInfo: texts.keyInfo) } ?? .passphrase
        return PinRequest(
            title: texts.title, description: texts.description, prompt: prompt, error: texts.error,
            okLabel: texts.ok ?? options.defaultOK ?? "_OK",
            cancelLabel: texts.cancel ?? options.defaultCancel ?? "_Cancel",
            repeatPrompt: texts.repeatPrompt.map {
                RepeatPrompt(prompt: $0, mismatchError: texts.repeatError ?? PinentryWords.mismatch,
                             matchText: texts.repeatOK)
            },
            qualityBar: texts.qualityBar.map { QualityBar(label: $0, tooltip: texts.qualityBarTooltip) },
            generatePinLabel: texts.generatePinLabel, generatePinTooltip: texts.generatePinTooltip,
            timeout: max(texts.timeout, 0), keyInfo: texts.keyInfo, entry: entry, limit: .of(entry),
            grab: options.grab, options: options)
    }

    /// What the next CONFIRM or MESSAGE shows. `oneButton`: a `CONFIRM --one-button`, the
    /// agent's message, which is its pinpad notice when it names no button.
    public func confirmRequest(isMessage: Bool, oneButton: Bool = false) -> ConfirmRequest {
        let shape = AgentRequest(command: !isMessage ? .confirm : oneButton ? .oneButton : .message,
                                 okLabelSent: texts.ok != nil, cancelLabelSent: texts.cancel != nil,
                                 notOKLabelSent: texts.notOK != nil)
        var request = ConfirmRequest(
            title: texts.title, description: texts.description, error: texts.error,
            okLabel: texts.ok ?? options.defaultOK ?? "_OK",
            cancelLabel: texts.cancel ?? options.defaultCancel ?? "_Cancel",
            notOKLabel: texts.notOK, isMessage: isMessage, timeout: max(texts.timeout, 0), grab: options.grab,
            options: options, kind: PromptKind(agent: shape))
        request.destructive = shape.affirmativeIsDestructive
        return request
    }

    func getPin() {
        // A passphrase the password manager holds answers with no dialog at all.
        if let saved = passphraseFromStore() { return answerFromStore(saved) }
        var request = pinRequest()
        request.savePasswordLabel = savePasswordOffer()
        request.savePasswordTicked = savePasswordChosen
        let outcome = frontEnd.getPin(request, agent: inquiries(for: request))
        // One dialog only, as in pinentry.
        texts.error = nil
        texts.repeatPrompt = nil
        texts.qualityBar = nil
        if unavailable() { return }
        switch outcome {
        case .pin(let secret, let repeated, let save):
            if !secret.isEmpty {
                if repeated && request.repeatPrompt != nil { writeLine("S PIN_REPEATED") }
                let lines = secret.withBytes { DataLines.encode($0) }
                lines.withBytes { write(UnsafeRawBufferPointer($0)) }
                lines.wipe()
                // After the agent has it, as pinentry does; a ticked box replaces what was saved.
                if request.savePasswordLabel != nil { savePasswordChosen = save }
                if save, request.savePasswordLabel != nil, let key = passwordStoreKey, let store = passwordStore {
                    _ = secret.withBytes { store.save(key, $0) }
                }
            }
            secret.wipe()
            ok()
        case .cancelled: reply(.cancelled)
        case .closed:
            writeLine("S BUTTON_INFO close")
            reply(.cancelled)
        case .timedOut: timedOut()
        }
    }

    func confirm() {
        let request = confirmRequest(isMessage: false)
        texts.qualityBar = nil
        let outcome = frontEnd.confirm(request)
        texts.error = nil
        if unavailable() { return }
        switch outcome {
        case .ok: ok()
        case .notOK: reply(.notConfirmed)
        case .cancelled: reply(.cancelled)
        case .closed:
            writeLine("S BUTTON_INFO close")
            reply(.cancelled)
        case .timedOut: timedOut()
        }
    }

    func message(oneButton: Bool = false) {
        let request = confirmRequest(isMessage: true, oneButton: oneButton)
        texts.qualityBar = nil
        let outcome = frontEnd.message(request)
        texts.error = nil
        if unavailable() { return }
        switch outcome {
        case .dismissed: ok()
        case .closed:
            writeLine("S BUTTON_INFO close")
            ok()
        case .timedOut: timedOut()
        }
    }

    /// No dialog could be shown at all: the system's reason, as a status line naming where, then
    /// the error, as pinentry-curses answers (`S ERROR curses.open_tty_for_read …`).
    func unavailable() -> Bool {
        guard let (number, text) = frontEnd.unavailable else { return false }
        let error = AssuanError.system(number, text)
        writeLine("S ERROR \(identity.statusName).open_tty \(error.code) ")
        reply(error)
        return true
    }

    /// pinentry reports a timeout as a status line naming the program, then the error.
    func timedOut() {
        writeLine("S ERROR \(identity.statusName).? \(AssuanError.timeout.code) ")
        reply(.timeout)
    }
}
