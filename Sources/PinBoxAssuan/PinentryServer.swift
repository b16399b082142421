// SPDX-License-Identifier: MIT
import CSystem
import PinBoxCore

/// The Assuan server side of a pinentry: reads the agent's commands, keeps the SET* texts and
/// the options, opens a dialog through `FrontEnd` for GETPIN, CONFIRM and MESSAGE, and answers
/// every line as pinentry 1.2 does (codes, wording and escaping checked against it).
///
///     let server = PinentryServer(frontEnd: dialogs, input: FileDescriptorSource(descriptor: 0),
///                                 output: FileDescriptorSink(descriptor: 1),
///                                 arguments: parsed, identity: PinentryIdentity(version: "1.0"))
///     _ = server.run()
public final class PinentryServer<FrontEnd: PinentryFrontEnd, Source: ByteSource, Sink: ByteSink> {
    public var frontEnd: FrontEnd
    public internal(set) var options: PinentryOptions
    public internal(set) var texts = DialogTexts()
    public let identity: PinentryIdentity
    var reader: LineReader<Source>
    /// Where the replies went (tests read their capture here).
    public internal(set) var output: Sink
    /// A write failed: the client is gone, and the session ends.
    public internal(set) var clientGone = false
    /// The password manager, when the binary has one (see `PinentryServer+PasswordManager.swift`).
    public var passwordStore: PasswordStore?
    /// The store was asked once already since the start or the last RESET, as pinentry asks it.
    var triedPasswordStore = false
    /// The user ticked "Save in password manager" in this session (until unticked or RESET).
    var savePasswordChosen = false

    public init(frontEnd: FrontEnd, input: Source, output: Sink, arguments: PinentryArguments = PinentryArguments(),
                identity: PinentryIdentity) {
        self.frontEnd = frontEnd
        self.reader = LineReader(source: input)
        self.output = output
        self.options = arguments.options
        self.identity = identity
        texts.timeout = arguments.timeout ?? 0
    }

    /// Greets, then answers commands until BYE, the end of the input or a failed write.
    public func run() -> SessionEnd {
        writeLine("OK Pleased to meet you" + (identity.greetingPid.map { ", process \($0)" } ?? ""))
        while !clientGone {
            switch reader.next() {
            case .end:
                return .endOfInput
            case .tooLong:
                reply(.lineTooLong)
            case .line(let line):
                if handle(line) { return clientGone ? .clientGone : .bye }
            }
        }
        return .clientGone
    }

    // MARK: - Dispatch

    /// Runs one line; true after BYE.
    func handle(_ raw: [UInt8]) -> Bool {
        // libassuan skips a line only when it has no bytes at all; one that starts with NUL is
        // an empty command name to it, answered as a syntax error (a client must not wait forever).
        if raw.first == 0 {
            reply(.leadingWhiteSpace)
            return false
        }
        // The C code sees the line as a string: it ends at a NUL.
        let line = raw.firstIndex(of: 0).map { Array(raw[..<$0]) } ?? raw
        if line.isEmpty || line[0] == 0x23 { return false }  // empty lines and # comments
        if line.count >= 2 && line[0] == 0x44 && line[1] == 0x20 {
            reply(.notImplemented)  // data outside an inquiry
            return false
        }
        let nameEnd = line.firstIndex { $0 == 0x20 || $0 == 0x09 } ?? line.count
        guard nameEnd > 0 else {
            reply(.leadingWhiteSpace)
            return false
        }
        var argumentStart = nameEnd
        while argumentStart < line.count && (line[argumentStart] == 0x20 || line[argumentStart] == 0x09) {
            argumentStart += 1
        }
        let arguments = Array(line[argumentStart...])
        guard let command = Command(name: line[..<nameEnd]) else {
            reply(.unknownCommand)
            return false
        }
        return run(command, arguments)
    }

    private func run(_ command: Command, _ arguments: [UInt8]) -> Bool {
        let text = PercentCoding.decodeText(arguments)
        switch command {
        case .nop: ok()
        case .cancel, .auth, .end: reply(.notImplemented)
        case .option: option(arguments)
        case .bye:
            writeLine("OK closing connection")
            return true
        case .reset:
            let timeout = texts.timeout
            texts = DialogTexts()
            texts.timeout = timeout
            triedPasswordStore = false
            savePasswordChosen = false
            ok()
        case .help: help(arguments)
        case .setDesc: texts.description = text; ok()
        case .setPrompt: texts.prompt = text; ok()
        case .setKeyInfo:
            texts.keyInfo = arguments.isEmpty || arguments == Array("--clear".utf8) ? nil : KeyInfo(arguments)
            ok()
        case .setRepeat: texts.repeatPrompt = text; ok()
        case .setRepeatError: texts.repeatError = text; ok()
        case .setRepeatOK: texts.repeatOK = text; ok()
        case .setError: texts.error = text; ok()
        case .setOK: texts.ok = text; ok()
        case .setNotOK: texts.notOK = text; ok()
        case .setCancel: texts.cancel = text; ok()
        case .setTitle: texts.title = text; ok()
        case .setQualityBar: texts.qualityBar = arguments.isEmpty ? "Quality:" : text; ok()
        case .setQualityBarTooltip: texts.qualityBarTooltip = arguments.isEmpty ? nil : text; ok()
        case .setGenPin: texts.generatePinLabel = arguments.isEmpty ? nil : text; ok()
        case .setGenPinTooltip: texts.generatePinTooltip = arguments.isEmpty ? nil : text; ok()
        case .setTimeout:
            if !arguments.isEmpty { texts.timeout = PinentryOptions.leadingInteger(arguments) ?? 0 }
            ok()
        case .clearPassphrase: clearPassphrase(arguments)
        case .getInfo: getInfo(arguments)
        case .getPin: getPin()
        case .confirm:
            if Self.contains(arguments, "--one-button") { message(oneButton: true) } else { confirm() }
        case .message: message()
        }
        return false
    }

    // MARK: - Output

    func ok() { writeLine("OK") }

    func reply(_ error: AssuanError) { writeLine(error.line) }

    /// Non-secret data (GETINFO), escaped and wrapped like the PIN.
    func writeData(_ bytes: [UInt8]) {
        let lines = DataLines.encode(bytes)
        lines.withBytes { write(UnsafeRawBufferPointer($0)) }
    }

    func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { write($0) }
    }

    /// Every write goes here: after the first failure nothing more is attempted.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard !clientGone else { return }
        if !output.write(bytes) { clientGone = true }
    }
}
