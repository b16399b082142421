// SPDX-License-Identifier: MIT
import PinBoxCore

/// The dialogs behind the protocol: the X window or the terminal in the binary, a script in
/// the tests. Each call shows one dialog and returns when it is answered; nothing else is on
/// screen between calls. Used generically (`PinentryServer<FrontEnd, …>`): Embedded Swift has
/// no existentials.
public protocol PinentryFrontEnd {
    /// GETPIN. The dialog enforces `request.limit` (with a message, never a silent cut) and, for
    /// a `repeatPrompt`, asks again on a mismatch itself. While it runs it may ask the agent
    /// through `agent`: rate the typed passphrase (`request.qualityBar`), suggest one
    /// (`request.suggest`), check one against the constraints before it is submitted
    /// (`request.constraints.enforced`). `agent` must not be kept after returning.
    mutating func getPin(_ request: PinRequest, agent: AgentInquiries) -> PinOutcome
    /// CONFIRM with two or three buttons. Return means OK, Escape means Cancel.
    mutating func confirm(_ request: ConfirmRequest) -> ConfirmOutcome
    /// MESSAGE and `CONFIRM --one-button`: one OK button, or a wait cue (pinpad entry) that the
    /// agent ends with SIGINT.
    mutating func message(_ request: ConfirmRequest) -> MessageOutcome
    /// Why the last call could show no dialog at all (no display, and no terminal it could
    /// open): the system error and its words; nil when a dialog was shown.
    var unavailable: (number: Int32, text: String)? { get }
}

extension PinentryFrontEnd {
    public var unavailable: (number: Int32, text: String)? { nil }
}

/// What a GETPIN dialog may ask gpg-agent while it is open: each is an `INQUIRE` the agent
/// answers before the dialog goes on (it blocks until then).
public struct AgentInquiries {
    private let rating: ((UnsafeBufferPointer<UInt8>) -> Int?)?
    private let suggestion: (() -> SecretBuffer?)?
    private let checking: ((UnsafeBufferPointer<UInt8>) -> ConstraintCheck)?

    init(rate: ((UnsafeBufferPointer<UInt8>) -> Int?)?, suggest: (() -> SecretBuffer?)?,
         check: ((UnsafeBufferPointer<UInt8>) -> ConstraintCheck)?) {
        rating = rate
        suggestion = suggest
        checking = check
    }

    /// Inquiries that never reach an agent (for tests of front ends, previews).
    public static var none: AgentInquiries { AgentInquiries(rate: nil, suggest: nil, check: nil) }

    /// Whether `rate` asks anything (the agent sent SETQUALITYBAR).
    public var ratesQuality: Bool { rating != nil }

    /// `INQUIRE QUALITY`: the agent's rating of `passphrase`, -100…100 (negative: it will refuse
    /// it), or nil when there is none (no quality bar, no number, the agent has gone). Only the
    /// first 300 bytes are sent, escaped in a wiped buffer.
    public func rate(_ passphrase: UnsafeBufferPointer<UInt8>) -> Int? { rating?(passphrase) }

    /// `INQUIRE GENPIN`: a passphrase the agent made up, read straight into locked memory; nil
    /// when the agent sent SETGENPIN for no dialog, gave none, or has gone. The caller wipes it.
    public func suggest() -> SecretBuffer? { suggestion?() }

    /// `INQUIRE CHECKPIN`: whether the agent takes `passphrase` under its constraints. `.passed`
    /// when no check was asked for (no `OPTION constraints-enforce`) or the agent has gone: the
    /// agent checks again once it has the passphrase.
    public func check(_ passphrase: UnsafeBufferPointer<UInt8>) -> ConstraintCheck {
        checking?(passphrase) ?? .passed
    }
}

/// The agent's verdict on a passphrase under `enforce-passphrase-constraints`.
public enum ConstraintCheck: Equatable, Sendable {
    case passed
    /// Refused, with the agent's reason ("A passphrase should be at least 8 characters long.").
    case refused(String)
}
