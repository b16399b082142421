// SPDX-License-Identifier: MIT
/// What a byte from the terminal means, in the raw mode the dialog puts it in (no echo, byte by
/// byte, no signals from keys): cursor and function keys arrive as escape sequences and are
/// passed over; a lone Escape is told from the start of a sequence by the time that follows it.
/// The editing keys are the terminal's own (`stty erase`, `kill`, `werase`, `eof`, `intr`), as
/// they are at the prompts of ssh, sudo and pinentry-tty, which leave the line editing to the
/// terminal driver; the usual ones work too.
public enum TerminalKey: Equatable, Sendable {
    /// A byte of text (0x20–0x7E, or 0x80 and up): part of what is typed.
    case text(UInt8)
    /// Return or Enter (CR or LF; the LF of a CR LF pair is one key with its CR).
    case enter
    /// BackSpace (DEL or Ctrl+H).
    case backspace
    /// Ctrl+U: empty the entry.
    case clearLine
    /// Ctrl+W, or Alt+BackSpace (readline's): take back the last word.
    case deleteWord
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

/// The terminal's editing characters (`stty -a`: erase, kill, werase, eof, intr), read from its
/// modes before the dialog takes them over; nil where the user turned one off. Only control
/// characters count: a printable one assigned there (`stty erase '#'`, as on old terminals)
/// stays a character of the passphrase.
public struct TerminalEditingKeys: Equatable, Sendable {
    public var erase: UInt8?
    public var kill: UInt8?
    public var wordErase: UInt8?
    public var endOfFile: UInt8?
    public var interrupt: UInt8?

    /// The terminal driver's defaults: DEL, Ctrl+U, Ctrl+W, Ctrl+D, Ctrl+C.
    public static let standard = TerminalEditingKeys(erase: 0x7F, kill: 0x15, wordErase: 0x17, endOfFile: 0x04,
                                                     interrupt: 0x03)

    public init(erase: UInt8?, kill: UInt8?, wordErase: UInt8?, endOfFile: UInt8?, interrupt: UInt8?) {
        func control(_ byte: UInt8?) -> UInt8? { byte.flatMap { $0 < 0x20 || $0 == 0x7F ? $0 : nil } }
        self.erase = control(erase)
        self.kill = control(kill)
        self.wordErase = control(wordErase)
        self.endOfFile = control(endOfFile)
        self.interrupt = control(interrupt)
    }

    /// The key `byte` is as one of these, if it is one.
    func key(for byte: UInt8) -> TerminalKey? {
        switch byte {
        case erase: return .backspace
        case kill: return .clearLine
        case wordErase: return .deleteWord
        case endOfFile: return .endOfInput
        case interrupt: return .interrupt
        default: return nil
        }
    }
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
    private let editing: TerminalEditingKeys

    public init(editing: TerminalEditingKeys = .standard) {
        self.editing = editing
    }

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
            if byte == 0x7F || byte == 0x08 { return .deleteWord }  // Alt+BackSpace
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
        default:
            break
        }
        if let key = editing.key(for: byte) { return key }
        switch byte {
        case 0x7F, 0x08: return .backspace
        case 0x15: return .clearLine
        case 0x17: return .deleteWord
        case 0x03: return .interrupt
        case 0x04: return .endOfInput
        case 0x00..<0x20: return .control(byte)
        default: return .text(byte)
        }
    }
}
