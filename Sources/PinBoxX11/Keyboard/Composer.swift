// SPDX-License-Identifier: MIT
import CSystem
import CXKB
import PinBoxCore

/// The locale whose Compose table the keyboard reads, when the caller names one for its user:
/// a pinentry's `lc-ctype`, the locale of the terminal gpg was typed in, where the agent that
/// started the pinentry may run under another (a service's C.UTF-8). Read when the keyboard is
/// first got ready; nil: the environment's.
public enum ComposeLocale {
    nonisolated(unsafe) public static var callers: String?
}

/// Dead keys and Compose sequences, from the locale's compose table as libxkbcommon finds it:
/// `XCOMPOSEFILE`, then `~/.XCompose` (or `$XDG_CONFIG_HOME/XCompose`), then the system's
/// table for the locale. No input method server sees these keys (`InputMethod` serves only
/// the entries that hold no secret).
final class Composer {
    private let xkb: pinbox_xkb_library
    private let table: OpaquePointer
    private let state: OpaquePointer

    /// What one keysym did to the sequence.
    enum Step: Equatable {
        /// Not part of any sequence: the key types its own character.
        case none
        /// It began a sequence.
        case started
        /// It went on with one.
        case continued
        /// It ended one with a character (`withText`).
        case composed
        /// It fitted no sequence: the keys typed nothing.
        case cancelled
    }

    /// The table for the locale the caller or the environment names (LC_ALL, LC_CTYPE, LANG),
    /// else for C.UTF-8; nil when there is none. libxkbcommon reads only UTF-8 Compose files: a
    /// locale of another character set (de_DE.ISO-8859-1) would fill stderr with its parse
    /// errors, so it takes C.UTF-8's table straight away.
    init?(_ xkb: pinbox_xkb_library, context: OpaquePointer) {
        var table: OpaquePointer?
        let locale = Self.locale
        for locale in (Self.isUTF8(locale) ? [locale] : []) + ["C.UTF-8"] where table == nil {
            table = xkb.xkb_compose_table_new_from_locale(context, locale, XKB_COMPOSE_COMPILE_NO_FLAGS)
        }
        guard let table else { return nil }
        guard let state = xkb.xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb.xkb_compose_table_unref(table)
            return nil
        }
        self.xkb = xkb
        self.table = table
        self.state = state
    }

    deinit {
        xkb.xkb_compose_state_unref(state)
        xkb.xkb_compose_table_unref(table)
    }

    /// The locale the caller named (`ComposeLocale`), else the one the user's environment gives
    /// character handling, as i3lock reads it.
    private static var locale: String {
        if let named = ComposeLocale.callers, !named.isEmpty { return named }
        return LocaleCodeset.environmentCharacterLocale ?? "C"
    }

    /// Whether the user has a compose table of their own, which libxkbcommon reads before the
    /// locale's and which may begin a sequence with any key: `XCOMPOSEFILE`,
    /// `$XDG_CONFIG_HOME/XCompose` (`~/.config/XCompose`), `~/.XCompose`. Then the table is
    /// read when the keyboard is got ready, not at the first key that needs it.
    static var userHasTable: Bool {
        if let file = environment("XCOMPOSEFILE"), !file.isEmpty { return true }
        let home = environment("HOME") ?? ""
        let config = environment("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        for file in [config + "/XCompose", home + "/.XCompose"] where CSystem.access(file, F_OK) == 0 { return true }
        return false
    }

    /// Whether `locale`'s Compose file is UTF-8 (`LocaleCodeset`); C and POSIX read a UTF-8
    /// table too.
    static func isUTF8(_ locale: String) -> Bool {
        locale == "C" || locale == "POSIX" || LocaleCodeset(locale: locale)?.isUTF8 == true
    }

    /// A sequence is half-typed.
    var isComposing: Bool { xkb.xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSING }

    /// Feeds one keysym.
    func feed(_ keysym: UInt32) -> Step {
        let before = xkb.xkb_compose_state_get_status(state)
        guard xkb.xkb_compose_state_feed(state, keysym) == XKB_COMPOSE_FEED_ACCEPTED else {
            return before == XKB_COMPOSE_COMPOSING ? .continued : .none
        }
        switch xkb.xkb_compose_state_get_status(state) {
        case XKB_COMPOSE_COMPOSING: return before == XKB_COMPOSE_COMPOSING ? .continued : .started
        case XKB_COMPOSE_COMPOSED: return .composed
        case XKB_COMPOSE_CANCELLED: return .cancelled
        default: return .none
        }
    }

    /// Lends the text a sequence just composed, as UTF-8, then wipes the buffer it was written
    /// into and forgets the sequence. A text longer than any caller can take (a Compose file
    /// may hold whole phrases) is not lent at all, so the sequence types nothing rather than a
    /// cut text.
    func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.longestText + 1) { buffer in
            let base = buffer.baseAddress!
            let written = Int(xkb.xkb_compose_state_get_utf8(state, UnsafeMutableRawPointer(base)
                .assumingMemoryBound(to: CChar.self), buffer.count))
            if written > 0 && written < buffer.count { body(UnsafeBufferPointer(start: base, count: written)) }
            explicit_bzero(base, buffer.count)
        }
        xkb.xkb_compose_state_reset(state)
    }

    /// The most any caller reads (ssh and sudo: 1023 bytes with the newline).
    static let longestText = 1024

    /// Forgets a half-typed sequence: the focus left the entry, or the entry ended it.
    func reset() {
        xkb.xkb_compose_state_reset(state)
    }
}
