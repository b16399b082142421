// SPDX-License-Identifier: MIT
/// An askpass's question asked on the terminal, for when no window can be shown (a text console,
/// an ssh session, `sudo -A` with no display): asked as its caller would ask it there itself —
/// ssh's `readpassphrase` and sudo's `tgetpass` write the prompt as it is, leave the line's
/// editing to the terminal driver (the user's erase, word erase and kill; Ctrl+C a signal),
/// echo it only for what is not secret, and take it at Enter. The bytes typed are the answer
/// as they came, in the terminal's character set, as the caller's own prompt would take them.
public struct TerminalPrompt: Sendable {
    public enum Reading: Equatable, Sendable {
        /// A line, echoed or not.
        case line(echoed: Bool)
        /// Nothing: the notice stays until the caller ends it (ssh's touch notice).
        case nothing
    }

    /// What a line typed means.
    public enum Verdict: Equatable, Sendable {
        /// The line is the answer.
        case answer
        /// The question's yes, or its no.
        case yes, no
        /// Not an answer: `say` goes on its own line, then the prompt is asked again.
        case again(say: String)
    }

    public let kind: PromptKind
    public let prompt: String
    /// The most bytes an answer may take.
    public let limit: Int
    /// What the caller of `pinbox askpass` asked of the answer (`--digits`, `--length`), as
    /// its window would hold it to; a caller's own prompt takes any line.
    public let accepts: AcceptedCharacters
    public let length: Int?
    /// The program that asked, where its question does not say it (sudo's command,
    /// `AskpassCaller`): on a line of its own above the prompt, as the window shows it.
    public var askedBy: PageDetail?

    public init(kind: PromptKind, prompt: String, limit: Int, accepts: AcceptedCharacters = .text, length: Int? = nil) {
        self.kind = kind
        self.prompt = prompt
        self.limit = limit
        self.accepts = accepts
        self.length = length
    }

    public var reading: Reading {
        switch kind {
        case .deviceWait, .information: .nothing
        case .confirm: .line(echoed: true)
        default: .line(echoed: kind.showsTyping)
        }
    }

    /// The line written once before the prompt: who asked, when it is known; else nothing.
    public var heading: String {
        askedBy.map { TerminalSafeText.escaped($0.label + " " + $0.text) + "\n" } ?? ""
    }

    /// The prompt as written: each line's controls and reordering marks written out (a caller's
    /// text must not drive the terminal), its line breaks kept. A question gets the answers it
    /// takes; a prompt that ends in neither a space nor a line break gets a space, as the cursor
    /// sits after it; a notice ends its line.
    public var opening: String {
        var lines = prompt.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalSafeText.escaped(String($0)) }
        switch kind {
        case .confirm:
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + "(yes/no) "
        case .deviceWait, .information:
            if lines.last?.isEmpty == false { lines.append("") }
        default:
            if let last = lines.last, !last.isEmpty, !last.hasSuffix(" ") { lines[lines.count - 1] += " " }
        }
        return lines.joined(separator: "\n")
    }

    /// What `line` (without its line end) means.
    public func verdict(_ line: UnsafeBufferPointer<UInt8>) -> Verdict {
        if case .confirm = kind {
            switch String(decoding: line, as: UTF8.self).lowercased() {
            case "yes", "y": return .yes
            case "no", "n": return .no
            // TRANSLATORS: keep yes and no as they are: the answers the terminal takes, as ssh's own questions do.
            default: return .again(say: localized("Please type 'yes' or 'no'."))
            }
        }
        guard line.count <= limit else {
            return .again(say: localized("The answer is too long: no more than %s bytes can be given.", String(limit)))
        }
        if accepts == .digits && !accepts.eachStored(line, { _ in }) {
            return .again(say: FeedbackMessage.text(for: .notADigit, capacity: length ?? 0, accepts: accepts))
        }
        // Characters counted by their first bytes: UTF-8 continuation bytes are 10xxxxxx.
        if let length, line.count(where: { $0 & 0xC0 != 0x80 }) != length {
            return .again(say: FeedbackMessage.text(for: .incomplete, capacity: length, accepts: accepts))
        }
        return .answer
    }

    /// The answer to hand over for a `line` taken as one (`verdict` said `.answer`): the line
    /// itself, but that digits asked for are given in ASCII, as the window gives them, in a
    /// buffer of their own (the caller wipes both).
    public func answer(_ line: SecretBuffer) -> SecretBuffer {
        guard accepts == .digits, line.withBytes({ !$0.allSatisfy(PinField.isDigit) }) else { return line }
        let digits = SecretBuffer(capacity: max(1, line.count))
        _ = line.withBytes { accepts.eachStored($0) { digits.append($0) } }
        return digits
    }
}
