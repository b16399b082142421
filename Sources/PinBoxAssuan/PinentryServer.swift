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
    public private(set) var options: PinentryOptions
    public private(set) var texts = DialogTexts()
    public let identity: PinentryIdentity
    var reader: LineReader<Source>
    /// Where the replies went (tests read their capture here).
    public private(set) var output: Sink
    /// A write failed: the client is gone, and the session ends.
    public private(set) var clientGone = false

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
        case .clearPassphrase: ok()
        case .getInfo: getInfo(arguments)
        case .getPin: getPin()
        case .confirm:
            if Self.contains(arguments, "--one-button") { message() } else { confirm() }
        case .message: message()
        }
        return false
    }

    // MARK: - OPTION, HELP, GETINFO

    /// libassuan's OPTION parsing (`name`, `name value`, `name=value`, `--name`), then pinentry's names.
    private func option(_ line: [UInt8]) {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        var i = 0
        while i < line.count && isSpace(line[i]) { i += 1 }
        guard i < line.count else { return reply(.optionArgumentRequired) }
        guard line[i] != 0x3D else { return reply(.optionNameMissing) }
        let keyStart = i
        while i < line.count && !isSpace(line[i]) && line[i] != 0x3D { i += 1 }
        var key = Array(line[keyStart..<i])
        while i < line.count && isSpace(line[i]) { i += 1 }
        if i < line.count && line[i] == 0x3D {
            i += 1
            while i < line.count && isSpace(line[i]) { i += 1 }
            guard i < line.count else { return reply(.optionValueExpected) }
        }
        var value = Array(line[i...])
        while let last = value.last, isSpace(last) { value.removeLast() }
        if key.count > 2 && key[0] == 0x2D && key[1] == 0x2D { key.removeFirst(2) }
        guard key.first != 0x2D else { return reply(.optionOneDash) }
        if options.apply(name: String(decoding: key, as: UTF8.self), value: value) {
            ok()
        } else {
            reply(.unknownOption)
        }
    }

    private func help(_ arguments: [UInt8]) {
        let nameEnd = arguments.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A } ?? arguments.count
        if nameEnd == 0 {
            for command in Command.all { writeLine("# " + command.usage) }
            return ok()
        }
        guard let command = Command(name: arguments[..<nameEnd]) else { return reply(.helpUnknownCommand) }
        writeLine("# " + command.usage)
        writeLine("# ")
        writeLine("# " + command.summary)
        ok()
    }

    private func getInfo(_ arguments: [UInt8]) {
        let answer: String
        switch String(decoding: arguments, as: UTF8.self) {
        case "version": answer = identity.version
        case "pid": answer = "\(identity.pid)"
        case "flavor": answer = identity.flavor
        case "ttyinfo": answer = ttyInfo()
        default: return reply(.parameter)
        }
        writeData(Array(answer.utf8))
        ok()
    }

    /// `<tty> <ttytype> <display> <tty mode/uid/gid> <euid>/<egid> <emacs>`, cut at 149 bytes
    /// like pinentry's buffer.
    private func ttyInfo() -> String {
        let device: String
        if let tty = options.ttyName, !tty.isEmpty {
            device = identity.deviceStatus?(tty) ?? "?"
        } else {
            device = "-"
        }
        let info = "\(options.ttyName ?? "-") \(options.ttyType ?? "-") \(options.display ?? "-") \(device) "
            + "\(geteuid())/\(getegid()) -"
        let bytes = Array(info.utf8)
        return bytes.count <= 149 ? info : String(decoding: bytes[..<149], as: UTF8.self)
    }

    // MARK: - Dialogs

    /// What the next GETPIN shows.
    public func pinRequest() -> PinRequest {
        let prompt = texts.prompt ?? options.defaultPrompt ?? "PIN:"
        let entry = EntryKind.classify(prompt: prompt, keyInfo: texts.keyInfo)
        return PinRequest(
            title: texts.title, description: texts.description, prompt: prompt, error: texts.error,
            okLabel: texts.ok ?? options.defaultOK ?? "_OK",
            cancelLabel: texts.cancel ?? options.defaultCancel ?? "_Cancel",
            repeatPrompt: texts.repeatPrompt.map {
                RepeatPrompt(prompt: $0, mismatchError: texts.repeatError ?? "does not match - try again",
                             matchText: texts.repeatOK)
            },
            qualityBar: texts.qualityBar.map { QualityBar(label: $0, tooltip: texts.qualityBarTooltip) },
            generatePinLabel: texts.generatePinLabel, generatePinTooltip: texts.generatePinTooltip,
            timeout: max(texts.timeout, 0), keyInfo: texts.keyInfo, entry: entry, limit: .of(entry),
            grab: options.grab)
    }

    /// What the next CONFIRM or MESSAGE shows.
    public func confirmRequest(isMessage: Bool) -> ConfirmRequest {
        ConfirmRequest(
            title: texts.title, description: texts.description, error: texts.error,
            okLabel: texts.ok ?? options.defaultOK ?? "_OK",
            cancelLabel: texts.cancel ?? options.defaultCancel ?? "_Cancel",
            notOKLabel: texts.notOK, isMessage: isMessage, timeout: max(texts.timeout, 0), grab: options.grab)
    }

    private func getPin() {
        let request = pinRequest()
        let quality = request.qualityBar == nil
            ? QualityCheck.disabled
            : QualityCheck(isEnabled: true) { passphrase in self.inquireQuality(passphrase) }
        let outcome = frontEnd.getPin(request, quality: quality)
        // One dialog only, as in pinentry.
        texts.error = nil
        texts.repeatPrompt = nil
        texts.qualityBar = nil
        switch outcome {
        case .pin(let secret, let repeated):
            if !secret.isEmpty {
                if repeated && request.repeatPrompt != nil { writeLine("S PIN_REPEATED") }
                let lines = secret.withBytes { DataLines.encode($0) }
                secret.wipe()
                lines.withBytes { write(UnsafeRawBufferPointer($0)) }
                lines.wipe()
            }
            secret.wipe()
            ok()
        case .cancelled: reply(.cancelled)
        case .closed:
            writeLine("S BUTTON_INFO close")
            reply(.cancelled)
        case .timedOut: timedOut()
        }
    }

    private func confirm() {
        let request = confirmRequest(isMessage: false)
        texts.qualityBar = nil
        let outcome = frontEnd.confirm(request)
        texts.error = nil
        switch outcome {
        case .ok: ok()
        case .notOK: reply(.notConfirmed)
        case .cancelled: reply(.cancelled)
        case .closed:
            writeLine("S BUTTON_INFO close")
            reply(.cancelled)
        case .timedOut: timedOut()
        }
    }

    private func message() {
        let request = confirmRequest(isMessage: true)
        texts.qualityBar = nil
        let outcome = frontEnd.message(request)
        texts.error = nil
        switch outcome {
        case .dismissed: ok()
        case .closed:
            writeLine("S BUTTON_INFO close")
            ok()
        case .timedOut: timedOut()
        }
    }

    /// pinentry reports a timeout as a status line naming the program, then the error.
    private func timedOut() {
        writeLine("S ERROR \(identity.statusName).? \(AssuanError.timeout.code) ")
        reply(.timeout)
    }

    // MARK: - INQUIRE QUALITY

    /// Sends `INQUIRE QUALITY <escaped>` and reads the agent's `D <n>` up to its END (or CAN or
    /// ERR). The line is built in a wiped buffer; comments and blank lines are skipped, as are
    /// further D lines. Returns the first number, clamped to -100…100.
    func inquireQuality(_ passphrase: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !clientGone, !reader.isFinished else { return nil }
        let prefix = "INQUIRE QUALITY "
        let sent = UnsafeBufferPointer(rebasing: passphrase.prefix(300))
        let line = SecretBuffer(capacity: prefix.utf8.count + 3 * sent.count + 1)
        for byte in prefix.utf8 { line.append(byte) }
        PercentCoding.appendQualityEscaped(sent, to: line)
        line.append(0x0A)
        line.withBytes { write(UnsafeRawBufferPointer($0)) }
        line.wipe()
        guard !clientGone else { return nil }

        var value: Int?
        var gotData = false
        while true {
            switch reader.next() {
            case .end: return nil
            case .tooLong: continue
            case .line(let answer):
                if answer.isEmpty || answer[0] == 0x23 { continue }
                if Self.isKeyword(answer, "END") || Self.isKeyword(answer, "CAN") || Self.isKeyword(answer, "ERR") {
                    return value
                }
                guard answer.count >= 3, answer[0] == 0x44, answer[1] == 0x20, !gotData else { continue }
                gotData = true
                value = PinentryOptions.leadingInteger(answer[2...]).map { min(max($0, -100), 100) }
            }
        }
    }

    /// strstr, as pinentry looks for `--one-button` anywhere in CONFIRM's line.
    private static func contains(_ line: [UInt8], _ word: String) -> Bool {
        let w = Array(word.utf8)
        guard line.count >= w.count else { return false }
        return (0...(line.count - w.count)).contains { line[$0..<($0 + w.count)].elementsEqual(w) }
    }

    private static func isKeyword(_ line: [UInt8], _ word: String) -> Bool {
        let w = Array(word.utf8)
        return line.starts(with: w) && (line.count == w.count || line[w.count] == 0x20)
    }

    // MARK: - Output

    private func ok() { writeLine("OK") }

    private func reply(_ error: AssuanError) { writeLine(error.line) }

    /// Non-secret data (GETINFO), escaped and wrapped like the PIN.
    private func writeData(_ bytes: [UInt8]) {
        let lines = DataLines.encode(bytes)
        lines.withBytes { write(UnsafeRawBufferPointer($0)) }
    }

    private func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { write($0) }
    }

    /// Every write goes here: after the first failure nothing more is attempted.
    private func write(_ bytes: UnsafeRawBufferPointer) {
        guard !clientGone else { return }
        if !output.write(bytes) { clientGone = true }
    }
}
