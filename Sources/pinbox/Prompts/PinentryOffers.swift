// SPDX-License-Identifier: MIT
import PinBoxAssuan
import PinBoxCore

// What gpg-agent offers on a passphrase dialog, from the request to the window and back: the
// password manager's checkbox, Suggest (INQUIRE GENPIN), the constraint hints and INQUIRE
// CHECKPIN before OK goes through. The rules are the core's (Page+Agent.swift).

extension DialogSpec {
    /// The agent's offers that apply to `request`'s dialog.
    mutating func offer(_ request: PinRequest) {
        let options = request.options
        savePasswordLabel = request.savePasswordLabel
        savePasswordTicked = request.savePasswordTicked
        // A suggestion is a passphrase: never offered in a card's PIN boxes.
        if request.entry == .passphrase, let label = request.generatePinLabel { suggestLabel = label }
        groupsSuggestion = options.formattedPassphrase
        suggestionNote = options.formattedPassphrase ? options.formattedPassphraseHint ?? "" : ""
        checksBeforeSubmit = options.constraintsEnforce
        notes = request.constraintHints
    }
}

extension PageController {
    /// Lets the window ask the agent what its offers need, while it is open.
    func ask(_ agent: AgentInquiries, for request: PinRequest) {
        onSuggest = { agent.suggest() }
        onCheck = { page, index in
            switch page.fields[index].field.secret.withBytes({ agent.check($0) }) {
            case .passed: return nil
            case .refused(let reason): return request.refusal(reason)
            }
        }
    }
}
