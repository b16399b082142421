// SPDX-License-Identifier: MIT
/// What the page asks of whoever runs it, in order. The page decides; the program that hosts it
/// (the window, a test) carries these out and never decides anything itself.
public enum PageEffect: Equatable, Sendable {
    /// Report an event (the demo prints it as a JSON line).
    case report(PageEvent)
    /// Fetch a selection and hand the result back as `.pasted`.
    case fetchPaste(PasteSource)
    /// Offer this text on the CLIPBOARD: what was selected in an entry that holds no secret, or
    /// a plain field of the workbench whole.
    case offerCopy(CopiedText)
    /// Hand field `index`'s secret to the caller now (stdout for askpass, a D line for
    /// pinentry), then call `Page.handedOver(field:now:)`, which wipes it.
    case deliver(field: Int)
    /// A workbench key asks the host for something beyond the page: draw the overlays again, or
    /// start or stop recording the window (the demo page only; see Page+Workbench.swift).
    case workbench(WorkbenchEffect)
    /// Print this answer on stdout (`yes` or `no` to ssh's host-key question): never a secret.
    case say(String)
    /// Ask the caller for a passphrase to suggest (gpg-agent's INQUIRE GENPIN), then hand it
    /// to `Page.suggested(_:now:)`.
    case suggest
    /// Ask the caller whether field `index`'s secret may be submitted (gpg-agent's INQUIRE
    /// CHECKPIN), then hand its verdict to `Page.checked(refusal:now:)`.
    case check(field: Int)
    /// Ring the desktop's error bell: a key or a paste was refused, as a GTK entry rings it. How
    /// it sounds or shows (the desktop's alert sound, a flash of the window for a user who
    /// cannot hear it, nothing) is the desktop's and the user's choice.
    case bell
    /// Make layout `group` of the keyboard's the active one (`.switchLayout`): the X server
    /// switches it for every program, as the desktop's own shortcut does, and reports it back.
    case lockLayout(Int)
    /// The page is done.
    case finish(PageOutcome)
}

/// How a page ended.
public enum PageOutcome: Equatable, Sendable {
    /// A secret was delivered (or the demo's window closed after one, with `endAfterSubmit`).
    case submitted
    /// The OK button of a confirmation or message.
    case confirmed
    /// The "not OK" button of a confirmation.
    case notConfirmed
    /// Escape, the Cancel button, or a signal.
    case cancelled(CancelCause)
    /// The window manager's close button: a refusal for a prompt, the normal end of the demo.
    case closed
    /// No key for the page's timeout.
    case timedOut
    /// A button answered in words (`PageRules.answers`), printed on stdout.
    case answered
    /// Another program holds the keyboard: the prompt said so and asked nothing.
    case keyboardUnavailable

    /// The exit status a program ends with after it (askpass and the demo; pinentry answers
    /// over Assuan instead).
    public func exitStatus(for purpose: PagePurpose) -> ExitStatus {
        switch self {
        case .submitted, .confirmed, .answered: .ok
        case .closed: purpose == .workbench ? .ok : .cancelled
        case .notConfirmed, .cancelled, .timedOut: .cancelled
        case .keyboardUnavailable: .display
        }
    }
}

/// Why a page was cancelled, as the `cancel` event names it.
public enum CancelCause: String, Equatable, Sendable {
    case escape, button, signal, close, timeout
}

/// The program's exit statuses, documented in the README and the man page.
public enum ExitStatus: Int32, Sendable {
    case ok = 0
    case cancelled = 1
    case usage = 2
    /// No X display, or the keyboard held by another program.
    case display = 3
    /// The secret could not be handed over (stdout closed or full): never a silent success.
    case undelivered = 4
}

/// What the page reports. No event carries a secret: `complete` and `submit` ask the host to
/// add it only when the user asked for it (`reveal`).
public enum PageEvent: Equatable, Sendable {
    case change(field: String, length: Int)
    case complete(field: String, index: Int, reveal: Bool)
    case submit(field: String, index: Int, length: Int, reveal: Bool)
    case rejected(field: String, reason: RejectReason)
    case focus(String)
    case layout(width: Int, height: Int)
    case cancel(field: String, by: CancelCause)
    case button(PageButton.Role)
    /// An entry grew or shrank its boxes (seed 004's layout notification).
    case grew(field: String, cells: Int)
    /// F7 gave a field another theme (the demo page only).
    case theme(field: String, name: String)
}
