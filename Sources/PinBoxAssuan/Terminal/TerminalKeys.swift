// SPDX-License-Identifier: MIT
/// What a byte from the terminal means, in the raw mode the dialog puts it in (no echo, byte by
/// byte, no signals from keys): cursor and function keys arrive as escape sequences and are
/// passed over; a lone Escape is told from the start of a sequence by the time that follows it.
public enum TerminalKey: Equatable, Sendable {
    /// A byte of text (0x20–0x7E, or 0x80 and up): part of what is typed.
    case text(UInt8)
    /// Return or Enter (CR or LF; the LF of a CR LF pair is one key with its CR).
    case enter
    /// BackSpace (DEL or Ctrl+H).
    case backspace
    /// Ctrl+U: empty the entry.
    case clearLine
    /// Escape on its own.
    case escape
    /// Ctrl+C.
    case interrupt
    /// Ctrl+D: end of input on a terminal.
    case endOfInput
    /// A cursor or function key, Alt and a key: nothing to do.
    case ignored
    /// Another control key (Tab, Ctrl+Z…): refused.
    case control(UInt8)
}

/// Turns terminal bytes into keys. Pure: time comes in as `now`, and `deadline` says when a
/// lone Escape has waited long enough to be one.
public struct TerminalKeyReader: Sendable {
    /// How long the rest of an escape sequence may take to follow its Escape (what vim's
    /// `ttimeoutlen` and tmux's `escape-time` default to, or close).
    public static let escapeWait = 0.1

    private enum State: Equatable, Sendable {
        case ground
        case escape(since: Double)
        /// After `ESC [`: parameters and intermediates until a final byte.
        case controlSequence
        /// After `ESC O`: one more byte.
        case singleShift
    }

    private var state = State.ground
    private var lastWasCR = false

    public init() {}

    /// When a pending Escape becomes a key by itself, if one is pending.
    public var deadline: Double? {
        if case .escape(let since) = state { return since + Self.escapeWait }
        return nil
    }

    /// The key a lone Escape makes once its wait is over (call before feeding later bytes).
    public mutating func advance(to now: Double) -> TerminalKey? {
        guard let deadline, now >= deadline else { return nil }
        state = .ground
        return .escape
    }

    /// The keys `byte` completes: none (the middle of a sequence), one, or two when a lone
    /// Escape's wait had passed before it came.
    public mutating func feed(_ byte: UInt8, now: Double) -> [TerminalKey] {
        if let escape = advance(to: now) { return [escape] + feed(byte, now: now) }
        return key(for: byte, now: now).map { [$0] } ?? []
    }

    private mutating func key(for byte: UInt8, now: Double) -> TerminalKey? {
        defer { if byte != 0x0D { lastWasCR = false } }
        switch state {
        case .escape:
            state = byte == 0x5B ? .controlSequence : byte == 0x4F ? .singleShift : .ground
            return state == .ground ? .ignored : nil  // Alt and a key
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { state = .ground; return .ignored }
            if (0x20...0x3F).contains(byte) { return nil }
            state = .ground  // not a sequence after all: dropped with it
            return .ignored
        case .singleShift:
            state = .ground
            return .ignored
        case .ground:
            break
        }
        switch byte {
        case 0x1B:
            state = .escape(since: now)
            return nil
        case 0x0D:
            lastWasCR = true
            return .enter
        case 0x0A:
            return lastWasCR ? nil : .enter
        case 0x7F, 0x08: return .backspace
        case 0x15: return .clearLine
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x00..<0x20: return .control(byte)
        default: return .text(byte)
        }
    }
}
