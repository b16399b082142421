// SPDX-License-Identifier: MIT
import CSystem
import PinBoxAssuan
import PinBoxCore

/// The pinentry's front end: each request gets the X window when a display can be opened, the
/// terminal otherwise (an ssh session, a text console, tmux with no DISPLAY), as pinentry-gtk-2
/// and pinentry-qt fall back to their curses dialog. Chosen per request: the agent may ask
/// again after the user has gone to another seat.
struct PinentryDialogs: PinentryFrontEnd {
    var window: XDialogs
    var terminal = TerminalDialogs()
    private(set) var unavailable: (number: Int32, text: String)?

    init(window: XDialogs) {
        self.window = window
    }

    /// The terminal's answer when the window could not be shown, else the window's.
    private mutating func either<Outcome>(_ options: PinentryOptions, cancelled: Outcome,
                                          window show: (inout XDialogs) -> Outcome,
                                          terminal ask: (inout TerminalDialogs) -> Outcome?) -> Outcome {
        var why: String?
        unavailable = nil
        if options.namesDisplay(environment: getenv("DISPLAY").map { String(cString: $0) }) {
            let outcome = show(&window)
            guard let unreachable = window.unreachable else { return outcome }
            why = unreachable
        }
        // A window was asked for and could not be shown: said before the terminal asks, so that
        // an answer there does not hide why (on the agent's stderr when it passes one on, or on
        // the terminal of a script that runs the pinentry itself).
        if let why { Output.error(why) }
        if let outcome = ask(&terminal) { return outcome }
        if why == nil { Output.error("no X display (DISPLAY is not set)") }
        if let failure = terminal.failure { Output.error(failure) }
        unavailable = terminal.error.map { ($0.number, $0.reason) }
        return cancelled
    }

    mutating func getPin(_ request: PinRequest, agent: AgentInquiries) -> PinOutcome {
        either(request.options, cancelled: .cancelled, window: { $0.getPin(request, agent: agent) },
               terminal: { $0.getPin(request, agent: agent) })
    }

    mutating func confirm(_ request: ConfirmRequest) -> ConfirmOutcome {
        either(request.options, cancelled: .cancelled, window: { $0.confirm(request) }, terminal: {
            switch $0.question(request) {
            case .ok?: .ok
            case .notOK?: .notOK
            case .cancelled?: .cancelled
            case .timedOut?: .timedOut
            case nil: nil
            }
        })
    }

    mutating func message(_ request: ConfirmRequest) -> MessageOutcome {
        either(request.options, cancelled: .dismissed, window: { $0.message(request) }, terminal: {
            switch $0.question(request) {
            case .timedOut?: .timedOut
            case nil: nil
            default: .dismissed
            }
        })
    }
}
