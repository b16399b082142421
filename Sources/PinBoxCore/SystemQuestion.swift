// SPDX-License-Identifier: MIT
/// A question systemd's password agents answer: a program that needs a system password (the
/// passphrase of a disk being unlocked by systemd-cryptsetup, of a service's key, anything
/// `systemd-ask-password` asks) drops an `ask.XXXX` file into `/run/systemd/ask-password` and
/// waits on a datagram socket for `+` and the password, or `-` when the user declined. The file
/// is a small ini file; unknown keys are ignored, as the agents' specification asks, so that
/// systemd can add some (and `Id=`, `Icon=`, `AcceptCached=`, `Silent=`, which a dialog has no
/// use for: its heading and entry say what is asked, and it shows dots whatever `Silent=` says).
public struct SystemQuestion: Equatable, Sendable {
    /// The question, in the asker's words and language (one line).
    public var message = ""
    /// Where the answer goes: an `AF_UNIX` datagram socket.
    public var socket = ""
    /// The asking process: a question whose asker has gone is not asked.
    public var pid: Int32?
    /// The moment after which the asker stops waiting, in microseconds of `CLOCK_MONOTONIC`;
    /// nil when it waits for good (`NotAfter=0`).
    public var notAfter: UInt64?
    /// Whether what is typed is shown (`--echo=yes`): a name rather than a password.
    public var echo = false

    /// Why a file is not a question this agent can take.
    public enum Refusal: Error, Equatable, Sendable {
        case noAskSection
        case noSocket
        case socketElsewhere
        case noMessage
        case badNumber(key: String)
        case strangeOwner
        case writableByOthers
        case unreadable

        public var message: String {
            switch self {
            case .noAskSection: "it has no [Ask] section"
            case .noSocket: "it names no Socket="
            case .socketElsewhere: "its Socket= is not in the question's own directory"
            case .noMessage: "it has no Message="
            case .badNumber(let key): "its \(key)= is not a number"
            case .strangeOwner: "its owner is neither root nor this agent's user"
            case .writableByOthers: "others than its owner may write it"
            case .unreadable: "it cannot be read as a regular file"
            }
        }
    }

    /// The longest file read: the asker writes a message of one line and a few short keys.
    public static let fileLimit = 64 * 1024

    public init(message: String, socket: String, pid: Int32? = nil, notAfter: UInt64? = nil, echo: Bool = false) {
        self.message = message
        self.socket = socket
        self.pid = pid
        self.notAfter = notAfter
        self.echo = echo
    }

    /// The question in `bytes`, an ask file found in `directory`. Its socket must be in that
    /// same directory: an agent answering as root must not be steered into writing the
    /// password to some other program's socket.
    public init(file bytes: [UInt8], directory: String) throws(Refusal) {
        var inAsk = false, sawAsk = false, sawMessage = false
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let line = Self.trimmed(raw)
            guard let first = line.first, first != UInt8(ascii: "#"), first != UInt8(ascii: ";") else { continue }
            if first == UInt8(ascii: "[") {
                inAsk = line.elementsEqual("[Ask]".utf8)
                sawAsk = sawAsk || inAsk
                continue
            }
            guard inAsk, let equals = line.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let key = String(decoding: Self.trimmed(line[..<equals]), as: UTF8.self)
            let value = Self.trimmed(line[(equals + 1)...])
            let text = String(decoding: value, as: UTF8.self)
            switch key {
            case "Message": message = text; sawMessage = true
            case "Socket": socket = text
            case "Echo": echo = Self.isYes(text)
            case "PID":
                guard let number = Int32(text), number > 0 else { throw .badNumber(key: key) }
                pid = number
            case "NotAfter":
                guard let number = UInt64(text) else { throw .badNumber(key: key) }
                notAfter = number == 0 ? nil : number
            default: break
            }
        }
        guard sawAsk else { throw .noAskSection }
        guard sawMessage else { throw .noMessage }
        guard !socket.isEmpty else { throw .noSocket }
        guard Self.isDirectlyIn(directory, socket) else { throw .socketElsewhere }
    }

    /// Why a file with this owner and mode is not taken as a question for an agent running as
    /// `agent`; nil when it is. Only root and the agent's own user ask it: another user's file
    /// (dropped in a directory they may write) or one they could change while it is read would
    /// let them put words before the user, and name the socket the password goes to.
    public static func fileRefusal(owner: UInt32, mode: UInt32, agent: UInt32) -> Refusal? {
        guard owner == 0 || owner == agent else { return .strangeOwner }
        guard mode & 0o022 == 0 else { return .writableByOthers }
        return nil
    }

    /// Whether the asker still waits at `now` (microseconds of `CLOCK_MONOTONIC`).
    public func isWaiting(at now: UInt64) -> Bool {
        notAfter.map { now < $0 } ?? true
    }

    /// Whether `name` is a question's file, as the agents' specification names them.
    public static func isQuestionFile(_ name: String) -> Bool {
        name.hasPrefix("ask.") && name.utf8.count > 4 && !name.contains("/")
    }

    /// The dialog that asks it: what the message asks for (a PIN gets PIN boxes, a passphrase
    /// dots with a Show button), in the asker's words; shown as typed where the asker said so.
    public var dialog: DialogSpec {
        var kind = PromptKind(askpass: message, hint: .none)
        // Whatever its words, the asker waits for a password: never a yes or a no.
        if !kind.hasEntry { kind = .password }
        if case .hostKey = kind { kind = .password }
        var spec = DialogSpec(prompt: kind)
        // systemd's own questions in the user's language; any other in the asker's words.
        spec.description = CallerQuestion.described(message) ?? DialogSpec.label(message)
        if echo {
            spec.showsTyping = true
            spec.reveal = nil
        }
        return spec
    }

    /// "+" and the password follow it on the socket; this alone says the user declined.
    public static let declined: UInt8 = UInt8(ascii: "-")
    public static let answered: UInt8 = UInt8(ascii: "+")

    private static func isYes(_ text: String) -> Bool {
        ["1", "yes", "y", "true", "t", "on"].contains(PromptText.lowercased(text))
    }

    private static func isDirectlyIn(_ directory: String, _ path: String) -> Bool {
        var folder = directory
        while folder.hasSuffix("/") && folder.utf8.count > 1 { folder.removeLast() }
        let prefix = folder == "/" ? "/" : folder + "/"
        guard path.hasPrefix(prefix) else { return false }
        let name = path.dropFirst(prefix.count)
        return !name.isEmpty && !name.contains("/") && name != "." && name != ".."
    }

    private static func trimmed(_ bytes: some Collection<UInt8>) -> ArraySlice<UInt8> {
        let all = ArraySlice(bytes)
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }
        guard let start = all.firstIndex(where: { !blank($0) }), let end = all.lastIndex(where: { !blank($0) }) else {
            return []
        }
        return all[start...end]
    }
}
