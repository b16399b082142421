// SPDX-License-Identifier: MIT
import PinBoxCore

/// How a terminal dialog writes: the caller's texts in the terminal's character set, and our
/// own marks as escape sequences — or, on a `dumb` terminal, as plain text. The character set
/// and the terminal's editing keys are also how it reads.
public struct TerminalLook: Sendable {
    public var charset: TerminalCharset
    public var editing: TerminalEditingKeys
    /// Bold, red, underline, erase and cursor save/restore (ECMA-48 and DEC sequences every
    /// terminal emulator and the Linux console know). Off for `TERM=dumb`.
    public var styled: Bool
    /// Who asked, written under the description as the window shows it ("Asked by gpg --sign
    /// …": `OwnerName`); nil when the agent named no one.
    public var askedBy: PageDetail?

    public init(charset: TerminalCharset = .utf8, styled: Bool = true, editing: TerminalEditingKeys = .standard) {
        self.charset = charset
        self.styled = styled
        self.editing = editing
    }

    /// Styled unless the agent says the terminal is `dumb` (OPTION ttytype).
    public init(charset: TerminalCharset, ttyType: String?, editing: TerminalEditingKeys) {
        self.init(charset: charset, styled: ttyType != "dumb", editing: editing)
    }

    /// pinentry-curses's alert as a dialog opens (`--ttyalert`, `OPTION ttyalert`), for a
    /// terminal the user is not looking at (a tmux window, a tab): `beep` rings the bell;
    /// `flash` shows the screen in reverse video for a tenth of a second (DECSCNM, terminfo's
    /// `flash` for xterm and the Linux console), the bell where no sequence is written (`dumb`);
    /// `none` or anything else, nothing. The writes, with a tenth of a second between them.
    public func alert(_ mode: String?) -> [[UInt8]] {
        switch mode {
        case "beep": return [Self.bell]
        case "flash": return styled ? [sequence("[?5h"), sequence("[?5l")] : [Self.bell]
        default: return []
        }
    }

    static let newline: [UInt8] = [0x0D, 0x0A]
    static let bell: [UInt8] = [0x07]

    func text(_ string: String) -> [UInt8] { charset.encode(string) }

    func sequence(_ code: String) -> [UInt8] { styled ? [0x1B] + Array(code.utf8) : [] }

    func bold(_ string: String) -> [UInt8] { sequence("[1m") + text(string) + sequence("[0m") }

    /// pinentry-tty's error block: ` *** text ***`, the text in bold red; several lines each
    /// get their own ` *** `.
    func error(_ string: String) -> [UInt8] {
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [UInt8] = []
        for line in lines {
            out += Array(" *** ".utf8) + sequence("[1;31m") + text(String(line)) + sequence("[0m")
            if lines.count == 1 { out += Array(" ***".utf8) }
            out += Self.newline
        }
        return out
    }

    /// A dialog's opening, as pinentry-tty writes it: the title in bold, the error block, then
    /// the description on lines of its own; what the caller left empty is left out. Then who
    /// asked, on a line of its own, where pinentry-tty has it in the title.
    func heading(title: String?, error: String?, description: String?) -> [UInt8] {
        var out: [UInt8] = []
        if let title, !title.isEmpty { out += bold(title) + Self.newline }
        if let error, !error.isEmpty { out += self.error(error) }
        if let description, !description.isEmpty {
            out += text(description)
            if !description.hasSuffix("\n") { out += Self.newline }
        }
        if let askedBy { out += text(askedBy.label + " " + askedBy.text) + Self.newline }
        return out
    }

    /// A button's label with its mnemonic letter underlined; named after it when it cannot be
    /// underlined (a plain terminal, or a key that is not in the label, as for `Нет`), as
    /// pinentry-tty names its fallback keys.
    func button(_ label: ButtonLabel) -> [UInt8] {
        var out = Array("  ".utf8)
        let scalars = Array(label.text.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let marked = label.keyIndex == i
            if marked { out += sequence("[4m") }
            out += text(String(scalar))
            if marked { out += sequence("[0m") }
        }
        if let key = label.key, !styled || label.keyIndex == nil {
            var named = " ("
            named.unicodeScalars.append(key)
            out += Array((named + ")").utf8)
        }
        return out + Self.newline
    }
}

/// A button of a terminal question: its text without `_` marks and the key that answers it.
public struct ButtonLabel: Equatable, Sendable {
    public let text: String
    /// Lower-case ASCII letter or digit; nil when none could be given.
    public let key: Unicode.Scalar?
    /// Where the key's letter is in `text`, to underline it.
    public let keyIndex: Int?

    /// pinentry-tty's rule: the letter after `_` when it is an ASCII letter or digit, else the
    /// label's first one; a letter another button took already passes to the next free one.
    /// `fallback` ("o", "c", "n") answers when the label has no usable letter at all.
    public init(_ label: String, avoiding taken: [Unicode.Scalar], fallback: Unicode.Scalar) {
        var text: [Unicode.Scalar] = []
        var marked: Int?
        var underscore = false
        for scalar in label.unicodeScalars {
            if underscore {
                underscore = false
                if scalar != "_" && marked == nil { marked = text.count }
            } else if scalar == "_" {
                underscore = true
                continue
            }
            text.append(scalar)
        }
        func usable(_ s: Unicode.Scalar) -> Bool {
            let v = s.value
            return (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v)
        }
        func lower(_ s: Unicode.Scalar) -> Unicode.Scalar {
            (0x41...0x5A).contains(s.value) ? Unicode.Scalar(s.value + 0x20)! : s
        }
        var candidates: [Int] = []
        if let marked, usable(text[marked]) { candidates.append(marked) }
        candidates += text.indices.filter { usable(text[$0]) && $0 != marked }
        var chosen: Int?
        for i in candidates where !taken.contains(lower(text[i])) {
            chosen = i
            break
        }
        var string = ""
        string.unicodeScalars.append(contentsOf: text)
        self.text = string
        keyIndex = chosen
        key = chosen.map { lower(text[$0]) } ?? (taken.contains(fallback) ? nil : fallback)
    }
}
