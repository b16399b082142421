/// The dialogs behind the protocol: the X window in the binary, a script in the tests. Each
/// call shows one dialog and returns when it is answered; nothing else is on screen between
/// calls. Used generically (`PinentryServer<FrontEnd, …>`): Embedded Swift has no existentials.
public protocol PinentryFrontEnd {
    /// GETPIN. The dialog enforces `request.limit` (with a message, never a silent cut) and, for
    /// a `repeatPrompt`, asks again on a mismatch itself. While it runs it may rate the typed
    /// passphrase with `quality` (only if `request.qualityBar` is set); `quality` must not be
    /// kept after returning.
    mutating func getPin(_ request: PinRequest, quality: QualityCheck) -> PinOutcome
    /// CONFIRM with two or three buttons. Return means OK, Escape means Cancel.
    mutating func confirm(_ request: ConfirmRequest) -> ConfirmOutcome
    /// MESSAGE and `CONFIRM --one-button`: one OK button, or a wait cue (pinpad entry) that the
    /// agent ends with SIGINT.
    mutating func message(_ request: ConfirmRequest) -> MessageOutcome
}

/// Asks gpg-agent how good a passphrase is (`INQUIRE QUALITY`), while GETPIN runs.
public struct QualityCheck {
    /// False when the agent asked for no quality bar: then `rate` does no I/O and returns nil.
    public let isEnabled: Bool
    private let ask: (UnsafeBufferPointer<UInt8>) -> Int?

    init(isEnabled: Bool, ask: @escaping (UnsafeBufferPointer<UInt8>) -> Int?) {
        self.isEnabled = isEnabled
        self.ask = ask
    }

    /// A check that never asks (for tests of front ends, or a GETPIN without a quality bar).
    public static var disabled: QualityCheck { QualityCheck(isEnabled: false) { _ in nil } }

    /// The agent's rating of `passphrase`, -100…100 (negative: it will refuse it), or nil when
    /// there is none (no quality bar, the agent sent no number, or it has gone). Blocks until
    /// the agent answers. Only the first 300 bytes are sent, escaped in a wiped buffer.
    public func rate(_ passphrase: UnsafeBufferPointer<UInt8>) -> Int? {
        isEnabled ? ask(passphrase) : nil
    }
}
