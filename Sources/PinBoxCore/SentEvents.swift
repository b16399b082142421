// SPDX-License-Identifier: MIT
/// Which of a window's X events count when another client sent them (XSendEvent, which marks
/// them `send_event`). Any client of the display may send any event to any window: a forged
/// FocusIn drew an unfocused prompt focused, a forged Caps Lock state showed a warning the
/// keyboard never gave, a forged DestroyNotify cancelled the prompt. Only two kinds are sent by
/// other clients by design (ICCCM): the window manager's messages (WM_DELETE_WINDOW) and a
/// selection owner's answer to a paste. Everything else the X server alone reports. Keys and
/// clicks have a rule of their own (`InputPolicy.admits`), and the window's size too
/// (`WindowFit.configuredSize`).
public enum SentEvents {
    /// What an event reports, as far as this rule goes.
    public enum Kind: CaseIterable, Sendable {
        /// The keyboard focus coming or going.
        case focus
        /// The pointer entering or leaving the window.
        case crossing
        /// The window mapped, unmapped or destroyed.
        case map, unmap, destroy
        /// The keyboard's state (Caps Lock, the layout group) or its keymap changing (XKB).
        case keyboard
        /// The pointer moving over the window.
        case pointerMotion
        /// A part of the window to paint again.
        case exposure
        /// Another client asking for the selection the window owns, or taking it.
        case selectionRequest, selectionLost
        /// The window manager's message (WM_DELETE_WINDOW: its close button).
        case windowManagerMessage
        /// The selection owner's answer to a paste.
        case selectionAnswer
    }

    /// Whether an event of `kind` is acted on; `sent`: another client sent it.
    public static func believes(_ kind: Kind, sent: Bool) -> Bool {
        guard sent else { return true }
        switch kind {
        case .windowManagerMessage, .selectionAnswer: return true
        case .focus, .crossing, .map, .unmap, .destroy, .keyboard, .pointerMotion, .exposure, .selectionRequest,
             .selectionLost:
            return false
        }
    }
}
