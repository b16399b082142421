// SPDX-License-Identifier: MIT
// How gpg-agent's offers read in a dialog, the same in the window and on the terminal.

extension PinRequest {
    /// The constraint hints under the entries, when the agent enforces its constraints:
    /// pinentry-qt shows the short one and keeps the long one for a tooltip; a dialog with no
    /// tooltips shows the long one too when it says more. Empty for none.
    public var constraintHints: String {
        guard options.constraintsEnforce else { return "" }
        let short = options.constraintsHintShort ?? "", long = options.constraintsHintLong ?? ""
        if long.isEmpty || long == short { return short }
        return short.isEmpty ? long : short + "\n" + long
    }

    /// The agent's refusal of a passphrase (INQUIRE CHECKPIN) as the error line shows it: under
    /// the agent's title for it, as pinentry-qt's message box has it ("Passphrase Not Allowed").
    public func refusal(_ reason: String) -> String {
        (options.constraintsErrorTitle ?? "Passphrase Not Allowed") + "\n" + reason
    }
}

extension PinentryOptions {
    /// Whether a display is named at all: by the agent or the command line, else by the
    /// environment's DISPLAY. With none the terminal is asked without trying a window.
    public func namesDisplay(environment display: String?) -> Bool {
        if let name = self.display, !name.isEmpty { return true }
        return !(display ?? "").isEmpty
    }
}
